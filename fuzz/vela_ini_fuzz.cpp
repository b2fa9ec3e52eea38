// Fuzz target: the Vela configuration reader (npu/timing/vela_ini.cpp, the format of Arm's
// ethos-u-vela `ethosu/config_files/Arm/vela.ini`): the parser, the inherit= chains and the two
// lookups the timing model makes. Input layout:
//   line 1      the system config NAME to look up ([System_Config.NAME])
//   line 2      the memory mode NAME to look up ([Memory_Mode.NAME])
//   the rest    the .ini text
// The system config is read for a U55 (8-byte AXI) and a U85 (16-byte AXI). Any text must give a
// configuration or one error; a result's numbers must be ones the timing model can use.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "npu/timing/vela_ini.h"

using namespace corsim;

namespace {

std::string_view next_line(std::string_view& text) {
  const size_t nl = text.find('\n');
  const std::string_view line = text.substr(0, nl);
  text = nl == std::string_view::npos ? std::string_view{} : text.substr(nl + 1);
  return line;
}

// A port the timing model divides by and adds up: finite, positive bandwidth.
void check(const npu::timing::MemoryPort& port) {
  if (!std::isfinite(port.bytes_per_cycle) || !(port.bytes_per_cycle > 0)) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::string_view system_name = next_line(text), mode_name = next_line(text);
  std::string error;
  const auto ini = npu::timing::VelaIni::parse(text, error);
  if (!ini) {
    if (error.empty()) std::abort();  // a refusal always says why
    return 0;
  }
  for (const npu::Product product : {npu::Product::kU55, npu::Product::kU85}) {
    npu::NpuConfig npu;
    npu.product = product;
    error.clear();
    if (const auto sys = ini->system_config(system_name, npu, error)) {
      if (!std::isfinite(sys->npu_clock_hz) || !(sys->npu_clock_hz > 0)) std::abort();
      check(sys->axi0);
      check(sys->axi1);
    } else if (error.empty()) {
      std::abort();
    }
  }
  error.clear();
  if (!ini->memory_mode(mode_name, error) && error.empty()) std::abort();
  return 0;
}
