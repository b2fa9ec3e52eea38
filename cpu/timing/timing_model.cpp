// The timing-model factory (--cpu cortex-m55|cortex-m85).
#include "cpu/timing/timing_model.h"

#include "cpu/timing/cortex_m55.h"
#include "cpu/timing/cortex_m85.h"

namespace corsim::cpu::timing {

std::unique_ptr<CpuTimingModel> make_timing_model(std::string_view core) {
  if (core == "cortex-m55") return std::make_unique<CortexM55Model>();
  if (core == "cortex-m85") return std::make_unique<CortexM85Model>();
  return nullptr;
}

}  // namespace corsim::cpu::timing
