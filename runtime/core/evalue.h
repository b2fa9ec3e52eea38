// EValue: one value of a method (ExecuTorch schema/program.fbs EValue, runtime/executor/method.cpp
// parse_values): None, Int, Double, Bool, String, Tensor, and the list kinds. No heap: list
// payloads point at other EValues of the same method (IntList/TensorList are "boxed", as
// ExecuTorch's parse_values builds them) or into the program's flatbuffer.
#pragma once

#include <cstddef>
#include <cstdint>

#include "runtime/core/tensor.h"

namespace corsim::rt {

enum class Tag : uint8_t {
  kNone,
  kInt,
  kDouble,
  kBool,
  kString,
  kTensor,
  kIntList,
  kDoubleList,
  kBoolList,
  kTensorList,
  kOptionalTensorList,
};

const char* tag_name(Tag t);

class EValue;

// IntList: pointers to the Int EValues it names (re-read at use: symbolic ints may change) plus a
// scratch array the values are gathered into.
struct BoxedIntList {
  EValue* const* items;
  int64_t* scratch;
  uint32_t size;
};

// TensorList / OptionalTensorList: pointers to Tensor EValues (nullptr = None in an optional list).
struct BoxedTensorList {
  EValue* const* items;
  uint32_t size;
};

class EValue {
 public:
  EValue() : tag_(Tag::kNone) { payload_.i = 0; }

  static EValue from_int(int64_t v) { EValue e(Tag::kInt); e.payload_.i = v; return e; }
  static EValue from_double(double v) { EValue e(Tag::kDouble); e.payload_.d = v; return e; }
  static EValue from_bool(bool v) { EValue e(Tag::kBool); e.payload_.b = v; return e; }
  static EValue from_string(const char* s, size_t n) {
    EValue e(Tag::kString); e.payload_.str = {s, n}; return e;
  }
  static EValue from_tensor(Tensor* t) { EValue e(Tag::kTensor); e.payload_.tensor = t; return e; }
  static EValue from_int_list(BoxedIntList l) { EValue e(Tag::kIntList); e.payload_.ints = l; return e; }
  static EValue from_double_list(const double* d, size_t n) {
    EValue e(Tag::kDoubleList); e.payload_.doubles = {d, n}; return e;
  }
  // Flatbuffer bools are one byte each, 0 or 1.
  static EValue from_bool_list(const uint8_t* b, size_t n) {
    EValue e(Tag::kBoolList); e.payload_.bools = {b, n}; return e;
  }
  static EValue from_tensor_list(BoxedTensorList l, bool optional) {
    EValue e(optional ? Tag::kOptionalTensorList : Tag::kTensorList);
    e.payload_.tensors = l;
    return e;
  }

  Tag tag() const { return tag_; }
  bool is_none() const { return tag_ == Tag::kNone; }
  bool is_int() const { return tag_ == Tag::kInt; }
  bool is_double() const { return tag_ == Tag::kDouble; }
  bool is_bool() const { return tag_ == Tag::kBool; }
  bool is_string() const { return tag_ == Tag::kString; }
  bool is_tensor() const { return tag_ == Tag::kTensor; }
  bool is_int_list() const { return tag_ == Tag::kIntList; }
  bool is_double_list() const { return tag_ == Tag::kDoubleList; }
  bool is_bool_list() const { return tag_ == Tag::kBoolList; }
  bool is_tensor_list() const { return tag_ == Tag::kTensorList; }
  bool is_optional_tensor_list() const { return tag_ == Tag::kOptionalTensorList; }
  // A Scalar argument is an Int, Double or Bool.
  bool is_scalar() const { return is_int() || is_double() || is_bool(); }

  // Accessors: the caller has checked the tag.
  int64_t to_int() const { return payload_.i; }
  double to_double() const { return payload_.d; }
  bool to_bool() const { return payload_.b; }
  const char* string_data() const { return payload_.str.data; }
  size_t string_size() const { return payload_.str.size; }
  Tensor& to_tensor() const { return *payload_.tensor; }
  Tensor* tensor_ptr() const { return payload_.tensor; }
  // Gathers the current Int values into the list's scratch array.
  const int64_t* int_list(size_t& size) const;
  const double* double_list(size_t& size) const { size = payload_.doubles.size; return payload_.doubles.data; }
  const uint8_t* bool_list(size_t& size) const { size = payload_.bools.size; return payload_.bools.data; }
  const BoxedTensorList& tensor_list() const { return payload_.tensors; }
  // Scalar as double (Int and Bool converted); 0 for other kinds.
  double scalar_as_double() const;
  // Scalar as int64 (Double truncated toward zero); 0 for other kinds.
  int64_t scalar_as_int() const;

  void set_int(int64_t v) { tag_ = Tag::kInt; payload_.i = v; }
  void set_double(double v) { tag_ = Tag::kDouble; payload_.d = v; }
  void set_bool(bool v) { tag_ = Tag::kBool; payload_.b = v; }

 private:
  explicit EValue(Tag t) : tag_(t) { payload_.i = 0; }

  struct Str { const char* data; size_t size; };
  struct Doubles { const double* data; size_t size; };
  struct Bools { const uint8_t* data; size_t size; };

  Tag tag_;
  union Payload {
    int64_t i;
    double d;
    bool b;
    Str str;
    Tensor* tensor;
    BoxedIntList ints;
    Doubles doubles;
    Bools bools;
    BoxedTensorList tensors;
  } payload_;
};

}  // namespace corsim::rt
