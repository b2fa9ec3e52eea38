// Element types of runtime tensors (ExecuTorch schema/scalar_type.fbs). The values equal
// c10::ScalarType and the .pte schema's ScalarType, so a program's scalar_type converts by value;
// the runtime keeps its own enum so kernels do not depend on the generated flatbuffer header.
#pragma once

#include <cstddef>
#include <cstdint>

namespace corsim::rt {

enum class ScalarType : int8_t {
  kByte = 0,    // uint8
  kChar = 1,    // int8
  kShort = 2,   // int16
  kInt = 3,     // int32
  kLong = 4,    // int64
  kHalf = 5,
  kFloat = 6,
  kDouble = 7,
  kBool = 11,
  kQInt8 = 12,
  kQUInt8 = 13,
  kQInt32 = 14,
  kBFloat16 = 15,
  kUInt16 = 27,
  kUInt32 = 28,
  kUInt64 = 29,
};

// Bytes per element; 0 for a type the runtime does not hold in tensors.
constexpr size_t scalar_type_size(ScalarType t) {
  switch (t) {
    case ScalarType::kByte: case ScalarType::kChar: case ScalarType::kBool:
    case ScalarType::kQInt8: case ScalarType::kQUInt8:
      return 1;
    case ScalarType::kShort: case ScalarType::kHalf: case ScalarType::kBFloat16:
    case ScalarType::kUInt16:
      return 2;
    case ScalarType::kInt: case ScalarType::kFloat: case ScalarType::kQInt32: case ScalarType::kUInt32:
      return 4;
    case ScalarType::kLong: case ScalarType::kDouble: case ScalarType::kUInt64:
      return 8;
  }
  return 0;
}

const char* scalar_type_name(ScalarType t);

}  // namespace corsim::rt
