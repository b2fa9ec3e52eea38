#pragma once
// The device's view of memory (npu/bus.h over memory::Interconnect): the NPU's AXI masters reach
// system memory through the interconnect, counted per port (memory::Master::NpuAxi0/NpuAxi1).
//
// Two extras serve the event-driven device (docs/npu.md "Device"):
//  * a transfer log: an operation's accesses of one port and direction to one memory merge into
//    one timing::AxiTransfer (first address, total bytes), which the memory-system timing prices;
//  * held writes: an operation runs functionally when its modelled start is reached, but its
//    results must become visible only at its modelled end. While holding, writes reach memory (so
//    the operation reads back what it wrote, as the read-modify-write stores need) and the old
//    bytes are kept; hold_writes() then keeps the new bytes aside and puts the old ones back, and
//    commit_writes() writes the new bytes at the operation's end. Only the bytes the operation
//    wrote are touched, so CPU writes elsewhere in the same memory in between are kept.
#include <cstdint>
#include <span>
#include <vector>

#include "memory/interconnect.h"
#include "npu/bus.h"
#include "npu/timing/timing_model.h"

namespace corsim::npu {

class InterconnectBus final : public NpuBus {
 public:
  explicit InterconnectBus(memory::Interconnect& ic) : ic_(ic) {}

  bool read(uint64_t address, std::span<uint8_t> out, AxiPort port) override;
  bool write(uint64_t address, std::span<const uint8_t> in, AxiPort port) override;

  // The operation's transfers so far (empty unless logging), and starting a new operation's log.
  void set_logging(bool on) { logging_ = on; }
  const std::vector<timing::AxiTransfer>& transfers() const { return log_; }
  void clear_log();

  // Held writes (see above). begin_holding() before the operation runs; hold_writes() after it
  // (restores the old bytes); commit_writes() at its end; drop_writes() forgets them (reset).
  void begin_holding();
  void hold_writes();
  void commit_writes();
  void drop_writes();
  bool holding() const { return holding_; }
  uint64_t held_bytes() const { return bytes_.size(); }

 private:
  struct Span {
    uint32_t addr;
    size_t offset, size;  // into bytes_
  };
  void note(AxiPort p, uint32_t addr, uint64_t bytes, bool write);

  memory::Interconnect& ic_;
  bool logging_ = false;
  std::vector<timing::AxiTransfer> log_;
  std::vector<const memory::Target*> targets_;  // the memory of each log entry

  bool holding_ = false;
  std::vector<Span> spans_;     // every write of the operation, in order
  std::vector<uint8_t> bytes_;  // their old bytes while running, their new bytes once held
};

}  // namespace corsim::npu
