#pragma once
// Shared vocabulary of the M-profile Vector Extension (MVE, "Helium") handlers: the Q registers
// as lanes, the per-byte element mask of the beat-wise execution model, VPT block advance and
// FPSCR.QC. Every MVE handler in cpu/isa/mve/ uses these; docs/mve.md describes the whole.
//
// Execution model (Arm DDI 0553, B5 "Vector extension: beats"; GetCurInstrBeat()): an MVE
// instruction executes as four beats of 32 bits. corsim runs all four beats of an instruction at
// its boundary (EPSR.ECI stays 0), but keeps the per-beat lane-mask design (QEMU mve_element_mask):
// a 16-bit mask, one bit per byte of the vector, in the layout of VPR.P0 (bit i = byte i; an
// element of size 2^k bytes uses the bits of its bytes). A predicated-off byte of the destination
// keeps its old value ("merging" predication), byte by byte, as the pseudocode's beat write does.
//
// A handler's life:
//   if (!mve::check(cpu)) return;             // ExecuteFPCheck: NOCP / UNDEFINED, new FP context
//   const uint16_t mask = mve::element_mask(cpu.state());
//   ... compute every element, write with mve::set_lane(..., mask) ...
//   mve::advance_vpt(cpu.state());            // once, after the instruction (VPT/VPST themselves
//                                             // set the mask instead, see their handlers)
#include <cstdint>
#include <cstring>

#include "cpu/arch_state.h"
#include "cpu/isa/fp_check.h"  // mve::check

namespace corsim::cpu::mve {

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "Q register overlay assumes a little-endian host");

// Operands of MVE rows (decoder/operands.h; the disassembly keys of cpu/disasm/mve_disasm.h
// read exactly these, handlers may read them or their own decode):
//   rd rn rm ra   Q register numbers (0-7) for vector operands, core register numbers for scalar
//                 ones (which is which is the row's business; the template key says it)
//   shift_n       element size as log2 of bytes: 0 = 8, 1 = 16, 2 = 32, 3 = 64 bits
//   shift_t       element data type, MveType below (the letter of ".s16", ".u8", ".i32", ".f32")
//   cond          VCMP/VPT condition as an Arm condition code (eq ne cs hi ge lt gt le)
//   imm           immediate as printed (shift amount, expanded VMOV constant), lane index, byte
//                 offset, gather scale, VPT mask (per row)
//   flags         kIndex/kAdd/kWback of loads and stores as for the core rows; kAlt per row
enum MveType : uint8_t { kMveI = 0, kMveS = 1, kMveU = 2, kMveF = 3, kMveP = 4, kMveUntyped = 5 };

inline constexpr uint32_t kFpscrQc = 1u << 27;
inline constexpr unsigned kLtpsizeShift = 16;  // FPSCR.LTPSIZE [18:16]; 4 = no tail predication

// The element mask of the current instruction (QEMU's mve_element_mask, the Arm ARM's
// GetCurInstrBeat() over all four beats): VPR.P0 where a VPT block is active (VPR.MASK01 for
// bytes 0-7, VPR.MASK23 for bytes 8-15), ANDed with the tail-predication mask of the last
// iteration of a DLSTP/WLSTP loop (LTPSIZE < 4 and LR <= 16 >> LTPSIZE elements left).
inline uint16_t element_mask(const ArchState& s) {
  uint16_t mask = static_cast<uint16_t>(s.vpr & 0xFFFFu);
  if (((s.vpr >> 16) & 0xFu) == 0) mask |= 0x00FFu;
  if (((s.vpr >> 20) & 0xFu) == 0) mask |= 0xFF00u;
  const unsigned ltpsize = (s.fpscr >> kLtpsizeShift) & 7u;
  if (ltpsize < 4 && s.r[14] <= (1u << (4 - ltpsize))) {
    const unsigned bytes = s.r[14] << ltpsize;  // <= 16
    mask &= static_cast<uint16_t>(bytes >= 16 ? 0xFFFFu : (1u << bytes) - 1u);
  }
  return mask;
}

// After a predicable vector instruction: step the VPT block (QEMU's mve_advance_vpt with ECI = 0).
// Each MASK field shifts left by one; P0 is inverted for the half whose old mask was > 8 (the
// next slot of the block is an "E").
inline void advance_vpt(ArchState& s) {
  const uint32_t mask01 = (s.vpr >> 16) & 0xFu, mask23 = (s.vpr >> 20) & 0xFu;
  if (mask01 == 0 && mask23 == 0) return;
  uint32_t p0 = s.vpr & 0xFFFFu;
  if (mask01 > 8) p0 ^= 0x00FFu;
  if (mask23 > 8) p0 ^= 0xFF00u;
  s.vpr = p0 | (((mask01 << 1) & 0xFu) << 16) | (((mask23 << 1) & 0xFu) << 20);
}

inline void set_qc(ArchState& s) { s.fpscr |= kFpscrQc; }

// The 16 bytes of Q<q> (q = 0-7; Q<q> = D<2q+1>:D<2q> = S<4q+3>..S<4q>).
inline uint8_t* qbytes(ArchState& s, unsigned q) { return reinterpret_cast<uint8_t*>(&s.ext[4 * q]); }
inline const uint8_t* qbytes(const ArchState& s, unsigned q) {
  return reinterpret_cast<const uint8_t*>(&s.ext[4 * q]);
}

// Element i of Q<q> as T (uint8_t/int8_t ... uint64_t; float types via their bit patterns).
template <class T>
inline T lane(const ArchState& s, unsigned q, unsigned i) {
  T v;
  std::memcpy(&v, qbytes(s, q) + i * sizeof(T), sizeof(T));
  return v;
}

// Writes element i of Q<q>, only the bytes whose bit in `mask` is set.
template <class T>
inline void set_lane(ArchState& s, unsigned q, unsigned i, T v, uint16_t mask) {
  uint8_t bytes[sizeof(T)];
  std::memcpy(bytes, &v, sizeof(T));
  uint8_t* dst = qbytes(s, q) + i * sizeof(T);
  for (unsigned b = 0; b < sizeof(T); ++b) {
    if (mask >> (i * sizeof(T) + b) & 1u) dst[b] = bytes[b];
  }
}

// Whether element i of size sizeof(T) is active, by its lowest byte (the rule the pseudocode uses
// for instructions whose effect is not a register write: stores, reductions, VCTP-style counts).
template <class T>
inline bool lane_active(uint16_t mask, unsigned i) { return (mask >> (i * sizeof(T))) & 1u; }

}  // namespace corsim::cpu::mve
