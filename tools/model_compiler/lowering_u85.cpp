// The model compiler's Ethos-U85 backend (docs/model-compiler.md "The Ethos-U85 target"): one
// arch-2.0 operation per layer, written with u85_stream_encoder.h from the driver's
// ethosu85_interface.h field positions, Vela's ethos_u85_weight_encoder.cpp (scale records; weight
// order, SWD = the mlw_decode.c bitstream, one stream per weight decoder) and the U85 goldens
// (round modes, LUT RAM). Feature-map placement is the U55 backend's (place_feature_maps).
#include <algorithm>

#include <fmt/format.h>

#include "tools/model_compiler/host_reference.h"
#include "tools/model_compiler/lowering.h"
#include "tools/model_compiler/mlw_encoder.h"
#include "tools/model_compiler/reference_ops.h"
#include "tools/model_compiler/u85_stream_encoder.h"

namespace corsim::model_compiler {

// CONFIG word (regor EthosU85RCSGenerator::ConfigRegister: macs_log2 | cmd_stream_version 1 << 4 |
// log2 SRAM ports << 8 | log2 EXT ports << 10 | log2 weight decoders << 12 | product 2 << 28).
uint32_t u85_config_word(uint32_t macs) {
  switch (macs) {
    case 128: return 0x20000117u;
    case 256: return 0x20000118u;
    case 512: return 0x20001119u;
    case 1024: return 0x2000251Au;
    default: return 0x2000261Bu;  // 2048
  }
}

namespace {

using npu_encode::FmSpec;
using npu_encode::TLayout;
using u85_encode::U85Fm;
using u85_encode::U85OrderParams;
using u85_encode::U85StreamBuilder;

uint32_t align16(size_t v) { return static_cast<uint32_t>((v + 15) / 16 * 16); }
uint32_t align32(size_t v) { return static_cast<uint32_t>((v + 31) / 32 * 32); }

uint32_t used_pad(uint32_t in, uint32_t out, uint32_t pad_a, uint32_t keff, uint32_t stride) {
  const int64_t need = int64_t{out - 1} * stride + keff - pad_a - in;
  return need > 0 ? static_cast<uint32_t>(need) : 0;
}

// OFM_SCALE / ACTIVATION round modes (ethosu85_interface.h round_mode_ofm; U85 goldens).
// DOUBLE_SYMMETRIC: 2^(shift-1) plus 2^30 towards the value's sign when shift > 31, then an
// arithmetic shift: TOSA apply_scale_32 with double_round, and equal to TFLite's
// MultiplyByQuantizedMultiplier for the per-channel rescale (docs/npu.md Q1).
constexpr unsigned kRoundDoubleSymmetric = 0;
constexpr unsigned kRoundNatural = 1;  // TOSA apply_scale_32 without double rounding

// OFM micro-block (ACC_FORMAT.microblock) as Vela picks it for 8-bit operations (VELA ethos_u85.cpp
// s_EthosU85Configs, allowed OFM ublocks): 1x2 up to 256 MACs, 2x2 above. Its depth is
// MACs / 8 / (h·w) (U85 goldens).
struct MicroBlock {
  unsigned field;  // ACC_FORMAT [26:24]: 1 = 1x2, 3 = 2x2
  uint32_t depth;
};
MicroBlock micro_block(uint32_t macs) { return macs <= 256 ? MicroBlock{1, macs / 16} : MicroBlock{3, macs / 32}; }

// Weight decoders = Vela's cores: 1 up to 256 MACs, 2 at 512, 4 from 1024 (ethos_u85.cpp).
uint32_t weight_decoders(uint32_t macs) { return macs <= 256 ? 1 : macs == 512 ? 2 : 4; }

// IFM block depth for depth-first 8-bit convolutions (VELA ArchEthosU85::GetOpConfig): 32
// on U85-128/256 with a 16-deep micro-block, else 64.
uint32_t ifm_block_depth(uint32_t macs, uint32_t ublock_depth) {
  return (macs == 128 || macs == 256) && ublock_depth == 16 ? 32 : 64;
}

U85Fm mem(const FmSpec& f) {
  U85Fm u;
  u.fm = f;
  return u;
}

// Chaining ("chaining": true; U85 goldens, VELA's chaining of an elementwise operation after a
// convolution): a CONV/DEPTHWISE/FC output read only by the very next layer, an ADD or MUL (as one
// of two different operands), and not a model output, goes through chaining buffer 0 instead of
// memory: the convolution's OFM and the elementwise operand are CHAINED. Returns those maps.
std::vector<bool> chained_maps(const Model& m) {
  std::vector<bool> chained(m.maps.size(), false);
  if (!m.chaining) return chained;
  std::vector<int> readers(m.maps.size(), 0);
  for (const Layer& l : m.layers)
    for (int i : l.inputs) ++readers[i];
  for (int o : m.outputs) ++readers[o];
  for (size_t i = 0; i + 1 < m.layers.size(); ++i) {
    const Layer& a = m.layers[i];
    const Layer& b = m.layers[i + 1];
    const bool producer = a.kind == LayerKind::kConv2d || a.kind == LayerKind::kDepthwiseConv2d ||
                          a.kind == LayerKind::kFullyConnected;
    const bool consumer = (b.kind == LayerKind::kAdd || b.kind == LayerKind::kMul) && b.inputs[0] != b.inputs[1];
    if (producer && consumer && readers[a.output] == 1 &&
        (b.inputs[0] == a.output || b.inputs[1] == a.output))
      chained[a.output] = true;
  }
  return chained;
}

class U85Lowering {
 public:
  U85Lowering(const Model& m, LoweredStream& s) : m_(m), s_(s), ub_(micro_block(m.macs)), chained_(chained_maps(m)) {}

  void layer(const Layer& l) {
    FmSpec ifm = feature_map_spec(m_, s_, l.inputs[0]);
    const FmSpec ofm = feature_map_spec(m_, s_, l.output);
    if (l.kind == LayerKind::kFullyConnected) ifm.h = ifm.w = 1, ifm.c = static_cast<uint32_t>(m_.maps[l.inputs[0]].elements());
    std::string op;
    switch (l.kind) {
      case LayerKind::kConv2d:
      case LayerKind::kDepthwiseConv2d:
      case LayerKind::kFullyConnected: op = convolution(l, ifm, ofm); break;
      case LayerKind::kAvgPool:
      case LayerKind::kMaxPool: op = pool(l, ifm, ofm); break;
      case LayerKind::kAdd:
      case LayerKind::kMul: op = elementwise(l, ifm, ofm); break;
      case LayerKind::kTanh:
      case LayerKind::kSigmoid: op = lut(l, ifm, ofm); break;
      case LayerKind::kTranspose: op = transpose(l, ifm, ofm); break;
      case LayerKind::kReshape:
      case LayerKind::kSoftmax: return;
    }
    s_.listing.push_back(fmt::format("{:<20} {:<28} ifm {}x{}x{} {} ofm {}x{}x{} {} block {}x{}x{} scratch@{}", l.name, op,
                                     ifm.h, ifm.w, ifm.c, ifm.layout == TLayout::kNhcwb16 ? "NHCWB16" : "NHWC", ofm.h,
                                     ofm.w, ofm.c, ofm.layout == TLayout::kNhcwb16 ? "NHCWB16" : "NHWC",
                                     block_h_, block_w_, ub_.depth, ofm.base));
  }

  std::vector<uint32_t> finish() {
    sb_.stop();
    return std::move(sb_.words);
  }

 private:
  // OFM block: up to 8 wide and 4 high, one micro-block deep; I32 accumulators.
  void block(const FmSpec& ofm) {
    block_w_ = std::min(ofm.w, 8u);
    block_h_ = std::min(ofm.h, 4u);
    sb_.block(block_w_, block_h_, ub_.depth);
    sb_.acc_format(0, ub_.field);
  }
  uint32_t put_region0(const std::vector<uint8_t>& bytes, uint32_t alignment) {
    const uint32_t at = alignment == 32 ? align32(s_.weight_data.size()) : align16(s_.weight_data.size());
    s_.weight_data.resize(at);
    s_.weight_data.insert(s_.weight_data.end(), bytes.begin(), bytes.end());
    return at;
  }
  void window(const Layer& l, const FmSpec& ifm, const FmSpec& ofm, bool dilated) {
    const uint32_t dy = dilated ? l.dy : 1, dx = dilated ? l.dx : 1;
    const uint32_t keh = (l.kh - 1) * dy + 1, kew = (l.kw - 1) * dx + 1;
    sb_.kernel(l.kw, l.kh, l.sx, l.sy, false, dx, dy);
    sb_.padding(l.pad_top, l.pad_left, used_pad(ifm.h, ofm.h, l.pad_top, keh, l.sy),
                used_pad(ifm.w, ofm.w, l.pad_left, kew, l.sx));
  }

  // CONV / DEPTHWISE (fully connected = CONV on 1x1xN): SWD weights in Vela's U85 depth-first
  // order, one stream per weight decoder, 32-byte aligned; Acc32 scale records (Vela) with TFLite's
  // QuantizeMultiplier per channel, rescaled with DOUBLE_SYMMETRIC rounding (= TFLite's
  // MultiplyByQuantizedMultiplier, Q1; U85 goldens).
  std::string convolution(const Layer& l, const FmSpec& ifm, const FmSpec& ofm) {
    const bool dw = l.kind == LayerKind::kDepthwiseConv2d;
    U85OrderParams p;
    p.traversal = dw ? U85OrderParams::kDepthwise : U85OrderParams::kDepthFirst;
    p.ofm_depth = ofm.c;
    p.ifm_depth = dw ? 1 : ifm.c;
    p.kw = l.kw;
    p.kh = l.kh;
    p.sx = l.sx;
    p.sy = l.sy;
    p.ofm_block_depth = ub_.depth;
    p.ifm_block_depth = ifm_block_depth(m_.macs, ub_.depth);
    p.ofm_ublock = ub_.depth;
    p.macs = m_.macs;
    p.streams = weight_decoders(m_.macs);
    // Depthwise weights stay SWD: Vela never emits FWD for DEPTHWISE (the functional model refuses it).
    const bool fwd = m_.fwd_weights && !dw;
    sb_.weight_format(fwd, false);
    if (fwd) {
      // FWD (Vela mlw_encode_fwd.cpp): one stream for all decoders, blocks of ublock x ifm-ublock x
      // round / decoders values of each decoder's order interleaved; a LUT header when the layer
      // has at most 16 distinct values, else raw bytes (int8 weights always fit raw's 256-value
      // window).
      std::vector<std::vector<int32_t>> per(p.streams);
      for (uint32_t stream = 0; stream < p.streams; ++stream) per[stream] = u85_encode::order_u85(l.weights, p, stream);
      const std::vector<int32_t> seq = p.streams == 1 ? per[0] : u85_encode::interleave_fwd(per, u85_encode::fwd_block_size(p));
      const std::vector<uint8_t> w = u85_encode::encode_fwd(seq, 0);
      sb_.weights(0, 0, put_region0(w, 32), static_cast<uint32_t>(w.size()));
    } else {
      // SWD: the mlw bitstream (mlw_decode.c), one stream per weight decoder.
      for (uint32_t stream = 0; stream < p.streams; ++stream) {
        const std::vector<uint8_t> w = encode_mlw(u85_encode::order_u85(l.weights, p, stream));
        sb_.weights(0, stream, put_region0(w, 32), static_cast<uint32_t>(w.size()));
      }
    }
    std::vector<uint32_t> scale, shift;
    for (const ChannelScale& cs : channel_scales(m_, l)) {
      scale.push_back(static_cast<uint32_t>(cs.multiplier));
      shift.push_back(static_cast<uint32_t>(31 - cs.shift));
    }
    const std::vector<uint8_t> records = u85_encode::scale_records(l.bias, scale, shift);
    sb_.scales(0, put_region0(records, 16), static_cast<uint32_t>(records.size()));
    sb_.ifm(mem(ifm));
    sb_.ofm(map(l.output, ofm), /*scale_mode=*/0);
    window(l, ifm, ofm, true);
    block(ofm);
    sb_.ofm_scale(1, 0, kRoundDoubleSymmetric);
    sb_.activation(0, 0, false, l.act_min, l.act_max);
    sb_.op(dw ? 3 : 2);
    return std::string(dw ? "NPU_OP_DEPTHWISE" : "NPU_OP_CONV") + (fwd ? " FWD" : "") +
           (chained_[l.output] ? " -> chained" : "");
  }

  // POOL MAX (unit OFM_SCALE, equal zero points) and unpadded AVERAGE (OFM_SCALE = TOSA
  // reciprocal_scale(kh·kw), NATURAL rounding = TOSA AVG_POOL2D; U85 goldens). A padded AVERAGE
  // uses scale_mode 0, the hardware's division by the valid count, as the U55 target does
  // (docs/npu.md Q3: unverified on hardware, as in regor, which relies on it for these pools).
  std::string pool(const Layer& l, const FmSpec& ifm, const FmSpec& ofm) {
    const bool avg = l.kind == LayerKind::kAvgPool;
    const bool padded = l.pad_top + l.pad_left + l.pad_bottom + l.pad_right > 0;
    int32_t mult = 1;
    int sh = 0;
    if (avg && !padded) reference::tosa_reciprocal_scale(l.kh * l.kw, mult, sh);
    sb_.ifm(mem(ifm));
    sb_.ofm(mem(ofm), /*scale_mode=*/avg && padded ? 0 : 1);
    window(l, ifm, ofm, false);
    block(ofm);
    sb_.ofm_scale(static_cast<uint32_t>(mult), static_cast<uint32_t>(sh), kRoundNatural);
    sb_.activation(0, 0, false, l.act_min, l.act_max);
    sb_.op(5, avg ? 1 : 0);
    return avg ? "NPU_OP_POOL AVERAGE" : "NPU_OP_POOL MAX";
  }

  // ADD / MUL: each operand enters as (x - zp) (IFM_SCALE/IFM2_SCALE unit), the result is
  // rescaled by the OFM_SCALE of TOSA RESCALE with double rounding, DOUBLE_SYMMETRIC (TOSA ADD/MUL
  // + RESCALE; the host reference's tosa_binary). DOUBLE_ASYMMETRIC would round the first step up
  // for negative products too: u85_256_chain_transpose's MUL showed the 1-LSB difference.
  std::string elementwise(const Layer& l, const FmSpec& ifm, const FmSpec& ofm) {
    int32_t mult = 0;
    int sh = 0;
    elementwise_scale(m_, l, mult, sh);
    sb_.ifm(map(l.inputs[0], ifm));
    sb_.ifm2(map(l.inputs[1], feature_map_spec(m_, s_, l.inputs[1])));
    sb_.ofm(mem(ofm), /*scale_mode=*/1);
    block(ofm);
    const bool add = l.kind == LayerKind::kAdd;
    const FeatureMap& a = m_.maps[l.inputs[0]];
    const FeatureMap& b = m_.maps[l.inputs[1]];
    if (add && a.scale != b.scale) {
      // TFLite ADD (reference_ops tflite_add): IFM_SCALE/IFM2_SCALE hold the operand multipliers
      // with the left shift folded into the shift and dbl_rnd = left shift (VELA
      // GenerateScalingForElementwise; U85 goldens); the output multiplier with DOUBLE_SYMMETRIC
      // rounding is TFLite's MultiplyByQuantizedMultiplier.
      const reference::TfliteAddScales t = reference::tflite_add_scales(a.scale, b.scale, m_.maps[l.output].scale);
      const unsigned left = static_cast<unsigned>(t.left_shift);
      sb_.ifm_scale(static_cast<uint32_t>(t.m1), static_cast<uint32_t>(31 - t.s1 - t.left_shift), 0, left);
      sb_.ifm2_scale(static_cast<uint32_t>(t.m2), static_cast<uint32_t>(31 - t.s2 - t.left_shift), 0, left);
      sb_.ofm_scale(static_cast<uint32_t>(t.mo), static_cast<uint32_t>(31 - t.so), kRoundDoubleSymmetric);
    } else {
      sb_.ifm_scale(1, 0, 0);
      sb_.ifm2_scale(1, 0, 0);
      sb_.ofm_scale(static_cast<uint32_t>(mult), static_cast<uint32_t>(sh), kRoundDoubleSymmetric);
    }
    sb_.activation(0, 0, false, l.act_min, l.act_max);
    sb_.op(6, add ? 1 : 0);  // ELEMENTWISE mode: MUL 0, ADD 1
    const bool chained_in = chained_[l.inputs[0]] || chained_[l.inputs[1]];
    return std::string(add ? "NPU_OP_ELEMENTWISE ADD" : "NPU_OP_ELEMENTWISE MUL") + (chained_in ? " <- chained" : "");
  }

  // tanh / sigmoid: the 256-byte table DMA'd from region 0 into LUT RAM slot n (DMA0_DST_REGION
  // internal, offset n·256; VELA InsertLUTDMACommand), then a 1x1 MAX pool with zero points 0
  // and unit scale whose ACTIVATION (S8->S8, table n) maps x to table[x + 128].
  std::string lut(const Layer& l, FmSpec ifm, FmSpec ofm) {
    const std::vector<int8_t> table = lut_table(m_, l);
    const uint32_t at = put_region0(std::vector<uint8_t>(table.begin(), table.end()), 16);
    const uint32_t slot = lut_slot_++ % 8;
    sb_.dma(0, at, 0x103, 256 * slot, 256);
    sb_.op(0x011, 0);  // DMA_WAIT: the table is in place
    ifm.zp = 0;
    ofm.zp = 0;
    sb_.ifm(mem(ifm));
    sb_.ofm(mem(ofm), /*scale_mode=*/1);
    sb_.kernel(1, 1, 1, 1, false);
    sb_.padding(0, 0, 0, 0);
    block(ofm);
    sb_.ofm_scale(1, 0, kRoundNatural);
    sb_.activation(4, slot, false, -128, 127);
    sb_.op(5, 0);
    return fmt::format("DMA + NPU_OP_POOL LUT {}", slot);
  }

  // TRANSPOSE: a 1x1 POOL SUM copy (unit OFM_SCALE, NATURAL) whose OFM registers hold the logical
  // (input-shaped) map and whose strides/base describe the transposed destination, with
  // OFM_PRECISION.transpose (U85 goldens; VELA ArchEthosU85 transpose masks: 0 NHWC, 1 NWHC, 2
  // NHCW, 3 NWCH, 6 NCHW, 7 NCWH).
  std::string transpose(const Layer& l, const FmSpec& ifm, const FmSpec& dest) {
    struct Code {
      unsigned code;
      uint32_t perm[3];
    };
    static constexpr Code kCodes[] = {{0, {0, 1, 2}}, {1, {1, 0, 2}}, {2, {0, 2, 1}}, {3, {1, 2, 0}}, {6, {2, 0, 1}}, {7, {2, 1, 0}}};
    unsigned code = 0;
    for (const Code& c : kCodes)
      if (std::equal(c.perm, c.perm + 3, l.perm)) code = c.code;
    FmSpec logical = dest;
    logical.h = ifm.h, logical.w = ifm.w, logical.c = ifm.c;
    sb_.ifm(mem(ifm));
    sb_.ofm(mem(logical), /*scale_mode=*/1, code, 0, &dest);
    sb_.kernel(1, 1, 1, 1, false);
    sb_.padding(0, 0, 0, 0);
    block(logical);
    sb_.ofm_scale(1, 0, kRoundNatural);
    sb_.activation(0, 0, false, -128, 127);
    sb_.op(5, 3);
    return fmt::format("NPU_OP_POOL SUM transpose {}", code);
  }

  // The map's registers: in memory, or chaining buffer 0 when it is chained.
  U85Fm map(int idx, const FmSpec& f) const {
    U85Fm u = mem(f);
    if (chained_[idx]) {
      u.storage = u85_encode::Storage::kChained;
      u.chain = 0;
    }
    return u;
  }

  const Model& m_;
  LoweredStream& s_;
  const MicroBlock ub_;
  const std::vector<bool> chained_;
  U85StreamBuilder sb_;
  uint32_t lut_slot_ = 0;
  uint32_t block_w_ = 1, block_h_ = 1;
};

}  // namespace

LoweredStream lower_to_u85(const Model& m) {
  LoweredStream s;
  place_feature_maps(m, s);
  U85Lowering lowering(m, s);
  for (const Layer& l : m.layers) lowering.layer(l);
  s.words = lowering.finish();
  if (s.weight_data.empty()) s.weight_data.assign(16, 0);
  s.weight_data.resize(align16(s.weight_data.size()));
  return s;
}

}  // namespace corsim::model_compiler
