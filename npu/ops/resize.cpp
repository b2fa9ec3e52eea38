// NPU_OP_RESIZE (U85, spec/ethos-u.md §2.2-§2.4). Registers as VELA
// EthosU85RCSGenerator::GenerateResizeOp programs them from a TOSA RESIZE: scale n (RESIZE_*_
// SCALE_N_M1 + 1), d = one_step_int·n + one_step_mod (RESIZE_X/Y), offset (RESIZE_*_OFFSET),
// the IFM extent in KERNEL_HEIGHT/WIDTH_M1, OFM_SCALE = (1, 16 + shift).
// Source position as TOSA RESIZE defines it: in = out·d + offset, index = floor(in / n),
// fraction = in - index·n; NEAREST rounds the index up when fraction >= n / 2 (TOSA RESIZE, integer
// division), REPLICATE takes the
// floor (decision: no golden or document says more). The selected value enters as (v - zp)·2^16,
// so that the OFM_SCALE Vela programs (1, 16) is the identity. BILINEAR needs the hardware's
// interpolation-weight format, which no source we hold gives: it is refused (docs/npu.md).
#include <algorithm>

#include "npu/ops/kernels.h"
#include "npu/ops/rescale.h"

namespace corsim::npu {

namespace {

int64_t source_index(int64_t out, int64_t n, int64_t d, int64_t offset, bool nearest, int64_t extent) {
  const int64_t in = out * d + offset;
  int64_t idx = in >= 0 ? in / n : -((-in + n - 1) / n);  // floor
  const int64_t frac = in - idx * n;
  if (nearest && frac >= n / 2) ++idx;  // TOSA RESIZE: dy >= scale_n / 2 (integer division)
  return std::clamp<int64_t>(idx, 0, extent - 1);
}

}  // namespace

bool run_resize(OpContext& ctx) {
  const OperationConfig& op = ctx.op();
  if (op.resize_mode == ResizeMode::kBilinear)
    return ctx.fail(Fault::kCommand, "RESIZE BILINEAR is not modelled (its weight format is undocumented)");
  std::vector<int32_t> raw;
  if (!load_feature_map(ctx, op.ifm, raw)) return false;
  const int64_t nx = op.resize_x_scale_n, ny = op.resize_y_scale_n;
  const int64_t dx = int64_t{op.resize_x_one_step_int} * nx + op.resize_x_one_step_mod;
  const int64_t dy = int64_t{op.resize_y_one_step_int} * ny + op.resize_y_one_step_mod;
  const bool nearest = op.resize_mode == ResizeMode::kNearest;
  const uint32_t ih = op.ifm.height, iw = op.ifm.width, c = op.ofm.depth;
  const OutputStage out(op, ctx.shram(), ctx.config().lut_base());
  std::vector<int32_t> ofm(op.ofm.elements());
  size_t i = 0;
  for (uint32_t y = 0; y < op.ofm.height; ++y) {
    const int64_t sy = source_index(y, ny, dy, op.resize_y_offset, nearest, ih);
    for (uint32_t x = 0; x < op.ofm.width; ++x) {
      const int64_t sx = source_index(x, nx, dx, op.resize_x_offset, nearest, iw);
      const int32_t* src = &raw[(size_t(sy) * iw + size_t(sx)) * op.ifm.depth];
      for (uint32_t k = 0; k < c; ++k, ++i) {
        const int64_t v = (int64_t{src[k]} - op.ifm.zero_point) * 65536;
        ofm[i] = out.apply(rescale(v, op.ofm_scale.scale, op.ofm_scale.shift, op.ofm_round, op.ofm_scale.dbl));
      }
    }
  }
  return store_feature_map(ctx, op.ofm, ofm);
}

}  // namespace corsim::npu
