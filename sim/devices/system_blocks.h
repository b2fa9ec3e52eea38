#pragma once
// SSE-300 and MPS3 system blocks that firmware reads at boot: SYSINFO (0x4802_0000), SYSCTRL
// (0x5802_1000, secure only), the MPS3 SCC (0x4930_0000), and a stub for blocks corsim does not
// model (PPUs, MPC/PPC configuration, watchdogs, GPIO, I2C/SPI): reads as zero, writes ignored,
// each offset reported once, as QEMU's "unimplemented device" regions behave.
#include <cstdint>

#include "memory/register_bank.h"

namespace corsim::sim {

// SSE-300 SYSINFO: SYS_VERSION, SYS_CONFIG, SYS_CONFIG1, IIDR and ID registers (values as QEMU's
// mps3-an547 model reports them; SYS_CONFIG: 2 SRAM banks, 21 address bits, CPU0 = Cortex-M55).
class SseSysInfo final : public memory::RegisterTarget {
 public:
  SseSysInfo();
  static constexpr uint32_t kSysVersion = 0x7E00043B, kSysConfig = 0x00030152, kIidr = 0x74A0043B;
};

// SSE-300 SYSCTRL (secure): clock, reset and power registers held as storage. A SWRESET request
// is reported (corsim does not reset the system from there).
class SseSysCtrl final : public memory::RegisterTarget {
 public:
  explicit SseSysCtrl(uint32_t initial_svtor);

 private:
  uint32_t secdbg_ = 0, scsecctrl_ = 0, clk_cfg0_ = 0, clk_cfg1_ = 0, clock_force_ = 0;
  uint32_t reset_syndrome_ = 1, reset_mask_ = 0, gretreg_ = 0, initsvtor0_ = 0, cpuwait_ = 0, nmi_enable_ = 0;
  uint32_t pwrctrl_ = 0;
};

// MPS3 serial communication controller: CFG registers as storage, CFGSTAT always done, SCC_ID.
class Mps3Scc final : public memory::RegisterTarget {
 public:
  explicit Mps3Scc(uint32_t scc_id = 0x41055470);  // AN547 (QEMU mps3-an547 scc_id)

 private:
  uint32_t cfg_[7] = {};
  uint32_t cfgdata_out_ = 0, cfgctrl_ = 0;
};

// A block corsim does not model: every register reads as zero and ignores writes; each offset is
// reported once.
class StubDevice final : public memory::RegisterTarget {
 public:
  explicit StubDevice(std::string name) : memory::RegisterTarget(std::move(name)) {}
};

}  // namespace corsim::sim
