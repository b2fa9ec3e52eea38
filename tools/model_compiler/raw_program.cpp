#include "tools/model_compiler/raw_program.h"

#include <filesystem>
#include <fstream>
#include <iterator>

#include <fmt/format.h>

#include "runtime/backends/ethos_u/vela_bin_stream.h"
#include "tools/model_compiler/json.h"
#include "tools/pte/arm_program.h"
#include "tools/pte/pte_writer.h"
#include "tools/pte/vela_bin_writer.h"

namespace corsim::model_compiler {

namespace pt = corsim::pte_tool;

size_t RawTensor::bytes() const {
  size_t n = 1;
  for (int32_t d : shape) n *= static_cast<size_t>(d);
  return n;  // int8 / uint8: one byte per element
}

namespace {

bool read_file(const std::filesystem::path& p, std::vector<uint8_t>& out) {
  std::ifstream f(p, std::ios::binary);
  if (!f) return false;
  out.assign(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
  return true;
}

struct Reader {
  std::string error;
  std::string str(const JsonValue& o, const char* key, bool required = true) {
    const JsonValue* v = o.find(key);
    if (v == nullptr || !v->is_string()) {
      if (required && error.empty()) error = fmt::format("'{}' must be a string", key);
      return {};
    }
    return v->text;
  }
  uint32_t u32(const JsonValue& o, const char* key) {
    const JsonValue* v = o.find(key);
    if (v == nullptr || !v->is_number() || v->number < 0 || v->number > 4294967295.0 || v->number != static_cast<uint32_t>(v->number)) {
      if (error.empty()) error = fmt::format("'{}' must be a non-negative integer", key);
      return 0;
    }
    return static_cast<uint32_t>(v->number);
  }
  std::vector<RawTensor> tensors(const JsonValue& root, const char* key) {
    std::vector<RawTensor> out;
    const JsonValue* arr = root.find(key);
    if (arr == nullptr || !arr->is_array() || arr->items.empty()) {
      if (error.empty()) error = fmt::format("'{}' must be a non-empty array", key);
      return out;
    }
    for (const JsonValue& t : arr->items) {
      RawTensor r;
      r.file = str(t, "file");
      r.offset = u32(t, "offset");
      r.dtype = str(t, "dtype", false);
      if (r.dtype.empty()) r.dtype = "int8";
      if (r.dtype != "int8" && r.dtype != "uint8" && error.empty())
        error = fmt::format("{} '{}': dtype '{}' (use int8 or uint8)", key, r.file, r.dtype);
      const JsonValue* s = t.find("shape");
      if (s == nullptr || !s->is_array() || s->items.empty() || s->items.size() > 6) {
        if (error.empty()) error = fmt::format("{} '{}': 'shape' must be an array of 1 to 6 dimensions", key, r.file);
      } else {
        for (const JsonValue& d : s->items) {
          if (!d.is_number() || d.number < 1 || d.number > 65536) {
            if (error.empty()) error = fmt::format("{} '{}': shape dimensions must be 1..65536", key, r.file);
            break;
          }
          r.shape.push_back(static_cast<int32_t>(d.number));
        }
      }
      out.push_back(std::move(r));
    }
    return out;
  }
};

pt::WriteTensor io_tensor(const RawTensor& t) {
  pt::WriteTensor w;
  w.scalar_type = t.dtype == "uint8" ? pt::fb::ScalarType::BYTE : pt::fb::ScalarType::CHAR;
  w.sizes = t.shape;
  w.plan = true;
  return w;
}

pt::VelaIoDesc io_desc(const RawTensor& t) {
  pt::VelaIoDesc d;
  d.shape = t.shape;
  d.elem_size = 1;
  d.offset = static_cast<int32_t>(t.offset);
  d.region = 1;
  return d;
}

}  // namespace

bool parse_raw_program(const std::string& json_text, RawProgram& p, std::string& error) {
  JsonValue root;
  if (!parse_json(json_text, root, error)) return false;
  if (!root.is_object()) {
    error = "the description must be a JSON object";
    return false;
  }
  Reader r;
  p.name = r.str(root, "name");
  p.source = r.str(root, "source");
  p.target = r.str(root, "target");
  p.system_config = r.str(root, "system_config");
  p.memory_mode = r.str(root, "memory_mode");
  p.scratch_size = r.u32(root, "scratch_size");
  p.fast_scratch_size = r.u32(root, "fast_scratch_size");
  p.inputs = r.tensors(root, "inputs");
  p.outputs = r.tensors(root, "outputs");
  if (r.error.empty() && p.target.rfind("ethos-u", 0) != 0) r.error = fmt::format("target '{}' is not an ethos-u target", p.target);
  error = r.error;
  return error.empty();
}

std::vector<uint8_t> build_raw_program_pte(const RawProgram& p, const std::string& models_dir, std::string& error) {
  const std::filesystem::path dir = std::filesystem::path(models_dir) / p.source;
  std::vector<uint8_t> cmd, weights;
  if (!read_file(dir / "cmd_stream.bin", cmd) || !read_file(dir / "weights.bin", weights)) {
    error = fmt::format("cannot read {}/cmd_stream.bin or weights.bin", dir.string());
    return {};
  }
  // The payload must name the NPU the description says (COP1 CONFIG word), as the runtime checks.
  ethos_u::Cop1Payload cop;
  if (!ethos_u::parse_cop1(rt::Bytes(cmd.data(), cmd.size()), cop).ok()) {
    error = fmt::format("{}/cmd_stream.bin is not a COP1 driver payload", dir.string());
    return {};
  }
  const std::string named = fmt::format("{}-{}", ethos_u::npu_product_name(cop.config.product), cop.config.macs_per_cc);
  if (named != p.target) {
    error = fmt::format("cmd_stream.bin was compiled for {}, the description says {}", named, p.target);
    return {};
  }
  auto check = [&](const RawTensor& t, const char* what) {
    std::vector<uint8_t> data;
    if (!read_file(dir / t.file, data)) {
      error = fmt::format("cannot read {} file {}", what, (dir / t.file).string());
      return false;
    }
    if (data.size() != t.bytes()) {
      error = fmt::format("{} '{}' has {} bytes, its shape needs {}", what, t.file, data.size(), t.bytes());
      return false;
    }
    if (size_t{t.offset} + t.bytes() > p.scratch_size) {
      error = fmt::format("{} '{}' at offset {} ({} bytes) ends outside the {}-byte scratch", what, t.file, t.offset,
                          t.bytes(), p.scratch_size);
      return false;
    }
    return true;
  };
  for (const RawTensor& t : p.inputs)
    if (!check(t, "input")) return {};
  for (const RawTensor& t : p.outputs)
    if (!check(t, "output")) return {};

  pt::VelaBinStreamDesc desc;
  desc.cmd_data = cmd;  // already the driver payload Vela wrote (COP1 header, then the commands)
  desc.weight_data = weights;
  desc.scratch_size = p.scratch_size;
  for (const RawTensor& t : p.inputs) desc.inputs.push_back(io_desc(t));
  for (const RawTensor& t : p.outputs) desc.outputs.push_back(io_desc(t));

  // forward(inputs...) = DelegateCall(EthosUBackend)(inputs..., outputs...): the delegate reads
  // the program inputs and writes the program outputs directly (ExecuTorch's Arm flow without
  // boundary (de)quantize, as for a model whose IO is already int8).
  pt::WritePlan plan;
  auto add = [&](pt::WriteValue v) {
    plan.values.push_back(std::move(v));
    return static_cast<int32_t>(plan.values.size() - 1);
  };
  pt::WriteDelegateCall call;
  for (const RawTensor& t : p.inputs) {
    plan.inputs.push_back(add(io_tensor(t)));
    call.args.push_back(plan.inputs.back());
  }
  for (const RawTensor& t : p.outputs) {
    plan.outputs.push_back(add(io_tensor(t)));
    call.args.push_back(plan.outputs.back());
  }
  plan.instructions.push_back(call);
  pt::WriteDelegate d;
  d.id = "EthosUBackend";
  const std::string flags = fmt::format("--output-format=raw --accelerator-config={} --system-config={} --memory-mode={}",
                                        p.target, p.system_config, p.memory_mode);
  d.compile_specs = {{"compile_flags", pt::bytes_of(flags)},
                     {"output_format", pt::bytes_of("vela")},
                     {"target", pt::bytes_of(p.target)}};
  d.processed = pt::write_vela_bin_stream(desc);
  plan.delegates.push_back(std::move(d));
  pt::plan_memory(plan);
  pt::WriteProgram program;
  program.plans.push_back(std::move(plan));
  return pt::write_pte(program);
}

}  // namespace corsim::model_compiler
