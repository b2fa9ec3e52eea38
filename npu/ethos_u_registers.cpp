// The Ethos-U register maps, declared in the device's register bank (memory/register_bank.h).
// Offsets and fields: the Arm Ethos-U core driver's ethosu55_interface.h (U55/U65) and
// ethosu85_interface.h (U85), struct NPU_REG.
#include <string_view>
#include <utility>

#include "npu/ethos_u_device.h"

namespace corsim::npu {

namespace {

using memory::RegisterBank;
using memory::UnknownAccess;

// Offsets shared by both maps.
enum : uint32_t {
  kId = 0x000, kStatus = 0x004, kCmd = 0x008, kReset = 0x00C, kQbase = 0x010, kQbaseHi = 0x014, kQread = 0x018,
  kQconfig = 0x01C, kQsize = 0x020, kProt = 0x024, kConfig = 0x028, kRegioncfg = 0x03C, kBasep0 = 0x080,
  kClkforce = 0x140, kDebugAddress = 0x144, kDebugMisc = 0x148, kCurrentQread = 0x27C, kRevision = 0xFC0,
};

// CoreSight PID4..7, PID0..3, CID0..3 (driver headers' reset values): only PID0 differs
// (0x80 U55, 0x82 U85).
constexpr uint8_t kU55Ids[12] = {0x04, 0x00, 0x00, 0x00, 0x80, 0xB5, 0x0B, 0x00, 0x0D, 0xF0, 0x05, 0xB1};
constexpr uint8_t kU85Ids[12] = {0x04, 0x00, 0x00, 0x00, 0x82, 0xB5, 0x0B, 0x00, 0x0D, 0xF0, 0x05, 0xB1};

// AXI capability the U85 reports in CFG_SRAM_CAP/CFG_EXT_CAP (RO): 64 outstanding reads, 32
// outstanding writes, 256-byte bursts (max_beats 2) — the values an Arm FPGA bring-up test
// programs into AXI_SRAM/AXI_EXT as "the product supports 256 byte bursts". Assumption: no public
// document gives the capability registers' reset value of a configured U85.
constexpr uint32_t kU85AxiCapability = 0x0002'1F3Fu;

// Debug status registers: every unit is idle whenever the CPU can look, since operations run as
// events between CPU steps.
void add_idle_status(RegisterBank& b, uint32_t base) {
  static constexpr std::pair<uint32_t, std::string_view> kStatus[] = {
      {0x00, "WD_STATUS"}, {0x04, "MAC_STATUS"}, {0x08, "AO_STATUS"}, {0x10, "DMA_STATUS0"}, {0x14, "DMA_STATUS1"}};
  for (const auto& [offset, name] : kStatus) b.add_const(base + offset, name, 0);
}

}  // namespace

void EthosUDevice::declare_common_registers() {
  RegisterBank& b = regs_;
  b.add_const(kId, "ID", opt_.npu.id_word());
  b.add(kStatus, "STATUS", [this] { return status(); }, nullptr);
  b.add(kCmd, "CMD", [this] { return cmd_ & 0xC; }, [this](uint32_t v, uint32_t) { write_cmd(v); });
  b.add(kReset, "RESET", [] { return 0u; }, [this](uint32_t v, uint32_t) { soft_reset(v); });
  // Writing QBASE or QSIZE while stopped clears STATUS.cmd_end_reached (status_r).
  auto queue_written = [this] {
    if (!running_) end_reached_ = false;
  };
  b.add(kQbase, "QBASE", [this] { return static_cast<uint32_t>(qbase_); }, [this, queue_written](uint32_t v, uint32_t) {
    qbase_ = (qbase_ & ~0xFFFFFFFFull) | v;
    queue_written();
  });
  b.add(kQbaseHi, "QBASE_HI", [this] { return static_cast<uint32_t>(qbase_ >> 32); },
        [this, queue_written](uint32_t v, uint32_t) {
          qbase_ = (qbase_ & 0xFFFFFFFFull) | uint64_t{v} << 32;
          queue_written();
        });
  b.add(kQread, "QREAD", [this] { return qread_; }, nullptr);
  b.add_storage(kQconfig, "QCONFIG", qconfig_, 0x3);
  b.add(kQsize, "QSIZE", [this] { return qsize_; }, [this, queue_written](uint32_t v, uint32_t) {
    qsize_ = v;
    queue_written();
  });
  b.add(kProt, "PROT", [this] { return prot_; }, nullptr);
  b.add_const(kConfig, "CONFIG", opt_.npu.config_word());
  b.add_storage(kRegioncfg, "REGIONCFG", regioncfg_, 0xFFFF);
  // BASEP0..7: 64-bit, as LO/HI word pairs.
  b.add_array(kBasep0, 16, 4, "BASEP",
              [this](unsigned i) { return static_cast<uint32_t>(basep_[i / 2] >> (32 * (i & 1))); },
              [this](unsigned i, uint32_t v, uint32_t) {
                uint64_t& p = basep_[i / 2];
                p = (i & 1) ? ((p & 0xFFFFFFFFull) | uint64_t{v} << 32) : ((p & ~0xFFFFFFFFull) | v);
              });
  b.add_storage(kClkforce, "CLKFORCE", clkforce_);
  b.add_storage(kDebugAddress, "DEBUG_ADDRESS", debug_address_);
  b.add_storage(kDebugMisc, "DEBUG_MISC", debug_misc_);
  // TSU/DMA debug state (0x200..0x2FF) reads as zero, the idle state between operations; only
  // CURRENT_QREAD is meaningful.
  b.add(kCurrentQread, "CURRENT_QREAD", [this] { return qread_; }, nullptr);
  b.set_unknown(0x200, 0x300, UnknownAccess::RazWiQuiet);
  // A 1 KB debug window at DEBUG_ADDRESS onto the internal memory (U55 SHRAM: SHARED_BUFFER;
  // U85 LUT RAM: INTERNAL_MEMORY), 0x400..0x7FF.
  b.add_array(0x400, 256, 4, opt_.npu.is_u85() ? "INTERNAL_MEMORY" : "SHARED_BUFFER",
              [this](unsigned i) { return shram_word(4 * i); }, nullptr);
  // Command-register shadows: cmd0 values at 0x800, cmd1 value pairs at 0xA00 (read-only).
  b.add_array(0x800, 128, 4, "CMD0_SHADOW", [this](unsigned i) { return exec_.registers().cmd0[i]; }, nullptr);
  b.add_array(0xA00, 128, 4, "CMD1_SHADOW",
              [this](unsigned i) { return (i & 1) ? exec_.registers().cmd1_hi[i / 2] : exec_.registers().cmd1[i / 2]; },
              nullptr);
  b.add_const(kRevision, "REVISION", 0);
}

void EthosUDevice::declare_u55_registers() {
  RegisterBank& b = regs_;
  b.add_storage(0x02C, "LOCK", lock_);
  b.add_array(0x040, 4, 4, "AXI_LIMIT", [this](unsigned i) { return axi_limit_[i]; },
              [this](unsigned i, uint32_t v, uint32_t) { axi_limit_[i] = v & 0x0F1F00F3u; });
  add_idle_status(b, 0x100);
  b.add_const(0x14C, "DEBUG_CORE", 0);
  b.add_storage(0x150, "DEBUG_BLOCK", debug_block_);
  b.add_id_registers(kU55Ids);
  pmu_.add_registers(b, 0x180, [this](uint32_t pmu_offset) {
    if (pmu_offset == Pmu::kPmovsclr) pmu_irq_ = pmu_.irq_pending();  // PMOVSCLR clears the PMU IRQ
    update_irq();
  });
}

void EthosUDevice::declare_u85_registers() {
  RegisterBank& b = regs_;
  // COND_STATUS: result_flag, bit 0 of the last single-element OFM (tested by NPU_OP_BRANCH).
  b.add(0x030, "COND_STATUS", [this] { return exec_.cond_status(); }, nullptr);
  b.add_storage(0x038, "POWER_CTRL", power_ctrl_, 0x3F);  // mac_step_cycles
  // MEM_ATTR[0..3]: mem_domain [1:0], axi_port [2], memtype [7:4]. REGIONCFG and QCONFIG fields
  // index these; axi_port decides SRAM (0) or EXT (1) for a region's traffic.
  b.add_array(0x040, 4, 4, "MEM_ATTR", [this](unsigned i) { return mem_attr_[i]; },
              [this](unsigned i, uint32_t v, uint32_t) { mem_attr_[i] = v & 0xF7u; });
  // AXI_SRAM/AXI_EXT: max_outstanding_read_m1 [5:0], max_outstanding_write_m1 [12:8], max_beats [17:16].
  b.add_storage(0x050, "AXI_SRAM", axi_sram_, 0x0003'1F3Fu);
  b.add_storage(0x054, "AXI_EXT", axi_ext_, 0x0003'1F3Fu);
  b.add_const(0x060, "CFG_SRAM_CAP", kU85AxiCapability);
  b.add_const(0x064, "CFG_EXT_CAP", kU85AxiCapability);
  // CFG_SRAM_HASH0/1, CFG_EXT_HASH0 (64-bit each): the address hash of multi-port configurations;
  // zero, no hashing.
  for (uint32_t offset = 0x068; offset < 0x080; offset += 4) b.add_const(offset, "CFG_HASH", 0);
  b.add_storage(0x154, "FEATURE_DISABLE", feature_disable_);
  add_idle_status(b, 0x1100);
  b.add_id_registers(kU85Ids);
  pmu_.add_registers(b, 0x1180, [this](uint32_t pmu_offset) {
    if (pmu_offset == Pmu::kPmovsclr) pmu_irq_ = pmu_.irq_pending();  // PMOVSCLR clears the PMU IRQ
    update_irq();
  });
}

}  // namespace corsim::npu
