#pragma once
// An NpuBus backed by one host buffer per region, for the standalone runner and tests. BASEP[n]
// is set to n << 40 so an address names its region; an access outside the region's buffer is a
// bus error, as on hardware with nothing mapped there.
#include <array>
#include <cstring>
#include <vector>

#include "npu/bus.h"

namespace corsim::npu {

class RegionBus final : public NpuBus {
 public:
  static constexpr unsigned kRegionShift = 40;
  static uint64_t base_of(unsigned region) { return uint64_t{region} << kRegionShift; }
  std::array<uint64_t, 8> basep() const {
    std::array<uint64_t, 8> b{};
    for (unsigned i = 0; i < 8; ++i) b[i] = base_of(i);
    return b;
  }

  std::vector<uint8_t>& region(unsigned n) { return regions_[n & 7]; }

  bool read(uint64_t address, std::span<uint8_t> out, AxiPort port) override {
    const uint8_t* p = locate(address, out.size());
    if (!p) return false;
    if (!out.empty()) std::memcpy(out.data(), p, out.size());  // memcpy's pointers must be valid even for 0 bytes
    bytes_read_[static_cast<size_t>(port)] += out.size();
    return true;
  }
  bool write(uint64_t address, std::span<const uint8_t> in, AxiPort port) override {
    uint8_t* p = locate(address, in.size());
    if (!p) return false;
    if (!in.empty()) std::memcpy(p, in.data(), in.size());
    bytes_written_[static_cast<size_t>(port)] += in.size();
    return true;
  }
  uint64_t bytes_read(AxiPort p) const { return bytes_read_[static_cast<size_t>(p)]; }
  uint64_t bytes_written(AxiPort p) const { return bytes_written_[static_cast<size_t>(p)]; }

 private:
  uint8_t* locate(uint64_t address, size_t size) {
    const uint64_t r = address >> kRegionShift;
    if (r >= 8) return nullptr;
    const uint64_t off = address & ((uint64_t{1} << kRegionShift) - 1);
    auto& buf = regions_[r];
    if (off > buf.size() || size > buf.size() - off) return nullptr;
    return buf.data() + off;
  }
  std::array<std::vector<uint8_t>, 8> regions_;
  std::array<uint64_t, 2> bytes_read_{}, bytes_written_{};
};

}  // namespace corsim::npu
