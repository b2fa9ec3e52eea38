// NPU_OP_RESIZE (U85, ethosu85_interface.h). Registers as VELA
// EthosU85RCSGenerator::GenerateResizeOp programs them from a TOSA RESIZE: scale n (RESIZE_*_
// SCALE_N_M1 + 1), d = one_step_int·n + one_step_mod (RESIZE_X/Y), offset (RESIZE_*_OFFSET),
// the IFM extent in KERNEL_HEIGHT/WIDTH_M1, OFM_SCALE = (1, 16 + shift) where (1, shift) is the
// TOSA RESIZE output's own scale.
// Source position as TOSA RESIZE defines it: in = out·d + offset, index = floor(in / n),
// fraction = in - index·n; NEAREST rounds the index up when fraction >= n / 2 (TOSA RESIZE, integer
// division), REPLICATE takes the floor (decision: no golden or document says more). BILINEAR is
// TOSA's unscaled int32/int48 sum v00·(n_y-dy)·(n_x-dx) + v01·(n_y-dy)·dx + v10·dy·(n_x-dx) +
// v11·dy·dx with the neighbour indices clamped to the IFM. The accumulator holds the TOSA output
// times 2^16, (v - zp)·2^16 for NEAREST: that is what makes Vela's OFM_SCALE shift 16 + s the
// TOSA result scaled by 2^-s, and for a TFLite RESIZE_BILINEAR Vela sets s = log2(n_x·n_y)
// (regor TFLiteGraphOptimiser::ConvertResize: "post-scaled with 1 / (height_n * width_n)"). How
// the hardware forms the weights internally is not documented; this model is exact for the
// accumulator value Vela's programming implies.
#include <algorithm>

#include "npu/ops/kernels.h"
#include "npu/ops/rescale.h"

namespace corsim::npu {

namespace {

// One axis of the source position: the two neighbours (clamped to the IFM) and the fraction.
struct Source {
  int64_t lo, hi, frac;
};

Source source_position(int64_t out, int64_t n, int64_t d, int64_t offset, int64_t extent) {
  const int64_t in = out * d + offset;
  const int64_t idx = in >= 0 ? in / n : -((-in + n - 1) / n);  // floor
  return {std::clamp<int64_t>(idx, 0, extent - 1), std::clamp<int64_t>(idx + 1, 0, extent - 1), in - idx * n};
}

int64_t source_index(const Source& s, int64_t n, bool nearest) {
  return nearest && s.frac >= n / 2 ? s.hi : s.lo;  // TOSA RESIZE: dy >= scale_n / 2 (integer division)
}

}  // namespace

bool run_resize(OpContext& ctx) {
  const OperationConfig& op = ctx.op();
  FeatureMapValues& raw = ctx.scratch().ifm;
  if (!load_feature_map(ctx, op.ifm, raw)) return false;
  const int64_t nx = op.resize_x_scale_n, ny = op.resize_y_scale_n;
  const int64_t dx = int64_t{op.resize_x_one_step_int} * nx + op.resize_x_one_step_mod;
  const int64_t dy = int64_t{op.resize_y_one_step_int} * ny + op.resize_y_one_step_mod;
  const bool nearest = op.resize_mode == ResizeMode::kNearest;
  const bool bilinear = op.resize_mode == ResizeMode::kBilinear;
  const uint32_t ih = op.ifm.height, iw = op.ifm.width, c = op.ofm.depth;
  const OutputStage out(op, ctx.shram(), ctx.config().lut_base());
  std::vector<int32_t> ofm(op.ofm.elements());
  size_t i = 0;
  auto value = [&](int64_t y, int64_t x, uint32_t k) {
    return int64_t{raw[(size_t(y) * iw + size_t(x)) * op.ifm.depth + k]} - op.ifm.zero_point;
  };
  for (uint32_t y = 0; y < op.ofm.height; ++y) {
    const Source sy = source_position(y, ny, dy, op.resize_y_offset, ih);
    for (uint32_t x = 0; x < op.ofm.width; ++x) {
      const Source sx = source_position(x, nx, dx, op.resize_x_offset, iw);
      for (uint32_t k = 0; k < c; ++k, ++i) {
        int64_t v = 0;
        if (bilinear) {
          v = value(sy.lo, sx.lo, k) * (ny - sy.frac) * (nx - sx.frac) + value(sy.lo, sx.hi, k) * (ny - sy.frac) * sx.frac +
              value(sy.hi, sx.lo, k) * sy.frac * (nx - sx.frac) + value(sy.hi, sx.hi, k) * sy.frac * sx.frac;
        } else {
          v = value(source_index(sy, ny, nearest), source_index(sx, nx, nearest), k);
        }
        ofm[i] = out.apply(rescale(v * 65536, op.ofm_scale.scale, op.ofm_scale.shift, op.ofm_round, op.ofm_scale.dbl));
      }
    }
  }
  return store_feature_map(ctx, op.ofm, ofm);
}

}  // namespace corsim::npu
