// cortex_m:: quantized kernels (ExecuTorch backends/cortex_m/ops/operators.yaml; CMSIS-NN
// arithmetic, scalar path).
#pragma once

#include "runtime/core/kernel.h"

namespace corsim::rt::kernels {

void cortex_m_quantized_add_out(KernelContext& ctx, KernelArgs args);
void cortex_m_quantized_mul_out(KernelContext& ctx, KernelArgs args);
void cortex_m_quantized_linear_out(KernelContext& ctx, KernelArgs args);
void cortex_m_quantized_conv2d_out(KernelContext& ctx, KernelArgs args);
void cortex_m_quantized_depthwise_conv2d_out(KernelContext& ctx, KernelArgs args);
void cortex_m_quantized_avg_pool2d_out(KernelContext& ctx, KernelArgs args);
void cortex_m_quantized_max_pool2d_out(KernelContext& ctx, KernelArgs args);
void cortex_m_softmax_out(KernelContext& ctx, KernelArgs args);
void cortex_m_minimum_out(KernelContext& ctx, KernelArgs args);
void cortex_m_maximum_out(KernelContext& ctx, KernelArgs args);
void cortex_m_pad_out(KernelContext& ctx, KernelArgs args);
void cortex_m_transpose_out(KernelContext& ctx, KernelArgs args);
void cortex_m_quantized_activation_out(KernelContext& ctx, KernelArgs args);

}  // namespace corsim::rt::kernels
