#include "fuzz/small_tflite.h"

#include <algorithm>
#include <string>

#include "tflite_subset_generated.h"

namespace corsim::fuzz {

namespace tfl = corsim::npu::tflite;

namespace {

constexpr size_t kKeptBytes = 64;  // of each buffer other than the command stream

template <typename T>
std::vector<T> values(const flatbuffers::Vector<T>* v) {
  return v ? std::vector<T>(v->begin(), v->end()) : std::vector<T>{};
}

std::string text(const flatbuffers::String* s) { return s ? s->str() : std::string(); }

// The buffer index of the "ethos-u" operator's first input (the command stream), or -1.
int64_t command_stream_buffer(const tfl::Model& m, const tfl::SubGraph& g) {
  if (!g.operators() || !g.tensors() || !m.operator_codes()) return -1;
  for (const tfl::Operator* op : *g.operators()) {
    if (op->opcode_index() >= m.operator_codes()->size()) continue;
    if (text(m.operator_codes()->Get(op->opcode_index())->custom_code()) != "ethos-u") continue;
    if (!op->inputs() || op->inputs()->size() == 0) continue;
    const int32_t t = op->inputs()->Get(0);
    if (t >= 0 && static_cast<uint32_t>(t) < g.tensors()->size()) return g.tensors()->Get(static_cast<uint32_t>(t))->buffer();
  }
  return -1;
}

}  // namespace

std::vector<uint8_t> small_vela_tflite(const std::vector<uint8_t>& file) {
  flatbuffers::Verifier verifier(file.data(), file.size());
  if (!tfl::VerifyModelBuffer(verifier)) return {};
  const tfl::Model& m = *tfl::GetModel(file.data());
  if (!m.subgraphs() || m.subgraphs()->size() == 0 || !m.buffers()) return {};
  const tfl::SubGraph& g = *m.subgraphs()->Get(0);
  const int64_t keep_whole = command_stream_buffer(m, g);
  if (keep_whole < 0) return {};

  flatbuffers::FlatBufferBuilder b;
  std::vector<flatbuffers::Offset<tfl::OperatorCode>> codes;
  for (const tfl::OperatorCode* c : *m.operator_codes())
    codes.push_back(tfl::CreateOperatorCodeDirect(b, c->deprecated_builtin_code(),
                                                  c->custom_code() ? c->custom_code()->c_str() : nullptr,
                                                  c->version(), c->builtin_code()));
  std::vector<flatbuffers::Offset<tfl::Tensor>> tensors;
  if (g.tensors())
    for (const tfl::Tensor* t : *g.tensors()) {
      const auto shape = values(t->shape());
      tensors.push_back(tfl::CreateTensorDirect(b, &shape, t->type(), t->buffer(), t->name() ? t->name()->c_str() : nullptr));
    }
  std::vector<flatbuffers::Offset<tfl::Operator>> ops;
  if (g.operators())
    for (const tfl::Operator* op : *g.operators()) {
      const auto in = values(op->inputs()), out = values(op->outputs());
      ops.push_back(tfl::CreateOperatorDirect(b, op->opcode_index(), &in, &out));
    }
  const auto g_in = values(g.inputs()), g_out = values(g.outputs());
  const std::vector<flatbuffers::Offset<tfl::SubGraph>> graphs{
      tfl::CreateSubGraphDirect(b, &tensors, &g_in, &g_out, &ops, g.name() ? g.name()->c_str() : nullptr)};
  std::vector<flatbuffers::Offset<tfl::Buffer>> buffers;
  for (uint32_t i = 0; i < m.buffers()->size(); ++i) {
    std::vector<uint8_t> data = values(m.buffers()->Get(i)->data());
    if (i != keep_whole && data.size() > kKeptBytes) data.resize(kKeptBytes);
    buffers.push_back(tfl::CreateBufferDirect(b, data.empty() ? nullptr : &data));
  }
  std::vector<flatbuffers::Offset<tfl::Metadata>> metadata;
  if (m.metadata())
    for (const tfl::Metadata* md : *m.metadata())
      metadata.push_back(tfl::CreateMetadataDirect(b, md->name() ? md->name()->c_str() : nullptr, md->buffer()));
  const auto metadata_buffer = values(m.metadata_buffer());
  b.Finish(tfl::CreateModelDirect(b, m.version(), &codes, &graphs, nullptr, &buffers, &metadata_buffer, &metadata),
           tfl::ModelIdentifier());
  return {b.GetBufferPointer(), b.GetBufferPointer() + b.GetSize()};
}

}  // namespace corsim::fuzz
