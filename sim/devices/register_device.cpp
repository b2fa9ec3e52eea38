#include "sim/devices/register_device.h"

#include <spdlog/spdlog.h>

namespace corsim::sim {

using memory::BusResponse;
using memory::BusStatus;

void RegisterDevice::add(uint32_t offset, std::string_view name, ReadFn read, WriteFn write,
                         bool read_has_side_effects) {
  registers_[offset] = Register{name, std::move(read), std::move(write), read_has_side_effects};
}

void RegisterDevice::add_const(uint32_t offset, std::string_view name, uint32_t value) {
  add(offset, name, [value] { return value; }, nullptr);
}

void RegisterDevice::add_storage(uint32_t offset, std::string_view name, uint32_t& storage, uint32_t write_mask) {
  add(offset, name, [&storage] { return storage; },
      [&storage, write_mask](uint32_t v) { storage = (storage & ~write_mask) | (v & write_mask); });
}

void RegisterDevice::add_id_registers(const uint8_t (&ids)[12]) {
  static constexpr std::string_view kNames[12] = {"PID4", "PID5", "PID6", "PID7", "PID0", "PID1",
                                                  "PID2", "PID3", "CID0", "CID1", "CID2", "CID3"};
  for (unsigned i = 0; i < 12; ++i) add_const(0xFD0 + 4 * i, kNames[i], ids[i]);
}

void RegisterDevice::report(uint32_t offset, bool is_write, std::string_view what) {
  if (!reported_.insert((uint64_t{offset} << 1) | (is_write ? 1u : 0u)).second) return;
  spdlog::warn("{}: {} {} offset {:#05x}{}", name_, is_write ? "write to" : "read of", what, offset,
               policy_ == UnknownRegister::RazWi ? " (read as zero / write ignored)" : " (bus error)");
}

uint32_t RegisterDevice::read_register(uint32_t offset) {
  auto it = registers_.find(offset);
  if (it == registers_.end()) {
    report(offset, false, "unknown register at");
    return 0;
  }
  return it->second.read ? it->second.read() : 0;
}

void RegisterDevice::write_register(uint32_t offset, uint32_t value) {
  auto it = registers_.find(offset);
  if (it == registers_.end()) {
    report(offset, true, "unknown register at");
    return;
  }
  if (!it->second.write) {
    report(offset, true, fmt::format("read-only register {} at", it->second.name));
    return;
  }
  it->second.write(value);
}

// Sub-word reads return the addressed byte lanes of the word. Sub-word writes reach the register
// as the word with the data in its byte lane and zeros elsewhere: APB3 has no write strobes, which
// is how the CMSDK peripherals see a STRB from the core.
BusResponse RegisterDevice::read(uint32_t offset, unsigned size, uint32_t& value, const memory::AccessAttrs&) {
  const uint32_t word = offset & ~3u;
  if (policy_ == UnknownRegister::BusError && registers_.count(word) == 0) {
    report(word, false, "unknown register at");
    return {BusStatus::SlaveError, 0};
  }
  const uint32_t v = read_register(word) >> (8 * (offset & 3));
  value = size >= 4 ? v : v & ((1u << (8 * size)) - 1);
  return {};
}

BusResponse RegisterDevice::write(uint32_t offset, unsigned size, uint32_t value, const memory::AccessAttrs&) {
  const uint32_t word = offset & ~3u;
  if (policy_ == UnknownRegister::BusError && registers_.count(word) == 0) {
    report(word, true, "unknown register at");
    return {BusStatus::SlaveError, 0};
  }
  const uint32_t lane_value = size >= 4 ? value : (value & ((1u << (8 * size)) - 1)) << (8 * (offset & 3));
  write_register(word, lane_value);
  return {};
}

bool RegisterDevice::debug_read(uint32_t offset, unsigned size, uint32_t& value) {
  auto it = registers_.find(offset & ~3u);
  if (it == registers_.end() || it->second.read_has_side_effects) return false;
  const uint32_t v = (it->second.read ? it->second.read() : 0) >> (8 * (offset & 3));
  value = size >= 4 ? v : v & ((1u << (8 * size)) - 1);
  return true;
}

}  // namespace corsim::sim
