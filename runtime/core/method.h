// Method: one loaded execution plan, ready to run (ExecuTorch runtime/executor/method.cpp init,
// execute).
//
// load() builds every EValue from the method allocator, binds planned tensors to the caller's
// planned buffers (memory_id is 1-based: ExecuTorch tensor_parser_exec_aten.cpp getMemPlannedPtr),
// initialises each delegate through its registered backend, resolves every KernelCall's operator in
// the kernel registry and pre-builds each instruction's argument list. execute() then runs the
// chains: KernelCall, DelegateCall, MoveCall, JumpFalseCall and FreeCall, resetting the temp
// allocator after every instruction.
//
// Failures name what is wrong (a missing kernel or backend by name, which pool is too small); the
// text lives in the Method, so a returned Status stays readable while the Method exists.
#pragma once

#include <cstddef>
#include <cstdint>

#include "runtime/core/backend.h"
#include "runtime/core/evalue.h"
#include "runtime/core/kernel.h"
#include "runtime/core/memory.h"
#include "runtime/pte/program.h"

namespace corsim::rt {

enum class InstructionKind : uint8_t { kKernelCall, kDelegateCall, kMoveCall, kJumpFalseCall, kFreeCall };

const char* instruction_kind_name(InstructionKind k);

// What an observer (trace markers, profilers) learns about each executed instruction.
struct InstructionInfo {
  uint32_t chain = 0;
  uint32_t index = 0;                // instruction index within the chain
  InstructionKind kind = InstructionKind::kKernelCall;
  const char* name = nullptr;        // operator name ("aten::add") or backend id; NUL-terminated
  const char* overload = nullptr;    // operator overload ("out"), or nullptr
  uint32_t operator_index = 0;       // KernelCall: op_index; DelegateCall: delegate_index
};

class InstructionObserver {
 public:
  virtual void on_instruction_begin(const InstructionInfo& info) = 0;
  virtual void on_instruction_end(const InstructionInfo& info, const Status& status) = 0;

 protected:
  ~InstructionObserver() = default;
};

// Number of planned buffers a plan asks for (entries 1..N of non_const_buffer_sizes) and their sizes.
size_t planned_buffer_count(const pte::fb::ExecutionPlan& plan);
uint64_t planned_buffer_size(const pte::fb::ExecutionPlan& plan, uint32_t memory_id);

// Carves the plan's planned buffers out of one pool (what the Arm runner does with its method
// allocator: ExecuTorch examples/arm/executor_runner/arm_executor_runner.cpp runner_init); fills
// `spans` (capacity `cap`) and `count`. kOutOfMemory names the buffer that does not fit.
Status allocate_planned_buffers(const pte::fb::ExecutionPlan& plan, MemoryAllocator& pool, Span<uint8_t>* spans,
                                size_t cap, size_t& count);

class Method {
 public:
  static constexpr uint64_t kMaxInstructions = 10000000;  // ExecuTorch's ET_MAX_INSTRUCTIONS guard

  Method() = default;
  ~Method() { destroy(); }
  Method(const Method&) = delete;
  Method& operator=(const Method&) = delete;

  // Loads plan `method_name` of a loaded Program. The program buffer, the registries, the backends
  // and the memory pools must outlive the Method.
  Status load(const pte::Program& program, const char* method_name, const MemoryManager& memory,
              const KernelRegistry& kernels, const BackendRegistry& backends);
  // Destroys the delegates (backend destroy) and forgets the plan; the pools are the caller's.
  void destroy();
  bool loaded() const { return plan_ != nullptr; }

  const char* name() const;
  size_t num_values() const { return num_values_; }
  EValue& value(size_t i) { return values_[i]; }
  size_t num_inputs() const;
  size_t num_outputs() const;
  EValue& input(size_t i);
  const EValue& output(size_t i) const;
  // The tensor of input/output i, or nullptr if it is not a tensor.
  Tensor* input_tensor(size_t i);
  const Tensor* output_tensor(size_t i) const;

  // As ExecuTorch's Method::set_input: copies `nbytes` into a planned input; an unplanned input
  // aliases `data`.
  Status set_input(size_t i, const void* data, size_t nbytes);

  Status execute();

  void set_observer(InstructionObserver* observer) { observer_ = observer; }
  size_t num_chains() const { return num_chains_; }
  size_t num_instructions(size_t chain) const;
  InstructionInfo instruction_info(size_t chain, size_t index) const;
  // The arguments of an instruction (its EValues; none for a move, jump or free), for observers
  // that look at tensors (the runner's tensor markers).
  Span<EValue* const> instruction_args(size_t chain, size_t index) const;
  // The detail text of the last failure ("" if none).
  const char* last_error() const { return detail_; }

 private:
  struct Instruction {
    InstructionKind kind;
    uint32_t target;        // op index, delegate index, move_from, cond value, freed value
    uint32_t aux;           // move_to, jump destination
    KernelFn kernel;
    EValue** args;
    uint32_t num_args;
  };
  struct Chain {
    Instruction* instructions;
    uint32_t size;
  };
  struct Delegate {
    BackendInterface* backend;
    DelegateHandle* handle;
  };

  Status fail(Error code, const char* what, const char* item = nullptr, int64_t index = -1);
  Status check_planned_memory();
  Status parse_values();
  Status parse_tensor(const pte::fb::Tensor& t, uint32_t index, Tensor*& out);
  Status init_delegates();
  Status resolve_operators();
  Status build_chains();
  Status build_args(const flatbuffers::Vector<int32_t>* args, Instruction& ins);
  Status run_instruction(uint32_t chain, uint32_t& pc);
  Status wrap_failure(const Status& s, uint32_t chain, uint32_t pc);

  const pte::Program* program_ = nullptr;
  const pte::fb::ExecutionPlan* plan_ = nullptr;
  MemoryManager memory_;
  const KernelRegistry* kernels_ = nullptr;
  const BackendRegistry* backends_ = nullptr;
  InstructionObserver* observer_ = nullptr;

  EValue* values_ = nullptr;
  size_t num_values_ = 0;
  KernelFn* operators_ = nullptr;  // resolved kernel per operator index
  Delegate* delegates_ = nullptr;
  size_t num_delegates_ = 0;
  Chain* chains_ = nullptr;
  size_t num_chains_ = 0;
  char detail_[192] = {};
};

}  // namespace corsim::rt
