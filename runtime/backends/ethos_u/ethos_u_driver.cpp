// Ethos-U55/U65/U85 driver sequence (Arm ethos-u-core-driver src/ethosu_driver.c,
// ethosu_device_u55_u65.c, ethosu_device_u85.c; ExecuTorch arm_perf_monitor.cpp for the PMU). See
// ethos_u_driver.h.
#include "runtime/backends/ethos_u/ethos_u_driver.h"

#include "runtime/core/text.h"

namespace corsim::ethos_u {
namespace {

using rt::Error;
using rt::Status;

void put_hex(rt::TextBuilder& t, uint32_t v) {
  char s[11] = {'0', 'x'};
  for (int i = 0; i < 8; ++i) s[2 + i] = "0123456789abcdef"[(v >> (28 - 4 * i)) & 0xF];
  s[10] = '\0';
  t.put(s);
}

constexpr uint32_t kPmcrCntEn = 1u << 0, kPmcrEventReset = 1u << 1, kPmcrCycleReset = 1u << 2;
constexpr uint32_t kEventNpuIdle = 32, kEventNpuActive = 35;

// PMU events ExecuTorch's examples/arm/executor_runner/arm_perf_monitor.cpp programs (numbers:
// ethos-u-core-driver include/pmu_ethosu.h, enum ethosu_pmu_event_type).
constexpr uint32_t kU55Events[4] = {130, 386, 135, 32};
constexpr const char* kU55EventNames[4] = {"ETHOSU_PMU_AXI0_RD_DATA_BEAT_RECEIVED", "ETHOSU_PMU_AXI1_RD_DATA_BEAT_RECEIVED",
                                           "ETHOSU_PMU_AXI0_WR_DATA_BEAT_WRITTEN", "ETHOSU_PMU_NPU_IDLE"};
constexpr uint32_t kU85Events[7] = {130, 135, 386, 391, 32, 48, 80};
constexpr const char* kU85EventNames[7] = {"ETHOSU_PMU_SRAM_RD_DATA_BEAT_RECEIVED", "ETHOSU_PMU_SRAM_WR_DATA_BEAT_WRITTEN",
                                           "ETHOSU_PMU_EXT_RD_DATA_BEAT_RECEIVED",  "ETHOSU_PMU_EXT_WR_DATA_BEAT_WRITTEN",
                                           "ETHOSU_PMU_NPU_IDLE",                   "ETHOSU_PMU_MAC_ACTIVE",
                                           "ETHOSU_PMU_WD_ACTIVE"};

// ethosu55_interface.h: PMU at 0x180, event counters at 0x300, types at 0x380.
// ethosu85_interface.h: the U85 PMU block at 0x1180.
constexpr NpuLayout kU55Layout{NpuProduct::kU55, 0x180, 0x184, 0x1A0, 0x1A4, 0x1A8, 0x300, 0x380,
                               4, kU55Events, kU55EventNames,
                               kStatusBusError | kStatusParseError | kStatusWdFault | kStatusEccFault};
constexpr NpuLayout kU85Layout{NpuProduct::kU85, 0x1180, 0x1184, 0x11A0, 0x11A4, 0x11A8, 0x1300, 0x1380,
                               7, kU85Events, kU85EventNames,
                               kStatusBusError | kStatusParseError | kStatusBranchFault | kStatusEccFault};

}  // namespace

const NpuLayout* npu_layout(NpuProduct product) {
  if (product == NpuProduct::kU55 || product == NpuProduct::kU65) return &kU55Layout;
  if (product == NpuProduct::kU85) return &kU85Layout;
  return nullptr;
}

Status EthosUDriver::fail(Error code, const char* what) {
  // The caller may have written numbers into detail_ already; otherwise the detail is `what`.
  if (detail_[0] == '\0') rt::TextBuilder(detail_, sizeof detail_).put(what);
  return rt::make_error(code, what);
}

// REGIONCFG of the real driver's defaults (NPU_REGIONCFG_0..7 = 3, 0, 1, 1, 1, 1, 1, 1; 2 bits
// per region). U55/U65: AXI_LIMIT settings; U85: MEM_ATTR indices.
uint32_t EthosUDriver::default_regioncfg() {
  uint32_t regioncfg = 3u;
  for (uint32_t r = 2; r < 8; ++r) regioncfg |= 1u << (2 * r);
  return regioncfg;
}

Status EthosUDriver::soft_reset() {
  // ethosu_dev_soft_reset: RESET with the requested privilege/security, poll reset_status, check
  // PROT.
  const uint32_t req = (privileged_ ? 1u : 0u) | (secure_ ? 0u : 2u);
  port_.write(reg::kReset, req);
  uint32_t polls = 0;
  while ((port_.read(reg::kStatus) & kStatusResetting) != 0) {
    if (++polls >= kResetPolls) return fail(Error::kBackendFailed, "Ethos-U: soft reset did not complete");
  }
  const uint32_t prot = port_.read(reg::kProt) & 3u;
  if (prot != req) {
    rt::TextBuilder t(detail_, sizeof detail_);
    t.put("Ethos-U: PROT after reset is ");
    put_hex(t, prot);
    t.put(", requested ");
    put_hex(t, req);
    return fail(Error::kBackendFailed, "Ethos-U: NPU did not take the requested privilege/security after reset");
  }
  if (layout_->product == NpuProduct::kU85) {
    // AXI set-up as the U85 driver's ethosu_dev_axi_init programs it (ethosu_device_u85.c):
    // MEM_ATTR 0/1 on the SRAM port, 2/3 on the EXT port (axi_port bit 2), all non-shareable
    // memtype 0; QCONFIG and REGIONCFG name MEM_ATTR entries (commands 2, region 0 (weights) 3,
    // region 1 (scratch) 0, regions 2..7 1); AXI_SRAM 12 reads / 16 writes outstanding, AXI_EXT 64
    // / 32, both with 256-byte burst splitting ([5:0] reads-1, [12:8] writes-1, [17:16] max_beats);
    // POWER_CTRL 0 (no MAC power ramp).
    port_.write(reg::kMemAttr0 + 0, 0);
    port_.write(reg::kMemAttr0 + 4, 0);
    port_.write(reg::kMemAttr0 + 8, 1u << 2);
    port_.write(reg::kMemAttr0 + 12, 1u << 2);
    port_.write(reg::kQconfig, 2);
    port_.write(reg::kRegioncfg, default_regioncfg());
    port_.write(reg::kAxiSram, (12u - 1) | ((16u - 1) << 8) | (2u << 16));
    port_.write(reg::kAxiExt, (64u - 1) | ((32u - 1) << 8) | (2u << 16));
    port_.write(reg::kPowerCtrl, 0);
    return rt::ok_status();
  }
  // AXI set-up as the U55/U65 driver programs it: commands on setting 2, region 0 (weights) on
  // setting 3, region 1 (scratch) on setting 0, regions 2..7 on setting 1; AXI limits with 32
  // outstanding reads and 16 outstanding writes.
  port_.write(reg::kQconfig, 2);
  port_.write(reg::kRegioncfg, default_regioncfg());
  for (uint32_t i = 0; i < 4; ++i) port_.write(reg::kAxiLimit0 + 4 * i, (31u << 16) | (15u << 24));
  return rt::ok_status();
}

Status EthosUDriver::init(bool privileged, bool secure) {
  detail_[0] = '\0';
  privileged_ = privileged;
  secure_ = secure;
  hw_id_ = port_.read(reg::kId);
  hw_config_ = port_.read(reg::kConfig);
  const NpuConfig cfg = decode_npu_config(hw_config_);
  // ethosu_dev_init: the driver knows U55/U65 (product 0/1) and U85 (product 2).
  layout_ = npu_layout(cfg.product);
  if (layout_ == nullptr) {
    rt::TextBuilder t(detail_, sizeof detail_);
    t.put("Ethos-U: NPU CONFIG ");
    put_hex(t, hw_config_);
    t.put(" is not an Ethos-U55/U65/U85 (product ");
    t.put_int(static_cast<int64_t>(hw_config_ >> 28));
    t.put(")");
    return fail(Error::kBackendFailed, "Ethos-U: the NPU is not an Ethos-U55/U65/U85");
  }
  Status s = soft_reset();
  if (!s.ok()) return s;
  initialized_ = true;
  return s;
}

Status EthosUDriver::check_optimizer_config(const Cop1Payload& cop) {
  // ethosu_dev_verify_optimizer_config (ethosu_device_u55_u65.c, ethosu_device_u85.c): product,
  // MACs per cycle, command stream version and custom DMA must agree; SHRAM size is only
  // informative. ID: same arch_major, hardware arch_minor >= optimizer's.
  const NpuConfig hw = decode_npu_config(hw_config_);
  const NpuConfig& opt = cop.config;
  // U85 also compares the AXI port counts, CONFIG[9:8] num_axi_sram and [10] num_axi_ext
  // (ethosu_device_u85.c ethosu_dev_verify_optimizer_config).
  const bool axi_ports_differ =
      hw.product == NpuProduct::kU85 && ((hw_config_ ^ opt.word) & ((3u << 8) | (1u << 10))) != 0;
  if (hw_config_ != opt.word &&
      (hw.product != opt.product || hw.macs_per_cc != opt.macs_per_cc || axi_ports_differ ||
       hw.cmd_stream_version != opt.cmd_stream_version || (opt.custom_dma && !hw.custom_dma))) {
    rt::TextBuilder t(detail_, sizeof detail_);
    t.put("Ethos-U: the command stream was compiled for ");
    t.put(npu_product_name(opt.product));
    t.put("-");
    t.put_int(opt.macs_per_cc);
    t.put(" (CONFIG ");
    put_hex(t, opt.word);
    t.put(") but the NPU is ");
    t.put(npu_product_name(hw.product));
    t.put("-");
    t.put_int(hw.macs_per_cc);
    t.put(" (CONFIG ");
    put_hex(t, hw_config_);
    t.put(")");
    return fail(Error::kBackendFailed, "Ethos-U: command stream compiled for another NPU configuration (MACs/product)");
  }
  const NpuId hid = decode_npu_id(hw_id_);
  if (hid.arch_major != cop.id.arch_major || hid.arch_minor < cop.id.arch_minor) {
    rt::TextBuilder t(detail_, sizeof detail_);
    t.put("Ethos-U: the command stream needs NPU architecture ");
    t.put_int(cop.id.arch_major);
    t.put(".");
    t.put_int(cop.id.arch_minor);
    t.put(" (ID ");
    put_hex(t, cop.id.word);
    t.put(") but the NPU is ");
    t.put_int(hid.arch_major);
    t.put(".");
    t.put_int(hid.arch_minor);
    t.put(" (ID ");
    put_hex(t, hw_id_);
    t.put(")");
    return fail(Error::kBackendFailed, "Ethos-U: command stream needs another NPU architecture version");
  }
  return rt::ok_status();
}

void EthosUDriver::handle_interrupt() {
  // ethosu_dev_handle_interrupt: latch STATUS, clear the IRQ (CMD keeps the clock/power q-enable
  // bits).
  irq_status_ = port_.read(reg::kStatus);
  port_.write(reg::kCmd, (port_.read(reg::kCmd) & 0xCu) | 2u);
  irq_done_ = true;
}

Status EthosUDriver::invoke(rt::Bytes cmd_data, uint32_t cmd_data_address, const uint32_t* base, uint32_t num_base) {
  detail_[0] = '\0';
  if (!initialized_) return fail(Error::kInvalidState, "Ethos-U: driver used before init");
  if (num_base > kMaxBaseAddresses) return fail(Error::kInvalidArgument, "Ethos-U: too many base addresses");
  Cop1Payload cop;
  Status s = parse_cop1(cmd_data, cop);
  if (!s.ok()) {
    rt::TextBuilder(detail_, sizeof detail_).put("Ethos-U: cmd_data is not a valid COP1 driver payload: ").put(s.what);
    return fail(Error::kBadCommandStream, "Ethos-U: cmd_data is not a valid COP1 driver payload");
  }
  s = check_optimizer_config(cop);
  if (!s.ok()) return s;
  const uint32_t stream_address = cmd_data_address + static_cast<uint32_t>(cop.command_stream_offset);
  if ((stream_address & 15u) != 0) return fail(Error::kMisaligned, "Ethos-U: command stream is not 16-byte aligned");
  // ethosu_driver.c: a registered fast memory replaces base address 2 (ethosu_invoke_async), before
  // the alignment check.
  uint32_t bases[kMaxBaseAddresses] = {};
  for (uint32_t i = 0; i < num_base; ++i) bases[i] = i == 2 && fast_memory_size_ != 0 ? fast_memory_ : base[i];
  for (uint32_t i = 0; i < num_base; ++i) {
    if ((bases[i] & 15u) != 0) {
      rt::TextBuilder t(detail_, sizeof detail_);
      t.put("Ethos-U: base address ");
      t.put_int(i);
      t.put(" (");
      put_hex(t, bases[i]);
      t.put(") is not 16-byte aligned");
      return fail(Error::kMisaligned, "Ethos-U: base address not 16-byte aligned");
    }
  }

  // PMU as ExecuTorch's ethosu_inference_begin (arm_perf_monitor.cpp), at the layout's offsets.
  const NpuLayout& l = *layout_;
  port_.write(l.pmcr, kPmcrCntEn);
  port_.write(l.pmccntr_cfg, (kEventNpuIdle << 16) | kEventNpuActive);
  for (uint32_t i = 0; i < l.num_events; ++i) port_.write(l.pmevtyper0 + 4 * i, l.events[i]);
  port_.write(l.pmcntenset, (1u << l.num_events) - 1u);
  port_.write(l.pmcntenset, 1u << 31);
  port_.write(l.pmcr, port_.read(l.pmcr) | kPmcrCycleReset);
  port_.write(l.pmcr, port_.read(l.pmcr) | kPmcrEventReset);

  // ethosu_dev_run_command_stream (ethosu_device_u55_u65.c, ethosu_device_u85.c).
  irq_done_ = false;
  irq_status_ = 0;
  port_.write(reg::kQbase, stream_address);
  if (l.product == NpuProduct::kU85) port_.write(reg::kQbaseHi, 0);  // 40-bit addresses (DRV u85)
  port_.write(reg::kQsize, cop.command_stream_words * 4u);
  for (uint32_t i = 0; i < num_base; ++i) {
    port_.write(reg::kBasep0 + 8 * i, bases[i]);
    port_.write(reg::kBasep0 + 8 * i + 4, 0);
  }
  port_.flush_dcache();
  port_.write(reg::kCmd, (port_.read(reg::kCmd) & 0xCu) | 1u);
  if (!port_.wait_for_interrupt(irq_done_)) return fail(Error::kBackendFailed, "Ethos-U: no interrupt from the NPU");
  port_.invalidate_dcache();

  // ethosu_inference_end: read the counters, stop the PMU.
  pmu_.cycles = port_.read(l.pmccntr_lo) | (static_cast<uint64_t>(port_.read(l.pmccntr_hi) & 0xFFFFu) << 32);
  pmu_.num_events = l.num_events;
  for (uint32_t i = 0; i < l.num_events; ++i) pmu_.events[i] = port_.read(l.pmevcntr0 + 4 * i);
  port_.write(l.pmcr, 0);

  const uint32_t st = irq_status_;
  if ((st & l.fault_status) != 0 || (st & kStatusEndReached) == 0) {
    rt::TextBuilder t(detail_, sizeof detail_);
    t.put("Ethos-U: NPU status=");
    put_hex(t, st);
    t.put(", qread=");
    t.put_int(port_.read(reg::kQread));
    t.put(", cmd_end_reached=");
    t.put_int((st & kStatusEndReached) ? 1 : 0);
    if (st & kStatusBusError) t.put(", bus error");
    if (st & kStatusParseError) t.put(", command parse error");
    if (st & l.fault_status & kStatusWdFault) t.put(", weight decoder fault");
    if (st & l.fault_status & kStatusBranchFault) t.put(", branch fault");
    if (st & kStatusEccFault) t.put(", ECC fault");
    // The real driver soft-resets after an error so the next inference starts clean.
    soft_reset();
    return fail(Error::kBackendFailed, "Ethos-U: the NPU reported an error");
  }
  return rt::ok_status();
}

}  // namespace corsim::ethos_u
