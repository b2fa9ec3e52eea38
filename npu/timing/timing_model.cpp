#include "npu/timing/timing_model.h"

#include "npu/timing/u85_timing.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace corsim::npu::timing {

namespace {

uint64_t ceil_div(uint64_t a, uint64_t b) { return b ? (a + b - 1) / b : 0; }

int64_t type_min_for(const OperationConfig& op) {
  const unsigned b = std::min<unsigned>(op.ofm.elem_bits, 32);
  return op.ofm.is_signed ? -(int64_t{1} << (b - 1)) : 0;
}
int64_t type_max_for(const OperationConfig& op) {
  const unsigned b = std::min<unsigned>(op.ofm.elem_bits, 32);
  return op.ofm.is_signed ? (int64_t{1} << (b - 1)) - 1 : (int64_t{1} << b) - 1;
}

// Vela ethos_u55.cpp / ethos_u65.cpp outputCycles[8] per MAC configuration and activationCycles[3].
struct AoTable {
  std::array<double, 8> output;
  std::array<double, 3> activation;
};

AoTable ao_table(uint32_t macs) {
  switch (macs) {
    case 32: return {{2, 3, 3, 3, 4, 6, 1, 2}, {1, 1, 0}};
    case 64: return {{1, 1.5, 1.5, 1.5, 2, 3, 0.5, 1}, {1, 1, 0}};
    case 128: return {{0.75, 1.25, 0.75, 0.75, 1, 1.5, 0.25, 0.5}, {1, 0.5, 0}};
    default: return {{0.625, 1.125, 0.5, 0.375, 0.5, 0.75, 0.125, 0.25}, {1, 0.25, 0}};
  }
}

// A block dimension iterated by the hardware: full blocks plus one clipped edge block.
struct Split {
  uint32_t full_count, full_size, edge_size;
};
Split split(uint32_t extent, uint32_t block) {
  block = std::max<uint32_t>(1, std::min(block, extent));
  return {extent / block, block, extent % block};
}

}  // namespace

Ublock TimingModel::ofm_ublock(const OperationConfig& op) const {
  if (npu_.is_u85()) return {op.ofm_ublock_height, op.ofm_ublock_width, op.ofm_ublock_depth};  // ACC_FORMAT
  Ublock u{1, 1, 8};
  switch (npu_.macs) {
    case 32: u = {1, 1, 4}; break;
    case 64: u = {1, 1, 8}; break;
    case 128: u = {1, 2, 8}; break;
    default: u = {2, 2, 8}; break;
  }
  // EstimateMacCyclesPerBlock's micro-block optimisation: a 2-high micro-block on a 1-high conv OFM
  // with even width and a 1-high kernel runs as 1x4.
  if (u.h == 2 && op.kind == OpKind::kConv && op.ofm.height == 1 && op.ofm.width % 2 == 0 && op.kernel.height == 1)
    u = {1, 4, u.c};
  return u;
}

uint64_t TimingModel::mac_cycles_for_block(const OperationConfig& op, uint32_t bh, uint32_t bw, uint32_t bd,
                                           bool weight_buffer_bound) const {
  if (npu_.is_u85()) return u85_mac_cycles_for_block(op, npu_, bh, bw, bd, weight_buffer_bound);
  if (op.kind == OpKind::kElementwise || op.kind == OpKind::kDma || op.kind == OpKind::kOther) return 0;
  const Ublock u = ofm_ublock(op);
  const uint64_t nh = ceil_div(bh, u.h), nw = ceil_div(bw, u.w), nc = ceil_div(bd, u.c);
  const uint64_t hw = nh * nw;
  const uint32_t ifm_bits = op.ifm.elem_bits;
  const bool acc40 = op.acc_format == 1 || ifm_bits == 16;
  const uint64_t cycles_wb = weight_buffer_bound ? 32ull * u.c / 8 : 0;
  const bool part_kernel = op.kind == OpKind::kConv && op.kernel.part_kernel_first;
  const uint32_t ifm_block_c =
      std::min<uint32_t>((part_kernel || ifm_bits == 16) ? 16 : 32, std::max<uint32_t>(op.ifm.depth, 1));
  const uint64_t ifm_ublocks = ceil_div(ifm_block_c, 8);
  uint64_t d = npu_.macs == 32 ? (acc40 ? 7 : 3) : ((acc40 && npu_.macs <= 128) ? 3 : 2);
  uint64_t cycles = 0;
  // 8x8 sub-kernel decomposition (EstimateMacCyclesPerBlock).
  const uint32_t dx = 8 / op.kernel.dilation_x, dy = 8 / op.kernel.dilation_y;
  for (uint32_t sy = 0; sy < op.kernel.height; sy += dy) {
    for (uint32_t sx = 0; sx < op.kernel.width; sx += dx) {
      const uint64_t e = uint64_t{std::min(dy, op.kernel.height - sy)} * std::min(dx, op.kernel.width - sx);
      uint64_t steps = 0, c = 0;
      if (op.kind == OpKind::kPool && op.pool_mode != PoolMode::kReduceSum) {
        steps = 1;
        c = std::max<uint64_t>(4, e) * hw * nc;
        if (npu_.macs != 32) c = c * ifm_bits / 8;
      } else if (op.kind == OpKind::kDepthwise) {
        steps = ceil_div(e, 4);
        c = std::max<uint64_t>(cycles_wb, 4 * hw * ifm_bits / 8) * steps * nc;
      } else if (part_kernel) {
        steps = ceil_div(e, ifm_bits == 16 ? 2 : 4);
        c = std::max<uint64_t>(cycles_wb, 4 * hw) * steps * nc * ifm_ublocks;
      } else {
        steps = e;
        c = std::max<uint64_t>(cycles_wb, 4 * hw) * steps * nc;
      }
      uint64_t delay = 0;
      if (hw == 1) delay = nc == 1 ? d * steps : d * (steps - 1) * nc;
      if (npu_.macs == 32 && (bw == 1 || bh == 1) && nc > 1 && acc40) delay += d * nc;
      if (part_kernel) delay *= ifm_ublocks;
      cycles += c + delay;
    }
  }
  // Convolutions and REDUCE_SUM repeat for each IFM depth block (EstimateMacCyclesPerBlock).
  if (op.kind == OpKind::kConv || (op.kind == OpKind::kPool && op.pool_mode == PoolMode::kReduceSum))
    cycles *= ceil_div(op.ifm.depth, ifm_block_c);
  return cycles;
}

double TimingModel::output_cycles_per_element(const OperationConfig& op) const {
  if (npu_.is_u85()) return u85_output_cycles_per_element(op, npu_);
  const AoTable t = ao_table(npu_.macs);
  size_t oi = 7;
  if (op.kind == OpKind::kElementwise) {
    const bool ifm32 = op.ifm.elem_bits == 32;
    const bool add_sub = op.ew_mode == ElementwiseMode::kAdd || op.ew_mode == ElementwiseMode::kSub;
    if (op.ew_mode == ElementwiseMode::kMul) oi = op.ofm.elem_bits == 32 ? 2 : 3;
    else if (ifm32) oi = op.is_unary() ? 0 : 1;
    else if (add_sub) oi = op.ifm_scale_mode == 0 ? 4 : 5;
  } else if (op.kind == OpKind::kPool && op.pool_mode == PoolMode::kMax) {
    oi = 6;
  } else if (op.acc_format == 1 || op.ifm.elem_bits == 16) {
    oi = 3;
  }
  size_t ai = 2;
  if (op.activation != ActivationFunction::kNone) ai = 0;
  else if (op.activation_min > type_min_for(op) || op.activation_max < type_max_for(op)) ai = 1;
  return std::max(t.output[oi], t.activation[ai]);
}

OpTiming TimingModel::estimate(const OperationConfig& op, const Traffic& functional) const {
  const uint64_t decoded_weights = functional.weights_decoded;
  OpTiming t;
  // What the hardware reads: the functional traffic (each byte once) plus the block re-fetch below.
  Traffic traffic = functional;
  uint64_t ifm_block_bytes = 0, spatial_blocks = 0;
  // With ACC_FORMAT acc_output disabled (U85, ethosu85_interface.h ACC_FORMAT [22]) the
  // accumulators stay in the MAC unit for the next operation (Vela's MatMul/NullPool decomposition,
  // regor scheduler_decompose.cpp): nothing reaches the output stage and no OFM is written, so the
  // operation has no AO cycles and no OFM bricks.
  const bool writes_ofm = op.acc_output;
  const double ao_per_elem = writes_ofm ? output_cycles_per_element(op) : 0.0;
  if (op.kind == OpKind::kConv || op.kind == OpKind::kDepthwise || op.kind == OpKind::kPool) {
    const Split sh = split(op.ofm.height, op.ofm_blk_height);
    const Split sw = split(op.ofm.width, op.ofm_blk_width);
    const Split sd = split(op.ofm.depth, op.ofm_blk_depth);
    uint64_t last_mac = 0, last_ao = 0;
    // Iterate the (at most 8) distinct block shapes: full or edge in each dimension.
    for (int ih = 0; ih < 2; ++ih)
      for (int iw = 0; iw < 2; ++iw)
        for (int id = 0; id < 2; ++id) {
          const uint64_t n = uint64_t{ih ? (sh.edge_size ? 1u : 0u) : sh.full_count} *
                             (iw ? (sw.edge_size ? 1u : 0u) : sw.full_count) *
                             (id ? (sd.edge_size ? 1u : 0u) : sd.full_count);
          if (n == 0) continue;
          const uint32_t bh = ih ? sh.edge_size : sh.full_size, bw = iw ? sw.edge_size : sw.full_size,
                         bd = id ? sd.edge_size : sd.full_size;
          const uint64_t mac = mac_cycles_for_block(op, bh, bw, bd);
          t.mac_active += std::min(mac, mac_cycles_for_block(op, bh, bw, bd, /*weight_buffer_bound=*/false)) * n;
          const uint64_t ao = static_cast<uint64_t>(std::ceil(ao_per_elem * bh * bw * bd));
          t.mac += mac * n;
          t.output += ao * n;
          ifm_block_bytes += ifm_bytes_for_block(op, bh, bw, bd) * n;
          if (id == 0 || sd.full_count == 0) spatial_blocks += uint64_t{ih ? 1u : sh.full_count} * (iw ? 1u : sw.full_count);
          // MAC of block n+1 overlaps the output stage of block n.
          t.compute += std::max(mac, ao) * n;
          last_mac = mac;
          last_ao = ao;
        }
    t.compute += std::min(last_mac, last_ao);
    // Block re-fetch (VELA ethos_u55_performance.cpp MeasureElementAccess): the NPU reads each
    // OFM block's receptive field of the IFM, so halos and, for a
    // convolution, the whole IFM depth are read again for every OFM block; the weights of a depth
    // slice are read again for every OFM block in H x W.
    if (traffic.ifm_port >= 0 && ifm_block_bytes > traffic.ifm_bytes)
      traffic.read[traffic.ifm_port & 1] += ifm_block_bytes - traffic.ifm_bytes;
    if (traffic.weight_port >= 0 && spatial_blocks > 1)
      traffic.read[traffic.weight_port & 1] += (traffic.weight_bytes + traffic.scale_bytes) * (spatial_blocks - 1);
  } else if (op.kind == OpKind::kElementwise || op.kind == OpKind::kResize) {
    uint64_t elements = op.ofm.elements();
    if (op.ofm.layout == Layout::kNhcwb16)
      elements = uint64_t{op.ofm.height} * op.ofm.width * ((op.ofm.depth + 15) / 16 * 16);
    t.output = static_cast<uint64_t>(std::ceil(ao_per_elem * static_cast<double>(elements)));
    t.compute = t.output;
  }
  // Weight decoder: the weight buffer takes cycles_wb = 32 x ublock_c / 8 cycles for ublock_c OFM
  // channels x one 32-deep IFM block (EstimateMacCyclesPerBlock), i.e. 8 weights per cycle.
  t.weights = npu_.is_u85() ? u85_weight_decode_cycles(traffic, npu_) : (decoded_weights + 7) / 8;
  // The OFM is written in whole storage units: NHCWB16 bricks of 16 channels (VELA
  // MeasureElementAccess: "OFM elements rounded to storage"), padding channels included.
  if (writes_ofm && traffic.ofm_port >= 0 && op.ofm.layout == Layout::kNhcwb16) {
    const uint64_t stored = uint64_t{op.ofm.height} * op.ofm.width * ceil_div(op.ofm.depth, 16) * 16 * op.ofm.elem_bytes();
    if (stored > traffic.ofm_bytes) traffic.write[traffic.ofm_port & 1] += stored - traffic.ofm_bytes;
  }
  t.axi0 = port_cycles(0, traffic.read[0], traffic.write[0]);
  t.axi1 = port_cycles(1, traffic.read[1], traffic.write[1]);
  t.read = traffic.read;
  t.write = traffic.write;
  t.overhead = sys_.op_overhead_cycles;
  decide_total(t);
  return t;
}

uint64_t TimingModel::ifm_bytes_for_block(const OperationConfig& op, uint32_t bh, uint32_t bw, uint32_t bd) const {
  // The IFM rows and columns an OFM block of bh x bw needs, clipped to the IFM, and its channels:
  // all of them for a convolution (rounded up to the 8-channel IFM micro-block), the block's own
  // for depthwise and pooling.
  const uint64_t rows = std::min<uint64_t>(op.ifm.height, uint64_t{bh - 1} * op.kernel.stride_y + op.kernel.dilated_height());
  const uint64_t cols = std::min<uint64_t>(op.ifm.width, uint64_t{bw - 1} * op.kernel.stride_x + op.kernel.dilated_width());
  const uint64_t channels = op.kind == OpKind::kConv ? ceil_div(op.ifm.depth, 8) * 8 : bd;
  return rows * cols * channels * op.ifm.elem_bytes();
}

uint64_t TimingModel::port_cycles(unsigned port, uint64_t rd, uint64_t wr) const {
  if (rd + wr == 0) return 0;
  const MemoryPort& p = port ? sys_.axi1 : sys_.axi0;
  const AxiPortLimit& l = axi_limits_[port & 1];
  // Little's law (axi_limits.h): with n transactions of b bytes outstanding and L cycles each, a
  // direction moves at most n x b / L bytes per cycle.
  double c = static_cast<double>(rd + wr) / p.bytes_per_cycle;
  c = std::max(c, static_cast<double>(rd) / l.read_bytes_per_cycle(p.read_latency));
  c = std::max(c, static_cast<double>(wr) / l.write_bytes_per_cycle(p.write_latency));
  return static_cast<uint64_t>(std::ceil(c)) + (rd ? p.read_latency : 0) + (wr ? p.write_latency : 0);
}

bool TimingModel::axi_limit_binds(unsigned port) const {
  const MemoryPort& p = port ? sys_.axi1 : sys_.axi0;
  const AxiPortLimit& l = axi_limits_[port & 1];
  return l.read_bytes_per_cycle(p.read_latency) < p.bytes_per_cycle ||
         l.write_bytes_per_cycle(p.write_latency) < p.bytes_per_cycle;
}

void TimingModel::decide_total(OpTiming& t) {
  uint64_t m = t.compute;
  t.bound = "compute";
  if (t.weights > m) { m = t.weights; t.bound = "weights"; }
  // Contention delays the memory part as a whole: the longer port's transfers end later.
  const uint64_t axi = std::max(t.axi0, t.axi1) + t.contention;
  if (axi > m) { m = axi; t.bound = t.axi1 > t.axi0 ? "axi1" : "axi0"; }
  t.total = t.overhead + m;
}

void TimingModel::add_contention(OpTiming& t, uint64_t npu_cycles) {
  t.contention += npu_cycles;
  decide_total(t);
}

OpTiming TimingModel::estimate(const OperationConfig& op, const Traffic& traffic, std::span<const AxiTransfer> transfers,
                               memory::MemoryTiming& memory, Cycles start, double npu_per_platform) const {
  OpTiming t = estimate(op, traffic);
  std::array<Cycles, 2> end{start, start};
  for (const AxiTransfer& x : transfers) {
    if (x.bytes == 0) continue;
    Cycles& e = end[x.port & 1];
    e += memory.npu_transfer(x.port & 1, x.addr, x.bytes, x.write, e);
  }
  auto npu_cycles = [&](Cycles platform) {
    return static_cast<uint64_t>(std::ceil(static_cast<double>(platform) * npu_per_platform));
  };
  t.axi0 = npu_cycles(end[0] - start);
  t.axi1 = npu_cycles(end[1] - start);
  // The memory system prices the ports at their bandwidth; where the AXI limit is below it, a
  // port cannot be faster than the limit allows (the same Little's-law cost as without it).
  if (axi_limit_binds(0)) t.axi0 = std::max(t.axi0, port_cycles(0, t.read[0], t.write[0]));
  if (axi_limit_binds(1)) t.axi1 = std::max(t.axi1, port_cycles(1, t.read[1], t.write[1]));
  decide_total(t);
  return t;
}

}  // namespace corsim::npu::timing
