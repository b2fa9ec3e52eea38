#pragma once
// One simulated system: the interconnect, the platform's memories and devices, the CPU, the event
// queue and the host interfaces (semihosting, trace). Owns all of them; nothing is global, so two
// Simulators can run in one process.
//
// Time: Cycles of the platform clock. The CPU runs ahead for min(quantum, next event) cycles; then
// due events fire. When the CPU sleeps (WFI/WFE) time jumps to the next event.
#include <chrono>
#include <csignal>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "base/clock.h"
#include "cpu/cpu.h"
#include "cpu/scs/counters.h"
#include "cpu/timing/pmu_events.h"
#include "cpu/timing/timing_model.h"
#include "memory/interconnect.h"
#include "memory/timing/platform_memory_timing.h"
#include "sim/elf_loader.h"
#include "sim/event_queue.h"
#include "sim/platform/platform.h"
#include "sim/run_config.h"
#include "sim/run_result.h"
#include "sim/semihosting.h"
#include "sim/trace_markers.h"
#include "sim/trace_writer.h"

namespace corsim::sim {

class Simulator final : public TimeSource {
 public:
  static constexpr Cycles kQuantum = 10'000;

  Simulator(RunConfig config, PlatformHooks hooks = {});
  ~Simulator() override;

  // Builds the platform, applies -C parameters, loads the ELF and --data files, resets the CPU.
  // Returns "" or one error line (exit status 2). Warnings go to spdlog.
  std::string prepare();
  RunResult run();

  // Simulated time: the CPU's cycles plus the cycles it spent asleep.
  Cycles now() const override;

  memory::Interconnect& bus() { return bus_; }
  cpu::Cpu& cpu() { return *cpu_; }
  Platform& platform() { return *platform_; }
  EventQueue& events() { return events_; }
  const ElfImage& image() const { return image_; }
  const PlatformPreset& preset() const { return preset_; }
  const TraceMarkerLog& trace_markers() const { return markers_; }
  TraceMarkerLog& trace_markers() { return markers_; }
  const RunConfig& config() const { return config_; }
  // Semihosting (null when cpu0.semihosting-enable=0), for its exit code and misuse count.
  const Semihosting* semihosting() const { return semihosting_.get(); }

  // The Private Peripheral Bus model (null when the CPU library has no exception unit yet).
  memory::Target* system_control_space() const { return scs_.get(); }
  // The memory system's timing (caches, TCMs, shared memories; docs/memory-timing.md), built by
  // prepare(). The CPU timing model calls its cpu_access; the NPU its npu_transfer.
  memory::timing::PlatformMemoryTiming* memory_timing() const { return memory_timing_.get(); }

  // The CPU timing model (--cpu, --timing on; docs/timing.md), or null with --timing off.
  const cpu::timing::CpuTimingModel* timing_model() const { return timing_model_.get(); }

  // Ends the run at the next instruction boundary (EOT, semihosting exit).
  void finish(RunEnd end, int exit_status, std::string message);

  // A flag the host sets asynchronously (main's SIGINT handler): run() polls it between quanta
  // and ends with RunEnd::Interrupted, so statistics and reports of what ran are still written.
  void set_interrupt_flag(const volatile std::sig_atomic_t* flag) { interrupt_flag_ = flag; }
  bool interrupt_requested() const { return interrupt_flag_ && *interrupt_flag_; }

  // A debugger's hold on the run (the GDB server, sim/gdb/session.h). run() asks before_slice()
  // before each slice of CPU time (the debugger may keep the core halted meanwhile; false ends the
  // run as Interrupted: the debugger killed it, or SIGINT came while it waited; the host time it
  // takes does not count against --timeout) and tells run_ended() how the run ended. Null: no
  // debugger, nothing asked.
  class DebugControl {
   public:
    virtual ~DebugControl() = default;
    virtual bool before_slice() = 0;
    virtual void run_ended(const RunResult& result) = 0;
  };
  void set_debug_control(DebugControl* d) { debug_ = d; }

  // Called from run() about every `period` of host time with the cycles and instructions so far
  // and the host seconds elapsed (the TTY progress line, sim/progress.h).
  struct Progress {
    Cycles cycles = 0;
    uint64_t instructions = 0;
    double host_seconds = 0;
  };
  void set_progress(std::function<void(const Progress&)> f, std::chrono::milliseconds period) {
    progress_ = std::move(f);
    progress_period_ = period;
  }

 private:
  class InstructionCount final : public cpu::scs::InstructionCounter {
   public:
    explicit InstructionCount(const Simulator& s) : sim_(s) {}
    uint64_t instructions_retired() const override { return sim_.cpu_ ? sim_.cpu_->instructions() : 0; }
    // PMU events from the CPU timing model (cpu/timing/pmu_events.h); none with --timing off.
    std::optional<uint64_t> event_count(uint32_t event) const override {
      if (!sim_.timing_model_) return std::nullopt;
      return cpu::timing::pmu_event_count(sim_.timing_model_->stats(), sim_.timing_model_->memory_timing(), event);
    }
   private:
    const Simulator& sim_;
  };
  std::string attach_system_control_space();
  void reschedule_systick();

  RunConfig config_;
  PlatformHooks hooks_;
  PlatformPreset preset_;
  memory::Interconnect bus_;
  EventQueue events_;
  std::unique_ptr<cpu::Cpu> cpu_;
  std::unique_ptr<cpu::timing::CpuTimingModel> timing_model_;
  std::unique_ptr<Platform> platform_;
  std::unique_ptr<Semihosting> semihosting_;
  std::unique_ptr<TraceWriter> trace_;
  TraceMarkerLog markers_{*this};
  InstructionCount instruction_count_{*this};
  std::unique_ptr<memory::Target> scs_;
  std::unique_ptr<memory::timing::PlatformMemoryTiming> memory_timing_;
  EventQueue::EventId systick_event_ = EventQueue::kNoEvent;
  ElfImage image_;
  Cycles idle_cycles_ = 0;
  bool running_ = false;
  Cycles run_end_ = 0;  // end of the CPU's current quantum
  std::optional<RunResult> finished_;
  const volatile std::sig_atomic_t* interrupt_flag_ = nullptr;
  DebugControl* debug_ = nullptr;
  std::function<void(const Progress&)> progress_;
  std::chrono::milliseconds progress_period_{250};
};

}  // namespace corsim::sim
