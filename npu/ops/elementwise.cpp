// ELEMENTWISE, U55 modes (spec/ethos-u.md §2.5, §3.4 with the §8.5 corrections).
#include <algorithm>
#include <bit>

#include <fmt/format.h>

#include "npu/ops/kernels.h"
#include "npu/ops/rescale.h"

namespace corsim::npu {

namespace {

// TFLite's ADD/SUB left shift before operand rescale: 20 for 8-bit, 15 for 16-bit inputs (§3.4).
unsigned operand_left_shift(unsigned bits) { return bits == 8 ? 20 : bits == 16 ? 15 : 0; }

}  // namespace

bool run_elementwise(OpContext& ctx) {
  const OperationConfig& op = ctx.op();
  const auto mode = op.ew_mode;
  if (static_cast<unsigned>(mode) > 9)
    return ctx.fail(Fault::kCommand, fmt::format("elementwise mode {} is not a U55 mode", static_cast<unsigned>(mode)));
  std::vector<int32_t> a_raw, b_raw;
  if (!load_feature_map(ctx, op.ifm, a_raw)) return false;
  const bool binary = op.has_ifm2();
  if (binary && !op.ifm2_scalar && !load_feature_map(ctx, op.ifm2, b_raw)) return false;

  const uint32_t oh = op.ofm.height, ow = op.ofm.width, od = op.ofm.depth;
  const uint32_t bh = op.ifm2.height, bw = op.ifm2.width, bd = op.ifm2.depth;
  const OutputStage out(op, ctx.shram(), ctx.config().lut_base());
  const int64_t zp_a = op.ifm.zero_point, zp_b = op.ifm2.zero_point;
  const bool wide_in = op.ifm.elem_bits >= 32;
  const unsigned lshift = operand_left_shift(op.ifm.elem_bits);
  std::vector<int32_t> ofm(op.ofm.elements());
  size_t i = 0;
  for (uint32_t y = 0; y < oh; ++y) {
    for (uint32_t x = 0; x < ow; ++x) {
      for (uint32_t c = 0; c < od; ++c, ++i) {
        Int128 a = Int128{a_raw[i]} - zp_a;
        Int128 b = 0;
        if (binary) {
          int64_t braw;
          if (op.ifm2_scalar) {
            braw = op.ifm2_scalar_value;
          } else {
            // IFM2_BROADCAST: a broadcast axis has extent 1 (§2.3, §8.3).
            const uint32_t yy = std::min(y, bh - 1), xx = std::min(x, bw - 1), cc = std::min(c, bd - 1);
            braw = b_raw[(size_t{yy} * bw + xx) * bd + cc];
          }
          b = Int128{braw} - zp_b;
          // operand_order = 1: IFM2 is operand A (§2.3).
          if (op.operands_reversed) std::swap(a, b);
        }
        Int128 v = 0;
        bool ofm_scaled = true;
        switch (mode) {
          case ElementwiseMode::kAdd:
          case ElementwiseMode::kSub: {
            if (op.ifm_scale_mode == 0) {
              // OPA_OPB_16: 16-bit integer operand scales, no shift (§3.4; KWS uses 1 and 1).
              a *= static_cast<int64_t>(op.opa_scale.scale & 0xFFFF);
              b *= static_cast<int64_t>(op.opb_scale.scale & 0xFFFF);
            } else {
              // Q2 (open in §8.7, no golden). Decision, from what Vela programs: its advanced
              // scaling (Python scaling.advanced_elementwise_add_sub_scale) puts
              // min_scale * 2^k / (2 * max_scale) (k = 20 for 8-bit, 15 for 16-bit inputs) into
              // OPA_SCALE, leaves OPB_SCALE 0 and folds 2 * max_scale / 2^k into OFM_SCALE. That is
              // only consistent if the unscaled operand enters the sum multiplied by 2^(k-1), and
              // the scaled one is rescaled with OPA_SCALE alone (rounded per IFM_PRECISION). OPA_32
              // scales operand A, OPB_32 operand B (after the operand-order swap).
              Int128& scaled = op.ifm_scale_mode == 1 ? a : b;
              Int128& plain = op.ifm_scale_mode == 1 ? b : a;
              scaled = rescale(scaled, op.opa_scale.scale, op.opa_scale.shift, op.ifm_round);
              plain = plain * (Int128{1} << (lshift > 0 ? lshift - 1 : 0));
            }
            // The sum is formed wider than 32 bits before the OFM scale (§8.5).
            v = mode == ElementwiseMode::kAdd ? a + b : a - b;
            v = rescale(v, op.ofm_scale.scale, op.ofm_scale.shift, op.ofm_round);
            ofm_scaled = false;
            break;
          }
          case ElementwiseMode::kMul:
            // 32-bit inputs: the multiplier is ignored, the shift applied (§8.5).
            v = wide_in ? rescale(a * b, 1, op.ofm_scale.shift, op.ofm_round)
                        : rescale(a * b, op.ofm_scale.scale, op.ofm_scale.shift, op.ofm_round);
            ofm_scaled = false;
            break;
          case ElementwiseMode::kMin: v = std::min(a, b); break;
          case ElementwiseMode::kMax: v = std::max(a, b); break;
          case ElementwiseMode::kAbs: v = a < 0 ? -a : a; break;
          case ElementwiseMode::kLrelu:
            // alpha is OFM_SCALE (§3.4); the positive side passes unscaled.
            v = a >= 0 ? a : Int128{rescale(a, op.ofm_scale.scale, op.ofm_scale.shift, op.ofm_round)};
            ofm_scaled = false;
            break;
          case ElementwiseMode::kClz:
            v = std::countl_zero(static_cast<uint32_t>(static_cast<int64_t>(a)));
            ofm_scaled = false;
            break;
          case ElementwiseMode::kShr: {
            // Arithmetic shift right by IFM2, rounded per the OFM round mode (§8.5: NATURAL).
            const int64_t s = std::clamp<int64_t>(static_cast<int64_t>(b), 0, 63);
            v = rescale(a, 1, static_cast<uint32_t>(s), op.ofm_round);
            ofm_scaled = false;
            break;
          }
          case ElementwiseMode::kShl: {
            const int64_t s = std::clamp<int64_t>(static_cast<int64_t>(b), 0, 63);
            v = a * (Int128{1} << s);
            ofm_scaled = false;
            break;
          }
        }
        // MIN/MAX/ABS: OFM_SCALE applies when the global scale is selected (scale_mode 1).
        if (ofm_scaled && op.ofm_scale_global)
          v = rescale(v, op.ofm_scale.scale, op.ofm_scale.shift, op.ofm_round);
        const Int128 lim = INT64_MAX;
        ofm[i] = out.apply(static_cast<int64_t>(std::clamp<Int128>(v, -lim - 1, lim)));
      }
    }
  }
  return store_feature_map(ctx, op.ofm, ofm);
}

}  // namespace corsim::npu
