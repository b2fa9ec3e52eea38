// Host reference (docs/model-compiler.md): the exact int8 outputs of a model computed directly from
// the TFLite/TOSA integer arithmetic in reference_ops (independent of npu/ and of the lowering).
#pragma once

#include <cstdint>
#include <vector>

#include "tools/model_compiler/model.h"

namespace corsim::model_compiler {

// Per-channel output stage of a convolution-like layer: TFLite QuantizeMultiplier of
// input_scale * weight_scale[o] / output_scale.
struct ChannelScale {
  int32_t multiplier = 0;
  int shift = 0;  // TFLite exponent: real = multiplier * 2^(shift - 31)
};
std::vector<ChannelScale> channel_scales(const Model& m, const Layer& l);
// Elementwise (add, mul) RESCALE multiplier and right shift (TOSA apply_scale_32).
void elementwise_scale(const Model& m, const Layer& l, int32_t& multiplier, int& shift);

// The 256-entry int8 table of a tanh/sigmoid layer, indexed by input + 128: the float function of
// the dequantised input, requantised with round-half-away-from-zero and clamped to int8 (the way
// TFLite populates its int8 LUTs).
std::vector<int8_t> lut_table(const Model& m, const Layer& l);

// Deterministic int8 inputs in [-128, 127] (one vector per model input, NHWC).
std::vector<std::vector<int32_t>> make_inputs(const Model& m);

// All feature maps' int8 values (dense NHWC), indexed like m.maps. The softmax map holds its
// input's values (softmax runs in float on the CPU, see float_softmax).
std::vector<std::vector<int32_t>> run_reference(const Model& m, const std::vector<std::vector<int32_t>>& inputs);

// Float softmax over the last dimension: exp(x - max) / sum, in float as the portable kernel does.
std::vector<float> float_softmax(const std::vector<float>& x, size_t row);

}  // namespace corsim::model_compiler
