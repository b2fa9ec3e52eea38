#include "sim/devices/system_blocks.h"

#include <spdlog/spdlog.h>

namespace corsim::sim {

namespace {
constexpr uint8_t kSysInfoIds[12] = {0x04, 0x00, 0x00, 0x00, 0x58, 0xB8, 0x1B, 0x00, 0x0D, 0xF0, 0x05, 0xB1};
}

SseSysInfo::SseSysInfo() : memory::RegisterTarget("sse-sysinfo") {
  registers().add_const(0x000, "SYS_VERSION", kSysVersion);
  registers().add_const(0x004, "SYS_CONFIG", kSysConfig);
  registers().add_const(0x008, "SYS_CONFIG1", 0);
  registers().add_const(0xFC8, "IIDR", kIidr);
  registers().add_id_registers(kSysInfoIds);
}

SseSysCtrl::SseSysCtrl(uint32_t initial_svtor) : memory::RegisterTarget("sse-sysctrl"), initsvtor0_(initial_svtor) {
  registers().add(0x000, "SECDBGSTAT", [this] { return secdbg_; }, nullptr);
  registers().add(0x004, "SECDBGSET", nullptr, [this](uint32_t v, uint32_t) { secdbg_ |= v; });
  registers().add(0x008, "SECDBGCLR", nullptr, [this](uint32_t v, uint32_t) { secdbg_ &= ~v; });
  registers().add_storage(0x00C, "SCSECCTRL", scsecctrl_);
  registers().add_storage(0x010, "CLK_CFG0", clk_cfg0_);
  registers().add_storage(0x014, "CLK_CFG1", clk_cfg1_);
  registers().add_storage(0x018, "CLOCK_FORCE", clock_force_);
  registers().add_storage(0x100, "RESET_SYNDROME", reset_syndrome_);
  registers().add_storage(0x104, "RESET_MASK", reset_mask_);
  registers().add(0x108, "SWRESET", [] { return 0u; }, [this](uint32_t v, uint32_t) {
    if (v & (1u << 9)) spdlog::warn("{}: SWRESET.SWRESETREQ written; corsim does not reset the system", name());
  });
  registers().add_storage(0x10C, "GRETREG", gretreg_);
  registers().add_storage(0x110, "INITSVTOR0", initsvtor0_);
  registers().add_storage(0x118, "CPUWAIT", cpuwait_);
  registers().add_storage(0x11C, "NMI_ENABLE", nmi_enable_);
  registers().add_storage(0x1FC, "PWRCTRL", pwrctrl_);
}

Mps3Scc::Mps3Scc(uint32_t scc_id) : memory::RegisterTarget("mps3-scc") {
  static constexpr std::string_view kCfgNames[7] = {"CFG_REG0", "CFG_REG1", "CFG_REG2", "CFG_REG3",
                                                    "CFG_REG4", "CFG_REG5", "CFG_REG6"};
  for (unsigned i = 0; i < 7; ++i) registers().add_storage(4 * i, kCfgNames[i], cfg_[i]);
  registers().add_const(0x0A0, "CFGDATA_RTN", 0);
  registers().add_storage(0x0A4, "CFGDATA_OUT", cfgdata_out_);
  registers().add_storage(0x0A8, "CFGCTRL", cfgctrl_);
  registers().add_const(0x0AC, "CFGSTAT", 1);  // DONE: configuration transactions complete at once
  registers().add_const(0xFFC, "SCC_ID", scc_id);
}

}  // namespace corsim::sim
