#pragma once
// The host reference kernels (TFLite/TOSA integer arithmetic, sharing no code with npu/) live in
// tools/model_compiler/reference_ops.h, library corsim_npu_reference: one copy for the NPU tests,
// the runtime kernel tests and the model compiler's expected outputs.
#include "tools/model_compiler/reference_ops.h"

namespace corsim::npu {
namespace reference = corsim::model_compiler::reference;
}  // namespace corsim::npu
