// Vela .tflite input: the custom operator "ethos-u" (Vela's TFLite output format, shared models
// README): inputs = command stream, flash (region 0), scratch (region 1), scratch_fast (region 2),
// then the network inputs; outputs = the network outputs. IO tensors live in the scratch arena at
// the offsets of the OfflineMemoryAllocation metadata.
#include <fmt/format.h>

#include "npu/runner/job.h"
#include "tflite_subset_generated.h"

namespace corsim::npu::runner {

namespace {

namespace tfl = corsim::npu::tflite;

bool buffer_bytes(std::span<const uint8_t> file, const tfl::Model& m, uint32_t index, std::vector<uint8_t>& out,
                  std::string& error) {
  out.clear();
  if (!m.buffers() || index >= m.buffers()->size()) {
    error = fmt::format("tflite: buffer index {} out of range", index);
    return false;
  }
  const tfl::Buffer* b = m.buffers()->Get(index);
  if (b->data()) {
    out.assign(b->data()->begin(), b->data()->end());
  } else if (b->offset() > 1 && b->size() > 0) {
    if (b->offset() > file.size() || b->size() > file.size() - b->offset()) {
      error = fmt::format("tflite: buffer {} lies outside the file", index);
      return false;
    }
    out.assign(file.begin() + static_cast<long>(b->offset()),
               file.begin() + static_cast<long>(b->offset() + b->size()));
  }
  return true;
}

uint64_t tensor_bytes(const tfl::Tensor& t) {
  uint64_t n = 1;
  if (t.shape())
    for (int32_t d : *t.shape()) n *= static_cast<uint64_t>(d > 0 ? d : 1);
  switch (t.type()) {
    case 2: case 0: return n * 4;  // INT32, FLOAT32
    case 7: case 1: return n * 2;  // INT16, FLOAT16
    case 4: return n * 8;          // INT64
    default: return n;             // UINT8, INT8, BOOL
  }
}

}  // namespace

bool load_tflite(const std::string& path, Job& job, std::string& error) {
  std::vector<uint8_t> file;
  return read_file(path, file, error) && parse_tflite(file, path, job, error);
}

bool parse_tflite(std::span<const uint8_t> file, const std::string& path, Job& job, std::string& error,
                  uint64_t max_region_bytes) {
  flatbuffers::Verifier verifier(file.data(), file.size());
  if (file.size() < 8 || !tfl::VerifyModelBuffer(verifier)) {
    error = fmt::format("'{}' is not a valid TensorFlow Lite flatbuffer", path);
    return false;
  }
  const tfl::Model& m = *tfl::GetModel(file.data());
  if (!m.subgraphs() || m.subgraphs()->size() == 0 || !m.operator_codes()) {
    error = "tflite: model has no subgraph";
    return false;
  }
  const tfl::SubGraph& g = *m.subgraphs()->Get(0);
  const tfl::Operator* npu_op = nullptr;
  if (g.operators())
    for (const tfl::Operator* op : *g.operators()) {
      if (op->opcode_index() >= m.operator_codes()->size()) continue;
      const auto* code = m.operator_codes()->Get(op->opcode_index());
      if (code->custom_code() && code->custom_code()->str() == "ethos-u") {
        if (npu_op) {
          error = "tflite: more than one ethos-u operator (run each command stream separately)";
          return false;
        }
        npu_op = op;
      }
    }
  if (!npu_op || !npu_op->inputs() || npu_op->inputs()->size() < 4 || !g.tensors()) {
    error = "tflite: no custom operator 'ethos-u' with command stream, flash, scratch and scratch_fast inputs (not a Vela-compiled .tflite?)";
    return false;
  }
  auto tensor = [&](int32_t i) -> const tfl::Tensor* {
    return (i >= 0 && static_cast<uint32_t>(i) < g.tensors()->size()) ? g.tensors()->Get(static_cast<uint32_t>(i))
                                                                       : nullptr;
  };
  const auto* ins = npu_op->inputs();
  const tfl::Tensor *cmd = tensor(ins->Get(0)), *flash = tensor(ins->Get(1)), *scratch = tensor(ins->Get(2)),
                    *fast = tensor(ins->Get(3));
  if (!cmd || !flash || !scratch || !fast) {
    error = "tflite: ethos-u operator refers to a missing tensor";
    return false;
  }
  std::vector<uint8_t> cmd_bytes;
  if (!buffer_bytes(file, m, cmd->buffer(), cmd_bytes, error)) return false;
  if (!load_command_bytes(cmd_bytes, job, error)) return false;
  if (!buffer_bytes(file, m, flash->buffer(), job.regions[0], error)) return false;
  if (!allocate_region(job.regions[1], tensor_bytes(*scratch), fmt::format("'{}': the scratch tensor", path), error,
                       max_region_bytes) ||
      !allocate_region(job.regions[2], tensor_bytes(*fast), fmt::format("'{}': the fast scratch tensor", path), error,
                       max_region_bytes))
    return false;

  // OfflineMemoryAllocation: int32 [version, subgraph, count, offset per tensor (-1: none)].
  std::vector<int32_t> offline;
  if (m.metadata())
    for (const tfl::Metadata* md : *m.metadata()) {
      if (!md->name() || md->name()->str() != "OfflineMemoryAllocation") continue;
      std::vector<uint8_t> raw;
      if (!buffer_bytes(file, m, md->buffer(), raw, error)) return false;
      for (size_t i = 0; i + 4 <= raw.size(); i += 4)
        offline.push_back(static_cast<int32_t>(uint32_t{raw[i]} | uint32_t{raw[i + 1]} << 8 |
                                               uint32_t{raw[i + 2]} << 16 | uint32_t{raw[i + 3]} << 24));
    }
  // A tensor's entry, -1 (none) when the table does not reach it: the scratch tensor's index is as
  // untrusted as the others (fuzz/regressions/tflite/offline_allocation_short_of_scratch_tensor).
  auto offline_entry = [&](int32_t t) -> int64_t {
    return t >= 0 && static_cast<size_t>(t) + 3 < offline.size() ? offline[3 + static_cast<size_t>(t)] : -1;
  };
  auto arena_offset = [&](int32_t t) -> int64_t {
    const int64_t off = offline_entry(t);
    return off < 0 ? 0 : off - std::max<int64_t>(offline_entry(ins->Get(2)), 0);
  };
  auto add_io = [&](int32_t t, std::vector<IoTensor>& list) {
    const tfl::Tensor* tt = tensor(t);
    if (!tt) return;
    IoTensor io;
    io.name = tt->name() ? tt->name()->str() : fmt::format("tensor{}", t);
    io.region = 1;
    io.offset = static_cast<uint64_t>(arena_offset(t));
    io.size = tensor_bytes(*tt);
    list.push_back(io);
  };
  for (uint32_t i = 4; i < ins->size(); ++i) add_io(ins->Get(i), job.inputs);
  if (npu_op->outputs())
    for (int32_t t : *npu_op->outputs()) add_io(t, job.outputs);
  return true;
}

}  // namespace corsim::npu::runner
