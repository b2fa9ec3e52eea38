// NVIC registers (Arm DDI 0553, B12 "Nested Vectored Interrupt Controller"): 0xE000E100..
// Words for interrupts the configuration does not implement are RAZ/WI, as the architecture says
// for unimplemented interrupt lines.
#include "cpu/exceptions/exception_unit.h"
#include "cpu/scs/scb_registers.h"

namespace corsim::cpu::scs {

void add_nvic_registers(memory::RegisterBank& bank, ExceptionUnit& exc) {
  ExceptionUnit* e = &exc;
  // Sixteen words per bit array cover the architectural maximum of 496 interrupts.
  for (unsigned w = 0; w < 16; ++w) {
    auto bits = [e, w](auto test) {
      uint32_t v = 0;
      for (unsigned b = 0; b < 32; ++b)
        if (test(32 * w + b)) v |= 1u << b;
      return v;
    };
    auto for_set_bits = [e, w](uint32_t v, auto act) {
      for (unsigned b = 0; b < 32; ++b)
        if ((v >> b) & 1u) act(32 * w + b);
    };
    auto enabled = [bits, e] { return bits([e](unsigned irq) { return e->irq_enabled(irq); }); };
    auto pending = [bits, e] { return bits([e](unsigned irq) { return e->is_pending(kExcExternal0 + irq); }); };
    bank.add(0xE100 + 4 * w, "NVIC_ISER", enabled, [e, for_set_bits](uint32_t v, uint32_t lanes) {
      for_set_bits(v & lanes, [e](unsigned irq) { e->set_irq_enabled(irq, true); });
    });
    bank.add(0xE180 + 4 * w, "NVIC_ICER", enabled, [e, for_set_bits](uint32_t v, uint32_t lanes) {
      for_set_bits(v & lanes, [e](unsigned irq) { e->set_irq_enabled(irq, false); });
    });
    bank.add(0xE200 + 4 * w, "NVIC_ISPR", pending, [e, for_set_bits](uint32_t v, uint32_t lanes) {
      for_set_bits(v & lanes, [e](unsigned irq) { if (irq < e->num_irqs()) e->set_pending(kExcExternal0 + irq, true); });
    });
    bank.add(0xE280 + 4 * w, "NVIC_ICPR", pending, [e, for_set_bits](uint32_t v, uint32_t lanes) {
      for_set_bits(v & lanes, [e](unsigned irq) { if (irq < e->num_irqs()) e->set_pending(kExcExternal0 + irq, false); });
    });
    bank.add(0xE300 + 4 * w, "NVIC_IABR",
             [bits, e] { return bits([e](unsigned irq) { return e->is_active(kExcExternal0 + irq); }); }, nullptr);
    // ITNS: storage (corsim takes every exception in Secure state, see exception_unit.h).
    bank.add(0xE380 + 4 * w, "NVIC_ITNS",
             [bits, e] { return bits([e](unsigned irq) { return e->irq_targets_ns(irq); }); },
             [e, w](uint32_t v, uint32_t lanes) {
               for (unsigned b = 0; b < 32; ++b)
                 if ((lanes >> b) & 1u) e->set_irq_targets_ns(32 * w + b, (v >> b) & 1u);
             });
  }
  // IPR: one byte per interrupt, byte-accessible; only the implemented high bits are kept.
  for (unsigned w = 0; w < 124; ++w) {
    bank.add(0xE400 + 4 * w, "NVIC_IPR",
             [e, w] {
               uint32_t v = 0;
               for (unsigned b = 0; b < 4; ++b) v |= uint32_t{e->raw_priority(kExcExternal0 + 4 * w + b)} << (8 * b);
               return v;
             },
             [e, w](uint32_t v, uint32_t lanes) {
               for (unsigned b = 0; b < 4; ++b)
                 if ((lanes >> (8 * b)) & 0xFF) e->set_raw_priority(kExcExternal0 + 4 * w + b, (v >> (8 * b)) & 0xFF);
             });
  }
}

}  // namespace corsim::cpu::scs
