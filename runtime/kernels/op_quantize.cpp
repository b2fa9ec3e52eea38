// quantized_decomposed:: and cortex_m:: quantize / dequantize kernels (ExecuTorch
// kernels/quantized/quantized.yaml, backends/cortex_m/ops/operators.yaml).
#include "runtime/kernels/op_quantize.h"

#include "runtime/kernels/arg_reader.h"
#include "runtime/kernels/quantize.h"

namespace corsim::rt::kernels {

namespace {

bool is_quantized_storage(ScalarType t) {
  return t == ScalarType::kChar || t == ScalarType::kByte || t == ScalarType::kShort ||
         t == ScalarType::kUInt16 || t == ScalarType::kInt;
}

void store_q(void* out, size_t i, ScalarType t, int64_t q) {
  switch (t) {
    case ScalarType::kChar: static_cast<int8_t*>(out)[i] = static_cast<int8_t>(q); break;
    case ScalarType::kByte: static_cast<uint8_t*>(out)[i] = static_cast<uint8_t>(q); break;
    case ScalarType::kShort: static_cast<int16_t*>(out)[i] = static_cast<int16_t>(q); break;
    case ScalarType::kUInt16: static_cast<uint16_t*>(out)[i] = static_cast<uint16_t>(q); break;
    default: static_cast<int32_t*>(out)[i] = static_cast<int32_t>(q); break;
  }
}

int32_t load_q(const void* in, size_t i, ScalarType t) {
  switch (t) {
    case ScalarType::kChar: return static_cast<const int8_t*>(in)[i];
    case ScalarType::kByte: return static_cast<const uint8_t*>(in)[i];
    case ScalarType::kShort: return static_cast<const int16_t*>(in)[i];
    case ScalarType::kUInt16: return static_cast<const uint16_t*>(in)[i];
    default: return static_cast<const int32_t*>(in)[i];
  }
}

// Channel of the element at memory offset `o`: strides follow the dim order, so the coordinate
// along `axis` is (o / stride) % size whatever the layout.
size_t channel_of(const Tensor& t, size_t axis, size_t o) {
  return static_cast<size_t>(o / static_cast<size_t>(t.stride(axis))) % static_cast<size_t>(t.size(axis));
}

// Shared argument checks; `cortex_m` restricts to int8/int16 as the cortex_m kernels do.
bool check_quantize(ArgReader& r, const Tensor& in, const Tensor& out, int64_t dtype, int64_t qmin, int64_t qmax,
                    bool cortex_m) {
  if (in.scalar_type() != ScalarType::kFloat) {
    r.fail("quantize input must be float32");
    return false;
  }
  const ScalarType dt = out.scalar_type();
  if (dtype != static_cast<int64_t>(dt) || !is_quantized_storage(dt) ||
      (cortex_m && dt != ScalarType::kChar && dt != ScalarType::kShort)) {
    r.fail("quantize out dtype must equal the dtype argument (int8/int16; uint8/uint16/int32 for quantized_decomposed)");
    return false;
  }
  if (qmin > qmax) {
    r.fail("quant_min is greater than quant_max");
    return false;
  }
  return true;
}

bool check_dequantize(ArgReader& r, const Tensor& in, const Tensor& out, int64_t dtype, bool cortex_m) {
  const ScalarType dt = in.scalar_type();
  if (dtype != static_cast<int64_t>(dt) || !is_quantized_storage(dt) ||
      (cortex_m && dt != ScalarType::kChar && dt != ScalarType::kShort)) {
    r.fail("dequantize input dtype must equal the dtype argument");
    return false;
  }
  if (out.scalar_type() != ScalarType::kFloat) {
    r.fail("dequantize out must be float32");
    return false;
  }
  return true;
}

// Same element positions in input and out: both are walked in memory order, which requires the
// same dim order (the tensors the exporter emits around a delegate always share it).
bool same_layout(ArgReader& r, const Tensor& in, const Tensor& out) {
  if (!in.same_dim_order(out)) {
    r.fail("input and out have different dim orders");
    return false;
  }
  return true;
}

// Per-tensor scale and zero point given as Double/Int EValues (.out) or one-element tensors
// (.Tensor_out: Double or Float scale, Long or Int zero point).
bool scalar_params(ArgReader& r, bool as_tensors, double& scale, int64_t& zp) {
  if (!as_tensors) {
    scale = r.double_value(1);
    zp = r.int_value(2);
    return !r.failed();
  }
  Tensor* s = r.tensor(1);
  Tensor* z = r.tensor(2);
  if (r.failed()) return false;
  if (s->numel() != 1 || z->numel() != 1) {
    r.fail("scale and zero_point tensors must hold one element");
    return false;
  }
  if (s->scalar_type() == ScalarType::kDouble) {
    scale = s->data_as<const double>()[0];
  } else if (s->scalar_type() == ScalarType::kFloat) {
    scale = s->data_as<const float>()[0];
  } else {
    r.fail("scale tensor must be float64 or float32");
    return false;
  }
  if (z->scalar_type() == ScalarType::kLong) {
    zp = z->data_as<const int64_t>()[0];
  } else if (z->scalar_type() == ScalarType::kInt) {
    zp = z->data_as<const int32_t>()[0];
  } else {
    r.fail("zero_point tensor must be int64 or int32");
    return false;
  }
  return true;
}

void quantize_per_tensor(KernelContext& ctx, KernelArgs args, bool cortex_m, bool tensor_params = false) {
  // (input, scale, zero_point, quant_min, quant_max, dtype, *, out) + return slot
  ArgReader r(ctx, args, 8);
  if (r.failed()) return;
  Tensor* in = r.tensor(0);
  double scale = 0;
  int64_t zp = 0;
  if (!scalar_params(r, tensor_params, scale, zp)) return;
  const int64_t qmin = r.int_value(3), qmax = r.int_value(4), dtype = r.int_value(5);
  Tensor* out = r.tensor(6);
  if (r.failed() || !check_quantize(r, *in, *out, dtype, qmin, qmax, cortex_m)) return;
  if (!resize_like(ctx, *out, *in) || !same_layout(r, *in, *out)) return;
  const float inv = inverse_scale(scale);
  const float* x = in->data_as<const float>();
  for (size_t i = 0, n = in->numel(); i < n; ++i) store_q(out->data(), i, out->scalar_type(), quantize_value(x[i], inv, zp, qmin, qmax));
}

void dequantize_per_tensor(KernelContext& ctx, KernelArgs args, bool cortex_m, bool tensor_params = false) {
  // quantized_decomposed: (input, scale, zp, qmin, qmax, dtype, *, out_dtype, out) + return slot;
  // cortex_m has no out_dtype slot (ExecuTorch backends/cortex_m/ops/operators.yaml).
  ArgReader r(ctx, args, cortex_m ? 8 : 9);
  if (r.failed()) return;
  Tensor* in = r.tensor(0);
  double scale = 0;
  int64_t zp = 0;
  if (!scalar_params(r, tensor_params, scale, zp)) return;
  const int64_t dtype = r.int_value(5);
  (void)r.int_value(3);
  (void)r.int_value(4);
  if (!cortex_m && !r.is_none(6) && r.int_value(6) != static_cast<int64_t>(ScalarType::kFloat)) {
    r.fail(Error::kNotSupported, "dequantize out_dtype other than float32");
    return;
  }
  Tensor* out = r.tensor(cortex_m ? 6 : 7);
  if (r.failed() || !check_dequantize(r, *in, *out, dtype, cortex_m)) return;
  if (!resize_like(ctx, *out, *in) || !same_layout(r, *in, *out)) return;
  const float s = static_cast<float>(scale);
  float* y = out->data_as<float>();
  for (size_t i = 0, n = in->numel(); i < n; ++i) {
    y[i] = dequantize_value(load_q(in->data(), i, in->scalar_type()), static_cast<int32_t>(zp), s);
  }
}

// Reads channel c's scale (Double or Float tensor) and zero point (Long/Int tensor, or none).
bool channel_params(ArgReader& r, const Tensor& scales, const Tensor* zps, size_t c, double& scale, int64_t& zp) {
  if (c >= scales.numel() || (zps != nullptr && c >= zps->numel())) {
    r.fail("per-channel scales/zero_points have fewer entries than channels");
    return false;
  }
  if (scales.scalar_type() == ScalarType::kDouble) {
    scale = scales.data_as<const double>()[c];
  } else if (scales.scalar_type() == ScalarType::kFloat) {
    scale = scales.data_as<const float>()[c];
  } else {
    r.fail("per-channel scales must be float64 or float32");
    return false;
  }
  zp = 0;
  if (zps != nullptr) {
    if (zps->scalar_type() == ScalarType::kLong) {
      zp = zps->data_as<const int64_t>()[c];
    } else if (zps->scalar_type() == ScalarType::kInt) {
      zp = zps->data_as<const int32_t>()[c];
    } else {
      r.fail("per-channel zero_points must be int64 or int32");
      return false;
    }
  }
  return true;
}

bool normalize_axis(ArgReader& r, int64_t axis, size_t rank, size_t& out) {
  if (axis < 0) axis += static_cast<int64_t>(rank);
  if (axis < 0 || static_cast<size_t>(axis) >= rank) {
    r.fail("axis out of range");
    return false;
  }
  out = static_cast<size_t>(axis);
  return true;
}

}  // namespace

void quantized_decomposed_quantize_per_tensor_out(KernelContext& ctx, KernelArgs args) {
  quantize_per_tensor(ctx, args, false);
}

void quantized_decomposed_dequantize_per_tensor_out(KernelContext& ctx, KernelArgs args) {
  dequantize_per_tensor(ctx, args, false);
}

void quantized_decomposed_quantize_per_tensor_tensor_out(KernelContext& ctx, KernelArgs args) {
  quantize_per_tensor(ctx, args, false, true);
}

void quantized_decomposed_dequantize_per_tensor_tensor_out(KernelContext& ctx, KernelArgs args) {
  dequantize_per_tensor(ctx, args, false, true);
}

void cortex_m_quantize_per_tensor_out(KernelContext& ctx, KernelArgs args) { quantize_per_tensor(ctx, args, true); }

void cortex_m_dequantize_per_tensor_out(KernelContext& ctx, KernelArgs args) { dequantize_per_tensor(ctx, args, true); }

void quantized_decomposed_quantize_per_channel_out(KernelContext& ctx, KernelArgs args) {
  // (input, Tensor scales, Tensor zero_points, int axis, quant_min, quant_max, dtype, *, out) + return
  ArgReader r(ctx, args, 9);
  if (r.failed()) return;
  Tensor* in = r.tensor(0);
  Tensor* scales = r.tensor(1);
  Tensor* zps = r.tensor(2);
  const int64_t axis = r.int_value(3), qmin = r.int_value(4), qmax = r.int_value(5), dtype = r.int_value(6);
  Tensor* out = r.tensor(7);
  size_t ax = 0;
  if (r.failed() || !check_quantize(r, *in, *out, dtype, qmin, qmax, false)) return;
  if (!normalize_axis(r, axis, in->dim(), ax)) return;
  if (!resize_like(ctx, *out, *in) || !same_layout(r, *in, *out)) return;
  const float* x = in->data_as<const float>();
  for (size_t i = 0, n = in->numel(); i < n; ++i) {
    double scale = 0;
    int64_t zp = 0;
    if (!channel_params(r, *scales, zps, channel_of(*in, ax, i), scale, zp)) return;
    store_q(out->data(), i, out->scalar_type(), quantize_value(x[i], inverse_scale(scale), zp, qmin, qmax));
  }
}

void quantized_decomposed_dequantize_per_channel_out(KernelContext& ctx, KernelArgs args) {
  // (input, Tensor scales, Tensor? zero_points, int axis, qmin, qmax, dtype, *, out_dtype, out) + return
  ArgReader r(ctx, args, 10);
  if (r.failed()) return;
  Tensor* in = r.tensor(0);
  Tensor* scales = r.tensor(1);
  Tensor* zps = r.optional_tensor(2);
  const int64_t axis = r.int_value(3), dtype = r.int_value(6);
  if (!r.is_none(7) && r.int_value(7) != static_cast<int64_t>(ScalarType::kFloat)) {
    r.fail(Error::kNotSupported, "dequantize out_dtype other than float32");
    return;
  }
  Tensor* out = r.tensor(8);
  size_t ax = 0;
  if (r.failed() || !check_dequantize(r, *in, *out, dtype, false)) return;
  if (!normalize_axis(r, axis, in->dim(), ax)) return;
  if (!resize_like(ctx, *out, *in) || !same_layout(r, *in, *out)) return;
  float* y = out->data_as<float>();
  for (size_t i = 0, n = in->numel(); i < n; ++i) {
    double scale = 0;
    int64_t zp = 0;
    if (!channel_params(r, *scales, zps, channel_of(*in, ax, i), scale, zp)) return;
    y[i] = dequantize_value(load_q(in->data(), i, in->scalar_type()), static_cast<int32_t>(zp), static_cast<float>(scale));
  }
}

}  // namespace corsim::rt::kernels
