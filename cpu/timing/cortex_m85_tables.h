#pragma once
// Cortex-M85 latency data (issue 7 item 3). Sources, by key:
//   [LLVM-M85]  llvm/lib/Target/ARM/ARMScheduleM85.td (its header comment and per-class entries)
//   [SLOTHY]    slothy-optimizer/slothy slothy/targets/arm_v81m/cortex_m85r1.py ('approximate')
//   [inferred]  our inference from the sources named with it (calibration point, not an Arm number)
//   [M85-SI]    measurements on Cortex-M85 silicon (Renesas RA8D1, r0p2) by jnk0le:
//               github.com/jnk0le/random "pipeline cycle test/doc/cortex_m85.md"; its author wrote
//               it against Arm's Cortex-M85 Software Optimization Guide (Arm 107950), noting where
//               silicon differs; the guide itself is not in our sources (docs/timing.md "Sources")
// Latency = cycles from issue until an instruction reading the value at EX1 may issue (the M85
// issues two per cycle, so latency 1 means "next cycle"). Scalar integer results are counted from
// the stage that makes them ([M85-SI]): ALU in EX1 (later when its operands come later, see
// kLateStages), word loads after EX2, byte/half loads after EX3, MUL/MAC after EX3; readers that
// need them later (ALU at EX3, store data at EX3, MAC operands at EX2/EX3) issue that much sooner.
// occupancy = cycles the unit is busy.
#include "cpu/timing/class_timing.h"

namespace corsim::cpu::timing::m85 {

inline constexpr ClassTable<kOpClassCount> kClassTable = {{
    {OpClass::IntAlu, 1, 1, Unit::Alu, "[LLVM-M85] ALU/MOV/shift/compare: 1, two ALUs"},
    {OpClass::IntMul, 3, 1, Unit::Mac, "[M85-SI] MUL/MAC: EX2 multiply + EX3 accumulate, result after EX3; one MAC"},
    {OpClass::IntDiv, 7, 7, Unit::Divider, "[LLVM-M85] SDIV/UDIV: 7, stalls the pipeline"},
    {OpClass::Load, 2, 1, Unit::Load, "[M85-SI] LDR word: AGU EX1, data after EX2 (2 to an address, 0 to an EX3 ALU op)"},
    {OpClass::Store, 1, 1, Unit::Store, "[LLVM-M85] STR: store data read at EX3"},
    {OpClass::LoadMultiple, 2, 1, Unit::Load, "[M85-SI] LDM/POP: as LDR for the first register; single-issue [LLVM-M85]"},
    {OpClass::StoreMultiple, 1, 1, Unit::Store, "[LLVM-M85] STM/PUSH: single-issue"},
    {OpClass::Branch, 2, 1, Unit::Branch, "[LLVM-M85] branch: 2; predicted: no bubble"},
    {OpClass::System, 1, 1, Unit::System, "[LLVM-M85] MRS/MSR/barriers: single-issue"},
    {OpClass::Dsp, 2, 1, Unit::Alu, "[LLVM-M85] SIMD DSP 1-2, SSAT/QDADD/CSEL 2; slot 0"},
    {OpClass::FpAlu, 2, 1, Unit::Fpu, "[LLVM-M85] VADD/VSUB/VCVT/VRINT: 2 (F64 6)"},
    {OpClass::FpMul, 3, 1, Unit::Fpu, "[LLVM-M85] VMUL: 3 (F64 8); VFMA 5 (F64 14)"},
    {OpClass::FpDiv, 14, 14, Unit::Fpu, "[LLVM-M85] VDIV/VSQRT: 14 (half 8, F64 29)"},
    {OpClass::FpLoadStore, 1, 1, Unit::Load, "[LLVM-M85] load latency 1 (as LDR word)"},
    // MVE: every instruction holds its pipe for 2 cycles and MVE loads/stores end the issue group.
    {OpClass::MveLogic, 1, 2, Unit::VecA, "[LLVM-M85] logic/VMOV/VREV/VPSEL: 1, pipe A or B"},
    {OpClass::MveInt, 1, 2, Unit::VecA, "[LLVM-M85] VADD/VSUB/VABD/VMAX/VSHL/VMOVL: 1, pipe A"},
    {OpClass::MveIntSat, 2, 2, Unit::VecA, "[LLVM-M85] VQSHL/VRSHR/VQMOVN/VQSHRN: 2, pipe A"},
    {OpClass::MveMul, 2, 2, Unit::VecB, "[LLVM-M85] VMUL/VMULL/VQDMULH/VMLA: 2, pipe B"},
    {OpClass::MveReduce, 4, 2, Unit::VecA, "[LLVM-M85] reductions: scalar result 4 (2 plus 2)"},
    {OpClass::MveMac, 4, 2, Unit::VecB, "[LLVM-M85] VMLADAV/VMLALDAV: 2, scalar result 4"},
    {OpClass::MveFpAdd, 2, 2, Unit::VecA, "[LLVM-M85] VADD.F/VSUB.F: 2, pipe A"},
    {OpClass::MveFpMul, 3, 2, Unit::VecB, "[LLVM-M85] VMUL.F/VCMUL: 3"},
    {OpClass::MveFpFma, 4, 4, Unit::VecB, "[LLVM-M85] VFMA/VCMLA: 4; [SLOTHY] blocks the FP pipe 4 cycles"},
    {OpClass::MveCvt, 2, 2, Unit::VecB, "[LLVM-M85] VCVT: 2, pipe B"},
    {OpClass::MveCompare, 1, 2, Unit::VecC, "[LLVM-M85] VCMP/VPT: 1, pipe C"},
    {OpClass::MvePredicate, 1, 2, Unit::VecD, "[LLVM-M85] VCTP/VPST/VPNOT: 1, pipe D"},
    {OpClass::MveLoad, 1, 2, Unit::VecLoad, "[LLVM-M85] VLDR: 1 (VLD2x/VLD4x 4); [SLOTHY] own load unit"},
    {OpClass::MveStore, 1, 2, Unit::VecStore, "[LLVM-M85] VSTR; [SLOTHY] own store unit"},
    {OpClass::MveTransfer, 1, 2, Unit::VecA, "[LLVM-M85] VMOV lanes: 1, pipe A or B"},
    {OpClass::LongShift, 2, 1, Unit::LongShift, "[LLVM-M85] ASRL/LSLL/SQRSHRL: 2, long-shift unit"},
    {OpClass::Nop, 1, 1, Unit::Alu, "[LLVM-M85] NOP: ALU class"},
}};
static_assert(table_is_exhaustive(kClassTable), "Cortex-M85 timing table must name every OpClass once");
inline constexpr auto kByClass = index_by_class(kClassTable);

inline constexpr unsigned kSubwordLoadLatency = 3;     // [M85-SI] LDRB/LDRH/LDRSB/LDRSH: AGU, DATA, FORMAT (EX3)
inline constexpr unsigned kHalfDivLatency = 8;         // [LLVM-M85] VDIV/VSQRT half: 8
inline constexpr unsigned kDoubleAddLatency = 6;       // [LLVM-M85] VADD.F64: 6
inline constexpr unsigned kDoubleMulLatency = 8;       // [LLVM-M85] VMUL.F64: 8
inline constexpr unsigned kFmaLatency = 5;             // [LLVM-M85] VFMA single: 5
inline constexpr unsigned kDoubleFmaLatency = 14;      // [LLVM-M85] VFMA.F64: 14
inline constexpr unsigned kDoubleDivLatency = 29;      // [LLVM-M85] VDIV/VSQRT.F64: 29
inline constexpr unsigned kStructLoadLatency = 4;      // [LLVM-M85] VLD2x/VLD4x: 4
// Simple ALU instructions execute in EX1, EX2 or EX3, whichever their operands allow, forwarding
// to a later stage in 0 cycles; store data is read at EX3 ([M85-SI] "overall/scalar ALU", "scalar
// load/store"): two stages after EX1.
inline constexpr unsigned kLateStages = 2;
// Register-register operand2 forms run SHIFT + ALU over two stages: result after EX2 [M85-SI].
inline constexpr unsigned kShiftedOperandLatency = 2;
// MUL/MAC read the multiplicands at EX2 and the accumulator at EX3 [M85-SI]: MAC chains 1/cycle.
inline constexpr unsigned kMacOperandAdvance = 1;
inline constexpr unsigned kMacAccumulatorAdvance = 2;
// Mispredicted branch: the next instruction issues 7 cycles after it ([LLVM-M85] comment
// 'Mispredict cost for forward branches is 7'; LLVM's tuning value 4 is not a measurement).
inline constexpr unsigned kMispredictCost = 7;
// A branch the BTB does not hold, statically predicted taken (backward, or a call) and taken: the
// next instruction issues 3 cycles after it, the front end redirecting when the branch is decoded
// (assumption: between the M55's 2-cycle taken branch [M33-SI] and the 7 of a mispredict;
// docs/timing.md "Sources" names the microbenchmark that would settle it).
inline constexpr unsigned kStaticTakenCost = 3;
// Triple issue across a predicted taken branch ([M85-SI] "branching": "predicted taken branch can
// tripple issue with 2 prior instructions or 1 prior and 1 at destination address, provided that
// there is enough fetch bandwidth (at least 4 (when close, or doesn't tripple across branch) or 8
// (when far and tripples across branch) `.n` instructions prior to branch (including branch
// opcode))"): the run of 16-bit instructions, the branch included, that each form needs. The
// "close" case (4 across the branch for a near destination) is not modelled: what "close" means is
// not given (docs/timing.md "settle with").
inline constexpr unsigned kTripleBeforeBranchT16 = 4;  // the branch third, after 2 prior
inline constexpr unsigned kTripleAcrossBranchT16 = 8;  // 1 prior, the branch, 1 at its destination
// A mispredicted branch whose flags were set less than a cycle ahead of it (two from EX3) costs 5
// more ([M85-SI] "branching": "otherwise you get +5 cycle to misprediction penalty").
inline constexpr unsigned kLateFlagsMispredictCost = 5;
// LE resolves at issue ([LLVM-M85] latency -2): no bubble once its loop is known.
inline constexpr unsigned kLoopEndCachedCost = 0;
// Each load and store pipe has L/H 32-bit halves: 8 bytes per cycle each ([LLVM-M85]).
inline constexpr unsigned kBytesPerBeat = 8;
// Branch predictor geometry: not published; sizes typical of a small in-order core (assumption).
inline constexpr unsigned kBtbEntries = 64;
inline constexpr unsigned kDirectionEntries = 512;
inline constexpr unsigned kReturnStackDepth = 4;
inline constexpr unsigned kExceptionEntry = 12;  // as the M55 (assumption, see cortex_m55_tables.h)

}  // namespace corsim::cpu::timing::m85
