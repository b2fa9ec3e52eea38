// ExecuTorch .pte input: the Ethos-U delegate's VelaBinStream (ET arm_vela.py vela_compile), read
// with the runtime's own ET12 reader (runtime/pte) and VelaBinStream parser
// (runtime/backends/ethos_u). Regions as ET EthosUBackend.cpp sets them: BASEP0 = weight_data,
// BASEP1 = scratch (inputs and outputs at their offsets), BASEP2 = fast scratch (none by default).
#include <fmt/format.h>

#include <cstring>

#include "npu/runner/job.h"
#include "runtime/backends/ethos_u/vela_bin_stream.h"
#include "runtime/pte/program.h"

namespace corsim::npu::runner {

namespace {

std::string status_line(const rt::Status& s) {
  char buf[256];
  rt::format_status(s, buf, sizeof(buf));
  return buf;
}

}  // namespace

bool load_pte(const std::string& path, Job& job, std::string& error) {
  std::vector<uint8_t> file;
  return read_file(path, file, error) && parse_pte(file, path, job, error);
}

bool parse_pte(std::span<const uint8_t> file, const std::string& path, Job& job, std::string& error,
               uint64_t max_region_bytes) {
  pte::Program program;
  rt::Status st = pte::Program::load(rt::Bytes(file.data(), file.size()), program);
  if (!st.ok()) {
    error = fmt::format("'{}': {}", path, status_line(st));
    return false;
  }
  for (uint32_t p = 0; p < program.num_execution_plans(); ++p) {
    const auto& plan = program.execution_plan(p);
    if (!plan.delegates()) continue;
    for (const auto* d : *plan.delegates()) {
      if (!d->id() || std::strcmp(d->id()->c_str(), "EthosUBackend") != 0) continue;
      rt::Bytes blob;
      st = program.delegate_data(*d, blob);
      if (!st.ok()) {
        error = fmt::format("'{}': delegate data: {}", path, status_line(st));
        return false;
      }
      // The payload must be 16-byte aligned for the parser (ET vela_bin_validate): copy it.
      std::vector<uint64_t> aligned((blob.size() + 7) / 8 + 2);
      auto* base = reinterpret_cast<uint8_t*>(aligned.data());
      base += (16 - reinterpret_cast<uintptr_t>(base) % 16) % 16;
      std::memcpy(base, blob.data(), blob.size());
      ethos_u::VelaBinStream vbs;
      st = ethos_u::parse_vela_bin_stream(rt::Bytes(base, blob.size()), vbs);
      if (!st.ok()) {
        error = fmt::format("'{}': {}", path, status_line(st));
        return false;
      }
      if (vbs.cmd_data.external || vbs.weight_data.external) {
        error = fmt::format("'{}': the delegate's data is external (.ptd); pass the command stream with --cmd", path);
        return false;
      }
      std::vector<uint8_t> cmd(vbs.cmd_data.data.begin(), vbs.cmd_data.data.end());
      if (!load_command_bytes(cmd, job, error)) return false;
      job.regions[0].assign(vbs.weight_data.data.begin(), vbs.weight_data.data.end());
      if (vbs.scratch_embedded) job.regions[1].assign(vbs.scratch_data.begin(), vbs.scratch_data.end());
      else if (!allocate_region(job.regions[1], vbs.scratch_size, fmt::format("'{}': the scratch area", path), error,
                                 max_region_bytes))
        return false;
      auto add = [&](const ethos_u::VelaIoList& list, std::vector<IoTensor>& out, const char* what) {
        for (uint32_t i = 0; i < list.count; ++i) {
          const ethos_u::VelaIo io = list.get(i);
          IoTensor t;
          t.name = fmt::format("{}{}", what, i);
          t.region = static_cast<unsigned>(io.region) & 7;
          t.offset = static_cast<uint64_t>(io.offset);
          t.size = io.nbytes();
          out.push_back(t);
        }
      };
      add(vbs.inputs, job.inputs, "input");
      add(vbs.outputs, job.outputs, "output");
      return true;
    }
  }
  error = fmt::format("'{}' has no EthosUBackend delegate", path);
  return false;
}

}  // namespace corsim::npu::runner
