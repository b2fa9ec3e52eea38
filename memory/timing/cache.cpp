// Set-associative LRU cache tags (see cache.h).
#include "memory/timing/cache.h"

#include <bit>

namespace corsim::memory::timing {

bool CacheGeometry::valid() const {
  if (size == 0 || line < 4 || ways == 0 || ways > 16) return false;
  if (!std::has_single_bit(size) || !std::has_single_bit(line)) return false;
  if (size % (line * ways) != 0) return false;
  const uint32_t s = sets();
  return s > 0 && std::has_single_bit(s);
}

uint32_t CacheGeometry::ccsidr(bool instruction) const {
  if (!valid()) return 0;
  const uint32_t flags = instruction ? 0x2000'0000u : 0xF000'0000u;
  const uint32_t line_size = static_cast<uint32_t>(std::countr_zero(line)) - 4;
  return flags | ((sets() - 1) & 0x7FFFu) << 13 | ((ways - 1) & 0x3FFu) << 3 | (line_size & 7u);
}

Cache::Cache(CacheGeometry g) : g_(g) {
  if (!g_.valid()) {
    g_.size = 0;
    return;
  }
  line_bits_ = static_cast<uint32_t>(std::countr_zero(g_.line));
  sets_ = g_.sets();
  ways_.resize(size_t{sets_} * g_.ways);
  invalidate_all();
}

void Cache::invalidate_all() {
  for (size_t i = 0; i < ways_.size(); ++i) ways_[i] = Way{0, static_cast<uint32_t>(i % g_.ways), false, false};
}

Cache::Way* Cache::find(uint32_t addr) {
  if (sets_ == 0) return nullptr;
  const uint32_t tag = addr >> line_bits_;
  Way* w = &ways_[size_t{set_of(addr)} * g_.ways];
  for (uint32_t i = 0; i < g_.ways; ++i)
    if (w[i].valid && w[i].tag == tag) return &w[i];
  return nullptr;
}

const Cache::Way* Cache::find(uint32_t addr) const { return const_cast<Cache*>(this)->find(addr); }

void Cache::touch(uint32_t set, uint32_t way) {
  Way* w = &ways_[size_t{set} * g_.ways];
  const uint32_t old = w[way].age;
  for (uint32_t i = 0; i < g_.ways; ++i)
    if (w[i].age < old) ++w[i].age;
  w[way].age = 0;
}

CacheResult Cache::access(uint32_t addr, bool allocate, bool make_dirty) {
  CacheResult r;
  if (sets_ == 0) return r;
  const uint32_t set = set_of(addr);
  Way* w = &ways_[size_t{set} * g_.ways];
  const uint32_t tag = addr >> line_bits_;
  for (uint32_t i = 0; i < g_.ways; ++i) {
    if (w[i].valid && w[i].tag == tag) {
      ++hits_;
      r.hit = true;
      if (make_dirty) w[i].dirty = true;
      touch(set, i);
      return r;
    }
  }
  ++misses_;
  if (!allocate) return r;
  // Victim: an invalid way if any (lowest index), else the oldest.
  uint32_t victim = 0;
  bool found_invalid = false;
  for (uint32_t i = 0; i < g_.ways; ++i) {
    if (!w[i].valid) {
      victim = i;
      found_invalid = true;
      break;
    }
    if (w[i].age > w[victim].age) victim = i;
  }
  if (!found_invalid && w[victim].dirty) {
    r.evicted_dirty = true;
    r.victim_addr = w[victim].tag << line_bits_;
  }
  w[victim].tag = tag;
  w[victim].valid = true;
  w[victim].dirty = make_dirty;
  touch(set, victim);
  r.allocated = true;
  return r;
}

bool Cache::contains(uint32_t addr) const { return find(addr) != nullptr; }

bool Cache::dirty(uint32_t addr) const {
  const Way* w = find(addr);
  return w && w->dirty;
}

bool Cache::invalidate_line(uint32_t addr) {
  if (Way* w = find(addr)) {
    w->valid = false;
    w->dirty = false;
  }
  return false;
}

bool Cache::clean_line(uint32_t addr) {
  Way* w = find(addr);
  if (!w || !w->dirty) return false;
  w->dirty = false;
  return true;
}

bool Cache::clean_invalidate_line(uint32_t addr) {
  Way* w = find(addr);
  if (!w) return false;
  const bool was_dirty = w->dirty;
  w->valid = false;
  w->dirty = false;
  return was_dirty;
}

uint32_t Cache::line_at(uint32_t set, uint32_t way) const {
  if (set >= sets_ || way >= g_.ways) return 0;
  return ways_[size_t{set} * g_.ways + way].tag << line_bits_;
}

bool Cache::invalidate_set_way(uint32_t set, uint32_t way) {
  if (set >= sets_ || way >= g_.ways) return false;
  Way& w = ways_[size_t{set} * g_.ways + way];
  w.valid = false;
  w.dirty = false;
  return false;
}

bool Cache::clean_set_way(uint32_t set, uint32_t way) {
  if (set >= sets_ || way >= g_.ways) return false;
  Way& w = ways_[size_t{set} * g_.ways + way];
  if (!w.valid || !w.dirty) return false;
  w.dirty = false;
  return true;
}

bool Cache::clean_invalidate_set_way(uint32_t set, uint32_t way) {
  if (set >= sets_ || way >= g_.ways) return false;
  Way& w = ways_[size_t{set} * g_.ways + way];
  const bool was_dirty = w.valid && w.dirty;
  w.valid = false;
  w.dirty = false;
  return was_dirty;
}

}  // namespace corsim::memory::timing
