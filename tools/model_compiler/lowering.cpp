#include "tools/model_compiler/lowering.h"

#include <algorithm>

#include <fmt/format.h>

#include "tools/model_compiler/host_reference.h"
#include "tools/pte/live_range_plan.h"
#include "tools/model_compiler/mlw_encoder.h"
#include "tools/model_compiler/reference_ops.h"
#include "tools/model_compiler/shram_layout.h"
#include "tools/model_compiler/stream_encoder.h"

namespace corsim::model_compiler {

using npu_encode::FmSpec;
using npu_encode::StreamBuilder;
using npu_encode::TLayout;

uint32_t u55_config_word(uint32_t macs) {
  switch (macs) {
    case 32: return 0x00001005u;
    case 64: return 0x00001006u;
    case 128: return 0x00001807u;
    default: return 0x00003008u;
  }
}

namespace {

uint32_t align16(size_t v) { return static_cast<uint32_t>((v + 15) / 16 * 16); }

// The bottom/right padding the hardware needs so that the IFM extent it derives (KWS streams)
// equals the real input size: the description's padding may exceed what the last window uses.
uint32_t used_pad(uint32_t in, uint32_t out, uint32_t pad_a, uint32_t keff, uint32_t stride) {
  const int64_t need = int64_t{out - 1} * stride + keff - pad_a - in;
  return need > 0 ? static_cast<uint32_t>(need) : 0;
}

// Which maps may be NHCWB16 or tiled: not a model input/output (the runtime copies those as
// plain NHWC), not produced by a reshape, and only read by operations that take any layout (not
// reshape, fully connected or the CPU softmax).
std::vector<bool> internal_maps(const Model& m) {
  std::vector<bool> ok(m.maps.size(), true);
  for (int i : m.inputs) ok[i] = false;
  for (int o : m.outputs) ok[o] = false;
  for (const Layer& l : m.layers) {
    if (l.kind == LayerKind::kReshape || l.kind == LayerKind::kSoftmax || l.kind == LayerKind::kTranspose) ok[l.output] = false;
    if (l.kind == LayerKind::kReshape || l.kind == LayerKind::kFullyConnected || l.kind == LayerKind::kSoftmax ||
        l.kind == LayerKind::kTranspose)
      for (int i : l.inputs) ok[i] = false;
  }
  return ok;
}


shram::OpKind shram_kind(LayerKind k) {
  switch (k) {
    case LayerKind::kConv2d:
    case LayerKind::kFullyConnected: return shram::OpKind::kConv;
    case LayerKind::kDepthwiseConv2d: return shram::OpKind::kDepthwise;
    case LayerKind::kAdd:
    case LayerKind::kMul: return shram::OpKind::kElementwise;
    default: return shram::OpKind::kPool;  // pools and the LUT activations (a 1x1 pool)
  }
}

shram::Block block_for(uint32_t macs, const Layer& l, const FmSpec& ifm, const FmSpec& ofm, uint32_t kew, uint32_t keh) {
  shram::OpShape op;
  op.kind = shram_kind(l.kind);
  op.ifm = {ifm.h, ifm.w, ifm.c};
  op.ofm = {ofm.h, ofm.w, ofm.c};
  const bool lut = l.kind == LayerKind::kTanh || l.kind == LayerKind::kSigmoid;
  if (op.kind != shram::OpKind::kElementwise && !lut) {
    op.kernel_w = kew;
    op.kernel_h = keh;
    op.stride_x = l.sx;
    op.stride_y = l.sy;
  }
  op.uses_lut = lut;
  op.part_kernel = false;  // our weight encoder writes depth-first order
  if (std::optional<shram::Block> b = shram::choose_block(macs, op)) return *b;
  // Unreachable for the 8-bit operations the description accepts (a micro-block always fits);
  // keep a valid one-micro-block config rather than none.
  shram::Block b{1, 1, 8, 8, {}};
  if (auto layout = shram::layout_for(macs, op, 1, 1, 8)) b.layout = *layout;
  return b;
}

// IFM_IB_END, AB_START or IFM2_IB_START, ACC_FORMAT and BLOCKDEP (ethosu55_interface.h). BLOCKDEP
// 0 makes each operation wait for the previous one to finish: always safe, never faster.
void shram_registers(StreamBuilder& sb, const shram::Block& b, bool elementwise) {
  sb.cmd0(0x10D, b.layout.ib_end);
  if (elementwise) sb.cmd0(0x18D, b.layout.ib_start2);
  else sb.cmd0(0x12D, b.layout.ab_start);
  sb.cmd0(0x124, b.layout.acc_format);
  sb.cmd0(0x12F, 0);
}


// Weight buffering (Vela GenerateDMA, the pattern of its Shared_Sram streams): each
// operation's weights and scales are copied by DMA from region 0 (flash) into one of two staging
// buffers in region 1 (SRAM scratch). The copy for an operation starts right after the previous
// weighted operation was kicked off (so it overlaps that operation on hardware) and the operation
// waits for it (DMA_WAIT 0) just before it starts. The staging buffers go after the feature maps;
// their offsets are patched in once the largest weight block is known.
class WeightBuffering {
 public:
  // Emits the DMA for the next weighted operation (inserted where it may start), the wait, and the
  // WEIGHT/SCALE registers pointing into its staging buffer.
  void stage(StreamBuilder& sb, uint32_t wbase, uint32_t wlen, uint32_t sbase, uint32_t slen) {
    const uint32_t len = sbase + slen - wbase;  // scales follow the weights in region 0
    largest_ = std::max(largest_, len);
    const unsigned buffer = count_++ % 2;
    StreamBuilder dma;
    dma.cmd0(0x130, 0);  // DMA0_SRC_REGION: region 0, external
    dma.cmd0(0x131, 1);  // DMA0_DST_REGION: region 1, external
    dma.cmd1(48, wbase);
    dma.cmd1(49, 0);     // DMA0_DST: patched
    dma.cmd1(50, len);
    dma.op(16);          // DMA_START
    sb.words.insert(sb.words.begin() + static_cast<std::ptrdiff_t>(insert_at_), dma.words.begin(), dma.words.end());
    patch_after_insert(dma.words.size());
    patches_.push_back({insert_at_ + 5, buffer, 0});  // the DMA0_DST payload word
    sb.op(17, 0);        // DMA_WAIT: no copy outstanding
    sb.cmd0(0x128, 1);   // WEIGHT_REGION
    sb.cmd1(32, 0);
    patches_.push_back({sb.words.size() - 1, buffer, 0});
    sb.cmd1(33, wlen);
    sb.cmd0(0x129, 1);   // SCALE_REGION
    sb.cmd1(34, 0);
    patches_.push_back({sb.words.size() - 1, buffer, sbase - wbase});
    sb.cmd1(35, slen);
  }
  // After a weighted operation's kernel command: the next copy may start here.
  void after_kernel(const StreamBuilder& sb) { insert_at_ = sb.words.size(); }
  // Places the two staging buffers at `scratch_end`; returns the new scratch size.
  uint32_t place(StreamBuilder& sb, uint32_t scratch_end) const {
    const uint32_t base = align16(scratch_end), size = align16(largest_);
    for (const Patch& p : patches_) sb.words[p.word] = base + p.buffer * size + p.offset;
    return base + 2 * size;
  }

 private:
  struct Patch {
    size_t word;
    unsigned buffer;
    uint32_t offset;
  };
  void patch_after_insert(size_t n) {
    for (Patch& p : patches_)
      if (p.word >= insert_at_) p.word += n;
  }
  size_t insert_at_ = 0;
  unsigned count_ = 0;
  uint32_t largest_ = 0;
  std::vector<Patch> patches_;
};

}  // namespace

void place_feature_maps(const Model& m, LoweredStream& s) {
  const std::vector<bool> internal = internal_maps(m);
  s.placement.resize(m.maps.size());
  // Each map's bytes (its four tiles back to back when tiled); reshape and softmax alias their
  // input, so they share its buffer (`owner`).
  std::vector<int> owner(m.maps.size());
  for (size_t i = 0; i < owner.size(); ++i) owner[i] = static_cast<int>(i);
  for (const Layer& l : m.layers)
    if (l.kind == LayerKind::kReshape || l.kind == LayerKind::kSoftmax) owner[l.output] = owner[l.inputs[0]];
  std::vector<uint32_t> size(m.maps.size(), 0);
  std::vector<uint32_t> tile_start(m.maps.size() * 4, 0);  // tile t's offset inside the buffer
  for (size_t idx = 0; idx < m.maps.size(); ++idx) {
    if (owner[idx] != static_cast<int>(idx)) continue;
    const FeatureMap& f = m.maps[idx];
    MapPlacement& p = s.placement[idx];
    p.nhcwb16 = internal[idx] && m.nhcwb16;
    const uint32_t row_bytes = p.nhcwb16 ? f.w * ((f.c + 15) / 16 * 16) : f.w * f.c;
    if (!(internal[idx] && m.tiles && (f.h > 1 || f.w > 1))) {
      size[idx] = static_cast<uint32_t>(align16(size_t{row_bytes} * f.h));
      continue;
    }
    // Four tiles (Vela generate_tiles): left columns [0, width0) split at height0, right columns at
    // height1. Each tile is its own buffer with the map's strides, placed in the order 3, 1, 2, 0
    // so that a wrong tile choice reads the wrong data.
    p.width0 = f.w > 1 ? (f.w + 1) / 2 : f.w;
    p.height0 = f.h > 1 ? (f.h + 1) / 2 : f.h;
    p.height1 = f.h > 1 ? f.h / 2 : f.h;
    const uint32_t rows[4] = {p.height0, p.height1, f.h - p.height0, f.h - p.height1};
    uint32_t at = 0;
    for (int t : {3, 1, 2, 0}) {
      tile_start[idx * 4 + t] = at;
      at = static_cast<uint32_t>(align16(at + size_t{row_bytes} * std::max(rows[t], 1u)));
    }
    size[idx] = at;
  }
  // Live ranges in steps: the inputs are written at step 0, layer k at step k + 1; a map lives
  // until its last reader, the model's outputs until the end (the backend copies them out).
  const int end = static_cast<int>(m.layers.size()) + 1;
  std::vector<int> first(m.maps.size(), end), last(m.maps.size(), 0);
  auto live = [&](int idx, int step) {
    const int o = owner[idx];
    first[o] = std::min(first[o], step);
    last[o] = std::max(last[o], step);
  };
  for (int i : m.inputs) live(i, 0);
  for (size_t k = 0; k < m.layers.size(); ++k) {
    const int step = static_cast<int>(k) + 1;
    for (int in : m.layers[k].inputs) live(in, step);
    live(m.layers[k].output, step);
  }
  for (int o : m.outputs) live(o, end);
  std::vector<pte_tool::LiveBuffer> buffers;
  std::vector<size_t> buffer_map;
  for (size_t idx = 0; idx < m.maps.size(); ++idx) {
    if (owner[idx] != static_cast<int>(idx) || first[idx] > last[idx]) continue;  // aliased, or never used
    buffers.push_back({size[idx], first[idx], last[idx]});
    buffer_map.push_back(idx);
  }
  const pte_tool::MemoryPlan plan = pte_tool::plan_live_ranges(buffers, 16);
  for (size_t b = 0; b < buffers.size(); ++b) {
    const size_t idx = buffer_map[b];
    MapPlacement& p = s.placement[idx];
    const auto offset = static_cast<uint32_t>(plan.offsets[b]);
    p.offset = offset + tile_start[idx * 4];
    if (p.width0 != 0)
      for (int t = 1; t < 4; ++t) p.tile_offset[t - 1] = offset + tile_start[idx * 4 + t];
  }
  for (size_t idx = 0; idx < m.maps.size(); ++idx)
    if (owner[idx] != static_cast<int>(idx)) s.placement[idx] = s.placement[owner[idx]];  // same bytes, NHWC
  s.scratch_size = std::max<uint32_t>(static_cast<uint32_t>(plan.size), 16);
}

FmSpec feature_map_spec(const Model& m, const LoweredStream& s, int idx) {
  const FeatureMap& f = m.maps[idx];
  const MapPlacement& p = s.placement[idx];
  FmSpec fm{f.h, f.w, f.c, 8, true, p.nhcwb16 ? TLayout::kNhcwb16 : TLayout::kNhwc, 1, p.offset, f.zero_point};
  fm.width0 = p.width0;
  fm.height0 = p.height0;
  fm.height1 = p.height1;
  fm.base1 = p.tile_offset[0];
  fm.base2 = p.tile_offset[1];
  fm.base3 = p.tile_offset[2];
  return fm;
}

LoweredStream lower_to_npu(const Model& m) {
  LoweredStream s;
  place_feature_maps(m, s);
  auto spec = [&](int idx) { return feature_map_spec(m, s, idx); };
  const uint32_t ublock = m.macs == 32 ? 4 : 8;
  // SHRAM size per configuration (ethos_u55.cpp); the LUT area is its last 2 KB, in 256-byte
  // slots (ethos_u55_register_cs_generator.cpp).
  const uint32_t shram_kb = m.macs == 256 ? 48 : m.macs == 128 ? 24 : 16;
  uint32_t lut_slot = 0;
  StreamBuilder sb;
  WeightBuffering buffering;
  for (const Layer& l : m.layers) {
    if (l.kind == LayerKind::kReshape || l.kind == LayerKind::kSoftmax) continue;
    FmSpec ifm = spec(l.inputs[0]);
    const FmSpec ofm = spec(l.output);
    if (l.kind == LayerKind::kFullyConnected) ifm.h = ifm.w = 1, ifm.c = static_cast<uint32_t>(m.maps[l.inputs[0]].elements());
    const uint32_t keh = (l.kh - 1) * l.dy + 1, kew = (l.kw - 1) * l.dx + 1;
    // Block config and SHRAM layout as Vela chooses them (shram_layout.h): the OFM block with the
    // least refetch that fits the IFM buffer and accumulators in SHRAM.
    const shram::Block blk = block_for(m.macs, l, ifm, ofm, kew, keh);
    const uint32_t bw = blk.w, bh = blk.h, bd = blk.d;
    if (l.kind == LayerKind::kTanh || l.kind == LayerKind::kSigmoid) {
      // The table goes to region 0 and is copied into the SHRAM LUT slot by DMA before the
      // operation (as Vela's InsertLUTDMACommand does); the operation is a 1x1 MAX pool
      // with zero points 0 and unit scale, so the LUT index is the raw input + 128 (KWS softmax,
      // Q4).
      const std::vector<int8_t> table = lut_table(m, l);
      const uint32_t tbase = align16(s.weight_data.size());
      s.weight_data.resize(tbase);
      s.weight_data.insert(s.weight_data.end(), table.begin(), table.end());
      const uint32_t slot = lut_slot++ % 8;
      sb.cmd0(0x130, 0);      // DMA0_SRC_REGION: region 0, external
      sb.cmd0(0x131, 0x103);  // DMA0_DST_REGION: internal (SHRAM)
      sb.cmd1(48, tbase);
      sb.cmd1(49, (shram_kb - 2) * 1024 + 256 * slot);
      sb.cmd1(50, 256);
      sb.op(16);     // DMA_START
      sb.op(17, 0);  // DMA_WAIT
      ifm.zp = 0;
      FmSpec lut_ofm = ofm;
      lut_ofm.zp = 0;
      sb.ifm(ifm);
      sb.block(bw, bh, bd);
      shram_registers(sb, blk, false);
      sb.activation(16 + slot, 0, -128, 127);
      sb.ofm(lut_ofm, 0, 2);
      sb.kernel(1, 1, 1, 1, false);
      sb.padding(0, 0, 0, 0);
      sb.op(5, 0);
      s.listing.push_back(fmt::format("{:<20} {:<24} ifm {}x{}x{} ofm {}x{}x{} LUT slot {} block {}x{}x{} scratch@{}", l.name,
                                      "DMA + NPU_OP_POOL LUT", ifm.h, ifm.w, ifm.c, ofm.h, ofm.w, ofm.c, slot, bh, bw, bd,
                                      ofm.base));
      continue;
    }
    sb.ifm(ifm);
    sb.block(bw, bh, bd);
    shram_registers(sb, blk, l.kind == LayerKind::kAdd || l.kind == LayerKind::kMul);
    sb.activation(0, 0, l.act_min, l.act_max);
    std::string op_name;
    switch (l.kind) {
      case LayerKind::kConv2d:
      case LayerKind::kDepthwiseConv2d:
      case LayerKind::kFullyConnected: {
        const bool dw = l.kind == LayerKind::kDepthwiseConv2d;
        npu_encode::OrderParams op;
        op.depthwise = dw;
        op.part_kernel = false;
        op.ofm_depth = ofm.c;
        op.ifm_depth = ifm.c;
        op.kw = l.kw;
        op.kh = l.kh;
        op.ofm_block_depth = bd;
        op.ofm_ublock = ublock;
        const std::vector<uint8_t> wstream = encode_mlw(npu_encode::order_weights(l.weights, op));
        std::vector<uint32_t> scale, shift;
        for (const ChannelScale& cs : channel_scales(m, l)) {
          scale.push_back(static_cast<uint32_t>(cs.multiplier));
          shift.push_back(static_cast<uint32_t>(31 - cs.shift));  // QuantizedScale: acc * scale >> shift
        }
        const std::vector<uint8_t> scales = npu_encode::scale_records(l.bias, scale, shift);
        const uint32_t wbase = align16(s.weight_data.size());
        s.weight_data.resize(wbase);
        s.weight_data.insert(s.weight_data.end(), wstream.begin(), wstream.end());
        const uint32_t sbase = align16(s.weight_data.size());
        s.weight_data.resize(sbase);
        s.weight_data.insert(s.weight_data.end(), scales.begin(), scales.end());
        sb.ofm(ofm, 0, 0);
        sb.kernel(l.kw, l.kh, l.sx, l.sy, false, l.dx, l.dy);
        sb.padding(l.pad_top, l.pad_left, used_pad(ifm.h, ofm.h, l.pad_top, keh, l.sy),
                   used_pad(ifm.w, ofm.w, l.pad_left, kew, l.sx));
        if (m.weight_buffering) {
          buffering.stage(sb, wbase, static_cast<uint32_t>(wstream.size()), sbase, static_cast<uint32_t>(scales.size()));
        } else {
          sb.weights(0, wbase, static_cast<uint32_t>(wstream.size()));
          sb.scales(0, sbase, static_cast<uint32_t>(scales.size()));
        }
        sb.op(dw ? 3 : 2);
        if (m.weight_buffering) buffering.after_kernel(sb);
        op_name = dw ? "NPU_OP_DEPTHWISE" : "NPU_OP_CONV";
        break;
      }
      case LayerKind::kAvgPool:
      case LayerKind::kMaxPool: {
        const bool avg = l.kind == LayerKind::kAvgPool;
        const bool padded = l.pad_top + l.pad_left + l.pad_bottom + l.pad_right > 0;
        unsigned scale_mode = 0;
        if (avg && !padded) {
          // Unpadded AVERAGE: global OFM_SCALE = TOSA reciprocal_scale(kh * kw), NATURAL rounding.
          int32_t mult = 0;
          int sh = 0;
          reference::tosa_reciprocal_scale(l.kh * l.kw, mult, sh);
          sb.ofm_scale(static_cast<uint32_t>(mult), static_cast<uint32_t>(sh));
          scale_mode = 1;
        }
        sb.ofm(ofm, scale_mode, 2);
        sb.kernel(l.kw, l.kh, l.sx, l.sy, false);
        sb.padding(l.pad_top, l.pad_left, used_pad(ifm.h, ofm.h, l.pad_top, keh, l.sy),
                   used_pad(ifm.w, ofm.w, l.pad_left, kew, l.sx));
        sb.op(5, avg ? 1 : 0);
        op_name = avg ? "NPU_OP_POOL AVERAGE" : "NPU_OP_POOL MAX";
        break;
      }
      case LayerKind::kAdd:
      case LayerKind::kMul: {
        int32_t mult = 0;
        int sh = 0;
        elementwise_scale(m, l, mult, sh);
        sb.ifm2(spec(l.inputs[1]));
        sb.ofm(ofm, 1, 0);
        sb.ofm_scale(static_cast<uint32_t>(mult), static_cast<uint32_t>(sh));
        sb.cmd1(37, 1);        // OPA_SCALE = 1: both operands enter as (x - zp) (KWS, Q2)
        sb.cmd1(38, 1);        // OPB_SCALE = 1
        sb.cmd0(0x180, 0);     // IFM2_BROADCAST: none, IFM first
        sb.kernel(1, 1, 1, 1, false);
        sb.padding(0, 0, 0, 0);
        const bool add = l.kind == LayerKind::kAdd;
        sb.op(6, add ? 1 : 0);  // ELEMENTWISE mode: MUL 0, ADD 1 (ethosu55_interface.h)
        op_name = add ? "NPU_OP_ELEMENTWISE ADD" : "NPU_OP_ELEMENTWISE MUL";
        break;
      }
      case LayerKind::kTanh:
      case LayerKind::kSigmoid:
      case LayerKind::kReshape:
      case LayerKind::kSoftmax:
      case LayerKind::kTranspose: break;  // refused for the U55 by the parser
    }
    s.listing.push_back(fmt::format("{:<20} {:<24} ifm {}x{}x{} {} ofm {}x{}x{} {} block {}x{}x{} scratch@{}", l.name, op_name,
                                    ifm.h, ifm.w, ifm.c, ifm.layout == TLayout::kNhcwb16 ? "NHCWB16" : "NHWC", ofm.h,
                                    ofm.w, ofm.c, ofm.layout == TLayout::kNhcwb16 ? "NHCWB16" : "NHWC", bh, bw, bd,
                                    ofm.base));
  }
  sb.stop();
  if (m.weight_buffering) s.scratch_size = buffering.place(sb, s.scratch_size);
  s.words = std::move(sb.words);
  if (s.weight_data.empty()) s.weight_data.assign(16, 0);
  s.weight_data.resize(align16(s.weight_data.size()));
  return s;
}

}  // namespace corsim::model_compiler
