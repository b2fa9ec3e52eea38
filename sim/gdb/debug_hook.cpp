#include "sim/gdb/debug_hook.h"

#include <algorithm>

namespace corsim::sim::gdb {

void DebugHook::begin_quantum() {
  if (inner_) inner_->begin_quantum();
  watching_ = dwt_.any_data_watch();
  checking_ = stepping_ || watching_ || !software_.empty() || fpb_.any_enabled();
}

void DebugHook::exception_redirect() {
  // The PC is the next instruction, not yet run. A single step that takes a pending exception ends
  // there too: the entry is the step, as a halting step does on Armv8-M.
  if (!checking_ || stop_) return;
  const bool breakpoint = breakpoint_at(cpu_.state().r[15]);
  if (!breakpoint && !stepping_) return;
  stop_ = DebugStop{breakpoint ? DebugStop::Kind::Breakpoint : DebugStop::Kind::Step};
  cpu_.request_stop();
}

Cycles DebugHook::retire(const cpu::RetireInfo& info) {
  const Cycles cycles = inner_ ? inner_->retire(info) : 1;
  if (!checking_ || stop_) return cycles;
  if (watching_ && info.executed) {
    for (unsigned i = 0; i < info.memory->count; ++i) {
      const cpu::MemAccess& a = info.memory->access[i];
      const int c = dwt_.data_match(a.addr, a.size, a.write);
      if (c < 0) continue;
      const auto n = static_cast<unsigned>(c);
      stop_ = DebugStop{DebugStop::Kind::Watchpoint, std::max(a.addr, dwt_.comparator_address(n)), n};
      break;
    }
  }
  if (!stop_ && stepping_) stop_ = DebugStop{DebugStop::Kind::Step};
  // An exception return's target is not next_pc: exception_redirect() sees it.
  if (!stop_ && breakpoint_at(info.next_pc)) stop_ = DebugStop{DebugStop::Kind::Breakpoint};
  if (stop_) cpu_.request_stop();
  return cycles;
}

std::optional<DebugStop> DebugHook::take_stop() {
  std::optional<DebugStop> s;
  s.swap(stop_);
  return s;
}

}  // namespace corsim::sim::gdb
