// Argument names of the operators Arm flows leave on the CPU (docs/spec/executorch.md §3.2), so
// the dump can label KernelCall arguments. Purely cosmetic: unknown operators print unlabelled.
#pragma once

#include <string_view>
#include <vector>

namespace corsim::pte_tool {

// Names of the schema arguments of `op` ("namespace::name.overload"), or empty if unknown.
// KernelCall.args has these plus one return slot (§2.4).
const std::vector<std::string_view>& op_arg_names(std::string_view op);

}  // namespace corsim::pte_tool
