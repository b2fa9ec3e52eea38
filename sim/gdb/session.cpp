#include "sim/gdb/session.h"

#include <cstdio>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "base/text.h"
#include "cpu/scs/system_control_space.h"

namespace corsim::sim::gdb {

namespace {
// GDB's own signal numbers in stop replies (gdb/include/gdb/signals.def).
constexpr int kSigInt = 2, kSigTrap = 5, kSigKill = 9, kSigSegv = 11, kSigXcpu = 24;
// How long a wait for GDB lasts before looking at the SIGINT flag again (a signal that comes
// between two waits does not interrupt the next one).
constexpr int kWaitSliceMs = 100;
// How often a running core looks for a connecting GDB or GDB's interrupt (0x03): a person does not
// see 20 ms, and the poll costs a system call.
constexpr auto kPollPeriod = std::chrono::milliseconds(20);
}  // namespace

Session::Session(Simulator& sim, bool wait) : sim_(sim), wait_(wait) {}

Session::~Session() {
  if (hook_ && sim_.cpu().timing() == hook_.get()) sim_.cpu().set_timing(inner_);
}

std::string Session::start(uint16_t port) {
  auto* scs = static_cast<cpu::scs::SystemControlSpace*>(sim_.system_control_space());
  if (scs == nullptr) return "--gdb: this CPU has no System Control Space";
  if (std::string e = listener_.open(port); !e.empty()) return e;
  // The hook goes around the timing model only while a debugger is attached (attach(), below):
  // without one the model's own loop runs at full speed, and FPB/DWT matches do not halt the core,
  // as on hardware with no debugger (DHCSR.C_DEBUGEN clear).
  inner_ = sim_.cpu().timing();
  points_ = std::make_unique<Points>(*scs);
  hook_ = std::make_unique<DebugHook>(sim_.cpu(), inner_, scs->fpb(), scs->dwt(), points_->software());
  const cpu::CpuConfig& c = sim_.cpu().config();
  dispatcher_ = std::make_unique<Dispatcher>(*this, c.has_fpu, c.has_mve);
  add_monitor_command("help", "this list", [this] {
    std::string s;
    for (const auto& [name, cmd] : monitor_) s += fmt::format("monitor {:<8} {}\n", name, cmd.help);
    return s;
  });
  spdlog::info("GDB server listening on 127.0.0.1:{}{}", listener_.port(),
               wait_ ? "; the core waits at reset for a debugger" : "");
  return {};
}

void Session::add_monitor_command(std::string name, std::string help, std::function<std::string()> run) {
  monitor_[std::move(name)] = MonitorCommand{std::move(help), std::move(run)};
}

void Session::send(const std::string& payload) {
  last_sent_ = frame_packet(payload);
  if (conn_ && !conn_->send(last_sent_)) drop_connection();
}

void Session::attach(std::unique_ptr<Connection> connection) {
  conn_ = std::move(connection);
  hook_->take_stop();  // nothing from an earlier connection
  sim_.cpu().set_timing(hook_.get());
}

void Session::drop_connection() {
  conn_.reset();
  sim_.cpu().set_timing(inner_);
  decoder_ = PacketDecoder();
  ack_ = true;
  // The debugger's software breakpoints and stepping go with it (Points::forget_software).
  points_->forget_software();
  hook_->set_stepping(false);
}

std::optional<std::string> Session::receive(int wait_ms) {
  std::optional<std::string> bytes = conn_->receive(wait_ms);
  if (!bytes) {
    spdlog::info("GDB closed the connection; the run goes on");
    drop_connection();
  }
  return bytes;
}

bool Session::socket_poll_due() {
  const auto now = std::chrono::steady_clock::now();
  if (now < next_poll_) return false;
  next_poll_ = now + kPollPeriod;
  return true;
}

bool Session::before_slice() {
  if (!conn_) {
    if (!wait_ && !socket_poll_due()) return true;
    // --gdb-wait: wait at reset until GDB connects or Ctrl-C (SIGINT) ends the run.
    std::unique_ptr<Connection> c;
    do {
      c = listener_.accept(wait_ ? kWaitSliceMs : 0);
      if (!c && wait_ && sim_.interrupt_requested()) return false;
    } while (!c && wait_);
    if (!c) return true;
    attach(std::move(c));
    wait_ = false;
    spdlog::info("GDB connected; the core is halted at pc {:#010x}", state().r[15]);
    return serve_halted("");  // GDB asks why with '?'
  }
  if (std::optional<DebugStop> stop = hook_->take_stop()) {
    // A breakpoint stop asked for after an instruction that then faulted (the fault entry moved the
    // PC) counts only when the core stands on a breakpoint now.
    if (stop->kind != DebugStop::Kind::Breakpoint || hook_->breakpoint_at(state().r[15])) {
      return serve_halted(stop_reply(*stop));
    }
  }
  // Running: look for GDB's interrupt (0x03) without waiting.
  if (!socket_poll_due()) return true;
  const std::optional<std::string> bytes = receive(0);
  if (!bytes || bytes->empty()) return true;
  decoder_.feed(*bytes);
  for (const PacketEvent& e : decoder_.take()) {
    if (e.kind == PacketEvent::Kind::Interrupt) return serve_halted(fmt::format("T{:02x}", kSigInt));
  }
  return true;
}

std::string Session::stop_reply(const DebugStop& stop) const {
  switch (stop.kind) {
    case DebugStop::Kind::Step: return fmt::format("T{:02x}", kSigTrap);
    case DebugStop::Kind::Breakpoint:
      return fmt::format("T{:02x}{}", kSigTrap,
                         points_->software().count(sim_.cpu().state().r[15]) ? "swbreak:;" : "hwbreak:;");
    case DebugStop::Kind::Watchpoint: {
      auto* scs = static_cast<cpu::scs::SystemControlSpace*>(sim_.system_control_space());
      return fmt::format("T{:02x}{}:{:08x};", kSigTrap, Points::watch_kind(scs->dwt().comparator_function(stop.comparator)),
                         stop.data_address);
    }
  }
  return fmt::format("T{:02x}", kSigTrap);
}

bool Session::serve_halted(const std::string& stop_reply) {
  std::fflush(stdout);  // the guest's console so far shows while the core is held
  hook_->set_stepping(false);
  if (!stop_reply.empty()) {
    dispatcher_->set_stop_reply(stop_reply);
    send(stop_reply);
  }
  while (conn_) {
    const std::optional<std::string> bytes = receive(kWaitSliceMs);
    if (!bytes) return true;
    if (bytes->empty()) {
      if (sim_.interrupt_requested()) return false;  // Ctrl-C on corsim while halted: end the run
      continue;
    }
    decoder_.feed(*bytes);
    for (const PacketEvent& e : decoder_.take()) {
      switch (e.kind) {
        case PacketEvent::Kind::Ack:
        case PacketEvent::Kind::Interrupt:  // already halted
          break;
        case PacketEvent::Kind::Nack:
          if (conn_ && !last_sent_.empty()) conn_->send(last_sent_);
          break;
        case PacketEvent::Kind::BadChecksum:
          if (ack_ && conn_) conn_->send("-");
          break;
        case PacketEvent::Kind::Packet: {
          if (ack_ && conn_) conn_->send("+");
          const Response r = dispatcher_->handle(e.payload);
          for (const std::string& p : r.packets) send(p);
          if (r.no_ack) ack_ = false;
          switch (r.resume) {
            case Resume::None: break;
            case Resume::Continue: return true;
            case Resume::Step:
              hook_->set_stepping(true);
              return true;
            case Resume::Kill:
              drop_connection();
              return false;
            case Resume::Detach:
              spdlog::info("GDB detached; the run goes on");
              drop_connection();
              return true;
          }
          break;
        }
      }
      if (!conn_) return true;
    }
  }
  return true;
}

void Session::run_ended(const RunResult& result) {
  if (!conn_) return;
  int signal = 0;
  switch (result.end) {
    case RunEnd::Eot:
    case RunEnd::SemihostingExit: break;
    case RunEnd::Interrupted: signal = kSigInt; break;
    case RunEnd::CycleLimit:
    case RunEnd::Timeout: signal = kSigXcpu; break;
    case RunEnd::SystemReset: signal = kSigKill; break;
    case RunEnd::Lockup:
    case RunEnd::FaultHang:
    case RunEnd::SleepingForever: signal = kSigSegv; break;
  }
  const int code = result.guest_exit_code.value_or(result.exit_status);
  send(signal == 0 ? fmt::format("W{:02x}", code & 0xFF) : fmt::format("X{:02x}", signal));
  // Let GDB acknowledge before the socket closes.
  if (conn_ && ack_) conn_->receive(1000);
  conn_.reset();
}

bool Session::read_memory(uint32_t address, std::span<uint8_t> out) {
  return sim_.bus().debug_read_block(address, out);
}

bool Session::write_memory(uint32_t address, std::span<const uint8_t> in) {
  return sim_.bus().debug_write_block(address, in);
}

bool Session::insert_point(PointType type, uint32_t address, uint32_t length) {
  return points_->insert(type, address, length);
}

bool Session::remove_point(PointType type, uint32_t address, uint32_t length) {
  return points_->remove(type, address, length);
}

std::string Session::monitor(std::string_view command) {
  command = trim_blanks(command);
  const auto it = monitor_.find(command);
  if (it == monitor_.end()) return fmt::format("unknown monitor command '{}' (monitor help lists them)\n", command);
  return it->second.run();
}

}  // namespace corsim::sim::gdb
