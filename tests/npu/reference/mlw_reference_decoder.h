#pragma once
// The previous mlw decoder (session 7), the reference for npu/mlw_decoder.cpp's fast decoder in
// tests/npu/mlw_differential_test.cpp: same results (weights, ok, error text) on every stream.
#include <cstdint>
#include <span>

#include "npu/mlw_decoder.h"

namespace corsim::npu::reference {

MlwResult decode_mlw_reference(std::span<const uint8_t> stream);

}  // namespace corsim::npu::reference
