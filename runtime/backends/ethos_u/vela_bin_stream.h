// Parser for the Ethos-U delegate payload of an ExecuTorch program ("VelaBinStream") and the COP1
// driver payload at the start of its cmd_data. Facts: ExecuTorch backends/arm/runtime/
// VelaBinStream.{h,cpp} and arm_vela.py vela_compile; Vela regor/tflite/custom_operator_ethosu.hpp
// CreateDriverPayload1; ethos-u-core-driver src/ethosu_driver.c.
//
// C++17, no exceptions, no RTTI, no heap: used by the host tools (dump), by the NPU model's
// standalone runner, and later by the target runtime's EthosUBackend. Everything returned is a
// view into the caller's blob.
//
// Variants accepted (ExecuTorch VelaBinStream.cpp and arm_vela.py of current and older releases;
// commit f39a1bbfde replaced scratch_data by scratch_size): the old layout (IO shape[4]
// zero-padded, 28 bytes per IO, scratch embedded as a `scratch_data` block of zeros), the current
// layout (IO shape[6], 36 bytes per IO, `scratch_size` u32 block), and blocks marked external
// (cmd_data/weight_data replaced by a 64-character SHA-256 hex key into the program's named data).
#pragma once

#include <cstddef>
#include <cstdint>

#include "runtime/pte/span.h"
#include "runtime/pte/status.h"

namespace corsim::ethos_u {

using rt::Bytes;
using rt::Status;

inline constexpr size_t kVelaBlockHeaderSize = 32;
inline constexpr size_t kVelaBlockNameSize = 16;
inline constexpr size_t kVelaAlignment = 16;
inline constexpr size_t kVelaExternalKeySize = 64;  // SHA-256 as hex
inline constexpr size_t kVelaMaxIoDims = 6;
inline constexpr size_t kVelaIoSizeOld = 7 * 4;   // shape[4], elem_size, offset, region
inline constexpr size_t kVelaIoSizeCurrent = 9 * 4;  // shape[6], elem_size, offset, region

// One block as stored: 32-byte header {name[16], u32 size, u8 external, 11 reserved} + data
// padded to 16.
struct VelaBlock {
  const char* name = nullptr;  // points into the blob; NUL-terminated within 16 bytes
  uint32_t size = 0;           // unpadded data size
  bool external = false;
  size_t offset = 0;           // header offset within the blob
  Bytes data;                  // size bytes after the header
};

// Reads the block whose header starts at `offset`; `next` receives the following header offset.
Status read_vela_block(Bytes blob, size_t offset, VelaBlock& out, size_t& next);

// One input or output: the NHWC storage shape Vela used, padded to 6-D with leading 1s (current
// layout) or to 4-D with trailing zeros (old layout).
struct VelaIo {
  int32_t shape[kVelaMaxIoDims] = {};
  uint32_t dims = 0;       // 6 (current) or 4 (old) entries stored in shape
  int32_t elem_size = 0;   // bytes per element
  int32_t offset = 0;      // byte offset in the region (normally scratch, region 1)
  int32_t region = 0;      // NPU base-pointer region (Vela regor/compiler/raw_writer.cpp)

  uint64_t numel() const;   // product of the shape; old layout: trailing zero padding ignored
  uint64_t nbytes() const { return numel() * static_cast<uint64_t>(elem_size); }
};

// The `inputs` or `outputs` block: int32 count then count packed IO records.
struct VelaIoList {
  Bytes raw;
  uint32_t count = 0;
  uint32_t record_size = 0;  // kVelaIoSizeOld or kVelaIoSizeCurrent
  VelaIo get(uint32_t i) const;
};

struct VelaBinStream {
  VelaBlock cmd_data;      // COP1 payload, or (external) the named-data key
  VelaBlock weight_data;   // region 0 contents, or (external) the named-data key
  bool scratch_embedded = false;  // old layout: `scratch_data` block holds the arena
  uint32_t scratch_size = 0;      // bytes of region 1 the runtime must provide
  Bytes scratch_data;             // old layout only
  VelaIoList inputs;
  VelaIoList outputs;
  uint32_t num_blocks = 0;        // including the vela_bin_stream / vela_end_stream markers
  bool old_io_layout() const { return inputs.record_size == kVelaIoSizeOld; }
};

// Parses and validates a whole blob: 16-byte alignment of the blob, first block
// `vela_bin_stream`, each known block exactly once with the right size, the last block
// `vela_end_stream` ending exactly at the blob end, IO records consistent with the scratch size.
Status parse_vela_bin_stream(Bytes blob, VelaBinStream& out);

// ---- COP1 driver payload (Vela custom_operator_ethosu.hpp CreateDriverPayload1) ----

inline constexpr uint32_t kCop1Magic = 0x31504F43;  // "COP1"
inline constexpr uint32_t kCop2Magic = 0x32504F43;  // "COP2" (U85 Linux direct drive)

enum class NpuProduct : uint8_t { kU55 = 0, kU65 = 1, kU85 = 2, kUnknown = 0xFF };

// The CONFIG register word (ethosu55_interface.h / ethosu85_interface.h) that Vela assumed.
struct NpuConfig {
  uint32_t word = 0;
  NpuProduct product = NpuProduct::kUnknown;
  uint32_t macs_per_cc = 0;         // 1 << CONFIG[3:0]
  uint32_t cmd_stream_version = 0;  // CONFIG[7:4]
  uint32_t shram_kb = 0;            // U55/U65: CONFIG[15:8]
  uint32_t num_axi_sram = 0;        // U85: 1 << CONFIG[9:8]
  uint32_t num_axi_ext = 0;         // U85: 1 << CONFIG[10]
  uint32_t num_wd = 0;              // U85: 1 << CONFIG[13:12]
  bool custom_dma = false;          // CONFIG[27]
};

NpuConfig decode_npu_config(uint32_t word);
const char* npu_product_name(NpuProduct p);  // "ethos-u55" ...

// The ID register word (ethosu55_interface.h).
struct NpuId {
  uint32_t word = 0;
  uint32_t arch_major = 0, arch_minor = 0, arch_patch = 0;
  uint32_t product_major = 0, version_major = 0, version_minor = 0, version_status = 0;
};

NpuId decode_npu_id(uint32_t word);

struct Cop1Payload {
  uint32_t optimizer_tag = 0;       // w1, 0x00100001 from Vela
  uint32_t optimizer_release = 0;   // tag bits [19:16]
  uint32_t optimizer_patch = 0;     // tag bits [23:20]
  NpuConfig config;
  NpuId id;
  uint32_t num_nops = 0;
  size_t command_stream_offset = 0;  // bytes from the start of cmd_data
  uint32_t command_stream_words = 0;
  Bytes command_stream;              // the NPU register command stream itself
};

// Walks the driver tags (1 OPTIMIZER_CONFIG, 2 COMMAND_STREAM, 5 NOP) of a COP1 payload.
Status parse_cop1(Bytes cmd_data, Cop1Payload& out);

}  // namespace corsim::ethos_u
