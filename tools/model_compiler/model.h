// The in-memory model description (docs/model-compiler.md): int8 feature maps with per-tensor
// quantisation, layers with their resolved parameters (shapes inferred, weights materialised,
// activation ranges quantised). parse_model() turns the JSON text into it and checks it; every
// error names the layer and the reason.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace corsim::model_compiler {

enum class LayerKind { kConv2d, kDepthwiseConv2d, kFullyConnected, kAvgPool, kMaxPool, kAdd, kMul, kTanh, kSigmoid, kReshape, kSoftmax,
                       kTranspose };

const char* layer_kind_name(LayerKind k);

struct FeatureMap {
  std::string name;
  std::vector<int32_t> shape;  // as described, e.g. [1, H, W, C] or [1, N]
  uint32_t h = 1, w = 1, c = 1;  // NHWC view (batch 1)
  double scale = 1.0;
  int32_t zero_point = 0;
  size_t elements() const { return size_t{h} * w * c; }
};

struct Layer {
  std::string name;
  LayerKind kind = LayerKind::kConv2d;
  std::vector<int> inputs;  // feature-map indices
  int output = -1;          // feature-map index
  // Convolution / pooling window.
  uint32_t kh = 1, kw = 1, sy = 1, sx = 1, dy = 1, dx = 1;
  uint32_t pad_top = 0, pad_left = 0, pad_bottom = 0, pad_right = 0;
  // Weights [o][ky][kx][i] (depthwise [c][ky][kx]; fully connected [o][i]), int8 values.
  std::vector<int32_t> weights;
  std::vector<int64_t> bias;          // int32 values, one per output channel
  std::vector<double> weight_scales;  // one (per-tensor) or one per output channel
  int32_t act_min = -128, act_max = 127;  // fused relu/relu6/clamp in the output's quantised domain
  uint32_t perm[3] = {0, 1, 2};  // transpose: output axis i (of H, W, C) is input axis perm[i]
};

struct Model {
  std::string name;
  std::string npu = "ethos-u55";            // or "ethos-u85" (the target's product, Vela's names)
  uint32_t macs = 128;                      // U55: 32, 64, 128, 256; U85: 128, 256, 512, 1024, 2048
  std::string memory_mode = "Shared_Sram";  // or "Sram_Only"
  std::string system_config = "Ethos_U55_High_End_Embedded";
  std::string flavour = "quantized_decomposed";  // or "cortex_m"
  bool delegate = true;   // false: CPU-only program (no NPU part)
  bool nhcwb16 = false;   // intermediate feature maps in NHCWB16 where the consumers allow it
  bool tiles = false;     // intermediate feature maps split into 4 tiles at separate addresses
  bool weight_buffering = false;  // weights DMA'd from region 0 into SRAM (scratch), double-buffered
  bool chaining = false;  // U85: a convolution feeding only the next add/mul goes through a chaining buffer
  bool fwd_weights = false;  // U85: weights in the fast weight decoder format (FWD) instead of SWD (mlw)
  uint32_t input_seed = 1;
  std::vector<FeatureMap> maps;
  std::vector<int> inputs, outputs;  // feature-map indices
  std::vector<Layer> layers;         // in execution order
  bool softmax_on_cpu = false;       // the last layer is a softmax (runs after dequantize)
  bool u85() const { return npu == "ethos-u85"; }
  std::string target() const { return npu + "-" + std::to_string(macs); }  // e.g. "ethos-u85-256"
};

// Parses and checks a description. `base_dir` resolves weight files. On error returns false with
// one line in `error`, naming the layer ("layer 'conv1' (conv2d): ...") where there is one.
bool parse_model(const std::string& json_text, const std::string& base_dir, Model& model, std::string& error);

// Overrides the description's target with `target` ("ethos-u55-128", "ethos-u85-256", ...; corsim-mc
// --target) before the checks: `json_text` is parsed as if its "target" field said so.
bool parse_model_for_target(const std::string& json_text, const std::string& base_dir, const std::string& target,
                            Model& model, std::string& error);

}  // namespace corsim::model_compiler
