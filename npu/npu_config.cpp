#include "npu/npu_config.h"

namespace corsim::npu {

std::optional<NpuConfig> npu_config_from_word(uint32_t config) {
  NpuConfig c;
  const uint32_t product = config >> 28;
  if (product > 1) return std::nullopt;  // U85 streams use another ISA
  c.u65 = product == 1;
  const uint32_t log2 = config & 0xF;
  if (log2 < 5 || log2 > 9) return std::nullopt;
  c.macs = 1u << log2;
  if (c.macs == 512) c.macs = 256;  // U65-512: 2 cores x 256 (§1.4)
  return c;
}

}  // namespace corsim::npu
