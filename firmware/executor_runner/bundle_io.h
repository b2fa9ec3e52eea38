// BundleIO for the executor runner: a ".bpte" (ExecuTorch's bundled program, identifier "BP08")
// carries the program, the inputs of test cases and the outputs expected from them. The runner
// runs test case 0 of method "forward" and compares as ExecuTorch's
// devtools/bundled_program/bundled_program.cpp verify_method_outputs does (floating point:
// |a - b| <= atol + |rtol * b|, NaN equals NaN, same-signed infinities equal; other types: equal),
// printing its "TEST: BundleIO index[0] Test_result: PASS|FAIL" line that ExecuTorch's
// run_fvp.sh looks for.
#pragma once

#include <cstddef>
#include <cstdint>

#include "runtime/core/method.h"
#include "runtime/pte/span.h"

namespace runner {

// True when bytes 4..7 are "BP08" (a flatbuffer's file identifier).
bool is_bundled_program(const uint8_t* data, size_t size);

class Bundle {
 public:
  // Verifies the flatbuffer and finds test case `index` of the method named `method`. On failure
  // returns false with error() saying why.
  bool open(const uint8_t* data, size_t size, const char* method, size_t index);
  corsim::rt::Bytes program() const { return program_; }

  size_t num_inputs() const;
  // The bytes of input `i` (a tensor); false for a missing or non-tensor input (error() says).
  bool input(size_t i, const uint8_t*& bytes, size_t& nbytes);

  struct Stats {
    double max_abs_error = 0, max_rel_error = 0;
    size_t compared = 0;  // elements compared
  };
  // Compares every output of `m` with the expected ones; false with error() naming the first
  // difference.
  bool verify(const corsim::rt::Method& m, double rtol, double atol, Stats& stats);

  const char* error() const { return error_; }

 private:
  bool fail(const char* fmt, ...) __attribute__((format(printf, 2, 3)));
  const void* case_ = nullptr;  // const fb::BundledMethodTestCase*
  corsim::rt::Bytes program_;
  char error_[200] = {};
};

}  // namespace runner
