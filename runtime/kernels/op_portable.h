// Portable aten:: / dim_order_ops:: kernels seen around delegates, and executorch_prim:: ops
// (ExecuTorch kernels/portable/functions.yaml, kernels/prim_ops/register_prim_ops.cpp). float32 and
// the integer types; tensors of any dim order.
#pragma once

#include "runtime/core/kernel.h"

namespace corsim::rt::kernels {

void aten_add_out(KernelContext& ctx, KernelArgs args);
void aten_sub_out(KernelContext& ctx, KernelArgs args);
void aten_mul_out(KernelContext& ctx, KernelArgs args);
void aten_relu_out(KernelContext& ctx, KernelArgs args);
void aten_clamp_out(KernelContext& ctx, KernelArgs args);
void aten_permute_copy_out(KernelContext& ctx, KernelArgs args);
void aten_view_copy_out(KernelContext& ctx, KernelArgs args);
void aten_softmax_out(KernelContext& ctx, KernelArgs args);
void dim_order_ops_to_dim_order_copy_out(KernelContext& ctx, KernelArgs args);
void dim_order_ops_clone_dim_order_out(KernelContext& ctx, KernelArgs args);

// executorch_prim:: scalar ops, aten::sym_size.int, executorch_prim::et_view.default.
Status register_prim_ops(KernelRegistry& registry);

}  // namespace corsim::rt::kernels
