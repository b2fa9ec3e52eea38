#pragma once
// The static facts of a decoder row that the timing models key on, declared with the row, as
// gem5's ISA description gives each StaticInst its op class, its source and destination registers
// and its flags (IsCall, IsReturn, IsSerializing, ...): which of the row's register operands are
// written, its branch kind, the registers it uses without naming them, and its issue traits.
// Semantics never read them. cpu/decoder/instruction_info.cpp turns them and the operands into an
// InstrInfo; docs/timing.md "Register usage" says what each one costs.
//
// The register operands themselves are the row's disassembly template read at compile time
// (`OperandList`, from the keys of cpu/disasm/disasm.h): the template is how a row names its
// operands, once; the facts say what the instruction does with them.
#include <array>
#include <cstdint>
#include <string_view>

namespace corsim::cpu::decoder {

struct Facts {
  uint32_t bits = 0;
  constexpr Facts operator|(Facts o) const { return Facts{bits | o.bits}; }
  constexpr bool has(Facts f) const { return (bits & f.bits) != 0; }
  constexpr unsigned count(Facts set) const { return static_cast<unsigned>(__builtin_popcount(bits & set.bits)); }
};

// The facts a row may declare. Roles and branch kinds follow the Arm ARM (DDI 0553) Operation
// pseudocode of the instruction; the issue traits name the rule of a Cortex-M55/M85 optimisation
// guide or TRM that keys on them (docs/timing.md).
namespace fact {
// Register roles of the template's register operands: exactly one of no_dst, dst1, dst2 per row.
inline constexpr Facts no_dst{1u << 0};    // all are read: stores, compares, branches, hints
inline constexpr Facts dst1{1u << 1};      // the first is written, the others read
inline constexpr Facts dst2{1u << 2};      // the first two are written (RdLo/RdHi, Rt/Rt2)
inline constexpr Facts dst_read{1u << 3};  // the written ones are read too (accumulate, insert)
// Branch kind: a row of op class Branch declares exactly one of the first six.
inline constexpr Facts direct_branch{1u << 4};  // B, B<cond>, CBZ/CBNZ
inline constexpr Facts call{1u << 5};           // BL, BLX, BLXNS
inline constexpr Facts branch_to_rm{1u << 6};   // BX/BXNS Rm: a return when Rm = LR
inline constexpr Facts branch_to_rn{1u << 7};   // BXAUT Rt, Rn, Rm: a return when Rn = LR
inline constexpr Facts table_branch{1u << 8};   // TBB/TBH (indirect)
inline constexpr Facts no_target{1u << 9};      // control without a target (LCTP)
inline constexpr Facts loop_start{1u << 10};    // WLS/DLS and their tail-predicated forms
inline constexpr Facts loop_end{1u << 11};      // LE/LETP
// Registers the template does not name.
inline constexpr Facts sp_rw{1u << 12};            // reads and writes SP (PUSH/POP, [sp]... sp!)
inline constexpr Facts reads_sp{1u << 13};         // SP as a fixed source (ADD Rd, SP, #imm)
inline constexpr Facts writes_lr{1u << 14};        // the return address (BL, BLX)
inline constexpr Facts lr_rw{1u << 15};            // the loop count in LR (LE, WLS, DLS)
inline constexpr Facts reads_flags{1u << 16};      // APSR.NZCV as an input (ADC, SBC, RRX, MRS, CSEL)
inline constexpr Facts writes_flags{1u << 17};     // always sets NZCV (CMP, CMN, TST, TEQ)
inline constexpr Facts cond_is_it_mask{1u << 18};  // the cond field is IT's firstcond, no condition
inline constexpr Facts writes_status{1u << 19};    // writes VPR or FPSCR (VCMP, VPT, VPST, VCTP, VMSR)
inline constexpr Facts reads_status{1u << 20};     // reads VPR (VPNOT, VPSEL)
inline constexpr Facts list_written{1u << 21};     // the {list} registers are loaded, not stored
inline constexpr Facts vsys_read{1u << 22};        // the {vsys} register is read (VMRS), not written
// Issue traits.
inline constexpr Facts m55_pairable{1u << 23};  // 16-bit form the M55 may dual-issue with another
inline constexpr Facts f64{1u << 24};           // double precision (iterative on the M55/M85 FPU)
inline constexpr Facts f16{1u << 25};           // half precision
inline constexpr Facts chained_mac{1u << 26};   // unfused VMLA/VMLS/VNMLA/VNMLS
inline constexpr Facts long_mul{1u << 27};      // 64-bit result multiply
inline constexpr Facts single_issue{1u << 28};  // ends an M85 issue group (LDM/STM, TBB, exclusives, barriers)
inline constexpr Facts subword_load{1u << 29};  // LDRB/LDRH/LDRSB/LDRSH
inline constexpr Facts struct_mve{1u << 30};    // VLD2x/VLD4x/VST2x/VST4x, gathers and scatters

inline constexpr Facts kRoles = no_dst | dst1 | dst2;
inline constexpr Facts kBranchKinds = direct_branch | call | branch_to_rm | branch_to_rn | table_branch | no_target;
inline constexpr Facts kLoopKinds = loop_start | loop_end;
}  // namespace fact

// A register or memory operand of a disassembly template, in template order (cpu/disasm/disasm.h
// keys).
enum class Operand : uint8_t {
  Rd, Rn, Rm, Ra,           // {d} {n} {m} {a}: core registers Operands::rd/rn/rm/ra
  Vt, Vt2,                  // {vt}: Rt of a VMOV/VMRS (ra; 15 = APSR_nzcv); {vt2}: Rt2 (shift_n)
  Sd, Sn, Sm, Sm1,          // single-precision registers (Sm1: Sm + 1)
  Dd, Dn, Dm,               // double-precision registers
  Qd, Qn, Qm,               // vector registers
  Qd2, Qd4,                 // {Qd2}/{Qd4}: the two or four registers of VLD2x/VLD4x/VST2x/VST4x
  ZeroOrRm,                 // {zm}: Rm, or the zero register when Rm = 15
  Mem, Vmem, Mem16, Memx, Memr,  // [Rn...] addressing; Mem writes back unless offset, Vmem when W
  Qmem, QmemOffsets, QmemVectorBase,  // MVE [Rn, #imm], [Rn, Qm], [Qn, #imm]
  List, Writeback,          // {list} of core registers; {!}: Rn written back when W
  VldmS, VstmS, VldmD, VstmD,  // FP register ranges of VLDM/VSTM
  VclrS, VclrD,             // the FP register range VSCCLRM clears
  Vsys,                     // FPSCR/VPR of VMRS/VMSR
  Shift,                    // {sh}: a shift of the last register operand
};

struct OperandList {
  static constexpr unsigned kMax = 6;
  std::array<Operand, kMax> item{};
  uint8_t count = 0;
  constexpr const Operand* begin() const { return item.data(); }
  constexpr const Operand* end() const { return item.data() + count; }
};

namespace detail {
consteval bool operand_of_key(std::string_view key, Operand& out) {
  struct Key {
    std::string_view text;
    Operand operand;
  };
  constexpr Key kKeys[] = {
      {"d", Operand::Rd},        {"n", Operand::Rn},        {"m", Operand::Rm},          {"a", Operand::Ra},
      {"vt", Operand::Vt},       {"vt2", Operand::Vt2},     {"Sd", Operand::Sd},         {"Sn", Operand::Sn},
      {"Sm", Operand::Sm},       {"Sm1", Operand::Sm1},     {"Dd", Operand::Dd},         {"Dn", Operand::Dn},
      {"Dm", Operand::Dm},       {"Qd", Operand::Qd},       {"Qn", Operand::Qn},         {"Qm", Operand::Qm},
      {"Qd2", Operand::Qd2},     {"Qd4", Operand::Qd4},     {"zm", Operand::ZeroOrRm},   {"mem", Operand::Mem},
      {"vmem", Operand::Vmem},   {"mem16", Operand::Mem16}, {"memx", Operand::Memx},     {"memr", Operand::Memr},
      {"qmem", Operand::Qmem},   {"qmemo", Operand::QmemOffsets}, {"qmemq", Operand::QmemVectorBase},
      {"list", Operand::List},   {"!", Operand::Writeback}, {"VLDMS", Operand::VldmS},   {"VSTMS", Operand::VstmS},
      {"VLDMD", Operand::VldmD}, {"VSTMD", Operand::VstmD}, {"vclrS", Operand::VclrS},   {"vclrD", Operand::VclrD},
      {"vsys", Operand::Vsys},   {"sh", Operand::Shift},
  };
  for (const Key& k : kKeys) {
    if (k.text == key) {
      out = k.operand;
      return true;
    }
  }
  return false;  // a key without a register (condition, immediate, data type ...)
}
}  // namespace detail

// The register and memory operands of a template, in order. Malformed templates do not compile.
consteval OperandList operands_of_template(std::string_view format) {
  OperandList list;
  for (size_t i = 0; i < format.size(); ++i) {
    if (format[i] != '{') continue;
    const size_t close = format.find('}', i);
    if (close == std::string_view::npos) throw "disassembly template: '{' without '}'";
    Operand op{};
    if (detail::operand_of_key(format.substr(i + 1, close - i - 1), op)) {
      if (list.count == OperandList::kMax) throw "disassembly template: more operands than OperandList holds";
      list.item[list.count++] = op;
    }
    i = close;
  }
  return list;
}

// The checks every row's facts pass (Encoding's constructor calls it, so a row that breaks one
// does not compile): one register role; dst_read only with a destination; a row of op class Branch
// has one branch kind (a loop start or end counts as one), other rows none but a loop kind.
consteval void check_facts(Facts f, bool is_branch_class) {
  if (f.count(fact::kRoles) != 1) throw "decoder row: declare exactly one of fact::no_dst, dst1, dst2";
  if (f.has(fact::dst_read) && f.has(fact::no_dst)) throw "decoder row: fact::dst_read without a destination";
  if (f.count(fact::kLoopKinds) > 1) throw "decoder row: both fact::loop_start and loop_end";
  if (is_branch_class && f.count(fact::kBranchKinds | fact::kLoopKinds) != 1)
    throw "decoder row: op class Branch needs exactly one branch kind";
  if (!is_branch_class && f.count(fact::kBranchKinds) != 0)
    throw "decoder row: a branch kind on a row whose op class is not Branch";
}

}  // namespace corsim::cpu::decoder
