#pragma once
// Lane machinery of the MVE floating-point handlers (cpu/isa/mve/fp_*.cpp; docs/mve.md, "Floating
// point"). Every MVE float instruction computes its elements with corsim_cpu_fp under
// StandardFPSCRValue() (round to nearest, FZ = 1, DN = 1, FZ16 and AHP from FPSCR) and
//   * skips an element none of whose bytes is active (nothing is written, no flag is raised);
//   * computes an element with at least one active byte and merges the active bytes into Qd;
//   * accumulates the element's exception flags into FPSCR only when its lowest byte is active
//     (Arm ARM: "Avoid Floating-point exceptions on a predicated lane by checking the element
//     mask"; QEMU's mve_helper.c does the same with a scratch float_status).
// All elements are computed from the source registers before anything is written, so Qd may be
// any of the sources (the UNPREDICTABLE overlaps of VCADD/VCMUL .F32 give QEMU's results).
#include <cstdint>

#include "cpu/cpu.h"
#include "cpu/fp/fp.h"
#include "cpu/isa/mve/mve_common.h"

namespace corsim::cpu::mve::fpv {

namespace fp = corsim::cpu::fp;

template <class T> inline constexpr unsigned kLanes = 16 / sizeof(T);
template <class T> inline constexpr unsigned kLaneByteMask = (1u << sizeof(T)) - 1u;

// The mask bits of element e (one per byte of the element).
template <class T>
inline unsigned lane_bytes(uint16_t mask, unsigned e) {
  return (mask >> (e * sizeof(T))) & kLaneByteMask<T>;
}

// Quiet bit and signalling-NaN test on raw bits (half and single).
template <class T> inline constexpr T kQuietBit = sizeof(T) == 2 ? T(0x0200) : T(0x00400000);
template <class T>
inline bool is_snan(T v) {
  return fp::classify<T>(v, fp::FpEnv{}) == fp::FpType::kSNaN;
}

// Element-wise: r[e] = fn(e, env) for every element with an active byte, merged into Q<qd>.
template <class T, class Fn>
inline void map_lanes(ArchState& s, unsigned qd, uint16_t mask, Fn&& fn) {
  const fp::FpEnv base = fp::FpEnv::standard(s.fpscr);
  T result[kLanes<T>] = {};
  uint32_t flags = 0;
  for (unsigned e = 0; e < kLanes<T>; ++e) {
    const unsigned bytes = lane_bytes<T>(mask, e);
    if (bytes == 0) continue;
    fp::FpEnv env = base;
    result[e] = fn(e, env);
    if (bytes & 1u) flags |= env.flags;
  }
  for (unsigned e = 0; e < kLanes<T>; ++e) {
    if (lane_bytes<T>(mask, e) != 0) set_lane<T>(s, qd, e, result[e], mask);
  }
  s.fpscr |= flags;
}

// The common frame of a predicable element-wise float instruction: ExecuteFPCheck, the element
// mask, the lanes, then the VPT step.
template <class T, class Fn>
inline void run_elementwise(Cpu& cpu, unsigned qd, Fn&& fn) {
  if (!check(cpu)) return;
  ArchState& s = cpu.state();
  map_lanes<T>(s, qd, element_mask(s), fn);
  advance_vpt(s);
}

// The scalar operand of the Rm forms: the low 16 or 32 bits of the core register.
template <class T>
inline T scalar(const Cpu& cpu, unsigned rm) {
  return static_cast<T>(cpu.reg(rm));
}

}  // namespace corsim::cpu::mve::fpv
