// The memory system's timing for a Corstone platform (see platform_memory_timing.h).
#include "memory/timing/platform_memory_timing.h"

#include <algorithm>
#include <bit>

namespace corsim::memory::timing {

namespace {

// Armv8-M default memory map by 512 MiB region (B3.x): cacheable, write-through.
struct RegionAttr {
  bool cacheable, write_through;
};
constexpr std::array<RegionAttr, 8> kDefaultMap{{
    {true, true},    // 0x0000_0000 Code: Normal, WT
    {true, false},   // 0x2000_0000 SRAM: Normal, WBWA
    {false, false},  // 0x4000_0000 Peripheral: Device
    {true, false},   // 0x6000_0000 RAM: WBWA
    {true, true},    // 0x8000_0000 RAM: WT
    {false, false},  // 0xA000_0000 Device
    {false, false},  // 0xC000_0000 Device
    {false, false},  // 0xE000_0000 System
}};

}  // namespace

std::optional<WritePolicy> write_policy_from_name(std::string_view n) {
  if (n == "auto") return WritePolicy::Auto;
  if (n == "write-back" || n == "wb" || n == "writeback") return WritePolicy::WriteBack;
  if (n == "write-through" || n == "wt" || n == "writethrough") return WritePolicy::WriteThrough;
  return std::nullopt;
}

const char* write_policy_name(WritePolicy p) {
  switch (p) {
    case WritePolicy::WriteBack: return "write-back";
    case WritePolicy::WriteThrough: return "write-through";
    default: return "auto";
  }
}

PlatformMemoryTiming::PlatformMemoryTiming(MemorySystemConfig config)
    : cfg_(std::move(config)),
      blocks_(size_t{1} << (32 - kBlockBits), kNone),
      traffic_(cfg_.memories.size()),
      icache_(cfg_.icache.geometry),
      dcache_(cfg_.dcache.geometry) {
  if (cfg_.fetch_bytes == 0 || !std::has_single_bit(cfg_.fetch_bytes)) cfg_.fetch_bytes = 8;
  dtcm_banks_ = DtcmBanks(cfg_.dtcm_banks);
  cfg_.dtcm_banks = dtcm_banks_.count();
  line_mask_ = ~(std::max<uint32_t>(dcache_.geometry().line, 4) - 1);
  for (size_t i = 0; i < cfg_.memories.size(); ++i) {
    const MemoryRegion& m = cfg_.memories[i];
    kinds_.push_back(m.kind);
    tcm_wait_.push_back(m.kind == MemoryKind::Axi ? 0 : m.latency);  // TCM wait states (default 0)
    shared_.push_back(m.kind == MemoryKind::Axi
                          ? std::make_unique<SharedMemory>(SharedMemoryParams{m.name, m.latency, m.bytes_per_cycle})
                          : nullptr);
    for (std::optional<uint32_t> base : {std::optional<uint32_t>(m.ns_base), m.s_base}) {
      if (!base || m.size == 0) continue;
      const uint64_t end = std::min<uint64_t>(uint64_t{*base} + m.size, uint64_t{1} << 32);
      for (uint64_t b = *base >> kBlockBits; b < (end + (1u << kBlockBits) - 1) >> kBlockBits; ++b) {
        const uint64_t bstart = b << kBlockBits, bend = bstart + (1u << kBlockBits);
        const bool whole = bstart >= *base && bend <= end;
        uint8_t& slot = blocks_[b];
        slot = (whole && slot == kNone) ? static_cast<uint8_t>(i) : kMixed;
      }
    }
  }
}

int PlatformMemoryTiming::lookup_slow(uint32_t addr) const {
  for (size_t i = 0; i < cfg_.memories.size(); ++i) {
    const MemoryRegion& m = cfg_.memories[i];
    if (addr - m.ns_base < m.size) return static_cast<int>(i);
    if (m.s_base && addr - *m.s_base < m.size) return static_cast<int>(i);
  }
  return -1;
}

int PlatformMemoryTiming::memory_index(uint32_t addr) const {
  const uint8_t r = blocks_[addr >> kBlockBits];
  if (r == kNone) return -1;
  if (r == kMixed) return lookup_slow(addr);
  return r;
}

PlatformMemoryTiming::Attributes PlatformMemoryTiming::default_attributes(uint32_t addr) {
  const RegionAttr d = kDefaultMap[addr >> 29];
  return {d.cacheable, d.write_through};
}

PlatformMemoryTiming::Attributes PlatformMemoryTiming::attributes_at(uint32_t addr) const {
  if (!mpu_on_) [[likely]] return default_attributes(addr);
  return mpu_attributes_at(addr);
}

PlatformMemoryTiming::Attributes PlatformMemoryTiming::mpu_attributes_at(uint32_t addr) const {
  for (const AttributeRange& r : mpu_ranges_)
    if (addr - r.base <= r.limit - r.base) return r.attributes;
  // No region: the default map. That is the architecture's answer for privileged accesses with
  // PRIVDEFENA = 1; other unmatched accesses are MemManage faults on hardware, which corsim does
  // not raise (the MPU is not enforced), so they are timed with the default map too.
  return default_attributes(addr);
}

bool PlatformMemoryTiming::write_through(Attributes a) const {
  switch (cfg_.write_policy) {
    case WritePolicy::WriteBack: return false;
    case WritePolicy::WriteThrough: return true;
    default: return a.write_through;
  }
}

void PlatformMemoryTiming::set_mpu_regions(const MpuRegions& mpu) {
  mpu_on_ = mpu.enabled;
  // Overlapping regions (a MemManage fault under the Armv8-M PMSAv8 rules): the highest-numbered
  // region wins, as on Armv7-M, so the list runs from the highest number down.
  std::vector<MpuRegion> regions = mpu.regions;
  std::stable_sort(regions.begin(), regions.end(), [](const MpuRegion& a, const MpuRegion& b) { return a.number > b.number; });
  mpu_ranges_.clear();
  for (const MpuRegion& r : regions) {
    if (r.limit < r.base) continue;  // base above limit: the region matches no address
    const CacheAttributes c = decode_mair_attribute(r.mair_attr);
    // The L1 caches follow the inner attributes; Device and inner Non-cacheable are not cached.
    const bool cacheable = !c.device && c.policy != CachePolicy::NonCacheable;
    mpu_ranges_.push_back({r.base, r.limit, {cacheable, c.policy == CachePolicy::WriteThrough}});
  }
  // The last-line memo of data() assumed its line cacheable: the next access decides afresh. The
  // fetch buffer keeps its 8 bytes; the next block fetched is looked up with the new attributes.
  last_dline_ = 1;
}

Cycles PlatformMemoryTiming::cpu_access(const CpuAccess& a, Cycles now) {
  ++cpu_accesses_;
  int mem = blocks_[a.addr >> kBlockBits];
  if (mem >= kMixed) [[unlikely]] {
    if (mem == kNone) return 0;  // peripherals, PPB: their timing is the device's, not modelled here
    mem = lookup_slow(a.addr);
    if (mem < 0) return 0;
  }
  MemoryTraffic& t = traffic_[static_cast<size_t>(mem)];
  const bool write = a.kind == AccessKind::Write;
  (write ? t.cpu_write : t.cpu_read) += a.size;
  if (a.kind == AccessKind::Fetch) {
    t.cpu_fetch += a.size;
    if (kinds_[static_cast<size_t>(mem)] != MemoryKind::Axi) return tcm_wait_[static_cast<size_t>(mem)];
    return fetch(a.addr, a.size, now, static_cast<size_t>(mem));
  }
  switch (kinds_[static_cast<size_t>(mem)]) {
    case MemoryKind::Itcm: return tcm_wait_[static_cast<size_t>(mem)];
    case MemoryKind::Dtcm:
      return tcm_wait_[static_cast<size_t>(mem)] + dtcm_banks_.wait(a.addr, a.size, now);
    case MemoryKind::Axi: break;
  }
  return data(a.addr, a.size, write, now, static_cast<size_t>(mem));
}

FastRange PlatformMemoryTiming::fast_range(uint32_t addr, AccessKind kind) {
  const int mem = memory_index(addr);
  if (mem < 0) return {};
  const size_t i = static_cast<size_t>(mem);
  const MemoryKind k = kinds_[i];
  // AXI memories sit behind caches and shared buses: always cpu_access. DTCM holds no code.
  if (k == MemoryKind::Axi || (k == MemoryKind::Dtcm && kind == AccessKind::Fetch)) return {};
  const MemoryRegion& m = cfg_.memories[i];
  FastRange r;
  r.base = (addr - m.ns_base < m.size) ? m.ns_base : *m.s_base;
  r.size = m.size;
  r.wait = tcm_wait_[i];
  r.accesses = &cpu_accesses_;
  MemoryTraffic& t = traffic_[i];
  r.bytes = kind == AccessKind::Write ? &t.cpu_write : &t.cpu_read;
  if (kind == AccessKind::Fetch) r.fetch_bytes = &t.cpu_fetch;
  if (k == MemoryKind::Dtcm) r.banks = &dtcm_banks_;
  return r;
}

Cycles PlatformMemoryTiming::fetch(uint32_t addr, unsigned size, Cycles now, size_t mem) {
  const uint32_t fb = cfg_.fetch_bytes;
  const uint32_t first_block = addr / fb, last_block = (addr + size - 1) / fb;
  if (first_block == last_fetch_block_ && last_block == first_block) return 0;  // in the fetch buffer
  last_fetch_block_ = last_block;
  const bool cached = ic_on_ && attributes_at(addr).cacheable && icache_.geometry().size != 0;
  MemoryTraffic& t = traffic_[mem];
  SharedMemory& m = *shared_[mem];
  if (!cached) {
    const uint64_t bytes = uint64_t{last_block - first_block + 1} * fb;
    t.cpu_bus_read += bytes;
    return m.cpu_transfer(bytes, now);
  }
  const uint32_t line = icache_.geometry().line;
  const uint32_t last_line = (addr + size - 1) & ~(line - 1);
  Cycles stall = 0;
  for (uint32_t l = addr & ~(line - 1);; l += line) {
    ++counters_.icache_accesses;
    if (cfg_.icache.modelled && !icache_.access(l, true, false).hit) {
      ++counters_.icache_refills;
      t.cpu_bus_read += line;
      stall += m.cpu_transfer(line, now + stall);
    }
    if (l == last_line) break;
  }
  return stall;
}

Cycles PlatformMemoryTiming::data(uint32_t addr, unsigned size, bool write, Cycles now, size_t mem) {
  const uint32_t line = addr & line_mask_;
  // Fast path: the line the last access hit, already dirty for a store (nothing changes).
  if (line == last_dline_ && (!write || last_dline_dirty_) && (addr + size - 1) <= (line | ~line_mask_)) {
    ++counters_.dcache_accesses;
    return 0;
  }
  MemoryTraffic& t = traffic_[mem];
  const Attributes attributes = attributes_at(addr);
  const bool cached = dc_on_ && attributes.cacheable && dcache_.geometry().size != 0;
  if (!cached) {
    // Uncached: loads wait for the memory; stores are posted (the store buffer takes them) and wait
    // only while the memory is still busy with earlier traffic.
    (write ? t.cpu_bus_write : t.cpu_bus_read) += size;
    return shared_[mem]->cpu_transfer(size, now, write);
  }
  const bool wt = write_through(attributes);
  Cycles stall = 0;
  const uint32_t end_line = (addr + size - 1) & line_mask_;
  for (uint32_t l = line;; l += ~line_mask_ + 1) {
    stall += data_line(l, write, wt, now + stall, mem);
    if (l == end_line) break;
  }
  if (write && wt) {
    // Write-through: the store also goes to memory, posted.
    t.cpu_bus_write += size;
    stall += shared_[mem]->cpu_transfer(size, now + stall, true);
  }
  return stall;
}

Cycles PlatformMemoryTiming::data_line(uint32_t line, bool write, bool write_through, Cycles now, size_t mem) {
  ++counters_.dcache_accesses;
  if (!cfg_.dcache.modelled) return 0;
  // Write-through stores do not allocate (and keep the line clean); loads and write-back stores
  // allocate.
  const bool allocate = !(write && write_through);
  const CacheResult r = dcache_.access(line, allocate, write && !write_through);
  if (r.hit || r.allocated) {
    last_dline_ = line;
    last_dline_dirty_ = dcache_.dirty(line);
  }
  if (r.hit || !allocate) return 0;
  ++counters_.dcache_refills;
  const uint32_t bytes = dcache_.geometry().line;
  traffic_[mem].cpu_bus_read += bytes;
  const Cycles stall = shared_[mem]->cpu_transfer(bytes, now);
  // The dirty victim goes out through the write buffer after the fill.
  if (r.evicted_dirty) write_back(r.victim_addr, now + stall);
  return stall;
}

void PlatformMemoryTiming::write_back(uint32_t line_addr, Cycles now) {
  ++counters_.dcache_writebacks;
  const int mem = memory_index(line_addr);
  if (mem < 0 || !shared_[static_cast<size_t>(mem)]) return;
  const uint32_t bytes = dcache_.geometry().line;
  traffic_[static_cast<size_t>(mem)].cpu_bus_write += bytes;
  shared_[static_cast<size_t>(mem)]->cpu_transfer(bytes, now, true);
}

Cycles PlatformMemoryTiming::npu_transfer(unsigned port, uint32_t addr, uint64_t bytes, bool write, Cycles now) {
  const NpuPort& p = cfg_.npu_ports[port & 1];
  const uint32_t port_latency = write ? p.write_latency : p.read_latency;
  const int mem = memory_index(addr);
  if (mem >= 0) {
    MemoryTraffic& t = traffic_[static_cast<size_t>(mem)];
    (write ? t.npu_write : t.npu_read) += bytes;
  }
  if (mem < 0 || !shared_[static_cast<size_t>(mem)]) {
    // Not a shared AXI memory (a TCM through the slave port, or unmapped): the port alone.
    if (bytes == 0) return 0;
    return port_latency + static_cast<Cycles>((static_cast<double>(bytes) + p.bytes_per_cycle - 1) / p.bytes_per_cycle);
  }
  return shared_[static_cast<size_t>(mem)]->npu_transfer(bytes, now, p.bytes_per_cycle, port_latency);
}

void PlatformMemoryTiming::set_cache_enables(bool icache, bool dcache) {
  ic_on_ = icache;
  if (dc_on_ != dcache) last_dline_ = 1;
  dc_on_ = dcache;
  last_fetch_block_ = ~0u;
}

void PlatformMemoryTiming::cache_maintenance(CacheOp op, uint32_t value, Cycles now) {
  last_dline_ = 1;
  last_fetch_block_ = ~0u;
  const CacheGeometry& g = dcache_.geometry();
  // Set/way word (Armv8-M B9): set in bits [L+S-1:L] (L = log2 line), way in the top log2(ways) bits.
  auto set_of = [&g](uint32_t v) { return g.line ? (v >> std::countr_zero(g.line)) & (g.sets() - 1) : 0u; };
  auto way_of = [&g](uint32_t v) {
    const unsigned a = g.ways > 1 ? static_cast<unsigned>(std::bit_width(g.ways - 1)) : 0u;
    return a ? v >> (32 - a) : 0u;
  };
  switch (op) {
    case CacheOp::ICIALLU: icache_.invalidate_all(); break;
    case CacheOp::ICIMVAU: icache_.invalidate_line(value); break;
    case CacheOp::BPIALL: break;
    case CacheOp::DCIMVAC: dcache_.invalidate_line(value); break;
    case CacheOp::DCCMVAU:
    case CacheOp::DCCMVAC:
      if (dcache_.clean_line(value)) write_back(dcache_.line_addr(value), now);
      break;
    case CacheOp::DCCIMVAC:
      if (dcache_.clean_invalidate_line(value)) write_back(dcache_.line_addr(value), now);
      break;
    case CacheOp::DCISW: dcache_.invalidate_set_way(set_of(value), way_of(value)); break;
    case CacheOp::DCCSW: {
      const uint32_t s = set_of(value), w = way_of(value);
      if (dcache_.clean_set_way(s, w)) write_back(dcache_.line_at(s, w), now);
      break;
    }
    case CacheOp::DCCISW: {
      const uint32_t s = set_of(value), w = way_of(value);
      const uint32_t l = dcache_.line_at(s, w);
      if (dcache_.clean_invalidate_set_way(s, w)) write_back(l, now);
      break;
    }
  }
}

Cycles PlatformMemoryTiming::take_npu_delay() {
  // Memories are used concurrently by the NPU's operations: the job is late by the worst of them.
  Cycles d = 0;
  for (const auto& m : shared_)
    if (m) d = std::max(d, m->take_npu_delay());
  return d;
}

Cycles PlatformMemoryTiming::drain_writes(Cycles now) {
  Cycles until = now;
  for (const auto& m : shared_)
    if (m) until = std::max(until, m->cpu_busy_until());
  return until - now;
}

}  // namespace corsim::memory::timing
