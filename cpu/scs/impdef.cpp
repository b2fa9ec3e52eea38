#include "cpu/scs/impdef.h"

namespace corsim::cpu::scs {

void ImplementationDefined::reset() {
  *this = ImplementationDefined{};
  itcmcr_ = dtcmcr_ = 0x51;
}

void ImplementationDefined::add_registers(memory::RegisterBank& bank) {
  bank.add_storage(kBase + 0x000, "MSCR", mscr_);
  bank.add_storage(kBase + 0x004, "PFCR", pfcr_);
  bank.add_storage(kBase + 0x010, "ITCMCR", itcmcr_);
  bank.add_storage(kBase + 0x014, "DTCMCR", dtcmcr_);
  bank.add_storage(kBase + 0x018, "PAHBCR", pahbcr_);
  bank.add_storage(kBase + 0x300, "CPDLPSTATE", cpdlpstate_);
  bank.add_storage(kBase + 0x304, "DPDLPSTATE", dpdlpstate_);
  bank.add_storage(kBase + 0x500, "ITGU_CTRL", itgu_ctrl_);
  bank.add_const(kBase + 0x504, "ITGU_CFG", 0);
  bank.add_storage(kBase + 0x600, "DTGU_CTRL", dtgu_ctrl_);
  bank.add_const(kBase + 0x604, "DTGU_CFG", 0);
  for (unsigned i = 0; i < 16; ++i) {
    bank.add_storage(kBase + 0x510 + 4 * i, "ITGU_LUT", itgu_lut_[i]);
    bank.add_storage(kBase + 0x610 + 4 * i, "DTGU_LUT", dtgu_lut_[i]);
  }
}

}  // namespace corsim::cpu::scs
