// Per-kernel cycles of the CPU operators real models leave on the CPU (issue 16 item 5): the
// runtime's own kernels (runtime/kernels: quantize/dequantize, the cortex_m int8 CMSIS-NN-style
// kernels, softmax), compiled as the executor runner compiles them (O2, FPU without MVE), called
// directly with tensors of typical model sizes and timed with DWT CYCCNT. Each kernel runs once to
// warm up and once timed; one line per kernel on UART0:
//   kernel <name> elements <output elements> macs <multiply-accumulates, 0 if none> cycles <n>
// bench/cpu_kernels_bench runs this on both cores and prints cycles per element (docs/timing.md
// "Per-kernel cycles").
#include <cstdint>
#include <cstdio>
#include <cstring>

#include "runtime/core/evalue.h"
#include "runtime/core/kernel.h"
#include "runtime/kernels/op_cortex_m.h"
#include "runtime/kernels/op_quantize.h"

namespace {

using corsim::rt::BoxedIntList;
using corsim::rt::EValue;
using corsim::rt::KernelArgs;
using corsim::rt::KernelContext;
using corsim::rt::KernelFn;
using corsim::rt::ScalarType;
using corsim::rt::Tensor;

volatile uint32_t* const kDemcr = reinterpret_cast<volatile uint32_t*>(0xE000EDFC);
volatile uint32_t* const kDwtCtrl = reinterpret_cast<volatile uint32_t*>(0xE0001000);
volatile uint32_t* const kDwtCyccnt = reinterpret_cast<volatile uint32_t*>(0xE0001004);

constexpr int64_t kHalf = int64_t{1} << 30;  // requantize multiplier 0.5 (Q31)
constexpr uint8_t kNhwc[4] = {0, 2, 3, 1};

// Fixed pools for the values of one kernel call (reset before each): no heap.
class Values {
 public:
  void reset() { tensors_ = evalues_ = ints_ = bytes_ = 0; }
  EValue* tensor(ScalarType type, const int32_t* sizes, unsigned rank, bool nhwc = false) {
    size_t n = corsim::rt::scalar_type_size(type);
    for (unsigned i = 0; i < rank; ++i) n *= static_cast<size_t>(sizes[i]);
    uint8_t* data = storage_ + bytes_;
    bytes_ += (n + 15) & ~size_t{15};
    for (size_t i = 0; i < n; ++i) data[i] = static_cast<uint8_t>(i * 37u + 11u);  // arbitrary data
    if (type == ScalarType::kFloat) {
      float* f = reinterpret_cast<float*>(data);
      for (size_t i = 0; i < n / 4; ++i) f[i] = static_cast<float>(static_cast<int>(i % 200) - 100) * 0.05f;
    }
    if (type == ScalarType::kInt) std::memset(data, 0, n);  // bias 0, shifts 0
    last_data_ = data;
    Tensor& t = tensor_pool_[tensors_++];
    t.init(type, rank, sizes, nhwc ? kNhwc : nullptr, data);
    return add(EValue::from_tensor(&t));
  }
  EValue* i(int64_t v) { return add(EValue::from_int(v)); }
  EValue* d(double v) { return add(EValue::from_double(v)); }
  EValue* b(bool v) { return add(EValue::from_bool(v)); }
  EValue* none() { return add(EValue()); }
  EValue* ints(int64_t a, int64_t b) {
    EValue** items = &int_items_[ints_];
    items[0] = i(a);
    items[1] = i(b);
    int64_t* scratch = &int_scratch_[ints_];
    ints_ += 3;
    return add(EValue::from_int_list(BoxedIntList{items, scratch, 2}));
  }
  // An int list of one element.
  EValue* ints(int64_t a) {
    EValue** items = &int_items_[ints_];
    items[0] = i(a);
    int64_t* scratch = &int_scratch_[ints_];
    ints_ += 2;
    return add(EValue::from_int_list(BoxedIntList{items, scratch, 1}));
  }
  // Per-channel multipliers (0.5) for `n` channels.
  EValue* multipliers(int32_t n) {
    EValue* t = tensor(ScalarType::kInt, &n, 1);
    int32_t* m = reinterpret_cast<int32_t*>(last_data_);
    for (int32_t c = 0; c < n; ++c) m[c] = static_cast<int32_t>(kHalf);
    return t;
  }

 private:
  EValue* add(EValue v) {
    evalues_pool_[evalues_] = v;
    return &evalues_pool_[evalues_++];
  }
  alignas(16) uint8_t storage_[96 * 1024];
  Tensor tensor_pool_[16];
  EValue evalues_pool_[48];
  EValue* int_items_[48];
  int64_t int_scratch_[48];
  unsigned tensors_ = 0, evalues_ = 0, ints_ = 0;
  size_t bytes_ = 0;
  uint8_t* last_data_ = nullptr;
};

Values g_values;  // large: static storage

// Times `fn` on `args` (a warm-up call first); prints its line. Returns false on a kernel error.
bool measure(const char* name, KernelFn fn, EValue* const* args, size_t n, uint32_t elements, uint32_t macs) {
  KernelContext warm;
  fn(warm, KernelArgs(args, n));
  if (warm.failed()) {
    std::printf("kernel %s failed: %s\n", name, warm.status().what);
    return false;
  }
  KernelContext ctx;
  const uint32_t start = *kDwtCyccnt;
  fn(ctx, KernelArgs(args, n));
  const uint32_t cycles = *kDwtCyccnt - start;
  std::printf("kernel %s elements %lu macs %lu cycles %lu\n", name, static_cast<unsigned long>(elements),
              static_cast<unsigned long>(macs), static_cast<unsigned long>(cycles));
  return true;
}

}  // namespace

int main() {
  *kDemcr |= 1u << 24;   // TRCENA
  *kDwtCtrl |= 1u;       // CYCCNTENA
  Values& v = g_values;
  bool ok = true;
  constexpr int32_t kN = 1024;
  const int32_t flat[1] = {kN};
  {  // float -> int8 at the model input
    v.reset();
    EValue* out = v.tensor(ScalarType::kChar, flat, 1);
    EValue* a[] = {v.tensor(ScalarType::kFloat, flat, 1), v.d(0.05), v.i(3), v.i(-128), v.i(127), v.i(1), out, out};
    ok &= measure("quantize_per_tensor", corsim::rt::kernels::cortex_m_quantize_per_tensor_out, a, 8, kN, 0);
  }
  {  // int8 -> float at the model output
    v.reset();
    EValue* out = v.tensor(ScalarType::kFloat, flat, 1);
    EValue* a[] = {v.tensor(ScalarType::kChar, flat, 1), v.d(0.05), v.i(3), v.i(-128), v.i(127), v.i(1), out, out};
    ok &= measure("dequantize_per_tensor", corsim::rt::kernels::cortex_m_dequantize_per_tensor_out, a, 8, kN, 0);
  }
  {  // int8 softmax over rows of 256 (the CMSIS-NN arm_softmax_s8 arithmetic; constants from its test)
    v.reset();
    const int32_t rows[2] = {4, 256};
    EValue* out = v.tensor(ScalarType::kChar, rows, 2);
    EValue* a[] = {v.tensor(ScalarType::kChar, rows, 2), v.i(-1), v.i(0), v.i(-128), v.i(1077952640), v.i(19),
                   v.i(-3968), out, out};
    ok &= measure("softmax", corsim::rt::kernels::cortex_m_softmax_out, a, 9, kN, 0);
  }
  {  // elementwise add, both inputs requantized
    v.reset();
    EValue* out = v.tensor(ScalarType::kChar, flat, 1);
    EValue* a[] = {v.tensor(ScalarType::kChar, flat, 1), v.i(0), v.i(kHalf), v.i(0), v.tensor(ScalarType::kChar, flat, 1),
                   v.i(0), v.i(kHalf), v.i(0), v.i(5), v.i(kHalf), v.i(-20), v.i(-128), v.i(127), out, out};
    ok &= measure("quantized_add", corsim::rt::kernels::cortex_m_quantized_add_out, a, 15, kN, 0);
  }
  {  // elementwise mul
    v.reset();
    EValue* out = v.tensor(ScalarType::kChar, flat, 1);
    EValue* a[] = {v.tensor(ScalarType::kChar, flat, 1), v.i(2), v.tensor(ScalarType::kChar, flat, 1), v.i(0), v.i(3),
                   v.i(kHalf), v.i(-1), out, out};
    ok &= measure("quantized_mul", corsim::rt::kernels::cortex_m_quantized_mul_out, a, 9, kN, 0);
  }
  {  // fully connected 256 -> 64
    v.reset();
    const int32_t xs[2] = {1, 256}, ws[2] = {64, 256}, bs[1] = {64}, os[2] = {1, 64};
    EValue* out = v.tensor(ScalarType::kChar, os, 2);
    EValue* a[] = {v.tensor(ScalarType::kChar, xs, 2), v.tensor(ScalarType::kChar, ws, 2), v.tensor(ScalarType::kInt, bs, 1),
                   v.none(), v.i(1), v.i(0), v.i(-3), v.ints(kHalf), v.ints(-6), v.i(127), v.i(-128), out, out};
    ok &= measure("quantized_linear", corsim::rt::kernels::cortex_m_quantized_linear_out, a, 13, 64, 64 * 256);
  }
  {  // conv 3x3, 16x16x8 -> 16x16x16, padding 1 (NHWC)
    v.reset();
    const int32_t is[4] = {1, 8, 16, 16}, ws[4] = {16, 3, 3, 8}, bs[1] = {16}, os[4] = {1, 16, 16, 16}, none[1] = {0};
    EValue* out = v.tensor(ScalarType::kChar, os, 4, true);
    EValue* a[] = {v.tensor(ScalarType::kChar, is, 4, true), v.tensor(ScalarType::kChar, ws, 4), v.tensor(ScalarType::kInt, bs, 1),
                   v.ints(1, 1), v.ints(1, 1), v.ints(1, 1), v.i(1), v.i(0), v.multipliers(16), v.tensor(ScalarType::kInt, bs, 1),
                   v.i(-128), v.i(127), v.tensor(ScalarType::kChar, none, 1), out, out};
    ok &= measure("quantized_conv2d", corsim::rt::kernels::cortex_m_quantized_conv2d_out, a, 15, 16 * 16 * 16, 16 * 16 * 16 * 72);
  }
  {  // depthwise conv 3x3, 16x16x16, padding 1, multiplier 1
    v.reset();
    const int32_t is[4] = {1, 16, 16, 16}, ws[4] = {1, 3, 3, 16}, bs[1] = {16}, none[1] = {0};
    EValue* out = v.tensor(ScalarType::kChar, is, 4, true);
    EValue* a[] = {v.tensor(ScalarType::kChar, is, 4, true), v.tensor(ScalarType::kChar, ws, 4), v.tensor(ScalarType::kInt, bs, 1),
                   v.ints(1, 1), v.ints(1, 1), v.ints(1, 1), v.i(1), v.i(0), v.i(0), v.multipliers(16),
                   v.tensor(ScalarType::kInt, bs, 1), v.i(-128), v.i(127), v.tensor(ScalarType::kChar, none, 1), out, out};
    ok &= measure("quantized_depthwise_conv2d", corsim::rt::kernels::cortex_m_quantized_depthwise_conv2d_out, a, 16,
                  16 * 16 * 16, 16 * 16 * 16 * 9);
  }
  {  // average pool 2x2 stride 2, 16x16x16 -> 8x8x16
    v.reset();
    const int32_t is[4] = {1, 16, 16, 16}, os[4] = {1, 16, 8, 8}, none[1] = {0};
    EValue* out = v.tensor(ScalarType::kChar, os, 4, true);
    EValue* a[] = {v.tensor(ScalarType::kChar, is, 4, true), v.ints(2, 2), v.ints(2, 2), v.ints(0, 0), v.b(false),
                   v.i(0), v.i(0), v.i(0), v.tensor(ScalarType::kChar, none, 1), out, out};
    ok &= measure("quantized_avg_pool2d", corsim::rt::kernels::cortex_m_quantized_avg_pool2d_out, a, 11, 8 * 8 * 16, 0);
  }
  {  // max pool 2x2 stride 2
    v.reset();
    const int32_t is[4] = {1, 16, 16, 16}, os[4] = {1, 16, 8, 8};
    EValue* out = v.tensor(ScalarType::kChar, os, 4, true);
    EValue* a[] = {v.tensor(ScalarType::kChar, is, 4, true), v.ints(2, 2), v.ints(2, 2), v.ints(0, 0), v.ints(1, 1),
                   v.b(false), v.i(0), v.i(0), v.i(-128), v.i(127), out, out};
    ok &= measure("quantized_max_pool2d", corsim::rt::kernels::cortex_m_quantized_max_pool2d_out, a, 12, 8 * 8 * 16, 0);
  }
  std::printf(ok ? "cpu_kernels done\n" : "cpu_kernels FAILED\n");
  return ok ? 0 : 1;
}
