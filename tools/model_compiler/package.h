// Packs a lowered model as the Arm flow does (ET arm_vela.py vela_compile, EthosUBackend.cpp):
// VelaBinStream (COP1 cmd_data whose CONFIG word matches the MAC count, weight_data, scratch size,
// inputs, outputs) inside an EthosUBackend delegate between boundary quantize/dequantize ops, and
// writes the model's files: model.pte, input*.bin, expected_output*.bin, stream.txt.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tools/model_compiler/lowering.h"
#include "tools/model_compiler/model.h"

namespace corsim::model_compiler {

struct BuiltModel {
  std::vector<uint8_t> pte;
  LoweredStream stream;  // empty words for CPU-only programs
  std::vector<uint8_t> vela_bin_stream;
  std::vector<std::vector<int32_t>> inputs_int8, outputs_int8;  // host reference (NHWC)
  std::vector<std::vector<float>> inputs_float, outputs_float;  // what the .pte's boundary sees
};

BuiltModel build_model(const Model& m);

// Writes the files into `dir` (created). False with one line in `error` on an I/O problem.
bool write_model_files(const Model& m, const BuiltModel& b, const std::string& dir, std::string& error);

}  // namespace corsim::model_compiler
