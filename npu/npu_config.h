#pragma once
// Static configuration of one Ethos-U55/U65 instance (spec/ethos-u.md §1.4, §5.1).
#include <cstdint>
#include <optional>
#include <string_view>

namespace corsim::npu {

struct NpuConfig {
  uint32_t macs = 128;          // 32, 64, 128, 256 (U55); 256, 512 (U65)
  bool u65 = false;
  uint32_t shram_kb() const {
    switch (macs) {
      case 32: case 64: return 16;
      case 128: return 24;
      default: return 48;
    }
  }
  // CONFIG register: macs_per_cc | shram_size << 8 | product << 28 (§1.4 table).
  uint32_t config_word() const {
    uint32_t log2 = 0;
    while ((1u << log2) < macs) ++log2;
    return log2 | (shram_kb() << 8) | (u65 ? 1u << 28 : 0u);
  }
  // ID register: the U55/U65 header defaults, which pass the driver's arch check (§1.4, Q9).
  uint32_t id_word() const { return u65 ? 0x10066001u : 0x10104201u; }
  // OFM micro-block depth used by the weight order (§4.2): 4 on U55-32, else 8.
  uint32_t ofm_ublock_depth() const { return macs == 32 ? 4 : 8; }
  // The LUT slots sit in the last 2 KB of SHRAM (§3.5, §8.6).
  uint32_t lut_base() const { return (shram_kb() - 2) * 1024; }
};

// From a CONFIG word (e.g. the one in a COP1 payload).
std::optional<NpuConfig> npu_config_from_word(uint32_t config);

}  // namespace corsim::npu
