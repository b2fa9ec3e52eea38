#include "npu/ethos_u_device.h"

#include <spdlog/spdlog.h>

#include <cmath>
#include <limits>
#include <string_view>
#include <utility>

#include "npu/driver_payload.h"

namespace corsim::npu {

namespace {

// Bytes per AXI data beat for the PMU's beat counters: the U55's AXI ports are 64 bit (Vela
// regor.cpp regor_set_system_config: 8-byte AXI), the U85's 128 bit (16-byte AXI; docs/npu.md Q10).
uint64_t beat_bytes(const NpuConfig& cfg) { return cfg.is_u85() ? 16 : 8; }

}  // namespace

EthosUDevice::EthosUDevice(memory::Interconnect& bus, IrqSink& irq, const TimeSource& time, DeviceOptions options)
    : bus_(bus), irq_(irq), time_(time), opt_(std::move(options)), exec_(opt_.npu),
      timing_(opt_.npu, opt_.system ? *opt_.system : *timing::system_preset(timing::default_system_preset(opt_.npu.is_u85()))),
      pmu_(opt_.npu.is_u85() ? 8 : 4),
      regs_(opt_.npu.is_u85() ? "ethos-u85" : "ethos-u55", memory::ByteLanes::WordOnly, memory::UnknownAccess::RazWi),
      nbus_(bus) {
  declare_common_registers();
  if (opt_.npu.is_u85()) {
    declare_u85_registers();
  } else {
    declare_u55_registers();
  }
  soft_reset(0);
}

void EthosUDevice::soft_reset(uint32_t reset_value) {
  // Reset completes at once: STATUS.reset_status reads 0 on the driver's first poll, and PROT
  // reports the privilege/security level requested in RESET (driver ethosu_dev_soft_reset).
  exec_.reset();
  pmu_.reset();
  regs_.reset();  // the storage registers: QCONFIG, LOCK, REGIONCFG, AXI_SRAM/EXT, CLKFORCE, DEBUG_*
  axi_limit_.fill(0);
  mem_attr_.fill(0);
  nbus_.drop_writes();  // a running operation's results never appear
  held_ = false;
  next_issue_.reset();
  qbase_ = 0;
  qread_ = qsize_ = 0;
  cmd_ = 0xC;
  basep_.fill(0);
  running_ = irq_raised_ = bus_error_ = parse_error_ = end_reached_ = wd_fault_ = branch_fault_ = pmu_irq_ = false;
  faulting_interface_ = faulting_channel_ = irq_history_ = 0;
  prot_ = reset_value & 3;
  idle_since_ = time_.now();
  ops_.clear();
  update_irq();
}

// STATUS (driver ethosu55_interface.h / ethosu85_interface.h status_r): U55 bit 7 is
// wd_fault; on the U85 bit 7 is reserved and bit 9 is branch_fault.
uint32_t EthosUDevice::status() const {
  return (running_ ? 1u : 0u) | (irq_raised_ ? 1u << 1 : 0u) | (bus_error_ ? 1u << 2 : 0u) |
         (parse_error_ ? 1u << 4 : 0u) | (end_reached_ ? 1u << 5 : 0u) | (pmu_irq_ ? 1u << 6 : 0u) |
         (wd_fault_ ? 1u << 7 : 0u) | (branch_fault_ ? 1u << 9 : 0u) | (faulting_interface_ & 1u) << 11 |
         (faulting_channel_ & 0xFu) << 12 | (irq_history_ & 0xFFFFu) << 16;
}

void EthosUDevice::update_irq() {
  pmu_irq_ = pmu_irq_ || pmu_.irq_pending();
  const bool level = irq_raised_ || pmu_irq_;
  if (level != irq_level_) {
    irq_level_ = level;
    irq_.set_irq_level(opt_.irq_line, level);
  }
}

void EthosUDevice::sync_idle(Cycles now) {
  if (running_ || now <= idle_since_) return;
  const double npu = static_cast<double>(now - idle_since_) * opt_.npu_cycles_per_platform_cycle;
  pmu_.add_idle(static_cast<uint64_t>(npu));
  idle_since_ = now;
  update_irq();
}

uint32_t EthosUDevice::shram_word(uint32_t offset) {
  const auto shram = exec_.shram();
  const size_t i = offset + (size_t{debug_address_} & ~size_t{0x3FF});
  if (i + 4 > shram.size()) return 0;
  return uint32_t{shram[i]} | uint32_t{shram[i + 1]} << 8 | uint32_t{shram[i + 2]} << 16 | uint32_t{shram[i + 3]} << 24;
}

void EthosUDevice::write_cmd(uint32_t v) {
  if (v & (1u << 1)) irq_raised_ = false;           // clear_irq
  irq_history_ &= ~(v >> 16);                       // clear_irq_history
  cmd_ = v & 0xCu;                                  // clock/power q enables
  if ((v & (1u << 4)) && running_) {                // stop_request: halt without completion
    running_ = held_ = false;                       // the running operation's results are dropped
    nbus_.drop_writes();
    idle_since_ = time_.now();
  }
  if ((v & 1u) && !running_) start(time_.now());
  update_irq();
}

memory::BusResponse EthosUDevice::read(uint32_t offset, unsigned size, uint32_t& value, const memory::AccessAttrs&) {
  update(time_.now());
  sync_idle(time_.now());
  return regs_.read(offset, size, value);
}

memory::BusResponse EthosUDevice::write(uint32_t offset, unsigned size, uint32_t value, const memory::AccessAttrs&) {
  update(time_.now());
  sync_idle(time_.now());
  return regs_.write(offset, size, value);
}

bool EthosUDevice::debug_read(uint32_t offset, unsigned size, uint32_t& value) {
  return regs_.debug_read(offset, size, value);
}

void EthosUDevice::start(Cycles now) {
  sync_idle(now);
  ops_.clear();
  cursor_ = JobCursor{};
  pending_activity_ = PmuActivity{};
  job_basep_ = basep_;
  // U85: each region's REGIONCFG field names a MEM_ATTR entry, whose axi_port picks the port.
  job_regioncfg_ = opt_.npu.is_u85() ? u85_regioncfg_for_ports(regioncfg_, mem_attr_) : regioncfg_;
  // The AXI limits as programmed (timing/axi_limits.h): U55 AXI_LIMITn per REGIONCFG, U85
  // AXI_SRAM/AXI_EXT. Their reset value 0 means one outstanding transaction; the driver's
  // ethosu_dev_axi_init programs 32 (U55) or 12/64 (U85) reads.
  timing_.set_axi_limits(opt_.npu.is_u85() ? timing::u85_axi_limits(axi_sram_, axi_ext_, opt_.npu)
                                           : timing::u55_axi_limits(axi_limit_, regioncfg_));
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
  plan_ = timing::JobSchedule{};
  held_ = false;
  last_event_ = now;
  next_issue_ = exec_.peek_issue(words_, cursor_);
  if (next_issue_) begin_operation(now);  // the first operation starts with the job
  set_deadline();
}

Cycles EthosUDevice::at(uint64_t npu_cycles) const { return job_start_ + platform_cycles(npu_cycles); }

void EthosUDevice::set_deadline() {
  // The next event: the held operation's end, the next operation's start, or, once neither is
  // left, the job's completion (at least one cycle after the start, so the IRQ never rises inside
  // the CMD write itself).
  Cycles d = std::numeric_limits<Cycles>::max();
  if (held_) d = std::min(d, ops_.back().end);
  if (next_issue_) d = std::min(d, at(plan_.start_of(*next_issue_)));
  if (!held_ && !next_issue_) d = std::max(at(plan_.end()), job_start_ + 1);
  deadline_ = std::max(d, last_event_);
  if (schedule_) schedule_(deadline_);
}

void EthosUDevice::begin_operation(Cycles t) {
  // Runs the commands up to the next operation and that operation, functionally, now (its modelled
  // start); its results are held until its modelled end (interconnect_bus.h) or until the next
  // operation starts, whichever comes first.
  nbus_.clear_log();
  nbus_.set_logging(opt_.memory_timing != nullptr);
  nbus_.begin_holding();
  std::optional<OpRecord> rec = exec_.step(words_, cursor_, nbus_, job_basep_, job_regioncfg_);
  qread_ = cursor_.result.qread;
  next_issue_.reset();
  if (!rec) {
    // The stream stopped (a fault in this operation). A faulting operation's partial writes stay
    // visible.
    nbus_.drop_writes();
    return;
  }
  nbus_.hold_writes();
  const double ratio = opt_.npu_cycles_per_platform_cycle;
  DeviceOp op;
  op.record = std::move(*rec);
  op.timing = opt_.memory_timing ? timing_.estimate(op.record.op, op.record.traffic, nbus_.transfers(),
                                                    *opt_.memory_timing, t, ratio)
                                 : timing_.estimate(op.record.op, op.record.traffic);
  held_slot_ = plan_.place(op.record.issue, op.timing.total);
  op.start = at(held_slot_.start);
  op.end = at(held_slot_.end);
  op.basep = job_basep_;
  ops_.push_back(std::move(op));
  held_ = true;
  next_issue_ = exec_.peek_issue(words_, cursor_);
}

Cycles EthosUDevice::platform_cycles(uint64_t npu_cycles) const {
  return static_cast<Cycles>(std::ceil(static_cast<double>(npu_cycles) / opt_.npu_cycles_per_platform_cycle));
}

bool EthosUDevice::stretch_held_operation() {
  // CPU traffic that met this operation's transfers after they were priced makes them late
  // (memory/timing: take_npu_delay, docs/memory-timing.md); the operation ends later when its
  // memory part then decides its duration.
  if (!opt_.memory_timing) return false;
  const Cycles late = opt_.memory_timing->take_npu_delay();
  if (late == 0) return false;
  DeviceOp& op = ops_.back();
  timing::TimingModel::add_contention(
      op.timing, static_cast<uint64_t>(std::ceil(static_cast<double>(late) * opt_.npu_cycles_per_platform_cycle)));
  const uint64_t end = held_slot_.start + op.timing.total;
  if (end <= held_slot_.end) return false;
  held_slot_.end = end;
  plan_.extend_last(op.record.issue, end);
  op.end = at(end);
  return true;
}

void EthosUDevice::commit_held_operation() {
  nbus_.commit_writes();  // the operation's results become visible
  held_ = false;
  const DeviceOp& op = ops_.back();
  pending_activity_.mac_cycles += op.timing.mac_active;  // the PMU's MAC_ACTIVE: no weight-buffer stalls
  pending_activity_.ao_cycles += op.timing.output;
  pending_activity_.wd_cycles += op.timing.weights;
  for (int p = 0; p < 2; ++p) {
    const uint64_t beat = beat_bytes(opt_.npu);
    // The hardware's traffic: the functional bytes plus the block re-fetch (timing_model.h).
    pending_activity_.read_beats[p] += (op.timing.read[p] + beat - 1) / beat;
    pending_activity_.write_beats[p] += (op.timing.write[p] + beat - 1) / beat;
  }
  if (op_observer_) op_observer_(op, operations_committed_);
  ++operations_committed_;
}

void EthosUDevice::complete() {
  running_ = false;
  idle_since_ = deadline_;
  pending_activity_.active_cycles = plan_.busy();  // DMA and kernels overlap: ACTIVE is their union
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
    // No wd_fault bit on the U85 (ethosu85_interface.h): an undecodable weight stream is reported
    // as a command-stream error, the fault the driver checks that describes it best (docs/npu.md).
    case StopReason::kWeightError: (opt_.npu.is_u85() ? parse_error_ : wd_fault_) = true; break;
    case StopReason::kBranchFault: branch_fault_ = true; break;
  }
  if (r.reason != StopReason::kStop && r.reason != StopReason::kEndOfStream) spdlog::debug("{}: {}", regs_.device_name(), r.error);
  // docs/npu.md Q8: the STOP/IRQ mask ORs into STATUS.irq_history_mask; faults record bit 0.
  irq_history_ |= r.stop_mask ? r.stop_mask : 1u;
  irq_raised_ = true;
  update_irq();
  if (observer_) observer_(ops_);
}

void EthosUDevice::update(Cycles now) {
  // Every event due by `now`, in time order: the held operation's end (unless contention moves it
  // later), the next operation's start (which first makes the held operation's results visible if
  // it has not ended yet: a DMA and a kernel overlap only where the stream does not wait, so they
  // are independent), and finally the job's completion.
  while (running_ && now >= deadline_) {
    const Cycles t = deadline_;
    last_event_ = t;
    if (held_ && t >= ops_.back().end && stretch_held_operation()) {
      set_deadline();
      continue;
    }
    const bool next_starts = next_issue_ && t >= at(plan_.start_of(*next_issue_));
    if (held_ && (t >= ops_.back().end || next_starts)) commit_held_operation();
    if (next_starts) {
      begin_operation(t);
    } else if (!held_ && !next_issue_) {
      // The stream stops before another operation: read it to its end for the stop reason.
      if (!cursor_.ended) {
        if (auto extra = exec_.step(words_, cursor_, nbus_, job_basep_, job_regioncfg_)) {
          // peek_issue and step agree on every stream; an operation here would be a model bug.
          spdlog::error("{}: operation at byte {:#x} after the stream's planned end", regs_.device_name(), extra->offset);
        }
        qread_ = cursor_.result.qread;
      }
      if (t >= std::max(at(plan_.end()), job_start_ + 1)) {
        complete();
        return;
      }
    }
    set_deadline();
  }
}

}  // namespace corsim::npu
