// Argument names of the operators Arm flows leave on the CPU (ExecuTorch
// kernels/quantized/quantized.yaml, backends/cortex_m/ops/operators.yaml), so the dump can label
// KernelCall arguments. Purely cosmetic: unknown operators print unlabelled.
#pragma once

#include <string_view>
#include <vector>

namespace corsim::pte_tool {

// Names of the schema arguments of `op` ("namespace::name.overload"), or empty if unknown.
// KernelCall.args has these plus one return slot (ExecuTorch exir/emit/_emitter.py _emit_operator).
const std::vector<std::string_view>& op_arg_names(std::string_view op);

}  // namespace corsim::pte_tool
