#include "sim/tensor_dump.h"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "npu/op_config.h"
#include "runtime/core/scalar_type.h"
#include "runtime/trace/markers.h"
#include "sim/json_text.h"

namespace corsim::sim {
namespace {

// numpy's type string for an ExecuTorch ScalarType code (rt::ScalarType; numpy's
// "Data type objects" array-interface strings). BFloat16 has none: its raw bits as uint16.
const char* numpy_descr(uint32_t dtype) {
  using rt::ScalarType;
  if (dtype > 127) return nullptr;  // beyond ScalarType's int8_t
  switch (static_cast<ScalarType>(dtype)) {
    case ScalarType::kByte: return "|u1";
    case ScalarType::kChar: return "|i1";
    case ScalarType::kShort: return "<i2";
    case ScalarType::kInt: return "<i4";
    case ScalarType::kLong: return "<i8";
    case ScalarType::kHalf: return "<f2";
    case ScalarType::kFloat: return "<f4";
    case ScalarType::kDouble: return "<f8";
    case ScalarType::kBool: return "|b1";
    case ScalarType::kQInt8: return "|i1";
    case ScalarType::kQUInt8: return "|u1";
    case ScalarType::kQInt32: return "<i4";
    case ScalarType::kBFloat16: return "<u2";  // its raw bits
    case ScalarType::kUInt16: return "<u2";
    case ScalarType::kUInt32: return "<u4";
    case ScalarType::kUInt64: return "<u8";
  }
  return nullptr;
}

size_t descr_bytes(const std::string& d) { return static_cast<size_t>(d[2] - '0'); }

// The .npy format, version 1.0 (numpy.lib.format): magic, version, little-endian header length,
// a Python dict literal padded with spaces to a multiple of 64 bytes and ended by '\n', the data.
std::string npy_bytes(const std::string& descr, const std::vector<uint64_t>& shape, const std::vector<uint8_t>& data) {
  std::string dims;
  for (uint64_t d : shape) dims += fmt::format("{}, ", d);
  if (shape.size() > 1) dims.resize(dims.size() - 2);
  std::string header = fmt::format("{{'descr': '{}', 'fortran_order': False, 'shape': ({}), }}", descr, dims);
  const size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';
  std::string out("\x93NUMPY\x01\x00", 8);
  out += static_cast<char>(header.size() & 0xFF);
  out += static_cast<char>(header.size() >> 8);
  out += header;
  out.append(reinterpret_cast<const char*>(data.data()), data.size());
  return out;
}


std::string file_safe(std::string_view s) {
  std::string out;
  for (char c : s) out += (std::isalnum(static_cast<unsigned char>(c)) || c == '.' || c == '-') ? c : '_';
  return out;
}

std::string scalar_json(uint32_t kind, uint64_t bits) {
  if (kind == 1) {
    double d;
    std::memcpy(&d, &bits, sizeof d);
    return fmt::format("{:.17g}", d);
  }
  if (kind == 2) return bits ? "true" : "false";
  return fmt::format("{}", static_cast<int64_t>(bits));
}

}  // namespace

std::string TensorDumper::prepare() {
  std::error_code ec;
  std::filesystem::create_directories(dir_, ec);
  if (ec || !std::filesystem::is_directory(dir_)) {
    return fmt::format("--dump-tensors: cannot create the folder '{}': {}", dir_, ec ? ec.message() : "not a folder");
  }
  for (const auto& f : std::filesystem::directory_iterator(dir_, ec)) {
    if (f.path().extension() == ".npy" || f.path().filename() == "index.json") std::filesystem::remove(f.path(), ec);
  }
  return {};
}

void TensorDumper::on_marker(const TraceMarker& m) {
  switch (m.port) {
    case trace::kPortBegin:
      open_ = true;
      instruction_ = m.value & 0xFFFFFF;
      args_.clear();
      pending_.clear();
      break;
    case trace::kPortTensor:
      if (open_) take_tensor_word(m.value, m.cycle);
      break;
    case trace::kPortEnd:
      if (!open_) break;
      for (const Arg& a : args_) {
        if (a.tensor) snapshot(a, "end", m.cycle);
      }
      open_ = false;
      break;
    default:
      break;
  }
}

void TensorDumper::take_tensor_word(uint32_t w, Cycles cycle) {
  pending_.push_back(w);
  const uint32_t h = pending_.front();
  const uint32_t tag = h >> 24;
  if (tag != trace::kTensorTag && tag != trace::kScalarTag) {
    if (error_.empty()) error_ = fmt::format("instruction {}: a tensor marker record starts with {:#x}", instruction_, h);
    pending_.clear();
    return;
  }
  const size_t need = tag == trace::kScalarTag ? 3 : 3 + (h & 0xF);
  if (pending_.size() < need) return;
  Arg a;
  a.index = (h >> 12) & 0xFFF;
  if (tag == trace::kTensorTag) {
    a.tensor = true;
    a.dtype = (h >> 4) & 0xFF;
    a.rank = h & 0xF;
    a.address = pending_[1];
    a.dim_order = pending_[2];
    a.sizes.assign(pending_.begin() + 3, pending_.end());
    ++tensor_records_;
  } else {
    a.scalar_kind = (h >> 4) & 0xF;
    a.scalar_bits = uint64_t{pending_[1]} | uint64_t{pending_[2]} << 32;
    if (scalars_.empty() || scalars_.back().first != instruction_) scalars_.push_back({instruction_, {}});
    scalars_.back().second.push_back(a);
  }
  pending_.clear();
  // An out-variant kernel's return slot is its `out` argument again: one copy is enough.
  for (const Arg& b : args_) {
    if (a.tensor && b.address == a.address && b.dtype == a.dtype && b.sizes == a.sizes) return;
  }
  if (a.tensor) {
    args_.push_back(a);
    // The begin snapshot: the record follows the begin marker, before the instruction has run.
    snapshot(a, "begin", cycle);
  }
}

void TensorDumper::snapshot(const Arg& a, const char* when, Cycles cycle) {
  Entry e;
  e.cycle = cycle;
  e.instruction = instruction_;
  e.when = when;
  e.arg = a.index;
  e.address = a.address;
  const char* descr = numpy_descr(a.dtype);
  if (descr == nullptr) {
    if (error_.empty()) error_ = fmt::format("instruction {} argument {}: element type {} has no .npy type", instruction_, a.index, a.dtype);
    return;
  }
  e.descr = descr;
  // The bytes as they lie in memory: dimensions in dim order (outermost first), so the shape is
  // the sizes permuted by it; the sidecar keeps the dim order to undo that.
  uint64_t n = 1;
  for (uint32_t k = 0; k < a.rank; ++k) {
    const uint32_t d = (a.dim_order >> (4 * k)) & 0xF;
    const uint64_t size = d < a.sizes.size() ? a.sizes[d] : 0;
    e.shape.push_back(size);
    e.dim_order.push_back(d);
    n *= size;
  }
  e.data.resize(n * descr_bytes(e.descr));
  if (!e.data.empty() && (a.address == 0 || !bus_.debug_read_block(a.address, e.data))) {
    if (error_.empty()) error_ = fmt::format("instruction {} argument {}: {} bytes at {:#010x} are not readable", instruction_, a.index, e.data.size(), a.address);
    return;
  }
  entries_.push_back(std::move(e));
}

void TensorDumper::on_npu_operation(const npu::DeviceOp& op, uint32_t index) {
  const npu::OperationConfig& c = op.record.op;
  if (c.kind == npu::OpKind::kDma) return;  // no OFM
  // A chained OFM (U85) stays in the NPU's chain buffer: nothing in memory to read.
  if (c.ofm.storage == npu::Storage::kChained) return;
  // A U85 OFM stored transposed lies in memory in the order the transpose names: its stored
  // shape, read as plain HWC, is what the dump holds (a reversed axis stays reversed).
  const npu::FeatureMap f = npu::stored_feature_map(c.ofm);
  const std::array<uint8_t, 3> axes = npu::stored_axis_order(c.ofm.transpose);
  const std::string stored_axes{"HWC"[axes[0]], "HWC"[axes[1]], "HWC"[axes[2]]};
  Entry e;
  e.cycle = op.end;
  e.instruction = open_ ? instruction_ : 0;
  e.when = "npu";
  e.npu_op = index;
  e.npu_kind = std::string(npu::op_kind_name(c));
  const unsigned eb = f.elem_bytes();
  e.descr = fmt::format("{}{}{}", eb == 1 ? '|' : '<', f.is_signed ? 'i' : 'u', eb);
  e.shape = {1, f.height, f.width, f.depth};
  e.dim_order = {0, 1, 2, 3};
  const uint64_t base = op.basep[f.region & 7];
  e.address = static_cast<uint32_t>(base + f.offset_of(0, 0, 0));
  e.quant = fmt::format("{{\"zero_point\": {}, \"ofm_scale\": {}, \"ofm_shift\": {}, \"layout\": \"{}\", \"region\": {}, "
                        "\"stored_axes\": \"{}\", \"reversed_axis\": {}}}",
                        f.zero_point, c.ofm_scale.scale, c.ofm_scale.shift,
                        f.layout == npu::Layout::kNhcwb16 ? "NHCWB16" : "NHWC", f.region,
                        stored_axes,
                        f.reverse >= 1 && f.reverse <= 3 ? fmt::format("\"{}\"", "HWC"[f.reverse - 1]) : std::string("null"));
  e.data.resize(f.elements() * eb);
  // One bus read per run of channels stored next to each other (a whole NHWC pixel, an NHCWB16
  // brick of 16), not one per element.
  size_t at = 0;
  for (uint32_t y = 0; y < f.height; ++y) {
    for (uint32_t x = 0; x < f.width; ++x) {
      for (uint32_t ch = 0; ch < f.depth;) {
        const uint64_t first = f.offset_of(y, x, ch);
        uint32_t run = 1;
        while (ch + run < f.depth && f.offset_of(y, x, ch + run) == first + uint64_t{run} * eb) ++run;
        const uint64_t addr = base + first;
        const size_t bytes = size_t{run} * eb;
        if (addr + bytes - 1 > 0xFFFFFFFFull ||
            !bus_.debug_read_block(static_cast<uint32_t>(addr), {e.data.data() + at, bytes})) {
          if (error_.empty()) error_ = fmt::format("NPU operation {}: its OFM at {:#x} is not readable", index, addr);
          return;
        }
        at += bytes;
        ch += run;
      }
    }
  }
  entries_.push_back(std::move(e));
}

std::string TensorDumper::finish(const OperatorReport& report) {
  if (!error_.empty()) spdlog::warn("--dump-tensors {}: {} (also in index.json; that tensor is missing)", dir_, error_);
  auto op_of = [&](uint32_t instruction) -> const OperatorEntry* {
    for (const OperatorEntry& o : report.operators)
      if (o.index == instruction) return &o;
    return nullptr;
  };
  auto scalars_of = [&](uint32_t instruction) -> const std::vector<Arg>* {
    for (const auto& [i, v] : scalars_)
      if (i == instruction) return &v;
    return nullptr;
  };
  std::string index = "{\n  \"schema\": \"corsim-tensor-dump/1\",\n";
  index += fmt::format("  \"error\": {},\n  \"tensors\": [", error_.empty() ? "null" : json_quoted(error_));
  for (size_t k = 0; k < entries_.size(); ++k) {
    Entry& e = entries_[k];
    const OperatorEntry* op = op_of(e.instruction);
    const std::string name = op ? (op->name.empty() ? op->kind : op->name) : std::string();
    const std::string file = e.when == "npu" ? fmt::format("{:05}_npu{}_{}.npy", k, e.npu_op, file_safe(e.npu_kind))
                                             : fmt::format("{:05}_i{}_{}_{}_arg{}.npy", k, e.instruction, file_safe(name), e.when, e.arg);
    std::string quant = e.quant;
    std::string args;
    if (e.when != "npu") {
      // A quantize/dequantize kernel's scale and zero point (arguments 1 and 2, ExecuTorch's
      // quantized_decomposed and cortex_m schemas) are those of its integer tensor.
      if (const std::vector<Arg>* sc = scalars_of(e.instruction)) {
        for (const Arg& a : *sc) args += fmt::format("{}\"{}\": {}", args.empty() ? "" : ", ", a.index, scalar_json(a.scalar_kind, a.scalar_bits));
        const bool q = name.find("quantize_per_tensor") != std::string::npos;
        if (q && e.descr[1] != 'f' && sc->size() >= 2 && (*sc)[0].index == 1 && (*sc)[1].index == 2) {
          quant = fmt::format("{{\"scale\": {}, \"zero_point\": {}}}", scalar_json((*sc)[0].scalar_kind, (*sc)[0].scalar_bits),
                              scalar_json((*sc)[1].scalar_kind, (*sc)[1].scalar_bits));
        }
      }
    }
    std::string shape, order;
    for (uint64_t d : e.shape) shape += fmt::format("{}{}", shape.empty() ? "" : ", ", d);
    for (uint32_t d : e.dim_order) order += fmt::format("{}{}", order.empty() ? "" : ", ", d);
    index += fmt::format("{}\n    {{\"file\": {}, \"instruction\": {}, \"operator\": {}, \"when\": \"{}\", ", k ? "," : "",
                         json_quoted(file), e.instruction, json_quoted(name), e.when);
    if (e.when == "npu") {
      index += fmt::format("\"npu_op\": {}, \"npu_kind\": {}, \"cycle\": {}, ", e.npu_op, json_quoted(e.npu_kind), e.cycle);
    } else {
      index += fmt::format("\"arg\": {}, ", e.arg);
    }
    index += fmt::format("\"dtype\": \"{}\", \"shape\": [{}], \"dim_order\": [{}], \"address\": {}, \"quant\": {}, \"scalar_args\": {{{}}}}}",
                         e.descr, shape, order, e.address, quant.empty() ? "null" : quant, args);
    const std::string path = (std::filesystem::path(dir_) / file).string();
    std::ofstream out(path, std::ios::binary);
    const std::string bytes = npy_bytes(e.descr, e.shape, e.data);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!out) return fmt::format("--dump-tensors: cannot write '{}': {}", path, std::strerror(errno));
  }
  index += entries_.empty() ? "]\n}\n" : "\n  ]\n}\n";
  const std::string path = (std::filesystem::path(dir_) / "index.json").string();
  std::ofstream out(path);
  out << index;
  if (!out) return fmt::format("--dump-tensors: cannot write '{}': {}", path, std::strerror(errno));
  return {};
}

}  // namespace corsim::sim
