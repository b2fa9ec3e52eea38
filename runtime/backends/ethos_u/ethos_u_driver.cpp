// Ethos-U55/U65 driver sequence (docs/spec/ethos-u.md §1.4-§1.6, §6.2). See ethos_u_driver.h.
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

}  // namespace

Status EthosUDriver::fail(Error code, const char* what) {
  // The caller may have written numbers into detail_ already; otherwise the detail is `what`.
  if (detail_[0] == '\0') rt::TextBuilder(detail_, sizeof detail_).put(what);
  return rt::make_error(code, what);
}

Status EthosUDriver::soft_reset() {
  // §1.5 step 1: RESET with the requested privilege/security, poll reset_status, check PROT.
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
  // AXI set-up as the U55/U65 driver programs it: commands on setting 2, region 0 (weights) on
  // setting 3, region 1 (scratch) on setting 0, regions 2..7 on setting 1; AXI limits with 32
  // outstanding reads and 16 outstanding writes.
  port_.write(reg::kQconfig, 2);
  uint32_t regioncfg = 3u;
  for (uint32_t r = 2; r < 8; ++r) regioncfg |= 1u << (2 * r);
  port_.write(reg::kRegioncfg, regioncfg);
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
  // This driver is the U55/U65 one (register map §1.1); U85 has another PMU layout.
  if (cfg.product != NpuProduct::kU55 && cfg.product != NpuProduct::kU65) {
    rt::TextBuilder t(detail_, sizeof detail_);
    t.put("Ethos-U: NPU CONFIG ");
    put_hex(t, hw_config_);
    t.put(" is not an Ethos-U55/U65 (product ");
    t.put_int(static_cast<int64_t>(hw_config_ >> 28));
    t.put(")");
    return fail(Error::kBackendFailed, "Ethos-U: the NPU is not an Ethos-U55/U65");
  }
  Status s = soft_reset();
  if (!s.ok()) return s;
  initialized_ = true;
  return s;
}

Status EthosUDriver::check_optimizer_config(const Cop1Payload& cop) {
  // §1.4: product, MACs per cycle, command stream version and custom DMA must agree; SHRAM size
  // is only informative. ID: same arch_major, hardware arch_minor >= optimizer's.
  const NpuConfig hw = decode_npu_config(hw_config_);
  const NpuConfig& opt = cop.config;
  if (hw.product != opt.product || hw.macs_per_cc != opt.macs_per_cc ||
      hw.cmd_stream_version != opt.cmd_stream_version || (opt.custom_dma && !hw.custom_dma)) {
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
  // §1.5 step 3: latch STATUS, clear the IRQ (CMD keeps the clock/power q-enable bits).
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
  for (uint32_t i = 0; i < num_base; ++i) {
    if ((base[i] & 15u) != 0) {
      rt::TextBuilder t(detail_, sizeof detail_);
      t.put("Ethos-U: base address ");
      t.put_int(i);
      t.put(" (");
      put_hex(t, base[i]);
      t.put(") is not 16-byte aligned");
      return fail(Error::kMisaligned, "Ethos-U: base address not 16-byte aligned");
    }
  }

  // PMU as ExecuTorch's ethosu_inference_begin (§1.6).
  port_.write(reg::kPmcr, kPmcrCntEn);
  port_.write(reg::kPmccntrCfg, (kEventNpuIdle << 16) | kEventNpuActive);
  for (uint32_t i = 0; i < 4; ++i) port_.write(reg::kPmevtyper0 + 4 * i, kPmuEvents[i]);
  port_.write(reg::kPmcntenset, 0xFu);
  port_.write(reg::kPmcntenset, 1u << 31);
  port_.write(reg::kPmcr, port_.read(reg::kPmcr) | kPmcrCycleReset);
  port_.write(reg::kPmcr, port_.read(reg::kPmcr) | kPmcrEventReset);

  // §1.5 step 2: ethosu_dev_run_command_stream.
  irq_done_ = false;
  irq_status_ = 0;
  port_.write(reg::kQbase, stream_address);
  port_.write(reg::kQsize, cop.command_stream_words * 4u);
  for (uint32_t i = 0; i < num_base; ++i) {
    port_.write(reg::kBasep0 + 8 * i, base[i]);
    port_.write(reg::kBasep0 + 8 * i + 4, 0);
  }
  port_.flush_dcache();
  port_.write(reg::kCmd, (port_.read(reg::kCmd) & 0xCu) | 1u);
  if (!port_.wait_for_interrupt(irq_done_)) return fail(Error::kBackendFailed, "Ethos-U: no interrupt from the NPU");
  port_.invalidate_dcache();

  // ethosu_inference_end: read the counters, stop the PMU.
  pmu_.cycles = port_.read(reg::kPmccntrLo) | (static_cast<uint64_t>(port_.read(reg::kPmccntrHi) & 0xFFFFu) << 32);
  for (uint32_t i = 0; i < 4; ++i) pmu_.events[i] = port_.read(reg::kPmevcntr0 + 4 * i);
  port_.write(reg::kPmcr, 0);

  const uint32_t st = irq_status_;
  const uint32_t errors = kStatusBusError | kStatusParseError | kStatusWdFault | kStatusEccFault;
  if ((st & errors) != 0 || (st & kStatusEndReached) == 0) {
    rt::TextBuilder t(detail_, sizeof detail_);
    t.put("Ethos-U: NPU status=");
    put_hex(t, st);
    t.put(", qread=");
    t.put_int(port_.read(reg::kQread));
    t.put(", cmd_end_reached=");
    t.put_int((st & kStatusEndReached) ? 1 : 0);
    if (st & kStatusBusError) t.put(", bus error");
    if (st & kStatusParseError) t.put(", command parse error");
    if (st & kStatusWdFault) t.put(", weight decoder fault");
    if (st & kStatusEccFault) t.put(", ECC fault");
    // The real driver soft-resets after an error so the next inference starts clean.
    soft_reset();
    return fail(Error::kBackendFailed, "Ethos-U: the NPU reported an error");
  }
  return rt::ok_status();
}

}  // namespace corsim::ethos_u
