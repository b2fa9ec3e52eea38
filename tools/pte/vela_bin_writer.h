// Writes Ethos-U delegate payloads: the VelaBinStream container (ExecuTorch backends/arm/
// arm_vela.py vela_compile, runtime/VelaBinStream.h) and the COP1 driver payload that starts
// cmd_data (Vela custom_operator_ethosu.hpp CreateDriverPayload1). The inverse of
// runtime/backends/ethos_u/vela_bin_stream.h; host-only. Used by the .pte writer's callers (the
// command-stream encoder) to pack what they generate.
#pragma once

#include <cstdint>
#include <vector>

namespace corsim::pte_tool {

struct VelaIoDesc {
  std::vector<int32_t> shape;  // up to 6 (current) or 4 (old) dims; padded as the layout requires
  int32_t elem_size = 1;
  int32_t offset = 0;
  int32_t region = 1;
};

struct VelaBinStreamDesc {
  std::vector<uint8_t> cmd_data;     // COP1 payload (make_cop1)
  std::vector<uint8_t> weight_data;  // NPU region 0
  uint32_t scratch_size = 0;         // NPU region 1 bytes
  std::vector<VelaIoDesc> inputs, outputs;
  bool old_layout = false;  // shape[4] IO + embedded `scratch_data` (pre-2025-05 ExecuTorch)
};

// Blocks vela_bin_stream, cmd_data, weight_data, scratch_size|scratch_data, inputs, outputs,
// vela_end_stream; 32-byte headers, data padded to 16.
std::vector<uint8_t> write_vela_bin_stream(const VelaBinStreamDesc& desc);

// "COP1", OPTIMIZER_CONFIG (0x00100001, CONFIG, ID), NOPs until the stream starts 16-aligned,
// COMMAND_STREAM tag with the length in words, then the command words.
std::vector<uint8_t> make_cop1(uint32_t config, uint32_t id, const std::vector<uint32_t>& command_stream);

}  // namespace corsim::pte_tool
