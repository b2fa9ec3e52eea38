#include "npu/ethos_u55_device.h"

#include <spdlog/spdlog.h>

#include <cmath>
#include <string_view>
#include <utility>

#include "npu/driver_payload.h"

namespace corsim::npu {

namespace {

// Register offsets (driver ethosu55_interface.h; spec §1.1).
enum : uint32_t {
  kId = 0x000, kStatus = 0x004, kCmd = 0x008, kReset = 0x00C, kQbase = 0x010, kQbaseHi = 0x014, kQread = 0x018,
  kQconfig = 0x01C, kQsize = 0x020, kProt = 0x024, kConfig = 0x028, kLock = 0x02C, kRegioncfg = 0x03C,
  kAxiLimit0 = 0x040, kBasep0 = 0x080, kWdStatus = 0x100, kMacStatus = 0x104, kAoStatus = 0x108,
  kDmaStatus0 = 0x110, kDmaStatus1 = 0x114, kClkforce = 0x140, kDebugAddress = 0x144, kDebugMisc = 0x148,
  kDebugCore = 0x14C, kDebugBlock = 0x150, kCurrentQread = 0x27C, kCurrentOp = 0x2B8, kRevision = 0xFC0,
};

// CoreSight identification registers of the U55 header (§1.1; driver ethosu55_interface.h
// pid4..pid3, cid0..cid3): PID4..7, PID0..3, CID0..3.
constexpr uint8_t kIdRegisters[12] = {0x04, 0x00, 0x00, 0x00, 0x80, 0xB5, 0x0B, 0x00, 0x0D, 0xF0, 0x05, 0xB1};
// The PMU's registers start at PMCR (§1.1).
constexpr uint32_t kPmuBase = 0x180;

constexpr uint64_t kBeatBytes = 8;  // U55 AXI data width is 64 bit (§5.1 "8-byte AXI"); Q10 decision

}  // namespace

EthosU55Device::EthosU55Device(memory::Interconnect& bus, IrqSink& irq, const TimeSource& time, DeviceOptions options)
    : bus_(bus), irq_(irq), time_(time), opt_(std::move(options)), exec_(opt_.npu), timing_(opt_.npu, opt_.system),
      regs_("ethos-u55", memory::ByteLanes::WordOnly, memory::UnknownAccess::RazWi), nbus_(bus) {
  declare_registers();
  soft_reset(0);
}

void EthosU55Device::soft_reset(uint32_t reset_value) {
  // Reset completes at once: STATUS.reset_status reads 0 on the driver's first poll, and PROT
  // reports the privilege/security level requested in RESET (ARCHITECTURE §4, §1.5).
  exec_.reset();
  pmu_.reset();
  regs_.reset();  // QCONFIG, LOCK, REGIONCFG, CLKFORCE, the DEBUG_* registers
  nbus_.drop_writes();  // a running operation's results never appear
  op_running_ = false;
  qbase_ = 0;
  qread_ = qsize_ = 0;
  cmd_ = 0xC;
  axi_limit_.fill(0);
  basep_.fill(0);
  running_ = irq_raised_ = bus_error_ = parse_error_ = end_reached_ = wd_fault_ = pmu_irq_ = false;
  faulting_interface_ = faulting_channel_ = irq_history_ = 0;
  prot_ = reset_value & 3;
  idle_since_ = time_.now();
  ops_.clear();
  update_irq();
}

uint32_t EthosU55Device::status() const {
  return (running_ ? 1u : 0u) | (irq_raised_ ? 1u << 1 : 0u) | (bus_error_ ? 1u << 2 : 0u) |
         (parse_error_ ? 1u << 4 : 0u) | (end_reached_ ? 1u << 5 : 0u) | (pmu_irq_ ? 1u << 6 : 0u) |
         (wd_fault_ ? 1u << 7 : 0u) | (faulting_interface_ & 1u) << 11 | (faulting_channel_ & 0xFu) << 12 |
         (irq_history_ & 0xFFFFu) << 16;
}

void EthosU55Device::update_irq() {
  pmu_irq_ = pmu_irq_ || pmu_.irq_pending();
  const bool level = irq_raised_ || pmu_irq_;
  if (level != irq_level_) {
    irq_level_ = level;
    irq_.set_irq_level(opt_.irq_line, level);
  }
}

void EthosU55Device::sync_idle(Cycles now) {
  if (running_ || now <= idle_since_) return;
  const double npu = static_cast<double>(now - idle_since_) * opt_.npu_cycles_per_platform_cycle;
  pmu_.add_idle(static_cast<uint64_t>(npu));
  idle_since_ = now;
  update_irq();
}

void EthosU55Device::declare_registers() {
  using memory::RegisterBank;
  RegisterBank& b = regs_;
  b.add_const(kId, "ID", opt_.npu.id_word());
  b.add(kStatus, "STATUS", [this] { return status(); }, nullptr);
  b.add(kCmd, "CMD", [this] { return cmd_ & 0xC; }, [this](uint32_t v, uint32_t) { write_cmd(v); });
  b.add(kReset, "RESET", [] { return 0u; }, [this](uint32_t v, uint32_t) { soft_reset(v); });
  // Writing QBASE or QSIZE while stopped clears STATUS.cmd_end_reached (§1.1).
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
  b.add_storage(kLock, "LOCK", lock_);
  b.add_storage(kRegioncfg, "REGIONCFG", regioncfg_, 0xFFFF);
  b.add_array(kAxiLimit0, 4, 4, "AXI_LIMIT", [this](unsigned i) { return axi_limit_[i]; },
              [this](unsigned i, uint32_t v, uint32_t) { axi_limit_[i] = v & 0x0F1F00F3u; });
  // BASEP0..7: 64-bit, as LO/HI word pairs.
  b.add_array(kBasep0, 16, 4, "BASEP",
              [this](unsigned i) { return static_cast<uint32_t>(basep_[i / 2] >> (32 * (i & 1))); },
              [this](unsigned i, uint32_t v, uint32_t) {
                uint64_t& p = basep_[i / 2];
                p = (i & 1) ? ((p & 0xFFFFFFFFull) | uint64_t{v} << 32) : ((p & ~0xFFFFFFFFull) | v);
              });
  // Debug status: the units are idle whenever the CPU can look (operations run as events).
  for (auto [offset, name] : {std::pair<uint32_t, std::string_view>{kWdStatus, "WD_STATUS"},
                              {kMacStatus, "MAC_STATUS"}, {kAoStatus, "AO_STATUS"}, {kDmaStatus0, "DMA_STATUS0"},
                              {kDmaStatus1, "DMA_STATUS1"}, {kDebugCore, "DEBUG_CORE"}}) {
    b.add_const(offset, name, 0);
  }
  b.add_storage(kClkforce, "CLKFORCE", clkforce_);
  b.add_storage(kDebugAddress, "DEBUG_ADDRESS", debug_address_);
  b.add_storage(kDebugMisc, "DEBUG_MISC", debug_misc_);
  b.add_storage(kDebugBlock, "DEBUG_BLOCK", debug_block_);
  // TSU debug state (0x200..0x2FF) reads as zero, the idle state between operations; only
  // CURRENT_QREAD is meaningful.
  b.add(kCurrentQread, "CURRENT_QREAD", [this] { return qread_; }, nullptr);
  b.set_unknown(0x200, 0x300, memory::UnknownAccess::RazWiQuiet);
  // SHARED_BUFFER: a 1 KB debug window onto SHRAM at DEBUG_ADDRESS (§1.1, 0x400..0x7FF).
  b.add_array(0x400, 256, 4, "SHARED_BUFFER", [this](unsigned i) { return shram_word(4 * i); }, nullptr);
  // Command-register shadows (§1.1): cmd0 values at 0x800, cmd1 value pairs at 0xA00.
  b.add_array(0x800, 128, 4, "CMD0_SHADOW", [this](unsigned i) { return exec_.registers().cmd0[i]; }, nullptr);
  b.add_array(0xA00, 128, 4, "CMD1_SHADOW",
              [this](unsigned i) { return (i & 1) ? exec_.registers().cmd1_hi[i / 2] : exec_.registers().cmd1[i / 2]; },
              nullptr);
  b.add_const(kRevision, "REVISION", 0);
  b.add_id_registers(kIdRegisters);
  pmu_.add_registers(b, kPmuBase, [this](uint32_t pmu_offset) {
    if (pmu_offset == Pmu::kPmovsclr) pmu_irq_ = pmu_.irq_pending();  // PMOVSCLR clears the PMU IRQ
    update_irq();
  });
}

uint32_t EthosU55Device::shram_word(uint32_t offset) {
  const auto shram = exec_.shram();
  const size_t i = offset + (size_t{debug_address_} & ~size_t{0x3FF});
  if (i + 4 > shram.size()) return 0;
  return uint32_t{shram[i]} | uint32_t{shram[i + 1]} << 8 | uint32_t{shram[i + 2]} << 16 | uint32_t{shram[i + 3]} << 24;
}

void EthosU55Device::write_cmd(uint32_t v) {
  if (v & (1u << 1)) irq_raised_ = false;           // clear_irq
  irq_history_ &= ~(v >> 16);                       // clear_irq_history
  cmd_ = v & 0xCu;                                  // clock/power q enables
  if ((v & (1u << 4)) && running_) {                // stop_request: halt without completion
    running_ = op_running_ = false;                 // the running operation's results are dropped
    nbus_.drop_writes();
    idle_since_ = time_.now();
  }
  if ((v & 1u) && !running_) start(time_.now());
  update_irq();
}

memory::BusResponse EthosU55Device::read(uint32_t offset, unsigned size, uint32_t& value, const memory::AccessAttrs&) {
  update(time_.now());
  sync_idle(time_.now());
  return regs_.read(offset, size, value);
}

memory::BusResponse EthosU55Device::write(uint32_t offset, unsigned size, uint32_t value, const memory::AccessAttrs&) {
  update(time_.now());
  sync_idle(time_.now());
  return regs_.write(offset, size, value);
}

bool EthosU55Device::debug_read(uint32_t offset, unsigned size, uint32_t& value) {
  return regs_.debug_read(offset, size, value);
}

void EthosU55Device::start(Cycles now) {
  sync_idle(now);
  ops_.clear();
  cursor_ = JobCursor{};
  pending_activity_ = PmuActivity{};
  job_basep_ = basep_;
  job_regioncfg_ = regioncfg_;
  if (opt_.memory_timing) opt_.memory_timing->take_npu_delay();  // lateness of earlier jobs is spent
  running_ = true;
  end_reached_ = false;
  job_start_ = now;
  // Fetch the command stream (QBASE, QSIZE bytes) through the command port; the fetch is not an
  // operation's traffic.
  std::vector<uint8_t> bytes(qsize_ & ~3u);
  nbus_.set_logging(false);
  if (!nbus_.read(qbase_, bytes, AxiPort::kAxi0)) {
    words_.clear();
    cursor_.ended = true;
    cursor_.result.reason = StopReason::kBusError;
    cursor_.result.faulting_channel = 0;  // command fetch
    cursor_.result.error = "command stream fetch outside memory";
  } else {
    words_ = words_from_bytes(bytes);
  }
  begin_operation(now);
}

void EthosU55Device::begin_operation(Cycles t) {
  // Runs the commands up to the next operation and that operation, functionally, now (its modelled
  // start); its results are held until its modelled end (interconnect_bus.h).
  nbus_.clear_log();
  nbus_.set_logging(opt_.memory_timing != nullptr);
  nbus_.begin_holding();
  std::optional<OpRecord> rec = exec_.step(words_, cursor_, nbus_, job_basep_, job_regioncfg_);
  qread_ = cursor_.result.qread;
  if (!rec) {
    // The stream stopped (STOP, end, fault). A faulting operation's partial writes stay visible.
    nbus_.drop_writes();
    op_running_ = false;
    // A job takes at least one cycle, so the IRQ is never raised inside the CMD write itself.
    deadline_ = std::max<Cycles>(t, job_start_ + 1);
    if (schedule_) schedule_(deadline_);
    return;
  }
  nbus_.hold_writes();
  const double ratio = opt_.npu_cycles_per_platform_cycle;
  DeviceOp op;
  op.record = std::move(*rec);
  op.timing = opt_.memory_timing ? timing_.estimate(op.record.op, op.record.traffic, nbus_.transfers(),
                                                    *opt_.memory_timing, t, ratio)
                                 : timing_.estimate(op.record.op, op.record.traffic);
  op.start = t;
  op.end = t + platform_cycles(op.timing.total);
  ops_.push_back(std::move(op));
  op_running_ = true;
  deadline_ = ops_.back().end;
  if (schedule_) schedule_(deadline_);
}

Cycles EthosU55Device::platform_cycles(uint64_t npu_cycles) const {
  return static_cast<Cycles>(std::ceil(static_cast<double>(npu_cycles) / opt_.npu_cycles_per_platform_cycle));
}

bool EthosU55Device::stretch_running_operation() {
  // CPU traffic that met this operation's transfers after they were priced makes them late
  // (memory/timing: take_npu_delay, docs/memory-timing.md); the operation ends later when its
  // memory part then decides its duration.
  if (!opt_.memory_timing) return false;
  const Cycles late = opt_.memory_timing->take_npu_delay();
  if (late == 0) return false;
  DeviceOp& op = ops_.back();
  timing::TimingModel::add_contention(
      op.timing, static_cast<uint64_t>(std::ceil(static_cast<double>(late) * opt_.npu_cycles_per_platform_cycle)));
  const Cycles end = op.start + platform_cycles(op.timing.total);
  if (end <= op.end) return false;
  op.end = deadline_ = end;
  if (schedule_) schedule_(deadline_);
  return true;
}

void EthosU55Device::finish_running_operation() {
  nbus_.commit_writes();  // the operation's results become visible at its end
  op_running_ = false;
  const DeviceOp& op = ops_.back();
  pending_activity_.active_cycles += op.timing.total;
  pending_activity_.mac_cycles += op.timing.mac;
  pending_activity_.ao_cycles += op.timing.output;
  pending_activity_.wd_cycles += op.timing.weights;
  for (int p = 0; p < 2; ++p) {
    pending_activity_.read_beats[p] += (op.record.traffic.read[p] + kBeatBytes - 1) / kBeatBytes;
    pending_activity_.write_beats[p] += (op.record.traffic.write[p] + kBeatBytes - 1) / kBeatBytes;
  }
}

void EthosU55Device::complete() {
  running_ = false;
  idle_since_ = deadline_;
  pmu_.add_activity(pending_activity_);
  const RunResult& r = cursor_.result;
  switch (r.reason) {
    case StopReason::kStop:
    case StopReason::kEndOfStream:
      end_reached_ = true;
      qread_ = qsize_;
      break;
    case StopReason::kParseError: parse_error_ = true; break;
    case StopReason::kBusError:
      bus_error_ = true;
      faulting_interface_ = 0;
      faulting_channel_ = r.faulting_channel;
      break;
    case StopReason::kWeightError: wd_fault_ = true; break;
  }
  if (r.reason != StopReason::kStop && r.reason != StopReason::kEndOfStream) spdlog::debug("ethos-u55: {}", r.error);
  // Q8 decision: the STOP/IRQ mask ORs into STATUS.irq_history_mask; faults record bit 0.
  irq_history_ |= r.stop_mask ? r.stop_mask : 1u;
  irq_raised_ = true;
  update_irq();
  if (observer_) observer_(ops_);
}

void EthosU55Device::update(Cycles now) {
  // Every event due by `now`, in order: the running operation's end (unless contention moves it
  // later), then the next operation's start at that same time, and finally the job's completion.
  while (running_ && now >= deadline_) {
    if (!op_running_) {
      complete();
      return;
    }
    if (stretch_running_operation()) continue;
    finish_running_operation();
    begin_operation(deadline_);
  }
}

}  // namespace corsim::npu
