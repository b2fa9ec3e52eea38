#include "cpu/scs/system_control_space.h"

#include <spdlog/spdlog.h>

#include "cpu/exceptions/exception_unit.h"
#include "cpu/scs/scb_registers.h"

namespace corsim::cpu::scs {

SystemControlSpace::SystemControlSpace(ExceptionUnit& exceptions, const TimeSource& time, ItmSink* itm,
                                       const InstructionCounter* instructions)
    : exceptions_(exceptions),
      itm_(itm),
      dwt_(time, exceptions.regs()),
      pmu_(time, exceptions.regs(), instructions),
      systick_(exceptions, time) {
  itm_.add_registers(itm_bank_);
  dwt_.add_registers(dwt_bank_);
  pmu_.add_registers(pmu_bank_);
  systick_.add_registers(systick_bank_);
  mpu_sau_.add_registers(mpu_bank_);
  add_nvic_registers(scs_bank_, exceptions);
  add_scb_registers(scs_bank_, exceptions,
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
  impdef_.add_registers(impdef_bank_);
  exceptions.set_tt_query([this](uint32_t address, bool unpriv, bool alt) {
    return mpu_sau_.tt_response(address, exceptions_.state().secure, unpriv, alt);
  });
  reset();
}

SystemControlSpace::~SystemControlSpace() { exceptions_.set_tt_query(nullptr); }

void SystemControlSpace::reset() {
  itm_.reset();
  dwt_.reset();
  pmu_.reset();
  systick_.reset();
  mpu_sau_.reset();
  impdef_.reset();
}

RegisterBank* SystemControlSpace::bank_for(uint32_t offset) {
  if (offset < 0x1000) return &itm_bank_;
  if (offset < 0x2000) return &dwt_bank_;
  if (offset >= 0x3000 && offset < 0x4000) return &pmu_bank_;
  if (offset >= 0xE010 && offset < 0xE100) return &systick_bank_;
  if (offset >= 0xED90 && offset < 0xEDF0) return &mpu_bank_;
  if (offset >= 0xE000 && offset < 0xF000) return &scs_bank_;
  if (offset >= 0x1E000 && offset < 0x1F000) return &impdef_bank_;
  return nullptr;  // FPB, TPIU, ROM table, the Non-secure alias 0xE002xxxx: RAZ/WI
}

void SystemControlSpace::report_unknown(uint32_t offset, bool is_write) {
  const uint64_t key = (uint64_t{offset} << 1) | (is_write ? 1u : 0u);
  if (!reported_.insert(key).second) return;
  // The Non-secure alias is expected to be probed; it is RAZ/WI by design, not worth a warning.
  if (offset >= 0x20000 && offset < 0x30000) return;
  spdlog::warn("PPB: {} of unimplemented register at 0x{:08X}: {}", is_write ? "write" : "read",
               kBaseAddress + offset, is_write ? "ignored" : "reads as zero");
}

memory::BusResponse SystemControlSpace::read(uint32_t offset, unsigned size, uint32_t& value,
                                             const memory::AccessAttrs& attrs) {
  value = 0;
  const bool itm_port = offset < 0x80;
  if (!attrs.privileged && !itm_port) return {memory::BusStatus::SlaveError, 0};
  RegisterBank* bank = bank_for(offset);
  if (bank == nullptr || !bank->read(offset, size, value)) report_unknown(offset & ~3u, false);
  return {};
}

memory::BusResponse SystemControlSpace::write(uint32_t offset, unsigned size, uint32_t value,
                                              const memory::AccessAttrs& attrs) {
  const bool itm_port = offset < 0x80;
  const bool stir = (offset & ~3u) == 0xEF00 && (exceptions_.regs().ccr[1] & ccr::kUsersetmpend);
  if (!attrs.privileged && !itm_port && !stir) return {memory::BusStatus::SlaveError, 0};
  RegisterBank* bank = bank_for(offset);
  if (bank == nullptr || !bank->write(offset, size, value)) report_unknown(offset & ~3u, true);
  return {};
}

}  // namespace corsim::cpu::scs
