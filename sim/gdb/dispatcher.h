#pragma once
// The GDB remote serial protocol's commands (GDB manual, "Remote Protocol" > "Packets", "General
// Query Packets", "Stop Reply Packets"), answered against a DebugTarget. One packet in, what to
// send and what the core should do out; the session (sim/gdb/session.h) owns the socket and the
// running. Unknown packets get the empty reply (the protocol's "not supported"); malformed ones
// one "E NN" error, never more.
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "cpu/arch_state.h"

namespace corsim::sim::gdb {

// Z/z packet types (GDB manual, "insert breakpoint or watchpoint packet").
enum class PointType : uint8_t { Software = 0, Hardware = 1, WriteWatch = 2, ReadWatch = 3, AccessWatch = 4 };

class DebugTarget {
 public:
  virtual ~DebugTarget() = default;
  virtual cpu::ArchState& state() = 0;
  // Side-effect-free memory access (the bus's debug path): false when a byte cannot be read or
  // written (nothing mapped, a device register, a register whose read acts).
  virtual bool read_memory(uint32_t address, std::span<uint8_t> out) = 0;
  virtual bool write_memory(uint32_t address, std::span<const uint8_t> in) = 0;
  // False: refused (no free comparator, a length the hardware cannot watch).
  virtual bool insert_point(PointType type, uint32_t address, uint32_t length) = 0;
  virtual bool remove_point(PointType type, uint32_t address, uint32_t length) = 0;
  // A `monitor` command's output text.
  virtual std::string monitor(std::string_view command) = 0;
};

enum class Resume : uint8_t { None, Continue, Step, Kill, Detach };

struct Response {
  std::vector<std::string> packets;  // payloads to send, in order (none: the core now runs)
  Resume resume = Resume::None;
  bool no_ack = false;  // QStartNoAckMode: acknowledgements end after this reply
};

class Dispatcher {
 public:
  static constexpr size_t kPacketSize = 0x4000;  // qSupported PacketSize: payload bytes we accept
  Dispatcher(DebugTarget& target, bool has_fpu, bool has_mve);
  Response handle(std::string_view payload);
  // What '?' answers: the reason of the last stop (a stop reply packet).
  void set_stop_reply(std::string reply) { stop_reply_ = std::move(reply); }

 private:
  std::string read_registers();
  std::string write_registers(std::string_view hex);
  std::string read_memory(std::string_view args);
  std::string write_memory(std::string_view args, bool binary);
  std::string point(std::string_view payload, bool insert);
  std::string query(std::string_view payload, Response& r);
  Response resume(std::string_view payload);

  DebugTarget& target_;
  bool has_fpu_, has_mve_;
  std::string xml_;
  std::string stop_reply_ = "S05";
};

}  // namespace corsim::sim::gdb
