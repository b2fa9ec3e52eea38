#pragma once
// What a kernel sees while it runs one operation: the decoded registers, the memory behind the
// regions (with per-port byte counting), the SHRAM (LUTs), and where to report a fault.
#include <array>
#include <memory>
#include <new>
#include <type_traits>
#include <utility>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "npu/bus.h"
#include "npu/npu_config.h"
#include "npu/op_config.h"
#include "npu/ops/weight_cache.h"

namespace corsim::npu {

enum class Fault : uint8_t { kNone, kBus, kCommand, kWeightDecode };

struct Traffic {
  std::array<uint64_t, 2> read{};   // bytes per AXI port
  std::array<uint64_t, 2> write{};
  uint64_t weight_bytes = 0;  // encoded weight stream bytes
  uint64_t scale_bytes = 0;
  uint64_t weights_decoded = 0;  // values out of the weight decoder
  uint64_t weights_zero = 0;     // of which zero (U85 SWD decode rate, timing/u85_timing.h)
  bool fast_weights = false;     // U85 FWD stream
  bool fast_weights_lut = false;  // in LUT2/LUT4 mode
  // The ports the IFM and the weights were read through (-1: not read from memory), so that the
  // timing can add what the hardware reads again block by block (timing_model.h).
  int8_t ifm_port = -1, weight_port = -1, ofm_port = -1;
  uint64_t ifm_bytes = 0;  // IFM bytes the functional kernel read (each element once)
  uint64_t ofm_bytes = 0;  // OFM bytes the functional kernel wrote
};

// Which AXI port a region's traffic uses. U55: REGIONCFG gives each region one of the AXI_LIMIT
// settings; the driver puts region 0 (constants, flash) on setting 3 and the SRAM regions on 0/1;
// settings 2 and 3 use AXI1, 0 and 1 use AXI0 (ethosu_dev_axi_init; vela.ini Shared_Sram).
// U85: the 2-bit REGIONCFG field picks MEM_ATTR[n], whose axi_port bit chooses SRAM (0) or EXT
// (1); the driver programs MEM_ATTR[0,1] = SRAM and MEM_ATTR[2,3] = EXT (ethosu_dev_axi_init),
// which is the same split, so AXI0 stands for the U85 SRAM port and AXI1 for its EXT port. A device
// with other MEM_ATTR values turns them into this form with u85_regioncfg_for_ports().
inline AxiPort region_port(uint32_t regioncfg, uint8_t region) {
  return ((regioncfg >> (2 * (region & 7))) & 3) >= 2 ? AxiPort::kAxi1 : AxiPort::kAxi0;
}
// U85: folds REGIONCFG and the four MEM_ATTR registers into the per-region port setting above:
// each region's field becomes 0 (SRAM port) or 2 (EXT port) from MEM_ATTR[field].axi_port (bit 2).
inline uint32_t u85_regioncfg_for_ports(uint32_t regioncfg, const std::array<uint32_t, 4>& mem_attr) {
  uint32_t out = 0;
  for (unsigned r = 0; r < 8; ++r) {
    const uint32_t attr = mem_attr[(regioncfg >> (2 * r)) & 3];
    out |= ((attr >> 2) & 1 ? 2u : 0u) << (2 * r);
  }
  return out;
}

// std::allocator, except that the elements a resize adds are default-initialised (`new T`, left
// as they are for integers) instead of zeroed. For the scratch buffers that every kernel writes
// wholly before it reads them (accumulators, OFM, the IFM as the MAC array sees it, tile bytes):
// their sizes change from operation to operation, and zero-filling what a resize adds cost a
// twentieth of YOLO-Fastest's time.
template <typename T>
struct UninitializedAllocator : std::allocator<T> {
  UninitializedAllocator() = default;
  template <typename U>
  UninitializedAllocator(const UninitializedAllocator<U>&) noexcept {}
  template <typename U>
  void construct(U* p) noexcept(std::is_nothrow_default_constructible_v<U>) {
    ::new (static_cast<void*>(p)) U;
  }
  template <typename U, typename... Args>
  void construct(U* p, Args&&... args) {
    ::new (static_cast<void*>(p)) U(std::forward<Args>(args)...);
  }
};
template <typename T>
using ScratchVector = std::vector<T, UninitializedAllocator<T>>;
// 64-bit accumulators: the U85's (kept for ACC_FORMAT KEEP, op_context.h Accumulators), the 40-bit
// ACC_FORMAT of 16-bit IFMs, POOL SUM/NONE and MatMul.
using AccumulatorBuffer = ScratchVector<int64_t>;
// 32-bit accumulators: a U55/U65 convolution with 8-bit IFM and ACC_FORMAT I32, whose sums the
// kernels form in int32 (conv.cpp) and which nothing reads back after its output stage.
using Accumulator32Buffer = ScratchVector<int32_t>;
// A feature map's values, dense [h][w][c] (load_feature_map, store_feature_map), or those of a
// band of its rows (conv.cpp).
using FeatureMapValues = ScratchVector<int32_t>;

// A U85 chaining buffer (U85 goldens): the dense [h][w][c] result of a CHAINED OFM, read by the
// next operation's CHAINED IFM/IFM2 with the same buffer number. Never in memory.
struct ChainBuffer {
  std::vector<int32_t> values;
  uint32_t height = 0, width = 0, depth = 0;
};
using ChainBuffers = std::array<ChainBuffer, 8>;

// The U85 accumulators an operation leaves behind (ethosu85_interface.h ACC_FORMAT): a following
// operation with acc_input KEEP starts from them. Dense [h][w][c] in the leaving operation's OFM
// shape, before the output stage (bias, OFM_SCALE, activation). VELA uses them for convolutions
// decomposed into MatMul steps (regor scheduler_decompose.cpp: a NullPool preloads the bias with
// output disabled, then one MatMul per kernel element keeps the accumulators, output enabled on the
// last).
struct Accumulators {
  AccumulatorBuffer values;
  uint32_t height = 0, width = 0, depth = 0;
  // None kept (a later KEEP faults: no shape matches), the buffer's memory kept for the next
  // operation that leaves accumulators (leave_accumulators swaps it into the scratch), so that it
  // is not allocated and page-faulted again.
  void forget() {
    values.clear();
    height = width = depth = 0;
  }
};

// Buffers the kernels reuse from one operation to the next, owned by the Executor like the weight
// cache: a vector kept here keeps its memory, so an operation's maps are not allocated, zero-filled
// and page-faulted afresh each time (issue 17). What they hold between operations means nothing;
// a kernel sizes each one it uses and writes every element it reads.
struct OpScratch {
  FeatureMapValues ifm, ifm2, ofm;      // dense feature maps (ofm: or one band of its rows)
  ScratchVector<uint8_t> ofm8;          // an 8-bit OFM's low bytes (store_feature_map_bytes)
  FeatureMapValues acc_start;           // starting accumulators read from IFM2 (acc_input 2)
  AccumulatorBuffer acc;                // accumulators (swapped with Accumulators on leaving)
  Accumulator32Buffer acc32;            // the 32-bit ones of a U55/U65 convolution
  ScratchVector<int16_t> ifm16;         // the IFM as the MAC array sees it (conv.cpp)
  ScratchVector<int32_t> ifm32;
  std::array<ScratchVector<uint8_t>, 4> tiles;  // one feature-map tile's bytes each
};

class OpContext {
 public:
  OpContext(const OperationConfig& op, const NpuConfig& cfg, NpuBus& bus, const std::array<uint64_t, 8>& basep,
            uint32_t regioncfg, std::span<uint8_t> shram, ChainBuffers& chain, Accumulators& accumulators,
            WeightCache& weight_cache, OpScratch& scratch)
      : op_(op),
        cfg_(cfg),
        bus_(bus),
        basep_(basep),
        regioncfg_(regioncfg),
        shram_(shram),
        chain_(chain),
        accumulators_(accumulators),
        weight_cache_(weight_cache),
        scratch_(scratch) {}

  const OperationConfig& op() const { return op_; }
  const NpuConfig& config() const { return cfg_; }
  std::span<uint8_t> shram() { return shram_; }
  ChainBuffer& chain_buffer(uint8_t n) { return chain_[n & 7]; }
  Accumulators& accumulators() { return accumulators_; }
  WeightCache& weight_cache() { return weight_cache_; }
  OpScratch& scratch() { return scratch_; }
  // Bit 0 of a 1-element OFM feeds COND_STATUS (ethosu85_interface.h); set by store_feature_map.
  void set_result_flag(int32_t v) { result_flag_ = v; }
  const std::optional<int32_t>& result_flag() const { return result_flag_; }

  AxiPort port_of(uint8_t region) const { return region_port(regioncfg_, region); }
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
  ChainBuffers& chain_;
  Accumulators& accumulators_;
  WeightCache& weight_cache_;
  OpScratch& scratch_;
  std::optional<int32_t> result_flag_;
  Traffic traffic_;
  Fault fault_ = Fault::kNone;
  std::string error_;
};

// Dense [h][w][c] int32 copy of a feature map (values sign- or zero-extended per its type).
bool load_feature_map(OpContext& ctx, const FeatureMap& fm, FeatureMapValues& out);
// An 8-bit feature map in memory whose every value minus its zero point fits int16 (any 8-bit
// value, when |zero point| is below 2^15 - 255).
bool fits_int16_minus_zero_point(const FeatureMap& fm);
// Dense [h][w][c] int16 copy of such a map minus its zero point: the IFM as the MAC array sees it
// (CONV, DEPTHWISE), the same values as load_feature_map's minus zero_point, in one pass.
bool load_feature_map_minus_zero_point(OpContext& ctx, const FeatureMap& fm, ScratchVector<int16_t>& out);
// Writes dense [h][w][c] values (already in range for the type) to the feature map.
bool store_feature_map(OpContext& ctx, const FeatureMap& fm, std::span<const int32_t> values);
// An 8-bit map in memory stored in its own axis order (no U85 transpose or reverse): the form
// store_feature_map_bytes takes.
bool stores_bytes(const FeatureMap& fm);
// store_feature_map for such a map from the values' low bytes (what store_feature_map stores).
bool store_feature_map_bytes(OpContext& ctx, const FeatureMap& fm, std::span<const uint8_t> bytes);

// ACC_FORMAT.acc_input (U85): adds the accumulators' starting values to `acc` (dense OFM order):
// RESET nothing, KEEP the accumulators the previous operation left (same OFM shape, else a
// command fault), IFM2 the IFM2 feature map (its shape must be the OFM's; VELA's accumulator
// restore, regor EthosU85RCSGenerator::GenerateAccFormat for a NullPool).
bool add_starting_accumulators(OpContext& ctx, AccumulatorBuffer& acc);
// Records `acc`'s values as the accumulators this operation leaves (for a following KEEP) by
// swapping buffers: `acc` is left holding the previous ones (meaningless now, kept for its memory).
// Only the U85 reads accumulators back (ACC_FORMAT acc_input KEEP, ethosu85_interface.h; the
// U55/U65 have no ACC_FORMAT.acc_input and decode_operation leaves it RESET): on the others the
// kept accumulators are forgotten instead, so that they do not hold a second buffer of the
// largest map's size (first touched in every new Executor).
void leave_accumulators(OpContext& ctx, AccumulatorBuffer& acc);

}  // namespace corsim::npu
