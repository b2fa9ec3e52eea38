#include "memory/interconnect.h"

#include <algorithm>
#include <cstring>

namespace corsim::memory {

namespace {
constexpr size_t kPageCount = size_t{1} << (32 - kPageBits);
bool aligned(uint64_t v) { return (v & (kPageSize - 1)) == 0; }
}  // namespace

Interconnect::Interconnect()
    : read_pages_(new uint8_t*[kPageCount]()),
      write_pages_(new uint8_t*[kPageCount]()),
      mmio_pages_(new bool[kPageCount]()) {}

bool Interconnect::map(uint32_t base, uint64_t size, Target& target, std::string name,
                       uint32_t target_offset) {
  if (size == 0 || !aligned(base) || !aligned(size) || !aligned(target_offset)) return false;
  if (uint64_t{base} + size > (uint64_t{1} << 32)) return false;
  for (const Mapping& m : mappings_) {
    if (base < m.base + m.size && m.base < base + size) return false;
  }
  Mapping m{base, size, target_offset, &target, std::move(name)};
  auto pos = std::upper_bound(mappings_.begin(), mappings_.end(), base,
                              [](uint32_t b, const Mapping& x) { return b < x.base; });
  mappings_.insert(pos, std::move(m));
  return true;
}

const Mapping* Interconnect::find(uint32_t addr) const {
  auto it = std::upper_bound(mappings_.begin(), mappings_.end(), addr,
                             [](uint32_t a, const Mapping& x) { return a < x.base; });
  if (it == mappings_.begin()) return nullptr;
  --it;
  return it->contains(addr) ? &*it : nullptr;
}

uint8_t* Interconnect::fill_page(uint32_t addr, bool for_write) {
  const size_t index = addr >> kPageBits;
  if (mmio_pages_[index]) return nullptr;
  const Mapping* m = find(addr);
  uint8_t* page = nullptr;
  if (m) page = m->target->host_page(m->target_offset + ((addr & ~(kPageSize - 1)) - m->base));
  if (page == nullptr) {
    mmio_pages_[index] = true;
    return nullptr;
  }
  read_pages_[index] = page;
  if (m->target->writable()) write_pages_[index] = page;
  return for_write ? write_pages_[index] : page;
}

BusResponse Interconnect::read(uint32_t addr, unsigned size, uint32_t& value, const AccessAttrs& attrs) {
  count(attrs.master, false, size);
  if (((addr & (kPageSize - 1)) + size) > kPageSize) {  // page-crossing: byte by byte
    value = 0;
    BusResponse total;
    for (unsigned i = 0; i < size; ++i) {
      uint32_t byte = 0;
      BusResponse r = read(addr + i, 1, byte, attrs);
      if (!r.ok()) return r;
      total.latency = std::max(total.latency, r.latency);
      value |= byte << (8 * i);
    }
    return total;
  }
  const Mapping* m = find(addr);
  if (!m) return {BusStatus::DecodeError, 0};
  return m->target->read(m->target_offset + (addr - m->base), size, value, attrs);
}

BusResponse Interconnect::write(uint32_t addr, unsigned size, uint32_t value, const AccessAttrs& attrs) {
  count(attrs.master, true, size);
  if (((addr & (kPageSize - 1)) + size) > kPageSize) {
    BusResponse total;
    for (unsigned i = 0; i < size; ++i) {
      BusResponse r = write(addr + i, 1, (value >> (8 * i)) & 0xFF, attrs);
      if (!r.ok()) return r;
      total.latency = std::max(total.latency, r.latency);
    }
    return total;
  }
  const Mapping* m = find(addr);
  if (!m) return {BusStatus::DecodeError, 0};
  return m->target->write(m->target_offset + (addr - m->base), size, value, attrs);
}

bool Interconnect::debug_read_block(uint32_t addr, std::span<uint8_t> out) {
  size_t done = 0;
  while (done < out.size()) {
    const uint32_t a = addr + static_cast<uint32_t>(done);
    const size_t chunk = std::min<size_t>(out.size() - done, kPageSize - (a & (kPageSize - 1)));
    if (uint8_t* p = host_read_ptr(a)) {
      std::memcpy(out.data() + done, p, chunk);
      done += chunk;
      continue;
    }
    const Mapping* m = find(a);
    uint32_t v = 0;
    if (!m || !m->target->debug_read(m->target_offset + (a - m->base), 1, v)) return false;
    out[done++] = static_cast<uint8_t>(v);
  }
  return true;
}

bool Interconnect::debug_write_block(uint32_t addr, std::span<const uint8_t> in) {
  size_t done = 0;
  while (done < in.size()) {
    const uint32_t a = addr + static_cast<uint32_t>(done);
    const size_t chunk = std::min<size_t>(in.size() - done, kPageSize - (a & (kPageSize - 1)));
    // The loader may write ROM-like memory, so use the read pointer (same page) when plain memory.
    if (uint8_t* p = host_read_ptr(a)) {
      std::memcpy(p, in.data() + done, chunk);
      done += chunk;
      continue;
    }
    const Mapping* m = find(a);
    if (!m || !m->target->debug_write(m->target_offset + (a - m->base), 1, in[done])) return false;
    ++done;
  }
  return true;
}

}  // namespace corsim::memory
