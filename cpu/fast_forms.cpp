#include "cpu/fast_forms.h"

#include <array>

#include "cpu/cpu.h"
#include "cpu/isa/branch.h"
#include "cpu/isa/data_processing.h"
#include "cpu/isa/load_store.h"
#include "cpu/isa/pseudocode.h"

namespace corsim::cpu {

namespace {

// B<cond> with its condition fixed at predecode (ConditionHolds folds to one or two flag tests).
template <unsigned kCond>
void branch_if(Cpu& cpu, const Operands& o) {
  const ArchState& s = cpu.state();
  if (ConditionHolds(kCond, s.n, s.z, s.c, s.v)) cpu.branch_write_pc(s.r[15] + 4 + o.imm);
}

template <unsigned... kConds>
constexpr std::array<decoder::ExecFn, sizeof...(kConds)> branch_table(std::integer_sequence<unsigned, kConds...>) {
  return {&branch_if<kConds>...};
}
// Conditions 0-13 (EQ..LE); AL and the unconditional 0b1111 are not B<cond> encodings.
constexpr auto kBranchIf = branch_table(std::make_integer_sequence<unsigned, 14>{});

// CMP Rn, #imm with Rn not the PC: AddWithCarry(R[n], NOT(imm), 1) into NZCV.
void compare_imm(Cpu& cpu, const Operands& o) {
  ArchState& s = cpu.state();
  const ResultCarryOverflow a = AddWithCarry(s.r[o.rn], ~o.imm, true);
  s.n = (a.result >> 31) != 0;
  s.z = a.result == 0;
  s.c = a.carry;
  s.v = a.overflow;
}

// MOV Rd, Rm without shift or flags, neither register the PC or (as destination) SP.
void move_reg(Cpu& cpu, const Operands& o) {
  ArchState& s = cpu.state();
  s.r[o.rd] = s.r[o.rm];
}

// LDR{B,H,SB,SH} Rt, [Rn, #+imm]: offset addressing, no writeback, neither register the PC.
template <unsigned kBytes, bool kSigned>
void load_offset(Cpu& cpu, const Operands& o) {
  ArchState& s = cpu.state();
  uint32_t v = cpu.read<kBytes>(s.r[o.rn] + o.imm);
  if (cpu.faulted()) return;
  if constexpr (kSigned && kBytes == 1) v = static_cast<uint32_t>(static_cast<int8_t>(v));
  if constexpr (kSigned && kBytes == 2) v = static_cast<uint32_t>(static_cast<int16_t>(v));
  s.r[o.rd] = v;
}

// STR{B,H} Rt, [Rn, #+imm]: offset addressing, no writeback, neither register the PC.
template <unsigned kBytes>
void store_offset(Cpu& cpu, const Operands& o) {
  const ArchState& s = cpu.state();
  cpu.write<kBytes>(s.r[o.rn] + o.imm, s.r[o.rd]);
}

constexpr uint8_t kAnyFlags = kSetFlags | kSetFlagsOutsideIt;

}  // namespace

decoder::ExecFn fast_form(decoder::ExecFn exec, const Operands& o) {
  if (exec == &exec_Bcond) return o.cond < kBranchIf.size() ? kBranchIf[o.cond] : exec;
  if (exec == &exec_alu_imm<AluOp::Cmp>) return o.rn != 15 ? &compare_imm : exec;
  if (exec == &exec_alu_reg<AluOp::Mov>) {
    const bool plain = o.shift_t == kLsl && o.shift_n == 0 && (o.flags & kAnyFlags) == 0;
    return plain && o.rd != 15 && o.rd != 13 && o.rm != 15 ? &move_reg : exec;
  }
  if (!plain_offset(o)) return exec;
  if (exec == &exec_load_imm<MemKind::Word>) return &load_offset<4, false>;
  if (exec == &exec_load_imm<MemKind::Half>) return &load_offset<2, false>;
  if (exec == &exec_load_imm<MemKind::SignedHalf>) return &load_offset<2, true>;
  if (exec == &exec_load_imm<MemKind::Byte>) return &load_offset<1, false>;
  if (exec == &exec_load_imm<MemKind::SignedByte>) return &load_offset<1, true>;
  if (exec == &exec_store_imm<MemKind::Word>) return &store_offset<4>;
  if (exec == &exec_store_imm<MemKind::Half>) return &store_offset<2>;
  if (exec == &exec_store_imm<MemKind::Byte>) return &store_offset<1>;
  return exec;
}

}  // namespace corsim::cpu
