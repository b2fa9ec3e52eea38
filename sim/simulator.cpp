#include "sim/simulator.h"

#include <algorithm>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "sim/cli.h"
#include "sim/memory_timing_setup.h"
#include "sim/params.h"

#include "cpu/exceptions/exception_unit.h"
#include "cpu/scs/system_control_space.h"

namespace corsim::sim {

Simulator::Simulator(RunConfig config, PlatformHooks hooks) : config_(std::move(config)), hooks_(std::move(hooks)) {}

Simulator::~Simulator() {
  if (cpu_) {
    cpu_->set_trace(nullptr);
    cpu_->set_semihosting(nullptr);
    cpu_->set_timing(nullptr);
  }
}

Cycles Simulator::now() const { return (cpu_ ? cpu_->cycles() : 0) + idle_cycles_; }

void Simulator::finish(RunEnd end, int exit_status, std::string message) {
  if (finished_) return;
  RunResult r;
  r.end = end;
  r.exit_status = exit_status;
  r.message = std::move(message);
  finished_ = r;
  if (cpu_) cpu_->request_stop();
}

std::string Simulator::prepare() {
  auto preset = make_preset(config_.platform);
  if (!preset) return fmt::format("unknown platform '{}'", config_.platform);
  preset_ = *preset;
  const ParamResult params = apply_parameters(preset_, config_);
  for (const std::string& w : params.warnings) spdlog::warn("{}", w);
  if (!params.error.empty()) return params.error;
  if (config_.simulated_seconds) {
    // The FVP's --simlimit counts simulated seconds; here they are cycles of the platform clock.
    const auto limit = static_cast<uint64_t>(*config_.simulated_seconds * static_cast<double>(preset_.clock_hz));
    if (limit == 0) return fmt::format("--simlimit {} is shorter than one cycle at {} Hz", *config_.simulated_seconds, preset_.clock_hz);
    config_.max_cycles = config_.max_cycles ? std::min(*config_.max_cycles, limit) : limit;
  }

  // --cpu (or, without it, the platform) names the core: its architecture features (the
  // Cortex-M85 has the PACBTI extension, docs/cpu.md "PACBTI") as well as its timing model (below).
  if (!config_.cpu.empty())
    preset_.cpu.model = config_.cpu == "cortex-m85" ? cpu::CoreModel::CortexM85 : cpu::CoreModel::CortexM55;
  preset_.cpu.pacbti = preset_.cpu.model == cpu::CoreModel::CortexM85;
  preset_.cpu.engine = config_.cpu_engine;
  cpu_ = std::make_unique<cpu::Cpu>(preset_.cpu, bus_);
  memory_timing_ = std::make_unique<memory::timing::PlatformMemoryTiming>(memory_system_config(preset_));
  DeviceContext ctx{*this, events_, cpu_->exceptions().irq_sink(), preset_.clock_hz, memory_timing_.get()};
  PlatformHooks hooks = hooks_;
  auto user_stop = hooks_.request_stop;
  hooks.request_stop = [this, user_stop](const std::string& why) {
    if (user_stop) user_stop(why);
    finish(RunEnd::Eot, kExitOk, why);
  };
  std::string error;
  platform_ = std::make_unique<Platform>(preset_, bus_, ctx, hooks, error);
  if (!error.empty()) return error;
  if (std::string e = attach_system_control_space(); !e.empty()) return e;

  // A device scheduling an event earlier than the end of the CPU's quantum ends the quantum there.
  events_.set_on_earliest_change([this](Cycles when) {
    if (running_ && when < run_end_) cpu_->request_stop();
  });

  if (std::string e = load_elf(config_.firmware, bus_, image_); !e.empty()) return e;
  for (const DataFile& d : config_.data) {
    if (std::string e = load_data_file(d.path, d.address, bus_); !e.empty()) return e;
  }

  // The core boots from the vector table at VTOR (SSE-300: INITSVTOR0 = 0x1000_0000, ITCM). A
  // firmware linked elsewhere would fetch a reset vector of 0 and fault at once: say so instead.
  {
    uint8_t vectors[8] = {};
    const uint32_t vtor = preset_.cpu.initial_vtor;
    if (!bus_.debug_read_block(vtor, vectors) ||
        (vectors[4] | vectors[5] | vectors[6] | vectors[7]) == 0) {
      return fmt::format("'{}' puts no vector table at {:#010x}, where {} boots (reset vector is 0); "
                         "is it linked for this platform?",
                         config_.firmware, vtor, preset_.name);
    }
  }

  if (config_.semihosting_enabled) {
    SemihostingOptions so;
    so.cmdline = config_.semihosting_cmdline;
    so.root = config_.semihosting_root;
    so.heap_base = config_.heap_base;
    so.heap_limit = config_.heap_limit;
    so.stack_base = config_.stack_base;
    so.stack_limit = config_.stack_limit;
    so.clock_hz = preset_.clock_hz;
    so.on_stdout = hooks_.on_stdout;
    semihosting_ = std::make_unique<Semihosting>(so, *this, [this](int code) {
      finish(RunEnd::SemihostingExit, code, fmt::format("guest exited with status {} (semihosting)", code));
    });
    if (!semihosting_->ok()) return semihosting_->error();
    cpu_->set_semihosting(semihosting_.get());
  }
  if (config_.trace) {
    trace_ = std::make_unique<TraceWriter>(config_.trace_file, *this);
    if (!trace_->ok()) return trace_->error();
    cpu_->set_trace(trace_.get());
  }
  if (config_.timing) {
    const std::string core = !config_.cpu.empty() ? config_.cpu
                             : preset_.cpu.model == cpu::CoreModel::CortexM85 ? "cortex-m85"
                                                                              : "cortex-m55";
    timing_model_ = cpu::timing::make_timing_model(core);
    if (!timing_model_) return fmt::format("unknown --cpu '{}' (known: cortex-m55, cortex-m85)", core);
    timing_model_->set_clock(this);
    timing_model_->set_memory_timing(memory_timing_.get());
    cpu_->set_timing(timing_model_.get());
  }
  if (!cpu_->reset()) {
    return fmt::format("cannot read the vector table at {:#010x} (is the firmware linked for {}?)",
                       preset_.cpu.initial_vtor, preset_.name);
  }
  static_cast<cpu::scs::SystemControlSpace*>(scs_.get())->reset();
  reschedule_systick();
  return {};
}

std::string Simulator::attach_system_control_space() {
  cpu::ExceptionUnit& ex = cpu_->exceptions();
  auto scs = std::make_unique<cpu::scs::SystemControlSpace>(ex, *this, &markers_, &instruction_count_);
  // SysTick is not ticked: its next wrap is an event on the queue (cpu/scs/systick.h).
  scs->systick().on_deadline_change = [this] { reschedule_systick(); };
  if (!bus_.map(cpu::scs::SystemControlSpace::kBaseAddress, cpu::scs::SystemControlSpace::kSize, *scs, "PPB")) {
    return "cannot map the system control space at 0xE0000000";
  }
  // AIRCR.SYSRESETREQ: corsim ends the run rather than rebooting the firmware (firmware asks for
  // a reset from fatal-error paths; a reboot would usually loop). docs/sim.md, exit status 3.
  ex.set_reset_request_handler([this] {
    finish(RunEnd::SystemReset, kExitGuestFault,
           "the guest requested a system reset (AIRCR.SYSRESETREQ); the run ends here");
  });
  // The core reads CCR (UNALIGN_TRP, DIV_0_TRP) from the SCB state on its rare paths.
  cpu_->set_ccr_reader([&ex] { return ex.regs().ccr_s(); });
  // CCR.IC/DC and the cache maintenance registers drive the memory-system timing's caches.
  scs->set_cache_hooks(
      [this](uint32_t ccr) { memory_timing_->set_cache_enables((ccr >> 17) & 1u, (ccr >> 16) & 1u); },
      [this](unsigned op, uint32_t value) {
        memory_timing_->cache_maintenance(static_cast<memory::CacheOp>(op), value, now());
      },
      [this](bool instr) {
        return (instr ? memory_timing_->icache() : memory_timing_->dcache()).geometry().ccsidr(instr);
      });
  // The MPU's regions (MPU_CTRL, RBAR/RLAR, MAIR) give the memory timing its cacheability.
  scs->mpu_sau().set_mpu_listener([this](const memory::MpuRegions& mpu) { memory_timing_->set_mpu_regions(mpu); });
  scs_ = std::move(scs);
  return {};
}

void Simulator::reschedule_systick() {
  auto* scs = static_cast<cpu::scs::SystemControlSpace*>(scs_.get());
  events_.cancel(systick_event_);
  systick_event_ = EventQueue::kNoEvent;
  if (auto when = scs->systick().next_deadline()) {
    systick_event_ = events_.schedule(*when, [this, scs](Cycles at) {
      systick_event_ = EventQueue::kNoEvent;
      scs->systick().update(std::max(at, now()));
      reschedule_systick();
    });
  }
}

RunResult Simulator::run() {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  // --timeout counts the host time the core ran: not the time a debugger held it.
  Clock::duration held{};
  auto next_progress = start + progress_period_;
  while (!finished_) {
    events_.run_until(now());
    if (finished_) break;
    const Cycles t = now();
    if (interrupt_flag_ && *interrupt_flag_) {
      finish(RunEnd::Interrupted, kExitInterrupted, "interrupted (SIGINT); the run stops here");
      break;
    }
    auto host_now = Clock::now();
    if (debug_) {
      const bool go_on = debug_->before_slice();
      const auto resumed = Clock::now();
      held += resumed - host_now;
      host_now = resumed;
      if (!go_on) {
        finish(RunEnd::Interrupted, kExitInterrupted,
               interrupt_requested() ? "interrupted (SIGINT) while the debugger held the core" : "the debugger killed the run");
        break;
      }
    }
    if (progress_ && host_now >= next_progress) {
      next_progress = host_now + progress_period_;
      progress_({t, cpu_->instructions(), std::chrono::duration<double>(host_now - start).count()});
    }
    if (config_.max_cycles && t >= *config_.max_cycles) {
      finish(RunEnd::CycleLimit, kExitTimeout, fmt::format("cycle limit of {} reached", *config_.max_cycles));
      break;
    }
    if (config_.timeout_seconds &&
        std::chrono::duration<double>(host_now - start - held).count() >= *config_.timeout_seconds) {
      finish(RunEnd::Timeout, kExitTimeout, fmt::format("timeout after {} s of host time", *config_.timeout_seconds));
      break;
    }
    Cycles budget = kQuantum;
    if (auto next = events_.next_time()) budget = std::min(budget, *next > t ? *next - t : Cycles{1});
    if (config_.max_cycles) budget = std::min(budget, *config_.max_cycles - t);
    running_ = true;
    run_end_ = t + budget;
    const cpu::StopReason why = cpu_->run(budget);
    running_ = false;
    switch (why) {
      case cpu::StopReason::CycleLimit:
      case cpu::StopReason::StopRequested:  // finish() or an earlier event: the loop decides
        break;
      case cpu::StopReason::Sleeping: {
        const auto next = events_.next_time();
        if (!next) {
          finish(RunEnd::SleepingForever, kExitGuestFault,
                 fmt::format("guest is sleeping forever: WFI/WFE at {:#010x} with no interrupt source that could wake it",
                             cpu_->state().r[15]));
          break;
        }
        Cycles target = std::max(*next, now());
        if (config_.max_cycles) target = std::min(target, *config_.max_cycles);
        idle_cycles_ += target - now();
        break;
      }
      case cpu::StopReason::Lockup:
        finish(RunEnd::Lockup, kExitGuestFault, "the core locked up (unrecoverable fault)");
        break;
      case cpu::StopReason::FaultHang:
        finish(RunEnd::FaultHang, kExitGuestFault, "unhandled guest fault: the fault handler spins on itself");
        break;
    }
  }
  RunResult r = *finished_;
  if (semihosting_ && semihosting_->exit_code()) r.guest_exit_code = semihosting_->exit_code();
  r.instructions = cpu_->instructions();
  r.cycles = now();
  r.host_seconds = std::chrono::duration<double>(Clock::now() - start).count();
  if (debug_) debug_->run_ended(r);
  std::fflush(stdout);
  return r;
}

}  // namespace corsim::sim
