#include "npu/command_stream.h"

#include <fmt/format.h>

namespace corsim::npu {

DecodeResult decode_command(std::span<const uint32_t> words, size_t index, Isa isa) {
  DecodeResult r;
  if (index >= words.size()) {
    r.error = DecodeError::kTruncated;
    return r;
  }
  const uint32_t w0 = words[index];
  r.command.offset = static_cast<uint32_t>(index * 4);
  r.command.opcode = w0 & 0x3FF;
  r.command.param = static_cast<uint16_t>(w0 >> 16);
  // [15:14] control: 0 = cmd0, 1 = cmd1 (ethosu55_interface.h); other values are undefined on U55.
  const uint32_t control = (w0 >> 14) & 3;
  if (control == 1) {
    r.command.is_cmd1 = true;
    if (index + 1 >= words.size()) {
      r.error = DecodeError::kTruncated;
      return r;
    }
    r.command.payload = words[index + 1];
    if (!is_known_cmd1_register(r.command.opcode, isa)) r.error = DecodeError::kUnknownOpcode;
    return r;
  }
  if (control != 0) {
    r.error = DecodeError::kUnknownOpcode;
    return r;
  }
  const bool known = r.command.opcode < 0x100 ? is_known_operation(r.command.opcode, isa)
                                             : is_known_cmd0_register(r.command.opcode, isa);
  if (!known) r.error = DecodeError::kUnknownOpcode;
  return r;
}

void apply_register(RegisterState& regs, const Command& cmd) {
  if (cmd.is_cmd1) {
    if (cmd.opcode > 0xFF) return;  // NPU_OP_BRANCH is an operation, not a register
    regs.cmd1[cmd.opcode & 0xFF] = cmd.payload;
    regs.cmd1_hi[cmd.opcode & 0xFF] = cmd.param;
  } else if (cmd.opcode >= 0x100 && cmd.opcode < 0x200) {
    regs.cmd0[cmd.opcode - 0x100] = cmd.param;
  }
}

std::string disassemble(const Command& cmd, Isa isa) {
  if (cmd.is_cmd1) {
    auto name = cmd1_register_name(cmd.opcode, isa);
    return fmt::format("0x{:04x} {} 0x{:04x} 0x{:08x}", cmd.offset,
                       name.empty() ? fmt::format("CMD1_{:#x}", cmd.opcode) : std::string(name), cmd.param,
                       cmd.payload);
  }
  auto name = cmd.opcode < 0x100 ? operation_name(cmd.opcode, isa) : cmd0_register_name(cmd.opcode, isa);
  return fmt::format("0x{:04x} {} 0x{:04x}", cmd.offset,
                     name.empty() ? fmt::format("CMD0_{:#x}", cmd.opcode) : std::string(name), cmd.param);
}

}  // namespace corsim::npu
