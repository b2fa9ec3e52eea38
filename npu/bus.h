#pragma once
// How the NPU reaches memory. The functional model moves whole blocks (a tile span, a weight
// stream) through this interface; the device implementation (ethos_u_device.cpp) routes them
// through memory::Interconnect and counts them per AXI master, the standalone runner backs each
// region with a host buffer.
#include <cstdint>
#include <span>

namespace corsim::npu {

enum class AxiPort : uint8_t { kAxi0 = 0, kAxi1 = 1 };

class NpuBus {
 public:
  virtual ~NpuBus() = default;
  // `address` is BASEP[region] + offset (Vela get_address). False: bus error (nothing backs it).
  virtual bool read(uint64_t address, std::span<uint8_t> out, AxiPort port) = 0;
  virtual bool write(uint64_t address, std::span<const uint8_t> in, AxiPort port) = 0;
};

}  // namespace corsim::npu
