#include "memory/register_bank.h"

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include <cstdio>
#include <cstdlib>

namespace corsim::memory {

namespace {

uint32_t size_mask(unsigned size) { return size >= 4 ? 0xFFFF'FFFFu : ((1u << (8 * size)) - 1); }

}  // namespace

RegisterBank::RegisterBank(std::string device_name, ByteLanes lanes, UnknownAccess unknown)
    : device_(std::move(device_name)), lanes_(lanes), default_unknown_(unknown) {}

void RegisterBank::declare(uint32_t offset, Register r) {
  const uint32_t word = offset & ~3u;
  const std::string_view name = r.name;
  auto [it, inserted] = registers_.emplace(word, std::move(r));
  if (!inserted) {
    // Two declarations at one offset would make the device's behaviour depend on their order.
    fmt::print(stderr, "corsim: internal error: {}: register {} declared at offset {:#x}, which {} already holds\n",
               device_, name, word, it->second.name);
    std::abort();
  }
}

void RegisterBank::add(uint32_t offset, std::string_view name, ReadFn read, WriteFn write, ReadEffect effect) {
  declare(offset, Register{name, std::move(read), std::move(write), effect});
}

void RegisterBank::add_const(uint32_t offset, std::string_view name, uint32_t value) {
  add(offset, name, [value] { return value; }, nullptr);
}

void RegisterBank::add_storage(uint32_t offset, std::string_view name, uint32_t& storage, uint32_t writable,
                               uint32_t reset_value) {
  Register r{name, [&storage] { return storage; },
             [&storage, writable](uint32_t v, uint32_t lanes) { storage = merge_lanes(storage, v, lanes & writable); }};
  r.storage = &storage;
  r.reset_value = reset_value;
  declare(offset, std::move(r));
}

void RegisterBank::add_array(uint32_t offset, unsigned count, uint32_t stride, std::string_view name,
                             std::function<uint32_t(unsigned)> read,
                             std::function<void(unsigned, uint32_t, uint32_t)> write) {
  for (unsigned i = 0; i < count; ++i) {
    ReadFn r = read ? ReadFn([read, i] { return read(i); }) : ReadFn{};
    WriteFn w = write ? WriteFn([write, i](uint32_t v, uint32_t lanes) { write(i, v, lanes); }) : WriteFn{};
    add(offset + i * stride, name, std::move(r), std::move(w));
  }
}

void RegisterBank::add_id_registers(const uint8_t (&ids)[12]) {
  static constexpr std::string_view kNames[12] = {"PID4", "PID5", "PID6", "PID7", "PID0", "PID1",
                                                  "PID2", "PID3", "CID0", "CID1", "CID2", "CID3"};
  for (unsigned i = 0; i < 12; ++i) add_const(0xFD0 + 4 * i, kNames[i], ids[i]);
}

void RegisterBank::set_unknown(uint32_t begin, uint32_t end, UnknownAccess policy) {
  unknown_ranges_.push_back({begin, end, policy});
}

void RegisterBank::reset() {
  for (auto& [offset, r] : registers_) {
    if (r.storage) *r.storage = r.reset_value;
  }
}

std::string_view RegisterBank::name_of(uint32_t offset) const {
  auto it = registers_.find(offset & ~3u);
  return it == registers_.end() ? std::string_view{} : it->second.name;
}

UnknownAccess RegisterBank::unknown_policy(uint32_t word) const {
  // The most recently declared range wins, so a device can carve a quiet hole out of a larger one.
  for (auto it = unknown_ranges_.rbegin(); it != unknown_ranges_.rend(); ++it) {
    if (word >= it->begin && word < it->end) return it->policy;
  }
  return default_unknown_;
}

void RegisterBank::report(uint32_t word, bool is_write, std::string_view what, std::string_view outcome) {
  if (!reported_.insert((uint64_t{word} << 1) | (is_write ? 1u : 0u)).second) return;
  spdlog::warn("{}: {} {} offset {:#05x} ({})", device_, is_write ? "write to" : "read of", what, word, outcome);
}

BusResponse RegisterBank::unknown(uint32_t word, bool is_write) {
  switch (unknown_policy(word)) {
    case UnknownAccess::RazWiQuiet: return {};
    case UnknownAccess::RazWi:
      report(word, is_write, "unknown register at", is_write ? "write ignored" : "reads as zero");
      return {};
    case UnknownAccess::BusError:
      report(word, is_write, "unknown register at", "bus error");
      return {BusStatus::SlaveError, 0};
  }
  return {};
}

BusResponse RegisterBank::read(uint32_t offset, unsigned size, uint32_t& value) {
  value = 0;
  if (lanes_ == ByteLanes::WordOnly && (size != 4 || (offset & 3u))) return {BusStatus::SlaveError, 0};
  const uint32_t word = offset & ~3u;
  auto it = registers_.find(word);
  if (it == registers_.end()) return unknown(word, false);
  const uint32_t v = it->second.read ? it->second.read() : 0u;
  value = (v >> (8 * (offset & 3u))) & size_mask(size);
  return {};
}

BusResponse RegisterBank::write(uint32_t offset, unsigned size, uint32_t value) {
  if (lanes_ == ByteLanes::WordOnly && (size != 4 || (offset & 3u))) return {BusStatus::SlaveError, 0};
  const uint32_t word = offset & ~3u;
  auto it = registers_.find(word);
  if (it == registers_.end()) return unknown(word, true);
  Register& r = it->second;
  if (!r.write) {
    report(word, true, "read-only register " + std::string(r.name) + " at", "write ignored");
    return {};
  }
  const unsigned shift = 8 * (offset & 3u);
  const uint32_t data = (value & size_mask(size)) << shift;
  // Without write strobes the register sees the whole word, zeros outside the written lane.
  const uint32_t lanes = lanes_ == ByteLanes::Strobed ? size_mask(size) << shift : 0xFFFF'FFFFu;
  r.write(data, lanes);
  return {};
}

bool RegisterBank::debug_read(uint32_t offset, unsigned size, uint32_t& value) const {
  auto it = registers_.find(offset & ~3u);
  if (it == registers_.end() || it->second.effect == ReadEffect::Acts) return false;
  const uint32_t v = it->second.read ? it->second.read() : 0u;
  value = (v >> (8 * (offset & 3u))) & size_mask(size);
  return true;
}

uint32_t RegisterBank::read_word(uint32_t offset) {
  uint32_t v = 0;
  read(offset & ~3u, 4, v);
  return v;
}

void RegisterBank::write_word(uint32_t offset, uint32_t value) { write(offset & ~3u, 4, value); }

}  // namespace corsim::memory
