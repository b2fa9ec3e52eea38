#pragma once
// The Ethos-U55/U65 and Ethos-U85 as a memory-mapped device (the register maps of the Arm
// Ethos-U core driver's ethosu55_interface.h / ethosu85_interface.h; ID, CONFIG as its
// ethosu_dev_verify_optimizer_config checks them; run/stop/IRQ and reset handshake: its
// ethosu_device_u55_u65.c / _u85.c). `DeviceOptions::npu.product` picks the register map; the job
// engine below is the same for both. Corstone-300 maps a U55 at 0x48102000 (Non-secure alias
// 0x58102000) on IRQ 56; Corstone-320 a U85 at 0x50004000 (0x40004000) on IRQ 16.
//
// Writing CMD.transition_to_running_state starts a job that runs event by event in simulated
// time: each operation runs (functionally, and its AXI traffic priced against the shared memories)
// when the modelled time reaches its start, and its results become visible in memory at its
// modelled end, which is the next operation's start. CPU traffic that meets an operation's
// transfers while it runs makes that operation late. STATUS stays "running" until the last
// operation's end; the simulator's event queue is given every event time (set_schedule_callback)
// and calls update(now), which ends operations, starts the next ones, and finally sets STATUS and
// raises the IRQ. One event per operation: nothing is ticked.
#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "base/clock.h"
#include "base/irq.h"
#include "memory/interconnect.h"
#include "memory/register_bank.h"
#include "memory/target.h"
#include "memory/timing/memory_timing.h"
#include "npu/executor.h"
#include "npu/interconnect_bus.h"
#include "npu/pmu.h"
#include "npu/timing/job_schedule.h"
#include "npu/timing/timing_model.h"

namespace corsim::npu {

struct DeviceOptions {
  NpuConfig npu;
  // The memory system around the NPU; none given: the product's default (default_system_preset).
  std::optional<timing::SystemConfig> system;
  unsigned irq_line = 56;
  // NPU cycles per platform cycle (Corstone FVP: one clock, ratio 1).
  double npu_cycles_per_platform_cycle = 1.0;
  // The memory system's timing (memory/timing): when set, each operation's AXI traffic is priced
  // by it, sharing the memories with the CPU; when null (the standalone runner), by `system`.
  memory::MemoryTiming* memory_timing = nullptr;
};

// One executed operation, for reports. start/end as modelled with contention: end moves later
// when CPU traffic during the operation made its transfers late (timing.contention).
struct DeviceOp {
  OpRecord record;
  timing::OpTiming timing;
  Cycles start = 0, end = 0;           // platform cycles
  std::array<uint64_t, 8> basep{};     // its job's BASEP0..7 (the regions its addresses are in)
};

class EthosUDevice final : public memory::Target {
 public:
  EthosUDevice(memory::Interconnect& bus, IrqSink& irq, const TimeSource& time, DeviceOptions options);

  std::string_view name() const override { return regs_.device_name(); }
  // Bytes of register space: U55 0x1000; U85 0x2000 (its debug status and PMU sit at 0x1100+).
  uint32_t register_space() const { return opt_.npu.is_u85() ? 0x2000 : 0x1000; }
  memory::BusResponse read(uint32_t offset, unsigned size, uint32_t& value, const memory::AccessAttrs& attrs) override;
  memory::BusResponse write(uint32_t offset, unsigned size, uint32_t value, const memory::AccessAttrs& attrs) override;
  bool debug_read(uint32_t offset, unsigned size, uint32_t& value) override;

  // Platform time of the running job's next event (the running operation's end, or the job's
  // completion once the stream has stopped), if a job is running. The IRQ rises at the last one.
  std::optional<Cycles> next_deadline() const { return running_ ? std::optional<Cycles>(deadline_) : std::nullopt; }
  // Advances the device to `now`: handles every event due by then (ends operations, starts the
  // next ones at those ends, completes the job).
  void update(Cycles now);
  // Called with the time of each event as it is set (an operation's end, the job's completion), so
  // an event queue can schedule update(when) there (sim/: events.schedule(when, [dev](Cycles t) {
  // dev->update(t); })). A time may be given again or become stale; update() ignores early calls.
  void set_schedule_callback(std::function<void(Cycles)> f) { schedule_ = std::move(f); }

  // Operations of the most recent job (while it runs: those started so far, the last one possibly
  // still running), and a hook called as each job completes.
  const std::vector<DeviceOp>& last_job() const { return ops_; }
  void set_job_observer(std::function<void(const std::vector<DeviceOp>&)> f) { observer_ = std::move(f); }
  // A hook called as each operation's results become visible in memory (its end, or earlier when
  // the next operation starts), with its index among every operation this device has run.
  using OperationObserver = std::function<void(const DeviceOp&, uint32_t index)>;
  void set_operation_observer(OperationObserver f) { op_observer_ = std::move(f); }

  uint32_t status() const;
  // Distinct unknown register offsets reported so far (tests check the log-once behaviour).
  size_t unknown_reports() const { return regs_.unknown_reports(); }
  const Pmu& pmu() const { return pmu_; }
  // The register map, for a debugger's named, side-effect-free reads (sim/gdb `monitor npu`).
  const memory::RegisterBank& registers() const { return regs_; }

 private:
  // The register maps (ethos_u_registers.cpp): the registers both share, then each one's own.
  void declare_common_registers();
  void declare_u55_registers();
  void declare_u85_registers();
  void write_cmd(uint32_t value);
  uint32_t shram_word(uint32_t offset);
  void soft_reset(uint32_t reset_value);
  void start(Cycles now);
  void begin_operation(Cycles t);
  bool stretch_held_operation();
  void commit_held_operation();
  void set_deadline();
  Cycles at(uint64_t npu_cycles) const;  // platform time of an NPU-cycle offset into the job
  void complete();
  Cycles platform_cycles(uint64_t npu_cycles) const;
  void sync_idle(Cycles now);
  void update_irq();

  memory::Interconnect& bus_;
  IrqSink& irq_;
  const TimeSource& time_;
  DeviceOptions opt_;
  Executor exec_;
  timing::TimingModel timing_;
  Pmu pmu_;
  memory::RegisterBank regs_;

  // Base registers.
  uint64_t qbase_ = 0;
  uint32_t qread_ = 0, qconfig_ = 0, qsize_ = 0, prot_ = 0, lock_ = 0, regioncfg_ = 0;
  uint32_t cmd_ = 0xC;  // clock_q_enable | power_q_enable (reset value, ethosu55_interface.h cmd_r)
  std::array<uint32_t, 4> axi_limit_{};  // U55
  std::array<uint32_t, 4> mem_attr_{};   // U85
  uint32_t axi_sram_ = 0, axi_ext_ = 0, power_ctrl_ = 0, feature_disable_ = 0;  // U85
  std::array<uint64_t, 8> basep_{};
  uint32_t clkforce_ = 0, debug_address_ = 0, debug_misc_ = 0, debug_block_ = 0;

  // STATUS bits (status_r).
  bool running_ = false, irq_raised_ = false, bus_error_ = false, parse_error_ = false, end_reached_ = false,
       wd_fault_ = false, branch_fault_ = false, pmu_irq_ = false;
  uint32_t faulting_interface_ = 0, faulting_channel_ = 0, irq_history_ = 0;
  bool irq_level_ = false;

  // The job in flight: its stream and where the executor is in it, the BASEP/REGIONCFG it started
  // with, and whether an operation is running (its results held in nbus_ until deadline_).
  InterconnectBus nbus_;
  std::vector<uint32_t> words_;
  JobCursor cursor_;
  std::array<uint64_t, 8> job_basep_{};
  uint32_t job_regioncfg_ = 0;
  // The job's plan (DMA and kernel engines, timing/job_schedule.h), the most recently executed
  // operation whose results are still held (held_, its slot), and how the next one will issue.
  timing::JobSchedule plan_;
  bool held_ = false;
  timing::Slot held_slot_;
  std::optional<Issue> next_issue_;
  Cycles last_event_ = 0;
  Cycles job_start_ = 0, deadline_ = 0, idle_since_ = 0;
  PmuActivity pending_activity_;
  std::vector<DeviceOp> ops_;
  std::function<void(const std::vector<DeviceOp>&)> observer_;
  OperationObserver op_observer_;
  uint32_t operations_committed_ = 0;  // over the device's life (reset does not restart it)
  std::function<void(Cycles)> schedule_;
};

}  // namespace corsim::npu
