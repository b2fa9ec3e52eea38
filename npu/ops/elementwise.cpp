// ELEMENTWISE (Vela GenerateScalingForElementwise, U55 and U85; KWS and U85 goldens). One kernel
// for both NPUs: operands are loaded with their broadcast extents (a scalar is a 1x1x1 operand),
// then the U55 operand scaling (scale_mode, OPA/OPB_SCALE) or the U85 per-operand
// IFM_SCALE/IFM2_SCALE applies, then the mode, the OFM scale and the output stage.
#include <algorithm>
#include <bit>
#include <cstdlib>
#include <optional>
#include <type_traits>

#include <fmt/format.h>

#include "npu/ops/kernels.h"
#include "npu/ops/rescale.h"
#include "npu/ops/simd.h"

namespace corsim::npu {

namespace {

// TFLite's ADD/SUB left shift before operand rescale: 20 for 8-bit, 15 for 16-bit inputs (Vela
// scaling.py).
unsigned operand_left_shift(unsigned bits) { return bits == 8 ? 20 : bits == 16 ? 15 : 0; }

bool mode_supported(const OperationConfig& op) {
  const auto m = static_cast<unsigned>(op.ew_mode);
  if (m <= 9) return true;
  if (op.isa != Isa::kU85) return false;
  switch (op.ew_mode) {
    case ElementwiseMode::kLsr: case ElementwiseMode::kDiv: case ElementwiseMode::kCmpEq:
    case ElementwiseMode::kCmpNe: case ElementwiseMode::kCmpGe: case ElementwiseMode::kCmpGt:
    case ElementwiseMode::kAnd: case ElementwiseMode::kOr: case ElementwiseMode::kXor:
    case ElementwiseMode::kNot: case ElementwiseMode::kAndNot: return true;
    default: return false;
  }
}

// An operand's dense values (in one of the context's scratch buffers) and its extent.
struct Operand {
  explicit Operand(FeatureMapValues& buffer) : raw(buffer) {}
  FeatureMapValues& raw;
  uint32_t h = 1, w = 1, d = 1;
  int32_t at(uint32_t y, uint32_t x, uint32_t c) const {
    return raw[(size_t{std::min(y, h - 1)} * w + std::min(x, w - 1)) * d + std::min(c, d - 1)];
  }
};

bool load_operand(OpContext& ctx, const FeatureMap& fm, Operand& out) {
  out.h = std::max<uint32_t>(fm.height, 1);
  out.w = std::max<uint32_t>(fm.width, 1);
  out.d = std::max<uint32_t>(fm.depth, 1);
  return load_feature_map(ctx, fm, out.raw);
}

// The operation's fixed rescales, built once per operation (Rescaler precomputes the round terms;
// Rescaler::wide equals rescale() for every input).
struct Scalers {
  explicit Scalers(const OperationConfig& op)
      : opa(op.opa_scale.scale, op.opa_scale.shift, op.ifm_round),
        ifm(op.ifm_scale.scale, op.ifm_scale.shift, op.ifm_round, op.ifm_scale.dbl),
        ifm2(op.ifm2_scale.scale, op.ifm2_scale.shift, op.ifm2_round, op.ifm2_scale.dbl),
        ofm(op.ofm_scale.scale, op.ofm_scale.shift, op.ofm_round, op.ofm_scale.dbl),
        ofm_shift(1, op.ofm_scale.shift, op.ofm_round, op.ofm_scale.dbl) {}
  Rescaler opa;                        // U55: OPA_SCALE
  Rescaler ifm, ifm2;                  // U85: IFM_SCALE, IFM2_SCALE
  Rescaler ofm, ofm_shift;             // both: OFM_SCALE, its shift alone (the U55's dbl is 0)
};

Int128 saturate64(Int128 v) {
  const Int128 lim = INT64_MAX;
  return std::clamp<Int128>(v, -lim - 1, lim);
}

// What U55 ADD/SUB takes from the operation, read once (in the element loop the compiler would
// reload the operation's fields after every OFM store, which may alias them).
struct AddSub {
  explicit AddSub(const OperationConfig& op)
      : scale_mode(op.ifm_scale_mode),
        add(op.ew_mode == ElementwiseMode::kAdd),
        opa16(op.opa_scale.scale & 0xFFFF),
        opb16(op.opb_scale.scale & 0xFFFF),
        plain_factor(int64_t{1} << (operand_left_shift(op.ifm.elem_bits) > 0 ? operand_left_shift(op.ifm.elem_bits) - 1 : 0)) {}
  unsigned scale_mode;
  bool add;
  int64_t opa16, opb16;  // OPA_OPB_16's operand scales
  int64_t plain_factor;  // 2^(k-1) for the unscaled operand (below)
};

// U55 ADD/SUB (KWS golden): operand scaling, the sum wider than 32 bits, then OFM_SCALE. V is
// Int128 in general, int64_t for small_add_sub operations, where every step fits (below).
template <typename V>
__attribute__((always_inline)) inline V u55_add_sub(const AddSub& op, const Scalers& sc, V a, V b) {
  if (op.scale_mode == 0) {
    // OPA_OPB_16: 16-bit integer operand scales, no shift (regor; KWS uses 1 and 1).
    a *= op.opa16;
    b *= op.opb16;
  } else {
    // Q2 (docs/npu.md, no golden). Decision, from what Vela programs: its advanced scaling
    // (Python scaling.advanced_elementwise_add_sub_scale) puts min_scale * 2^k / (2 * max_scale)
    // (k = 20 for 8-bit, 15 for 16-bit inputs) into OPA_SCALE, leaves OPB_SCALE 0 and folds
    // 2 * max_scale / 2^k into OFM_SCALE. That is only consistent if the unscaled operand
    // enters the sum multiplied by 2^(k-1), and the scaled one is rescaled with OPA_SCALE alone
    // (rounded per IFM_PRECISION). OPA_32 scales operand A, OPB_32 operand B (after the swap).
    V& scaled = op.scale_mode == 1 ? a : b;
    V& plain = op.scale_mode == 1 ? b : a;
    if constexpr (std::is_same_v<V, int64_t>) scaled = sc.opa(scaled);  // the 64-bit path: same value
    else scaled = sc.opa.wide(scaled);
    plain = plain * V{op.plain_factor};
  }
  // The sum is formed wider than 32 bits before the OFM scale (KWS golden). In 64 bits the
  // Rescaler multiplies in 64 bits when the sum lies within int32 and nothing overflows (residual
  // adds of 8-bit maps), else takes the same 128-bit product as wide().
  const V sum = op.add ? a + b : a - b;
  if constexpr (std::is_same_v<V, int64_t>) return sc.ofm(sum);
  else return sc.ofm.wide(sum);
}

// U55 ADD/SUB whose operands have at most 16 bits and zero points below 2^16 in magnitude
// (residual adds, YOLO-Fastest) run u55_add_sub in 64 bits, where it is exact: |x - zp| < 2^17, so
// the OPA-scaled operand stays below 2^49 and the other below 2^36, and their sum fits; the OFM
// scale then takes the Rescaler (its 64-bit product where that is exact, else the 128-bit one).
bool small_add_sub(const OperationConfig& op) {
  const bool add_sub = op.ew_mode == ElementwiseMode::kAdd || op.ew_mode == ElementwiseMode::kSub;
  const auto small_zp = [](int32_t zp) { return zp > -(1 << 16) && zp < (1 << 16); };
  return add_sub && !op.per_operand_scaling && op.has_ifm2() && op.ifm.elem_bits <= 16 &&
         op.ifm2.elem_bits <= 16 && small_zp(op.ifm.zero_point) && small_zp(op.ifm2.zero_point);
}

// U55 ADD/SUB of two full operands (no broadcast) with a plain output stage (zero point and clamp)
// whose every step stays on the Rescalers' exact 64-bit paths, as shown once per operation from
// the operands' value ranges (plan_add_sub): then u55_add_sub<int64_t> and OutputStage::apply are
// this branch-free loop.
struct AddSubPlan {
  AddSub op;                   // scale mode, ADD or SUB, the operand scales
  int64_t zp_a = 0, zp_b = 0;  // of operands A and B (after operand_order)
  RescaleTerms opa, ofm;
  int64_t ofm_zp = 0, lo = 0, hi = 0;
  AddSubPlan(const AddSub& add_sub, const Rescaler& opa_r, const Rescaler& ofm_r)
      : op(add_sub), opa(opa_r), ofm(ofm_r) {}
};

struct Range {
  int64_t lo, hi;
};
Range times(Range r, int64_t k) { return k >= 0 ? Range{r.lo * k, r.hi * k} : Range{r.hi * k, r.lo * k}; }
// A bound on a Rescaler's result over [r.lo, r.hi] (exact 64-bit path): |(p + round) >> shift| is
// at most (|p| + |round|) >> shift, plus one for the floor of a negative value.
Range rescaled(Range r, const RescaleTerms& t) {
  const int64_t x = std::max(-r.lo, r.hi);
  const int64_t m = ((x * t.scale + std::max(std::abs(t.r_pos), std::abs(t.r_neg))) >> t.shift) + 1;
  return {-m, m};
}

// Whether the operation takes add_sub_plain (the preconditions above), and its plan.
std::optional<AddSubPlan> plan_add_sub(const OperationConfig& op, const AddSub& add_sub, const Scalers& sc,
                                       const OutputStage& out) {
  AddSubPlan plan(add_sub, sc.opa, sc.ofm);
  if (!out.plain(plan.ofm_zp, plan.lo, plan.hi)) return std::nullopt;
  const FeatureMap& fa = op.operands_reversed ? op.ifm2 : op.ifm;  // operand_order = 1: IFM2 is A
  const FeatureMap& fb = op.operands_reversed ? op.ifm : op.ifm2;
  plan.zp_a = fa.zero_point;
  plan.zp_b = fb.zero_point;
  // The operands minus their zero points (8 or 16 bits, zero points below 2^16: small_add_sub).
  Range a{type_min(fa.elem_bits, fa.is_signed) - plan.zp_a, type_max(fa.elem_bits, fa.is_signed) - plan.zp_a};
  Range b{type_min(fb.elem_bits, fb.is_signed) - plan.zp_b, type_max(fb.elem_bits, fb.is_signed) - plan.zp_b};
  if (add_sub.scale_mode == 0) {
    a = times(a, add_sub.opa16);
    b = times(b, add_sub.opb16);
  } else {
    Range& scaled = add_sub.scale_mode == 1 ? a : b;
    Range& plain = add_sub.scale_mode == 1 ? b : a;
    if (!sc.opa.exact_in_64_bits(scaled.lo, scaled.hi)) return std::nullopt;
    scaled = rescaled(scaled, plan.opa);
    plain = times(plain, add_sub.plain_factor);
  }
  const Range sum = add_sub.add ? Range{a.lo + b.lo, a.hi + b.hi} : Range{a.lo - b.hi, a.hi - b.lo};
  if (!sc.ofm.exact_in_64_bits(sum.lo, sum.hi)) return std::nullopt;  // also within int32
  return plan;
}

// out[i] = the output stage of u55_add_sub(A[i] - zp_a, B[i] - zp_b), compiled for AVX2 and the
// baseline (npu/ops/simd.h).
CORSIM_NPU_MULTIVERSION
void add_sub_plain(const AddSubPlan& plan, const int32_t* __restrict a, const int32_t* __restrict b, size_t n,
                   int32_t* __restrict out) {
  const AddSubPlan q = plan;  // in locals: stores through `out` cannot alias them
  // clamp(v + zp, lo, hi) as OutputStage::apply computes it (std::clamp's order), without the sum
  // (v + zp saturates there; v is far inside int64 here).
  const int64_t lo = q.lo - q.ofm_zp, hi = q.hi - q.ofm_zp;
  for (size_t i = 0; i < n; ++i) {
    int64_t x = a[i] - q.zp_a, y = b[i] - q.zp_b;
    if (q.op.scale_mode == 0) {
      x *= q.op.opa16;
      y *= q.op.opb16;
    } else if (q.op.scale_mode == 1) {
      x = q.opa(x);
      y *= q.op.plain_factor;
    } else {
      y = q.opa(y);
      x *= q.op.plain_factor;
    }
    const int64_t v = q.ofm(q.op.add ? x + y : x - y);
    out[i] = static_cast<int32_t>((v < lo ? lo : hi < v ? hi : v) + q.ofm_zp);
  }
}

// The U55 path (Vela GenerateScalingForElementwise; KWS golden): the value before the output stage.
Int128 u55_value(const OperationConfig& op, const AddSub& add_sub, const Scalers& sc, Int128 a, Int128 b) {
  const bool wide_in = op.ifm.elem_bits >= 32;
  Int128 v = 0;
  bool ofm_scaled = true;
  switch (op.ew_mode) {
    case ElementwiseMode::kAdd:
    case ElementwiseMode::kSub:
      v = u55_add_sub(add_sub, sc, a, b);
      ofm_scaled = false;
      break;
    case ElementwiseMode::kMul:
      // 32-bit inputs: the multiplier is ignored, the shift applied (KWS golden).
      v = wide_in ? sc.ofm_shift.wide(a * b) : sc.ofm.wide(a * b);
      ofm_scaled = false;
      break;
    case ElementwiseMode::kMin: v = std::min(a, b); break;
    case ElementwiseMode::kMax: v = std::max(a, b); break;
    case ElementwiseMode::kAbs: v = a < 0 ? -a : a; break;
    case ElementwiseMode::kLrelu:
      // alpha is OFM_SCALE (GenerateScalingForElementwise); the positive side passes unscaled.
      v = a >= 0 ? a : Int128{sc.ofm.wide(a)};
      ofm_scaled = false;
      break;
    case ElementwiseMode::kClz:
      v = std::countl_zero(static_cast<uint32_t>(static_cast<int64_t>(a)));
      ofm_scaled = false;
      break;
    case ElementwiseMode::kShr: {
      // Arithmetic shift right by IFM2, rounded per the OFM round mode (KWS golden: NATURAL).
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
    default: break;
  }
  // MIN/MAX/ABS: OFM_SCALE applies when the global scale is selected (scale_mode 1).
  if (ofm_scaled && op.ofm_scale_global) v = sc.ofm.wide(v);
  return v;
}

// The U85 path (U85 goldens; VELA EthosU85RCSGenerator::GenerateScalingForElementwise): each
// operand (x - zp) is rescaled by its own IFM_SCALE / IFM2_SCALE (shift, dbl_rnd, round), the mode
// combines them, OFM_SCALE rescales arithmetic results. `ra`/`rb` are the raw operand values.
Int128 u85_value(const OperationConfig& op, const Scalers& sc, int64_t ra, int64_t rb) {
  const Int128 xa = Int128{ra} - op.ifm.zero_point, xb = Int128{rb} - op.ifm2.zero_point;
  auto scale_a = [&](Int128 x) { return Int128{sc.ifm.wide(x)}; };
  auto scale_b = [&](Int128 x) { return Int128{sc.ifm2.wide(x)}; };
  auto ofm_scale = [&](Int128 x) { return Int128{sc.ofm.wide(x)}; };
  const Int128 a = scale_a(xa);
  const Int128 b = op.is_unary() ? Int128{0} : scale_b(xb);
  // Compares give the internal boolean: -1 true, 0 false (VELA GraphIrOptimiser::ConvertBool8Tensors).
  auto boolean = [](bool t) { return Int128{t ? -1 : 0}; };
  const auto ua = static_cast<uint32_t>(static_cast<int64_t>(a)), ub = static_cast<uint32_t>(static_cast<int64_t>(b));
  const unsigned shift = static_cast<unsigned>(std::clamp<int64_t>(static_cast<int64_t>(b), 0, 63));
  switch (op.ew_mode) {
    case ElementwiseMode::kAdd: return ofm_scale(a + b);
    case ElementwiseMode::kSub: return ofm_scale(a - b);
    case ElementwiseMode::kMul:
      // 32-bit inputs: the OFM_SCALE multiplier is ignored, its shift applied (KWS, U85 goldens).
      if (op.ifm.elem_bits >= 32)
        return Int128{sc.ofm_shift.wide(a * b)};
      return ofm_scale(a * b);
    case ElementwiseMode::kMin: return ofm_scale(std::min(a, b));
    case ElementwiseMode::kMax: return ofm_scale(std::max(a, b));
    case ElementwiseMode::kAbs: return ofm_scale(a < 0 ? -a : a);
    case ElementwiseMode::kLrelu:
      // IFM_SCALE = ifm/ofm for x >= 0, IFM2_SCALE = alpha·ifm/ofm for x < 0 (as Vela programs LRELU).
      return ofm_scale(xa >= 0 ? scale_a(xa) : scale_b(xa));
    case ElementwiseMode::kClz: return std::countl_zero(ua);
    // SHR: arithmetic, rounded by OFM_SCALE's round mode (U85 goldens); no other scaling (unit OFM
    // scale).
    case ElementwiseMode::kShr: return Int128{rescale(a, 1, shift, op.ofm_round)};
    case ElementwiseMode::kShl: return a * (Int128{1} << shift);  // plain left shift (KWS), saturated
    case ElementwiseMode::kLsr: return static_cast<int32_t>(shift > 31 ? 0u : ua >> shift);
    case ElementwiseMode::kDiv:
      // TOSA INTDIV: truncation toward zero. Division by zero gives 0 (a decision: undefined in
      // TOSA, not documented for the NPU).
      if (b == 0) return 0;
      return a / b;
    case ElementwiseMode::kCmpEq: return boolean(a == b);
    case ElementwiseMode::kCmpNe: return boolean(a != b);
    case ElementwiseMode::kCmpGe: return boolean(a >= b);
    case ElementwiseMode::kCmpGt: return boolean(a > b);
    case ElementwiseMode::kAnd: return static_cast<int32_t>(ua & ub);
    case ElementwiseMode::kOr: return static_cast<int32_t>(ua | ub);
    case ElementwiseMode::kXor: return static_cast<int32_t>(ua ^ ub);
    case ElementwiseMode::kNot: return static_cast<int32_t>(~ua);
    case ElementwiseMode::kAndNot: return static_cast<int32_t>(ua & ~ub);
    default: return 0;
  }
}

}  // namespace

bool run_elementwise(OpContext& ctx) {
  const OperationConfig& op = ctx.op();
  if (!mode_supported(op))
    return ctx.fail(Fault::kCommand, fmt::format("elementwise mode {} is not a {} mode", static_cast<unsigned>(op.ew_mode),
                                                 op.isa == Isa::kU85 ? "U85" : "U55"));
  FeatureMap ifm = op.ifm;
  if (op.isa != Isa::kU85) {  // U55: the IFM has the OFM's extent (no IFM broadcast)
    ifm.height = op.ofm.height;
    ifm.width = op.ofm.width;
    ifm.depth = op.ofm.depth;
  }
  Operand a(ctx.scratch().ifm), b(ctx.scratch().ifm2);
  if (!load_operand(ctx, ifm, a)) return false;
  const bool binary = op.has_ifm2();
  if (binary && !load_operand(ctx, op.ifm2, b)) return false;

  const uint32_t oh = op.ofm.height, ow = op.ofm.width, od = op.ofm.depth;
  const OutputStage out(op, ctx.shram(), ctx.config().lut_base());
  const int64_t zp_a = op.ifm.zero_point, zp_b = op.ifm2.zero_point;
  const Scalers sc(op);
  // Operands with the OFM's extent are read in order; broadcast ones through Operand::at.
  const bool a_full = a.h == oh && a.w == ow && a.d == od;
  const bool b_full = b.h == oh && b.w == ow && b.d == od;
  FeatureMapValues& ofm = ctx.scratch().ofm;
  ofm.resize(op.ofm.elements());
  // Calls value(ra, rb) for every OFM element with the raw operand values (rb 0 when unary).
  const auto each_element = [&](auto&& value) {
    size_t i = 0;
    for (uint32_t y = 0; y < oh; ++y)
      for (uint32_t x = 0; x < ow; ++x)
        for (uint32_t c = 0; c < od; ++c, ++i) {
          const int64_t ra = a_full ? a.raw[i] : a.at(y, x, c);
          const int64_t rb = !binary ? 0 : b_full ? b.raw[i] : b.at(y, x, c);
          ofm[i] = out.apply(value(ra, rb));
        }
  };
  const AddSub add_sub(op);
  const bool reversed = op.operands_reversed;
  const bool small = small_add_sub(op);
  std::optional<AddSubPlan> plan;
  if (small && a_full && b_full && (plan = plan_add_sub(op, add_sub, sc, out))) {
    add_sub_plain(*plan, (reversed ? b : a).raw.data(), (reversed ? a : b).raw.data(), ofm.size(), ofm.data());
  } else if (small) {
    each_element([&](int64_t ra, int64_t rb) {
      // operand_order = 1: IFM2 is operand A (ethosu55_interface.h).
      return reversed ? u55_add_sub<int64_t>(add_sub, sc, rb - zp_b, ra - zp_a)
                      : u55_add_sub<int64_t>(add_sub, sc, ra - zp_a, rb - zp_b);
    });
  } else if (op.per_operand_scaling) {
    each_element([&](int64_t ra, int64_t rb) { return static_cast<int64_t>(saturate64(u85_value(op, sc, ra, rb))); });
  } else {
    each_element([&](int64_t ra, int64_t rb) {
      Int128 va = Int128{ra} - zp_a, vb = binary ? Int128{rb} - zp_b : Int128{0};
      // operand_order = 1: IFM2 is operand A (ethosu55_interface.h).
      if (binary && op.operands_reversed) std::swap(va, vb);
      return static_cast<int64_t>(saturate64(u55_value(op, add_sub, sc, va, vb)));
    });
  }
  return store_feature_map(ctx, op.ofm, ofm);
}

}  // namespace corsim::npu
