#include "tools/pte/pte_writer.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>

#include "flatbuffers/idl.h"
#include "tools/pte/pte_dump.h"

namespace corsim::pte_tool {

extern const char kProgramSchema[];  // program_schema.cpp, generated from runtime/pte/program.fbs

namespace {

using flatbuffers::FlatBufferBuilder;
using flatbuffers::Offset;

uint64_t align_up(uint64_t v, uint64_t a) { return (v + a - 1) / a * a; }

void put_u32(std::vector<uint8_t>& v, size_t at, uint32_t x) {
  for (int i = 0; i < 4; ++i) v[at + i] = static_cast<uint8_t>(x >> (8 * i));
}

void put_u64(std::vector<uint8_t>& v, size_t at, uint64_t x) {
  for (int i = 0; i < 8; ++i) v[at + i] = static_cast<uint8_t>(x >> (8 * i));
}

// Segment data laid out before the flatbuffer is built (offsets are relative to the segment base).
struct Layout {
  std::vector<uint8_t> constants;               // segment 0: the constant segment
  // Entry 0: the placeholder non-constants point at (ExecuTorch runtime/executor/program.cpp).
  std::vector<uint64_t> constant_offsets = {0};
  std::vector<std::vector<uint8_t>> segments;   // segment i's bytes (index 0 = constants)
  std::vector<std::vector<uint8_t>> inline_blobs;
  // Per plan, per delegate: (location, index).
  std::vector<std::vector<std::pair<fb::DataLocation, uint32_t>>> delegate_refs;
  // Per plan, per value: data_buffer_idx of constants.
  std::vector<std::vector<uint32_t>> constant_idx;
  std::vector<uint32_t> named_segment;  // per named_data entry
};

Layout plan_layout(const WriteProgram& program, const WriteOptions& options) {
  Layout l;
  // Identical blobs share one copy, as ExecuTorch's exir/_serialize/_program.py does.
  std::map<std::vector<uint8_t>, uint32_t> seen_segment, seen_inline;
  l.segments.emplace_back();
  for (const WritePlan& plan : program.plans) {
    auto& idx = l.constant_idx.emplace_back(plan.values.size(), 0u);
    for (size_t v = 0; v < plan.values.size(); ++v) {
      const auto* t = std::get_if<WriteTensor>(&plan.values[v]);
      if (t == nullptr || t->constant.empty()) continue;
      l.constants.resize(align_up(l.constants.size(), options.tensor_alignment), 0);
      idx[v] = static_cast<uint32_t>(l.constant_offsets.size());
      l.constant_offsets.push_back(l.constants.size());
      l.constants.insert(l.constants.end(), t->constant.begin(), t->constant.end());
    }
    auto& refs = l.delegate_refs.emplace_back();
    for (const WriteDelegate& d : plan.delegates) {
      auto& seen = d.as_segment ? seen_segment : seen_inline;
      auto& store = d.as_segment ? l.segments : l.inline_blobs;
      auto it = seen.find(d.processed);
      if (it == seen.end()) {
        it = seen.emplace(d.processed, static_cast<uint32_t>(store.size())).first;
        store.push_back(d.processed);
      }
      refs.emplace_back(d.as_segment ? fb::DataLocation::SEGMENT : fb::DataLocation::INLINE, it->second);
    }
  }
  l.segments[0] = l.constants;
  // Named data blobs come last (ExecuTorch exir/_serialize/_program.py serialize_pte_binary).
  for (const auto& nd : program.named_data) {
    auto it = seen_segment.find(nd.second);
    if (it == seen_segment.end()) {
      it = seen_segment.emplace(nd.second, static_cast<uint32_t>(l.segments.size())).first;
      l.segments.push_back(nd.second);
    }
    l.named_segment.push_back(it->second);
  }
  return l;
}

template <class T>
Offset<flatbuffers::Vector<T>> vec(FlatBufferBuilder& b, const std::vector<T>& v) {
  return b.CreateVector(v);
}

Offset<fb::Tensor> build_tensor(FlatBufferBuilder& b, const WriteTensor& t, uint32_t data_buffer_idx) {
  std::vector<uint8_t> dim_order = t.dim_order;
  if (dim_order.empty()) {
    for (size_t d = 0; d < t.sizes.size(); ++d) dim_order.push_back(static_cast<uint8_t>(d));
  }
  auto sizes = vec(b, t.sizes);
  auto dims = vec(b, dim_order);
  Offset<fb::AllocationDetails> alloc = 0;
  if (t.memory_id != 0) {
    alloc = fb::CreateAllocationDetails(b, t.memory_id, static_cast<uint32_t>(t.memory_offset),
                                        static_cast<uint32_t>(t.memory_offset >> 32));
  }
  return fb::CreateTensor(b, t.scalar_type, 0, sizes, dims, false, data_buffer_idx, alloc, 0, t.shape_dynamism);
}

Offset<fb::EValue> build_value(FlatBufferBuilder& b, const WriteValue& value, uint32_t data_buffer_idx) {
  struct Visitor {
    FlatBufferBuilder& b;
    uint32_t data_buffer_idx;
    Offset<fb::EValue> operator()(const WriteNull&) {
      return fb::CreateEValue(b, fb::KernelTypes::Null, fb::CreateNull(b).Union());
    }
    Offset<fb::EValue> operator()(int64_t v) { return fb::CreateEValue(b, fb::KernelTypes::Int, fb::CreateInt(b, v).Union()); }
    Offset<fb::EValue> operator()(bool v) { return fb::CreateEValue(b, fb::KernelTypes::Bool, fb::CreateBool(b, v).Union()); }
    Offset<fb::EValue> operator()(double v) {
      return fb::CreateEValue(b, fb::KernelTypes::Double, fb::CreateDouble(b, v).Union());
    }
    Offset<fb::EValue> operator()(const std::string& s) {
      auto str = b.CreateString(s);
      return fb::CreateEValue(b, fb::KernelTypes::String, fb::CreateString(b, str).Union());
    }
    Offset<fb::EValue> operator()(const WriteTensor& t) {
      return fb::CreateEValue(b, fb::KernelTypes::Tensor, build_tensor(b, t, data_buffer_idx).Union());
    }
    Offset<fb::EValue> operator()(const WriteIntList& l) {
      auto items = vec(b, l.value_indices);
      return fb::CreateEValue(b, fb::KernelTypes::IntList, fb::CreateIntList(b, items).Union());
    }
    Offset<fb::EValue> operator()(const WriteDoubleList& l) {
      auto items = vec(b, l.items);
      return fb::CreateEValue(b, fb::KernelTypes::DoubleList, fb::CreateDoubleList(b, items).Union());
    }
    Offset<fb::EValue> operator()(const WriteBoolList& l) {
      auto items = b.CreateVector(l.items);
      return fb::CreateEValue(b, fb::KernelTypes::BoolList, fb::CreateBoolList(b, items).Union());
    }
    Offset<fb::EValue> operator()(const WriteTensorList& l) {
      auto items = vec(b, l.value_indices);
      return fb::CreateEValue(b, fb::KernelTypes::TensorList, fb::CreateTensorList(b, items).Union());
    }
    Offset<fb::EValue> operator()(const WriteOptionalTensorList& l) {
      auto items = vec(b, l.value_indices);
      return fb::CreateEValue(b, fb::KernelTypes::OptionalTensorList, fb::CreateOptionalTensorList(b, items).Union());
    }
  };
  return std::visit(Visitor{b, data_buffer_idx}, value);
}

Offset<fb::Instruction> build_instruction(FlatBufferBuilder& b, const WriteInstruction& ins) {
  struct Visitor {
    FlatBufferBuilder& b;
    Offset<fb::Instruction> operator()(const WriteKernelCall& k) {
      auto args = vec(b, k.args);
      return fb::CreateInstruction(b, fb::InstructionArguments::KernelCall, fb::CreateKernelCall(b, k.op_index, args).Union());
    }
    Offset<fb::Instruction> operator()(const WriteDelegateCall& d) {
      auto args = vec(b, d.args);
      return fb::CreateInstruction(b, fb::InstructionArguments::DelegateCall,
                                   fb::CreateDelegateCall(b, d.delegate_index, args).Union());
    }
    Offset<fb::Instruction> operator()(const WriteMoveCall& m) {
      return fb::CreateInstruction(b, fb::InstructionArguments::MoveCall, fb::CreateMoveCall(b, m.from, m.to).Union());
    }
    Offset<fb::Instruction> operator()(const WriteJumpFalseCall& j) {
      return fb::CreateInstruction(b, fb::InstructionArguments::JumpFalseCall,
                                   fb::CreateJumpFalseCall(b, j.cond_value_index, j.destination_instruction).Union());
    }
    Offset<fb::Instruction> operator()(const WriteFreeCall& f) {
      return fb::CreateInstruction(b, fb::InstructionArguments::FreeCall, fb::CreateFreeCall(b, f.value_index).Union());
    }
  };
  return std::visit(Visitor{b}, ins);
}

Offset<fb::ExecutionPlan> build_plan(FlatBufferBuilder& b, const WritePlan& plan, const Layout& l, size_t p) {
  auto name = b.CreateString(plan.name);
  auto inp = b.CreateString(plan.encoded_inp_str);
  auto outp = b.CreateString(plan.encoded_out_str);
  auto meta = fb::CreateContainerMetadata(b, inp, outp);
  std::vector<Offset<fb::EValue>> values;
  for (size_t v = 0; v < plan.values.size(); ++v) values.push_back(build_value(b, plan.values[v], l.constant_idx[p][v]));
  auto values_vec = b.CreateVector(values);
  auto inputs = vec(b, plan.inputs);
  auto outputs = vec(b, plan.outputs);
  std::vector<Offset<fb::Instruction>> instrs;
  for (const WriteInstruction& i : plan.instructions) instrs.push_back(build_instruction(b, i));
  auto chain_inputs = b.CreateVector(std::vector<int32_t>{});
  auto chain_outputs = b.CreateVector(std::vector<int32_t>{});
  auto chain = fb::CreateChain(b, chain_inputs, chain_outputs, b.CreateVector(instrs));
  auto chains = b.CreateVector(std::vector<Offset<fb::Chain>>{chain});
  std::vector<Offset<fb::Operator>> ops;
  for (const auto& [op_name, overload] : plan.operators) {
    auto n = b.CreateString(op_name);
    auto o = b.CreateString(overload);
    ops.push_back(fb::CreateOperator(b, n, o));
  }
  auto ops_vec = b.CreateVector(ops);
  std::vector<Offset<fb::BackendDelegate>> delegates;
  for (size_t d = 0; d < plan.delegates.size(); ++d) {
    const WriteDelegate& wd = plan.delegates[d];
    std::vector<Offset<fb::CompileSpec>> specs;
    for (const auto& [key, value] : wd.compile_specs) {
      auto k = b.CreateString(key);
      auto v = vec(b, value);
      specs.push_back(fb::CreateCompileSpec(b, k, v));
    }
    auto id = b.CreateString(wd.id);
    auto ref = fb::CreateBackendDelegateDataReference(b, l.delegate_refs[p][d].first, l.delegate_refs[p][d].second);
    auto specs_vec = b.CreateVector(specs);
    delegates.push_back(fb::CreateBackendDelegate(b, id, ref, specs_vec));
  }
  auto delegates_vec = b.CreateVector(delegates);
  auto sizes = vec(b, plan.non_const_buffer_sizes);
  return fb::CreateExecutionPlan(b, name, meta, values_vec, inputs, outputs, chains, ops_vec, delegates_vec, sizes);
}

// ExecuTorch serialises by handing the program's JSON to flatc, so its files have the table order
// of flatbuffers' JSON parser. Re-encoding our program through that parser gives the same bytes
// (the shared programs are reproduced exactly). Returns the re-encoded flatbuffer (no eh00), or
// nothing when the reader rejects the draft: such a program keeps the builder's layout.
std::vector<uint8_t> canonical_flatbuffer(const std::vector<uint8_t>& file) {
  struct Free {
    void operator()(uint8_t* p) const { std::free(p); }
  };
  std::unique_ptr<uint8_t, Free> buf(static_cast<uint8_t*>(std::aligned_alloc(16, (file.size() + 15) / 16 * 16)));
  std::memcpy(buf.get(), file.data(), file.size());
  pte::Program program;
  if (!pte::Program::load(rt::Bytes(buf.get(), file.size()), program).ok()) return {};
  std::string error;
  return flatbuffer_from_json(program_json(program), error);
}

}  // namespace

std::vector<uint8_t> write_pte(const WriteProgram& program, const WriteOptions& options) {
  const Layout l = plan_layout(program, options);
  // Segment offsets relative to segment_base_offset, each aligned (ExecuTorch
  // exir/_serialize/_program.py serialize_pte_binary).
  std::vector<uint64_t> seg_offsets;
  uint64_t end = 0;
  for (size_t i = 0; i < l.segments.size(); ++i) {
    const uint64_t at = i == 0 ? 0 : align_up(end, options.segment_alignment);
    seg_offsets.push_back(at);
    end = at + l.segments[i].size();
  }

  FlatBufferBuilder b(1024 + end);
  std::vector<Offset<fb::ExecutionPlan>> plans;
  for (size_t p = 0; p < program.plans.size(); ++p) plans.push_back(build_plan(b, program.plans[p], l, p));
  auto plans_vec = b.CreateVector(plans);
  auto constant_buffer = b.CreateVector(std::vector<Offset<fb::Buffer>>{});
  std::vector<Offset<fb::BackendDelegateInlineData>> inline_data;
  for (const auto& blob : l.inline_blobs) {
    // force_align: 16 on BackendDelegateInlineData.data (ExecuTorch schema/program.fbs): Ethos-U
    // needs the blob 16-aligned.
    b.ForceVectorAlignment(blob.size(), sizeof(uint8_t), options.blob_alignment);
    auto data = b.CreateVector(blob);
    inline_data.push_back(fb::CreateBackendDelegateInlineData(b, data));
  }
  auto inline_vec = b.CreateVector(inline_data);
  std::vector<Offset<fb::DataSegment>> segs;
  for (size_t i = 0; i < l.segments.size(); ++i) segs.push_back(fb::CreateDataSegment(b, seg_offsets[i], l.segments[i].size()));
  auto segs_vec = b.CreateVector(segs);
  auto offsets = vec(b, l.constant_offsets);
  auto constant_segment = fb::CreateSubsegmentOffsets(b, 0, offsets);
  Offset<flatbuffers::Vector<Offset<fb::NamedData>>> named = 0;
  if (!program.named_data.empty()) {
    std::vector<Offset<fb::NamedData>> entries;
    for (size_t i = 0; i < program.named_data.size(); ++i) {
      auto key = b.CreateString(program.named_data[i].first);
      entries.push_back(fb::CreateNamedData(b, key, l.named_segment[i]));
    }
    named = b.CreateVector(entries);
  }
  auto root = fb::CreateProgram(b, 0, plans_vec, constant_buffer, inline_vec, segs_vec, constant_segment, 0, named);
  b.Finish(root, pte::kFileIdentifier);
  const std::vector<uint8_t> built(b.GetBufferPointer(), b.GetBufferPointer() + b.GetSize());
  const std::vector<uint8_t> draft = assemble_pte(built, l.segments, seg_offsets, options.segment_alignment);
  const std::vector<uint8_t> flat = canonical_flatbuffer(draft);
  return flat.empty() ? draft : assemble_pte(flat, l.segments, seg_offsets, options.segment_alignment);
}

std::vector<uint8_t> assemble_pte(const std::vector<uint8_t>& flat, const std::vector<std::vector<uint8_t>>& segments,
                                  const std::vector<uint64_t>& offsets, uint32_t segment_alignment) {
  uint64_t data_size = 0;
  for (size_t i = 0; i < segments.size(); ++i) {
    if (!segments[i].empty()) data_size = std::max<uint64_t>(data_size, offsets[i] + segments[i].size());
  }
  if (data_size == 0 || flat.size() < 8) return flat;
  constexpr uint32_t kHeader = pte::kExtendedHeaderFullLength;
  std::vector<uint8_t> out(flat.begin(), flat.begin() + 8);
  out.resize(8 + kHeader, 0);
  std::memcpy(out.data() + 8, pte::kExtendedHeaderMagic, 4);
  put_u32(out, 12, kHeader);
  out.insert(out.end(), flat.begin() + 8, flat.end());
  uint32_t root_offset;
  std::memcpy(&root_offset, flat.data(), 4);
  put_u32(out, 0, root_offset + kHeader);
  const uint64_t program_size = out.size();
  const uint64_t base = align_up(program_size, segment_alignment);
  put_u64(out, 16, program_size);
  put_u64(out, 24, base);
  put_u64(out, 32, data_size);
  out.resize(base + data_size, 0);
  for (size_t i = 0; i < segments.size(); ++i) {
    std::copy(segments[i].begin(), segments[i].end(), out.begin() + static_cast<std::ptrdiff_t>(base + offsets[i]));
  }
  return out;
}

std::vector<uint8_t> flatbuffer_from_json(const std::string& json, std::string& error) {
  flatbuffers::Parser parser;
  if (!parser.Parse(kProgramSchema) || !parser.Parse(json.c_str())) {
    error = parser.error_;
    return {};
  }
  return std::vector<uint8_t>(parser.builder_.GetBufferPointer(),
                              parser.builder_.GetBufferPointer() + parser.builder_.GetSize());
}

std::string text_of(const std::vector<uint8_t>& bytes) { return std::string(bytes.begin(), bytes.end()); }

std::vector<uint8_t> bytes_of(std::string_view text) { return std::vector<uint8_t>(text.begin(), text.end()); }

}  // namespace corsim::pte_tool
