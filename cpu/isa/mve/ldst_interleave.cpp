// MVE de-interleaving loads VLD20/VLD21, VLD40-VLD43 and interleaving stores VST2x/VST4x (see
// ldst_ops.h). Each of the four beats moves one 32-bit word between memory and the registers; which
// word and which register bytes depend on the size and the pattern (Arm ARM VLD2/VLD4 pseudocode,
// the word-per-beat form QEMU uses, R_VVVG). Not predicated; the VPT state does not advance.
#include <array>

#include "cpu/cpu.h"
#include "cpu/isa/mve/ldst_ops.h"

namespace corsim::cpu {

namespace {

// One beat: the word at base + offset; byte b of it is byte `qbyte[b]` of Q<first + reg[b]>.
struct Beat {
  uint8_t offset;
  std::array<uint8_t, 4> reg, qbyte;
};

// Per (registers, size, pattern): the per-beat structure offsets (in elements of the pattern's
// unit) from which the word address and the lanes follow.
constexpr uint8_t kVld4Bytes[4][4] = {{0, 1, 10, 11}, {2, 3, 12, 13}, {4, 5, 14, 15}, {6, 7, 8, 9}};
constexpr uint8_t kVld4Halves[4][2] = {{0, 5}, {1, 6}, {2, 7}, {3, 4}};
constexpr uint8_t kVld2Bytes[2][4] = {{0, 2, 12, 14}, {4, 6, 8, 10}};
constexpr uint8_t kVld2Halves[2][4] = {{0, 1, 6, 7}, {2, 3, 4, 5}};
constexpr uint8_t kVld2Words[2][4] = {{0, 4, 24, 28}, {8, 12, 16, 20}};

Beat beat_of(unsigned regs, unsigned size, unsigned pat, unsigned beat) {
  Beat b{};
  if (regs == 4) {
    if (size == 0) {
      const uint8_t off = kVld4Bytes[pat][beat];
      b.offset = static_cast<uint8_t>(off * 4);
      for (unsigned i = 0; i < 4; ++i) { b.reg[i] = static_cast<uint8_t>(i); b.qbyte[i] = off; }
    } else if (size == 1) {
      const uint8_t off = kVld4Halves[pat][beat / 2];
      const unsigned y = (beat & 1u) ? 2u : 0u;
      b.offset = static_cast<uint8_t>(off * 8 + (beat & 1u) * 4);
      for (unsigned i = 0; i < 4; ++i) {
        b.reg[i] = static_cast<uint8_t>(y + i / 2);
        b.qbyte[i] = static_cast<uint8_t>(off * 2 + (i & 1u));
      }
    } else {
      const uint8_t off = kVld4Bytes[pat][beat];
      const unsigned y = (beat + (kVld4Bytes[pat][0] & 2u)) & 3u;
      b.offset = static_cast<uint8_t>(off * 4);
      for (unsigned i = 0; i < 4; ++i) {
        b.reg[i] = static_cast<uint8_t>(y);
        b.qbyte[i] = static_cast<uint8_t>((off >> 2) * 4 + i);
      }
    }
  } else {
    if (size == 0) {
      const uint8_t off = kVld2Bytes[pat][beat];
      b.offset = static_cast<uint8_t>(off * 2);
      for (unsigned i = 0; i < 4; ++i) {
        b.reg[i] = static_cast<uint8_t>(i & 1u);
        b.qbyte[i] = static_cast<uint8_t>(off + (i >> 1));
      }
    } else if (size == 1) {
      const uint8_t off = kVld2Halves[pat][beat];
      b.offset = static_cast<uint8_t>(off * 4);
      for (unsigned i = 0; i < 4; ++i) {
        b.reg[i] = static_cast<uint8_t>(i / 2);
        b.qbyte[i] = static_cast<uint8_t>(off * 2 + (i & 1u));
      }
    } else {
      const uint8_t off = kVld2Words[pat][beat];
      b.offset = off;
      for (unsigned i = 0; i < 4; ++i) {
        b.reg[i] = static_cast<uint8_t>(beat & 1u);
        b.qbyte[i] = static_cast<uint8_t>((off >> 3) * 4 + i);
      }
    }
  }
  return b;
}

void write_back(Cpu& cpu, const Operands& o, unsigned regs) {
  if (o.flags & kWback) cpu.set_reg(o.rn, cpu.reg(o.rn) + (regs == 4 ? 64u : 32u));
}

}  // namespace

template <unsigned kRegs>
void exec_MVE_VLD_interleaved(Cpu& cpu, const Operands& o) {
  if (!mve::check(cpu)) return;
  ArchState& s = cpu.state();
  const uint32_t base = cpu.reg(o.rn);
  for (unsigned beat = 0; beat < 4; ++beat) {
    const Beat b = beat_of(kRegs, o.shift_n, o.imm, beat);
    const uint32_t word = cpu.read<4>(base + b.offset);
    if (cpu.faulted()) return;
    for (unsigned i = 0; i < 4; ++i) mve::qbytes(s, o.rd + b.reg[i])[b.qbyte[i]] = static_cast<uint8_t>(word >> (8 * i));
  }
  write_back(cpu, o, kRegs);
}

template <unsigned kRegs>
void exec_MVE_VST_interleaved(Cpu& cpu, const Operands& o) {
  if (!mve::check(cpu)) return;
  const ArchState& s = cpu.state();
  const uint32_t base = cpu.reg(o.rn);
  for (unsigned beat = 0; beat < 4; ++beat) {
    const Beat b = beat_of(kRegs, o.shift_n, o.imm, beat);
    uint32_t word = 0;
    for (unsigned i = 0; i < 4; ++i) word |= uint32_t{mve::qbytes(s, o.rd + b.reg[i])[b.qbyte[i]]} << (8 * i);
    cpu.write<4>(base + b.offset, word);
    if (cpu.faulted()) return;
  }
  write_back(cpu, o, kRegs);
}

template void exec_MVE_VLD_interleaved<2>(Cpu&, const Operands&);
template void exec_MVE_VLD_interleaved<4>(Cpu&, const Operands&);
template void exec_MVE_VST_interleaved<2>(Cpu&, const Operands&);
template void exec_MVE_VST_interleaved<4>(Cpu&, const Operands&);

}  // namespace corsim::cpu
