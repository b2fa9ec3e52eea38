#pragma once
// `monitor npu`: the Ethos-U's registers by name, read through its register bank's debug path
// (memory::RegisterBank::debug_read: no side effect; a register whose read acts is not read).
#include <string>

#include "npu/ethos_u_device.h"

namespace corsim::sim::gdb {

// One line per declared register: offset, name, value (or why it was not read).
std::string format_npu_registers(const npu::EthosUDevice& device);

}  // namespace corsim::sim::gdb
