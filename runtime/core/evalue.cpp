#include "runtime/core/evalue.h"

namespace corsim::rt {

const char* tag_name(Tag t) {
  switch (t) {
    case Tag::kNone: return "None";
    case Tag::kInt: return "Int";
    case Tag::kDouble: return "Double";
    case Tag::kBool: return "Bool";
    case Tag::kString: return "String";
    case Tag::kTensor: return "Tensor";
    case Tag::kIntList: return "IntList";
    case Tag::kDoubleList: return "DoubleList";
    case Tag::kBoolList: return "BoolList";
    case Tag::kTensorList: return "TensorList";
    case Tag::kOptionalTensorList: return "OptionalTensorList";
  }
  return "?";
}

const int64_t* EValue::int_list(size_t& size) const {
  const BoxedIntList& l = payload_.ints;
  for (uint32_t k = 0; k < l.size; ++k) l.scratch[k] = l.items[k]->to_int();
  size = l.size;
  return l.scratch;
}

double EValue::scalar_as_double() const {
  switch (tag_) {
    case Tag::kInt: return static_cast<double>(payload_.i);
    case Tag::kDouble: return payload_.d;
    case Tag::kBool: return payload_.b ? 1.0 : 0.0;
    default: return 0.0;
  }
}

int64_t EValue::scalar_as_int() const {
  switch (tag_) {
    case Tag::kInt: return payload_.i;
    case Tag::kDouble:
      // Truncates toward zero; NaN gives 0 and out-of-range values saturate (no undefined cast).
      if (!(payload_.d == payload_.d)) return 0;
      if (payload_.d >= 9223372036854775807.0) return INT64_MAX;
      if (payload_.d <= -9223372036854775808.0) return INT64_MIN;
      return static_cast<int64_t>(payload_.d);
    case Tag::kBool: return payload_.b ? 1 : 0;
    default: return 0;
  }
}

}  // namespace corsim::rt
