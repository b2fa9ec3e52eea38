#pragma once
// `corsim --gdb PORT [--gdb-wait]`: one GDB connection on 127.0.0.1:PORT driving a Simulator
// (docs/sim.md "GDB server"). The session is the Simulator's DebugControl: before each slice of
// the run it looks for a stop the DebugHook asked for (breakpoint, watchpoint, step), a 0x03
// interrupt from GDB or a new connection, and while the core is halted it answers GDB's packets
// (sim/gdb/dispatcher.h) until GDB continues, steps, detaches or kills. When the run ends GDB
// gets the exit status (W) or a signal (X).
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include "sim/gdb/debug_hook.h"
#include "sim/gdb/dispatcher.h"
#include "sim/gdb/packet.h"
#include "sim/gdb/points.h"
#include "sim/gdb/socket.h"
#include "sim/simulator.h"

namespace corsim::sim::gdb {

class Session final : public Simulator::DebugControl, public DebugTarget {
 public:
  // `wait`: halt at reset until a debugger attaches (--gdb-wait).
  Session(Simulator& sim, bool wait);
  ~Session() override;
  // After Simulator::prepare(): listens on `port`. Returns "" or one error line.
  std::string start(uint16_t port);
  uint16_t port() const { return listener_.port(); }
  // A `monitor NAME` command (qRcmd); `monitor help` lists them.
  void add_monitor_command(std::string name, std::string help, std::function<std::string()> run);

  // Simulator::DebugControl
  bool before_slice() override;
  void run_ended(const RunResult& result) override;

  // DebugTarget
  cpu::ArchState& state() override { return sim_.cpu().state(); }
  bool read_memory(uint32_t address, std::span<uint8_t> out) override;
  bool write_memory(uint32_t address, std::span<const uint8_t> in) override;
  bool insert_point(PointType type, uint32_t address, uint32_t length) override;
  bool remove_point(PointType type, uint32_t address, uint32_t length) override;
  std::string monitor(std::string_view command) override;

 private:
  // Answers packets while the core is halted; `stop_reply` is sent first unless empty (on attach
  // GDB asks with '?'). False: GDB killed the run, or Ctrl-C on corsim interrupted the wait.
  bool serve_halted(const std::string& stop_reply);
  std::string stop_reply(const DebugStop& stop) const;
  void send(const std::string& payload);
  // What GDB sent within `wait_ms` ("" when nothing came); nullopt when it closed the connection,
  // which is then dropped (the run goes on).
  std::optional<std::string> receive(int wait_ms);
  // A debugger arrives: the DebugHook goes around the timing model. drop_connection() takes it
  // away again.
  void attach(std::unique_ptr<Connection> connection);
  void drop_connection();
  // While the core runs, the socket is looked at (a poll system call) at most every kPollPeriod
  // of host time, not at every slice: slices end at every device event, thousands per second.
  bool socket_poll_due();

  Simulator& sim_;
  bool wait_;
  Listener listener_;
  std::unique_ptr<Connection> conn_;
  PacketDecoder decoder_;
  std::unique_ptr<Points> points_;
  std::unique_ptr<DebugHook> hook_;
  cpu::TimingHook* inner_ = nullptr;
  std::unique_ptr<Dispatcher> dispatcher_;
  bool ack_ = true;
  std::string last_sent_;
  std::chrono::steady_clock::time_point next_poll_{};
  struct MonitorCommand {
    std::string help;
    std::function<std::string()> run;
  };
  std::map<std::string, MonitorCommand, std::less<>> monitor_;
};

}  // namespace corsim::sim::gdb
