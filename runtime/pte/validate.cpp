// Semantic validation of a verified program: every index the runtime will follow is checked here
// once (the tables of ExecuTorch schema/program.fbs), so executing or dumping a loaded Program
// needs no further bounds checks.
#include <cstring>

#include "runtime/pte/program.h"

namespace corsim::pte {

using rt::Error;
using rt::in_scope;

namespace {

Status invalid(const char* what, const char* item = nullptr, int64_t index = -1) {
  return rt::make_error(Error::kInvalidProgram, what, item, index);
}

template <class V>
uint32_t count(const V* v) {
  return v == nullptr ? 0 : v->size();
}

// The flatbuffers Verifier checks the alignment of a vector's length word (4) but not of its
// 8-byte elements; an unaligned int64/double load is undefined behaviour on the host and a
// UsageFault on Cortex-M (LDRD), so 8-byte vectors are checked here.
template <class T>
bool elements_aligned(const flatbuffers::Vector<T>* v) {
  static_assert(sizeof(T) == 8);
  return v == nullptr || v->size() == 0 || reinterpret_cast<uintptr_t>(v->Data()) % sizeof(T) == 0;
}

class PlanValidator {
 public:
  PlanValidator(const Program& program, const fb::ExecutionPlan& plan)
      : program_(program), plan_(plan), num_values_(count(plan.values())) {}

  Status run() {
    if (plan_.name() == nullptr) return invalid("execution plan has no name");
    Status s = check_buffer_sizes();
    if (!s.ok()) return s;
    for (uint32_t i = 0; i < num_values_; ++i) {
      s = check_value(i);
      if (!s.ok()) return s;
    }
    s = check_value_list(plan_.inputs(), "plan input");
    if (!s.ok()) return s;
    s = check_value_list(plan_.outputs(), "plan output");
    if (!s.ok()) return s;
    for (uint32_t i = 0; i < count(plan_.operators()); ++i) {
      const fb::Operator* op = plan_.operators()->Get(i);
      if (op->name() == nullptr || op->name()->size() == 0) return invalid("operator has no name", "operator", i);
    }
    for (uint32_t i = 0; i < count(plan_.delegates()); ++i) {
      s = check_delegate(i);
      if (!s.ok()) return s;
    }
    for (uint32_t c = 0; c < count(plan_.chains()); ++c) {
      s = in_scope(check_chain(*plan_.chains()->Get(c)), "chain", c);
      if (!s.ok()) return s;
    }
    return rt::ok_status();
  }

 private:
  bool value_in_range(int64_t v) const { return v >= 0 && v < num_values_; }

  fb::KernelTypes kind(int64_t v) const { return plan_.values()->Get(static_cast<uint32_t>(v))->val_type(); }

  Status check_buffer_sizes() {
    const auto* sizes = plan_.non_const_buffer_sizes();
    if (!elements_aligned(sizes)) return invalid("non_const_buffer_sizes is not 8-byte aligned");
    for (uint32_t i = 0; i < count(sizes); ++i) {
      if (sizes->Get(i) < 0) return invalid("negative planned buffer size", "non_const_buffer_sizes", i);
    }
    return rt::ok_status();
  }

  Status check_value_list(const flatbuffers::Vector<int32_t>* list, const char* item) {
    for (uint32_t i = 0; i < count(list); ++i) {
      if (!value_in_range(list->Get(i))) return invalid("value index out of range", item, i);
    }
    return rt::ok_status();
  }

  Status check_value(uint32_t i) {
    const fb::EValue* v = plan_.values()->Get(i);
    const fb::KernelTypes t = v->val_type();
    // The Verifier accepts unknown union tags (it cannot know them), so reject them here.
    if (t == fb::KernelTypes::NONE || t > fb::KernelTypes::MAX || v->val() == nullptr) {
      return invalid("EValue has no value or an unknown type tag", "value", i);
    }
    switch (t) {
      case fb::KernelTypes::Tensor: return check_tensor(*v->val_as_Tensor(), i);
      case fb::KernelTypes::IntList: {
        const auto* items = v->val_as_IntList()->items();
        if (!elements_aligned(items)) return invalid("IntList items are not 8-byte aligned", "value", i);
        for (uint32_t k = 0; k < count(items); ++k) {
          // IntList items are indices of Int EValues, not literal integers (ExecuTorch
          // schema/program.fbs IntList; runtime/executor/method.cpp parse_values boxes them).
          if (!value_in_range(items->Get(k)) || kind(items->Get(k)) != fb::KernelTypes::Int) {
            return invalid("IntList item is not the index of an Int value", "value", i);
          }
        }
        return rt::ok_status();
      }
      case fb::KernelTypes::TensorList: {
        const auto* items = v->val_as_TensorList()->items();
        for (uint32_t k = 0; k < count(items); ++k) {
          if (!value_in_range(items->Get(k)) || kind(items->Get(k)) != fb::KernelTypes::Tensor) {
            return invalid("TensorList item is not the index of a Tensor value", "value", i);
          }
        }
        return rt::ok_status();
      }
      case fb::KernelTypes::OptionalTensorList: {
        const auto* items = v->val_as_OptionalTensorList()->items();
        for (uint32_t k = 0; k < count(items); ++k) {
          const int32_t item = items->Get(k);
          if (item != -1 && (!value_in_range(item) || kind(item) != fb::KernelTypes::Tensor)) {
            return invalid("OptionalTensorList item is neither -1 nor a Tensor value index", "value", i);
          }
        }
        return rt::ok_status();
      }
      case fb::KernelTypes::DoubleList:
        if (!elements_aligned(v->val_as_DoubleList()->items())) {
          return invalid("DoubleList items are not 8-byte aligned", "value", i);
        }
        return rt::ok_status();
      case fb::KernelTypes::String:
        if (v->val_as_String()->string_val() == nullptr) return invalid("String value has no string", "value", i);
        return rt::ok_status();
      default:
        return rt::ok_status();
    }
  }

  Status check_tensor(const fb::Tensor& t, uint32_t i) {
    if (element_size(t.scalar_type()) == 0) return invalid("tensor has an unknown scalar type", "value", i);
    const uint32_t rank = count(t.sizes());
    if (count(t.dim_order()) != rank) return invalid("tensor dim_order length differs from its rank", "value", i);
    // dim_order must be a permutation of 0..rank-1 (strides are derived from it: ExecuTorch
    // runtime/core/exec_aten/util/dim_order_util.h dim_order_to_stride).
    uint64_t seen = 0;
    for (uint32_t k = 0; k < rank; ++k) {
      const uint8_t d = t.dim_order()->Get(k);
      if (d >= rank || d >= 64 || (seen >> d & 1) != 0) {
        return invalid("tensor dim_order is not a permutation of its dimensions", "value", i);
      }
      seen |= uint64_t{1} << d;
    }
    uint64_t nbytes = 0;
    if (!tensor_nbytes(t, nbytes)) return invalid("tensor has a negative or overflowing size", "value", i);
    const TensorData d = tensor_data(t);
    switch (d.kind) {
      case TensorDataKind::kPlanned:
      case TensorDataKind::kPlannedMutable: {
        // memory_id is 1-based; entry 0 of non_const_buffer_sizes is reserved (ExecuTorch
        // runtime/executor/method_meta.cpp num_memory_planned_buffers, tensor_parser_exec_aten.cpp
        // getMemPlannedPtr).
        const auto* sizes = plan_.non_const_buffer_sizes();
        if (d.memory_id == 0 || d.memory_id >= count(sizes)) {
          return invalid("tensor memory_id is 0 or beyond non_const_buffer_sizes", "value", i);
        }
        const uint64_t size = static_cast<uint64_t>(sizes->Get(d.memory_id));
        if (d.memory_offset > size || nbytes > size - d.memory_offset) {
          return invalid("planned tensor extends beyond its memory-planned buffer", "value", i);
        }
        if (d.kind == TensorDataKind::kPlannedMutable) {
          Bytes data;
          Status s = program_.mutable_data(d.data_buffer_idx, nbytes, data);
          if (!s.ok()) return invalid(s.what, "value", i);
        }
        return rt::ok_status();
      }
      case TensorDataKind::kConstant: {
        Bytes data;
        Status s = program_.constant_data(d.data_buffer_idx, nbytes, data);
        if (!s.ok()) return invalid(s.what, "value", i);
        return rt::ok_status();
      }
      case TensorDataKind::kExternal:
        if (t.extra_tensor_info()->fully_qualified_name() == nullptr) {
          return invalid("EXTERNAL tensor has no fully_qualified_name", "value", i);
        }
        return rt::ok_status();
      case TensorDataKind::kUnplanned:
        return rt::ok_status();
    }
    return rt::ok_status();
  }

  Status check_delegate(uint32_t i) {
    const fb::BackendDelegate* d = plan_.delegates()->Get(i);
    if (d->id() == nullptr || d->id()->size() == 0) return invalid("delegate has no backend id", "delegate", i);
    for (uint32_t k = 0; k < count(d->compile_specs()); ++k) {
      if (d->compile_specs()->Get(k)->key() == nullptr) return invalid("compile spec has no key", "delegate", i);
    }
    Bytes data;
    Status s = program_.delegate_data(*d, data);
    if (!s.ok()) {
      s.item = "delegate";
      s.index = i;
    }
    return s;
  }

  Status check_args(const flatbuffers::Vector<int32_t>* args, uint32_t instr) {
    for (uint32_t k = 0; k < count(args); ++k) {
      if (!value_in_range(args->Get(k))) return invalid("argument is not a valid value index", "instruction", instr);
    }
    return rt::ok_status();
  }

  Status check_chain(const fb::Chain& chain) {
    Status s = check_value_list(chain.inputs(), "chain input");
    if (!s.ok()) return s;
    s = check_value_list(chain.outputs(), "chain output");
    if (!s.ok()) return s;
    const uint32_t n = count(chain.instructions());
    for (uint32_t i = 0; i < n; ++i) {
      const fb::Instruction* ins = chain.instructions()->Get(i);
      if (ins->instr_args() == nullptr) return invalid("instruction has no arguments", "instruction", i);
      switch (ins->instr_args_type()) {
        case fb::InstructionArguments::KernelCall: {
          const fb::KernelCall* k = ins->instr_args_as_KernelCall();
          if (k->op_index() < 0 || static_cast<uint32_t>(k->op_index()) >= count(plan_.operators())) {
            return invalid("KernelCall op_index beyond the operator table", "instruction", i);
          }
          s = check_args(k->args(), i);
          break;
        }
        case fb::InstructionArguments::DelegateCall: {
          const fb::DelegateCall* d = ins->instr_args_as_DelegateCall();
          if (d->delegate_index() < 0 || static_cast<uint32_t>(d->delegate_index()) >= count(plan_.delegates())) {
            return invalid("DelegateCall delegate_index beyond the delegate table", "instruction", i);
          }
          s = check_args(d->args(), i);
          break;
        }
        case fb::InstructionArguments::MoveCall: {
          const fb::MoveCall* m = ins->instr_args_as_MoveCall();
          if (!value_in_range(m->move_from()) || !value_in_range(m->move_to())) {
            return invalid("MoveCall value index out of range", "instruction", i);
          }
          break;
        }
        case fb::InstructionArguments::JumpFalseCall: {
          const fb::JumpFalseCall* j = ins->instr_args_as_JumpFalseCall();
          if (!value_in_range(j->cond_value_index())) {
            return invalid("JumpFalseCall condition value index out of range", "instruction", i);
          }
          if (j->destination_instruction() < 0 || static_cast<uint32_t>(j->destination_instruction()) >= n) {
            return invalid("JumpFalseCall destination beyond the chain", "instruction", i);
          }
          break;
        }
        case fb::InstructionArguments::FreeCall:
          if (!value_in_range(ins->instr_args_as_FreeCall()->value_index())) {
            return invalid("FreeCall value index out of range", "instruction", i);
          }
          break;
        default:
          return invalid("instruction has an unknown type tag", "instruction", i);
      }
      if (!s.ok()) return s;
    }
    return rt::ok_status();
  }

  const Program& program_;
  const fb::ExecutionPlan& plan_;
  int64_t num_values_;
};

Status check_segments(const Program& program) {
  const fb::Program& p = program.fb();
  for (uint32_t i = 0; i < count(p.segments()); ++i) {
    Bytes data;
    Status s = program.segment(i, data);
    if (!s.ok()) return s;
  }
  const fb::SubsegmentOffsets* cs = p.constant_segment();
  if (cs != nullptr && !elements_aligned(cs->offsets())) return invalid("constant_segment offsets are not 8-byte aligned");
  if (cs != nullptr && count(cs->offsets()) > 1) {
    Bytes seg;
    Status s = program.segment(cs->segment_index(), seg);
    if (!s.ok()) return invalid("constant_segment names a missing segment");
    for (uint32_t k = 0; k < count(cs->offsets()); ++k) {
      if (cs->offsets()->Get(k) > seg.size()) return invalid("constant_segment offset beyond its segment", "offset", k);
    }
  }
  for (uint32_t m = 0; m < count(p.mutable_data_segments()); ++m) {
    if (!elements_aligned(p.mutable_data_segments()->Get(m)->offsets())) {
      return invalid("mutable_data_segments offsets are not 8-byte aligned", "mutable_data_segments", m);
    }
    Bytes seg;
    if (!program.segment(p.mutable_data_segments()->Get(m)->segment_index(), seg).ok()) {
      return invalid("mutable_data_segments entry names a missing segment", "mutable_data_segments", m);
    }
  }
  for (uint32_t n = 0; n < count(p.named_data()); ++n) {
    const fb::NamedData* nd = p.named_data()->Get(n);
    Bytes seg;
    if (nd->key() == nullptr || !program.segment(nd->segment_index(), seg).ok()) {
      return invalid("named_data entry has no key or names a missing segment", "named_data", n);
    }
  }
  return rt::ok_status();
}

}  // namespace

Status validate_program(const Program& program) {
  if (program.num_execution_plans() == 0) return invalid("program has no execution plan");
  Status s = check_segments(program);
  if (!s.ok()) return s;
  for (uint32_t i = 0; i < program.num_execution_plans(); ++i) {
    s = in_scope(PlanValidator(program, program.execution_plan(i)).run(), "plan", i);
    if (!s.ok()) return s;
  }
  return rt::ok_status();
}

}  // namespace corsim::pte
