#include "sim/gdb/monitor_npu.h"

#include <map>
#include <string_view>

#include <fmt/format.h>

namespace corsim::sim::gdb {

std::string format_npu_registers(const npu::EthosUDevice& device) {
  const memory::RegisterBank& bank = device.registers();
  std::string out = fmt::format("{} registers (values as of the device's last update):\n", bank.device_name());
  // Registers declared as arrays share a name (BASEP, AXI_LIMIT): number them in order.
  std::map<std::string_view, unsigned> seen;
  for (uint32_t offset = 0; offset < device.register_space(); offset += 4) {
    if (!bank.contains(offset)) continue;
    const std::string_view name = bank.name_of(offset);
    const unsigned index = seen[name]++;
    const bool array = bank.contains(offset + 4) && bank.name_of(offset + 4) == name;
    const std::string label = index > 0 || array ? fmt::format("{}[{}]", name, index) : std::string(name);
    uint32_t value = 0;
    if (bank.debug_read(offset, 4, value)) {
      out += fmt::format("  {:#06x} {:<24} {:#010x}\n", offset, label, value);
    } else {
      out += fmt::format("  {:#06x} {:<24} (not read: reading it acts)\n", offset, label);
    }
  }
  return out;
}

}  // namespace corsim::sim::gdb
