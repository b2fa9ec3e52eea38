#pragma once
// The Cortex-M55 implementation-defined block at 0xE001E000 (memory system and TCM control,
// TCM gate units) and the power-mode control registers at 0xE001E300, as storage. Firmware
// built for the FVP writes some of them at boot; nothing in corsim acts on them.
//
// Reset values: 0, except ITCMCR/DTCMCR = 0x51 (EN = 1, SZ = 0b1010 = 512 KiB, the Corstone-300
// TCM size; SZ encoded as 2^(SZ-1) KiB as on the Cortex-M7, unverified for the M55). The exact
// FVP reset values of MSCR, PFCR and the LPSTATE registers are not public to us.
#include <array>
#include <cstdint>

#include "memory/register_bank.h"

namespace corsim::cpu::scs {

class ImplementationDefined {
 public:
  static constexpr uint32_t kBase = 0x1E000;  // PPB offset of 0xE001E000
  void reset();
  void add_registers(memory::RegisterBank& bank);

 private:
  uint32_t mscr_ = 0, pfcr_ = 0, itcmcr_ = 0, dtcmcr_ = 0, pahbcr_ = 0;
  uint32_t cpdlpstate_ = 0, dpdlpstate_ = 0;
  uint32_t itgu_ctrl_ = 0, dtgu_ctrl_ = 0;
  std::array<uint32_t, 16> itgu_lut_{}, dtgu_lut_{};
};

}  // namespace corsim::cpu::scs
