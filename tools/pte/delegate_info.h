// What the dump tool decodes from a delegate: where its payload lives and, for EthosUBackend, the
// VelaBinStream blocks and the COP1 header of cmd_data (ExecuTorch backends/arm/runtime/
// VelaBinStream.cpp; Vela custom_operator_ethosu.hpp CreateDriverPayload1).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "runtime/backends/ethos_u/vela_bin_stream.h"
#include "runtime/pte/program.h"
#include "tools/pte/json_writer.h"

namespace corsim::pte_tool {

// The name ExecuTorch backends/arm/runtime/EthosUBackend.cpp registers the backend under.
inline constexpr char kEthosUBackendId[] = "EthosUBackend";

struct DelegateInfo {
  uint32_t plan = 0;
  uint32_t index = 0;
  const pte::fb::BackendDelegate* delegate = nullptr;
  rt::Bytes blob;
  uint64_t file_offset = 0;
  bool ethos_u = false;
  ethos_u::VelaBinStream vela;
  std::vector<ethos_u::VelaBlock> blocks;
  rt::Bytes cmd_data;  // resolved through named data when the block is external
  rt::Bytes weight_data;
  ethos_u::Cop1Payload cop1;
};

rt::Status decode_delegate(const pte::Program& program, uint32_t plan, uint32_t index, DelegateInfo& out);

// "ethos-u55-128" from a COP1 CONFIG word.
std::string npu_target_name(const ethos_u::NpuConfig& config);

// The delegate's `target` compile spec (ExecuTorch backends/arm/common/arm_compile_spec.py), empty
// if absent.
std::string compile_spec_target(const pte::fb::BackendDelegate& d);

// True when every byte is printable ASCII (compile-spec values are usually UTF-8 text).
bool printable(const uint8_t* data, size_t size);

// The schema-conformant Program JSON (program_json.cpp), written into an open writer.
void write_program(JsonWriter& w, const pte::Program& program);

}  // namespace corsim::pte_tool
