// Fuzz target: the VelaBinStream parser (runtime/backends/ethos_u/vela_bin_stream.cpp) on the
// delegate payload alone, then its COP1 command payload and the NPU configuration words.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "runtime/backends/ethos_u/vela_bin_stream.h"

using namespace corsim;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::vector<uint64_t> aligned(size / 8 + 2);  // the parser wants 16-byte alignment (ExecuTorch backends/arm/runtime/VelaBinStream.h)
  auto* base = reinterpret_cast<uint8_t*>(aligned.data());
  base += (16 - reinterpret_cast<uintptr_t>(base) % 16) % 16;
  std::memcpy(base, data, size);
  ethos_u::VelaBinStream vbs;
  if (!ethos_u::parse_vela_bin_stream(rt::Bytes(base, size), vbs).ok()) return 0;
  for (uint32_t i = 0; i < vbs.inputs.count; ++i) (void)vbs.inputs.get(i).nbytes();
  for (uint32_t i = 0; i < vbs.outputs.count; ++i) (void)vbs.outputs.get(i).nbytes();
  if (!vbs.cmd_data.external) {
    ethos_u::Cop1Payload cop1;
    (void)ethos_u::parse_cop1(vbs.cmd_data.data, cop1);
  }
  return 0;
}
