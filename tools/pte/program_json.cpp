// Schema-conformant JSON of an ET12 program: every table and field of runtime/pte/program.fbs in
// declaration order, scalars always (defaults included), absent tables/vectors omitted, unions as
// {"x_type": "Name", "x": {...}}, enums by name (or number when the value has no name).
#include <string>

#include "tools/pte/json_writer.h"
#include "tools/pte/pte_dump.h"

namespace corsim::pte_tool {
namespace {

namespace fb = pte::fb;

template <class E>
void enum_field(JsonWriter& w, std::string_view k, E e, const char* name) {
  w.key(k);
  if (name != nullptr && name[0] != '\0') {
    w.value(name);
  } else {
    w.value(static_cast<int64_t>(e));
  }
}

void string_field(JsonWriter& w, std::string_view k, const flatbuffers::String* s) {
  if (s == nullptr) return;
  w.key(k);
  w.value_bytes(reinterpret_cast<const uint8_t*>(s->data()), s->size());
}

template <class T>
void vector_field(JsonWriter& w, std::string_view k, const flatbuffers::Vector<T>* v) {
  if (v == nullptr) return;
  w.key(k);
  w.begin_array();
  for (T x : *v) {
    if constexpr (std::is_same_v<T, uint8_t>) {
      w.value(static_cast<uint64_t>(x));
    } else if constexpr (std::is_same_v<T, bool>) {
      w.value(static_cast<bool>(x));
    } else if constexpr (std::is_floating_point_v<T>) {
      w.value(static_cast<double>(x));
    } else if constexpr (std::is_signed_v<T>) {
      w.value(static_cast<int64_t>(x));
    } else {
      w.value(static_cast<uint64_t>(x));
    }
  }
  w.end_array();
}

// Number vectors on one line (sizes, indices, bytes): same JSON, shorter output.
template <class T>
void inline_vector_field(JsonWriter& w, std::string_view k, const flatbuffers::Vector<T>* v) {
  if (v == nullptr) return;
  w.key(k);
  if constexpr (std::is_same_v<T, uint8_t>) {
    std::vector<uint64_t> items(v->begin(), v->end());
    w.number_array(items);
  } else if constexpr (std::is_signed_v<T>) {
    std::vector<int64_t> items(v->begin(), v->end());
    w.number_array(items);
  } else {
    std::vector<uint64_t> items(v->begin(), v->end());
    w.number_array(items);
  }
}

template <class T, class F>
void table_vector(JsonWriter& w, std::string_view k, const flatbuffers::Vector<flatbuffers::Offset<T>>* v, F each) {
  if (v == nullptr) return;
  w.key(k);
  w.begin_array();
  for (const T* item : *v) {
    w.begin_object();
    each(*item);
    w.end_object();
  }
  w.end_array();
}

void write_tensor(JsonWriter& w, const fb::Tensor& t) {
  enum_field(w, "scalar_type", t.scalar_type(), fb::EnumNameScalarType(t.scalar_type()));
  w.field("storage_offset", t.storage_offset());
  inline_vector_field(w, "sizes", t.sizes());
  inline_vector_field(w, "dim_order", t.dim_order());
  w.field("requires_grad", t.requires_grad());
  w.field("data_buffer_idx", t.data_buffer_idx());
  if (const fb::AllocationDetails* a = t.allocation_info()) {
    w.key("allocation_info");
    w.begin_object();
    w.field("memory_id", a->memory_id());
    w.field("memory_offset_low", a->memory_offset_low());
    w.field("memory_offset_high", a->memory_offset_high());
    w.end_object();
  }
  w.field("layout", static_cast<int64_t>(t.layout()));
  enum_field(w, "shape_dynamism", t.shape_dynamism(), fb::EnumNameTensorShapeDynamism(t.shape_dynamism()));
  if (const fb::ExtraTensorInfo* e = t.extra_tensor_info()) {
    w.key("extra_tensor_info");
    w.begin_object();
    w.field("mutable_data_segments_idx", e->mutable_data_segments_idx());
    string_field(w, "fully_qualified_name", e->fully_qualified_name());
    enum_field(w, "location", e->location(), fb::EnumNameTensorDataLocation(e->location()));
    enum_field(w, "device_type", e->device_type(), fb::EnumNameDeviceType(e->device_type()));
    w.field("device_index", static_cast<int64_t>(e->device_index()));
    w.end_object();
  }
}

void write_evalue(JsonWriter& w, const fb::EValue& v) {
  enum_field(w, "val_type", v.val_type(), fb::EnumNameKernelTypes(v.val_type()));
  if (v.val() == nullptr) return;
  w.key("val");
  w.begin_object();
  switch (v.val_type()) {
    case fb::KernelTypes::Int: w.field("int_val", v.val_as_Int()->int_val()); break;
    case fb::KernelTypes::Bool: w.field("bool_val", v.val_as_Bool()->bool_val()); break;
    case fb::KernelTypes::Double: w.field("double_val", v.val_as_Double()->double_val()); break;
    case fb::KernelTypes::String: string_field(w, "string_val", v.val_as_String()->string_val()); break;
    case fb::KernelTypes::Tensor: write_tensor(w, *v.val_as_Tensor()); break;
    case fb::KernelTypes::IntList: inline_vector_field(w, "items", v.val_as_IntList()->items()); break;
    case fb::KernelTypes::DoubleList: vector_field(w, "items", v.val_as_DoubleList()->items()); break;
    case fb::KernelTypes::BoolList: vector_field(w, "items", v.val_as_BoolList()->items()); break;
    case fb::KernelTypes::TensorList: inline_vector_field(w, "items", v.val_as_TensorList()->items()); break;
    case fb::KernelTypes::OptionalTensorList:
      inline_vector_field(w, "items", v.val_as_OptionalTensorList()->items());
      break;
    default: break;  // Null: empty table
  }
  w.end_object();
}

void write_instruction(JsonWriter& w, const fb::Instruction& ins) {
  enum_field(w, "instr_args_type", ins.instr_args_type(), fb::EnumNameInstructionArguments(ins.instr_args_type()));
  if (ins.instr_args() == nullptr) return;
  w.key("instr_args");
  w.begin_object();
  switch (ins.instr_args_type()) {
    case fb::InstructionArguments::KernelCall: {
      const fb::KernelCall* k = ins.instr_args_as_KernelCall();
      w.field("op_index", k->op_index());
      inline_vector_field(w, "args", k->args());
      break;
    }
    case fb::InstructionArguments::DelegateCall: {
      const fb::DelegateCall* d = ins.instr_args_as_DelegateCall();
      w.field("delegate_index", d->delegate_index());
      inline_vector_field(w, "args", d->args());
      break;
    }
    case fb::InstructionArguments::MoveCall:
      w.field("move_from", ins.instr_args_as_MoveCall()->move_from());
      w.field("move_to", ins.instr_args_as_MoveCall()->move_to());
      break;
    case fb::InstructionArguments::JumpFalseCall:
      w.field("cond_value_index", ins.instr_args_as_JumpFalseCall()->cond_value_index());
      w.field("destination_instruction", ins.instr_args_as_JumpFalseCall()->destination_instruction());
      break;
    case fb::InstructionArguments::FreeCall:
      w.field("value_index", ins.instr_args_as_FreeCall()->value_index());
      break;
    default: break;
  }
  w.end_object();
}

void write_chain(JsonWriter& w, const fb::Chain& c) {
  inline_vector_field(w, "inputs", c.inputs());
  inline_vector_field(w, "outputs", c.outputs());
  table_vector(w, "instructions", c.instructions(), [&](const fb::Instruction& i) { write_instruction(w, i); });
  table_vector(w, "stacktrace", c.stacktrace(), [&](const fb::FrameList& fl) {
    table_vector(w, "items", fl.items(), [&](const fb::Frame& f) {
      string_field(w, "filename", f.filename());
      w.field("lineno", f.lineno());
      string_field(w, "name", f.name());
      string_field(w, "context", f.context());
    });
  });
}

void write_delegate(JsonWriter& w, const fb::BackendDelegate& d) {
  string_field(w, "id", d.id());
  if (const fb::BackendDelegateDataReference* r = d.processed()) {
    w.key("processed");
    w.begin_object();
    enum_field(w, "location", r->location(), fb::EnumNameDataLocation(r->location()));
    w.field("index", r->index());
    w.end_object();
  }
  table_vector(w, "compile_specs", d.compile_specs(), [&](const fb::CompileSpec& cs) {
    string_field(w, "key", cs.key());
    inline_vector_field(w, "value", cs.value());
  });
}

void write_plan(JsonWriter& w, const fb::ExecutionPlan& p) {
  string_field(w, "name", p.name());
  if (const fb::ContainerMetadata* m = p.container_meta_type()) {
    w.key("container_meta_type");
    w.begin_object();
    string_field(w, "encoded_inp_str", m->encoded_inp_str());
    string_field(w, "encoded_out_str", m->encoded_out_str());
    w.end_object();
  }
  table_vector(w, "values", p.values(), [&](const fb::EValue& v) { write_evalue(w, v); });
  inline_vector_field(w, "inputs", p.inputs());
  inline_vector_field(w, "outputs", p.outputs());
  table_vector(w, "chains", p.chains(), [&](const fb::Chain& c) { write_chain(w, c); });
  table_vector(w, "operators", p.operators(), [&](const fb::Operator& o) {
    string_field(w, "name", o.name());
    string_field(w, "overload", o.overload());
  });
  table_vector(w, "delegates", p.delegates(), [&](const fb::BackendDelegate& d) { write_delegate(w, d); });
  inline_vector_field(w, "non_const_buffer_sizes", p.non_const_buffer_sizes());
  table_vector(w, "non_const_buffer_device", p.non_const_buffer_device(), [&](const fb::NonConstBufferDevice& d) {
    w.field("buffer_idx", d.buffer_idx());
    enum_field(w, "device_type", d.device_type(), fb::EnumNameDeviceType(d.device_type()));
    w.field("device_index", static_cast<int64_t>(d.device_index()));
  });
}

void write_subsegment(JsonWriter& w, const fb::SubsegmentOffsets& s) {
  w.field("segment_index", s.segment_index());
  inline_vector_field(w, "offsets", s.offsets());
}

}  // namespace

void write_program(JsonWriter& w, const pte::Program& program) {
  const fb::Program& p = program.fb();
  w.begin_object();
  w.field("version", p.version());
  table_vector(w, "execution_plan", p.execution_plan(), [&](const fb::ExecutionPlan& e) { write_plan(w, e); });
  table_vector(w, "constant_buffer", p.constant_buffer(), [&](const fb::Buffer& b) {
    inline_vector_field(w, "storage", b.storage());
  });
  table_vector(w, "backend_delegate_data", p.backend_delegate_data(), [&](const fb::BackendDelegateInlineData& d) {
    inline_vector_field(w, "data", d.data());
  });
  table_vector(w, "segments", p.segments(), [&](const fb::DataSegment& s) {
    w.field("offset", s.offset());
    w.field("size", s.size());
  });
  if (const fb::SubsegmentOffsets* cs = p.constant_segment()) {
    w.key("constant_segment");
    w.begin_object();
    write_subsegment(w, *cs);
    w.end_object();
  }
  table_vector(w, "mutable_data_segments", p.mutable_data_segments(),
               [&](const fb::SubsegmentOffsets& s) { write_subsegment(w, s); });
  table_vector(w, "named_data", p.named_data(), [&](const fb::NamedData& n) {
    string_field(w, "key", n.key());
    w.field("segment_index", n.segment_index());
  });
  w.end_object();
}

std::string program_json(const pte::Program& program) {
  JsonWriter w;
  write_program(w, program);
  return w.str();
}

}  // namespace corsim::pte_tool
