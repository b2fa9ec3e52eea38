// The NPU's AXI masters on the interconnect, with the transfer log and held writes
// (interconnect_bus.h).
#include "npu/interconnect_bus.h"

namespace corsim::npu {

namespace {
memory::Master master(AxiPort p) { return p == AxiPort::kAxi0 ? memory::Master::NpuAxi0 : memory::Master::NpuAxi1; }
}  // namespace

bool InterconnectBus::read(uint64_t address, std::span<uint8_t> out, AxiPort port) {
  if (address > UINT32_MAX || out.size() > uint64_t{UINT32_MAX} + 1 - address) return false;
  if (!ic_.debug_read_block(static_cast<uint32_t>(address), out)) return false;
  ic_.count(master(port), false, out.size());
  note(port, static_cast<uint32_t>(address), out.size(), false);
  return true;
}

bool InterconnectBus::write(uint64_t address, std::span<const uint8_t> in, AxiPort port) {
  if (address > UINT32_MAX || in.size() > uint64_t{UINT32_MAX} + 1 - address) return false;
  const auto addr = static_cast<uint32_t>(address);
  if (holding_ && !in.empty()) {
    const size_t at = bytes_.size();
    bytes_.resize(at + in.size());
    if (!ic_.debug_read_block(addr, std::span<uint8_t>(bytes_.data() + at, in.size()))) {
      bytes_.resize(at);
      return false;  // nothing readable backs the range: the write below would fail too
    }
    spans_.push_back({addr, at, in.size()});
  }
  if (!ic_.debug_write_block(addr, in)) return false;
  ic_.count(master(port), true, in.size());
  note(port, addr, in.size(), true);
  return true;
}

void InterconnectBus::note(AxiPort p, uint32_t addr, uint64_t bytes, bool write) {
  if (!logging_ || bytes == 0) return;
  const unsigned port = p == AxiPort::kAxi0 ? 0u : 1u;
  const memory::Mapping* m = ic_.find(addr);
  const memory::Target* target = m ? m->target : nullptr;
  for (size_t i = 0; i < log_.size(); ++i) {  // at most 2 ports x 2 directions x the memories
    timing::AxiTransfer& t = log_[i];
    if (t.port == port && t.write == write && targets_[i] == target) {
      t.bytes += bytes;
      return;
    }
  }
  log_.push_back({port, addr, bytes, write});
  targets_.push_back(target);
}

void InterconnectBus::clear_log() {
  log_.clear();
  targets_.clear();
}

void InterconnectBus::begin_holding() {
  drop_writes();
  holding_ = true;
}

void InterconnectBus::hold_writes() {
  holding_ = false;
  // The memory now holds the operation's final bytes; keep them and put the old ones back. The
  // old bytes go back newest first, so a range written twice ends with its value from before the
  // operation.
  std::vector<uint8_t> fresh(bytes_.size());
  for (const Span& s : spans_) ic_.debug_read_block(s.addr, std::span<uint8_t>(fresh.data() + s.offset, s.size));
  for (auto it = spans_.rbegin(); it != spans_.rend(); ++it)
    ic_.debug_write_block(it->addr, std::span<const uint8_t>(bytes_.data() + it->offset, it->size));
  bytes_ = std::move(fresh);
}

void InterconnectBus::commit_writes() {
  // Every span holds the final bytes of its range, so the order does not matter.
  for (const Span& s : spans_) ic_.debug_write_block(s.addr, std::span<const uint8_t>(bytes_.data() + s.offset, s.size));
  drop_writes();
}

void InterconnectBus::drop_writes() {
  holding_ = false;
  spans_.clear();
  bytes_.clear();
}

}  // namespace corsim::npu
