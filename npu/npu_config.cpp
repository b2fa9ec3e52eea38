#include "npu/npu_config.h"

#include <fmt/format.h>

namespace corsim::npu {

std::optional<NpuConfig> npu_config_for(std::string_view type, uint32_t macs, std::string& error) {
  NpuConfig c;
  c.macs = macs;
  bool ok = false;
  const char* sizes = "";
  if (type == "ethos-u55") {
    c.product = Product::kU55;
    ok = macs == 32 || macs == 64 || macs == 128 || macs == 256;
    sizes = "32, 64, 128 or 256";
  } else if (type == "ethos-u65") {
    c.product = Product::kU65;
    ok = macs == 256 || macs == 512;
    sizes = "256 or 512";
  } else if (type == "ethos-u85") {
    c.product = Product::kU85;
    ok = macs == 128 || macs == 256 || macs == 512 || macs == 1024 || macs == 2048;
    sizes = "128, 256, 512, 1024 or 2048";
  } else {
    error = fmt::format("unknown NPU type '{}' (ethos-u55, ethos-u65 or ethos-u85)", type);
    return std::nullopt;
  }
  if (!ok) {
    error = fmt::format("{} has {} MACs, not {}", type, sizes, macs);
    return std::nullopt;
  }
  if (c.product == Product::kU65 && macs == 512) c.macs = 256;  // U65-512: 2 x 256 (ethos_u65.cpp)
  return c;
}

std::optional<NpuConfig> npu_config_from_word(uint32_t config) {
  NpuConfig c;
  const uint32_t product = config >> 28;
  const uint32_t log2 = config & 0xF;
  switch (product) {
    case 0:
    case 1:
      c.product = product == 1 ? Product::kU65 : Product::kU55;
      if (log2 < 5 || log2 > 9) return std::nullopt;
      c.macs = 1u << log2;
      if (c.macs == 512) c.macs = 256;  // U65-512: 2 cores x 256 (ethos_u65.cpp)
      return c;
    case 2:
      c.product = Product::kU85;
      if (log2 < 7 || log2 > 11) return std::nullopt;  // U85-128 .. U85-2048 (ethos_u85.cpp)
      c.macs = 1u << log2;
      return c;
    default: return std::nullopt;
  }
}

std::string npu_target_name(const NpuConfig& cfg) {
  const char* p = cfg.product == Product::kU85 ? "u85" : cfg.product == Product::kU65 ? "u65" : "u55";
  return fmt::format("ethos-{}-{}", p, cfg.macs);
}

}  // namespace corsim::npu
