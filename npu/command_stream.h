#pragma once
// Command-stream word decoding (driver ethosu55_interface.h): little-endian 32-bit words; bit 14
// tells a one-word cmd0 from a two-word cmd1. Decoding a word either updates RegisterState or
// yields an operation for the executor.
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "npu/registers.h"

namespace corsim::npu {

struct Command {
  uint32_t offset = 0;   // byte offset of word0 in the stream (what QREAD reports)
  bool is_cmd1 = false;
  uint16_t opcode = 0;   // word0[9:0]
  uint16_t param = 0;    // word0[31:16]
  uint32_t payload = 0;  // word1 of a cmd1
  unsigned words() const { return is_cmd1 ? 2 : 1; }
  bool is_operation() const { return !is_cmd1 && opcode < 0x100; }
  bool is_branch() const { return is_cmd1 && opcode == u85::kOpBranch; }  // U85 only (decoded only there)
};

enum class DecodeError : uint8_t { kNone, kTruncated, kUnknownOpcode };

struct DecodeResult {
  Command command;
  DecodeError error = DecodeError::kNone;
};

// Decodes the command at word index `index` of `words`. Never reads past the span.
DecodeResult decode_command(std::span<const uint32_t> words, size_t index, Isa isa = Isa::kU55);

// Applies a register-set command to `regs` (no-op for operations, including NPU_OP_BRANCH).
void apply_register(RegisterState& regs, const Command& cmd);

// One human-readable line, e.g. "0x0010 NPU_SET_IFM_PRECISION 0x0001".
std::string disassemble(const Command& cmd, Isa isa = Isa::kU55);

}  // namespace corsim::npu
