// corsim-pte dump (text): the whole program, readable. Every schema field is printed; byte blobs
// (constant buffers, delegate payloads) are shown by size, file offset and first bytes; the JSON
// form (dump_json) carries them in full.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <iterator>

#include "tools/pte/delegate_info.h"
#include "tools/pte/op_signatures.h"
#include "tools/pte/pte_dump.h"

namespace corsim::pte_tool {
namespace {

namespace fb = pte::fb;

constexpr size_t kPreviewBytes = 16;

class Text {
 public:
  template <class... Args>
  void line(int indent, fmt::format_string<Args...> f, Args&&... args) {
    out_.append(2 * static_cast<size_t>(indent), ' ');
    fmt::format_to(std::back_inserter(out_), f, std::forward<Args>(args)...);
    out_ += '\n';
  }
  std::string take() { return std::move(out_); }

 private:
  std::string out_;
};

std::string s(const flatbuffers::String* str) { return str == nullptr ? std::string("<none>") : str->str(); }

std::string quoted(const flatbuffers::String* str) {
  if (str == nullptr) return "<none>";
  std::string out = "\"";
  for (char c : str->string_view()) {
    if (c == '"' || c == '\\') out += '\\';
    if (static_cast<unsigned char>(c) < 0x20) {
      out += fmt::format("\\x{:02x}", static_cast<unsigned char>(c));
    } else {
      out += c;
    }
  }
  return out + "\"";
}

template <class T>
std::string list(const flatbuffers::Vector<T>* v) {
  if (v == nullptr) return "<none>";
  std::string out = "[";
  for (uint32_t i = 0; i < v->size(); ++i) {
    if (i != 0) out += ", ";
    if constexpr (std::is_same_v<T, uint8_t> || std::is_same_v<T, bool>) {
      out += fmt::format("{}", static_cast<int>(v->Get(i)));
    } else {
      out += fmt::format("{}", v->Get(i));
    }
  }
  return out + "]";
}

std::string preview(const uint8_t* data, size_t size) {
  std::string out;
  for (size_t i = 0; i < size && i < kPreviewBytes; ++i) out += fmt::format("{}{:02x}", i == 0 ? "" : " ", data[i]);
  if (size > kPreviewBytes) out += " ...";
  return out;
}

template <class E>
std::string enum_str(E e, const char* name) {
  return name != nullptr && name[0] != '\0' ? std::string(name) : fmt::format("{}", static_cast<int64_t>(e));
}

// Element strides implied by dim_order, listed outermost to innermost (ExecuTorch
// runtime/core/exec_aten/util/dim_order_util.h dim_order_to_stride).
std::string strides_str(const fb::Tensor& t) {
  const uint32_t rank = t.sizes() == nullptr ? 0 : t.sizes()->size();
  std::vector<int64_t> strides(rank, 0);
  int64_t step = 1;
  for (uint32_t k = rank; k > 0; --k) {
    const uint8_t d = t.dim_order()->Get(k - 1);
    strides[d] = step;
    step *= t.sizes()->Get(d);
  }
  return fmt::format("[{}]", fmt::join(strides, ", "));
}

std::string tensor_str(const pte::Program& program, const fb::Tensor& t) {
  std::string out = fmt::format("Tensor {} sizes {} dim_order {} strides {}",
                                enum_str(t.scalar_type(), fb::EnumNameScalarType(t.scalar_type())), list(t.sizes()),
                                list(t.dim_order()), strides_str(t));
  uint64_t nbytes = 0;
  pte::tensor_nbytes(t, nbytes);
  const pte::TensorData d = pte::tensor_data(t);
  switch (d.kind) {
    case pte::TensorDataKind::kPlanned:
      out += fmt::format(" planned mem_id {} offset {} ({} B)", d.memory_id, d.memory_offset, nbytes);
      break;
    case pte::TensorDataKind::kPlannedMutable:
      out += fmt::format(" planned mem_id {} offset {} ({} B), initial value mutable data {}", d.memory_id,
                         d.memory_offset, nbytes, d.data_buffer_idx);
      break;
    case pte::TensorDataKind::kConstant: {
      rt::Bytes data;
      program.constant_data(d.data_buffer_idx, nbytes, data);
      const fb::SubsegmentOffsets* cs = program.fb().constant_segment();
      const bool in_segment = cs != nullptr && cs->offsets() != nullptr && cs->offsets()->size() > 1;
      out += fmt::format(" constant {} {} ({} B at file offset {:#x})", in_segment ? "segment buffer" : "constant_buffer",
                         d.data_buffer_idx, nbytes, program.file_offset(data));
      break;
    }
    case pte::TensorDataKind::kUnplanned:
      out += fmt::format(" unplanned ({} B)", nbytes);
      break;
    case pte::TensorDataKind::kExternal:
      out += fmt::format(" external \"{}\"", s(t.extra_tensor_info()->fully_qualified_name()));
      break;
  }
  out += fmt::format(" | storage_offset {} requires_grad {} data_buffer_idx {} layout {} dynamism {}", t.storage_offset(),
                     t.requires_grad(), t.data_buffer_idx(), static_cast<int>(t.layout()),
                     enum_str(t.shape_dynamism(), fb::EnumNameTensorShapeDynamism(t.shape_dynamism())));
  if (const fb::AllocationDetails* a = t.allocation_info()) {
    out += fmt::format(" alloc{{id {} low {} high {}}}", a->memory_id(), a->memory_offset_low(), a->memory_offset_high());
  }
  if (const fb::ExtraTensorInfo* e = t.extra_tensor_info()) {
    out += fmt::format(" extra{{mutable_data_segments_idx {} fqn {} location {} device {} {}}}",
                       e->mutable_data_segments_idx(), quoted(e->fully_qualified_name()),
                       enum_str(e->location(), fb::EnumNameTensorDataLocation(e->location())),
                       enum_str(e->device_type(), fb::EnumNameDeviceType(e->device_type())),
                       static_cast<int>(e->device_index()));
  }
  return out;
}

std::string value_str(const pte::Program& program, const fb::EValue& v) {
  switch (v.val_type()) {
    case fb::KernelTypes::Null: return "Null";
    case fb::KernelTypes::Int: return fmt::format("Int {}", v.val_as_Int()->int_val());
    case fb::KernelTypes::Bool: return fmt::format("Bool {}", v.val_as_Bool()->bool_val());
    case fb::KernelTypes::Double: return fmt::format("Double {}", v.val_as_Double()->double_val());
    case fb::KernelTypes::String: return fmt::format("String {}", quoted(v.val_as_String()->string_val()));
    case fb::KernelTypes::Tensor: return tensor_str(program, *v.val_as_Tensor());
    case fb::KernelTypes::IntList: return fmt::format("IntList (value indices) {}", list(v.val_as_IntList()->items()));
    case fb::KernelTypes::DoubleList: return fmt::format("DoubleList {}", list(v.val_as_DoubleList()->items()));
    case fb::KernelTypes::BoolList: return fmt::format("BoolList {}", list(v.val_as_BoolList()->items()));
    case fb::KernelTypes::TensorList: return fmt::format("TensorList {}", list(v.val_as_TensorList()->items()));
    case fb::KernelTypes::OptionalTensorList:
      return fmt::format("OptionalTensorList {}", list(v.val_as_OptionalTensorList()->items()));
    default: return "?";
  }
}

// Short form of a value for argument lists.
std::string short_value(const fb::ExecutionPlan& plan, int32_t idx) {
  const fb::EValue& v = *plan.values()->Get(idx);
  switch (v.val_type()) {
    case fb::KernelTypes::Tensor: {
      const fb::Tensor& t = *v.val_as_Tensor();
      return fmt::format("v{} Tensor {}{}", idx, enum_str(t.scalar_type(), fb::EnumNameScalarType(t.scalar_type())),
                         list(t.sizes()));
    }
    case fb::KernelTypes::Null: return fmt::format("v{} Null", idx);
    case fb::KernelTypes::Int: return fmt::format("v{} Int {}", idx, v.val_as_Int()->int_val());
    case fb::KernelTypes::Bool: return fmt::format("v{} Bool {}", idx, v.val_as_Bool()->bool_val());
    case fb::KernelTypes::Double: return fmt::format("v{} Double {}", idx, v.val_as_Double()->double_val());
    default: return fmt::format("v{} {}", idx, fb::EnumNameKernelTypes(v.val_type()));
  }
}

std::string op_full_name(const fb::Operator& op) {
  const std::string ovl = op.overload() == nullptr ? "" : op.overload()->str();
  return ovl.empty() ? s(op.name()) : s(op.name()) + "." + ovl;
}

void dump_args(Text& t, const fb::ExecutionPlan& plan, const flatbuffers::Vector<int32_t>* args,
               const std::vector<std::string_view>& names) {
  if (args == nullptr) {
    t.line(5, "args <none>");
    return;
  }
  // Schema arguments then one return slot (ExecuTorch exir/emit/_emitter.py _emit_operator).
  const bool labelled = !names.empty() && args->size() == names.size() + 1;
  for (uint32_t i = 0; i < args->size(); ++i) {
    std::string label = labelled ? std::string(i < names.size() ? names[i] : "(return)") : fmt::format("arg{}", i);
    t.line(5, "{} = {}", label, short_value(plan, args->Get(i)));
  }
}

void dump_chain(Text& t, const fb::ExecutionPlan& plan, const fb::Chain& chain, uint32_t c) {
  const uint32_t n = chain.instructions() == nullptr ? 0 : chain.instructions()->size();
  t.line(2, "chain {}: inputs {} outputs {}, {} instructions", c, list(chain.inputs()), list(chain.outputs()), n);
  for (uint32_t i = 0; i < n; ++i) {
    const fb::Instruction& ins = *chain.instructions()->Get(i);
    switch (ins.instr_args_type()) {
      case fb::InstructionArguments::KernelCall: {
        const fb::KernelCall& k = *ins.instr_args_as_KernelCall();
        const std::string name = op_full_name(*plan.operators()->Get(k.op_index()));
        t.line(3, "[{}] KernelCall op {} {}", i, k.op_index(), name);
        dump_args(t, plan, k.args(), op_arg_names(name));
        break;
      }
      case fb::InstructionArguments::DelegateCall: {
        const fb::DelegateCall& d = *ins.instr_args_as_DelegateCall();
        t.line(3, "[{}] DelegateCall delegate {} {} (args: inputs then outputs)", i, d.delegate_index(),
               s(plan.delegates()->Get(d.delegate_index())->id()));
        dump_args(t, plan, d.args(), {});
        break;
      }
      case fb::InstructionArguments::MoveCall:
        t.line(3, "[{}] MoveCall v{} -> v{}", i, ins.instr_args_as_MoveCall()->move_from(),
               ins.instr_args_as_MoveCall()->move_to());
        break;
      case fb::InstructionArguments::JumpFalseCall:
        t.line(3, "[{}] JumpFalseCall if v{} is false goto {}", i, ins.instr_args_as_JumpFalseCall()->cond_value_index(),
               ins.instr_args_as_JumpFalseCall()->destination_instruction());
        break;
      case fb::InstructionArguments::FreeCall:
        t.line(3, "[{}] FreeCall v{}", i, ins.instr_args_as_FreeCall()->value_index());
        break;
      default: break;
    }
  }
  if (chain.stacktrace() == nullptr) {
    t.line(3, "stacktrace <none>");
    return;
  }
  for (uint32_t i = 0; i < chain.stacktrace()->size(); ++i) {
    const fb::FrameList& fl = *chain.stacktrace()->Get(i);
    t.line(3, "stacktrace of instruction {}:", i);
    for (uint32_t f = 0; fl.items() != nullptr && f < fl.items()->size(); ++f) {
      const fb::Frame& fr = *fl.items()->Get(f);
      t.line(4, "{}:{} in {}: {}", s(fr.filename()), fr.lineno(), s(fr.name()), quoted(fr.context()));
    }
  }
}

void dump_io_list(Text& t, const char* what, const ethos_u::VelaIoList& list) {
  t.line(4, "{}: {}", what, list.count);
  for (uint32_t i = 0; i < list.count; ++i) {
    const ethos_u::VelaIo io = list.get(i);
    std::string shape = "[";
    for (uint32_t d = 0; d < io.dims; ++d) shape += fmt::format("{}{}", d == 0 ? "" : ", ", io.shape[d]);
    t.line(5, "[{}] shape {}] elem_size {} offset {} region {} ({} elements, {} B)", i, shape, io.elem_size, io.offset,
           io.region, io.numel(), io.nbytes());
  }
}

void dump_vela(Text& t, const DelegateInfo& d) {
  const ethos_u::VelaBinStream& v = d.vela;
  t.line(3, "VelaBinStream: {} blocks, {} layout ({} IO records, {})", v.num_blocks,
         v.old_io_layout() ? "old" : "current", v.old_io_layout() ? "shape[4]" : "shape[6]",
         v.scratch_embedded ? "scratch embedded as scratch_data" : "scratch_size");
  for (const ethos_u::VelaBlock& b : d.blocks) {
    t.line(4, "block {:<16} at +{:#07x} size {:>7}{}", b.name, b.offset, b.size, b.external ? " external" : "");
  }
  const ethos_u::Cop1Payload& c = d.cop1;
  t.line(4, "cmd_data: {} B{}, COP1 optimizer tag {:#010x} (release {} patch {})", d.cmd_data.size(),
         v.cmd_data.external ? " (external, from named data)" : "", c.optimizer_tag, c.optimizer_release,
         c.optimizer_patch);
  std::string cfg = fmt::format("{} MACs/cc, cmd stream v{}", c.config.macs_per_cc, c.config.cmd_stream_version);
  if (c.config.product == ethos_u::NpuProduct::kU85) {
    cfg += fmt::format(", {} AXI SRAM, {} AXI EXT, {} WD", c.config.num_axi_sram, c.config.num_axi_ext, c.config.num_wd);
  } else {
    cfg += fmt::format(", {} KB SHRAM", c.config.shram_kb);
  }
  if (c.config.custom_dma) cfg += ", custom DMA";
  t.line(5, "CONFIG {:#010x} = {} ({})", c.config.word, npu_target_name(c.config), cfg);
  t.line(5, "ID {:#010x} (arch {}.{}.{}, product {}, r{}p{}, status {})", c.id.word, c.id.arch_major, c.id.arch_minor,
         c.id.arch_patch, c.id.product_major, c.id.version_major, c.id.version_minor, c.id.version_status);
  t.line(5, "{} NOP tags, command stream {} words ({} B) at cmd_data +{}", c.num_nops, c.command_stream_words,
         c.command_stream.size(), c.command_stream_offset);
  t.line(4, "weight_data: {} B{} (NPU region 0)", d.weight_data.size(),
         v.weight_data.external ? " (external, from named data)" : "");
  t.line(4, "scratch: {} B (NPU region 1){}", v.scratch_size,
         v.scratch_embedded ? ", embedded in the payload" : ", allocated by the runtime");
  dump_io_list(t, "inputs", v.inputs);
  dump_io_list(t, "outputs", v.outputs);
}

void dump_delegate(Text& t, const pte::Program& program, uint32_t plan, uint32_t i) {
  DelegateInfo d;
  decode_delegate(program, plan, i, d);  // check_delegates() ran first
  const fb::BackendDelegate& del = *d.delegate;
  t.line(2, "delegate {}: id {} processed {} index {} ({} B at file offset {:#x})", i, s(del.id()),
         fb::EnumNameDataLocation(del.processed()->location()), del.processed()->index(), d.blob.size(),
         d.file_offset);
  const auto* specs = del.compile_specs();
  t.line(3, "compile_specs: {}", specs == nullptr ? 0u : specs->size());
  for (uint32_t k = 0; specs != nullptr && k < specs->size(); ++k) {
    const fb::CompileSpec& cs = *specs->Get(k);
    const auto* v = cs.value();
    if (v == nullptr) {
      t.line(4, "{} = <none>", s(cs.key()));
    } else if (printable(v->data(), v->size())) {
      t.line(4, "{} = \"{}\"", s(cs.key()), std::string_view(reinterpret_cast<const char*>(v->data()), v->size()));
    } else {
      t.line(4, "{} = {} B: {}", s(cs.key()), v->size(), preview(v->data(), v->size()));
    }
  }
  if (d.ethos_u) {
    dump_vela(t, d);
    // The driver refuses a stream built for another NPU (ethos-u-core-driver
    // ethosu_dev_verify_optimizer_config): flag a mismatch.
    const std::string target = compile_spec_target(del);
    if (!target.empty() && target != npu_target_name(d.cop1.config)) {
      t.line(3, "warning: compile spec target \"{}\" but cmd_data was compiled for {}", target,
             npu_target_name(d.cop1.config));
    }
  } else {
    t.line(3, "payload (not decoded): {}", preview(d.blob.data(), d.blob.size()));
  }
}

void dump_plan(Text& t, const pte::Program& program, uint32_t p) {
  const fb::ExecutionPlan& plan = program.execution_plan(p);
  t.line(0, "execution_plan {}: {}", p, quoted(plan.name()));
  if (const fb::ContainerMetadata* m = plan.container_meta_type()) {
    t.line(1, "container_meta_type.encoded_inp_str: {}", quoted(m->encoded_inp_str()));
    t.line(1, "container_meta_type.encoded_out_str: {}", quoted(m->encoded_out_str()));
  } else {
    t.line(1, "container_meta_type: <none>");
  }
  const auto* sizes = plan.non_const_buffer_sizes();
  t.line(1, "non_const_buffer_sizes: {} (entry 0 reserved; planned buffer k = mem_id k)", list(sizes));
  const auto* devs = plan.non_const_buffer_device();
  if (devs == nullptr) {
    t.line(1, "non_const_buffer_device: <none>");
  } else {
    for (const fb::NonConstBufferDevice* d : *devs) {
      t.line(1, "non_const_buffer_device: buffer {} on {} {}", d->buffer_idx(),
             enum_str(d->device_type(), fb::EnumNameDeviceType(d->device_type())), static_cast<int>(d->device_index()));
    }
  }
  t.line(1, "inputs: {}", list(plan.inputs()));
  t.line(1, "outputs: {}", list(plan.outputs()));
  const uint32_t nv = plan.values() == nullptr ? 0 : plan.values()->size();
  t.line(1, "values: {}", nv);
  for (uint32_t v = 0; v < nv; ++v) t.line(2, "v{} {}", v, value_str(program, *plan.values()->Get(v)));
  const uint32_t no = plan.operators() == nullptr ? 0 : plan.operators()->size();
  t.line(1, "operators: {}", no);
  for (uint32_t o = 0; o < no; ++o) {
    const fb::Operator& op = *plan.operators()->Get(o);
    t.line(2, "op {}: {} (name {} overload {})", o, op_full_name(op), quoted(op.name()), quoted(op.overload()));
  }
  const uint32_t nc = plan.chains() == nullptr ? 0 : plan.chains()->size();
  t.line(1, "chains: {}", nc);
  for (uint32_t c = 0; c < nc; ++c) dump_chain(t, plan, *plan.chains()->Get(c), c);
  const uint32_t nd = plan.delegates() == nullptr ? 0 : plan.delegates()->size();
  t.line(1, "delegates: {}", nd);
  for (uint32_t d = 0; d < nd; ++d) dump_delegate(t, program, p, d);
}

void dump_program_data(Text& t, const pte::Program& program) {
  const fb::Program& p = program.fb();
  const auto* segs = p.segments();
  t.line(0, "segments: {}", segs == nullptr ? 0u : segs->size());
  for (uint32_t i = 0; segs != nullptr && i < segs->size(); ++i) {
    rt::Bytes data;
    program.segment(i, data);
    t.line(1, "segment {}: offset {} size {}{}", i, segs->Get(i)->offset(), segs->Get(i)->size(),
           data.empty() ? std::string() : fmt::format(" (file offset {:#x})", program.file_offset(data)));
  }
  if (const fb::SubsegmentOffsets* cs = p.constant_segment()) {
    t.line(0, "constant_segment: segment {} offsets {}", cs->segment_index(), list(cs->offsets()));
  } else {
    t.line(0, "constant_segment: <none>");
  }
  const auto* cb = p.constant_buffer();
  t.line(0, "constant_buffer (deprecated inline constants): {}", cb == nullptr ? 0u : cb->size());
  for (uint32_t i = 0; cb != nullptr && i < cb->size(); ++i) {
    const auto* st = cb->Get(i)->storage();
    t.line(1, "buffer {}: {} B{}", i, st == nullptr ? 0u : st->size(),
           st == nullptr || st->size() == 0 ? std::string() : ": " + preview(st->data(), st->size()));
  }
  const auto* mds = p.mutable_data_segments();
  t.line(0, "mutable_data_segments: {}", mds == nullptr ? 0u : mds->size());
  for (uint32_t i = 0; mds != nullptr && i < mds->size(); ++i) {
    t.line(1, "[{}] segment {} offsets {}", i, mds->Get(i)->segment_index(), list(mds->Get(i)->offsets()));
  }
  const auto* nd = p.named_data();
  t.line(0, "named_data: {}", nd == nullptr ? 0u : nd->size());
  for (uint32_t i = 0; nd != nullptr && i < nd->size(); ++i) {
    t.line(1, "{} -> segment {}", quoted(nd->Get(i)->key()), nd->Get(i)->segment_index());
  }
  const auto* bd = p.backend_delegate_data();
  t.line(0, "backend_delegate_data: {}", bd == nullptr ? 0u : bd->size());
  for (uint32_t i = 0; bd != nullptr && i < bd->size(); ++i) {
    const auto* data = bd->Get(i)->data();
    if (data == nullptr) {
      t.line(1, "data {}: <none>", i);
      continue;
    }
    t.line(1, "data {}: {} B at file offset {:#x}: {}", i, data->size(),
           program.file_offset(rt::Bytes(data->data(), data->size())), preview(data->data(), data->size()));
  }
}

}  // namespace

std::string dump_text(const pte::Program& program, std::string_view name) {
  Text t;
  const pte::ExtendedHeader& h = program.extended_header();
  t.line(0, "file: {} ({} B), identifier {}, root table at {:#x}, program version {}", name, program.file().size(),
         std::string_view(reinterpret_cast<const char*>(program.file().data()) + 4, 4), program.root_offset(),
         program.fb().version());
  if (h.present) {
    t.line(0, "extended header eh00: length {}, program_size {}, segment_base_offset {:#x}, segment_data_size {}",
           h.length, h.program_size, h.segment_base_offset, h.segment_data_size);
  } else {
    t.line(0, "extended header: none (program is the whole file, no segment data)");
  }
  dump_program_data(t, program);
  for (uint32_t p = 0; p < program.num_execution_plans(); ++p) dump_plan(t, program, p);
  return t.take();
}

}  // namespace corsim::pte_tool
