// Lowers the NPU part of a model to an Ethos-U55 command stream (ethosu55_interface.h): one
// operation per layer (CONV, DEPTHWISE, POOL, ELEMENTWISE), feature maps placed in the scratch
// region 1, weights (mlw_decode.c syntax, GetNext order), scale records (EncodeBias) in region 0.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tools/model_compiler/model.h"
#include "tools/model_compiler/stream_encoder.h"

namespace corsim::model_compiler {

struct MapPlacement {
  uint32_t offset = 0;   // in region 1 (scratch); tile 0's when tiled
  bool nhcwb16 = false;
  // Tiles (Vela generate_tiles): 0 = untiled; else WIDTH0/HEIGHT0/HEIGHT1 and tiles 1-3's offsets.
  uint32_t width0 = 0, height0 = 0, height1 = 0;
  uint32_t tile_offset[3] = {0, 0, 0};
};

struct LoweredStream {
  std::vector<uint32_t> words;       // ends with NPU_OP_STOP
  std::vector<uint8_t> weight_data;  // region 0
  uint32_t scratch_size = 0;         // region 1
  std::vector<MapPlacement> placement;  // per model map
  std::vector<std::string> listing;  // one line per operation: layer, op, block config, layouts
};

LoweredStream lower_to_npu(const Model& m);
// The Ethos-U85 (arch 2.0) backend: the same placement and operations (lowering_u85.cpp).
LoweredStream lower_to_u85(const Model& m);

// Shared by both backends: every feature map's place in region 1 (inputs first, then each layer's
// output; reshape/softmax alias their input), into s.placement and s.scratch_size.
void place_feature_maps(const Model& m, LoweredStream& s);
// The feature-map registers' view of map `idx` as placed.
npu_encode::FmSpec feature_map_spec(const Model& m, const LoweredStream& s, int idx);

// CONFIG word Vela writes for an Ethos-U55 MAC configuration (ConfigRegister); regor's ID word.
uint32_t u55_config_word(uint32_t macs);
constexpr uint32_t kVelaIdWord = 0x10066001u;
// CONFIG word of an Ethos-U85 configuration (regor EthosU85RCSGenerator::ConfigRegister);
// the ID word Vela writes for arch 2.0 streams (0x20007000, as in every shared U85 program).
uint32_t u85_config_word(uint32_t macs);
constexpr uint32_t kVelaU85IdWord = 0x20007000u;

}  // namespace corsim::model_compiler
