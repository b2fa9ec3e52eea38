#pragma once
// What a kernel sees while it runs one operation: the decoded registers, the memory behind the
// regions (with per-port byte counting), the SHRAM (LUTs), and where to report a fault.
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "npu/bus.h"
#include "npu/npu_config.h"
#include "npu/op_config.h"

namespace corsim::npu {

enum class Fault : uint8_t { kNone, kBus, kCommand, kWeightDecode };

struct Traffic {
  std::array<uint64_t, 2> read{};   // bytes per AXI port
  std::array<uint64_t, 2> write{};
  uint64_t weight_bytes = 0;  // encoded weight stream bytes
  uint64_t scale_bytes = 0;
  uint64_t weights_decoded = 0;  // values out of the weight decoder
};

class OpContext {
 public:
  OpContext(const OperationConfig& op, const NpuConfig& cfg, NpuBus& bus, const std::array<uint64_t, 8>& basep,
            uint32_t regioncfg, std::span<uint8_t> shram)
      : op_(op), cfg_(cfg), bus_(bus), basep_(basep), regioncfg_(regioncfg), shram_(shram) {}

  const OperationConfig& op() const { return op_; }
  const NpuConfig& config() const { return cfg_; }
  std::span<uint8_t> shram() { return shram_; }

  // U55 REGIONCFG gives each region one of the AXI_LIMIT settings; the driver puts region 0
  // (constants, flash) on setting 3 and the SRAM regions on 0/1. Settings 2 and 3 use AXI1, 0 and
  // 1 use AXI0 (ARCHITECTURE §4, spec/ethos-u.md §1.5 and §5.2's Shared_Sram mode).
  AxiPort port_of(uint8_t region) const {
    return ((regioncfg_ >> (2 * (region & 7))) & 3) >= 2 ? AxiPort::kAxi1 : AxiPort::kAxi0;
  }
  bool read(uint8_t region, uint64_t offset, std::span<uint8_t> out);
  bool write(uint8_t region, uint64_t offset, std::span<const uint8_t> in);

  bool fail(Fault f, std::string message) {
    if (fault_ == Fault::kNone) {
      fault_ = f;
      error_ = std::move(message);
    }
    return false;
  }
  Fault fault() const { return fault_; }
  const std::string& error() const { return error_; }
  Traffic& traffic() { return traffic_; }

 private:
  const OperationConfig& op_;
  const NpuConfig& cfg_;
  NpuBus& bus_;
  const std::array<uint64_t, 8>& basep_;
  uint32_t regioncfg_;
  std::span<uint8_t> shram_;
  Traffic traffic_;
  Fault fault_ = Fault::kNone;
  std::string error_;
};

// Dense [h][w][c] int32 copy of a feature map (values sign- or zero-extended per its type).
bool load_feature_map(OpContext& ctx, const FeatureMap& fm, std::vector<int32_t>& out);
// Writes dense [h][w][c] values (already in range for the type) to the feature map.
bool store_feature_map(OpContext& ctx, const FeatureMap& fm, std::span<const int32_t> values);

}  // namespace corsim::npu
