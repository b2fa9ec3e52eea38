#pragma once
// Cortex-M55 latency data (issue 7 item 2). Sources, by key:
//   [LLVM-M55]  llvm/lib/Target/ARM/ARMScheduleM55.td (its header comment and per-class entries)
//   [SLOTHY]    slothy-optimizer/slothy slothy/targets/arm_v81m/cortex_m55r1.py ('approximate')
//   [inferred]  our inference from the sources named with it (calibration point, not an Arm number)
//   [HELIUM-3]  Arm, "Helium optimization topics #3 - Processor specific details" (github.com/
//               Arm-Examples/Helium-Optimization, General_optimizations/processor_specific.md)
//   [M33-SI]    measurements on Cortex-M33 silicon (RP2350, r1p0) by jnk0le: github.com/jnk0le/random
//               "pipeline cycle test/doc/cortex_m33.md", which cites Arm's Cortex-M55 Software
//               Optimization Guide for the dual-issue rules. Used for the M55 where [LLVM-M55]'s
//               header says 'Cortex-M55 is a lot like the M4/M33 in terms of scheduling'.
// Latency = cycles from issue until a dependent instruction may issue; occupancy = cycles the
// unit is busy. Every number is a starting default to calibrate against silicon.
#include "cpu/timing/class_timing.h"

namespace corsim::cpu::timing::m55 {

inline constexpr ClassTable<kOpClassCount> kClassTable = {{
    {OpClass::IntAlu, 1, 1, Unit::Alu, "[LLVM-M55] ALU/MOV/shift-imm/compare: 1"},
    {OpClass::IntMul, 2, 1, Unit::Mac, "[LLVM-M55] MUL/MLA/SMULL/SMLAL: 2"},
    // LLVM models 2 and says 'may be higher in practice'; 7 is the M85 divider figure of
    // [LLVM-M85] (blocking), used here too until silicon calibration.
    {OpClass::IntDiv, 7, 7, Unit::Divider, "[LLVM-M55] SDIV/UDIV 'longer than 2'; [LLVM-M85] 7, blocking"},
    {OpClass::Load, 2, 1, Unit::Load, "[LLVM-M55] LDR/LDRB/LDRH: 2"},
    {OpClass::Store, 1, 1, Unit::Store, "[LLVM-M55] STR/STRB/STRH: 1"},
    // Multi-register transfers: one 64-bit bus beat per two registers (WikiChip M55: 64-bit bus).
    {OpClass::LoadMultiple, 2, 1, Unit::Load, "[LLVM-M55] LDM/POP: 2; occupancy by bytes/8 [WikiChip]"},
    {OpClass::StoreMultiple, 1, 1, Unit::Store, "[LLVM-M55] STM/PUSH: 1; occupancy by bytes/8 [WikiChip]"},
    {OpClass::Branch, 1, 1, Unit::Branch, "[LLVM-M55] branch: 1; taken cost kTakenBranchCost"},
    {OpClass::System, 1, 1, Unit::System, "[LLVM-M55] MRS/MSR: 1"},
    {OpClass::Dsp, 2, 1, Unit::Alu, "[LLVM-M55] QADD/SADD16/SSAT/UXTAB: 2"},
    // Scalar FP on the FP/MUL pipe, E3 = 2 cycles; doubles use kDouble* below.
    {OpClass::FpAlu, 2, 1, Unit::Fpu, "[LLVM-M55] VADD/VSUB/VABS/VCVT/VSEL/VMOV: 2"},
    {OpClass::FpMul, 2, 1, Unit::Fpu, "[LLVM-M55] VMUL/VFMA: 2 (VMLA chained: 4)"},
    {OpClass::FpDiv, 16, 16, Unit::Fpu, "[LLVM-M55] VDIV/VSQRT single: 16 (half 9)"},
    {OpClass::FpLoadStore, 2, 1, Unit::Load, "[LLVM-M55] VLDR: 2; VSTR: 1"},
    // MVE: two beats = occupancy 2 in one of four pipes ([LLVM-M55] ReleaseAtCycles=[2]).
    {OpClass::MveLogic, 1, 2, Unit::VecInt, "[LLVM-M55] INT pipe logic/VDUP/VREV/VPSEL: 1"},
    {OpClass::MveInt, 1, 2, Unit::VecInt, "[LLVM-M55] INT pipe VADD/VSUB/VMAX/VSHL/VMOVL: 1"},
    {OpClass::MveIntSat, 2, 2, Unit::VecInt, "[LLVM-M55] INT pipe VQSHL/VRSHR/VADC: 2"},
    {OpClass::MveMul, 2, 2, Unit::VecMul, "[LLVM-M55] FP/MUL pipe VMUL/VQDMULH/VMLA: 2; [SLOTHY] 2"},
    {OpClass::MveReduce, 3, 2, Unit::VecInt, "[LLVM-M55] VMAXV.16/VABAV: 3 (VADDV 2, VMAXV.32 4)"},
    {OpClass::MveMac, 2, 2, Unit::VecMul, "[LLVM-M55] VMLADAV(A)/VMLALDAV(A): 2; [SLOTHY] VMLALDAVA 3"},
    {OpClass::MveFpAdd, 1, 2, Unit::VecMul, "[LLVM-M55] FP/MUL pipe VADD.F/VABS.F/VMAXNM: 1"},
    {OpClass::MveFpMul, 2, 2, Unit::VecMul, "[LLVM-M55] FP/MUL pipe VMUL.F/VCMUL: 2"},
    {OpClass::MveFpFma, 2, 2, Unit::VecMul, "[LLVM-M55] FP/MUL pipe VFMA/VCMLA: 2"},
    {OpClass::MveCvt, 2, 2, Unit::VecMul, "[LLVM-M55] FP/MUL pipe VCVT/VRINT: 2"},
    {OpClass::MveCompare, 1, 2, Unit::VecMul, "[LLVM-M55] FP/MUL pipe VCMP/VPT: 1"},
    {OpClass::MvePredicate, 1, 1, Unit::VecCtrl, "[LLVM-M55] CTRL pipe VCTP/VPST/VPNOT: 1, single beat"},
    {OpClass::MveLoad, 1, 2, Unit::VecLoadStore, "[LLVM-M55] LD/ST pipe VLDR: 1 (gather 2); [SLOTHY] 1"},
    {OpClass::MveStore, 1, 2, Unit::VecLoadStore, "[LLVM-M55] LD/ST pipe VSTR"},
    {OpClass::MveTransfer, 1, 2, Unit::VecInt, "[LLVM-M55] VMOV lane<->GPR: 1 (INT or FP pipe)"},
    {OpClass::LongShift, 2, 1, Unit::LongShift, "[LLVM-M55] ASRL/LSLL/SQRSHRL: 2, single-issue"},
    {OpClass::Nop, 1, 1, Unit::Alu, "[LLVM-M55] NOP: ALU class, 1"},
}};
static_assert(table_is_exhaustive(kClassTable), "Cortex-M55 timing table must name every OpClass once");
inline constexpr auto kByClass = index_by_class(kClassTable);

// Costs outside the class table.
inline constexpr unsigned kShiftedOperandLatency = 2;   // [LLVM-M55] ALU with shifted register: 2
inline constexpr unsigned kChainedMacLatency = 4;       // [LLVM-M55] VMLA/VMLS (unfused): 4
inline constexpr unsigned kHalfDivLatency = 9;          // [LLVM-M55] VDIV/VSQRT half: 9
inline constexpr unsigned kDoubleAddLatency = 15;       // [LLVM-M55] VADD.F64: 15 (iterative)
inline constexpr unsigned kDoubleMulLatency = 21;       // [LLVM-M55] VMUL.F64: 21
inline constexpr unsigned kDoubleFmaLatency = 24;       // [LLVM-M55] VFMA.F64: 24
inline constexpr unsigned kDoubleMlaLatency = 36;       // [LLVM-M55] VMLA.F64: 36
inline constexpr unsigned kDoubleDivLatency = 30;       // [LLVM-M55] VDIV/VSQRT.F64: 30
inline constexpr unsigned kStoreLoadLatency = 1;        // [LLVM-M55] VSTR/VMRS/VCMP: 1
// A taken branch: the next instruction issues 3 cycles after it. An assumption calibrated against
// measured hardware (session 11; docs/timing.md "CoreMark", "The M55 against its FPGA"): CoreMark
// on the Cortex-M55 r0p0 MPS3 FPGA (github.com/GorgonMeducer/coremark_cortex-m55, code in ITCM,
// data in DTCM) gives 3.18 CoreMark/MHz with LLVM 13 -Ofast; clang 14 with its flags gave 3.423
// on this model at 2 cycles (7.6% fast, about one cycle per taken branch: 22 k of them per
// iteration) and 3.187 at 3; GCC 12 -Ofast 3.180 / 2.908 against the board's GCC 10.3 -Ofast
// 2.805. Consistent with Arm's LLVM models: Cortex-M4/M33 (ARMScheduleM4.td) MispredictPenalty 2,
// "Best case branch taken cost", which [M33-SI] measures (2 cycles); Cortex-M55
// (ARMScheduleM55.td) MispredictPenalty 3, the M55 having "an extra pipeline stage" over the
// M4/M33. Was 2 ([M33-SI]) from issue 16 to session 10, 3 before. The M55 does not predict
// dynamically (WikiChip; LLVM's ARMProcessors.td gives cortex-m55 FeatureHasNoBranchPredictor):
// every taken branch redirects fetch. A not-taken branch costs nothing and does not wait for its flags ([M33-SI]: it
// dual-issues after the 16-bit instruction that set them).
inline constexpr unsigned kTakenBranchCost = 3;
// LE with its loop in the loop cache: 0 ([LLVM-M55] t2LoopDec latency 0). The first LE of a
// loop (or after another loop replaced it) costs a taken branch ([inferred] from LO_BRANCH_INFO).
inline constexpr unsigned kLoopEndCachedCost = 0;
// Bytes per cycle of LDM/STM/PUSH/POP and VLDM/VSTM: the 64-bit data path (WikiChip).
inline constexpr unsigned kBytesPerBeat = 8;
// The ITCM port ([HELIUM-3] "I-TCM bandwidth": "the I-TCM interface on the Cortex-M55 processor is
// only 32-bit width and the processor can access 64-bit of data per clock cycle"): instruction fetch
// from ITCM delivers one 32-bit word per cycle, and a data access to ITCM (a literal load) takes the
// port for a cycle per word, a cycle in which fetch gets nothing ("The I-TCM bandwidth issue could
// also affect general program codes ... if the code contains a lot of literal data accesses").
inline constexpr unsigned kItcmPortBytes = 4;
// The prefetch FIFO: three words, the Cortex-M3's (Arm DDI 0337, Cortex-M3 TRM section 1.5 "Prefetch Unit":
// "The PFU buffers up to three word fetches in its FIFO"); no M55 figure was found ([LLVM-M55]: "a
// lot like the M4/M33"), so an assumption to calibrate (docs/timing.md "settle with").
inline constexpr unsigned kFetchBufferBytes = 12;
// D-TCM read after store ([HELIUM-3] "Read after-write in D-TCM (Cortex-M52, Cortex-M55)": "right
// after a store to a D-TCM bank, the read to the same D-TCM could be delayed"): a load issued the
// cycle after a store, touching a bank the store wrote, waits this long (the amount is not given:
// 1 assumed; docs/timing.md "settle with").
inline constexpr unsigned kDtcmReadAfterStoreDelay = 1;
// Exception entry: stacking 8 words plus vector fetch. Arm quotes 12 cycles for Cortex-M4/M7
// interrupt latency; used for M55 until calibrated (no source gives an M55 figure; an assumption).
inline constexpr unsigned kExceptionEntry = 12;

}  // namespace corsim::cpu::timing::m55
