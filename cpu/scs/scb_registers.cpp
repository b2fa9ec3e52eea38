// SCB, DCB, STIR, FPU control, cache maintenance and the ID registers (Arm DDI 0553 B3/D1).
#include <array>

#include "cpu/exceptions/exception_unit.h"
#include "cpu/scs/scb_registers.h"

namespace corsim::cpu::scs {

namespace {

// ICSR bits (v8-M layout).
constexpr uint32_t kIcsrRettobase = 1u << 11, kIcsrIsrpending = 1u << 22, kIcsrPendstclr = 1u << 25,
                   kIcsrPendstset = 1u << 26, kIcsrPendsvclr = 1u << 27, kIcsrPendsvset = 1u << 28,
                   kIcsrPendnmiclr = 1u << 30, kIcsrPendnmiset = 1u << 31;

// Cortex-M55 with 32 KiB 2-way I-cache and 32 KiB 4-way D-cache, 32-byte lines (CLIDR: L1 separate
// I and D, LoUU = LoC = 1). Caches are a timing model only (memory/timing); these are its defaults.
constexpr uint32_t kClidr = 0x0900'0003u;
constexpr uint32_t kCtr = 0x8303'C003u;

struct IdRegister {
  uint32_t offset;
  const char* name;
  uint32_t value;
};
constexpr std::array<IdRegister, 14> kIdRegisters{{
    {0xED40, "ID_PFR0", 0x2000'0030u}, {0xED44, "ID_PFR1", 0x0000'0230u}, {0xED48, "ID_DFR0", 0x1020'0000u},
    {0xED4C, "ID_AFR0", 0x0000'0000u}, {0xED50, "ID_MMFR0", 0x0011'1040u}, {0xED54, "ID_MMFR1", 0x0000'0000u},
    {0xED58, "ID_MMFR2", 0x0100'0000u}, {0xED5C, "ID_MMFR3", 0x0000'0011u}, {0xED60, "ID_ISAR0", 0x0110'3110u},
    {0xED64, "ID_ISAR1", 0x0221'2000u}, {0xED68, "ID_ISAR2", 0x2023'2232u}, {0xED6C, "ID_ISAR3", 0x0111'1131u},
    {0xED70, "ID_ISAR4", 0x0131'0132u}, {0xED74, "ID_ISAR5", 0x0000'0000u},
}};

// Exceptions 8, 9, 10 and 13 are reserved: their SHPR bytes are RAZ/WI.
bool has_shpr_byte(uint32_t exc) { return exc >= 4 && exc <= 15 && exc != 8 && exc != 9 && exc != 10 && exc != 13; }

}  // namespace

void add_scb_registers(memory::RegisterBank& bank, ExceptionUnit& exc, ScbHooks hooks) {
  ExceptionUnit* e = &exc;
  SystemRegisters& r = exc.regs();
  SystemRegisters* regs = &r;

  // 0xE000E000 block: ICTR (INTLINESNUM = lines/32 - 1), ACTLR and CPPWR as storage.
  bank.add_const(0xE004, "ICTR", (exc.num_irqs() + 31) / 32 - 1);
  bank.add_storage(0xE008, "ACTLR", r.actlr);
  bank.add_storage(0xE00C, "CPPWR", r.cppwr, 0x00F0'0000u);  // SU10/SUS10, SU11/SUS11
  bank.add_const(0xED00, "CPUID", exc.config().model == CoreModel::CortexM85 ? kCpuidCortexM85 : kCpuidCortexM55);

  bank.add(0xED04, "ICSR",
           [e] {
             uint32_t v = e->state().ipsr & 0x1FF;  // VECTACTIVE
             if (e->rettobase()) v |= kIcsrRettobase;
             v |= (e->vect_pending() & 0x1FF) << 12;
             if (e->isr_pending()) v |= kIcsrIsrpending;
             if (e->is_pending(kExcSysTick)) v |= kIcsrPendstset;
             if (e->is_pending(kExcPendSv)) v |= kIcsrPendsvset;
             if (e->is_pending(kExcNmi)) v |= kIcsrPendnmiset;
             return v;
           },
           [e](uint32_t v, uint32_t lanes) {
             v &= lanes;
             if (v & kIcsrPendnmiset) e->set_pending(kExcNmi, true);
             else if (v & kIcsrPendnmiclr) e->set_pending(kExcNmi, false);
             // Writing both SET and CLR bits is UNPREDICTABLE; corsim lets SET win.
             if (v & kIcsrPendsvset) e->set_pending(kExcPendSv, true);
             else if (v & kIcsrPendsvclr) e->set_pending(kExcPendSv, false);
             if (v & kIcsrPendstset) e->set_pending(kExcSysTick, true);
             else if (v & kIcsrPendstclr) e->set_pending(kExcSysTick, false);
           });
  bank.add_storage(0xED08, "VTOR", r.vtor[1], 0xFFFF'FF80u);
  bank.add(0xED0C, "AIRCR",
           [regs] {
             return 0xFA05'0000u | (regs->pris ? 1u << 14 : 0u) | (regs->bfhfnmins ? 1u << 13 : 0u) |
                    (regs->prigroup << 8) | (regs->sysresetreqs ? 1u << 3 : 0u);
           },
           [e, regs](uint32_t v, uint32_t lanes) {
             if (lanes != 0xFFFF'FFFFu || (v >> 16) != 0x05FA) return;  // VECTKEY required
             regs->prigroup = (v >> 8) & 7u;
             regs->pris = (v >> 14) & 1u;
             // BFHFNMINS stays 0: corsim keeps BusFault, HardFault and NMI Secure (RAZ/WI here).
             regs->sysresetreqs = (v >> 3) & 1u;
             e->request_check();
             if (v & (1u << 2)) e->request_system_reset();  // SYSRESETREQ
           });
  bank.add_storage(0xED10, "SCR", r.scr[1], 0x1Eu);  // SLEEPONEXIT, SLEEPDEEP, SLEEPDEEPS, SEVONPEND
  bank.add(0xED14, "CCR", [regs] { return regs->ccr[1]; },
           [regs, hook = hooks.ccr_written](uint32_t v, uint32_t lanes) {
             regs->ccr[1] = memory::merge_lanes(regs->ccr[1], v, lanes & ccr::kWritable) | ccr::kReset;
             if (hook) hook(regs->ccr[1]);
           });
  for (unsigned w = 0; w < 3; ++w) {
    const uint32_t first = 4 + 4 * w;
    bank.add(0xED18 + 4 * w, w == 0 ? "SHPR1" : (w == 1 ? "SHPR2" : "SHPR3"),
             [e, first] {
               uint32_t v = 0;
               for (unsigned b = 0; b < 4; ++b)
                 if (has_shpr_byte(first + b)) v |= uint32_t{e->raw_priority(first + b)} << (8 * b);
               return v;
             },
             [e, first](uint32_t v, uint32_t lanes) {
               for (unsigned b = 0; b < 4; ++b)
                 if (((lanes >> (8 * b)) & 0xFF) && has_shpr_byte(first + b))
                   e->set_raw_priority(first + b, (v >> (8 * b)) & 0xFF);
             });
  }
  // SHCSR: active and pended bits are views of the exception state (writable, as the Arm ARM
  // allows, for context switching); the fault enables are stored.
  struct ShcsrBit { uint32_t bit; uint32_t exc; bool active; };
  static constexpr std::array<ShcsrBit, 16> kShcsr{{
      {shcsr::kMemFaultAct, kExcMemManage, true}, {shcsr::kBusFaultAct, kExcBusFault, true},
      {shcsr::kHardFaultAct, kExcHardFault, true}, {shcsr::kUsgFaultAct, kExcUsageFault, true},
      {shcsr::kSecureFaultAct, kExcSecureFault, true}, {shcsr::kNmiAct, kExcNmi, true},
      {shcsr::kSvcallAct, kExcSvCall, true}, {shcsr::kMonitorAct, kExcDebugMonitor, true},
      {shcsr::kPendSvAct, kExcPendSv, true}, {shcsr::kSysTickAct, kExcSysTick, true},
      {shcsr::kUsgFaultPended, kExcUsageFault, false}, {shcsr::kMemFaultPended, kExcMemManage, false},
      {shcsr::kBusFaultPended, kExcBusFault, false}, {shcsr::kSvcallPended, kExcSvCall, false},
      {shcsr::kSecureFaultPended, kExcSecureFault, false}, {shcsr::kHardFaultPended, kExcHardFault, false},
  }};
  constexpr uint32_t kEnables = shcsr::kMemFaultEna | shcsr::kBusFaultEna | shcsr::kUsgFaultEna | shcsr::kSecureFaultEna;
  bank.add(0xED24, "SHCSR",
           [e, regs] {
             uint32_t v = regs->fault_enables & kEnables;
             for (const ShcsrBit& b : kShcsr)
               if (b.active ? e->is_active(b.exc) : e->is_pending(b.exc)) v |= b.bit;
             return v;
           },
           [e, regs](uint32_t v, uint32_t lanes) {
             regs->fault_enables = memory::merge_lanes(regs->fault_enables, v, lanes & kEnables);
             for (const ShcsrBit& b : kShcsr) {
               if (!(lanes & b.bit)) continue;
               // NMIACT and HARDFAULTACT are read-only from software.
               if (b.active && (b.exc == kExcNmi || b.exc == kExcHardFault)) continue;
               const bool on = (v & b.bit) != 0;
               b.active ? e->set_active(b.exc, on) : e->set_pending(b.exc, on);
             }
             e->request_check();
           });
  auto w1c = [](uint32_t& reg, uint32_t mask) {
    return [&reg, mask](uint32_t v, uint32_t lanes) { reg &= ~(v & lanes & mask); };
  };
  // Storage whose value ExecuteFPCheck reads: a write forgets the check's remembered answer.
  auto fp_check_input = [e](uint32_t& reg, uint32_t writable) {
    return [e, &reg, writable](uint32_t v, uint32_t lanes) {
      reg = memory::merge_lanes(reg, v, lanes & writable);
      e->state().forget_fp_check();
    };
  };
  bank.add(0xED28, "CFSR", [regs] { return regs->cfsr; }, w1c(r.cfsr, cfsr::kWritableMask));
  bank.add(0xED2C, "HFSR", [regs] { return regs->hfsr; }, w1c(r.hfsr, hfsr::kVecttbl | hfsr::kForced | hfsr::kDebugevt));
  bank.add(0xED30, "DFSR", [regs] { return regs->dfsr; }, w1c(r.dfsr, 0x3Fu));
  bank.add_storage(0xED34, "MMFAR", r.mmfar);
  bank.add_storage(0xED38, "BFAR", r.bfar);
  bank.add_storage(0xED3C, "AFSR", r.afsr, 0);
  // ID_ISAR5.PACBTI [23:20] = 0b0001 on a core with the PACBTI extension (docs/cpu.md "PACBTI").
  constexpr uint32_t kIsar5Pacbti = 0x0010'0000u;
  for (const IdRegister& id : kIdRegisters)
    bank.add_const(id.offset, id.name, id.offset == 0xED74 && exc.config().pacbti ? id.value | kIsar5Pacbti : id.value);
  bank.add_const(0xED78, "CLIDR", kClidr);
  bank.add_const(0xED7C, "CTR", kCtr);
  // CSSELR: level 1 only (Level [3:1] RAZ/WI), InD bit 0 selects the instruction cache.
  bank.add(0xED80, "CCSIDR",
           [regs, hook = hooks.ccsidr] {
             const bool instr = (regs->csselr & 1u) != 0;
             if (hook) return hook(instr);
             return instr ? kCcsidrInstr : kCcsidrData;
           },
           nullptr);
  bank.add_storage(0xED84, "CSSELR", r.csselr, 1u);
  // CPACR: CP10 [21:20] and CP11 [23:22] (FPU and MVE); no other coprocessors exist.
  const bool has_fp = exc.config().has_fpu || exc.config().has_mve;
  // Both are inputs of ExecuteFPCheck: a write makes the next FP instruction check in full
  // (cpu/isa/fp_check.h).
  bank.add(0xED88, "CPACR", [regs] { return regs->cpacr; }, fp_check_input(regs->cpacr, has_fp ? 0x00F0'0000u : 0u));
  bank.add(0xED8C, "NSACR", [regs] { return regs->nsacr; }, fp_check_input(regs->nsacr, has_fp ? 0x0000'0C00u : 0u));

  // Debug Control Block. No debugger is attached: DHCSR reads 0 and ignores writes; DEMCR keeps
  // TRCENA (bit 24) and the monitor/vector-catch bits.
  bank.add_const(0xEDF0, "DHCSR", 0);
  bank.add(0xEDF4, "DCRSR", nullptr, [](uint32_t, uint32_t) {});
  bank.add_const(0xEDF8, "DCRDR", 0);
  bank.add(0xEDFC, "DEMCR", [regs] { return regs->demcr; },
           [regs, hooks](uint32_t v, uint32_t lanes) {
             if (hooks.settle_counters) hooks.settle_counters();
             regs->demcr = memory::merge_lanes(regs->demcr, v, lanes & 0x010F'0FF1u);
             if (hooks.settle_counters) hooks.settle_counters();  // start counting from now
           });
  bank.add_const(0xEE04, "DAUTHCTRL", 0);
  bank.add_const(0xEE08, "DSCSR", 0);

  // STIR: software-triggered interrupt; unprivileged use needs CCR.USERSETMPEND (checked by the
  // SCS front end).
  bank.add(0xEF00, "STIR", nullptr, [e](uint32_t v, uint32_t lanes) {
    const uint32_t irq = v & lanes & 0x1FF;
    if (irq < e->num_irqs()) e->set_pending(kExcExternal0 + irq, true);
  });

  // FPU control: storage (lazy FP state preservation is issue 3).
  bank.add(0xEF34, "FPCCR", [regs] { return regs->fpccr; }, fp_check_input(regs->fpccr, 0xFC00'07FFu));
  bank.add_storage(0xEF38, "FPCAR", r.fpcar, 0xFFFF'FFF8u);
  bank.add_storage(0xEF3C, "FPDSCR", r.fpdscr, 0x07C8'0000u);  // AHP, DN, FZ, RMode, FZ16
  bank.add_const(0xEF40, "MVFR0", 0x1011'0221u);
  bank.add_const(0xEF44, "MVFR1", 0x1210'0211u);
  bank.add_const(0xEF48, "MVFR2", 0x0000'0040u);

  // Cache maintenance by address or set/way: functionally no-ops (memory is always coherent);
  // the memory-system timing model sees them through hooks.cache_maintenance.
  struct CacheOp { uint32_t offset; const char* name; };
  static constexpr std::array<CacheOp, 10> kCacheOps{{
      {0xEF50, "ICIALLU"}, {0xEF58, "ICIMVAU"}, {0xEF5C, "DCIMVAC"}, {0xEF60, "DCISW"}, {0xEF64, "DCCMVAU"},
      {0xEF68, "DCCMVAC"}, {0xEF6C, "DCCSW"}, {0xEF70, "DCCIMVAC"}, {0xEF74, "DCCISW"}, {0xEF78, "BPIALL"},
  }};
  for (unsigned i = 0; i < kCacheOps.size(); ++i) {
    bank.add(kCacheOps[i].offset, kCacheOps[i].name, nullptr, [i, hook = hooks.cache_maintenance](uint32_t v, uint32_t) {
      if (hook) hook(i, v);
    });
  }
}

}  // namespace corsim::cpu::scs
