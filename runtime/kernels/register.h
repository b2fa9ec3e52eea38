// Registers every CPU kernel of runtime/kernels into a caller-owned registry (docs/runtime.md).
#pragma once

#include "runtime/core/kernel.h"

namespace corsim::rt::kernels {

Status register_all_kernels(KernelRegistry& registry);

}  // namespace corsim::rt::kernels
