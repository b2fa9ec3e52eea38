#pragma once
// The contract between the run loop (cpu/run_loop.h) and a timing model (cpu/timing/): the static
// facts of one instruction (op class, registers, branch kind, traits; derived once at predecode),
// the record of one retired instruction (those facts plus its dynamic outcome: branch taken, data
// accesses), and the hook interface a model implements to receive it (issue 7, the ARCHITECTURE
// blueprint's "Timing"). A timing model sees the CPU only through this header (the include-graph test
// tests/repo/include_graph.py checks it): no Cpu, no decoder, no run loop. With no hook attached the
// loop counts one cycle per instruction and builds nothing. docs/timing.md describes the models.
#include <cstdint>

#include "base/clock.h"

namespace corsim::cpu {

// What kind of work an instruction is, for the timing models (issue 7); semantics ignore it.
// MVE classes follow the vector pipes of LLVM ARMScheduleM55.td/ARMScheduleM85.td (M55: load/store,
// integer, FP/MUL, control; M85: pipes A-D with latency 1 or 2 within a pipe):
//   MveLogic      bitwise ops, VMOV/VMVN (vector, immediate), VREV, VPSEL, VDUP
//   MveInt        VADD/VSUB/VABD/VMAX/VMIN/VHADD/VSHL/VSHR/VMOVL/VMOVN, VIDUP..., VADC, VBRSR
//   MveIntSat     saturating/rounding: VQADD/VQSUB, VQSHL/VRSHR/VQMOVN/VQSHRN..., VQABS/VQNEG
//   MveMul        integer multiplies, VMLA/VMLAS, VQDMULH/VQRDMULH/VQDMLAH..., VMULL
//   MveReduce     across-vector: VADDV/VADDLV/VMAXV/VMINV/VABAV (no multiply)
//   MveMac        multiply-accumulate reductions: VMLADAV/VMLALDAV/VRMLALDAVH families
//   MveFpAdd      float add/sub/abd/abs/neg/maxnm/minnm (+ across-vector VMAXNMV...), VCADD.F
//   MveFpMul      VMUL.F, VCMUL
//   MveFpFma      VFMA/VFMS/VFMAS, VCMLA
//   MveCvt        VCVT (all), VRINT
//   MveCompare    VCMP, VPT (compare forms)
//   MvePredicate  VPST, VPNOT, VCTP
//   MveLoad       VLDR*, VLD2x/VLD4x, gathers;  MveStore  VSTR*, VST2x/VST4x, scatters
//   MveTransfer   moves between core and vector registers (VMOV lanes, two-lane VMOV)
//   LongShift     the MVE scalar shifts LSLL/LSRL/ASRL/SQRSHR(L)/UQRSHL(L)/...
enum class OpClass : uint8_t {
  IntAlu, IntMul, IntDiv, Load, Store, LoadMultiple, StoreMultiple, Branch, System, Dsp,
  FpAlu, FpMul, FpDiv, FpLoadStore,
  MveLogic, MveInt, MveIntSat, MveMul, MveReduce, MveMac, MveFpAdd, MveFpMul, MveFpFma, MveCvt,
  MveCompare, MvePredicate, MveLoad, MveStore, MveTransfer, LongShift,
  Nop,
};
inline constexpr unsigned kOpClassCount = static_cast<unsigned>(OpClass::Nop) + 1;

// Registers an instruction reads and writes, derived at predecode from its table row and operands.
//   gpr bits 0-14: R0-R14; bit 15: the APSR flags (NZCV), not the PC (a PC write is a branch).
//   ext bits 0-15: D0-D15 of the FP/vector register file (an S register marks its D register; a
//   Q register marks two); bit 16 of ext_*: FPSCR/VPR (predicates, FP flags).
struct RegUsage {
  uint16_t gpr_read = 0, gpr_write = 0;
  uint32_t ext_read = 0, ext_write = 0;
};
inline constexpr unsigned kFlagsBit = 15;
inline constexpr uint32_t kExtStatusBit = 1u << 16;

enum class BranchKind : uint8_t {
  None,         // not a branch (may still write the PC by exception return, not modelled)
  Direct,       // B, B<cond> (conditional when Operands::cond < 14), CBZ/CBNZ
  Call,         // BL, BLX (immediate or register): pushes a return address
  Return,       // BX LR, POP/LDM with PC, LDR PC from the stack
  Indirect,     // BX/BLX/MOV/LDR to PC otherwise, TBB/TBH
  LoopStart,    // WLS/DLS/WLSTP/DLSTP (WLS branches when the count is zero)
  LoopEnd,      // LE/LETP (branch back while LR says so)
};

// Static properties the models key on beyond the op class (bits of InstrInfo::traits).
enum InstrTrait : uint16_t {
  kTraitT16 = 1u << 0,            // 16-bit encoding
  kTraitM55Pairable = 1u << 1,    // one of the 16-bit forms the M55 may dual-issue ([LLVM-M55])
  kTraitShiftedOperand = 1u << 2, // register operand with a non-zero shift (ADD r, r, r, LSL #n)
  kTraitDouble = 1u << 3,         // double-precision FP (iterative on M55/M85 FPUs)
  kTraitHalf = 1u << 4,           // half-precision FP
  kTraitChainedMac = 1u << 5,     // VMLA/VMLS/VNMLA/VNMLS (unfused, M55 latency 4)
  kTraitLongMul = 1u << 6,        // 64-bit result multiplies (two result registers)
  kTraitSingleIssue = 1u << 7,    // M85 group-ender: LDM/STM/PUSH/POP, TBB/TBH, exclusives, MRS/MSR, barriers
  kTraitSubwordLoad = 1u << 8,    // LDRB/LDRH/LDRSB/LDRSH (M85 latency 2)
  kTraitStructMve = 1u << 9,      // VLD2x/VLD4x/VST2x/VST4x, gathers/scatters
  // bit 10: free (a conditional branch is derived: is_conditional_branch)
  kTraitCompactRegs = 1u << 11,   // InstrInfo::src/dst list every register read and written
  // bit 12: free
  kTraitWideRegs = 1u << 13,      // compact lists with more than 3 sources or 2 destinations
};

// Scoreboard slots, the index space of InstrInfo::src/dst: R0-R14 (0-14), the flags (kFlagsBit),
// an always-ready slot for unused list entries (kNoReg), D0-D15 (kExtSlot + d) and FPSCR/VPR
// (kStatusSlot).
inline constexpr uint8_t kNoReg = 16;
inline constexpr uint8_t kExtSlot = 17;
inline constexpr uint8_t kStatusSlot = kExtSlot + 16;
inline constexpr unsigned kScoreboardSlots = kStatusSlot + 1;

// Static timing information of one predecoded instruction.
struct InstrInfo {
  static constexpr unsigned kMaxSrc = 6, kMaxDst = 4;
  RegUsage regs;
  BranchKind branch = BranchKind::None;
  uint8_t writeback_base = kNoReg;  // base register written back by a load/store (ready early), or kNoReg
  uint16_t traits = 0;
  // The same registers as short lists of scoreboard slots (kTraitCompactRegs): lets the models
  // check dependencies without walking bit masks. Unused entries are kNoReg.
  uint8_t src[kMaxSrc] = {kNoReg, kNoReg, kNoReg, kNoReg, kNoReg, kNoReg};
  uint8_t dst[kMaxDst] = {kNoReg, kNoReg, kNoReg, kNoReg};
  // Filled by the attached timing model at predecode (TimingHook::annotate): the result latency
  // with this instruction's traits applied, its unit and occupancy, and flags and data of the
  // model's own.
  uint8_t latency = 0;
  uint8_t unit = 0;       // the model's unit for it (cpu/timing/class_timing.h Unit)
  uint8_t occupancy = 0;  // cycles it holds that unit
  uint8_t model_flags = 0;
  uint8_t model_aux = 0;
};

// A direct branch taken or not by state: it reads something, the flags (B<cond>, cond < 14) or a
// register (CBZ/CBNZ); B and BL read nothing (Arm ARM DDI 0553 C2.4 B, CBNZ/CBZ). A branch inside
// an IT block is conditional too, which only the retire record says (RetireInfo::in_it_block).
inline bool is_conditional_branch(const InstrInfo& i) { return i.branch == BranchKind::Direct && i.regs.gpr_read != 0; }

// One data access of an instruction (merged with its neighbours when contiguous).
struct MemAccess {
  uint32_t addr = 0;
  uint16_t size = 0;  // bytes
  bool write = false;
};

// The data accesses of the instruction being executed; filled by the Cpu's memory facade only
// while a timing model is attached.
struct MemoryLog {
  static constexpr unsigned kMax = 4;
  MemAccess access[kMax];
  uint8_t count = 0;
  bool any_read = false;  // one of the accesses is a read
  bool dropped = false;   // accesses beyond kMax records (in `bytes`, not timed one by one)
  uint32_t bytes = 0;     // all accesses' bytes, dropped ones included

  void clear() {
    count = 0;
    any_read = false;
    dropped = false;
    bytes = 0;
  }
  void add(uint32_t addr, unsigned size, bool write) {
    bytes += size;
    any_read |= !write;
    if (count > 0) {
      MemAccess& last = access[count - 1];
      if (last.write == write && last.addr + last.size == addr && last.size + size <= 64) {
        last.size = static_cast<uint16_t>(last.size + size);
        return;
      }
    }
    if (count < kMax) access[count++] = MemAccess{addr, static_cast<uint16_t>(size), write};
    else dropped = true;
  }
};

struct RetireInfo {
  uint32_t pc = 0;
  uint32_t encoding = 0;  // hw1:hw2 for 32-bit, hw1 for 16-bit
  uint8_t size = 2;
  OpClass op = OpClass::IntAlu;
  bool executed = true;   // false: condition failed inside an IT block
  bool branch_taken = false;
  bool in_it_block = false;   // ITSTATE was active (the instruction read the flags)
  uint32_t next_pc = 0;       // where execution continues
  const InstrInfo* info = nullptr;  // static part (never null in a record the loop built)
  const MemoryLog* memory = nullptr;  // data accesses (never null in a record the loop built)
};

// What the block JIT knows of a retire record (Cpu::jit_retire), from the instruction when it
// compiles it or from a test after its handler, so that a model can leave out code for what cannot
// happen: kAny nothing; kDataProcessing an
// executed instruction with no data access that is not a branch (the JIT's inline data-processing
// forms, and data-processing handlers that did neither); kDataAccess an executed instruction that
// is not a branch with at least one data access in its MemoryLog (the JIT's inline loads and
// stores to plain memory, and load/store handlers that did not branch).
enum class RecordShape : uint8_t { kAny, kDataProcessing, kDataAccess };
inline constexpr unsigned kRecordShapeCount = 3;

// A timing model as the run loop drives it. cpu/timed_loops.cpp instantiates the loop for each core
// model's final class so that its retire() inlines (docs/timing.md "Speed").
class TimingHook {
 public:
  virtual ~TimingHook() = default;
  // Core cycles this instruction costs (>= 0): the advance of the issue point it causes.
  virtual Cycles retire(const RetireInfo& info) = 0;
  // Cycles the exception entry sequence costs beyond the stacking instructions (none are retired
  // for it). Default: nothing.
  virtual Cycles exception_entry() { return 0; }
  // The exception model just moved the PC (any exception entry, tail-chain or exception return);
  // the PC is that of the next instruction, which has not run. No cycles: a debugger's hook
  // (sim/gdb/debug_hook.h) looks for a breakpoint there and may ask the core to stop. Default:
  // nothing.
  virtual void exception_redirect() {}
  // Completes `info` at predecode with what this model derives from the static description alone
  // (InstrInfo::latency, model_flags), so retire() does not recompute it per execution.
  virtual void annotate(InstrInfo& /*info*/, OpClass /*op*/) const {}
  // Called by Cpu::run before each quantum (the platform clock may have moved while the core
  // slept). Default: nothing.
  virtual void begin_quantum() {}
};

}  // namespace corsim::cpu
