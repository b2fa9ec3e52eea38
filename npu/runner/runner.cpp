#include "npu/runner/runner.h"

#include "base/parse_number.h"

#include <fmt/format.h>

#include <charconv>
#include <fstream>
#include <optional>

#include "npu/command_stream.h"
#include "npu/executor.h"
#include "npu/ops/kernels.h"
#include "npu/region_bus.h"
#include "npu/runner/job.h"
#include "npu/timing/job_schedule.h"
#include "npu/timing/vela_ini.h"
#include "npu/timing/timing_model.h"

namespace corsim::npu::runner {

namespace {

constexpr const char* kUsage =
    "usage: corsim-npu (--cmd FILE | --tflite FILE | --pte FILE) [options]\n"
    "  --cmd FILE                raw command words or a COP1 driver payload\n"
    "  --tflite FILE             Vela .tflite (custom operator ethos-u)\n"
    "  --pte FILE                ExecuTorch .pte with an EthosUBackend delegate\n"
    "  --region N=FILE           contents of region N (0 = weights/flash)\n"
    "  --region-size N=BYTES     zero-filled region N of BYTES\n"
    "  --scratch-size BYTES      same as --region-size 1=BYTES\n"
    "  --input FILE[@R:OFFSET]   input data; with a model, inputs in order; with --cmd give @R:OFFSET\n"
    "  --input-value V           fill every model input element with V (default 0)\n"
    "  --output FILE[@R:OFFSET:SIZE]  write an output; with a model, outputs in order\n"
    "  --macs N                  U55: 32, 64, 128, 256; U85: 128 .. 2048 (default: the stream's COP1\n"
    "                            CONFIG word, else 128)\n"
    "  --npu u55|u65|u85         NPU type of a raw stream without a COP1 header (default u55; a COP1\n"
    "                            CONFIG word decides otherwise)\n"
    "  --system-config NAME      a Vela system config (also --system): Ethos_U55_High_End_Embedded (U55 default),\n"
    "                            Ethos_U55_Deep_Embedded, Ethos_U85_SYS_DRAM_Mid (U85 default),\n"
    "                            Ethos_U85_SYS_DRAM_High, Ethos_U85_SYS_Flash_High, AmbiqLP_SRAM,\n"
    "                            Ambiq_U85_FPGA (Ambiq's U85-256 FPGA as measured)\n"
    "  --memory-mode MODE        Shared_Sram (U55 default) | Sram_Only (U85 default) | Dedicated_Sram\n"
    "  --vela-config FILE        a Vela .ini: --system-config and --memory-mode name its sections\n"
    "  --op-overhead CYCLES      fixed cycles per operation (default 0)\n"
    "  --npu-clock-mhz F         NPU clock (default: the system preset's)\n"
    "  --axi0 B:L / --axi1 B:L   bytes per NPU cycle and latency of the memory on an AXI port\n"
    "  --disasm                  print the decoded command stream and exit\n"
    "  --quiet                   print totals only\n";

struct Options {
  std::string cmd, tflite, pte;
  std::vector<std::pair<unsigned, std::string>> region_files;
  std::vector<std::pair<unsigned, uint64_t>> region_sizes;
  std::vector<std::string> inputs, outputs;
  std::optional<int64_t> input_value;
  std::optional<uint32_t> macs;
  std::optional<Product> product;
  std::string system, memory_mode;  // empty: the NPU type's default
  std::string vela_config;          // a user's vela.ini, or empty for the presets
  unsigned op_overhead = 0;
  std::optional<double> clock_mhz;
  std::optional<std::pair<double, unsigned>> axi[2];
  bool disasm = false, quiet = false;
};

// "N=VALUE"
// The one number parser (base/parse_number.h) in this file's out-parameter form.
bool parse_u64(std::string_view s, uint64_t& v) {
  const auto n = parse_uint(s);
  if (n) v = *n;
  return n.has_value();
}

bool parse_assign(const std::string& s, unsigned& n, std::string& value) {
  const auto eq = s.find('=');
  uint64_t r = 0;
  if (eq == std::string::npos || !parse_u64(std::string_view(s).substr(0, eq), r) || r > 7) return false;
  n = static_cast<unsigned>(r);
  value = s.substr(eq + 1);
  return true;
}

// "FILE@R:OFFSET[:SIZE]" ("region1:0" also accepted for R).
bool parse_location(const std::string& spec, std::string& file, std::optional<IoTensor>& loc, bool want_size) {
  const auto at = spec.rfind('@');
  file = spec.substr(0, at);
  if (at == std::string::npos) return true;
  std::string rest = spec.substr(at + 1);
  if (rest.rfind("region", 0) == 0) rest = rest.substr(6);
  std::vector<std::string> parts;
  size_t pos = 0;
  while (true) {
    const auto c = rest.find(':', pos);
    parts.push_back(rest.substr(pos, c - pos));
    if (c == std::string::npos) break;
    pos = c + 1;
  }
  if (parts.size() != (want_size ? 3u : 2u)) return false;
  uint64_t r = 0, off = 0, size = 0;
  if (!parse_u64(parts[0], r) || r > 7 || !parse_u64(parts[1], off)) return false;
  if (want_size && !parse_u64(parts[2], size)) return false;
  IoTensor t;
  t.region = static_cast<unsigned>(r);
  t.offset = off;
  t.size = size;
  loc = t;
  return true;
}

std::string shape(const FeatureMap& fm) { return fmt::format("{}x{}x{}", fm.height, fm.width, fm.depth); }

bool write_file(const std::string& path, std::span<const uint8_t> data, std::string& error) {
  std::ofstream f(path, std::ios::binary);
  if (!f || !f.write(reinterpret_cast<const char*>(data.data()), static_cast<std::streamsize>(data.size()))) {
    error = fmt::format("cannot write '{}'", path);
    return false;
  }
  return true;
}

int fail(std::FILE* err, const std::string& line) {
  fmt::print(err, "corsim-npu: {}\n", line);
  return 2;
}

}  // namespace

int run_cli(const std::vector<std::string>& args, std::FILE* out, std::FILE* err) {
  Options o;
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    auto value = [&](std::string& v) {
      if (i + 1 >= args.size()) return false;
      v = args[++i];
      return true;
    };
    std::string v;
    if (a == "--help" || a == "-h") {
      fmt::print(out, "{}", kUsage);
      return 0;
    }
    if (a == "--disasm") { o.disasm = true; continue; }
    if (a == "--quiet") { o.quiet = true; continue; }
    if (!value(v)) return fail(err, fmt::format("option '{}' is unknown or needs a value (see --help)", a));
    uint64_t n = 0;
    unsigned r = 0;
    std::string s;
    if (a == "--cmd") o.cmd = v;
    else if (a == "--tflite") o.tflite = v;
    else if (a == "--pte") o.pte = v;
    else if (a == "--region") {
      if (!parse_assign(v, r, s)) return fail(err, fmt::format("--region expects N=FILE with N 0..7, got '{}'", v));
      o.region_files.emplace_back(r, s);
    } else if (a == "--region-size") {
      if (!parse_assign(v, r, s) || !parse_u64(s, n))
        return fail(err, fmt::format("--region-size expects N=BYTES, got '{}'", v));
      o.region_sizes.emplace_back(r, n);
    } else if (a == "--scratch-size") {
      if (!parse_u64(v, n)) return fail(err, fmt::format("--scratch-size expects a byte count, got '{}'", v));
      o.region_sizes.emplace_back(1, n);
    } else if (a == "--input") o.inputs.push_back(v);
    else if (a == "--output") o.outputs.push_back(v);
    else if (a == "--input-value") {
      const auto iv = parse_int(v);
      if (!iv) return fail(err, fmt::format("--input-value expects an integer, got '{}'", v));
      o.input_value = *iv;
    } else if (a == "--macs") {
      if (!parse_u64(v, n) || n < 32 || n > 2048 || (n & (n - 1)) != 0)
        return fail(err, fmt::format("--macs must be 32, 64, 128, 256 (U55) or 128 .. 2048 (U85), got '{}'", v));
      o.macs = static_cast<uint32_t>(n);
    } else if (a == "--npu") {
      if (v == "u55") o.product = Product::kU55;
      else if (v == "u65") o.product = Product::kU65;
      else if (v == "u85") o.product = Product::kU85;
      else return fail(err, fmt::format("--npu must be u55, u65 or u85, got '{}'", v));
    } else if (a == "--system" || a == "--system-config") o.system = v;
    else if (a == "--vela-config") o.vela_config = v;
    else if (a == "--memory-mode") o.memory_mode = v;
    else if (a == "--op-overhead") {
      if (!parse_u64(v, n) || n > 1000000) return fail(err, fmt::format("--op-overhead expects cycles, got '{}'", v));
      o.op_overhead = static_cast<unsigned>(n);
    } else if (a == "--npu-clock-mhz") {
      const double f = parse_double(v).value_or(0);
      if (!(f > 0 && f < 1e5))
        return fail(err, fmt::format("--npu-clock-mhz expects a frequency in MHz, got '{}'", v));
      o.clock_mhz = f;
    } else if (a == "--axi0" || a == "--axi1") {
      const auto colon = v.find(':');
      const std::string_view sv(v);
      const double bw = colon == std::string::npos ? 0 : parse_double(sv.substr(0, colon)).value_or(0);
      uint64_t lat = 0;
      const bool ok = colon != std::string::npos && bw > 0 && parse_u64(sv.substr(colon + 1), lat) && lat < 100000;
      if (!ok) return fail(err, fmt::format("{} expects BYTES_PER_CYCLE:LATENCY, got '{}'", a, v));
      o.axi[a == "--axi1" ? 1 : 0] = std::pair{bw, static_cast<unsigned>(lat)};
    } else return fail(err, fmt::format("unknown option '{}' (see --help)", a));
  }
  const int sources = !o.cmd.empty() + !o.tflite.empty() + !o.pte.empty();
  if (sources != 1) return fail(err, "give exactly one of --cmd, --tflite, --pte (see --help)");

  Job job;
  std::string error;
  if (!o.cmd.empty()) {
    std::vector<uint8_t> bytes;
    if (!read_file(o.cmd, bytes, error) || !load_command_bytes(bytes, job, error)) return fail(err, error);
  } else if (!o.tflite.empty()) {
    if (!load_tflite(o.tflite, job, error)) return fail(err, error);
  } else if (!load_pte(o.pte, job, error)) {
    return fail(err, error);
  }
  for (auto& [r, f] : o.region_files)
    if (!read_file(f, job.regions[r], error)) return fail(err, error);
  for (auto& [r, n] : o.region_sizes) {
    if (n > (uint64_t{1} << 32)) return fail(err, fmt::format("region {} size {} exceeds 4 GiB", r, n));
    job.regions[r].resize(n, 0);
  }

  // The NPU: the stream's COP1 CONFIG word, else --npu; --macs overrides the MAC count.
  NpuConfig cfg;
  if (job.stream_config) cfg = *job.stream_config;
  else if (o.product) cfg.product = *o.product;
  if (job.stream_config && o.product && *o.product != job.stream_config->product)
    return fail(err, fmt::format("--npu {} contradicts the stream's CONFIG word ({})", npu_target_name(NpuConfig{128, *o.product}),
                                 npu_target_name(*job.stream_config)));
  if (o.macs) {
    const bool ok = cfg.is_u85() ? (*o.macs >= 128 && *o.macs <= 2048) : (*o.macs <= 256);
    if (!ok) return fail(err, fmt::format("--macs {} is not a configuration of {}", *o.macs, cfg.is_u85() ? "the U85" : "the U55/U65"));
    cfg.macs = *o.macs;
  }
  const Isa isa = cfg.is_u85() ? Isa::kU85 : cfg.product == Product::kU65 ? Isa::kU65 : Isa::kU55;

  if (o.disasm) {
    for (size_t i = 0; i < job.commands.size();) {
      const DecodeResult d = decode_command(job.commands, i, isa);
      if (d.error != DecodeError::kNone) {
        fmt::print(out, "0x{:04x} <invalid word {:#010x}>\n", i * 4, job.commands[i]);
        ++i;
        continue;
      }
      fmt::print(out, "{}\n", disassemble(d.command, isa));
      i += d.command.words();
    }
    return 0;
  }

  if (job.stream_config && job.stream_config->macs != cfg.macs)
    fmt::print(err, "corsim-npu: warning: the stream was compiled for {} MACs, running on {}\n",
               job.stream_config->macs, cfg.macs);
  if (o.system.empty()) o.system = timing::default_system_preset(cfg.is_u85());
  if (o.memory_mode.empty()) o.memory_mode = timing::default_memory_mode(cfg.is_u85());
  // With --vela-config the names are looked up in the user's vela.ini, as Vela does; otherwise in
  // corsim's presets of Arm's vela.ini.
  std::optional<timing::SystemConfig> sys;
  std::optional<timing::MemoryMode> mode;
  if (!o.vela_config.empty()) {
    std::string why;
    const auto ini = timing::VelaIni::load(o.vela_config, why);
    if (!ini) return fail(err, why);
    sys = ini->system_config(o.system, cfg, why);
    if (!sys) return fail(err, fmt::format("--system-config {}: {}", o.system, why));
    mode = ini->memory_mode(o.memory_mode, why);
    if (!mode) return fail(err, fmt::format("--memory-mode {}: {}", o.memory_mode, why));
  } else {
    sys = timing::system_preset(o.system);
    if (!sys) return fail(err, fmt::format("unknown --system-config '{}' (a preset; give --vela-config FILE for your own)", o.system));
    mode = timing::memory_mode_from_name(o.memory_mode);
    if (!mode) return fail(err, fmt::format("unknown --memory-mode '{}'", o.memory_mode));
  }
  sys->memory_mode = *mode;
  sys->op_overhead_cycles = o.op_overhead;
  if (o.clock_mhz) sys->npu_clock_hz = *o.clock_mhz * 1e6;
  for (int p = 0; p < 2; ++p) {
    if (!o.axi[p]) continue;
    timing::MemoryPort& port = p ? sys->axi1 : sys->axi0;
    port.bytes_per_cycle = o.axi[p]->first;
    port.read_latency = port.write_latency = o.axi[p]->second;
  }

  // Inputs.
  const bool model = o.cmd.empty();
  if (model && o.inputs.size() > job.inputs.size())
    return fail(err, fmt::format("the model has {} inputs, {} given", job.inputs.size(), o.inputs.size()));
  for (size_t i = 0; i < o.inputs.size(); ++i) {
    std::string file;
    std::optional<IoTensor> loc;
    if (!parse_location(o.inputs[i], file, loc, false))
      return fail(err, fmt::format("--input expects FILE or FILE@R:OFFSET, got '{}'", o.inputs[i]));
    IoTensor t = loc ? *loc : IoTensor{};
    if (!loc) {
      if (!model) return fail(err, fmt::format("--input '{}' needs @R:OFFSET with --cmd", o.inputs[i]));
      t = job.inputs[i];
    }
    std::vector<uint8_t> data;
    if (!read_file(file, data, error)) return fail(err, error);
    if (model && !loc && data.size() != t.size)
      return fail(err, fmt::format("input {} '{}' has {} bytes, the model expects {}", i, file, data.size(), t.size));
    auto& reg = job.regions[t.region];
    if (t.offset + data.size() > reg.size())
      return fail(err, fmt::format("input '{}' ({} bytes at region {} offset {}) does not fit the region ({} bytes)",
                                   file, data.size(), t.region, t.offset, reg.size()));
    std::copy(data.begin(), data.end(), reg.begin() + static_cast<long>(t.offset));
  }
  if (model && o.input_value) {
    for (size_t i = o.inputs.size(); i < job.inputs.size(); ++i) {
      const IoTensor& t = job.inputs[i];
      auto& reg = job.regions[t.region];
      if (t.offset + t.size > reg.size()) return fail(err, fmt::format("model input {} lies outside region {}", i, t.region));
      std::fill(reg.begin() + static_cast<long>(t.offset), reg.begin() + static_cast<long>(t.offset + t.size),
                static_cast<uint8_t>(*o.input_value));
    }
  }

  RegionBus bus;
  for (unsigned r = 0; r < 8; ++r) bus.region(r) = std::move(job.regions[r]);
  Executor ex(cfg);
  const timing::TimingModel tm(cfg, *sys);
  struct Totals {
    uint64_t ops = 0, macs = 0, op_cycles = 0, mac = 0, mac_active = 0, ao = 0, wd = 0;
    std::array<uint64_t, 2> rd{}, wr{};
  } tot;
  // DMAs and kernels overlap as the stream's waits allow (npu/timing/job_schedule.h): the job takes
  // the plan's length, not the sum of its operations.
  timing::JobSchedule plan;
  // The U85's AXI0/AXI1 of the model are its SRAM and EXT ports (npu/ops/op_context.h region_port).
  const char* port0 = cfg.is_u85() ? "sram" : "axi0";
  const char* port1 = cfg.is_u85() ? "ext" : "axi1";
  if (!o.quiet)
    fmt::print(out, "{:>3} {:>6} {:<10} {:>12} {:>12} {:>12} {:>9} {:>9} {:>9} {:>8} {:>8} {:>7} {:>8} {:>8} {:<7} {:>17} {:>17}\n",
               "#", "offset", "kind", "ifm", "ifm2", "ofm", "macs", "start", "cycles", "mac", "ao", "wd", port0, port1,
               "bound", fmt::format("{} rd/wr B", port0), fmt::format("{} rd/wr B", port1));
  const RunResult r = ex.run(job.commands, bus, bus.basep(), timing::region_config_for(sys->memory_mode), [&](const OpRecord& rec) {
    const timing::OpTiming t = tm.estimate(rec.op, rec.traffic);
    const auto& tr = rec.traffic;
    ++tot.ops;
    tot.macs += rec.macs;
    tot.op_cycles += t.total;
    const timing::Slot slot = plan.place(rec.issue, t.total);
    tot.mac += t.mac;
    tot.mac_active += t.mac_active;
    tot.ao += t.output;
    tot.wd += t.weights;
    for (int p = 0; p < 2; ++p) { tot.rd[p] += t.read[p]; tot.wr[p] += t.write[p]; }  // with block re-fetch
    if (o.quiet) return;
    const bool kernel = rec.op.kind != OpKind::kDma;
    const bool has2 = rec.op.has_ifm2();
    fmt::print(out, "{:>3} {:#06x} {:<10} {:>12} {:>12} {:>12} {:>9} {:>9} {:>9} {:>8} {:>8} {:>7} {:>8} {:>8} {:<7} {:>17} {:>17}\n",
               tot.ops - 1, rec.offset, op_kind_name(rec.op), kernel ? shape(rec.op.ifm) : "-",
               has2 ? (rec.op.ifm2.storage == Storage::kScalar ? std::string("scalar") : shape(rec.op.ifm2)) : "-",
               kernel ? shape(rec.op.ofm) : fmt::format("{}B", rec.op.dma_length), rec.macs, slot.start, t.total, t.mac,
               t.output, t.weights, t.axi0, t.axi1, t.bound, fmt::format("{}/{}", tr.read[0], tr.write[0]),
               fmt::format("{}/{}", tr.read[1], tr.write[1]));
  });
  const uint64_t cycles = plan.end();
  const double us = static_cast<double>(cycles) / sys->npu_clock_hz * 1e6;
  fmt::print(out, "npu: {} ({})\n", npu_target_name(cfg), sys->name);
  fmt::print(out,
             "total: {} operations, {} MACs, {} cycles ({:.1f} us at {:.0f} MHz, {:.1f} MACs/cycle of {}; "
             "operations alone {} cycles, DMA overlapped with kernels); "
             "MAC {} (active {}) AO {} WD {}; {} {} B read {} B written; {} {} B read {} B written\n",
             tot.ops, tot.macs, cycles, us, sys->npu_clock_hz / 1e6,
             cycles ? static_cast<double>(tot.macs) / static_cast<double>(cycles) : 0.0, cfg.macs, tot.op_cycles, tot.mac,
             tot.mac_active, tot.ao, tot.wd, cfg.is_u85() ? "SRAM" : "AXI0", tot.rd[0], tot.wr[0], cfg.is_u85() ? "EXT" : "AXI1",
             tot.rd[1], tot.wr[1]);
  if (r.reason != StopReason::kStop && r.reason != StopReason::kEndOfStream)
    return fail(err, fmt::format("NPU fault at command byte {:#x}: {}", r.qread, r.error));

  // Outputs.
  if (model && o.outputs.size() > job.outputs.size())
    return fail(err, fmt::format("the model has {} outputs, {} given", job.outputs.size(), o.outputs.size()));
  for (size_t i = 0; i < o.outputs.size(); ++i) {
    std::string file;
    std::optional<IoTensor> loc;
    if (!parse_location(o.outputs[i], file, loc, true))
      return fail(err, fmt::format("--output expects FILE or FILE@R:OFFSET:SIZE, got '{}'", o.outputs[i]));
    if (!loc && !model) return fail(err, fmt::format("--output '{}' needs @R:OFFSET:SIZE with --cmd", o.outputs[i]));
    const IoTensor t = loc ? *loc : job.outputs[i];
    const auto& reg = bus.region(t.region);
    if (t.offset + t.size > reg.size())
      return fail(err, fmt::format("output {} ({} bytes at region {} offset {}) lies outside the region", i, t.size,
                                   t.region, t.offset));
    if (!write_file(file, std::span(reg).subspan(t.offset, t.size), error)) return fail(err, error);
  }
  if (model && !o.quiet)
    for (size_t i = 0; i < job.outputs.size(); ++i) {
      const IoTensor& t = job.outputs[i];
      const auto& reg = bus.region(t.region);
      if (t.offset + t.size > reg.size() || t.size > 64) continue;
      std::string vals;
      for (uint64_t k = 0; k < t.size; ++k) vals += fmt::format(" {}", static_cast<int8_t>(reg[t.offset + k]));
      fmt::print(out, "output {} ({}, {} bytes at region {} offset {}) as int8:{}\n", i, t.name, t.size, t.region,
                 t.offset, vals);
    }
  return 0;
}

}  // namespace corsim::npu::runner
