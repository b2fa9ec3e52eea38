#include "sim/gdb/monitor_npu.h"

#include <fmt/format.h>

namespace corsim::sim::gdb {

std::string format_npu_registers(const npu::EthosUDevice& device) {
  const memory::RegisterBank& bank = device.registers();
  std::string out = fmt::format("{} registers (values as of the device's last update):\n", bank.device_name());
  for (uint32_t offset = 0; offset < device.register_space(); offset += 4) {
    if (!bank.contains(offset)) continue;
    uint32_t value = 0;
    if (bank.debug_read(offset, 4, value)) {
      out += fmt::format("  {:#06x} {:<24} {:#010x}\n", offset, bank.name_of(offset), value);
    } else {
      out += fmt::format("  {:#06x} {:<24} (not read: reading it acts)\n", offset, bank.name_of(offset));
    }
  }
  return out;
}

}  // namespace corsim::sim::gdb
