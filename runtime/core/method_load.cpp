// Method::load: values, planned memory, delegates, operators, chains (ExecuTorch
// runtime/executor/method.cpp Method::init).
#include <cstring>

#include "runtime/core/method.h"
#include "runtime/core/text.h"

namespace corsim::rt {

namespace fb = pte::fb;

namespace {

template <class V>
uint32_t count(const V* v) {
  return v == nullptr ? 0 : v->size();
}

}  // namespace

const char* instruction_kind_name(InstructionKind k) {
  switch (k) {
    case InstructionKind::kKernelCall: return "KernelCall";
    case InstructionKind::kDelegateCall: return "DelegateCall";
    case InstructionKind::kMoveCall: return "MoveCall";
    case InstructionKind::kJumpFalseCall: return "JumpFalseCall";
    case InstructionKind::kFreeCall: return "FreeCall";
  }
  return "?";
}

size_t planned_buffer_count(const fb::ExecutionPlan& plan) {
  const uint32_t n = count(plan.non_const_buffer_sizes());
  return n == 0 ? 0 : n - 1;  // entry 0 is reserved (ET method_meta.cpp num_memory_planned_buffers)
}

uint64_t planned_buffer_size(const fb::ExecutionPlan& plan, uint32_t memory_id) {
  if (memory_id == 0 || memory_id >= count(plan.non_const_buffer_sizes())) return 0;
  return static_cast<uint64_t>(plan.non_const_buffer_sizes()->Get(memory_id));
}

Status allocate_planned_buffers(const fb::ExecutionPlan& plan, MemoryAllocator& pool, Span<uint8_t>* spans,
                                size_t cap, size_t& n) {
  n = 0;
  const size_t buffers = planned_buffer_count(plan);
  if (buffers > cap) return make_error(Error::kOutOfMemory, "plan has more planned buffers than the span array holds");
  for (size_t id = 1; id <= buffers; ++id) {
    const uint64_t size = planned_buffer_size(plan, static_cast<uint32_t>(id));
    void* p = size > SIZE_MAX ? nullptr : pool.allocate(static_cast<size_t>(size));
    if (p == nullptr && size != 0) {
      return make_error(Error::kOutOfMemory, "pool too small for this planned buffer", "planned buffer",
                        static_cast<int64_t>(id));
    }
    spans[n++] = Span<uint8_t>(static_cast<uint8_t*>(p), static_cast<size_t>(size));
  }
  return ok_status();
}

Status Method::fail(Error code, const char* what, const char* item, int64_t index) {
  Status s = make_error(code, what, item, index);
  if (what != detail_) TextBuilder(detail_, sizeof(detail_)).put(what);
  return s;
}

Status Method::load(const pte::Program& program, const char* method_name, const MemoryManager& memory,
                    const KernelRegistry& kernels, const BackendRegistry& backends) {
  destroy();
  detail_[0] = '\0';
  if (!program.loaded()) return fail(Error::kInvalidState, "program is not loaded");
  const fb::ExecutionPlan* plan = program.method(method_name);
  if (plan == nullptr) {
    TextBuilder(detail_, sizeof(detail_)).put("program has no method named \"").put(method_name).put("\"");
    return fail(Error::kNotFound, detail_);
  }
  if (memory.method_allocator == nullptr) return fail(Error::kInvalidArgument, "no method allocator given");
  program_ = &program;
  plan_ = plan;
  memory_ = memory;
  kernels_ = &kernels;
  backends_ = &backends;

  Status s = check_planned_memory();
  if (s.ok()) s = parse_values();
  if (s.ok()) s = resolve_operators();
  if (s.ok()) s = init_delegates();
  if (s.ok()) s = build_chains();
  if (!s.ok()) destroy();
  return s;
}

void Method::destroy() {
  for (size_t i = 0; i < num_delegates_; ++i) {
    if (delegates_[i].backend != nullptr) delegates_[i].backend->destroy(delegates_[i].handle);
  }
  program_ = nullptr;
  plan_ = nullptr;
  values_ = nullptr;
  num_values_ = 0;
  operators_ = nullptr;
  delegates_ = nullptr;
  num_delegates_ = 0;
  chains_ = nullptr;
  num_chains_ = 0;
}

Status Method::check_planned_memory() {
  const size_t needed = planned_buffer_count(*plan_);
  const size_t given = memory_.planned_memory == nullptr ? 0 : memory_.planned_memory->num_buffers();
  if (given < needed) {
    TextBuilder(detail_, sizeof(detail_))
        .put("the program plans ").put_int(static_cast<int64_t>(needed))
        .put(" memory buffer(s) but the planned-memory pools provide ").put_int(static_cast<int64_t>(given));
    return fail(Error::kOutOfMemory, detail_);
  }
  for (size_t k = 0; k < needed; ++k) {
    const uint32_t id = static_cast<uint32_t>(k + 1);
    const uint64_t size = planned_buffer_size(*plan_, id);
    const size_t have = memory_.planned_memory->buffer(k).size();
    if (have < size) {
      TextBuilder(detail_, sizeof(detail_))
          .put("planned buffer ").put_int(id).put(" needs ").put_int(static_cast<int64_t>(size))
          .put(" bytes but its pool has ").put_int(static_cast<int64_t>(have));
      return fail(Error::kOutOfMemory, detail_, "planned buffer", id);
    }
  }
  return ok_status();
}

Status Method::parse_tensor(const fb::Tensor& t, uint32_t index, Tensor*& out) {
  const uint32_t rank = count(t.sizes());
  if (rank > kMaxDims) return fail(Error::kNotSupported, "tensor rank exceeds the runtime's kMaxDims", "value", index);
  // The runtime limits of ExecuTorch runtime/executor/tensor_parser_portable.cpp.
  if (t.storage_offset() != 0) return fail(Error::kNotSupported, "tensor storage_offset must be 0", "value", index);
  if (t.shape_dynamism() == fb::TensorShapeDynamism::DYNAMIC_UNBOUND) {
    return fail(Error::kNotSupported, "DYNAMIC_UNBOUND tensors are not supported", "value", index);
  }
  const ScalarType type = static_cast<ScalarType>(static_cast<int8_t>(t.scalar_type()));
  if (scalar_type_size(type) == 0) return fail(Error::kNotSupported, "tensor element type not supported", "value", index);

  Tensor* tensor = memory_.method_allocator->allocate_array<Tensor>(1);
  if (tensor == nullptr) return fail(Error::kOutOfMemory, "method allocator pool too small for the tensors", "value", index);
  int32_t sizes[kMaxDims] = {};
  uint8_t order[kMaxDims] = {};
  for (uint32_t k = 0; k < rank; ++k) {
    sizes[k] = t.sizes()->Get(k);
    order[k] = t.dim_order()->Get(k);
  }
  *tensor = Tensor();
  if (!tensor->init(type, rank, sizes, order, nullptr)) {
    return fail(Error::kInvalidProgram, "tensor has invalid sizes or dim_order", "value", index);
  }
  const uint64_t nbytes = tensor->nbytes();
  const pte::TensorData d = pte::tensor_data(t);
  switch (d.kind) {
    case pte::TensorDataKind::kPlanned:
    case pte::TensorDataKind::kPlannedMutable: {
      uint8_t* p = memory_.planned_memory->planned_address(d.memory_id, d.memory_offset, nbytes);
      if (p == nullptr) return fail(Error::kOutOfMemory, "planned tensor lies outside its planned buffer", "value", index);
      if (d.kind == pte::TensorDataKind::kPlannedMutable) {
        Bytes init;
        Status s = program_->mutable_data(d.data_buffer_idx, nbytes, init);
        if (!s.ok()) return fail(s.code, s.what, "value", index);
        std::memcpy(p, init.data(), init.size());
      }
      tensor->set_data(p);
      break;
    }
    case pte::TensorDataKind::kConstant: {
      Bytes data;
      Status s = program_->constant_data(d.data_buffer_idx, nbytes, data);
      if (!s.ok()) return fail(s.code, s.what, "value", index);
      // Constants stay in the program buffer; kernels only read their inputs.
      tensor->set_data(const_cast<uint8_t*>(data.data()));
      break;
    }
    case pte::TensorDataKind::kExternal:
      return fail(Error::kNotSupported, "EXTERNAL tensor data (.ptd) is not supported", "value", index);
    case pte::TensorDataKind::kUnplanned:
      break;
  }
  // Kernels access elements through typed pointers: the data must be aligned to the element size.
  if (reinterpret_cast<uintptr_t>(tensor->data()) % tensor->element_size() != 0) {
    return fail(Error::kInvalidProgram, "tensor data is not aligned to its element size", "value", index);
  }
  out = tensor;
  return ok_status();
}

Status Method::parse_values() {
  MemoryAllocator& alloc = *memory_.method_allocator;
  num_values_ = count(plan_->values());
  values_ = alloc.allocate_array<EValue>(num_values_);
  if (values_ == nullptr && num_values_ != 0) return fail(Error::kOutOfMemory, "method allocator pool too small for the values");
  for (size_t i = 0; i < num_values_; ++i) values_[i] = EValue();

  for (uint32_t i = 0; i < num_values_; ++i) {
    const fb::EValue* v = plan_->values()->Get(i);
    switch (v->val_type()) {
      case fb::KernelTypes::Null: values_[i] = EValue(); break;
      case fb::KernelTypes::Int: values_[i] = EValue::from_int(v->val_as_Int()->int_val()); break;
      case fb::KernelTypes::Bool: values_[i] = EValue::from_bool(v->val_as_Bool()->bool_val()); break;
      case fb::KernelTypes::Double: values_[i] = EValue::from_double(v->val_as_Double()->double_val()); break;
      case fb::KernelTypes::String: {
        const flatbuffers::String* s = v->val_as_String()->string_val();
        values_[i] = EValue::from_string(s->c_str(), s->size());
        break;
      }
      case fb::KernelTypes::Tensor: {
        Tensor* t = nullptr;
        Status s = parse_tensor(*v->val_as_Tensor(), i, t);
        if (!s.ok()) return s;
        values_[i] = EValue::from_tensor(t);
        break;
      }
      case fb::KernelTypes::IntList: {
        const auto* items = v->val_as_IntList()->items();
        const uint32_t n = count(items);
        EValue** boxed = alloc.allocate_array<EValue*>(n);
        int64_t* scratch = alloc.allocate_array<int64_t>(n);
        if (n != 0 && (boxed == nullptr || scratch == nullptr)) {
          return fail(Error::kOutOfMemory, "method allocator pool too small for the lists", "value", i);
        }
        for (uint32_t k = 0; k < n; ++k) boxed[k] = &values_[items->Get(k)];
        values_[i] = EValue::from_int_list(BoxedIntList{boxed, scratch, n});
        break;
      }
      case fb::KernelTypes::DoubleList: {
        const auto* items = v->val_as_DoubleList()->items();
        values_[i] = EValue::from_double_list(items == nullptr ? nullptr : items->data(), count(items));
        break;
      }
      case fb::KernelTypes::BoolList: {
        const auto* items = v->val_as_BoolList()->items();
        values_[i] = EValue::from_bool_list(
            items == nullptr ? nullptr : reinterpret_cast<const uint8_t*>(items->data()), count(items));
        break;
      }
      case fb::KernelTypes::TensorList:
      case fb::KernelTypes::OptionalTensorList: {
        const bool optional = v->val_type() == fb::KernelTypes::OptionalTensorList;
        const auto* items = optional ? v->val_as_OptionalTensorList()->items() : v->val_as_TensorList()->items();
        const uint32_t n = count(items);
        EValue** boxed = alloc.allocate_array<EValue*>(n);
        if (n != 0 && boxed == nullptr) return fail(Error::kOutOfMemory, "method allocator pool too small for the lists", "value", i);
        for (uint32_t k = 0; k < n; ++k) {
          const int32_t item = items->Get(k);
          boxed[k] = item < 0 ? nullptr : &values_[item];
        }
        values_[i] = EValue::from_tensor_list(BoxedTensorList{boxed, n}, optional);
        break;
      }
      default:
        return fail(Error::kInvalidProgram, "value has an unknown type", "value", i);
    }
  }
  return ok_status();
}

Status Method::resolve_operators() {
  const uint32_t n = count(plan_->operators());
  operators_ = memory_.method_allocator->allocate_array<KernelFn>(n);
  if (operators_ == nullptr && n != 0) return fail(Error::kOutOfMemory, "method allocator pool too small for the operator table");
  // Every missing operator is counted; the first one is named in the error (ExecuTorch method.cpp
  // init logs each and fails with OperatorMissing).
  uint32_t missing = 0;
  int64_t first = -1;
  for (uint32_t i = 0; i < n; ++i) {
    const fb::Operator* op = plan_->operators()->Get(i);
    const flatbuffers::String* ov = op->overload();
    operators_[i] = kernels_->find(op->name()->c_str(), op->name()->size(), ov == nullptr ? "" : ov->c_str(),
                                   ov == nullptr ? 0 : ov->size());
    if (operators_[i] == nullptr) {
      if (first < 0) first = i;
      ++missing;
    }
  }
  if (missing == 0) return ok_status();
  const fb::Operator* op = plan_->operators()->Get(static_cast<uint32_t>(first));
  TextBuilder t(detail_, sizeof(detail_));
  t.put("no kernel registered for operator ").put(op->name()->c_str());
  if (op->overload() != nullptr && op->overload()->size() != 0) t.put(".").put(op->overload()->c_str());
  if (missing > 1) t.put(" (").put_int(missing).put(" operators missing)");
  return fail(Error::kMissingKernel, detail_, "operator", first);
}

Status Method::init_delegates() {
  num_delegates_ = 0;
  const uint32_t n = count(plan_->delegates());
  delegates_ = memory_.method_allocator->allocate_array<Delegate>(n);
  if (delegates_ == nullptr && n != 0) return fail(Error::kOutOfMemory, "method allocator pool too small for the delegates");
  for (uint32_t i = 0; i < n; ++i) {
    const fb::BackendDelegate* d = plan_->delegates()->Get(i);
    BackendInterface* backend = backends_->find(d->id()->c_str(), d->id()->size());
    if (backend == nullptr || !backend->is_available()) {
      TextBuilder(detail_, sizeof(detail_))
          .put("backend ").put(d->id()->c_str()).put(backend == nullptr ? " is not registered" : " is not available");
      return fail(Error::kMissingBackend, detail_, "delegate", i);
    }
    Bytes processed;
    Status s = program_->delegate_data(*d, processed);
    if (!s.ok()) return fail(s.code, s.what, "delegate", i);
    const uint32_t nspecs = count(d->compile_specs());
    CompileSpec* specs = memory_.method_allocator->allocate_array<CompileSpec>(nspecs);
    if (specs == nullptr && nspecs != 0) return fail(Error::kOutOfMemory, "method allocator pool too small for compile specs", "delegate", i);
    for (uint32_t k = 0; k < nspecs; ++k) {
      const fb::CompileSpec* cs = d->compile_specs()->Get(k);
      specs[k].key = cs->key()->c_str();
      specs[k].value = cs->value() == nullptr ? Bytes() : Bytes(cs->value()->data(), cs->value()->size());
    }
    BackendInitContext ctx;
    ctx.runtime_allocator = memory_.method_allocator;
    ctx.method_name = plan_->name()->c_str();
    ctx.program = program_;
    ctx.delegate_index = i;
    DelegateHandle* handle = nullptr;
    s = backend->init(ctx, processed, Span<const CompileSpec>(specs, nspecs), &handle);
    if (!s.ok()) {
      TextBuilder t(detail_, sizeof(detail_));
      t.put("backend ").put(d->id()->c_str()).put(" init failed: ").put(error_name(s.code)).put(": ").put(s.what);
      return fail(s.code, detail_, "delegate", i);
    }
    delegates_[i] = Delegate{backend, handle};
    num_delegates_ = i + 1;
  }
  return ok_status();
}

Status Method::build_args(const flatbuffers::Vector<int32_t>* args, Instruction& ins) {
  const uint32_t n = count(args);
  ins.args = memory_.method_allocator->allocate_array<EValue*>(n);
  if (ins.args == nullptr && n != 0) return fail(Error::kOutOfMemory, "method allocator pool too small for argument lists");
  for (uint32_t k = 0; k < n; ++k) ins.args[k] = &values_[args->Get(k)];
  ins.num_args = n;
  return ok_status();
}

Status Method::build_chains() {
  num_chains_ = count(plan_->chains());
  chains_ = memory_.method_allocator->allocate_array<Chain>(num_chains_);
  if (chains_ == nullptr && num_chains_ != 0) return fail(Error::kOutOfMemory, "method allocator pool too small for the chains");
  for (uint32_t c = 0; c < num_chains_; ++c) {
    const fb::Chain* chain = plan_->chains()->Get(c);
    const uint32_t n = count(chain->instructions());
    Instruction* ins = memory_.method_allocator->allocate_array<Instruction>(n);
    if (ins == nullptr && n != 0) return fail(Error::kOutOfMemory, "method allocator pool too small for the instructions");
    chains_[c] = Chain{ins, n};
    for (uint32_t i = 0; i < n; ++i) {
      const fb::Instruction* fi = chain->instructions()->Get(i);
      Instruction& out = ins[i];
      out = Instruction{InstructionKind::kKernelCall, 0, 0, nullptr, nullptr, 0};
      Status s = ok_status();
      switch (fi->instr_args_type()) {
        case fb::InstructionArguments::KernelCall: {
          const fb::KernelCall* k = fi->instr_args_as_KernelCall();
          out.kind = InstructionKind::kKernelCall;
          out.target = static_cast<uint32_t>(k->op_index());
          out.kernel = operators_[out.target];
          s = build_args(k->args(), out);
          break;
        }
        case fb::InstructionArguments::DelegateCall: {
          const fb::DelegateCall* d = fi->instr_args_as_DelegateCall();
          out.kind = InstructionKind::kDelegateCall;
          out.target = static_cast<uint32_t>(d->delegate_index());
          s = build_args(d->args(), out);
          break;
        }
        case fb::InstructionArguments::MoveCall:
          out.kind = InstructionKind::kMoveCall;
          out.target = static_cast<uint32_t>(fi->instr_args_as_MoveCall()->move_from());
          out.aux = static_cast<uint32_t>(fi->instr_args_as_MoveCall()->move_to());
          break;
        case fb::InstructionArguments::JumpFalseCall:
          out.kind = InstructionKind::kJumpFalseCall;
          out.target = static_cast<uint32_t>(fi->instr_args_as_JumpFalseCall()->cond_value_index());
          out.aux = static_cast<uint32_t>(fi->instr_args_as_JumpFalseCall()->destination_instruction());
          break;
        case fb::InstructionArguments::FreeCall:
          out.kind = InstructionKind::kFreeCall;
          out.target = static_cast<uint32_t>(fi->instr_args_as_FreeCall()->value_index());
          break;
        default:
          return fail(Error::kInvalidProgram, "instruction has an unknown type", "instruction", i);
      }
      if (!s.ok()) return s;
    }
  }
  return ok_status();
}

}  // namespace corsim::rt
