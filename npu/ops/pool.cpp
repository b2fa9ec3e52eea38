// POOL (Vela QuantizePoolingScale; KWS golden, U85 goldens): MAX, AVERAGE and REDUCE_SUM; U85 SUM,
// MIN, NONE and ARGMAX_X/Y.
#include <algorithm>
#include <limits>

#include "npu/ops/kernels.h"
#include "npu/ops/rescale.h"

namespace corsim::npu {

namespace {

// Q3 decision (padded AVERAGE with scale_mode 0: "the hardware divides by the valid count",
// regor's padSum > 0 case): the division is TOSA AVG_POOL2D's, a multiply by reciprocal_scale(count) =
// ((2^30 + 1) << k) / count with shift 30 + k and natural rounding, where 2^(k-1) < count <= 2^k.
// regor (a TOSA compiler) relies on the hardware for exactly these pools. No golden covers it;
// tests/npu/ops_reference_test.cpp checks the decision against the TOSA reference.
int64_t divide_by_count(int64_t sum, int64_t count) {
  if (count <= 0) return 0;
  uint32_t k = 0;
  while ((int64_t{1} << k) < count) ++k;
  const int64_t multiplier = (((int64_t{1} << 30) + 1) << k) / count;
  return rescale(sum, static_cast<uint32_t>(multiplier), 30 + k, RoundMode::kNatural);
}

// ARGMAX_X/Y (U85) as VELA programs it (regor GraphIrOptimiser::RewriteArgmax): the reduced axis
// is the kernel's width (ARGMAX_X) or height (ARGMAX_Y), the other extent 1, stride 1, no padding.
// Other windows have no source; they are refused.
bool argmax_window_modelled(const OperationConfig& op) {
  const bool x = op.pool_mode == PoolMode::kArgmaxX;
  const uint32_t across = x ? op.kernel.height : op.kernel.width;
  return across == 1 && op.pad_top == 0 && op.pad_left == 0 && op.pad_bottom == 0 && op.pad_right == 0 &&
         !op.upscale;
}

}  // namespace

bool run_pool(OpContext& ctx) {
  const OperationConfig& op = ctx.op();
  const bool argmax = op.pool_mode == PoolMode::kArgmaxX || op.pool_mode == PoolMode::kArgmaxY;
  if (argmax && !argmax_window_modelled(op))
    return ctx.fail(Fault::kCommand, "POOL ARGMAX with a window other than one unpadded row/column is not modelled");
  FeatureMap ifm = op.ifm;
  if (op.pool_mode != PoolMode::kReduceSum) ifm.depth = op.ofm.depth;
  FeatureMapValues& raw = ctx.scratch().ifm;
  if (!load_feature_map(ctx, ifm, raw)) return false;
  const uint32_t ih = ifm.height, iw = ifm.width, ic = ifm.depth;
  const uint32_t oh = op.ofm.height, ow = op.ofm.width, od = op.ofm.depth;
  const uint32_t uh = op.upscale ? 2 * ih : ih, uw = op.upscale ? 2 * iw : iw;
  const int64_t zp = ifm.zero_point;
  const int sy = static_cast<int>(op.kernel.stride_y), sx = static_cast<int>(op.kernel.stride_x);
  const int pt = static_cast<int>(op.pad_top), pl = static_cast<int>(op.pad_left);
  const OutputStage out(op, ctx.shram(), ctx.config().lut_base());
  // Every OFM element (or, for SUM and NONE, accumulator) is written below.
  FeatureMapValues& ofm = ctx.scratch().ofm;
  ofm.resize(op.ofm.elements());
  const bool accumulates = op.pool_mode == PoolMode::kSum || op.pool_mode == PoolMode::kNone;
  AccumulatorBuffer& acc = ctx.scratch().acc;
  acc.resize(accumulates ? ofm.size() : 0);
  const Rescaler ofm_scale(op.ofm_scale.scale, op.ofm_scale.shift, op.ofm_round, op.ofm_scale.dbl);
  auto global_scale = [&](int64_t x) { return op.ofm_scale_global ? ofm_scale(x) : x; };
  auto at = [&](int y, int x, uint32_t c) -> int64_t {
    // IFM_UPSCALE on POOL (nearest, ethosu55_interface.h): each pixel repeated 2x2.
    if (op.upscale == 2 && ((y | x) & 1)) return zp;
    const int ry = op.upscale ? y / 2 : y, rx = op.upscale ? x / 2 : x;
    return raw[(size_t(ry) * iw + size_t(rx)) * ic + c];
  };
  // One channel's result from the one reduction of its window its mode uses (`reduced`: MAX the
  // largest value, MIN the smallest, the others the sum; ARGMAX reads `best_at`, the position of
  // the first largest) and the window's count: the OFM value, or for SUM and NONE the accumulator
  // (written to acc, the OFM left for later).
  auto finish_channel = [&](size_t i, int64_t reduced, int64_t count, int64_t best_at) {
    int64_t v = 0;
    switch (op.pool_mode) {
      case PoolMode::kMax:
      case PoolMode::kMin:  // U85: as MAX with the minimum (pooling_mode)
        // MAX ignores padding (TFLite); scale_mode 0 applies no rescale (KWS).
        v = global_scale(count ? reduced : 0);
        break;
      case PoolMode::kAverage:
        // scale_mode 1: OFM_SCALE holds 1/k (QuantizePoolingScale); scale_mode 0: hardware
        // divide (Q3).
        v = op.ofm_scale_global ? global_scale(reduced) : divide_by_count(reduced, count);
        break;
      case PoolMode::kArgmaxX:
      case PoolMode::kArgmaxY:
        // The accumulator holds the index above 16 bits: VELA EthosU85RCSGenerator::
        // GenerateOFMScalingForPooling programs OFM_SCALE (1, 16) "to separate values and
        // indices" with round TRUNCATE_TO_LOWER (RewriteArgmax), and DecomposeReduce splits
        // an axis over 32768 "to avoid negative indices due to the way the resulting index is
        // shifted out". The bits below 16 are not documented; truncation drops them, so they
        // are modelled as 0 (decision).
        v = global_scale(best_at << 16);
        break;
      case PoolMode::kReduceSum:
        // REDUCE_SUM sums the window and all IFM channels (KWS golden).
        v = global_scale(reduced);
        break;
      case PoolMode::kSum:
        // U85 SUM: the window sum of (ifm - zp), then OFM_SCALE with its round mode (U85
        // goldens).
        acc[i] = reduced;
        return;
      case PoolMode::kNone:
        // NONE adds nothing: VELA's NullPool is "a none pooling op with IFM set to int8 (not
        // used by the operation) and input instead handled by ArchAccumulatorSource::Ifm2"
        // (regor ArchEthosU85, UseNullPool); its result is the starting accumulators.
        acc[i] = 0;
        return;
      default: break;
    }
    ofm[i] = out.apply(v);
  };
  // Calls tap(ky, kx, iy, ix) for each window position of OFM (oy, ox) inside the (upscaled) IFM;
  // padding contributes nothing.
  auto for_each_tap = [&](uint32_t oy, uint32_t ox, auto&& tap) {
    for (uint32_t ky = 0; ky < op.kernel.height; ++ky) {
      const int iy = static_cast<int>(oy) * sy + static_cast<int>(ky * op.kernel.dilation_y) - pt;
      if (iy < 0 || iy >= static_cast<int>(uh)) continue;
      for (uint32_t kx = 0; kx < op.kernel.width; ++kx) {
        const int ix = static_cast<int>(ox) * sx + static_cast<int>(kx * op.kernel.dilation_x) - pl;
        if (ix < 0 || ix >= static_cast<int>(uw)) continue;
        tap(ky, kx, iy, ix);
      }
    }
  };
  const bool per_channel = op.pool_mode != PoolMode::kReduceSum && !argmax;
  if (per_channel) {
    // Each channel is reduced over the window on its own: the window is walked once per OFM
    // position with the channel loop innermost (contiguous), not once per channel. Only the
    // reduction the mode uses is computed (MAX: the largest, MIN: the smallest, the others the
    // sum), which finish_channel takes.
    std::vector<int64_t> reduced(od);
    auto reduce = [&](int64_t start, auto step) {
      for (uint32_t oy = 0; oy < oh; ++oy) {
        for (uint32_t ox = 0; ox < ow; ++ox) {
          std::fill(reduced.begin(), reduced.end(), start);
          int64_t count = 0;
          for_each_tap(oy, ox, [&](uint32_t, uint32_t, int iy, int ix) {
            ++count;
            if (op.upscale == 2 && ((iy | ix) & 1)) {  // a zero-inserted hole: the value is zp
              for (uint32_t c = 0; c < od; ++c) reduced[c] = step(reduced[c], 0);
              return;
            }
            const int ry = op.upscale ? iy / 2 : iy, rx = op.upscale ? ix / 2 : ix;
            const int32_t* src = &raw[(size_t(ry) * iw + size_t(rx)) * ic];
            for (uint32_t c = 0; c < od; ++c) reduced[c] = step(reduced[c], src[c] - zp);
          });
          const size_t base = (size_t{oy} * ow + ox) * od;
          for (uint32_t c = 0; c < od; ++c) finish_channel(base + c, reduced[c], count, 0);
        }
      }
    };
    switch (op.pool_mode) {
      case PoolMode::kMax:
        reduce(std::numeric_limits<int64_t>::min(), [](int64_t a, int64_t v) { return std::max(a, v); });
        break;
      case PoolMode::kMin:
        reduce(std::numeric_limits<int64_t>::max(), [](int64_t a, int64_t v) { return std::min(a, v); });
        break;
      default:
        reduce(0, [](int64_t a, int64_t v) { return a + v; });
        break;
    }
  } else {
    for (uint32_t oy = 0; oy < oh; ++oy) {
      for (uint32_t ox = 0; ox < ow; ++ox) {
        // REDUCE_SUM and ARGMAX: the sum, and the first largest value's position.
        for (uint32_t c = 0; c < od; ++c) {
          int64_t best = std::numeric_limits<int64_t>::min();
          int64_t sum = 0, count = 0, best_at = 0;
          const uint32_t c_lo = op.pool_mode == PoolMode::kReduceSum ? 0 : c;
          const uint32_t c_hi = op.pool_mode == PoolMode::kReduceSum ? ic : c + 1;
          for_each_tap(oy, ox, [&](uint32_t ky, uint32_t kx, int iy, int ix) {
            for (uint32_t k = c_lo; k < c_hi; ++k) {
              const int64_t v = at(iy, ix, k) - zp;
              // ARGMAX keeps the first maximum in window order (TOSA ARGMAX: strict greater).
              if (v > best) best_at = op.pool_mode == PoolMode::kArgmaxY ? ky : kx;
              best = std::max(best, v);
              sum += v;
              ++count;
            }
          });
          finish_channel((size_t{oy} * ow + ox) * od + c, sum, count, best_at);
        }
      }
    }
  }
  if (accumulates) {
    // SUM and NONE keep their accumulators (ACC_FORMAT acc_input / acc_output, op_context.h).
    if (!add_starting_accumulators(ctx, acc)) return false;
    if (op.acc_output)
      for (size_t i = 0; i < acc.size(); ++i) ofm[i] = out.apply(global_scale(acc[i]));
    leave_accumulators(ctx, acc);  // acc now holds the previous accumulators
    if (!op.acc_output) return true;
  } else {
    ctx.accumulators().forget();  // not modelled for the other modes: a later KEEP faults
  }
  return store_feature_map(ctx, op.ofm, ofm);
}

}  // namespace corsim::npu
