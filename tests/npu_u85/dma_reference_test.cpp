// U85 DMA index mode (gather/scatter) against TOSA GATHER / SCATTER, programmed as VELA does
// (regor HighLevelCommandStreamGenerator, the GATHER/SCATTER DMA, and
// EthosU85RCSGenerator::GenerateDMA): int32 indices in 2-D/3-D mode (SIZE0 = W, SIZE1 = N),
// and int64 indices read as int32 with DMA0_IDX_SKIP1 = 4 (SIZE0 = N = 1, SIZE1 = W). Elements
// of 1, 2 and 4 bytes.
#include <gtest/gtest.h>

#include "u85_rig.h"

namespace corsim::npu {
namespace {

using namespace u85test;

class U85Dma : public testing::TestWithParam<uint32_t> {};

uint32_t pick(std::mt19937& rng, uint32_t lo, uint32_t hi) { return std::uniform_int_distribution<uint32_t>(lo, hi)(rng); }

struct IndexedDma {
  bool gather = true;
  uint32_t src = 0, dst = 0, idx = 0, len = 0, size0 = 1, size1 = 1, idx_max = 0;
  uint32_t src_stride0 = 0, src_stride1 = 0, dst_stride0 = 0, dst_stride1 = 0, skip1 = 0;
};

// DMA0_SRC_REGION [18:16] region, [26:25] stride mode, [27] idx_mode; DMA0_DST_REGION [27]
// idx_mode (ethosu85_interface.h); all in region 1.
void emit(U85StreamBuilder& sb, const IndexedDma& d) {
  const unsigned mode = d.size1 > 1 ? 2 : d.size0 > 1 ? 1 : 0;
  sb.cmd0(0x130, 1u | mode << 9 | (d.gather ? 1u : 0u) << 11);
  sb.cmd1(48, d.src);
  sb.cmd0(0x131, 1u | (d.gather ? 0u : 1u) << 11);
  sb.cmd1(49, d.dst);
  sb.cmd1(50, d.len);
  sb.cmd0(0x132, d.size0);
  sb.cmd0(0x133, d.size1);
  sb.cmd1(51, d.src_stride0);
  sb.cmd1(52, d.src_stride1);
  sb.cmd1(53, d.dst_stride0);
  sb.cmd1(54, d.dst_stride1);
  sb.cmd0(0x134, 1);
  sb.cmd1(55, d.idx);
  sb.cmd1(56, d.idx_max);
  sb.cmd1(57, d.skip1);
  sb.op(0x010);
}

void put(std::vector<uint8_t>& mem, uint32_t at, const std::vector<int32_t>& v, unsigned bytes) {
  for (size_t i = 0; i < v.size(); ++i)
    for (unsigned b = 0; b < bytes; ++b) mem[at + i * bytes + b] = static_cast<uint8_t>(uint32_t(v[i]) >> (8 * b));
}
std::vector<int32_t> get(const std::vector<uint8_t>& mem, uint32_t at, size_t n, unsigned bytes) {
  std::vector<int32_t> v(n);
  for (size_t i = 0; i < n; ++i) {
    uint32_t x = 0;
    for (unsigned b = 0; b < bytes; ++b) x |= uint32_t{mem[at + i * bytes + b]} << (8 * b);
    const unsigned shift = 32 - 8 * bytes;
    v[i] = static_cast<int32_t>(x << shift) >> shift;
  }
  return v;
}

TEST_P(U85Dma, GatherAndScatterMatchTosa) {
  std::mt19937 rng(2800 + GetParam());
  const unsigned kBytes[] = {1, 2, 4};
  for (int it = 0; it < 36; ++it) {
    const bool gather = it % 2 == 0;
    const bool idx64 = (it / 2) % 3 == 2;
    const unsigned e = kBytes[pick(rng, 0, 2)];
    const uint32_t N = idx64 ? 1 : pick(rng, 1, 3), K = pick(rng, 1, 10), C = pick(rng, 1, 16);
    const uint32_t W = gather ? pick(rng, 1, 10) : pick(rng, 1, K);
    const int32_t lo = e == 4 ? INT32_MIN / 2 : -(1 << (8 * e - 1)), hi = e == 4 ? INT32_MAX / 2 : (1 << (8 * e - 1)) - 1;
    const auto values = random_values(rng, size_t{N} * K * C, lo, hi);
    std::vector<int32_t> indices(size_t{N} * W);
    for (uint32_t n = 0; n < N; ++n) {
      std::vector<int32_t> perm(K);
      for (uint32_t k = 0; k < K; ++k) perm[k] = int32_t(k);
      std::shuffle(perm.begin(), perm.end(), rng);  // scatter: unique per n (TOSA)
      for (uint32_t w = 0; w < W; ++w)
        indices[size_t{n} * W + w] = gather ? static_cast<int32_t>(pick(rng, 0, K - 1)) : perm[w];
    }
    const auto input = random_values(rng, size_t{N} * W * C, lo, hi);  // scatter's new rows
    Rig rig(GetParam());
    auto& mem = rig.bus.region(1);
    const uint32_t values_at = 0, idx_at = 0x4000, input_at = 0x8000, out_at = 0xC000;
    put(mem, values_at, values, e);
    put(mem, input_at, input, e);
    if (idx64) {
      std::vector<int32_t> words;
      for (int32_t k : indices) { words.push_back(k); words.push_back(0); }
      put(mem, idx_at, words, 4);
    } else {
      put(mem, idx_at, indices, 4);
    }
    IndexedDma d;
    d.gather = gather;
    d.idx = idx_at;
    d.len = C * e;
    d.idx_max = K - 1;
    const uint32_t row = C * e;
    if (gather) {
      d.src = values_at;
      d.dst = out_at;
      if (idx64) { d.size0 = 1; d.size1 = W; d.src_stride0 = row; d.dst_stride1 = row; d.skip1 = 4; }
      else { d.size0 = W; d.size1 = N; d.src_stride0 = row; d.src_stride1 = K * row; d.dst_stride0 = row; d.dst_stride1 = W * row; }
    } else {
      put(mem, out_at, values, e);  // values_out = values_in (Vela's preceding copy DMA)
      d.src = input_at;
      d.dst = out_at;
      if (idx64) { d.size0 = 1; d.size1 = W; d.src_stride1 = row; d.dst_stride0 = row; d.skip1 = 4; }
      else { d.size0 = W; d.size1 = N; d.src_stride0 = row; d.src_stride1 = W * row; d.dst_stride0 = row; d.dst_stride1 = K * row; }
    }
    U85StreamBuilder sb;
    emit(sb, d);
    const RunResult r = rig.run(sb);
    ASSERT_EQ(r.reason, StopReason::kStop) << r.error;
    const auto ref = gather ? reference::tosa_gather(values, indices, N, K, W, C)
                            : reference::tosa_scatter(values, indices, input, N, K, W, C);
    EXPECT_EQ(get(mem, out_at, ref.size(), e), ref)
        << "iteration " << it << (gather ? " gather" : " scatter") << (idx64 ? " int64" : " int32") << " e " << e;
  }
}

// An index above DMA0_IDX_MAX: one line, a command error, nothing copied.
TEST_P(U85Dma, IndexAboveMaximumIsRefused) {
  Rig rig(GetParam());
  auto& mem = rig.bus.region(1);
  put(mem, 0x4000, {0, 5}, 4);
  mem[0xC000 + 8] = 0x77;
  IndexedDma d;
  d.src = 0; d.dst = 0xC000; d.idx = 0x4000; d.len = 8; d.size0 = 2; d.idx_max = 4;
  d.src_stride0 = 8; d.dst_stride0 = 8;
  U85StreamBuilder sb;
  emit(sb, d);
  const RunResult r = rig.run(sb);
  EXPECT_EQ(r.reason, StopReason::kParseError);
  EXPECT_NE(r.error.find("DMA0_IDX_MAX"), std::string::npos) << r.error;
  EXPECT_EQ(mem[0xC000 + 8], 0x77);
}

INSTANTIATE_TEST_SUITE_P(Macs, U85Dma, testing::Values(128u, 2048u));

}  // namespace
}  // namespace corsim::npu
