#include "tools/pte/delegate_info.h"

#include <fmt/format.h>

#include "tools/pte/pte_dump.h"

namespace corsim::pte_tool {

namespace fb = pte::fb;

bool printable(const uint8_t* data, size_t size) {
  for (size_t i = 0; i < size; ++i) {
    if (data[i] < 0x20 || data[i] > 0x7E) return false;
  }
  return true;
}

std::string npu_target_name(const ethos_u::NpuConfig& config) {
  return fmt::format("{}-{}", ethos_u::npu_product_name(config.product), config.macs_per_cc);
}

std::string compile_spec_target(const fb::BackendDelegate& d) {
  if (d.compile_specs() == nullptr) return {};
  for (const fb::CompileSpec* cs : *d.compile_specs()) {
    if (cs->key()->str() == "target" && cs->value() != nullptr) {
      return std::string(cs->value()->begin(), cs->value()->end());
    }
  }
  return {};
}

namespace {

rt::Status resolve(const pte::Program& program, const ethos_u::VelaBlock& block, rt::Bytes& out) {
  if (!block.external) {
    out = block.data;
    return rt::ok_status();
  }
  // An external block holds the SHA-256 hex key of a named-data entry (ExecuTorch
  // backends/arm/runtime/VelaBinStream.cpp).
  rt::Status s = program.named_data(block.data, out);
  if (!s.ok()) s.what = "external VelaBinStream block names no named_data entry";
  return s;
}

}  // namespace

rt::Status decode_delegate(const pte::Program& program, uint32_t plan, uint32_t index, DelegateInfo& out) {
  out = DelegateInfo{};
  out.plan = plan;
  out.index = index;
  out.delegate = program.execution_plan(plan).delegates()->Get(index);
  rt::Status s = program.delegate_data(*out.delegate, out.blob);
  if (!s.ok()) return s;
  out.file_offset = program.file_offset(out.blob);
  out.ethos_u = out.delegate->id()->str() == kEthosUBackendId;
  if (!out.ethos_u) return rt::ok_status();
  s = ethos_u::parse_vela_bin_stream(out.blob, out.vela);
  if (!s.ok()) return s;
  size_t offset = 0;
  for (uint32_t i = 0; i < out.vela.num_blocks; ++i) {
    ethos_u::VelaBlock b;
    s = ethos_u::read_vela_block(out.blob, offset, b, offset);
    if (!s.ok()) return s;
    out.blocks.push_back(b);
  }
  s = resolve(program, out.vela.cmd_data, out.cmd_data);
  if (!s.ok()) return s;
  s = resolve(program, out.vela.weight_data, out.weight_data);
  if (!s.ok()) return s;
  return ethos_u::parse_cop1(out.cmd_data, out.cop1);
}

rt::Status check_delegates(const pte::Program& program) {
  for (uint32_t p = 0; p < program.num_execution_plans(); ++p) {
    const auto* delegates = program.execution_plan(p).delegates();
    for (uint32_t d = 0; delegates != nullptr && d < delegates->size(); ++d) {
      DelegateInfo info;
      rt::Status s = decode_delegate(program, p, d, info);
      if (!s.ok()) return rt::in_scope(rt::in_scope(s, "delegate", d), "plan", p);
    }
  }
  return rt::ok_status();
}

}  // namespace corsim::pte_tool
