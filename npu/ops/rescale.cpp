#include "npu/ops/rescale.h"

#include <cmath>
#include <cstdint>

namespace corsim::npu {

OutputStage::OutputStage(const OperationConfig& op, std::span<const uint8_t> lut_memory, uint32_t lut_base) {
  const FeatureMap& ofm = op.ofm;
  zp_ = ofm.zero_point;
  ofm_bits_ = ofm.elem_bits;
  ofm_signed_ = ofm.is_signed;
  fn_ = op.activation;
  lut_ = op.activation != ActivationFunction::kNone;
  wide_ = ofm.elem_bits >= 32;
  // U55 ACTIVATION.clip_range (§2.3): 0 OFM precision, 2 force uint8, 3 force int8, 5 force int16.
  // The U85 has no clip range (0 here); its ACTIVATION.clip bit switches MIN/MAX off (§9.3).
  unsigned clip_bits = std::min<unsigned>(ofm.elem_bits, 32);
  bool clip_signed = ofm.is_signed;
  switch (op.clip_range) {
    case 2: clip_bits = 8; clip_signed = false; break;
    case 3: clip_bits = 8; clip_signed = true; break;
    case 5: clip_bits = 16; clip_signed = true; break;
    default: break;
  }
  // 32-bit OFM: no zero point, no ACTIVATION_MIN/MAX (§8.5).
  const bool use_min_max = op.activation_clamp && !wide_;
  if (wide_ && !lut_) {
    lo_ = ofm.is_signed ? type_min(32, true) : 0;
    hi_ = ofm.is_signed ? type_max(32, true) : 0xFFFFFFFFll;
    return;
  }
  lo_ = type_min(clip_bits, clip_signed);
  hi_ = type_max(clip_bits, clip_signed);
  if (use_min_max) {
    lo_ = std::max(lo_, int64_t{op.activation_min});
    hi_ = std::min(hi_, int64_t{op.activation_max});
  }
  lo_ = std::max(lo_, type_min(std::min<unsigned>(ofm.elem_bits, 32), ofm.is_signed));
  hi_ = std::min(hi_, type_max(std::min<unsigned>(ofm.elem_bits, 32), ofm.is_signed));
  if (lut_) {
    // Q4 (§8.6, §9.5): the LUT index is the scaled value + OFM zero point, clamped to the index
    // type (int8: +128). Decision (unverified, no golden can tell): ACTIVATION_MIN/MAX clamp the
    // index too when they apply, as the §3.1 order "zero point, clamp, then LUT" says.
    lut_bits_ = op.lut.index_bits;
    lut_signed_ = op.lut.index_signed;
    entry_bytes_ = op.lut.entry_bytes;
    lut_lo_ = type_min(lut_bits_, lut_signed_);
    lut_hi_ = type_max(lut_bits_, lut_signed_);
    if (use_min_max) {
      lut_lo_ = std::max(lut_lo_, int64_t{op.activation_min});
      lut_hi_ = std::min(lut_hi_, int64_t{op.activation_max});
    }
    if (op.activation == ActivationFunction::kTable) {
      const size_t start = size_t{lut_base} + op.lut.offset;
      if (start < lut_memory.size()) {
        table_ = lut_memory.data() + start;
        table_bytes_ = lut_memory.size() - start;
      }
    }
  }
}

int32_t OutputStage::lookup(int64_t x) const {
  x = std::clamp(x, lut_lo_, lut_hi_);
  if (fn_ == ActivationFunction::kTanh || fn_ == ActivationFunction::kSigmoid) {
    // U55 built-in functions take the input in a 1/0x3000 fixed-point domain (§3.3, Python core).
    // Not verified against hardware: a plain float model, rounded half away from zero.
    const double in = static_cast<double>(x - zp_) / 0x3000;
    const double range = std::ldexp(1.0, static_cast<int>(ofm_bits_) - 1);
    double out = fn_ == ActivationFunction::kTanh ? std::tanh(in) * range
                                                  : (1.0 / (1.0 + std::exp(-in))) * 2 * range - range;
    const int64_t r = static_cast<int64_t>(std::llround(out)) + zp_;
    return static_cast<int32_t>(std::clamp<int64_t>(r, type_min(ofm_bits_, ofm_signed_), type_max(ofm_bits_, ofm_signed_)));
  }
  if (lut_bits_ == 16) {
    // int16 LUT (§3.5): 512 uint32 entries, low 16 bits base, high 16 bits slope. For x offset by
    // +32768: index = x >> 7, frac = x & 0x7F, result = base + ((slope * frac + 64) >> 7). The +64
    // (TFLite's rounding) is the Q4 decision; no real stream has an int16 LUT (§8.6).
    const uint32_t u = static_cast<uint32_t>(x + 32768) & 0xFFFF;
    const size_t index = u >> 7;
    const int32_t frac = static_cast<int32_t>(u & 0x7F);
    if (table_ == nullptr || (index + 1) * 4 > table_bytes_) return 0;
    const uint8_t* e = table_ + index * 4;
    const int32_t base = static_cast<int16_t>(uint16_t{e[0]} | uint16_t{e[1]} << 8);
    const int32_t slope = static_cast<int16_t>(uint16_t{e[2]} | uint16_t{e[3]} << 8);
    const int64_t r = base + ((int64_t{slope} * frac + 64) >> 7);
    return static_cast<int32_t>(std::clamp<int64_t>(r, type_min(ofm_bits_, ofm_signed_), type_max(ofm_bits_, ofm_signed_)));
  }
  // 8-bit index; 1-, 2- or 4-byte entries (U55: OFM-sized, §8.6; U85: by LUT function, §9.5).
  const size_t index = static_cast<size_t>(lut_signed_ ? x + 128 : x) & 0xFF;
  const unsigned eb = entry_bytes_;
  if (table_ == nullptr || (index + 1) * eb > table_bytes_) return 0;
  uint32_t raw = 0;
  for (unsigned b = 0; b < eb; ++b) raw |= uint32_t{table_[index * eb + b]} << (8 * b);
  if (eb == 1) return ofm_signed_ ? static_cast<int8_t>(raw) : static_cast<int32_t>(raw);
  if (eb == 2) return ofm_signed_ ? static_cast<int16_t>(raw) : static_cast<int32_t>(raw);
  return static_cast<int32_t>(raw);
}

}  // namespace corsim::npu
