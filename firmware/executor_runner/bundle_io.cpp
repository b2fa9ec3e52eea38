#include "bundle_io.h"

#include <cmath>
#include <cstdarg>
#include <cstdio>
#include <cstring>

#include "bundled_program_generated.h"

namespace runner {

namespace fb = corsim::bundle::fb;
using corsim::rt::ScalarType;
using corsim::rt::Tensor;

bool is_bundled_program(const uint8_t* data, size_t size) {
  return size >= 8 && std::memcmp(data + 4, "BP08", 4) == 0;
}

bool Bundle::fail(const char* fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  std::vsnprintf(error_, sizeof error_, fmt, ap);
  va_end(ap);
  return false;
}

bool Bundle::open(const uint8_t* data, size_t size, const char* method, size_t index) {
  // The Verifier asserts on buffers of 2 GiB or more (flatbuffers FLATBUFFERS_MAX_BUFFER_SIZE).
  if (size >= (size_t{1} << 31)) return fail("bundled program larger than a flatbuffer can be");
  flatbuffers::Verifier verifier(data, size);
  if (!fb::VerifyBundledProgramBuffer(verifier)) return fail("bundled program: the flatbuffer does not verify");
  const fb::BundledProgram* b = fb::GetBundledProgram(data);
  if (b->program() == nullptr || b->program()->size() == 0) return fail("bundled program holds no program");
  program_ = corsim::rt::Bytes(b->program()->data(), b->program()->size());
  if (b->method_test_suites() == nullptr) return fail("bundled program holds no test suites");
  for (const fb::BundledMethodTestSuite* s : *b->method_test_suites()) {
    if (s->method_name() == nullptr || std::strcmp(s->method_name()->c_str(), method) != 0) continue;
    if (s->test_cases() == nullptr || index >= s->test_cases()->size()) {
      return fail("bundled program: method '%s' has no test case %u", method, unsigned(index));
    }
    case_ = s->test_cases()->Get(static_cast<flatbuffers::uoffset_t>(index));
    return true;
  }
  return fail("bundled program has no test suite for method '%s'", method);
}

size_t Bundle::num_inputs() const {
  const auto* c = static_cast<const fb::BundledMethodTestCase*>(case_);
  return c && c->inputs() ? c->inputs()->size() : 0;
}

bool Bundle::input(size_t i, const uint8_t*& bytes, size_t& nbytes) {
  const auto* c = static_cast<const fb::BundledMethodTestCase*>(case_);
  if (!c || !c->inputs() || i >= c->inputs()->size()) return fail("bundled test case has no input %u", unsigned(i));
  const fb::Tensor* t = c->inputs()->Get(static_cast<flatbuffers::uoffset_t>(i))->val_as_Tensor();
  if (t == nullptr || t->data() == nullptr) return fail("bundled input %u is not a tensor", unsigned(i));
  bytes = t->data()->data();
  nbytes = t->data()->size();
  return true;
}

namespace {
// verify_method_outputs' element rule (bundled_program.cpp elem_is_close).
bool close(double a, double b, double rtol, double atol) {
  if (std::isnan(a) && std::isnan(b)) return true;
  if (!std::isfinite(a) && !std::isfinite(b) && ((a > 0) == (b > 0))) return true;
  if (rtol == 0 && atol == 0) return a == b;
  const double err = std::fabs(a - b);
  return std::isfinite(err) && err <= atol + std::fabs(rtol * b);
}
}  // namespace

bool Bundle::verify(const corsim::rt::Method& m, double rtol, double atol, Stats& stats) {
  const auto* c = static_cast<const fb::BundledMethodTestCase*>(case_);
  const auto* expected = c ? c->expected_outputs() : nullptr;
  if (expected == nullptr) return fail("bundled test case has no expected outputs");
  if (expected->size() != m.num_outputs()) {
    return fail("the method has %u outputs, the bundle expects %u", unsigned(m.num_outputs()), unsigned(expected->size()));
  }
  for (size_t i = 0; i < m.num_outputs(); ++i) {
    const fb::Tensor* want = expected->Get(static_cast<flatbuffers::uoffset_t>(i))->val_as_Tensor();
    const Tensor* got = m.output_tensor(i);
    if (want == nullptr || want->data() == nullptr || got == nullptr) return fail("output %u: not a tensor", unsigned(i));
    if (static_cast<int8_t>(got->scalar_type()) != want->scalar_type()) {
      return fail("output %u: scalar type %d, expected %d", unsigned(i), int(got->scalar_type()), int(want->scalar_type()));
    }
    const auto* sizes = want->sizes();
    bool same_shape = sizes != nullptr && sizes->size() == got->dim();
    for (size_t d = 0; same_shape && d < got->dim(); ++d) same_shape = sizes->Get(static_cast<flatbuffers::uoffset_t>(d)) == got->size(d);
    if (!same_shape || want->data()->size() != got->nbytes()) return fail("output %u: shape differs from the expected one", unsigned(i));
    const uint8_t* w = want->data()->data();
    const size_t n = got->numel();
    for (size_t j = 0; j < n; ++j) {
      double a = 0, b = 0;
      if (got->scalar_type() == ScalarType::kFloat) {
        float fa, fb_;
        std::memcpy(&fa, got->data_as<const uint8_t>() + 4 * j, 4);
        std::memcpy(&fb_, w + 4 * j, 4);
        a = fa;
        b = fb_;
        if (!close(a, b, rtol, atol)) return fail("output %u[%u]: %f, expected %f", unsigned(i), unsigned(j), a, b);
        if (std::isfinite(a - b)) {
          const double e = std::fabs(a - b);
          if (e > stats.max_abs_error) stats.max_abs_error = e;
          if (b != 0 && e / std::fabs(b) > stats.max_rel_error) stats.max_rel_error = e / std::fabs(b);
        }
      } else {
        const size_t es = got->element_size();
        if (std::memcmp(got->data_as<const uint8_t>() + es * j, w + es * j, es) != 0) {
          return fail("output %u[%u]: differs from the expected value", unsigned(i), unsigned(j));
        }
      }
      ++stats.compared;
    }
  }
  return true;
}

}  // namespace runner
