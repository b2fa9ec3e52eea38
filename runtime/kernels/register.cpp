#include "runtime/kernels/register.h"

#include "runtime/kernels/op_cortex_m.h"
#include "runtime/kernels/op_quantize.h"
#include "runtime/kernels/op_portable.h"

namespace corsim::rt::kernels {

namespace {

struct Named {
  const char* name;
  KernelFn fn;
};

// Registry names are "namespace::op.overload", Operator.name + "." + Operator.overload as
// ExecuTorch's runtime/executor/method.cpp builds them for the lookup.
constexpr Named kKernels[] = {
    {"quantized_decomposed::quantize_per_tensor.out", quantized_decomposed_quantize_per_tensor_out},
    {"quantized_decomposed::dequantize_per_tensor.out", quantized_decomposed_dequantize_per_tensor_out},
    {"quantized_decomposed::quantize_per_tensor.Tensor_out", quantized_decomposed_quantize_per_tensor_tensor_out},
    {"quantized_decomposed::dequantize_per_tensor.Tensor_out", quantized_decomposed_dequantize_per_tensor_tensor_out},
    {"quantized_decomposed::quantize_per_channel.out", quantized_decomposed_quantize_per_channel_out},
    {"quantized_decomposed::dequantize_per_channel.out", quantized_decomposed_dequantize_per_channel_out},
    {"cortex_m::quantize_per_tensor.out", cortex_m_quantize_per_tensor_out},
    {"cortex_m::dequantize_per_tensor.out", cortex_m_dequantize_per_tensor_out},
    {"cortex_m::quantized_add.out", cortex_m_quantized_add_out},
    {"cortex_m::quantized_mul.out", cortex_m_quantized_mul_out},
    {"cortex_m::quantized_linear.out", cortex_m_quantized_linear_out},
    {"cortex_m::quantized_conv2d.out", cortex_m_quantized_conv2d_out},
    {"cortex_m::quantized_depthwise_conv2d.out", cortex_m_quantized_depthwise_conv2d_out},
    {"cortex_m::quantized_avg_pool2d.out", cortex_m_quantized_avg_pool2d_out},
    {"cortex_m::quantized_max_pool2d.out", cortex_m_quantized_max_pool2d_out},
    {"cortex_m::softmax.out", cortex_m_softmax_out},
    {"cortex_m::minimum.out", cortex_m_minimum_out},
    {"cortex_m::maximum.out", cortex_m_maximum_out},
    {"cortex_m::pad.out", cortex_m_pad_out},
    {"cortex_m::transpose.out", cortex_m_transpose_out},
    {"cortex_m::quantized_activation.out", cortex_m_quantized_activation_out},
    {"aten::add.out", aten_add_out},
    {"aten::sub.out", aten_sub_out},
    {"aten::mul.out", aten_mul_out},
    {"aten::relu.out", aten_relu_out},
    {"aten::clamp.out", aten_clamp_out},
    {"aten::permute_copy.out", aten_permute_copy_out},
    {"aten::view_copy.out", aten_view_copy_out},
    {"aten::_softmax.out", aten_softmax_out},
    {"dim_order_ops::_to_dim_order_copy.out", dim_order_ops_to_dim_order_copy_out},
    {"dim_order_ops::_clone_dim_order.out", dim_order_ops_clone_dim_order_out},
};

}  // namespace

Status register_all_kernels(KernelRegistry& registry) {
  for (const Named& k : kKernels) {
    Status s = registry.register_kernel(k.name, k.fn);
    if (!s.ok()) return s;
  }
  return register_prim_ops(registry);
}

}  // namespace corsim::rt::kernels
