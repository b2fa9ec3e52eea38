#pragma once
// Row-generating macros for cpu/decoder/extra_t32.inc: one floating-point instruction gives a row
// per precision (size field bits [9:8]: 01 half, 10 single, 11 double; Arm DDI 0553 C2).
// Patterns are hw1:hw2, most significant bit first (cpu/decoder/pattern.h).

// Three-register data processing: 11101110 a D bb Vn | Vd 10 ss N o M 0 Vm.
#define CORSIM_VFP3(name, a, bb, o, fn, cls, mn, facts)                                            \
  {name " F16", "11101110" a "D" bb "nnnndddd1001N" o "M0mmmm", vfp_ddd<false>, fn<uint16_t>, cls, \
   mn "{c}.f16 {Sd}, {Sn}, {Sm}", facts | fact::f16},                                              \
  {name " F32", "11101110" a "D" bb "nnnndddd1010N" o "M0mmmm", vfp_ddd<false>, fn<uint32_t>, cls, \
   mn "{c}.f32 {Sd}, {Sn}, {Sm}", facts},                                                          \
  {name " F64", "11101110" a "D" bb "nnnndddd1011N" o "M0mmmm", vfp_ddd<true>, fn<uint64_t>, cls,  \
   mn "{c}.f64 {Dd}, {Dn}, {Dm}", facts | fact::f64},

// Unconditional three-register forms (VMAXNM/VMINNM): 11111110 1 D 00 Vn | Vd 10 ss N o M 0 Vm.
#define CORSIM_VFP3U(name, o, fn, mn, facts)                                                          \
  {name " F16", "111111101D00nnnndddd1001N" o "M0mmmm", vfp_ddd<false>, fn<uint16_t>, OpClass::FpAlu, \
   mn ".f16 {Sd}, {Sn}, {Sm}", facts | fact::f16},                                                    \
  {name " F32", "111111101D00nnnndddd1010N" o "M0mmmm", vfp_ddd<false>, fn<uint32_t>, OpClass::FpAlu, \
   mn ".f32 {Sd}, {Sn}, {Sm}", facts},                                                                \
  {name " F64", "111111101D00nnnndddd1011N" o "M0mmmm", vfp_ddd<true>, fn<uint64_t>, OpClass::FpAlu,  \
   mn ".f64 {Dd}, {Dn}, {Dm}", facts | fact::f64},

// Two-register "other" data processing: 11101110 1 D 11 opc2 | Vd 10 ss b7 1 M 0 Vm.
#define CORSIM_VFP2(name, opc2, b7, fn, cls, mn, facts)                                  \
  {name " F16", "111011101D11" opc2 "dddd1001" b7 "1M0mmmm", vfp_dm_plain<false, false>, \
   fn<uint16_t>, cls, mn "{c}.f16 {Sd}, {Sm}", facts | fact::f16},                       \
  CORSIM_VFP2_SD(name, opc2, b7, fn, cls, mn, facts)
#define CORSIM_VFP2_SD(name, opc2, b7, fn, cls, mn, facts)                               \
  {name " F32", "111011101D11" opc2 "dddd1010" b7 "1M0mmmm", vfp_dm_plain<false, false>, \
   fn<uint32_t>, cls, mn "{c}.f32 {Sd}, {Sm}", facts},                                   \
  {name " F64", "111011101D11" opc2 "dddd1011" b7 "1M0mmmm", vfp_dm_plain<true, true>,   \
   fn<uint64_t>, cls, mn "{c}.f64 {Dd}, {Dm}", facts | fact::f64},

// VRINT with a fixed rounding (R, Z = FPSCR / towards zero; X = FPSCR, exact).
#define CORSIM_VFP_RINT(name, opc2, b7, round, flags, mn, facts)                                       \
  {name " F16", "111011101D11" opc2 "dddd1001" b7 "1M0mmmm", vfp_dm_fixed<false, false, round, flags>, \
   exec_VRINT<uint16_t>, OpClass::FpAlu, mn "{c}.f16 {Sd}, {Sm}", facts | fact::f16},                  \
  {name " F32", "111011101D11" opc2 "dddd1010" b7 "1M0mmmm", vfp_dm_fixed<false, false, round, flags>, \
   exec_VRINT<uint32_t>, OpClass::FpAlu, mn "{c}.f32 {Sd}, {Sm}", facts},                              \
  {name " F64", "111011101D11" opc2 "dddd1011" b7 "1M0mmmm", vfp_dm_fixed<true, true, round, flags>,   \
   exec_VRINT<uint64_t>, OpClass::FpAlu, mn "{c}.f64 {Dd}, {Dm}", facts | fact::f64},

// VCVT{R}.S32/U32.Fxx Sd, Sm/Dm (float -> integer), opc2 110U, b7 = 1 towards zero / 0 FPSCR.
#define CORSIM_VFP_TOINT(name, opc2, b7, round, flags, mn, facts)                                      \
  {name " F16", "111011101D11" opc2 "dddd1001" b7 "1M0mmmm", vfp_dm_fixed<false, false, round, flags>, \
   exec_VCVT_to_int<uint16_t>, OpClass::FpAlu, mn ".f16 {Sd}, {Sm}", facts | fact::f16},               \
  {name " F32", "111011101D11" opc2 "dddd1010" b7 "1M0mmmm", vfp_dm_fixed<false, false, round, flags>, \
   exec_VCVT_to_int<uint32_t>, OpClass::FpAlu, mn ".f32 {Sd}, {Sm}", facts},                           \
  {name " F64", "111011101D11" opc2 "dddd1011" b7 "1M0mmmm", vfp_dm_fixed<false, true, round, flags>,  \
   exec_VCVT_to_int<uint64_t>, OpClass::FpAlu, mn ".f64 {Sd}, {Dm}", facts | fact::f64},

// VCVT.Fxx.S32/U32 Sd/Dd, Sm (integer -> float), opc2 1000, b7 = 1 signed.
#define CORSIM_VFP_FROMINT(name, b7, flags, mn, facts)                                                        \
  {name " F16", "111011101D111000dddd1001" b7 "1M0mmmm", vfp_dm_fixed<false, false, vfp::kRoundFpscr, flags>, \
   exec_VCVT_from_int<uint16_t>, OpClass::FpAlu, "vcvt{c}.f16." mn " {Sd}, {Sm}", facts | fact::f16},         \
  {name " F32", "111011101D111000dddd1010" b7 "1M0mmmm", vfp_dm_fixed<false, false, vfp::kRoundFpscr, flags>, \
   exec_VCVT_from_int<uint32_t>, OpClass::FpAlu, "vcvt{c}.f32." mn " {Sd}, {Sm}", facts},                     \
  {name " F64", "111011101D111000dddd1011" b7 "1M0mmmm", vfp_dm_fixed<true, false, vfp::kRoundFpscr, flags>,  \
   exec_VCVT_from_int<uint64_t>, OpClass::FpAlu, "vcvt{c}.f64." mn " {Dd}, {Sm}", facts | fact::f64},

// VCVT (floating-point <-> fixed-point): 11101110 1 D 11 1 o 1 U | Vd 10 ss sx 1 i 0 imm4.
#define CORSIM_VFP_FIXED(name, o, fn, mn16, mn32, mn64, facts)                                                                    \
  {name " F16", "111011101D111" o "1Udddd1001x1i0jjjj", vfp_fixed<false>, fn<uint16_t>, OpClass::FpAlu, mn16, facts | fact::f16}, \
  {name " F32", "111011101D111" o "1Udddd1010x1i0jjjj", vfp_fixed<false>, fn<uint32_t>, OpClass::FpAlu, mn32, facts},             \
  {name " F64", "111011101D111" o "1Udddd1011x1i0jjjj", vfp_fixed<true>, fn<uint64_t>, OpClass::FpAlu, mn64, facts | fact::f64},
