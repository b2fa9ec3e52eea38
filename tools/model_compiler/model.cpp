#include "tools/model_compiler/model.h"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iterator>
#include <map>
#include <random>
#include <utility>

#include <fmt/format.h>

#include "npu/timing/system_config.h"
#include "tools/model_compiler/json.h"

namespace corsim::model_compiler {

const char* layer_kind_name(LayerKind k) {
  switch (k) {
    case LayerKind::kConv2d: return "conv2d";
    case LayerKind::kDepthwiseConv2d: return "depthwise_conv2d";
    case LayerKind::kFullyConnected: return "fully_connected";
    case LayerKind::kAvgPool: return "avg_pool";
    case LayerKind::kMaxPool: return "max_pool";
    case LayerKind::kAdd: return "add";
    case LayerKind::kMul: return "mul";
    case LayerKind::kTanh: return "tanh";
    case LayerKind::kSigmoid: return "sigmoid";
    case LayerKind::kReshape: return "reshape";
    case LayerKind::kSoftmax: return "softmax";
    case LayerKind::kTranspose: return "transpose";
  }
  return "?";
}

namespace {

struct ParseError {
  std::string message;
};

[[noreturn]] void fail(std::string message) { throw ParseError{std::move(message)}; }

const std::map<std::string, LayerKind>& kinds() {
  static const std::map<std::string, LayerKind> k = {
      {"conv2d", LayerKind::kConv2d},   {"depthwise_conv2d", LayerKind::kDepthwiseConv2d},
      {"fully_connected", LayerKind::kFullyConnected}, {"avg_pool", LayerKind::kAvgPool},
      {"max_pool", LayerKind::kMaxPool}, {"add", LayerKind::kAdd}, {"mul", LayerKind::kMul},
      {"tanh", LayerKind::kTanh}, {"sigmoid", LayerKind::kSigmoid},
      {"reshape", LayerKind::kReshape}, {"softmax", LayerKind::kSoftmax}, {"transpose", LayerKind::kTranspose}};
  return k;
}

// Deterministic values from a seed: mt19937's raw output is fixed by the C++ standard, and the
// mapping to a range is ours (std:: distributions differ between library implementations).
std::vector<int32_t> seeded(uint32_t seed, size_t n, int32_t lo, int32_t hi) {
  std::mt19937 rng(seed);
  std::vector<int32_t> v(n);
  const uint32_t span = static_cast<uint32_t>(hi - lo + 1);
  for (auto& x : v) x = lo + static_cast<int32_t>(rng() % span);
  return v;
}

class ModelParser {
 public:
  ModelParser(const std::string& base_dir, Model& m, std::string target_override = {})
      : base_dir_(base_dir), m_(m), target_override_(std::move(target_override)) {}

  void run(const JsonValue& root) {
    if (!root.is_object()) fail("the description must be a JSON object");
    m_.name = str(root, "name", "model");
    // "target": "ethos-u85-256" (Vela's/ExecuTorch's name) or the U55 "macs" alone.
    const std::string target = target_override_.empty() ? str(root, "target", "") : target_override_;
    if (!target.empty()) {
      const size_t dash = target.rfind('-');
      m_.npu = dash == std::string::npos ? target : target.substr(0, dash);
      if ((m_.npu != "ethos-u55" && m_.npu != "ethos-u85") || dash + 1 >= target.size() ||
          target.find_first_not_of("0123456789", dash + 1) != std::string::npos || target.size() - dash > 6)
        fail(fmt::format("target '{}' (use ethos-u55-32|64|128|256 or ethos-u85-128|256|512|1024|2048)", target));
      m_.macs = static_cast<uint32_t>(std::stoul(target.substr(dash + 1)));
      if (root.find("macs") != nullptr && num(root, "macs", 0) != m_.macs && target_override_.empty())
        fail(fmt::format("'macs' {} contradicts target '{}'", num(root, "macs", 0), target));
    } else {
      m_.macs = static_cast<uint32_t>(num(root, "macs", 128));
    }
    if (m_.u85()) {
      if (m_.macs != 128 && m_.macs != 256 && m_.macs != 512 && m_.macs != 1024 && m_.macs != 2048)
        fail(fmt::format("unsupported on U85: macs {} (use 128, 256, 512, 1024 or 2048)", m_.macs));
    } else if (m_.macs != 32 && m_.macs != 64 && m_.macs != 128 && m_.macs != 256) {
      fail(fmt::format("unsupported on U55: macs {} (use 32, 64, 128 or 256)", m_.macs));
    }
    m_.memory_mode = str(root, "memory_mode", npu::timing::default_memory_mode(m_.u85()));
    if (m_.memory_mode != "Shared_Sram" && m_.memory_mode != "Sram_Only")
      fail(fmt::format("memory_mode '{}' (use Shared_Sram or Sram_Only)", m_.memory_mode));
    m_.system_config = str(root, "system_config", npu::timing::default_system_preset(m_.u85()));
    m_.flavour = str(root, "flavour", "quantized_decomposed");
    if (m_.flavour != "quantized_decomposed" && m_.flavour != "cortex_m")
      fail(fmt::format("flavour '{}' (use quantized_decomposed or cortex_m)", m_.flavour));
    m_.delegate = boolean(root, "delegate", true);
    const std::string layout = str(root, "layout", "NHWC");
    if (layout != "NHWC" && layout != "NHCWB16") fail(fmt::format("layout '{}' (use NHWC or NHCWB16)", layout));
    m_.nhcwb16 = layout == "NHCWB16";
    m_.tiles = boolean(root, "tiles", false);
    m_.weight_buffering = boolean(root, "weight_buffering", false);
    if (m_.weight_buffering && m_.memory_mode != "Shared_Sram")
      fail("weight_buffering needs memory_mode Shared_Sram (with Sram_Only the weights are in SRAM already)");
    if (m_.weight_buffering && m_.u85()) fail("unsupported on U85: weight_buffering (not implemented for the U85 target)");
    m_.chaining = boolean(root, "chaining", false);
    const std::string weight_format = str(root, "weight_format", "swd");
    if (weight_format != "swd" && weight_format != "fwd") fail(fmt::format("weight_format '{}' (use swd or fwd)", weight_format));
    m_.fwd_weights = weight_format == "fwd";
    if (m_.fwd_weights && !m_.u85()) fail("unsupported on U55: weight_format fwd (the U85's fast weight decoder format)");
    if (m_.chaining && !m_.u85()) fail("unsupported on U55: chaining (an Ethos-U85 feature; use an ethos-u85 target)");
    m_.input_seed = static_cast<uint32_t>(num(root, "input_seed", 1));
    seed_ = static_cast<uint32_t>(num(root, "seed", 1));

    const JsonValue* inputs = root.find("inputs");
    if (inputs == nullptr || !inputs->is_array() || inputs->items.empty()) fail("'inputs' must be a non-empty array");
    for (const JsonValue& in : inputs->items) {
      FeatureMap fm;
      fm.name = str(in, "name", "");
      if (fm.name.empty()) fail("an input has no 'name'");
      where_ = fmt::format("input '{}'", fm.name);
      set_shape(fm, shape(in));
      quant(in, fm);
      m_.inputs.push_back(add_map(fm));
    }
    const JsonValue* layers = root.find("layers");
    if (layers == nullptr || !layers->is_array() || layers->items.empty()) fail("'layers' must be a non-empty array");
    for (size_t i = 0; i < layers->items.size(); ++i) layer(layers->items[i], i);
    where_.clear();
    const JsonValue* outputs = root.find("outputs");
    if (outputs == nullptr) {
      m_.outputs.push_back(m_.layers.back().output);
    } else {
      if (!outputs->is_array()) fail("'outputs' must be an array of feature-map names");
      for (const JsonValue& o : outputs->items) m_.outputs.push_back(lookup(o.text));
    }
    for (size_t i = 0; i + 1 < m_.layers.size(); ++i)
      if (m_.layers[i].kind == LayerKind::kSoftmax)
        fail(fmt::format("layer '{}' (softmax): unsupported on U55: softmax runs on the CPU after the NPU part, so it "
                         "must be the last layer",
                         m_.layers[i].name));
    m_.softmax_on_cpu = m_.layers.back().kind == LayerKind::kSoftmax;
    if (!m_.delegate)
      for (const Layer& l : m_.layers)
        if (l.kind != LayerKind::kReshape && l.kind != LayerKind::kSoftmax)
          fail(fmt::format("layer '{}' ({}): unsupported in a CPU-only program (delegate false): only reshape and "
                           "softmax run on the CPU",
                           l.name, layer_kind_name(l.kind)));
    if (m_.softmax_on_cpu && (m_.outputs.size() != 1 || m_.outputs[0] != m_.layers.back().output))
      fail("the softmax layer's output must be the only model output");
  }

 private:
  // --- small accessors (errors carry the current layer or input) ---
  const char* npu_short() const { return m_.u85() ? "U85" : "U55"; }  // in "unsupported on U55/U85"
  std::string ctx(std::string_view what) const { return where_.empty() ? std::string(what) : fmt::format("{}: {}", where_, what); }
  std::string str(const JsonValue& o, std::string_view key, std::string_view def) const {
    const JsonValue* v = o.find(key);
    if (v == nullptr) return std::string(def);
    if (!v->is_string()) fail(ctx(fmt::format("'{}' must be a string", key)));
    return v->text;
  }
  double num(const JsonValue& o, std::string_view key, double def) const {
    const JsonValue* v = o.find(key);
    if (v == nullptr) return def;
    if (!v->is_number()) fail(ctx(fmt::format("'{}' must be a number", key)));
    return v->number;
  }
  bool boolean(const JsonValue& o, std::string_view key, bool def) const {
    const JsonValue* v = o.find(key);
    if (v == nullptr) return def;
    if (v->kind != JsonValue::Kind::kBool) fail(ctx(fmt::format("'{}' must be true or false", key)));
    return v->boolean;
  }
  // [a, b] or a single number for both.
  std::pair<uint32_t, uint32_t> pair(const JsonValue& o, std::string_view key, uint32_t def) const {
    const JsonValue* v = o.find(key);
    if (v == nullptr) return {def, def};
    auto as_u = [&](const JsonValue& x) {
      if (!x.is_number() || x.number < 1 || x.number != std::floor(x.number) || x.number > 65536)
        fail(ctx(fmt::format("'{}' must hold positive integers", key)));
      return static_cast<uint32_t>(x.number);
    };
    if (v->is_number()) return {as_u(*v), as_u(*v)};
    if (!v->is_array() || v->items.size() != 2) fail(ctx(fmt::format("'{}' must be a number or [h, w]", key)));
    return {as_u(v->items[0]), as_u(v->items[1])};
  }
  std::vector<int32_t> shape(const JsonValue& o) const {
    const JsonValue* v = o.find("shape");
    if (v == nullptr || !v->is_array() || v->items.empty() || v->items.size() > 4) fail(ctx("'shape' must be an array of 1 to 4 sizes"));
    std::vector<int32_t> s;
    for (const JsonValue& d : v->items) {
      if (!d.is_number() || d.number < 1 || d.number > 65536 || d.number != std::floor(d.number))
        fail(ctx("shape mismatch: sizes must be integers from 1 to 65536"));
      s.push_back(static_cast<int32_t>(d.number));
    }
    return s;
  }
  void set_shape(FeatureMap& fm, const std::vector<int32_t>& s) const {
    fm.shape = s;
    if (s.size() == 4 && s[0] != 1) fail(ctx("shape mismatch: batch must be 1"));
    fm.h = s.size() == 4 ? s[1] : s.size() == 3 ? s[0] : 1;
    fm.w = s.size() == 4 ? s[2] : s.size() == 3 ? s[1] : 1;
    fm.c = s.back();
    if (s.size() == 2 && s[0] != 1) fail(ctx("shape mismatch: batch must be 1"));
    if (s.size() == 1) fm.c = s[0];
  }
  void quant(const JsonValue& o, FeatureMap& fm) const {
    fm.scale = num(o, "scale", 0.0);
    fm.zero_point = static_cast<int32_t>(num(o, "zero_point", 0));
    if (!(fm.scale > 0.0) || !std::isfinite(fm.scale)) fail(ctx(fmt::format("bad quantisation: scale {} must be positive", fm.scale)));
    if (fm.zero_point < -128 || fm.zero_point > 127)
      fail(ctx(fmt::format("bad quantisation: zero_point {} is outside int8", fm.zero_point)));
  }
  int add_map(const FeatureMap& fm) {
    for (const FeatureMap& m : m_.maps)
      if (m.name == fm.name) fail(ctx(fmt::format("the name '{}' is used twice", fm.name)));
    m_.maps.push_back(fm);
    return static_cast<int>(m_.maps.size() - 1);
  }
  int lookup(const std::string& name) const {
    for (size_t i = 0; i < m_.maps.size(); ++i)
      if (m_.maps[i].name == name) return static_cast<int>(i);
    fail(ctx(fmt::format("unknown input '{}' (no input or earlier layer has that name)", name)));
  }
  // int values: {"values": [...]}, {"file": "x.bin"} (raw int8 weights / little-endian int32 bias), {"seed": N}.
  std::vector<int32_t> values(const JsonValue* v, size_t n, int32_t lo, int32_t hi, uint32_t def_seed, bool int32_file,
                              std::string_view what) const {
    if (v == nullptr) return seeded(def_seed, n, lo, hi);
    if (!v->is_object()) fail(ctx(fmt::format("'{}' must be an object with 'values', 'file' or 'seed'", what)));
    std::vector<int32_t> out;
    if (const JsonValue* s = v->find("seed")) {
      if (!s->is_number()) fail(ctx(fmt::format("'{}.seed' must be a number", what)));
      return seeded(static_cast<uint32_t>(s->number), n, lo, hi);
    } else if (const JsonValue* vals = v->find("values")) {
      if (!vals->is_array()) fail(ctx(fmt::format("'{}.values' must be an array", what)));
      for (const JsonValue& x : vals->items) out.push_back(static_cast<int32_t>(x.number));
    } else if (const JsonValue* f = v->find("file")) {
      const std::string path = f->text.starts_with('/') ? f->text : base_dir_ + "/" + f->text;
      std::ifstream in(path, std::ios::binary);
      if (!in) fail(ctx(fmt::format("cannot read {} file {}", what, path)));
      const std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      if (int32_file) {
        for (size_t i = 0; i + 3 < bytes.size(); i += 4)
          out.push_back(static_cast<int32_t>(uint32_t(uint8_t(bytes[i])) | uint32_t(uint8_t(bytes[i + 1])) << 8 |
                                             uint32_t(uint8_t(bytes[i + 2])) << 16 | uint32_t(uint8_t(bytes[i + 3])) << 24));
      } else {
        for (char b : bytes) out.push_back(static_cast<int8_t>(b));
      }
    } else {
      fail(ctx(fmt::format("'{}' needs 'values', 'file' or 'seed'", what)));
    }
    if (out.size() != n) fail(ctx(fmt::format("shape mismatch: {} has {} values, the layer needs {}", what, out.size(), n)));
    for (int32_t x : out)
      if (x < lo || x > hi) fail(ctx(fmt::format("bad quantisation: {} value {} is outside [{}, {}]", what, x, lo, hi)));
    return out;
  }

  void padding(const JsonValue& o, Layer& l, const FeatureMap& in) const {
    const uint32_t keh = (l.kh - 1) * l.dy + 1, kew = (l.kw - 1) * l.dx + 1;
    const JsonValue* p = o.find("padding");
    if (p == nullptr || (p->is_string() && p->text == "valid")) return;
    if (p->is_string() && p->text == "same") {
      // TensorFlow SAME: output = ceil(in / stride); the extra row/column goes to the bottom/right.
      auto split = [](uint32_t size, uint32_t k, uint32_t s, uint32_t& a, uint32_t& b) {
        const uint32_t out = (size + s - 1) / s;
        const int64_t total = std::max<int64_t>(0, int64_t{out - 1} * s + k - size);
        a = static_cast<uint32_t>(total / 2);
        b = static_cast<uint32_t>(total - total / 2);
      };
      split(in.h, keh, l.sy, l.pad_top, l.pad_bottom);
      split(in.w, kew, l.sx, l.pad_left, l.pad_right);
      return;
    }
    if (!p->is_array() || p->items.size() != 4) fail(ctx("'padding' must be \"valid\", \"same\" or [top, left, bottom, right]"));
    uint32_t* dst[4] = {&l.pad_top, &l.pad_left, &l.pad_bottom, &l.pad_right};
    for (int i = 0; i < 4; ++i) {
      const double v = p->items[i].number;
      if (v < 0 || v > 64) fail(ctx("'padding' entries must be 0..64"));
      *dst[i] = static_cast<uint32_t>(v);
    }
  }

  void activation(const JsonValue& o, Layer& l, const FeatureMap& out) const {
    const std::string a = str(o, "activation", "none");
    auto q = [&](double real) {
      return static_cast<int32_t>(std::clamp<double>(std::round(real / out.scale) + out.zero_point, -128, 127));
    };
    if (a == "none") return;
    if (a == "relu") {
      l.act_min = q(0.0);
    } else if (a == "relu6") {
      l.act_min = q(0.0);
      l.act_max = q(6.0);
    } else if (a == "clamp") {
      l.act_min = q(num(o, "clamp_min", -1e30));
      l.act_max = q(num(o, "clamp_max", 1e30));
    } else {
      fail(ctx(fmt::format("unknown activation '{}' (use none, relu, relu6 or clamp)", a)));
    }
    if (l.act_min > l.act_max) fail(ctx("bad quantisation: the activation range is empty"));
  }

  void layer(const JsonValue& o, size_t index);

  std::string base_dir_;
  Model& m_;
  std::string target_override_;
  uint32_t seed_ = 1;
  std::string where_;
};

void ModelParser::layer(const JsonValue& o, size_t index) {
  Layer l;
  l.name = str(o, "name", fmt::format("layer{}", index));
  const std::string type = str(o, "type", "");
  where_ = fmt::format("layer '{}' ({})", l.name, type.empty() ? "no type" : type);
  const auto k = kinds().find(type);
  if (k == kinds().end()) {
    fail(ctx(fmt::format("unknown layer type '{}'", type)));
  }
  l.kind = k->second;
  // Inputs: "input": "x" or "inputs": ["a", "b"]; default: the previous layer's output.
  if (const JsonValue* in = o.find("inputs")) {
    for (const JsonValue& n : in->items) l.inputs.push_back(lookup(n.text));
  } else if (const JsonValue* in1 = o.find("input")) {
    l.inputs.push_back(lookup(in1->text));
  } else {
    l.inputs.push_back(m_.layers.empty() ? m_.inputs[0] : m_.layers.back().output);
  }
  const size_t want_inputs = (l.kind == LayerKind::kAdd || l.kind == LayerKind::kMul) ? 2 : 1;
  if (l.inputs.size() != want_inputs) fail(ctx(fmt::format("takes {} input(s), got {}", want_inputs, l.inputs.size())));
  const FeatureMap in = m_.maps[l.inputs[0]];
  const uint32_t layer_seed = seed_ * 1000003u + static_cast<uint32_t>(index) * 7919u;

  FeatureMap out;
  out.name = l.name;
  // Default output quantisation keeps random int8 data in range (about 40 LSB standard deviation).
  const JsonValue* oq = o.find("output");
  auto set_out_quant = [&](double def_scale, int32_t def_zp) {
    out.scale = def_scale;
    out.zero_point = def_zp;
    if (oq != nullptr) quant(*oq, out);
  };

  switch (l.kind) {
    case LayerKind::kConv2d:
    case LayerKind::kDepthwiseConv2d:
    case LayerKind::kFullyConnected:
    case LayerKind::kAvgPool:
    case LayerKind::kMaxPool: {
      const bool fc = l.kind == LayerKind::kFullyConnected;
      const bool pool = l.kind == LayerKind::kAvgPool || l.kind == LayerKind::kMaxPool;
      const bool dw = l.kind == LayerKind::kDepthwiseConv2d;
      if (!fc) {
        std::tie(l.kh, l.kw) = pair(o, "kernel", 1);
        std::tie(l.sy, l.sx) = pair(o, "stride", 1);
        std::tie(l.dy, l.dx) = pair(o, "dilation", 1);
        if (l.sy > 3 || l.sx > 3) fail(ctx(fmt::format("unsupported on {}: stride {}x{} (at most 3)", npu_short(), l.sy, l.sx)));
        if (l.dy > 2 || l.dx > 2) fail(ctx(fmt::format("unsupported on {}: dilation {}x{} (1 or 2)", npu_short(), l.dy, l.dx)));
        if (pool && (l.dy > 1 || l.dx > 1)) fail(ctx(fmt::format("unsupported on {}: pooling has no dilation", npu_short())));
        if ((l.kh - 1) * l.dy + 1 > 64 || (l.kw - 1) * l.dx + 1 > 64)
          fail(ctx(fmt::format("unsupported on {}: the dilated kernel is larger than 64x64", npu_short())));
        if (pool && l.kind == LayerKind::kAvgPool && (l.kh > 8 || l.kw > 8) && o.find("padding") != nullptr)
          fail(ctx(fmt::format("unsupported on {}: a padded average pool is at most 8x8", npu_short())));
        padding(o, l, in);
        if (l.pad_top > 127 || l.pad_left > 127 || l.pad_bottom > 127 || l.pad_right > 127)
          fail(ctx(fmt::format("unsupported on {}: padding above 127", npu_short())));
        const uint32_t keh = (l.kh - 1) * l.dy + 1, kew = (l.kw - 1) * l.dx + 1;
        if (in.h + l.pad_top + l.pad_bottom < keh || in.w + l.pad_left + l.pad_right < kew)
          fail(ctx(fmt::format("shape mismatch: a {}x{} window does not fit the {}x{} input", keh, kew, in.h, in.w)));
        out.h = (in.h + l.pad_top + l.pad_bottom - keh) / l.sy + 1;
        out.w = (in.w + l.pad_left + l.pad_right - kew) / l.sx + 1;
      }
      const uint32_t in_depth = fc ? static_cast<uint32_t>(in.elements()) : in.c;
      uint32_t filters = in_depth;
      if (!pool && !dw) {
        filters = static_cast<uint32_t>(num(o, fc ? "units" : "filters", 0));
        if (filters < 1 || filters > 65536) fail(ctx(fmt::format("'{}' must be 1..65536", fc ? "units" : "filters")));
      }
      if (dw && num(o, "depth_multiplier", 1) != 1) fail(ctx(fmt::format("unsupported on {}: depth_multiplier other than 1", npu_short())));
      out.c = filters;
      if (fc && in.elements() > 65536) fail(ctx(fmt::format("unsupported on {}: more than 65536 input features", npu_short())));
      out.shape = fc ? std::vector<int32_t>{1, static_cast<int32_t>(filters)}
                     : std::vector<int32_t>{1, static_cast<int32_t>(out.h), static_cast<int32_t>(out.w), static_cast<int32_t>(out.c)};
      if (pool) {
        set_out_quant(in.scale, in.zero_point);
        if (l.kind == LayerKind::kAvgPool && (out.scale != in.scale || out.zero_point != in.zero_point))
          fail(ctx("bad quantisation: average pooling keeps the input's scale and zero point"));
        if (l.kind == LayerKind::kMaxPool && (out.scale != in.scale || out.zero_point != in.zero_point))
          fail(ctx("bad quantisation: max pooling keeps the input's scale and zero point"));
        break;
      }
      const uint32_t kcount = dw ? l.kh * l.kw : l.kh * l.kw * in_depth;
      l.weights = values(o.find("weights"), size_t{filters} * kcount, -127, 127, layer_seed, false, "weights");
      const std::vector<int32_t> b = values(o.find("bias"), filters, -4000, 4000, layer_seed + 1, true, "bias");
      l.bias.assign(b.begin(), b.end());
      const JsonValue* ws = o.find("weight_scale");
      if (ws == nullptr) {
        l.weight_scales = {0.01};
      } else if (ws->is_number()) {
        l.weight_scales = {ws->number};
      } else if (ws->is_array()) {
        for (const JsonValue& s : ws->items) l.weight_scales.push_back(s.number);
        if (l.weight_scales.size() != filters)
          fail(ctx(fmt::format("bad quantisation: {} per-channel weight scales for {} output channels", l.weight_scales.size(), filters)));
      } else {
        fail(ctx("'weight_scale' must be a number or an array"));
      }
      double max_ws = 0;
      for (double s : l.weight_scales) {
        if (!(s > 0.0) || !std::isfinite(s)) fail(ctx(fmt::format("bad quantisation: weight scale {} must be positive", s)));
        max_ws = std::max(max_ws, s);
      }
      set_out_quant(in.scale * max_ws * 133.0 * std::sqrt(static_cast<double>(kcount)), 0);
      for (double s : l.weight_scales) {
        // The output stage shifts by at most 63 and multiplies by a Q31 value (regor
        // QuantizedScale).
        const double eff = in.scale * s / out.scale;
        if (eff >= 1.0 || eff < std::ldexp(1.0, -32))
          fail(ctx(fmt::format("bad quantisation: effective scale {:.3g} (input x weight / output) is outside [2^-32, 1)", eff)));
      }
      break;
    }
    case LayerKind::kAdd:
    case LayerKind::kMul: {
      const FeatureMap& b = m_.maps[l.inputs[1]];
      if (in.h != b.h || in.w != b.w || in.c != b.c)
        fail(ctx(fmt::format("shape mismatch: inputs are {}x{}x{} and {}x{}x{}", in.h, in.w, in.c, b.h, b.w, b.c)));
      out.h = in.h, out.w = in.w, out.c = in.c;
      out.shape = in.shape;
      if (l.kind == LayerKind::kAdd) {
        if (in.scale != b.scale && !m_.u85())
          fail(ctx("unsupported on U55: add inputs with different scales (this compiler lowers add with one input scale)"));
        // Different input scales (U85): TFLite's ADD with per-operand multipliers (IFM_SCALE and
        // IFM2_SCALE); equal ones: TOSA ADD + RESCALE.
        set_out_quant(std::max(in.scale, b.scale) * 2.0, 0);
        const double eff = std::max(in.scale, b.scale) / out.scale;
        if (eff >= 1.0 || eff < std::ldexp(1.0, -32))
          fail(ctx(fmt::format("bad quantisation: effective scale {:.3g} is outside [2^-32, 1)", eff)));
      } else {
        set_out_quant(in.scale * b.scale * 133.0, 0);
        const double eff = in.scale * b.scale / out.scale;
        if (eff >= 1.0 || eff < std::ldexp(1.0, -32))
          fail(ctx(fmt::format("bad quantisation: effective scale {:.3g} is outside [2^-32, 1)", eff)));
      }
      break;
    }
    case LayerKind::kTanh:
    case LayerKind::kSigmoid: {
      // TFLite's fixed output quantisation: tanh 1/128 zp 0, sigmoid 1/256 zp -128.
      out.h = in.h, out.w = in.w, out.c = in.c;
      out.shape = in.shape;
      if (l.kind == LayerKind::kTanh) set_out_quant(1.0 / 128.0, 0);
      else set_out_quant(1.0 / 256.0, -128);
      break;
    }
    case LayerKind::kReshape: {
      out.shape = shape(o);
      set_shape(out, out.shape);
      if (out.elements() != in.elements())
        fail(ctx(fmt::format("shape mismatch: reshape of {} elements to {}", in.elements(), out.elements())));
      out.scale = in.scale;
      out.zero_point = in.zero_point;
      break;
    }
    case LayerKind::kSoftmax:
      out = in;
      out.name = l.name;
      break;
    case LayerKind::kTranspose: {
      // "perm": TFLite/TOSA TRANSPOSE's permutation of [N, H, W, C]; the batch stays first.
      if (!m_.u85()) fail(ctx("unsupported on U55: transpose (the U85's OFM transpose; use an ethos-u85 target)"));
      const JsonValue* p = o.find("perm");
      std::vector<uint32_t> perm;
      if (p != nullptr && p->is_array())
        for (const JsonValue& v : p->items) perm.push_back(v.is_number() ? static_cast<uint32_t>(v.number) : 99u);
      std::vector<uint32_t> sorted = perm;
      std::sort(sorted.begin(), sorted.end());
      if (sorted != std::vector<uint32_t>{0, 1, 2, 3} || perm[0] != 0)
        fail(ctx("'perm' must be a permutation of [0, 1, 2, 3] that keeps the batch (0) first"));
      const uint32_t dims[3] = {in.h, in.w, in.c};
      for (int i = 0; i < 3; ++i) l.perm[i] = perm[i + 1] - 1;
      out.h = dims[l.perm[0]], out.w = dims[l.perm[1]], out.c = dims[l.perm[2]];
      out.shape = {1, static_cast<int32_t>(out.h), static_cast<int32_t>(out.w), static_cast<int32_t>(out.c)};
      out.scale = in.scale;
      out.zero_point = in.zero_point;
      break;
    }
  }
  if (l.kind != LayerKind::kReshape && l.kind != LayerKind::kSoftmax && l.kind != LayerKind::kTranspose) activation(o, l, out);
  else if (o.find("activation") != nullptr) fail(ctx("takes no activation"));
  l.output = add_map(out);
  m_.layers.push_back(std::move(l));
}

}  // namespace

bool parse_model(const std::string& json_text, const std::string& base_dir, Model& model, std::string& error) {
  return parse_model_for_target(json_text, base_dir, {}, model, error);
}

bool parse_model_for_target(const std::string& json_text, const std::string& base_dir, const std::string& target,
                            Model& model, std::string& error) {
  JsonValue root;
  if (!parse_json(json_text, root, error)) return false;
  model = Model{};
  try {
    ModelParser(base_dir, model, target).run(root);
  } catch (const ParseError& e) {
    error = e.message;
    return false;
  }
  return true;
}

}  // namespace corsim::model_compiler
