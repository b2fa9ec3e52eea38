// Fuzz target: the GDB remote protocol layer (sim/gdb/packet.cpp framing, checksum and escapes;
// sim/gdb/dispatcher.cpp commands; sim/gdb/registers.cpp; sim/gdb/points.cpp) against a small
// live target: an architectural state, 4 KiB of RAM at 0 and at 0x20000000, and a real System
// Control Space on the PPB, whose FPB and DWT take the hardware breakpoints and watchpoints
// (Z1-Z4) as a debugger writes them, through the session's own Points. Input layout:
//   byte 0     bit 0: FPU, bit 1: MVE (the register table and target.xml); bits 2-7: the stream is
//              fed to the decoder in pieces of that many bytes plus one, as a socket may split it
//   the rest   the bytes GDB sends: packets ($payload#cc), acknowledgements, 0x03 interrupts
// Every packet the decoder accepts goes to the dispatcher, whatever it asked before (a kill, a
// detach or a resume ends nothing here). Checked on every reply (GDB manual, "Overview"): framed
// and decoded again it comes back whole (one packet, the same bytes after its escapes are undone),
// and the decoder never holds a payload above its kMaxPacket.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "base/clock.h"
#include "cpu/exceptions/exception_unit.h"
#include "cpu/scs/system_control_space.h"
#include "memory/interconnect.h"
#include "memory/ram.h"
#include "sim/gdb/dispatcher.h"
#include "sim/gdb/packet.h"
#include "sim/gdb/points.h"

using namespace corsim;
using namespace corsim::sim::gdb;

namespace {

constexpr uint32_t kRamSize = 4096, kData = 0x20000000;

struct FixedTime final : TimeSource {
  Cycles now() const override { return 0; }
};

// What sim/gdb/session.cpp does for a Simulator, on a bus of two small RAMs and the PPB. Built once
// (an Interconnect holds a 2^20-entry page table); reset() before every input.
class LiveTarget final : public DebugTarget {
 public:
  LiveTarget() {
    bus_.map(0, kRamSize, code_, "code");
    bus_.map(kData, kRamSize, data_, "data");
    bus_.map(cpu::scs::SystemControlSpace::kBaseAddress, cpu::scs::SystemControlSpace::kSize, scs_, "PPB");
  }
  void reset() {
    static const std::vector<uint8_t> zeros(kRamSize, 0);
    bus_.debug_write_block(0, zeros);
    bus_.debug_write_block(kData, zeros);
    exceptions_.reset(0);  // the state too (ExceptionUnit::reset)
    scs_.reset();
    points_.forget_software();
  }

  cpu::ArchState& state() override { return state_; }
  bool read_memory(uint32_t address, std::span<uint8_t> out) override { return bus_.debug_read_block(address, out); }
  bool write_memory(uint32_t address, std::span<const uint8_t> in) override {
    return bus_.debug_write_block(address, in);
  }
  bool insert_point(PointType type, uint32_t address, uint32_t length) override {
    return points_.insert(type, address, length);
  }
  bool remove_point(PointType type, uint32_t address, uint32_t length) override {
    return points_.remove(type, address, length);
  }
  // As the session's table of monitor commands: a known one, and the unknown-command line that
  // echoes what was asked (so a long command gives several console output packets).
  std::string monitor(std::string_view command) override {
    if (command == "help") return "monitor help     this list\n";
    return "unknown monitor command '" + std::string(command) + "' (monitor help lists them)\n";
  }

 private:
  FixedTime time_;
  memory::Interconnect bus_;
  memory::Ram code_{"code", kRamSize}, data_{"data", kRamSize};
  cpu::ArchState state_;
  cpu::CpuConfig config_;
  cpu::ExceptionUnit exceptions_{state_, bus_, config_};
  cpu::scs::SystemControlSpace scs_{exceptions_, time_};
  Points points_{scs_};
};

// A reply, framed as the session sends it and decoded as GDB's side would, must come back whole.
void check_round_trip(const std::string& reply) {
  PacketDecoder decoder;
  decoder.feed(frame_packet(reply));
  const std::vector<PacketEvent> events = decoder.take();
  if (events.size() != 1 || events[0].kind != PacketEvent::Kind::Packet) std::abort();
  const auto unescaped = unescape_binary(events[0].payload);
  if (!unescaped || *unescaped != reply) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 1) return 0;
  static LiveTarget& target = *new LiveTarget;
  static Dispatcher* dispatchers[4] = {new Dispatcher(target, false, false), new Dispatcher(target, true, false),
                                       new Dispatcher(target, false, true), new Dispatcher(target, true, true)};
  target.reset();
  Dispatcher& dispatcher = *dispatchers[data[0] & 3u];
  dispatcher.set_stop_reply("S05");
  const size_t piece = (data[0] >> 2) + 1u;

  const std::string_view stream(reinterpret_cast<const char*>(data + 1), size - 1);
  PacketDecoder decoder;
  for (size_t at = 0; at < stream.size(); at += piece) {
    decoder.feed(stream.substr(at, piece));
    for (const PacketEvent& event : decoder.take()) {
      if (event.payload.size() > PacketDecoder::kMaxPacket) std::abort();
      if (event.kind != PacketEvent::Kind::Packet) continue;
      const Response response = dispatcher.handle(event.payload);
      for (const std::string& reply : response.packets) check_round_trip(reply);
    }
  }
  return 0;
}
