#include "cpu/scs/system_control_space.h"

#include "cpu/exceptions/exception_unit.h"
#include "cpu/scs/scb_registers.h"

namespace corsim::cpu::scs {

SystemControlSpace::SystemControlSpace(ExceptionUnit& exceptions, const TimeSource& time, ItmSink* itm,
                                       const InstructionCounter* instructions)
    : exceptions_(exceptions),
      itm_(itm),
      dwt_(time, exceptions.regs()),
      pmu_(time, exceptions.regs(), instructions),
      systick_(exceptions, time),
      bank_("PPB", memory::ByteLanes::Strobed, memory::UnknownAccess::RazWi) {
  // The Non-secure alias is expected to be probed; it is RAZ/WI by design, not worth a warning.
  bank_.set_unknown(0x20000, 0x30000, memory::UnknownAccess::RazWiQuiet);
  itm_.add_registers(bank_);
  dwt_.add_registers(bank_);
  fpb_.add_registers(bank_);
  pmu_.add_registers(bank_);
  systick_.add_registers(bank_);
  mpu_sau_.add_registers(bank_);
  add_nvic_registers(bank_, exceptions);
  add_scb_registers(bank_, exceptions,
                    ScbHooks{[this] {
                               dwt_.settle();
                               pmu_.settle();
                             },
                             [this](uint32_t ccr) {
                               if (ccr_written_) ccr_written_(ccr);
                             },
                             [this](unsigned op, uint32_t v) {
                               if (cache_maintenance_) cache_maintenance_(op, v);
                             },
                             [this](bool instr) -> uint32_t {
                               if (ccsidr_) return ccsidr_(instr);
                               return instr ? kCcsidrInstr : kCcsidrData;
                             }});
  impdef_.add_registers(bank_);
  exceptions.set_tt_query([this](uint32_t address, bool unpriv, bool alt) {
    return mpu_sau_.tt_response(address, exceptions_.state().secure, unpriv, alt);
  });
  reset();
}

SystemControlSpace::~SystemControlSpace() { exceptions_.set_tt_query(nullptr); }

void SystemControlSpace::reset() {
  itm_.reset();
  dwt_.reset();
  fpb_.reset();
  pmu_.reset();
  systick_.reset();
  mpu_sau_.reset();
  impdef_.reset();
}

memory::BusResponse SystemControlSpace::read(uint32_t offset, unsigned size, uint32_t& value,
                                             const memory::AccessAttrs& attrs) {
  value = 0;
  const bool itm_port = offset < 0x80;
  if (!attrs.privileged && !itm_port) return {memory::BusStatus::SlaveError, 0};
  return bank_.read(offset, size, value);
}

memory::BusResponse SystemControlSpace::write(uint32_t offset, unsigned size, uint32_t value,
                                              const memory::AccessAttrs& attrs) {
  const bool itm_port = offset < 0x80;
  const bool stir = (offset & ~3u) == 0xEF00 && (exceptions_.regs().ccr[1] & ccr::kUsersetmpend);
  if (!attrs.privileged && !itm_port && !stir) return {memory::BusStatus::SlaveError, 0};
  return bank_.write(offset, size, value);
}

}  // namespace corsim::cpu::scs
