#include "tools/model_compiler/host_reference.h"

#include <algorithm>
#include <cmath>
#include <random>

#include "tools/model_compiler/reference_ops.h"

namespace corsim::model_compiler {

std::vector<ChannelScale> channel_scales(const Model& m, const Layer& l) {
  const FeatureMap& in = m.maps[l.inputs[0]];
  const FeatureMap& out = m.maps[l.output];
  std::vector<ChannelScale> s(l.bias.size());
  for (size_t o = 0; o < s.size(); ++o) {
    const double ws = l.weight_scales.size() == 1 ? l.weight_scales[0] : l.weight_scales[o];
    reference::quantize_multiplier(in.scale * ws / out.scale, s[o].multiplier, s[o].shift);
  }
  return s;
}

void elementwise_scale(const Model& m, const Layer& l, int32_t& multiplier, int& shift) {
  const FeatureMap& a = m.maps[l.inputs[0]];
  const FeatureMap& b = m.maps[l.inputs[1]];
  const FeatureMap& out = m.maps[l.output];
  const double real = l.kind == LayerKind::kAdd ? a.scale / out.scale : a.scale * b.scale / out.scale;
  int tfl_shift = 0;
  reference::quantize_multiplier(real, multiplier, tfl_shift);
  shift = 31 - tfl_shift;
}

std::vector<int8_t> lut_table(const Model& m, const Layer& l) {
  const FeatureMap& in = m.maps[l.inputs[0]];
  const FeatureMap& out = m.maps[l.output];
  std::vector<int8_t> t(256);
  for (int i = 0; i < 256; ++i) {
    const double x = (i - 128 - in.zero_point) * in.scale;
    const double y = l.kind == LayerKind::kTanh ? std::tanh(x) : 1.0 / (1.0 + std::exp(-x));
    const double q = std::round(y / out.scale) + out.zero_point;
    t[i] = static_cast<int8_t>(std::clamp<double>(q, l.act_min, l.act_max));
  }
  return t;
}

std::vector<std::vector<int32_t>> make_inputs(const Model& m) {
  std::vector<std::vector<int32_t>> v;
  std::mt19937 rng(m.input_seed);
  for (int idx : m.inputs) {
    std::vector<int32_t> x(m.maps[idx].elements());
    for (auto& e : x) e = static_cast<int32_t>(rng() % 256) - 128;
    v.push_back(std::move(x));
  }
  return v;
}

std::vector<std::vector<int32_t>> run_reference(const Model& m, const std::vector<std::vector<int32_t>>& inputs) {
  std::vector<std::vector<int32_t>> maps(m.maps.size());
  for (size_t i = 0; i < m.inputs.size(); ++i) maps[m.inputs[i]] = inputs[i];
  for (const Layer& l : m.layers) {
    const FeatureMap& inf = m.maps[l.inputs[0]];
    const FeatureMap& outf = m.maps[l.output];
    reference::Tensor in{inf.h, inf.w, inf.c, maps[l.inputs[0]]};
    reference::ConvParams p;
    p.kh = l.kh, p.kw = l.kw, p.sy = l.sy, p.sx = l.sx, p.dy = l.dy, p.dx = l.dx;
    p.pad_top = l.pad_top, p.pad_left = l.pad_left;
    p.in_zp = inf.zero_point, p.out_zp = outf.zero_point;
    p.act_min = l.act_min, p.act_max = l.act_max;
    std::vector<int32_t>& out = maps[l.output];
    switch (l.kind) {
      case LayerKind::kConv2d:
      case LayerKind::kDepthwiseConv2d:
      case LayerKind::kFullyConnected: {
        std::vector<int32_t> mult;
        std::vector<int> shift;
        for (const ChannelScale& s : channel_scales(m, l)) {
          mult.push_back(s.multiplier);
          shift.push_back(s.shift);
        }
        if (l.kind == LayerKind::kFullyConnected) {
          // TFLite FullyConnected == a 1x1 convolution over the flattened (NHWC order) input.
          in = reference::Tensor{1, 1, static_cast<uint32_t>(inf.elements()), maps[l.inputs[0]]};
          out = reference::conv2d_per_channel(in, l.weights, l.bias, mult, shift, 1, 1, outf.c, p).v;
        } else if (l.kind == LayerKind::kConv2d) {
          out = reference::conv2d_per_channel(in, l.weights, l.bias, mult, shift, outf.h, outf.w, outf.c, p).v;
        } else {
          out = reference::depthwise_per_channel(in, l.weights, l.bias, mult, shift, outf.h, outf.w, p).v;
        }
        break;
      }
      case LayerKind::kMaxPool: out = reference::max_pool(in, outf.h, outf.w, p).v; break;
      case LayerKind::kAvgPool: out = reference::tosa_avg_pool(in, outf.h, outf.w, p).v; break;
      case LayerKind::kAdd:
      case LayerKind::kMul: {
        int32_t mult = 0;
        int shift = 0;
        elementwise_scale(m, l, mult, shift);
        const FeatureMap& bf = m.maps[l.inputs[1]];
        const auto& a = maps[l.inputs[0]];
        const auto& b = maps[l.inputs[1]];
        out.resize(a.size());
        const auto op = l.kind == LayerKind::kAdd ? reference::EwOp::kAdd : reference::EwOp::kMul;
        if (l.kind == LayerKind::kAdd && inf.scale != bf.scale) {  // U85 only: TFLite ADD (model.cpp)
          const reference::TfliteAddScales t = reference::tflite_add_scales(inf.scale, bf.scale, outf.scale);
          for (size_t i = 0; i < a.size(); ++i)
            out[i] = reference::tflite_add(t, a[i], b[i], inf.zero_point, bf.zero_point, outf.zero_point, l.act_min, l.act_max);
          break;
        }
        for (size_t i = 0; i < a.size(); ++i)
          out[i] = reference::tosa_binary(op, a[i], b[i], inf.zero_point, bf.zero_point, mult, shift, outf.zero_point,
                                          l.act_min, l.act_max);
        break;
      }
      case LayerKind::kTanh:
      case LayerKind::kSigmoid: {
        const std::vector<int8_t> t = lut_table(m, l);
        out.clear();
        for (int32_t x : maps[l.inputs[0]]) out.push_back(t[static_cast<size_t>(x + 128)]);
        break;
      }
      case LayerKind::kReshape:
      case LayerKind::kSoftmax: out = maps[l.inputs[0]]; break;
      case LayerKind::kTranspose: out = reference::tosa_transpose(in, l.perm).v; break;
    }
  }
  return maps;
}

std::vector<float> float_softmax(const std::vector<float>& x, size_t row) {
  std::vector<float> y(x.size());
  for (size_t r = 0; r + row <= x.size(); r += row) {
    float mx = x[r];
    for (size_t i = 1; i < row; ++i) mx = std::max(mx, x[r + i]);
    float sum = 0.0f;
    for (size_t i = 0; i < row; ++i) sum += (y[r + i] = std::exp(x[r + i] - mx));
    for (size_t i = 0; i < row; ++i) y[r + i] /= sum;
  }
  return y;
}

}  // namespace corsim::model_compiler
