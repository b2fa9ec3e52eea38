// The executor runner for Corstone-300 and Corstone-320: what ExecuTorch's arm_executor_runner does
// (ExecuTorch examples/arm/executor_runner/arm_executor_runner.cpp, arm_perf_monitor.cpp; the
// Ethos-U driver's ethosu_driver.c for the NPU), built on corsim's runtime.
//
// Model: semihosting `-m model.pte` (ExecuTorch's semihosting runner argv, via SYS_GET_CMDLINE),
// else the .pte placed at a fixed address (`--data model.pte@0x70000000`; another address with
// `--model-addr ADDR`, its size with `--model-size N`). Inputs: `-i file` per input, else every
// input is filled with ones (bool: true) as the real runner does. Outputs: printed, and written
// to `<outbase>-<i>.bin` with `-o outbase`. Ends with the real runner's report and EOT (0x04).
// `--tensor-markers` (corsim --dump-tensors) also describes every instruction's arguments on ITM
// port 7 (runtime/trace/markers.h); without it the runner executes exactly its usual code.
//
// A bundled program (".bpte", BP08) brings its own inputs and expected outputs: test case 0 of
// "forward" is run and checked as ExecuTorch's BundleIO runner does (bundle_io.h), ending in its
// "TEST: BundleIO index[0] Test_result: PASS|FAIL" line.
//
// Placement (Shared_Sram/Sram_Only, as ExecuTorch's Corstone-300.ld and arm_executor_runner.cpp):
// the model slot and the method allocator in DDR, the temp allocator (which holds the Ethos-U
// scratch) in the SRAM as `.bss.tensor_arena`.
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>

#include "bundle_io.h"
#include "runner_io.h"
#include "runtime/backends/ethos_u/ethos_u_backend.h"
#include "runtime/backends/ethos_u/ethos_u_driver.h"
#include "runtime/core/method.h"
#include "runtime/kernels/register.h"
#include "runtime/pte/program.h"
#include "runtime/trace/markers.h"

extern "C" {
#include "platform.h"
}

using namespace corsim;

namespace {

constexpr uintptr_t kDefaultModelAddress = 0x70000000u;
// BundleIO: the test case run and the tolerances (ExecuTorch's runner: testset_idx 0, ET_ATOL and
// ET_RTOL default 0.01).
constexpr size_t kBundleTestCase = 0;
constexpr double kBundleAtol = 0.01, kBundleRtol = 0.01;
constexpr size_t kModelSlotSize = 32u << 20;
// The pools, set at build time as ExecuTorch's arm_executor_runner sets them (its CMake options of
// the same names, examples/arm/executor_runner/CMakeLists.txt; here CMake cache variables of the
// corsim build, passed to the cross build): the method allocator in DDR, default 60 MiB as in
// arm_executor_runner.cpp; the temp allocator holding the Ethos-U scratch in the SRAM, default all
// 2 MiB of it (Shared_Sram/Sram_Only). A temp pool larger than the platform's SRAM does not link.
#ifndef ET_ARM_BAREMETAL_METHOD_ALLOCATOR_POOL_SIZE
#define ET_ARM_BAREMETAL_METHOD_ALLOCATOR_POOL_SIZE (60u << 20)
#endif
#ifndef ET_ARM_BAREMETAL_SCRATCH_TEMP_ALLOCATOR_POOL_SIZE
#define ET_ARM_BAREMETAL_SCRATCH_TEMP_ALLOCATOR_POOL_SIZE (2u << 20)
#endif
constexpr size_t kMethodPoolSize = ET_ARM_BAREMETAL_METHOD_ALLOCATOR_POOL_SIZE;
constexpr size_t kInputPoolSize = 8u << 20;
constexpr size_t kTempPoolSize = ET_ARM_BAREMETAL_SCRATCH_TEMP_ALLOCATOR_POOL_SIZE;
// The platform's NPU, Secure alias (platform_config.h: Corstone-300 Ethos-U55 0x5810_2000 IRQ 56,
// Corstone-320 Ethos-U85 0x5000_4000 IRQ 16).
constexpr uintptr_t kNpuBase = PLATFORM_NPU_BASE;
constexpr unsigned kNpuIrq = PLATFORM_NPU_IRQ;

// One object so the model slot is the first thing in DDR (0x70000000, checked at start-up).
struct DdrPools {
  alignas(16) uint8_t model[kModelSlotSize];
  alignas(16) uint8_t method_pool[kMethodPoolSize];
  alignas(16) uint8_t input_pool[kInputPoolSize];
};
__attribute__((section(".ddr.bss.runner"))) DdrPools ddr;
__attribute__((section(".bss.tensor_arena"), aligned(16))) uint8_t tensor_arena[kTempPoolSize];
#if PLATFORM_NPU_FAST_SCRATCH_SIZE > 0
// The NPU's fast scratch (base address 2 of Dedicated_Sram programs), in the SRAM as ExecuTorch's
// Corstone-320 script places `.bss.ethosu_scratch`; given to the driver as the real runner gives
// it to ethosu_init.
__attribute__((section(".bss.ethosu_scratch"), aligned(16))) uint8_t ethosu_fast_scratch[PLATFORM_NPU_FAST_SCRATCH_SIZE];
#endif

#define LOG(level, ...)                                                                  \
  do {                                                                                   \
    std::printf("%c [executorch:arm_executor_runner.cpp:%d %s()] ", level, __LINE__, __func__); \
    std::printf(__VA_ARGS__);                                                            \
    std::printf("\n");                                                                   \
  } while (0)

// Armv8.1-M PMU cycle counter (what the real runner's perf monitor reads: CMSIS pmu_armv8.h
// ARM_PMU_Get_CCNTR, CCNTR at 0xE000307C).
volatile uint32_t& reg(uintptr_t a) { return *reinterpret_cast<volatile uint32_t*>(a); }
void cycles_start() {
  reg(0xE000EDFCu) |= 1u << 24;  // DEMCR.TRCENA
  reg(0xE0003C00u) = 1u << 31;   // PMU_CNTENSET: cycle counter
  reg(0xE0003E04u) = 1u | 4u;    // PMU_CTRL: enable, reset the cycle counter
}
uint32_t cycles_now() { return reg(0xE000307Cu); }  // PMU_CCNTR

class MmioNpuPort final : public ethos_u::NpuPort {
 public:
  uint32_t read(uint32_t off) override { return reg(kNpuBase + off); }
  void write(uint32_t off, uint32_t v) override {
    __asm__ volatile("dsb" ::: "memory");
    reg(kNpuBase + off) = v;
  }
  bool wait_for_interrupt(const volatile bool& done) override {
    // Mask, check, sleep: a pending IRQ still wakes WFI, and is taken once unmasked.
    __asm__ volatile("cpsid i" ::: "memory");
    while (!done) {
      __asm__ volatile("wfi\n\tcpsie i\n\tisb\n\tcpsid i" ::: "memory");
    }
    __asm__ volatile("cpsie i" ::: "memory");
    return true;
  }
  void flush_dcache() override { platform_dcache_clean_invalidate(); }
  void invalidate_dcache() override { platform_dcache_clean_invalidate(); }
};

runner::Bundle bundle;
MmioNpuPort npu_port;
ethos_u::EthosUDriver npu_driver(npu_port);
ethos_u::EthosUBackend ethos_u_backend(npu_driver);

struct Profile {
  uint32_t npu_begin = 0;
  uint64_t npu_wait = 0;      // CPU cycles between starting the NPU and its IRQ being handled
  uint64_t delegate_cycles = 0;  // CPU cycles inside DelegateCalls
  uint64_t operator_cycles = 0;  // CPU cycles inside all instructions
  uint32_t begin = 0;
  uint32_t delegations = 0;
  ethos_u::PmuCounts pmu;
};
Profile profile;
const trace::MarkerWriter markers;

void npu_hook(void*, bool begin) {
  if (begin) {
    markers.word(trace::kPortDelegate, 1);
    profile.npu_begin = cycles_now();
  } else {
    profile.npu_wait += cycles_now() - profile.npu_begin;
    markers.word(trace::kPortDelegate, 0);
    const ethos_u::PmuCounts& p = npu_driver.pmu();
    profile.pmu.cycles += p.cycles;
    profile.pmu.num_events = p.num_events;
    for (uint32_t i = 0; i < p.num_events; ++i) profile.pmu.events[i] += p.events[i];
  }
}

class MarkerObserver final : public rt::InstructionObserver {
 public:
  void on_instruction_begin(const rt::InstructionInfo& info) override {
    markers.name(info.name ? info.name : rt::instruction_kind_name(info.kind), info.overload);
    markers.word(trace::kPortKind, static_cast<uint32_t>(info.kind));
    markers.word(trace::kPortBegin, trace::instruction_value(info.chain, info.index));
    profile.begin = cycles_now();
  }
  void on_instruction_end(const rt::InstructionInfo& info, const rt::Status&) override {
    const uint32_t c = cycles_now() - profile.begin;
    markers.word(trace::kPortEnd, trace::instruction_value(info.chain, info.index));
    profile.operator_cycles += c;
    if (info.kind == rt::InstructionKind::kDelegateCall) {
      profile.delegate_cycles += c;
      ++profile.delegations;
    }
  }
};
MarkerObserver observer;

// With `--tensor-markers` (corsim --dump-tensors, docs/report-schema.md "Tensor dumps"): the same
// markers, and after each begin marker one kPortTensor record per tensor or scalar argument
// (runtime/trace/markers.h), from which corsim reads the tensors at the begin and end markers.
// A separate observer, so the plain runs execute exactly the code they always did.
class TensorMarkerObserver final : public rt::InstructionObserver {
 public:
  explicit TensorMarkerObserver(const rt::Method& m) : method_(m) {}
  void on_instruction_begin(const rt::InstructionInfo& info) override {
    observer.on_instruction_begin(info);
    const rt::Span<rt::EValue* const> args = method_.instruction_args(info.chain, info.index);
    for (uint32_t k = 0; k < args.size(); ++k) {
      const rt::EValue& v = *args[k];
      if (v.is_tensor()) {
        const rt::Tensor& t = v.to_tensor();
        uint32_t order = 0;
        for (size_t d = 0; d < t.dim(); ++d) order |= uint32_t{t.dim_order(d)} << (4 * d);
        markers.word(trace::kPortTensor, trace::tensor_header(k, static_cast<uint32_t>(t.scalar_type()), t.dim()));
        markers.word(trace::kPortTensor, static_cast<uint32_t>(reinterpret_cast<uintptr_t>(t.data())));
        markers.word(trace::kPortTensor, order);
        for (size_t d = 0; d < t.dim(); ++d) markers.word(trace::kPortTensor, static_cast<uint32_t>(t.size(d)));
      } else if (v.is_scalar()) {
        uint64_t bits = 0;
        uint32_t kind = 0;
        if (v.is_int()) {
          bits = static_cast<uint64_t>(v.to_int());
        } else if (v.is_double()) {
          const double d = v.to_double();
          std::memcpy(&bits, &d, sizeof bits);
          kind = 1;
        } else {
          bits = v.to_bool() ? 1 : 0;
          kind = 2;
        }
        markers.word(trace::kPortTensor, trace::scalar_header(k, kind));
        markers.word(trace::kPortTensor, static_cast<uint32_t>(bits));
        markers.word(trace::kPortTensor, static_cast<uint32_t>(bits >> 32));
      }
    }
  }
  void on_instruction_end(const rt::InstructionInfo& info, const rt::Status& s) override {
    observer.on_instruction_end(info, s);
  }

 private:
  const rt::Method& method_;
};

extern "C" void PLATFORM_NPU_IRQ_HANDLER(void) { npu_driver.handle_interrupt(); }



// Exit statuses: corsim's table (docs/sim.md "Exit status"), so a script tells a bad model from a
// failed run without reading the log.
constexpr int kExitOk = 0;
constexpr int kExitFailure = 1;     // the runner itself is broken (linker placement), or a bundle's outputs differ
constexpr int kExitBadOption = 2;   // a runner option it does not know (the user's command line)
constexpr int kExitGuestFault = 3;  // a fault in the runner (fault_exit below)
constexpr int kExitModelLoad = 5;   // the model or an input cannot be read, parsed or placed
constexpr int kExitModelRun = 6;    // the model loaded but failed while running, or its outputs were not written

// Success ends as the real runner does: EOT (0x04) on the UART, which stops the FVP
// (uart0.shutdown_on_eot) and corsim, then a semihosting exit for hosts that wait for one. A
// failure exits through semihosting FIRST, so the host sees the status rather than the EOT a
// success would print; EOT follows only for a host without semihosting (it never returns there
// on corsim or the FVP). Semihosting v2.0 SYS_EXIT_EXTENDED (0x20), ADP_Stopped_ApplicationExit.
[[noreturn]] void finish(int status) {
  std::fflush(stdout);
  if (status != kExitOk) {
    volatile uint32_t block[2] = {0x20026u, static_cast<uint32_t>(status)};
    platform_semihosting(0x20u, reinterpret_cast<uintptr_t>(block));
  }
  std::printf("\x04");
  std::fflush(stdout);
  platform_semihosting_exit(status);
}

// A fault in the runner (HardFault and the configurable faults, which escalate to it when
// disabled) ends the run as a guest fault, status 3 of docs/sim.md, with one line in the runtime's
// log format naming the exception and the fault status registers (Armv8-M ARM B3.2: CFSR
// 0xE000ED28, HFSR 0xE000ED2C, BFAR 0xE000ED38). The line starts with "F [" so ExecuTorch's log
// check reports it. Only the UART is used: the fault may have hit the C library.
void put_hex(uint32_t v) {
  static const char digits[] = "0123456789abcdef";
  char text[11] = "0x";
  for (int i = 0; i < 8; ++i) text[2 + i] = digits[(v >> (28 - 4 * i)) & 0xFu];
  text[10] = '\0';
  platform_uart_puts(text);
}
[[noreturn]] void fault_exit() {
  platform_uart_puts("\nF [executorch:arm_executor_runner.cpp fault_handler()] Hard fault: exception ");
  put_hex(platform_ipsr());
  platform_uart_puts(" CFSR=");
  put_hex(SCB_CFSR);
  platform_uart_puts(" HFSR=");
  put_hex(SCB_HFSR);
  platform_uart_puts(" BFAR=");
  put_hex(SCB_BFAR);
  platform_uart_puts("\n");
  volatile uint32_t block[2] = {0x20026u, static_cast<uint32_t>(kExitGuestFault)};
  platform_semihosting(0x20u, reinterpret_cast<uintptr_t>(block));  // SYS_EXIT_EXTENDED
  for (;;) __asm__ volatile("wfi");
}
extern "C" void HardFault_Handler(void) { fault_exit(); }
extern "C" void MemManage_Handler(void) { fault_exit(); }
extern "C" void BusFault_Handler(void) { fault_exit(); }
extern "C" void UsageFault_Handler(void) { fault_exit(); }
extern "C" void SecureFault_Handler(void) { fault_exit(); }

void log_status(const char* what, const rt::Status& s, const rt::Method* m) {
  char line[200];
  rt::format_status(s, line, sizeof line);
  LOG('E', "%s: %s", what, line);
  if (m && m->last_error()[0]) LOG('E', "%s", m->last_error());
  if (ethos_u_backend.detail()[0]) LOG('E', "%s", ethos_u_backend.detail());
}

struct Args {
  const char* model = nullptr;
  const char* inputs[16] = {};
  int num_inputs = 0;
  const char* outbase = nullptr;
  uintptr_t model_addr = kDefaultModelAddress;
  size_t model_size = 0;
  bool model_size_given = false;  // --model-size (0 then means an empty model, not "unknown")
  bool tensor_markers = false;    // --tensor-markers: describe every argument (corsim --dump-tensors)
};

char cmdline[1024];

bool parse_args(Args& a) {
  runner::get_cmdline(cmdline, sizeof cmdline);
  char* tok[64];
  int n = 0;
  for (char* p = std::strtok(cmdline, " \t"); p && n < 64; p = std::strtok(nullptr, " \t")) tok[n++] = p;
  for (int i = 0; i < n; ++i) {
    const bool has = i + 1 < n;
    if (!std::strcmp(tok[i], "-m") && has) {
      a.model = tok[++i];
    } else if (!std::strcmp(tok[i], "-i") && has) {
      if (a.num_inputs == 16) return false;
      a.inputs[a.num_inputs++] = tok[++i];
    } else if (!std::strcmp(tok[i], "-o") && has) {
      a.outbase = tok[++i];
    } else if (!std::strcmp(tok[i], "--model-addr") && has) {
      a.model_addr = std::strtoul(tok[++i], nullptr, 0);
    } else if (!std::strcmp(tok[i], "--model-size") && has) {
      a.model_size = std::strtoul(tok[++i], nullptr, 0);
      a.model_size_given = true;
    } else if (!std::strcmp(tok[i], "--tensor-markers")) {
      a.tensor_markers = true;
    } else if (!std::strcmp(tok[i], "--server_mode") && has) {
      ++i;  // accepted, ignored (single run)
    } else if (tok[i][0] == '-') {
      LOG('E', "unknown runner option '%s'", tok[i]);
      return false;
    }
    // Anything else (argv[0]) is ignored.
  }
  return true;
}

void fill_ones(rt::Tensor& t) {
  const size_t n = t.numel();
  switch (t.scalar_type()) {
    case rt::ScalarType::kFloat:
      for (size_t i = 0; i < n; ++i) t.data_as<float>()[i] = 1.0f;
      break;
    case rt::ScalarType::kDouble:
      for (size_t i = 0; i < n; ++i) t.data_as<double>()[i] = 1.0;
      break;
    case rt::ScalarType::kInt:
      for (size_t i = 0; i < n; ++i) t.data_as<int32_t>()[i] = 1;
      break;
    case rt::ScalarType::kLong:
      for (size_t i = 0; i < n; ++i) t.data_as<int64_t>()[i] = 1;
      break;
    case rt::ScalarType::kShort:
      for (size_t i = 0; i < n; ++i) t.data_as<int16_t>()[i] = 1;
      break;
    default:  // Char, Byte, Bool
      std::memset(t.data(), 1, n * t.element_size());
      break;
  }
}

void print_output(size_t i, const rt::Tensor& t) {
  const size_t n = t.numel();
  size_t best = 0;
  for (size_t j = 0; j < n; ++j) {
    switch (t.scalar_type()) {
      case rt::ScalarType::kFloat: {
        const float v = t.data_as<const float>()[j];
        LOG('I', "Output[%u][%u]: (float) %f", unsigned(i), unsigned(j), double(v));
        if (v > t.data_as<const float>()[best]) best = j;
        break;
      }
      case rt::ScalarType::kChar:
        LOG('I', "Output[%u][%u]: (char) %d", unsigned(i), unsigned(j), int(t.data_as<const int8_t>()[j]));
        if (t.data_as<const int8_t>()[j] > t.data_as<const int8_t>()[best]) best = j;
        break;
      case rt::ScalarType::kInt:
        LOG('I', "Output[%u][%u]: (int) %ld", unsigned(i), unsigned(j), long(t.data_as<const int32_t>()[j]));
        if (t.data_as<const int32_t>()[j] > t.data_as<const int32_t>()[best]) best = j;
        break;
      default:
        LOG('I', "Output[%u][%u]: (type %d) not printed", unsigned(i), unsigned(j), int(t.scalar_type()));
        break;
    }
  }
  if (n > 1) LOG('I', "Output[%u] argmax: %u", unsigned(i), unsigned(best));
}

const char* ratio(uint64_t part, uint64_t total, char* buf) {
  if (total == 0) return "?.??";
  std::snprintf(buf, 16, "%.2f", 100.0 * double(part) / double(total));
  return buf;
}

rt::KernelRegistry kernels;
rt::BackendRegistry backends;
pte::Program program;
rt::Method method;

// True when some execution plan has an EthosUBackend delegate.
bool uses_ethos_u(const pte::Program& program) {
  for (uint32_t p = 0; p < program.num_execution_plans(); ++p) {
    const auto* delegates = program.execution_plan(p).delegates();
    for (uint32_t d = 0; delegates != nullptr && d < delegates->size(); ++d) {
      if (std::strcmp(delegates->Get(d)->id()->c_str(), ethos_u::EthosUBackend::kId) == 0) return true;
    }
  }
  return false;
}

}  // namespace

int main() {
  // Caches on, as a performance build of the Corstone-300/320 runner starts (the platform's
  // CPU_CACHE_ENABLE): code and data outside the TCMs (DDR model and pools, SRAM scratch) are
  // cached; the NPU port cleans/invalidates the D-cache around each job.
  platform_enable_caches();
  if (reinterpret_cast<uintptr_t>(ddr.model) != kDefaultModelAddress) {
    LOG('F', "model slot at %p, expected 0x%08x (linker placement)", static_cast<void*>(ddr.model),
        unsigned(kDefaultModelAddress));
    finish(kExitFailure);
  }
  Args args;
  if (!parse_args(args)) finish(kExitBadOption);

  const uint8_t* model = nullptr;
  size_t model_size = 0;
  if (args.model) {
    const long n = runner::read_file(args.model, ddr.model, kModelSlotSize);
    if (n < 0) {
      LOG('E', "cannot read model '%s' (%s)", args.model, n == -2 ? "larger than the model slot" : "semihosting open/read failed");
      finish(kExitModelLoad);
    }
    model = ddr.model;
    model_size = size_t(n);
  } else {
    model = reinterpret_cast<const uint8_t*>(args.model_addr);
    model_size = args.model_size_given ? args.model_size : kModelSlotSize;
  }
  if (model_size == 0) {
    LOG('E', "the model %s%s is empty (0 bytes)", args.model ? "file " : "at --model-addr", args.model ? args.model : "");
    finish(kExitModelLoad);
  }
  LOG('I', "PTE @ %p [----%c%c%c%c]", static_cast<const void*>(model), model[4], model[5], model[6], model[7]);

  rt::Bytes program_bytes(model, model_size);
  const bool bundled = runner::is_bundled_program(model, model_size);
  if (bundled) {
    if (!bundle.open(model, model_size, "forward", kBundleTestCase)) {
      LOG('E', "%s", bundle.error());
      finish(kExitModelLoad);
    }
    program_bytes = bundle.program();
  }
  rt::Status s = pte::Program::load(program_bytes, program);
  if (!s.ok()) {
    log_status("Program loading failed", s, nullptr);
    finish(kExitModelLoad);
  }
  LOG('I', "Model buffer loaded.");

  // The NPU is brought up only for a program that delegates to it: a CPU-only program never
  // touches the NPU's registers (so it also runs where the NPU is not modelled yet).
  if (uses_ethos_u(program)) {
    NVIC_ISER(kNpuIrq / 32) = 1u << (kNpuIrq % 32);
#if PLATFORM_NPU_FAST_SCRATCH_SIZE > 0
    npu_driver.set_fast_memory(static_cast<uint32_t>(reinterpret_cast<uintptr_t>(ethosu_fast_scratch)),
                               sizeof ethosu_fast_scratch);
#endif
    s = npu_driver.init();
    if (!s.ok()) {
      LOG('W', "Ethos-U not available: %s", npu_driver.detail());
    } else {
      LOG('I', "Ethos-U: ID 0x%08" PRIx32 ", CONFIG 0x%08" PRIx32, npu_driver.hw_id(), npu_driver.hw_config());
    }
  }
  ethos_u_backend.set_npu_hook(npu_hook, nullptr);

  rt::kernels::register_all_kernels(kernels);
  backends.register_backend(ethos_u::EthosUBackend::kId, &ethos_u_backend);

  const char* method_name = "forward";
  const pte::fb::ExecutionPlan* plan = program.method(method_name);
  if (plan == nullptr) {
    LOG('E', "Program has no method 'forward'");
    finish(kExitModelLoad);
  }
  LOG('I', "Running method %s", method_name);
  static rt::MemoryAllocator method_alloc(ddr.method_pool, kMethodPoolSize);
  static rt::Span<uint8_t> spans[16];
  size_t nspans = 0;
  s = rt::allocate_planned_buffers(*plan, method_alloc, spans, 16, nspans);
  if (!s.ok()) {
    log_status("Planned memory does not fit the method allocator", s, nullptr);
    finish(kExitModelLoad);
  }
  const size_t planned_bytes = method_alloc.used();
  static rt::HierarchicalAllocator planned(spans, nspans);
  static rt::MemoryAllocator temp(tensor_arena, kTempPoolSize);
  s = method.load(program, method_name, {&method_alloc, &planned, &temp}, kernels, backends);
  if (!s.ok()) {
    log_status("Loading of method forward failed", s, &method);
    finish(kExitModelLoad);
  }
  LOG('I', "Method '%s' loaded.", method_name);
  const size_t loaded_bytes = method_alloc.used();

  // Inputs: the bundle's test case, else files from -i, else ones (ExecuTorch
  // arm_executor_runner.cpp).
  size_t input_pool_used = 0;
  if (bundled) LOG('I', "Input testset[%d] from bundled bpte", int(kBundleTestCase));
  for (size_t i = 0; i < method.num_inputs(); ++i) {
    rt::Tensor* t = method.input_tensor(i);
    if (t == nullptr) continue;
    if (bundled) {
      const uint8_t* bytes = nullptr;
      size_t n = 0;
      if (!bundle.input(i, bytes, n)) {
        LOG('E', "%s", bundle.error());
        finish(kExitModelLoad);
      }
      if (n != t->nbytes() || input_pool_used + n > kInputPoolSize) {
        LOG('E', "bundled input %u has %u bytes, the tensor needs %u", unsigned(i), unsigned(n), unsigned(t->nbytes()));
        finish(kExitModelLoad);
      }
      uint8_t* buf = ddr.input_pool + input_pool_used;
      std::memcpy(buf, bytes, n);
      input_pool_used += (n + 15) & ~size_t(15);
      s = method.set_input(i, buf, n);
    } else if (static_cast<int>(i) < args.num_inputs) {
      uint8_t* buf = ddr.input_pool + input_pool_used;
      const long n = runner::read_file(args.inputs[i], buf, kInputPoolSize - input_pool_used);
      if (n < 0) {
        LOG('E', "cannot read input %u from '%s'", unsigned(i), args.inputs[i]);
        finish(kExitModelLoad);
      }
      if (size_t(n) != t->nbytes()) {
        LOG('E', "input %u: file '%s' has %ld bytes, the tensor needs %u", unsigned(i), args.inputs[i], n,
            unsigned(t->nbytes()));
        finish(kExitModelLoad);
      }
      input_pool_used += (size_t(n) + 15) & ~size_t(15);
      s = method.set_input(i, buf, size_t(n));
    } else {
      if (t->data() == nullptr) {
        void* buf = method_alloc.allocate(t->nbytes(), 16);
        if (buf == nullptr) {
          LOG('E', "no memory for input %u", unsigned(i));
          finish(kExitModelLoad);
        }
        t->set_data(buf);
      }
      fill_ones(*t);
    }
    if (!s.ok()) {
      log_status("Setting the input failed", s, &method);
      finish(kExitModelLoad);
    }
  }
  LOG('I', "Input prepared.");

  static TensorMarkerObserver tensor_observer(method);
  if (args.tensor_markers) {
    method.set_observer(&tensor_observer);
  } else {
    method.set_observer(&observer);
  }
  cycles_start();
  LOG('I', "Starting running 1 inferences...");
  markers.word(trace::kPortRun, 1);
  const uint32_t t0 = cycles_now();
  s = method.execute();
  const uint32_t total = cycles_now() - t0;
  markers.word(trace::kPortRun, 0);
  if (!s.ok()) {
    log_status("Execution of method forward failed", s, &method);
    finish(kExitModelRun);
  }

  // The perf monitor's report (ExecuTorch arm_perf_monitor.cpp StopMeasurements).
  char b1[16], b2[16];
  LOG('I', "NPU Inferences : %d", 1);
  LOG('I', "NPU delegations: %u (%.2f per inference)", unsigned(profile.delegations), double(profile.delegations));
  LOG('I', "Profiler report, CPU cycles per operator:");
  LOG('I', "ethos-u : cycle_cnt : %llu cycles (%llu per inference)", (unsigned long long)profile.delegate_cycles,
      (unsigned long long)profile.delegate_cycles);
  LOG('I', "Operator(s) total: %llu CPU cycles (%llu per inference)", (unsigned long long)profile.operator_cycles,
      (unsigned long long)profile.operator_cycles);
  LOG('I', "Inference runtime: %" PRIu32 " CPU cycles total (%" PRIu32 " per inference)", total, total);
  LOG('I', "NOTE: CPU cycle values and ratio calculations require FPGA and identical CPU/NPU frequency");
  LOG('I', "Inference CPU ratio: %s %%", ratio(total - (unsigned long long)profile.npu_wait, total, b1));
  LOG('I', "Inference NPU ratio: %s %%", ratio((unsigned long long)profile.npu_wait, total, b2));
  LOG('I', "cpu_wait_for_npu_cntr : %llu CPU cycles (%llu per inference)", (unsigned long long)profile.npu_wait,
      (unsigned long long)profile.npu_wait);
  LOG('I', "Ethos-U PMU report:");
  LOG('I', "ethosu_pmu_cycle_cntr : %llu (%llu per inference)", (unsigned long long)profile.pmu.cycles, (unsigned long long)profile.pmu.cycles);
  for (uint32_t i = 0; i < profile.pmu.num_events; ++i)
    LOG('I', "ethosu_pmu_cntr%d : %" PRIu32 " (%" PRIu32 " per inference)", int(i), profile.pmu.events[i],
        profile.pmu.events[i]);
  // "Ethos-U PMU Events:[A, B, ...]" with the NPU's event names (U55: 4, U85: 7;
  // arm_perf_monitor.cpp).
  if (const ethos_u::NpuLayout* l = npu_driver.layout()) {
    std::printf("I [executorch:arm_executor_runner.cpp:%d %s()] Ethos-U PMU Events:[", __LINE__, __func__);
    for (uint32_t i = 0; i < l->num_events; ++i) std::printf("%s%s", i ? ", " : "", l->event_names[i]);
    std::printf("]\n");
  }
  LOG('I', "1 inferences finished");

  LOG('I', "%u outputs: ", unsigned(method.num_outputs()));
  for (size_t i = 0; i < method.num_outputs(); ++i) {
    const rt::Tensor* t = method.output_tensor(i);
    if (t == nullptr) continue;
    print_output(i, *t);
    if (args.outbase) {
      char name[256];
      std::snprintf(name, sizeof name, "%s-%u.bin", args.outbase, unsigned(i));
      if (!runner::write_file(name, t->data(), t->nbytes())) {
        LOG('E', "cannot write output %u to '%s'", unsigned(i), name);
        finish(kExitModelRun);
      }
      LOG('I', "Output %u written to %s", unsigned(i), name);
    }
  }
  if (bundled) {
    // ExecuTorch's verify_result (arm_executor_runner.cpp), tolerances ET_ATOL/ET_RTOL's defaults.
    runner::Bundle::Stats stats;
    if (bundle.verify(method, kBundleRtol, kBundleAtol, stats)) {
      LOG('I', "=== Error stats for testset %d ===", int(kBundleTestCase));
      LOG('I', " max_absolute_error:  %f", stats.max_abs_error);
      LOG('I', " max_relative_error:  %f", stats.max_rel_error);
      LOG('I', "Model output match expected BundleIO bpte ref data.");
      LOG('I', "TEST: BundleIO index[%d] Test_result: PASS", int(kBundleTestCase));
    } else {
      LOG('E', "Model output don't match expected BundleIO bpte ref data. rtol=%f atol=%f", kBundleRtol, kBundleAtol);
      LOG('E', "%s", bundle.error());
      LOG('E', "TEST: BundleIO index[%d] Test_result: FAIL", int(kBundleTestCase));
      LOG('I', "Model run: %d", 0);
      finish(kExitFailure);
    }
  }
  LOG('I', "Model run: %d", 1);
  LOG('I', "model_pte_program_size:     %u bytes.", unsigned(model_size));
  LOG('I', "model_pte_loaded_size:      %u bytes.", unsigned(model_size));
  LOG('I', "method_allocator_used:     %u / %u  free: %u ( used: %u %% ) ", unsigned(method_alloc.used()),
      unsigned(kMethodPoolSize), unsigned(kMethodPoolSize - method_alloc.used()),
      unsigned(100.0 * double(method_alloc.used()) / double(kMethodPoolSize)));
  LOG('I', "method_allocator_planned:  %u bytes", unsigned(planned_bytes));
  LOG('I', "method_allocator_loaded:   %u bytes", unsigned(loaded_bytes - planned_bytes));
  LOG('I', "method_allocator_input:    %u bytes", unsigned(method_alloc.used() - loaded_bytes));
  LOG('I', "method_allocator_executor: %u bytes", 0u);
  LOG('I', "temp_allocator:            %u", unsigned(kTempPoolSize));
  LOG('I', "Program complete, exiting.");
  finish(kExitOk);
}
