// Writer for ExecuTorch ".pte" programs (ET12) from an in-memory description, in ExecuTorch's own
// layout (ExecuTorch docs/source/pte-file-format.md, exir/_serialize/_program.py
// serialize_pte_binary): root table first, byte blobs 16-byte aligned inside the flatbuffer,
// constant tensors concatenated in a constant segment (placeholder entry 0, each tensor padded to
// 16), delegates inline or as segments, segments aligned to 128 after the program, and the "eh00"
// extended header spliced in only when segment data exists. The result reads back with runtime/pte
// (pte::Program::load). Host-only (C++20, heap).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "runtime/pte/program.h"

namespace corsim::pte_tool {

namespace fb = pte::fb;

struct WriteTensor {
  fb::ScalarType scalar_type = fb::ScalarType::FLOAT;
  std::vector<int32_t> sizes;
  std::vector<uint8_t> dim_order;  // empty: identity 0..rank-1
  // Where the data lives (ExecuTorch schema/program.fbs Tensor): planned (memory_id >= 1), constant
  // bytes, or neither.
  uint32_t memory_id = 0;
  uint64_t memory_offset = 0;
  std::vector<uint8_t> constant;  // non-empty: a constant tensor stored in the constant segment
  bool plan = false;              // let plan_memory() (arm_program.h) choose memory_id/offset
  fb::TensorShapeDynamism shape_dynamism = fb::TensorShapeDynamism::STATIC;
};

struct WriteNull {};
struct WriteIntList {
  std::vector<int64_t> value_indices;  // indices of Int values (ET schema/program.fbs IntList)
};
struct WriteDoubleList {
  std::vector<double> items;
};
struct WriteBoolList {
  std::vector<bool> items;
};
struct WriteTensorList {
  std::vector<int32_t> value_indices;
};
struct WriteOptionalTensorList {
  std::vector<int32_t> value_indices;  // -1 = None
};

using WriteValue = std::variant<WriteNull, int64_t, bool, double, std::string, WriteTensor, WriteIntList,
                                WriteDoubleList, WriteBoolList, WriteTensorList, WriteOptionalTensorList>;

struct WriteKernelCall {
  int32_t op_index = 0;
  std::vector<int32_t> args;  // schema args then the return slot (ExecuTorch _emitter.py)
};
struct WriteDelegateCall {
  int32_t delegate_index = 0;
  std::vector<int32_t> args;  // inputs then outputs
};
struct WriteMoveCall {
  int32_t from = 0, to = 0;
};
struct WriteJumpFalseCall {
  int32_t cond_value_index = 0, destination_instruction = 0;
};
struct WriteFreeCall {
  int32_t value_index = 0;
};

using WriteInstruction =
    std::variant<WriteKernelCall, WriteDelegateCall, WriteMoveCall, WriteJumpFalseCall, WriteFreeCall>;

struct WriteDelegate {
  std::string id;  // e.g. "EthosUBackend"
  std::vector<std::pair<std::string, std::vector<uint8_t>>> compile_specs;
  std::vector<uint8_t> processed;
  bool as_segment = false;  // false: inline in backend_delegate_data (aot_arm_compiler.py's choice)
};

struct WritePlan {
  std::string name = "forward";
  std::string encoded_inp_str, encoded_out_str;
  std::vector<WriteValue> values;
  std::vector<int32_t> inputs, outputs;
  std::vector<WriteInstruction> instructions;  // one chain
  std::vector<std::pair<std::string, std::string>> operators;  // name, overload
  std::vector<WriteDelegate> delegates;
  std::vector<int64_t> non_const_buffer_sizes = {0};  // entry 0 reserved (ET method_meta.cpp)
};

struct WriteProgram {
  std::vector<WritePlan> plans;
  // Program.named_data (ExecuTorch schema/program.fbs NamedData): key -> its own segment (e.g.
  // Ethos-U external cmd/weight blocks).
  std::vector<std::pair<std::string, std::vector<uint8_t>>> named_data;
};

struct WriteOptions {
  uint32_t segment_alignment = 128;  // ExecuTorch exir/capture/_config.py default
  uint32_t tensor_alignment = 16;    // constant tensors inside the constant segment
  uint32_t blob_alignment = 16;      // force_align of Buffer.storage / BackendDelegateInlineData.data
};

std::vector<uint8_t> write_pte(const WriteProgram& program, const WriteOptions& options = {});

// The file around a flatbuffer (ExecuTorch serialize_pte_binary, schema/extended_header.h): the
// flatbuffer alone when no segment has data; otherwise the 32-byte eh00 header spliced after the
// identifier (root offset moved past it), then segment i at segment_base_offset + offsets[i], the
// base aligned to segment_alignment.
std::vector<uint8_t> assemble_pte(const std::vector<uint8_t>& flatbuffer, const std::vector<std::vector<uint8_t>>& segments,
                                  const std::vector<uint64_t>& offsets, uint32_t segment_alignment = 128);

// Encodes a Program given as JSON (the "program" member of `corsim-pte dump --json`, or flatc's
// JSON) with flatbuffers' parser and our schema, as ExecuTorch's serializer does. Empty on error,
// with the parser's message in `error`.
std::vector<uint8_t> flatbuffer_from_json(const std::string& program_json, std::string& error);

std::string text_of(const std::vector<uint8_t>& bytes);
std::vector<uint8_t> bytes_of(std::string_view text);

}  // namespace corsim::pte_tool
