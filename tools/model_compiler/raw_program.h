// Wraps a compiled Vela program given as raw files (a COP1 driver payload `cmd_stream.bin`, the
// weights of region 0 `weights.bin`, inputs/outputs at region-1 offsets, as in
// ../shared/models/u85/README.md) into an ExecuTorch `.pte`: one EthosUBackend delegate whose
// VelaBinStream carries that payload, weights, scratch size and IO records (ET VelaBinStream.h),
// with no quantize/dequantize around it, so the program takes and returns the NPU's raw int8/uint8
// tensors (docs/model-compiler.md "Raw programs").
//
// Description (JSON, tools/models/u85_golden/*.json):
//   {"name": "...", "source": "u85/kws_micronet_m",        // directory under the models dir
//    "target": "ethos-u85-256", "system_config": "...", "memory_mode": "...",
//    "scratch_size": 496, "fast_scratch_size": 187264,
//    "inputs":  [{"file": "input.bin", "offset": 0, "shape": [1, 49, 10, 1], "dtype": "int8"}],
//    "outputs": [{"file": "expected_output.bin", "offset": 0, "shape": [1, 12], "dtype": "int8"}]}
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace corsim::model_compiler {

struct RawTensor {
  std::string file;           // input data / expected output, relative to the source directory
  uint32_t offset = 0;        // in region 1
  std::vector<int32_t> shape;
  std::string dtype = "int8";  // int8 | uint8
  size_t bytes() const;
};

struct RawProgram {
  std::string name, source, target, system_config, memory_mode;
  uint32_t scratch_size = 0, fast_scratch_size = 0;
  std::vector<RawTensor> inputs, outputs;
};

// Parses a description; false with one line in `error`.
bool parse_raw_program(const std::string& json_text, RawProgram& p, std::string& error);

// Reads the program's files from `models_dir`/source, checks them against the description (COP1
// CONFIG names the target, every input/expected-output file has the tensor's byte size, every
// tensor lies inside the scratch) and returns the .pte bytes; empty with one line in `error`.
std::vector<uint8_t> build_raw_program_pte(const RawProgram& p, const std::string& models_dir, std::string& error);

}  // namespace corsim::model_compiler
