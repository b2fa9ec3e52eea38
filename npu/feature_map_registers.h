#pragma once
// The registers every feature map (IFM, IFM2, OFM) has in both command-stream ISAs (Vela
// register_command_stream_util.py get_strides; driver ethosu55_interface.h / ethosu85_interface.h):
// precision, zero point, tile sizes, region, the four tile bases and the strides. The two decoders
// (op_config.cpp for arch 1.x, op_config_u85.cpp for arch 2.0) read them with this one function and
// differ only in how they decode the precision register.
#include <cstdint>

#include "npu/op_config.h"

namespace corsim::npu {

struct FeatureMapRegisters {
  uint16_t precision, zero_point, width0_m1, height0_m1, height1_m1, region;  // cmd0
  uint16_t base0, stride_x, stride_y, stride_c;                                // cmd1
  bool ofm;
};

// Decodes a PRECISION register's 16-bit parameter into `fm` (type, element size, layout, ...).
using PrecisionDecoder = void (*)(FeatureMap& fm, uint16_t precision, bool ofm);

// A 16-bit register value as the feature map's signedness reads it.
inline int32_t typed16(uint16_t raw, bool is_signed) { return is_signed ? static_cast<int16_t>(raw) : int32_t{raw}; }

// For a chained U85 map the region field is the chaining-buffer number (tests/npu_u85 goldens).
FeatureMap read_feature_map(const RegisterState& r, Isa isa, const FeatureMapRegisters& k, PrecisionDecoder decode);

// KERNEL_STRIDE, KERNEL_WIDTH/HEIGHT_M1, IFM_PAD_*, IFM_UPSCALE: the same fields in both ISAs
// (ethosu55_interface.h / ethosu85_interface.h) into op.kernel, op.pad_*, op.upscale.
void read_kernel_registers(const RegisterState& r, OperationConfig& op);

// No register holds the IFM height/width of a kernel operation (conv, depthwise, pool); it follows
// from the OFM size, kernel, stride and padding, upscaled with IFM_UPSCALE (tests/npu
// real_stream_reference_test). Sets op.ifm.height/width, and the depth of a depthwise IFM.
void set_kernel_ifm_extent(OperationConfig& op);

}  // namespace corsim::npu
