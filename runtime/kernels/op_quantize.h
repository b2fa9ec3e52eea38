// Quantize / dequantize kernels (ExecuTorch kernels/quantized/quantized.yaml,
// backends/cortex_m/ops/operators.yaml).
#pragma once

#include "runtime/core/kernel.h"

namespace corsim::rt::kernels {

void quantized_decomposed_quantize_per_tensor_out(KernelContext& ctx, KernelArgs args);
void quantized_decomposed_dequantize_per_tensor_out(KernelContext& ctx, KernelArgs args);
void quantized_decomposed_quantize_per_tensor_tensor_out(KernelContext& ctx, KernelArgs args);
void quantized_decomposed_dequantize_per_tensor_tensor_out(KernelContext& ctx, KernelArgs args);
void quantized_decomposed_quantize_per_channel_out(KernelContext& ctx, KernelArgs args);
void quantized_decomposed_dequantize_per_channel_out(KernelContext& ctx, KernelArgs args);
void cortex_m_quantize_per_tensor_out(KernelContext& ctx, KernelArgs args);
void cortex_m_dequantize_per_tensor_out(KernelContext& ctx, KernelArgs args);

}  // namespace corsim::rt::kernels
