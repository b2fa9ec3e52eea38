#include "tools/model_compiler/package.h"

#include <cmath>
#include <filesystem>
#include <fstream>

#include <fmt/format.h>

#include "tools/model_compiler/host_reference.h"
#include "tools/pte/arm_program.h"
#include "tools/pte/pte_writer.h"
#include "tools/pte/vela_bin_writer.h"

namespace corsim::model_compiler {

namespace pt = corsim::pte_tool;

namespace {

pt::QuantParams quant_of(const FeatureMap& f) {
  pt::QuantParams q;
  q.scale = static_cast<double>(static_cast<float>(f.scale));  // the Arm flow stores float32 scales
  q.zero_point = f.zero_point;
  return q;
}

std::vector<int32_t> sizes_of(const FeatureMap& f) { return f.shape; }

std::vector<std::pair<std::string, std::vector<uint8_t>>> compile_specs(const Model& m) {
  const std::string flags = fmt::format(
      "--output-format=raw --debug-force-regor --accelerator-config={} --config=Arm/vela.ini --system-config={} "
      "--memory-mode={}",
      m.target(), m.system_config, m.memory_mode);
  // tosa_spec as ExecuTorch writes it: "+u55" marks the U55 subset; the U85 takes full TOSA INT
  // (the shared add_ethos-u85-256.pte says "TOSA-1.0+INT+int16").
  return {{"tosa_spec", pt::bytes_of(m.u85() ? "TOSA-1.0+INT+int16" : "TOSA-1.0+INT+int16+u55")},
          {"compile_flags", pt::bytes_of(flags)},
          {"output_format", pt::bytes_of("vela")},
          {"target", pt::bytes_of(m.target())}};
}

// Appends aten::_softmax.out (dim -1, half_to_float false) after the program's only output.
void append_softmax(pt::WriteProgram& p, const FeatureMap& f) {
  pt::WritePlan& plan = p.plans[0];
  const auto add = [&](pt::WriteValue v) {
    plan.values.push_back(std::move(v));
    return static_cast<int32_t>(plan.values.size() - 1);
  };
  const int32_t op = static_cast<int32_t>(plan.operators.size());
  plan.operators.push_back({"aten::_softmax", "out"});
  pt::WriteTensor t;
  t.scalar_type = pt::fb::ScalarType::FLOAT;
  t.sizes = sizes_of(f);
  t.plan = true;
  const int32_t in = plan.outputs.at(0);
  const int32_t dim = add(int64_t{-1});
  const int32_t h2f = add(false);
  const int32_t out = add(t);
  plan.instructions.push_back(pt::WriteKernelCall{op, {in, dim, h2f, out, out}});
  plan.outputs = {out};
  pt::plan_memory(plan);
}

// A CPU-only program (no delegate): quantize -> dequantize [-> softmax], the boundary ops of the
// Arm flow with nothing lowered between them.
pt::WriteProgram cpu_only_program(const Model& m, pt::QuantFlavour flavour) {
  pt::WritePlan plan;
  const bool decomposed = flavour == pt::QuantFlavour::kQuantizedDecomposed;
  const std::string ns = decomposed ? "quantized_decomposed::" : "cortex_m::";
  plan.operators = {{ns + "quantize_per_tensor", "out"}, {ns + "dequantize_per_tensor", "out"}};
  const auto add = [&](pt::WriteValue v) {
    plan.values.push_back(std::move(v));
    return static_cast<int32_t>(plan.values.size() - 1);
  };
  auto tensor = [](pt::fb::ScalarType type, const std::vector<int32_t>& sizes) {
    pt::WriteTensor t;
    t.scalar_type = type;
    t.sizes = sizes;
    t.plan = true;
    return t;
  };
  const FeatureMap& in = m.maps[m.inputs[0]];
  const FeatureMap& out = m.maps[m.softmax_on_cpu ? m.layers.back().inputs[0] : m.outputs[0]];
  plan.inputs.push_back(add(tensor(pt::fb::ScalarType::FLOAT, in.shape)));
  auto qargs = [&](const FeatureMap& f, std::vector<int32_t>& args) {
    const pt::QuantParams q = quant_of(f);
    args.push_back(add(q.scale));
    args.push_back(add(q.zero_point));
    args.push_back(add(q.quant_min));
    args.push_back(add(q.quant_max));
    args.push_back(add(static_cast<int64_t>(q.dtype)));
  };
  const int32_t qv = add(tensor(pt::fb::ScalarType::CHAR, in.shape));
  std::vector<int32_t> a = {plan.inputs[0]};
  qargs(in, a);
  a.push_back(qv), a.push_back(qv);
  plan.instructions.push_back(pt::WriteKernelCall{0, a});
  // Quantisation is carried through reshapes unchanged, so dequantize uses the output's
  // parameters on the input's shape; a reshape then follows as aten::view_copy.out.
  const int32_t dv = add(tensor(pt::fb::ScalarType::FLOAT, in.shape));
  std::vector<int32_t> b = {qv};
  qargs(out, b);
  if (decomposed) b.push_back(add(pt::WriteNull{}));
  b.push_back(dv), b.push_back(dv);
  plan.instructions.push_back(pt::WriteKernelCall{1, b});
  int32_t result = dv;
  if (out.shape != in.shape) {
    plan.operators.push_back({"aten::view_copy", "out"});
    pt::WriteIntList sizes;
    for (int32_t d : out.shape) sizes.value_indices.push_back(add(int64_t{d}));
    const int32_t list = add(sizes);
    result = add(tensor(pt::fb::ScalarType::FLOAT, out.shape));
    plan.instructions.push_back(pt::WriteKernelCall{2, {dv, list, result, result}});
  }
  plan.outputs.push_back(result);
  pt::plan_memory(plan);
  pt::WriteProgram p;
  p.plans.push_back(std::move(plan));
  return p;
}

}  // namespace

BuiltModel build_model(const Model& m) {
  BuiltModel b;
  b.inputs_int8 = make_inputs(m);
  const auto maps = run_reference(m, b.inputs_int8);
  // The NPU part ends before a CPU softmax: its output is the softmax's input.
  std::vector<int> npu_outputs = m.outputs;
  if (m.softmax_on_cpu) npu_outputs = {m.layers.back().inputs[0]};
  for (int o : npu_outputs) b.outputs_int8.push_back(maps[o]);
  for (size_t i = 0; i < m.inputs.size(); ++i) {
    const FeatureMap& f = m.maps[m.inputs[i]];
    std::vector<float> x;
    for (int32_t v : b.inputs_int8[i]) x.push_back(static_cast<float>((v - f.zero_point) * static_cast<float>(f.scale)));
    b.inputs_float.push_back(std::move(x));
  }
  for (size_t i = 0; i < npu_outputs.size(); ++i) {
    const FeatureMap& f = m.maps[npu_outputs[i]];
    std::vector<float> x;
    for (int32_t v : b.outputs_int8[i]) x.push_back(static_cast<float>((v - f.zero_point) * static_cast<float>(f.scale)));
    if (m.softmax_on_cpu) x = float_softmax(x, f.c);
    b.outputs_float.push_back(std::move(x));
  }

  const pt::QuantFlavour flavour =
      m.flavour == "cortex_m" ? pt::QuantFlavour::kCortexM : pt::QuantFlavour::kQuantizedDecomposed;
  pt::WriteProgram program;
  if (!m.delegate) {
    program = cpu_only_program(m, flavour);
  } else {
    b.stream = m.u85() ? lower_to_u85(m) : lower_to_npu(m);
    pt::VelaBinStreamDesc desc;
    desc.cmd_data = m.u85() ? pt::make_cop1(u85_config_word(m.macs), kVelaU85IdWord, b.stream.words)
                            : pt::make_cop1(u55_config_word(m.macs), kVelaIdWord, b.stream.words);
    desc.weight_data = b.stream.weight_data;
    desc.scratch_size = b.stream.scratch_size;
    auto io = [&](int idx) {
      const FeatureMap& f = m.maps[idx];
      pt::VelaIoDesc d;
      d.shape = {1, static_cast<int32_t>(f.h), static_cast<int32_t>(f.w), static_cast<int32_t>(f.c)};
      d.elem_size = 1;
      d.offset = static_cast<int32_t>(b.stream.placement[idx].offset);
      d.region = 1;
      return d;
    };
    for (int i : m.inputs) desc.inputs.push_back(io(i));
    for (int o : npu_outputs) desc.outputs.push_back(io(o));
    b.vela_bin_stream = pt::write_vela_bin_stream(desc);

    pt::DelegatedProgramSpec spec;
    spec.flavour = flavour;
    for (int i : m.inputs) spec.inputs.push_back({sizes_of(m.maps[i]), quant_of(m.maps[i])});
    for (int o : npu_outputs) spec.outputs.push_back({sizes_of(m.maps[o]), quant_of(m.maps[o])});
    spec.delegate.id = "EthosUBackend";
    spec.delegate.compile_specs = compile_specs(m);
    spec.delegate.processed = b.vela_bin_stream;
    program = pt::make_delegated_program(spec);
  }
  if (m.softmax_on_cpu) append_softmax(program, m.maps[m.outputs[0]]);
  b.pte = pt::write_pte(program);
  return b;
}

namespace {

bool write_file(const std::filesystem::path& p, const void* data, size_t n, std::string& error) {
  std::ofstream f(p, std::ios::binary);
  f.write(static_cast<const char*>(data), static_cast<std::streamsize>(n));
  if (!f) {
    error = fmt::format("cannot write {}", p.string());
    return false;
  }
  return true;
}

bool write_int8(const std::filesystem::path& p, const std::vector<int32_t>& v, std::string& error) {
  std::vector<int8_t> bytes(v.begin(), v.end());
  return write_file(p, bytes.data(), bytes.size(), error);
}

bool write_f32(const std::filesystem::path& p, const std::vector<float>& v, std::string& error) {
  return write_file(p, v.data(), v.size() * sizeof(float), error);
}

std::string suffix(size_t i, size_t n) { return n == 1 ? std::string() : fmt::format("{}", i); }

}  // namespace

bool write_model_files(const Model& m, const BuiltModel& b, const std::string& dir, std::string& error) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) {
    error = fmt::format("cannot create {}: {}", dir, ec.message());
    return false;
  }
  const std::filesystem::path d(dir);
  if (!write_file(d / "model.pte", b.pte.data(), b.pte.size(), error)) return false;
  for (size_t i = 0; i < b.inputs_int8.size(); ++i) {
    const std::string s = suffix(i, b.inputs_int8.size());
    if (!write_f32(d / ("input" + s + ".bin"), b.inputs_float[i], error)) return false;
    if (!write_int8(d / ("input" + s + "_int8.bin"), b.inputs_int8[i], error)) return false;
  }
  for (size_t i = 0; i < b.outputs_int8.size(); ++i) {
    const std::string s = suffix(i, b.outputs_int8.size());
    if (!write_f32(d / ("expected_output" + s + ".bin"), b.outputs_float[i], error)) return false;
    if (!write_int8(d / ("expected_output" + s + "_int8.bin"), b.outputs_int8[i], error)) return false;
  }
  std::string listing = fmt::format("model {} for {} ({}), {} command words, {} weight bytes, scratch {} B\n",
                                    m.name, m.target(), m.memory_mode, b.stream.words.size(), b.stream.weight_data.size(),
                                    b.stream.scratch_size);
  for (const std::string& line : b.stream.listing) listing += line + "\n";
  if (!m.delegate) listing += "CPU-only program: no delegate\n";
  return write_file(d / "stream.txt", listing.data(), listing.size(), error);
}

}  // namespace corsim::model_compiler
