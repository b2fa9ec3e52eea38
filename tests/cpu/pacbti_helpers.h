#pragma once
// Shared by the PACBTI tests (pacbti_decode_test.cpp, pacbti_exec_test.cpp): encodings of the
// forms GNU as 2.40 refuses (PACG, AUTG, BXAUT, MRS/MSR of a PAC key: "selected processor does
// not support PACBTI extention"), written as .inst.w and checked against clang-14's assembler by
// PacbtiDecode.EncodingsMatchIndependentAssemblers; the two core configurations; test keys.
#include <array>
#include <cstdio>
#include <string>

#include "cpu/cpu_api.h"
#include "cpu/exceptions/exception_unit.h"
#include "tests/cpu/asm_harness.h"

namespace corsim::cpu::test::pacbti {

// Arm DDI 0553 encoding diagrams (PACG T1, AUTG T1, BXAUT T1, MRS T1, MSR (register) T1).
inline std::string inst(uint32_t encoding) {
  char buf[32];
  std::snprintf(buf, sizeof buf, ".inst.w 0x%08x", encoding);
  return buf;
}
inline uint32_t pacg(unsigned d, unsigned n, unsigned m) { return 0xFB60F000u | n << 16 | d << 8 | m; }
inline uint32_t autg(unsigned t, unsigned n, unsigned m) { return 0xFB500F00u | n << 16 | t << 12 | m; }
inline uint32_t bxaut(unsigned t, unsigned n, unsigned m) { return 0xFB500F10u | n << 16 | t << 12 | m; }
inline uint32_t mrs(unsigned d, unsigned sysm) { return 0xF3EF8000u | d << 8 | sysm; }
inline uint32_t msr(unsigned sysm, unsigned n) { return 0xF3808800u | n << 16 | sysm; }
constexpr unsigned kKeyP0 = 0x20, kKeyU0 = 0x24, kNs = 0x80;  // SYSm of PAC_KEY_P_0, PAC_KEY_U_0, _NS

inline CpuConfig m85() {
  CpuConfig c;
  c.model = CoreModel::CortexM85;
  c.pacbti = true;
  return c;
}
inline CpuConfig m55() { return CpuConfig{}; }

// Loads the four words of key `sysm0` (PAC_KEY_P_0 or PAC_KEY_U_0, + kNs) from `k`, using r0.
inline std::string set_key(unsigned sysm0, const std::array<uint32_t, 4>& k) {
  std::string s;
  for (unsigned i = 0; i < 4; ++i) s += "  ldr r0, =" + hex(k[i]) + "\n  " + inst(msr(sysm0 + i, 0)) + "\n";
  return s;
}

constexpr std::array<uint32_t, 4> kKeyP = {0xAC0017B4u, 0xAC01C9E2u, 0xAC025D8Fu, 0xAC03A641u};
constexpr std::array<uint32_t, 4> kKeyU = {0xAC104A7Cu, 0xAC1191E2u, 0xAC123DB5u, 0xAC13F068u};

// Ends the program, then the handler for every vector: faults spin (the run loop reports
// FaultHang); PendSV (14) reads the stacked xPSR into r4 and returns.
inline const char* kHandler = R"(
  b corsim_end
handler:
  mrs r5, ipsr
  cmp r5, #14
  bne handler_spin
  ldr r4, [sp, #28]
  bx lr
handler_spin:
  b handler_spin
)";

inline uint32_t cfsr(CpuHarness& h) { return h.cpu().exceptions().regs().cfsr; }

}  // namespace corsim::cpu::test::pacbti
