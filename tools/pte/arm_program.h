// Builders on top of the .pte writer for what the Arm flows emit (ExecuTorch
// exir/passes/memory_planning_pass.py, exir/emit/_emitter.py, backends/arm/scripts/
// aot_arm_compiler.py): memory planning in the style of ExecuTorch's greedy planner, and the "float
// in -> quantize -> DelegateCall(EthosUBackend) -> dequantize -> float out" program with either
// flavour of boundary quantize/dequantize operators.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "tools/pte/pte_writer.h"

namespace corsim::pte_tool {

// Plans every tensor value whose `plan` flag is set into buffer memory_id 1 (1-based: ExecuTorch
// runtime/executor/method_meta.cpp): lifetimes run from the first instruction that mentions the
// value (plan inputs: from before the first instruction) to the last (plan outputs: to the end);
// tensors are placed largest first (ties in value order) at the lowest offset, aligned, that does
// not collide with an already placed tensor whose lifetime overlaps. Sizes are rounded up to
// `alignment`. Sets non_const_buffer_sizes to {0, total}. This reproduces the plans of the shared
// Arm programs.
void plan_memory(WritePlan& plan, uint32_t alignment = 16);

enum class QuantFlavour {
  kQuantizedDecomposed,  // quantized_decomposed::{quantize,dequantize}_per_tensor.out (DQ has out_dtype)
  kCortexM,              // cortex_m::{quantize,dequantize}_per_tensor.out (no out_dtype)
};

struct QuantParams {
  double scale = 1.0;  // the Arm flow stores float32 scales widened to double
  int64_t zero_point = 0;
  int64_t quant_min = -128;
  int64_t quant_max = 127;
  fb::ScalarType dtype = fb::ScalarType::CHAR;
};

struct BoundaryTensor {
  std::vector<int32_t> sizes;  // float tensor at the program boundary; the quantised one matches
  QuantParams quant;
};

struct DelegatedProgramSpec {
  QuantFlavour flavour = QuantFlavour::kCortexM;
  std::vector<BoundaryTensor> inputs;
  std::vector<BoundaryTensor> outputs;
  WriteDelegate delegate;  // e.g. id "EthosUBackend", compile specs, VelaBinStream payload
  std::string encoded_inp_str, encoded_out_str;
};

// Values in the order ExecuTorch's emitter produces them: plan inputs, then per instruction its
// out tensor followed by its scalar arguments; memory planned with plan_memory().
WriteProgram make_delegated_program(const DelegatedProgramSpec& spec);

}  // namespace corsim::pte_tool
