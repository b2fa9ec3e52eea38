#include "tools/pte/arm_program.h"

#include <algorithm>
#include <climits>
#include <numeric>

#include "tools/pte/live_range_plan.h"

namespace corsim::pte_tool {
namespace {

uint64_t align_up(uint64_t v, uint64_t a) { return (v + a - 1) / a * a; }

void mention(std::vector<int>& first, std::vector<int>& last, int32_t value, int when) {
  if (value < 0 || static_cast<size_t>(value) >= first.size()) return;
  first[value] = std::min(first[value], when);
  last[value] = std::max(last[value], when);
}

std::vector<int32_t> args_of(const WriteInstruction& ins) {
  if (const auto* k = std::get_if<WriteKernelCall>(&ins)) return k->args;
  if (const auto* d = std::get_if<WriteDelegateCall>(&ins)) return d->args;
  if (const auto* m = std::get_if<WriteMoveCall>(&ins)) return {m->from, m->to};
  if (const auto* j = std::get_if<WriteJumpFalseCall>(&ins)) return {j->cond_value_index};
  return {std::get<WriteFreeCall>(ins).value_index};
}

}  // namespace

void plan_memory(WritePlan& plan, uint32_t alignment) {
  const size_t n = plan.values.size();
  std::vector<int> first(n, INT_MAX), last(n, INT_MIN);
  for (int32_t v : plan.inputs) mention(first, last, v, -1);
  for (size_t i = 0; i < plan.instructions.size(); ++i) {
    for (int32_t v : args_of(plan.instructions[i])) mention(first, last, v, static_cast<int>(i));
  }
  for (int32_t v : plan.outputs) mention(first, last, v, INT_MAX - 1);
  struct Item {
    size_t value;
    uint64_t size;
  };
  std::vector<Item> items;
  for (size_t v = 0; v < n; ++v) {
    auto* t = std::get_if<WriteTensor>(&plan.values[v]);
    if (t == nullptr || !t->plan) continue;
    uint64_t bytes = pte::element_size(t->scalar_type);
    for (int32_t s : t->sizes) bytes *= static_cast<uint64_t>(s);
    items.push_back({v, align_up(bytes, alignment)});
    if (first[v] == INT_MAX) first[v] = last[v] = -1;  // never used: a point lifetime
  }
  std::vector<LiveBuffer> buffers;
  for (const Item& it : items) buffers.push_back({it.size, first[it.value], last[it.value]});
  const MemoryPlan placed = plan_live_ranges(buffers, alignment);
  for (size_t k = 0; k < items.size(); ++k) {
    auto& t = std::get<WriteTensor>(plan.values[items[k].value]);
    t.memory_id = 1;
    t.memory_offset = placed.offsets[k];
  }
  plan.non_const_buffer_sizes = {0, static_cast<int64_t>(placed.size)};
}

WriteProgram make_delegated_program(const DelegatedProgramSpec& spec) {
  const bool decomposed = spec.flavour == QuantFlavour::kQuantizedDecomposed;
  const std::string ns = decomposed ? "quantized_decomposed::" : "cortex_m::";
  WritePlan plan;
  plan.encoded_inp_str = spec.encoded_inp_str;
  plan.encoded_out_str = spec.encoded_out_str;
  plan.operators = {{ns + "quantize_per_tensor", "out"}, {ns + "dequantize_per_tensor", "out"}};
  auto tensor = [](fb::ScalarType type, const std::vector<int32_t>& sizes) {
    WriteTensor t;
    t.scalar_type = type;
    t.sizes = sizes;
    t.plan = true;
    return t;
  };
  auto add = [&](WriteValue v) {
    plan.values.push_back(std::move(v));
    return static_cast<int32_t>(plan.values.size() - 1);
  };
  // Scalar arguments of (de)quantize_per_tensor (ExecuTorch kernels/quantized/quantized.yaml):
  // scale, zero_point, quant_min, quant_max, dtype.
  auto quant_args = [&](const QuantParams& q) {
    std::vector<int32_t> idx;
    idx.push_back(add(q.scale));
    idx.push_back(add(q.zero_point));
    idx.push_back(add(q.quant_min));
    idx.push_back(add(q.quant_max));
    idx.push_back(add(static_cast<int64_t>(q.dtype)));
    return idx;
  };
  for (const BoundaryTensor& in : spec.inputs) plan.inputs.push_back(add(tensor(fb::ScalarType::FLOAT, in.sizes)));
  std::vector<int32_t> delegate_args;
  for (size_t i = 0; i < spec.inputs.size(); ++i) {
    const int32_t out = add(tensor(spec.inputs[i].quant.dtype, spec.inputs[i].sizes));
    std::vector<int32_t> args = {plan.inputs[i]};
    for (int32_t a : quant_args(spec.inputs[i].quant)) args.push_back(a);
    args.push_back(out);
    args.push_back(out);  // return slot (ExecuTorch exir/emit/_emitter.py _emit_operator)
    plan.instructions.push_back(WriteKernelCall{0, args});
    delegate_args.push_back(out);
  }
  std::vector<int32_t> npu_outputs;
  for (const BoundaryTensor& o : spec.outputs) npu_outputs.push_back(add(tensor(o.quant.dtype, o.sizes)));
  delegate_args.insert(delegate_args.end(), npu_outputs.begin(), npu_outputs.end());
  plan.instructions.push_back(WriteDelegateCall{0, delegate_args});
  for (size_t i = 0; i < spec.outputs.size(); ++i) {
    const int32_t out = add(tensor(fb::ScalarType::FLOAT, spec.outputs[i].sizes));
    std::vector<int32_t> args = {npu_outputs[i]};
    for (int32_t a : quant_args(spec.outputs[i].quant)) args.push_back(a);
    if (decomposed) args.push_back(add(WriteNull{}));  // ScalarType? out_dtype = None
    args.push_back(out);
    args.push_back(out);
    plan.instructions.push_back(WriteKernelCall{1, args});
    plan.outputs.push_back(out);
  }
  plan.delegates.push_back(spec.delegate);
  plan_memory(plan);
  WriteProgram p;
  p.plans.push_back(std::move(plan));
  return p;
}

}  // namespace corsim::pte_tool
