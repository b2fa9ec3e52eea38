#pragma once
// Row-generating macros for cpu/decoder/mve_int.inc: one MVE integer instruction gives a row per
// element size. Patterns are hw1:hw2, most significant bit first; `p1` is the part before the
// element-size field and `p2` the part after it (cpu/decoder/pattern.h). `sg` is empty for signed
// element types and `u` for unsigned ones (int8_t / uint8_t ...).

// Same-size element-wise: exec_elem<Op, T, Src::form>, size field 00/01/10.
#define CORSIM_MVI3(name, p1, p2, dec, Op, sg, form, cls, mn, opnds, facts)                                       \
  {name " 8", p1 "00" p2, dec, exec_elem<mops::Op, sg##int8_t, Src::form>, OpClass::cls, mn "8" opnds, facts},    \
  {name " 16", p1 "01" p2, dec, exec_elem<mops::Op, sg##int16_t, Src::form>, OpClass::cls, mn "16" opnds, facts}, \
  {name " 32", p1 "10" p2, dec, exec_elem<mops::Op, sg##int32_t, Src::form>, OpClass::cls, mn "32" opnds, facts},

// Same, with the handler given by a macro E(T).
#define CORSIM_MVI3E(name, p1, p2, dec, E, sg, cls, mn, opnds, facts)                \
  {name " 8", p1 "00" p2, dec, E(sg##int8_t), OpClass::cls, mn "8" opnds, facts},    \
  {name " 16", p1 "01" p2, dec, E(sg##int16_t), OpClass::cls, mn "16" opnds, facts}, \
  {name " 32", p1 "10" p2, dec, E(sg##int32_t), OpClass::cls, mn "32" opnds, facts},

// Shift by immediate: the size is the leading one of imm6 (bits 21:16): 001sss .8, 01ssss .16,
// 1sssss .32.
#define CORSIM_MVI_SHIFT3(name, p1, p2, dec, Op, sg, cls, mn, opnds, facts)                                          \
  {name " 8", p1 "001sss" p2, dec, exec_elem<mops::Op, sg##int8_t, Src::Imm>, OpClass::cls, mn "8" opnds, facts},    \
  {name " 16", p1 "01ssss" p2, dec, exec_elem<mops::Op, sg##int16_t, Src::Imm>, OpClass::cls, mn "16" opnds, facts}, \
  {name " 32", p1 "1sssss" p2, dec, exec_elem<mops::Op, sg##int32_t, Src::Imm>, OpClass::cls, mn "32" opnds, facts},

// Narrowing shift by immediate, bottom and top (bit 12), results .8 (bits 20:16 = 01sss, source
// .16) and .16 (1ssss, source .32); bit 21 is 0. E(T, top) gives the handler.
#define CORSIM_MVI_NARROW(name, p1, p2, E, sg, cls, mnb, mnt, sz8, sz16, opnds8, opnds16, facts)                        \
  {name "B 8", p1 "01sss" "ddd0" p2, mvi::shift_imm<2>, E(sg##int8_t, false), OpClass::cls, mnb sz8 opnds8, facts},     \
  {name "B 16", p1 "1ssss" "ddd0" p2, mvi::shift_imm<2>, E(sg##int16_t, false), OpClass::cls, mnb sz16 opnds16, facts}, \
  {name "T 8", p1 "01sss" "ddd1" p2, mvi::shift_imm<2>, E(sg##int8_t, true), OpClass::cls, mnt sz8 opnds8, facts},      \
  {name "T 16", p1 "1ssss" "ddd1" p2, mvi::shift_imm<2>, E(sg##int16_t, true), OpClass::cls, mnt sz16 opnds16, facts},

// Narrowing moves (size field bits 19:18 = 00 source .16, 01 source .32), bottom and top.
#define CORSIM_MVI_MOVN(name, p1, p2a, p2b, E, sg, cls, mnb, mnt, facts)                                                      \
  {name "B 8", p1 "00" p2a "0" p2b, mvi::fixed_shift<0>, E(sg##int8_t, false), OpClass::cls, mnb "16 {iQd}, {iQn}", facts},   \
  {name "B 16", p1 "01" p2a "0" p2b, mvi::fixed_shift<0>, E(sg##int16_t, false), OpClass::cls, mnb "32 {iQd}, {iQn}", facts}, \
  {name "T 8", p1 "00" p2a "1" p2b, mvi::fixed_shift<0>, E(sg##int8_t, true), OpClass::cls, mnt "16 {iQd}, {iQn}", facts},    \
  {name "T 16", p1 "01" p2a "1" p2b, mvi::fixed_shift<0>, E(sg##int16_t, true), OpClass::cls, mnt "32 {iQd}, {iQn}", facts},
