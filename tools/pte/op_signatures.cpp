#include "tools/pte/op_signatures.h"

#include <map>
#include <string>

namespace corsim::pte_tool {

namespace {

using Names = std::vector<std::string_view>;

// ExecuTorch kernels/quantized/quantized.yaml, kernels/portable/functions.yaml and
// backends/cortex_m/ops/operators.yaml (schema order, keyword-only arguments included).
const std::map<std::string_view, Names>& table() {
  static const std::map<std::string_view, Names> kTable = {
      {"aten::add.out", {"self", "other", "alpha", "out"}},
      {"aten::sub.out", {"self", "other", "alpha", "out"}},
      {"aten::mul.out", {"self", "other", "out"}},
      {"aten::_softmax.out", {"self", "dim", "half_to_float", "out"}},
      {"aten::permute_copy.out", {"self", "dims", "out"}},
      {"aten::view_copy.out", {"self", "size", "out"}},
      {"dim_order_ops::_to_dim_order_copy.out", {"self", "non_blocking", "dim_order", "out"}},
      {"dim_order_ops::_clone_dim_order.out", {"self", "non_blocking", "dim_order", "out"}},
      {"quantized_decomposed::quantize_per_tensor.out",
       {"input", "scale", "zero_point", "quant_min", "quant_max", "dtype", "out"}},
      {"quantized_decomposed::dequantize_per_tensor.out",
       {"input", "scale", "zero_point", "quant_min", "quant_max", "dtype", "out_dtype", "out"}},
      {"cortex_m::quantize_per_tensor.out", {"input", "scale", "zero_point", "quant_min", "quant_max", "dtype", "out"}},
      {"cortex_m::dequantize_per_tensor.out",
       {"input", "scale", "zero_point", "quant_min", "quant_max", "dtype", "out"}},
      {"cortex_m::quantized_add.out",
       {"self", "self_zp", "self_mult", "self_shift", "other", "other_zp", "other_mult", "other_shift", "out_zp",
        "out_mult", "out_shift", "act_min", "act_max", "out"}},
      {"cortex_m::quantized_mul.out", {"self", "self_zp", "other", "other_zp", "out_zp", "out_mult", "out_shift", "out"}},
      {"cortex_m::quantized_linear.out",
       {"input", "weights", "bias", "kernel_sum", "input_offset", "filter_offset", "output_offset", "requant_mults",
        "requant_shifts", "act_max", "act_min", "out"}},
      {"cortex_m::softmax.out", {"input", "dim", "in_zp", "out_zp", "in_mult", "in_shift", "diff_min", "out"}},
      {"cortex_m::transpose.out", {"input", "perm", "out"}},
      {"cortex_m::pad.out", {"input", "pre_pad", "post_pad", "pad_value", "out"}},
      {"cortex_m::quantized_conv2d.out",
       {"input", "weight", "bias", "stride", "padding", "dilation", "input_offset", "output_offset", "requant_mults",
        "requant_shifts", "act_min", "act_max", "scratch", "out"}},
      {"cortex_m::quantized_depthwise_conv2d.out",
       {"input", "weight", "bias", "stride", "padding", "dilation", "depth_multiplier", "input_offset",
        "output_offset", "requant_mults", "requant_shifts", "act_min", "act_max", "scratch", "out"}},
      {"cortex_m::quantized_avg_pool2d.out",
       {"input", "kernel", "stride", "padding", "ceil_mode", "zp", "mult", "shift", "scratch", "out"}},
      {"cortex_m::quantized_max_pool2d.out",
       {"input", "kernel", "stride", "padding", "dilation", "ceil_mode", "in_zp", "out_zp", "act_min", "act_max",
        "out"}},
  };
  return kTable;
}

}  // namespace

const std::vector<std::string_view>& op_arg_names(std::string_view op) {
  static const Names kNone;
  const auto& t = table();
  auto it = t.find(op);
  return it == t.end() ? kNone : it->second;
}

}  // namespace corsim::pte_tool
