// Method execution and I/O (ExecuTorch runtime/executor/method.cpp set_input, execute,
// execute_instruction).
#include <cstring>

#include "runtime/core/method.h"
#include "runtime/core/text.h"

namespace corsim::rt {

namespace fb = pte::fb;

const char* Method::name() const { return plan_ == nullptr ? "" : plan_->name()->c_str(); }

size_t Method::num_inputs() const {
  return plan_ == nullptr || plan_->inputs() == nullptr ? 0 : plan_->inputs()->size();
}

size_t Method::num_outputs() const {
  return plan_ == nullptr || plan_->outputs() == nullptr ? 0 : plan_->outputs()->size();
}

EValue& Method::input(size_t i) { return values_[plan_->inputs()->Get(static_cast<uint32_t>(i))]; }

const EValue& Method::output(size_t i) const { return values_[plan_->outputs()->Get(static_cast<uint32_t>(i))]; }

Tensor* Method::input_tensor(size_t i) {
  if (i >= num_inputs()) return nullptr;
  EValue& v = input(i);
  return v.is_tensor() ? v.tensor_ptr() : nullptr;
}

const Tensor* Method::output_tensor(size_t i) const {
  if (i >= num_outputs()) return nullptr;
  const EValue& v = output(i);
  return v.is_tensor() ? v.tensor_ptr() : nullptr;
}

Status Method::set_input(size_t i, const void* data, size_t nbytes) {
  if (!loaded()) return fail(Error::kInvalidState, "method is not loaded");
  if (i >= num_inputs()) return fail(Error::kInvalidArgument, "input index out of range", "input", static_cast<int64_t>(i));
  Tensor* t = input_tensor(i);
  if (t == nullptr) return fail(Error::kInvalidArgument, "input is not a tensor", "input", static_cast<int64_t>(i));
  if (nbytes != t->nbytes()) {
    TextBuilder(detail_, sizeof(detail_))
        .put("input ").put_int(static_cast<int64_t>(i)).put(" takes ").put_int(static_cast<int64_t>(t->nbytes()))
        .put(" bytes, got ").put_int(static_cast<int64_t>(nbytes));
    return fail(Error::kInvalidArgument, detail_, "input", static_cast<int64_t>(i));
  }
  const uint32_t vi = plan_->inputs()->Get(static_cast<uint32_t>(i));
  const fb::Tensor* ft = plan_->values()->Get(vi)->val_as_Tensor();
  if (ft->allocation_info() != nullptr) {
    if (t->data() == nullptr && nbytes != 0) {
      return fail(Error::kInvalidState, "planned input was freed by a FreeCall", "input", static_cast<int64_t>(i));
    }
    if (nbytes != 0) std::memcpy(t->data(), data, nbytes);  // planned: copy (ET set_input)
  } else {
    if (reinterpret_cast<uintptr_t>(data) % t->element_size() != 0) {
      return fail(Error::kInvalidArgument, "input buffer is not aligned to the element size", "input", static_cast<int64_t>(i));
    }
    t->set_data(const_cast<void*>(data));  // unplanned: alias the caller's buffer
  }
  return ok_status();
}

size_t Method::num_instructions(size_t chain) const { return chain < num_chains_ ? chains_[chain].size : 0; }

InstructionInfo Method::instruction_info(size_t chain, size_t index) const {
  InstructionInfo info;
  info.chain = static_cast<uint32_t>(chain);
  info.index = static_cast<uint32_t>(index);
  const Instruction& ins = chains_[chain].instructions[index];
  info.kind = ins.kind;
  info.operator_index = ins.target;
  if (ins.kind == InstructionKind::kKernelCall) {
    const fb::Operator* op = plan_->operators()->Get(ins.target);
    info.name = op->name()->c_str();
    info.overload = op->overload() == nullptr ? nullptr : op->overload()->c_str();
  } else if (ins.kind == InstructionKind::kDelegateCall) {
    info.name = plan_->delegates()->Get(ins.target)->id()->c_str();
  } else {
    info.name = instruction_kind_name(ins.kind);
  }
  return info;
}

Span<EValue* const> Method::instruction_args(size_t chain, size_t index) const {
  const Instruction& ins = chains_[chain].instructions[index];
  if (ins.kind != InstructionKind::kKernelCall && ins.kind != InstructionKind::kDelegateCall) return {};
  return {ins.args, ins.num_args};
}

Status Method::wrap_failure(const Status& s, uint32_t chain, uint32_t pc) {
  // ExecuTorch's execute_instruction logs "KernelCall failed at instruction c:i in operator
  // name.overload".
  const InstructionInfo info = instruction_info(chain, pc);
  char inner[128];
  TextBuilder(inner, sizeof(inner)).put(s.what);
  TextBuilder t(detail_, sizeof(detail_));
  t.put(instruction_kind_name(info.kind)).put(" failed at instruction ").put_int(chain).put(":").put_int(pc);
  if (info.kind == InstructionKind::kKernelCall) {
    t.put(" in operator ").put(info.name);
    if (info.overload != nullptr && info.overload[0] != '\0') t.put(".").put(info.overload);
  } else if (info.kind == InstructionKind::kDelegateCall) {
    t.put(" in backend ").put(info.name);
  }
  t.put(": ").put(inner);
  Status out = s;
  out.what = detail_;
  out.item = nullptr;
  out.index = -1;
  return out;
}

Status Method::run_instruction(uint32_t chain, uint32_t& pc) {
  const Instruction& ins = chains_[chain].instructions[pc];
  uint32_t next = pc + 1;
  Status s = ok_status();
  switch (ins.kind) {
    case InstructionKind::kKernelCall: {
      KernelContext ctx(memory_.temp_allocator);
      ins.kernel(ctx, KernelArgs(ins.args, ins.num_args));
      s = ctx.status();
      break;
    }
    case InstructionKind::kDelegateCall: {
      BackendExecutionContext ctx;
      ctx.temp_allocator = memory_.temp_allocator;
      ctx.method_name = plan_->name()->c_str();
      ctx.delegate_index = ins.target;
      const Delegate& d = delegates_[ins.target];
      // Backends copy to and from every tensor argument: refuse ones without memory.
      for (uint32_t k = 0; k < ins.num_args && s.ok(); ++k) {
        const EValue* a = ins.args[k];
        if (a->is_tensor() && a->to_tensor().data() == nullptr && a->to_tensor().nbytes() != 0) {
          s = make_error(Error::kInvalidState, "a delegate tensor argument has no data (unplanned and never set, or freed)");
        }
      }
      if (s.ok()) s = d.backend->execute(ctx, d.handle, Span<EValue* const>(ins.args, ins.num_args));
      break;
    }
    case InstructionKind::kMoveCall:
      values_[ins.aux] = values_[ins.target];  // EValue copy: tensors alias (ET MoveCall)
      break;
    case InstructionKind::kJumpFalseCall: {
      const EValue& cond = values_[ins.target];
      bool value = true;
      if (cond.is_bool()) {
        value = cond.to_bool();
      } else if (cond.is_tensor() && cond.to_tensor().scalar_type() == ScalarType::kBool) {
        // A Bool tensor is false if any element is false (ExecuTorch method.cpp
        // execute_instruction, JumpFalseCall).
        const Tensor& t = cond.to_tensor();
        const uint8_t* p = t.data_as<const uint8_t>();
        for (size_t k = 0; k < t.numel(); ++k) value = value && p[k] != 0;
      } else {
        s = make_error(Error::kInvalidArgument, "JumpFalseCall condition is neither a Bool nor a Bool tensor");
        break;
      }
      if (!value) next = ins.aux;
      break;
    }
    case InstructionKind::kFreeCall: {
      EValue& v = values_[ins.target];
      if (!v.is_tensor()) {
        s = make_error(Error::kInvalidArgument, "FreeCall value is not a tensor");
        break;
      }
      v.to_tensor().set_data(nullptr);
      break;
    }
  }
  if (!s.ok()) return wrap_failure(s, chain, pc);
  pc = next;
  return ok_status();
}

Status Method::execute() {
  if (!loaded()) return fail(Error::kInvalidState, "method is not loaded");
  for (size_t i = 0; i < num_inputs(); ++i) {
    const Tensor* t = input_tensor(i);
    if (t != nullptr && t->data() == nullptr && t->nbytes() != 0) {
      return fail(Error::kInvalidState, "an input tensor has no data: call set_input first", "input",
                  static_cast<int64_t>(i));
    }
  }
  if (memory_.temp_allocator != nullptr) memory_.temp_allocator->reset();
  uint64_t executed = 0;
  for (uint32_t c = 0; c < num_chains_; ++c) {
    uint32_t pc = 0;
    while (pc < chains_[c].size) {
      if (++executed > kMaxInstructions) return fail(Error::kInvalidState, "instruction limit exceeded (10M)");
      const InstructionInfo info = observer_ != nullptr ? instruction_info(c, pc) : InstructionInfo{};
      if (observer_ != nullptr) observer_->on_instruction_begin(info);
      Status s = run_instruction(c, pc);
      if (observer_ != nullptr) observer_->on_instruction_end(info, s);
      // The temp allocator is reset after every instruction (ExecuTorch method.cpp execute).
      if (memory_.temp_allocator != nullptr) memory_.temp_allocator->reset();
      if (!s.ok()) return s;
    }
  }
  return ok_status();
}

}  // namespace corsim::rt
