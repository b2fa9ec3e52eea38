// MVE integer handlers that are not element-wise templates: VMOV/VMVN/VORR/VBIC (immediate) and
// VSHLC (whole-vector shift with carry through a core register). docs/mve.md "Integer element-wise".
#include "cpu/isa/mve/int_exec.h"

namespace corsim::cpu::mve {

namespace {
uint64_t rep32(uint32_t v) { return uint64_t{v} | (uint64_t{v} << 32); }
uint64_t rep16(uint32_t v) { return rep32((v & 0xFFFFu) | (v << 16)); }
}  // namespace

uint64_t expand_simd_imm(unsigned op, unsigned cmode, unsigned imm8) {
  const uint32_t i = imm8 & 0xFFu;
  switch (cmode >> 1) {
    case 0: return rep32(i);
    case 1: return rep32(i << 8);
    case 2: return rep32(i << 16);
    case 3: return rep32(i << 24);
    case 4: return rep16(i);
    case 5: return rep16(i << 8);
    case 6: return (cmode & 1) ? rep32((i << 16) | 0xFFFFu) : rep32((i << 8) | 0xFFu);
    default:
      if (!(cmode & 1) && !op) return rep16(i | (i << 8));
      if (!(cmode & 1)) {  // op = 1: each bit of imm8 gives a byte of ones or zeros
        uint64_t v = 0;
        for (unsigned b = 0; b < 8; ++b)
          if ((i >> b) & 1u) v |= uint64_t{0xFF} << (8 * b);
        return v;
      }
      // VFPExpandImm for single precision: a:NOT(b):bbbbb:cdefgh:Zeros(19).
      const uint32_t b6 = (i >> 6) & 1u;
      const uint32_t f = ((i & 0x80u) << 24) | ((b6 ? 0x1Fu : 0x20u) << 25) | ((i & 0x3Fu) << 19);
      return rep32(f);
  }
}

namespace {
void write_pattern(Cpu& cpu, const Operands& o, uint64_t lo, uint64_t hi) {
  ArchState& s = cpu.state();
  QVec r;
  r.set<uint64_t>(0, lo);
  r.set<uint64_t>(1, hi);
  write_q(s, o.rd, r, element_mask(s), 0);
  advance_vpt(s);
}
}  // namespace

// imm is the 32-bit pattern of the expanded constant (mvi::simd_imm); VMVN and VBIC use its
// inverse, as their pseudocode does.
void exec_VMOV_imm(Cpu& cpu, const Operands& o) {
  if (!check(cpu)) return;
  write_pattern(cpu, o, rep32(o.imm), rep32(o.imm));
}

void exec_VMVN_imm(Cpu& cpu, const Operands& o) {
  if (!check(cpu)) return;
  write_pattern(cpu, o, ~rep32(o.imm), ~rep32(o.imm));
}

// VMOV.I64: imm = imm8, each bit a byte of ones or zeros.
void exec_VMOV_imm64(Cpu& cpu, const Operands& o) {
  if (!check(cpu)) return;
  const uint64_t c = expand_simd_imm(1, 14, o.imm);
  write_pattern(cpu, o, c, c);
}

void exec_VORR_imm(Cpu& cpu, const Operands& o) {
  if (!check(cpu)) return;
  const QVec d = read_q(cpu.state(), o.rd);
  write_pattern(cpu, o, d.get<uint64_t>(0) | rep32(o.imm), d.get<uint64_t>(1) | rep32(o.imm));
}

void exec_VBIC_imm(Cpu& cpu, const Operands& o) {
  if (!check(cpu)) return;
  const QVec d = read_q(cpu.state(), o.rd);
  write_pattern(cpu, o, d.get<uint64_t>(0) & ~rep32(o.imm), d.get<uint64_t>(1) & ~rep32(o.imm));
}

// VSHLC Qda, Rdm, #imm (imm 1-32): each 32-bit element shifts left by imm taking the low imm bits
// of the carry (Rdm) in; the bits shifted out become the carry for the next element, but only an
// active element passes its carry on. Rdm receives the last carry.
void exec_VSHLC(Cpu& cpu, const Operands& o) {
  if (!check(cpu)) return;
  ArchState& s = cpu.state();
  const uint16_t mask = element_mask(s);
  const unsigned k = o.imm;  // 1..32
  const QVec d = read_q(s, o.rd);
  QVec r;
  uint32_t carry = cpu.reg(o.ra);
  for (unsigned i = 0; i < 4; ++i) {
    const uint64_t wide = (uint64_t{d.get<uint32_t>(i)} << k) | (carry & static_cast<uint32_t>((uint64_t{1} << k) - 1));
    r.set<uint32_t>(i, static_cast<uint32_t>(wide));
    if (lane_active<uint32_t>(mask, i)) carry = static_cast<uint32_t>(wide >> 32);
  }
  write_q(s, o.rd, r, mask, 0);
  cpu.set_reg(o.ra, carry);
  advance_vpt(s);
}

}  // namespace corsim::cpu::mve
