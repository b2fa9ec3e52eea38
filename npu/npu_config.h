#pragma once
// Static configuration of one Ethos-U55/U65/U85 instance (Vela ethos_u55/65/85.cpp).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace corsim::npu {

// CONFIG.product (driver *_interface.h config_r): 0 U55, 1 U65 (ISA arch 1.x), 2 U85 (arch 2.0).
enum class Product : uint8_t { kU55 = 0, kU65 = 1, kU85 = 2 };

struct NpuConfig {
  uint32_t macs = 128;  // 32, 64, 128, 256 (U55); 256, 512 (U65); 128..2048 (U85)
  Product product = Product::kU55;

  bool is_u85() const { return product == Product::kU85; }
  uint32_t macs_log2() const {
    uint32_t log2 = 0;
    while ((1u << log2) < macs) ++log2;
    return log2;
  }
  // U55/U65: SHRAM size. U85: the internal memory a DMA in internal mode reaches is the 2 KB LUT
  // RAM (VELA ethos_u85.cpp _lutRam; tests/npu_u85 goldens).
  uint32_t shram_kb() const {
    if (is_u85()) return 2;
    switch (macs) {
      case 32: case 64: return 16;
      case 128: return 24;
      default: return 48;
    }
  }
  // U85 weight decoders = Vela's cores: 1 up to 256 MACs, 2 at 512, 4 from 1024 (ethos_u85.cpp).
  uint32_t weight_decoders() const {
    if (!is_u85()) return 1;
    return macs <= 256 ? 1 : macs == 512 ? 2 : 4;
  }
  // U85 AXI ports (regor EthosU85RCSGenerator::ConfigRegister): SRAM 2, 4 at 2048 MACs; EXT 1,
  // 2 from 1024 MACs. The U55/U65 have one port of each kind (M0 SRAM, M1 EXT).
  uint32_t sram_ports() const { return is_u85() ? (macs == 2048 ? 4 : 2) : 1; }
  uint32_t ext_ports() const { return is_u85() && macs >= 1024 ? 2 : 1; }
  // CONFIG (ArchEthosU55::ConfigRegister). U55/U65: macs_per_cc | shram_size << 8 | product << 28.
  // U85 (regor EthosU85RCSGenerator::ConfigRegister): macs_per_cc | cmd_stream_version 1 << 4 |
  // log2(SRAM ports) << 8 | log2(EXT ports) << 10 | log2(weight decoders) << 12 | 2 << 28.
  uint32_t config_word() const {
    if (is_u85()) {
      const uint32_t sram_log2 = sram_ports() == 4 ? 2 : 1, ext_log2 = ext_ports() == 2 ? 1 : 0;
      const uint32_t wd_log2 = weight_decoders() == 1 ? 0 : weight_decoders() == 2 ? 1 : 2;
      return macs_log2() | (1u << 4) | (sram_log2 << 8) | (ext_log2 << 10) | (wd_log2 << 12) | (2u << 28);
    }
    return macs_log2() | (shram_kb() << 8) | (product == Product::kU65 ? 1u << 28 : 0u);
  }
  // ID register: the driver headers' defaults, which pass its arch check (docs/npu.md Q9).
  uint32_t id_word() const {
    switch (product) {
      case Product::kU65: return 0x10066001u;
      case Product::kU85: return 0x20007001u;
      default: return 0x10104201u;
    }
  }
  // OFM micro-block depth used by the U55 weight order (ethos_u55.cpp): 4 on U55-32, else 8.
  uint32_t ofm_ublock_depth() const { return macs == 32 ? 4 : 8; }
  // U55: the LUT slots sit in the last 2 KB of SHRAM (Vela lutStart). U85: the LUT RAM itself.
  uint32_t lut_base() const { return is_u85() ? 0 : (shram_kb() - 2) * 1024; }
};

// The one check of an NPU configuration, shared by every tool: `type` is "ethos-u55", "ethos-u65"
// or "ethos-u85" (the FVP's NPU, Vela's target without the MAC count) and `macs` a MAC count that
// product is built with (Vela's configs: U55 32..256, U65 256/512, U85 128..2048). On failure
// `error` says why in one line.
std::optional<NpuConfig> npu_config_for(std::string_view type, uint32_t macs, std::string& error);

// From a CONFIG word (e.g. the one in a COP1 payload); nullopt for an unknown product or MAC count.
std::optional<NpuConfig> npu_config_from_word(uint32_t config);

// "ethos-u55-128", "ethos-u85-256", ... (Vela's target names).
std::string npu_target_name(const NpuConfig& cfg);

}  // namespace corsim::npu
