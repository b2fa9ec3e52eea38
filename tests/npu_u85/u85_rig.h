#pragma once
// Test rig for the Ethos-U85 random-shape tests: an Executor for U85-N on a RegionBus, the U85
// stream encoder of tools/model_compiler/u85_stream_encoder.h, and the micro-block / IFM-block
// rules of Vela's ethos_u85.cpp / EthosU85WeightOrdering written out for the encoder side.
#include <random>

#include "npu/executor.h"
#include "npu/region_bus.h"
#include "tools/model_compiler/mlw_encoder.h"
#include "tools/model_compiler/reference_ops.h"
#include "tools/model_compiler/u85_stream_encoder.h"

namespace corsim::npu::u85test {

namespace enc = corsim::model_compiler::u85_encode;
namespace reference = corsim::model_compiler::reference;
using enc::FmSpec;
using enc::TLayout;
using enc::U85Fm;
using enc::U85StreamBuilder;

struct Rig {
  explicit Rig(uint32_t macs) : cfg{macs, Product::kU85}, ex(cfg) {
    bus.region(0).assign(1 << 20, 0);
    bus.region(1).assign(1 << 20, 0);
  }
  RunResult run(U85StreamBuilder& sb) {
    sb.stop();
    return ex.run(sb.words, bus, bus.basep(), kDriverRegionCfg);
  }
  NpuConfig cfg;
  RegionBus bus;
  Executor ex;
};

// Micro-blocks the tests use (Vela ethos_u85.cpp ublocks): U85-128 1x2 (depth 8), U85-2048
// 2x2 (depth 64). ACC_FORMAT.microblock: 1 = 1x2, 3 = 2x2. Depth = MACs / 8 / (h·w) (goldens).
inline unsigned microblock_field(uint32_t macs) { return macs <= 256 ? 1 : 3; }
inline uint32_t ublock_depth(uint32_t macs) { return macs <= 256 ? macs / 8 / 2 : macs / 8 / 4; }
inline uint32_t weight_decoders(uint32_t macs) { return macs <= 256 ? 1 : macs == 512 ? 2 : 4; }

// IFM block depth, from VELA ArchEthosU85::GetOpConfig.
inline uint32_t ifm_block_depth(bool part_kernel, uint32_t ifm_bits, uint32_t macs, uint32_t ublock, bool sparse) {
  if (part_kernel) return 16;
  if (ifm_bits == 32 || ((macs == 128 || macs == 256) && ublock == 16 && !sparse)) return 32;
  if (sparse && ifm_bits == 8) return 128;
  return 64;
}

inline std::vector<int32_t> random_values(std::mt19937& rng, size_t n, int32_t lo, int32_t hi) {
  std::uniform_int_distribution<int32_t> d(lo, hi);
  std::vector<int32_t> v(n);
  for (auto& x : v) x = d(rng);
  return v;
}

inline TLayout random_layout(std::mt19937& rng) { return rng() & 1 ? TLayout::kNhcwb16 : TLayout::kNhwc; }

inline U85Fm mem_fm(uint32_t h, uint32_t w, uint32_t c, unsigned bits, TLayout layout, uint64_t base, int32_t zp,
                    bool is_signed = true) {
  U85Fm f;
  f.fm = FmSpec{h, w, c, bits, is_signed, layout, 1, base, zp};
  return f;
}

inline uint64_t align64(uint64_t v) { return (v + 63) / 64 * 64; }

}  // namespace corsim::npu::u85test
