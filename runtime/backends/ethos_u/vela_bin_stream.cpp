#include "runtime/backends/ethos_u/vela_bin_stream.h"

#include <cstring>

namespace corsim::ethos_u {

using rt::Error;
using rt::make_error;

namespace {

uint32_t read_u32(const uint8_t* p) {
  return static_cast<uint32_t>(p[0]) | static_cast<uint32_t>(p[1]) << 8 |
         static_cast<uint32_t>(p[2]) << 16 | static_cast<uint32_t>(p[3]) << 24;
}

int32_t read_i32(const uint8_t* p) { return static_cast<int32_t>(read_u32(p)); }

size_t pad16(size_t n) { return (n + kVelaAlignment - 1) & ~(kVelaAlignment - 1); }

Status bad(const char* what, const char* block = nullptr) {
  Status s = make_error(Error::kBadVelaBinStream, what);
  s.item = block;
  return s;
}

bool is_name(const VelaBlock& b, const char* name) { return std::strcmp(b.name, name) == 0; }

bool is_hex_key(Bytes key) {
  if (key.size() != kVelaExternalKeySize) return false;
  for (uint8_t c : key) {
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'))) return false;
  }
  return true;
}

Status parse_io_list(const VelaBlock& b, bool prefer_old, VelaIoList& out) {
  if (b.external) return bad("IO block cannot be external", b.name);
  if (b.size < 4) return bad("IO block shorter than its 4-byte count", b.name);
  const int32_t count = read_i32(b.data.data());
  if (count < 0) return bad("IO block has a negative count", b.name);
  const uint64_t body = b.size - 4u;
  const uint64_t n = static_cast<uint64_t>(count);
  // 36 bytes per IO (shape[6]) in current ET, 28 (shape[4]) in old ET (ExecuTorch
  // backends/arm/arm_vela.py vela_bin_pack_io, current and older releases).
  if (n == 0) {
    if (body != 0) return bad("IO block has bytes after a zero count", b.name);
    out.record_size = prefer_old ? kVelaIoSizeOld : kVelaIoSizeCurrent;
  } else if (body == n * kVelaIoSizeCurrent) {
    out.record_size = kVelaIoSizeCurrent;
  } else if (body == n * kVelaIoSizeOld) {
    out.record_size = kVelaIoSizeOld;
  } else {
    return bad("IO block size is neither 4 + count x 36 (shape[6]) nor 4 + count x 28 (shape[4])", b.name);
  }
  out.raw = b.data.subspan(4, static_cast<size_t>(body));
  out.count = static_cast<uint32_t>(count);
  return rt::ok_status();
}

Status check_io_list(const VelaIoList& list, const VelaBinStream& s, const char* block) {
  for (uint32_t i = 0; i < list.count; ++i) {
    const VelaIo io = list.get(i);
    for (uint32_t d = 0; d < io.dims; ++d) {
      if (io.shape[d] < 0) return bad("IO shape has a negative dimension", block);
    }
    if (io.elem_size != 1 && io.elem_size != 2 && io.elem_size != 4 && io.elem_size != 8) {
      return bad("IO elem_size is not 1, 2, 4 or 8 bytes", block);
    }
    if (io.offset < 0) return bad("IO offset is negative", block);
    if (io.region < 0 || io.region > 7) return bad("IO region is not an NPU region 0..7", block);
    // Region 1 is the scratch arena the runtime allocates with scratch_size bytes (ExecuTorch
    // EthosUBackend.cpp execute).
    if (io.region == 1 && static_cast<uint64_t>(io.offset) + io.nbytes() > s.scratch_size) {
      return bad("IO lies beyond the end of the scratch area", block);
    }
  }
  return rt::ok_status();
}

}  // namespace

uint64_t VelaIo::numel() const {
  uint32_t n = dims;
  if (dims == 4) {
    while (n > 0 && shape[n - 1] == 0) --n;  // old layout pads shape[4] with trailing zeros
  }
  uint64_t count = 1;
  for (uint32_t d = 0; d < n; ++d) count *= static_cast<uint64_t>(shape[d] < 0 ? 0 : shape[d]);
  return count;
}

VelaIo VelaIoList::get(uint32_t i) const {
  VelaIo io;
  const uint8_t* p = raw.data() + static_cast<size_t>(i) * record_size;
  io.dims = record_size == kVelaIoSizeCurrent ? 6 : 4;
  for (uint32_t d = 0; d < io.dims; ++d) io.shape[d] = read_i32(p + 4 * d);
  io.elem_size = read_i32(p + 4 * io.dims);
  io.offset = read_i32(p + 4 * io.dims + 4);
  io.region = read_i32(p + 4 * io.dims + 8);
  return io;
}

Status read_vela_block(Bytes blob, size_t offset, VelaBlock& out, size_t& next) {
  out = VelaBlock{};
  if (!blob.contains(offset, kVelaBlockHeaderSize)) return bad("blob ends inside a block header");
  const uint8_t* h = blob.data() + offset;
  if (std::memchr(h, 0, kVelaBlockNameSize) == nullptr) return bad("block name is not NUL-terminated within 16 bytes");
  out.name = reinterpret_cast<const char*>(h);
  out.size = read_u32(h + 16);
  // Byte 20: `external` in current ET; part of 12 zero bytes in old ET (ExecuTorch
  // backends/arm/runtime/VelaBinStream.h).
  if (h[20] > 1) return bad("block external flag is neither 0 nor 1", out.name);
  out.external = h[20] == 1;
  out.offset = offset;
  const size_t data_at = offset + kVelaBlockHeaderSize;
  if (!blob.contains(data_at, pad16(out.size)) || out.size > pad16(out.size)) {
    return bad("block data runs past the end of the blob", out.name);
  }
  out.data = blob.subspan(data_at, out.size);
  next = data_at + pad16(out.size);
  return rt::ok_status();
}

Status parse_vela_bin_stream(Bytes blob, VelaBinStream& out) {
  out = VelaBinStream{};
  if (reinterpret_cast<uintptr_t>(blob.data()) % kVelaAlignment != 0) {
    return make_error(Error::kMisaligned, "VelaBinStream must start 16-byte aligned");
  }
  if (blob.size() % kVelaAlignment != 0) return bad("blob size is not a multiple of 16");
  VelaBlock b;
  size_t next = 0;
  Status s = read_vela_block(blob, 0, b, next);
  if (!s.ok()) return s;
  if (!is_name(b, "vela_bin_stream") || b.size != 0) return bad("first block is not an empty \"vela_bin_stream\"");
  out.num_blocks = 1;
  bool have_cmd = false, have_weight = false, have_scratch = false, have_in = false, have_out = false;
  VelaBlock in_block, out_block;
  for (;;) {
    s = read_vela_block(blob, next, b, next);
    if (!s.ok()) return s;
    ++out.num_blocks;
    if (b.external && !is_name(b, "cmd_data") && !is_name(b, "weight_data")) {
      return bad("only cmd_data and weight_data may be external", b.name);
    }
    if (b.external && !is_hex_key(b.data)) return bad("external block data is not a 64-character hex key", b.name);
    if (is_name(b, "vela_end_stream")) {
      if (b.size != 0 || next != blob.size()) return bad("\"vela_end_stream\" is not empty or does not end the blob");
      break;
    }
    bool dup = false;
    if (is_name(b, "cmd_data")) {
      dup = have_cmd;
      have_cmd = true;
      out.cmd_data = b;
      if (!b.external && (b.size < 4 || (read_u32(b.data.data()) != kCop1Magic && read_u32(b.data.data()) != kCop2Magic))) {
        return bad("cmd_data does not start with the driver magic \"COP1\" or \"COP2\"", b.name);
      }
    } else if (is_name(b, "weight_data")) {
      dup = have_weight;
      have_weight = true;
      out.weight_data = b;
    } else if (is_name(b, "scratch_size")) {
      dup = have_scratch;
      have_scratch = true;
      if (b.size != 4) return bad("scratch_size block is not 4 bytes", b.name);
      out.scratch_size = read_u32(b.data.data());
    } else if (is_name(b, "scratch_data")) {
      dup = have_scratch;
      have_scratch = true;
      out.scratch_embedded = true;
      out.scratch_data = b.data;
      out.scratch_size = b.size;
    } else if (is_name(b, "inputs")) {
      dup = have_in;
      have_in = true;
      in_block = b;
    } else if (is_name(b, "outputs")) {
      dup = have_out;
      have_out = true;
      out_block = b;
    } else {
      return bad("unknown block name", b.name);
    }
    if (dup) return bad("block appears twice", b.name);
  }
  if (!have_cmd) return bad("no cmd_data block");
  if (!have_weight) return bad("no weight_data block");
  if (!have_scratch) return bad("no scratch_size or scratch_data block");
  if (!have_in) return bad("no inputs block");
  if (!have_out) return bad("no outputs block");
  s = parse_io_list(in_block, out.scratch_embedded, out.inputs);
  if (!s.ok()) return s;
  s = parse_io_list(out_block, out.scratch_embedded, out.outputs);
  if (!s.ok()) return s;
  s = check_io_list(out.inputs, out, "inputs");
  if (!s.ok()) return s;
  return check_io_list(out.outputs, out, "outputs");
}

// ---- COP1 (Vela regor/tflite/custom_operator_ethosu.hpp CreateDriverPayload1) ----

NpuConfig decode_npu_config(uint32_t word) {
  NpuConfig c;
  c.word = word;
  const uint32_t product = word >> 28;
  c.product = product <= 2 ? static_cast<NpuProduct>(product) : NpuProduct::kUnknown;
  c.macs_per_cc = 1u << (word & 0xF);
  c.cmd_stream_version = (word >> 4) & 0xF;
  c.custom_dma = (word >> 27 & 1) != 0;
  if (c.product == NpuProduct::kU85) {
    c.num_axi_sram = 1u << ((word >> 8) & 0x3);
    c.num_axi_ext = 1u << ((word >> 10) & 0x1);
    c.num_wd = 1u << ((word >> 12) & 0x3);
  } else {
    c.shram_kb = (word >> 8) & 0xFF;
  }
  return c;
}

const char* npu_product_name(NpuProduct p) {
  switch (p) {
    case NpuProduct::kU55: return "ethos-u55";
    case NpuProduct::kU65: return "ethos-u65";
    case NpuProduct::kU85: return "ethos-u85";
    case NpuProduct::kUnknown: break;
  }
  return "unknown";
}

NpuId decode_npu_id(uint32_t word) {
  NpuId id;
  id.word = word;
  id.version_status = word & 0xF;
  id.version_minor = (word >> 4) & 0xF;
  id.version_major = (word >> 8) & 0xF;
  id.product_major = (word >> 12) & 0xF;
  id.arch_patch = (word >> 16) & 0xF;
  id.arch_minor = (word >> 20) & 0xFF;
  id.arch_major = word >> 28;
  return id;
}

Status parse_cop1(Bytes cmd, Cop1Payload& out) {
  out = Cop1Payload{};
  auto fail = [](const char* what) { return make_error(Error::kBadCommandStream, what); };
  if (cmd.size() < 4 || read_u32(cmd.data()) != kCop1Magic) return fail("cmd_data does not start with \"COP1\"");
  if (cmd.size() % 4 != 0) return fail("cmd_data size is not a whole number of 32-bit words");
  const size_t words = cmd.size() / 4;
  bool have_config = false;
  bool have_stream = false;
  size_t w = 1;
  while (w < words) {
    const uint32_t tag = read_u32(cmd.data() + 4 * w);
    switch (tag & 0xFF) {
      case 1:  // OPTIMIZER_CONFIG: tag, CONFIG, ID
        if (have_config) return fail("COP1 payload has two OPTIMIZER_CONFIG tags");
        if (w + 3 > words) return fail("COP1 OPTIMIZER_CONFIG tag runs past the end of cmd_data");
        have_config = true;
        out.optimizer_tag = tag;
        out.optimizer_release = (tag >> 16) & 0xF;
        out.optimizer_patch = (tag >> 20) & 0xF;
        out.config = decode_npu_config(read_u32(cmd.data() + 4 * (w + 1)));
        out.id = decode_npu_id(read_u32(cmd.data() + 4 * (w + 2)));
        w += 3;
        break;
      case 2: {  // COMMAND_STREAM: length in words = tag[15:8] << 16 | tag[31:16]
        if (have_stream) return fail("COP1 payload has two COMMAND_STREAM tags");
        const uint32_t length = (tag >> 16) | ((tag >> 8) & 0xFF) << 16;
        if (length > words - (w + 1)) return fail("COP1 COMMAND_STREAM length runs past the end of cmd_data");
        have_stream = true;
        out.command_stream_offset = 4 * (w + 1);
        out.command_stream_words = length;
        out.command_stream = cmd.subspan(out.command_stream_offset, 4 * static_cast<size_t>(length));
        w += 1 + length;
        break;
      }
      case 5:  // NOP (pads the stream start to 16 bytes)
        ++out.num_nops;
        ++w;
        break;
      default:
        return fail("COP1 payload has an unknown driver action tag (expected 1, 2 or 5)");
    }
  }
  if (!have_config) return fail("COP1 payload has no OPTIMIZER_CONFIG tag");
  if (!have_stream) return fail("COP1 payload has no COMMAND_STREAM tag");
  return rt::ok_status();
}

}  // namespace corsim::ethos_u
