// The instructions the block JIT writes inline (cpu/jit/emitter.h). Each computes exactly what its
// handler in cpu/isa/ computes for the operand shapes accepted here (the rest are calls), with the
// ITSTATE the block has at that point, known when it is compiled (the 16-bit forms set the flags
// only outside an IT block, as Cpu::setflags). tests/cpu/jit_test.cpp runs every form against the
// interpreter on random states.
//
// x86 flags as Arm flags (Arm DDI 0553, "AddWithCarry()" and "Shift_C()"; Intel SDM vol. 2, ADD,
// SUB, ADC, SBB, SHL/SHR/SAR, ROR): after ADD/ADC, C = CF and V = OF; after SUB/SBB, C = NOT CF
// (Arm's carry is NOT borrow) and V = OF; SBB with CF = NOT C computes Rn + NOT(op2) + C. A shift
// by 1..31 leaves the last bit shifted out in CF, which is Shift_C's carry for LSL, LSR and ASR;
// ROR's carry is the result's bit 31, which is also what x86 ROR leaves in CF.
#include <array>
#include <cstddef>
#include <iterator>
#include <utility>

#include "base/bits.h"
#include "cpu/decoder/encoding.h"
#include "cpu/fast_forms.h"
#include "cpu/isa/branch.h"
#include "cpu/isa/data_processing.h"
#include "cpu/isa/load_store.h"
#include "cpu/jit/emitter.h"
#include "memory/target.h"

namespace corsim::cpu::jit {

using namespace Xbyak::util;
using Xbyak::CodeGenerator;

namespace {

// The handler of the table row the entry was decoded from (entries may hold a fast form instead,
// cpu/fast_forms.h, which computes the same).
decoder::ExecFn generic_handler(const PredecodeEntry& e) {
  const decoder::Encoding* row = table_row(e);
  return row != nullptr ? row->exec : nullptr;
}

template <AluOp... kOps>
constexpr bool one_of(AluOp op) {
  return ((op == kOps) || ...);
}

// exec_alu_reg<op> and exec_alu_imm<op> for every AluOp, indexed by the op.
constexpr unsigned kAluOps = static_cast<unsigned>(AluOp::Cmn) + 1;
template <unsigned... kOp>
constexpr std::array<decoder::ExecFn, kAluOps> alu_handlers(bool register_form, std::integer_sequence<unsigned, kOp...>) {
  if (register_form) return {&exec_alu_reg<static_cast<AluOp>(kOp)>...};
  return {&exec_alu_imm<static_cast<AluOp>(kOp)>...};
}
constexpr auto kAluReg = alu_handlers(true, std::make_integer_sequence<unsigned, kAluOps>{});
constexpr auto kAluImm = alu_handlers(false, std::make_integer_sequence<unsigned, kAluOps>{});

// The loads and stores with an immediate offset written inline: handler, bytes, sign-extended.
struct MemoryForm {
  decoder::ExecFn handler;
  unsigned bytes;
  bool sign;
  bool store;
};
constexpr MemoryForm kMemoryForms[] = {
    {&exec_load_imm<MemKind::Word>, 4, false, false},      {&exec_load_imm<MemKind::Half>, 2, false, false},
    {&exec_load_imm<MemKind::SignedHalf>, 2, true, false}, {&exec_load_imm<MemKind::Byte>, 1, false, false},
    {&exec_load_imm<MemKind::SignedByte>, 1, true, false}, {&exec_store_imm<MemKind::Word>, 4, false, true},
    {&exec_store_imm<MemKind::Half>, 2, false, true},      {&exec_store_imm<MemKind::Byte>, 1, false, true}};

// The index of `h` in `table`, or -1.
template <class Table, class Key>
int find(const Table& table, decoder::ExecFn h, Key key) {
  for (unsigned i = 0; i < std::size(table); ++i)
    if (key(table[i]) == h) return static_cast<int>(i);
  return -1;
}
int alu_index(decoder::ExecFn h, const std::array<decoder::ExecFn, kAluOps>& table) {
  return find(table, h, [](decoder::ExecFn f) { return f; });
}
const MemoryForm* memory_form(decoder::ExecFn h) {
  const int i = find(kMemoryForms, h, [](const MemoryForm& f) { return f.handler; });
  return i < 0 ? nullptr : &kMemoryForms[i];
}

}  // namespace

bool is_inline_form(decoder::ExecFn h) {
  return alu_index(h, kAluReg) >= 0 || alu_index(h, kAluImm) >= 0 || memory_form(h) != nullptr;
}

uint8_t Emitter::transfer_bytes(const PredecodeEntry& e) {
  const decoder::ExecFn h = generic_handler(e);
  if (h == &exec_LDRD || h == &exec_STRD) return 8;
  if (h == &exec_LDM || h == &exec_LDMDB || h == &exec_STM || h == &exec_STMDB)  // imm: the register list
    return static_cast<uint8_t>(4 * popcount32(e.ops.imm & 0xFFFFu));
  return 0;
}

bool Emitter::try_inline(const Insn& in) {
  const decoder::ExecFn h = generic_handler(*in.e);
  if (h == nullptr) return false;
  const Operands& o = in.e->ops;
  if (const int op = alu_index(h, kAluReg); op >= 0) return alu(in, static_cast<unsigned>(op), true);
  if (const int op = alu_index(h, kAluImm); op >= 0) return alu(in, static_cast<unsigned>(op), false);
  if (h == &exec_Bcond) return o.cond < 14 && branch(in, o.cond, false);
  if (h == &exec_B) return branch(in, 14, false);
  if (h == &exec_BL) return branch(in, 14, true);
  const MemoryForm* m = memory_form(h);
  if (m == nullptr || !plain_offset(o)) return false;
  return m->store ? store(in, m->bytes) : load(in, m->bytes, m->sign);
}

int Emitter::try_it(const Insn& in) {
  // IT inside an IT block raises UNDEFINED (exec_IT): left to the handler.
  if (generic_handler(*in.e) != &exec_IT || in.it_before != 0) return -1;
  const Operands& o = in.e->ops;
  const uint8_t itstate = static_cast<uint8_t>((o.cond << 4) | (o.imm & 0xFu));  // as exec_IT
  if (timed()) begin_timed();
  g_.mov(g_.byte[rbx + layout_.itstate], itstate);
  if (timed()) retire(in.record);
  return itstate;
}

// <op> (register) / (immediate): cpu/isa/data_processing.cpp alu(), exec_alu_reg, exec_alu_imm.
bool Emitter::alu(const Insn& in, unsigned op_index, bool register_form) {
  const Operands& o = in.e->ops;
  const AluOp op = static_cast<AluOp>(op_index);
  const bool arith = one_of<AluOp::Add, AluOp::Adc, AluOp::Sub, AluOp::Sbc, AluOp::Rsb, AluOp::Cmp, AluOp::Cmn>(op);
  const bool test = one_of<AluOp::Tst, AluOp::Teq, AluOp::Cmp, AluOp::Cmn>(op);
  const bool reads_rn = !one_of<AluOp::Mov, AluOp::Mvn>(op);
  // Cpu::setflags: the 16-bit forms set the flags only outside an IT block.
  const bool in_it_block = (in.it_before & 0x0F) != 0;
  const bool sets_flags = test || (o.flags & kSetFlags) != 0 || ((o.flags & kSetFlagsOutsideIt) != 0 && !in_it_block);
  // Left to the handler: writes to the PC (a branch) or SP (the stack limit check), reads of the
  // PC (its value is the instruction's address + 4), shifts other than by 1..31 (LSL #0 is none).
  if (!test && (o.rd == 15 || o.rd == 13)) return false;
  if (reads_rn && o.rn == 15) return false;
  const bool no_shift = o.shift_t == kLsl && o.shift_n == 0;
  if (register_form) {
    if (o.rm == 15) return false;
    if (!no_shift && (o.shift_t > kRor || o.shift_n < 1 || o.shift_n > 31)) return false;
  }
  // op2 in ecx; for a logical op that sets flags, the shifter carry in dl (or a constant).
  const bool logical_flags = sets_flags && !arith;
  bool carry_in_dl = false;
  int carry_const = -1;  // -1: C unchanged
  if (register_form) {
    g_.mov(ecx, reg(o.rm));
    if (!no_shift) {
      const uint8_t n = o.shift_n;
      switch (o.shift_t) {
        case kLsl: g_.shl(ecx, n); break;
        case kLsr: g_.shr(ecx, n); break;
        case kAsr: g_.sar(ecx, n); break;
        default: g_.ror(ecx, n); break;
      }
      if (logical_flags) {
        g_.setc(dl);
        carry_in_dl = true;
      }
    }
  } else {
    g_.mov(ecx, o.imm);
    if (logical_flags && (o.flags & kCarryValid)) carry_const = (o.flags & kCarry) ? 1 : 0;
  }
  if (reads_rn) g_.mov(eax, reg(o.rn));
  bool carry_is_not_cf = false;  // subtraction: Arm C = NOT x86 CF
  switch (op) {
    case AluOp::And: case AluOp::Tst: g_.and_(eax, ecx); break;
    case AluOp::Bic: g_.not_(ecx); g_.and_(eax, ecx); break;
    case AluOp::Orr: g_.or_(eax, ecx); break;
    case AluOp::Orn: g_.not_(ecx); g_.or_(eax, ecx); break;
    case AluOp::Eor: case AluOp::Teq: g_.xor_(eax, ecx); break;
    case AluOp::Mov: g_.mov(eax, ecx); break;
    case AluOp::Mvn: g_.mov(eax, ecx); g_.not_(eax); break;
    case AluOp::Add: case AluOp::Cmn: g_.add(eax, ecx); break;
    case AluOp::Adc:
      g_.movzx(r8d, flag(kC));
      g_.bt(r8d, 0);  // CF = APSR.C
      g_.adc(eax, ecx);
      break;
    case AluOp::Sub: case AluOp::Cmp: g_.sub(eax, ecx); carry_is_not_cf = true; break;
    case AluOp::Sbc:
      g_.movzx(r8d, flag(kC));
      g_.xor_(r8d, 1);
      g_.bt(r8d, 0);  // CF = NOT APSR.C: the borrow
      g_.sbb(eax, ecx);
      carry_is_not_cf = true;
      break;
    case AluOp::Rsb: g_.sub(ecx, eax); g_.mov(eax, ecx); carry_is_not_cf = true; break;
  }
  if (sets_flags) {
    if (arith) {
      g_.sets(flag(kN));
      g_.setz(flag(kZ));
      if (carry_is_not_cf) g_.setnc(flag(kC));
      else g_.setc(flag(kC));
      g_.seto(flag(kV));
    } else {
      g_.test(eax, eax);
      g_.sets(flag(kN));
      g_.setz(flag(kZ));
      if (carry_in_dl) g_.mov(flag(kC), dl);
      if (carry_const >= 0) g_.mov(flag(kC), carry_const);
    }
  }
  if (!test) g_.mov(reg(o.rd), eax);
  if (timed()) retire(in.record, RecordShape::kDataProcessing);  // never the PC or SP (above)
  return true;
}

void Emitter::memory_access(const Insn& in, unsigned bytes, bool write, const std::function<void()>& access) {
  const Operands& o = in.e->ops;
  Xbyak::Label& slow = labels_.emplace_back();
  Xbyak::Label& resume = labels_.emplace_back();
  g_.mov(esi, reg(o.rn));
  if (o.imm != 0) g_.add(esi, o.imm);
  // Aligned accesses never cross a page; unaligned ones (and the UNALIGN_TRP check) take the
  // handler, as do pages that are not plain memory (Cpu::read / Cpu::write, the facade).
  if (bytes > 1) {
    g_.test(esi, bytes - 1);
    g_.jnz(slow, CodeGenerator::T_NEAR);
  }
  g_.mov(eax, esi);
  g_.shr(eax, memory::kPageBits);
  g_.mov(rcx, g_.qword[(write ? r14 : r13) + rax * 8]);
  g_.test(rcx, rcx);
  g_.jz(slow, CodeGenerator::T_NEAR);
  if (timed()) g_.mov(edi, esi);  // the access's address (RetireSite::access_bytes)
  g_.and_(esi, memory::kPageSize - 1);
  access();
  if (timed()) retire(in.record, RecordShape::kDataAccess, true, InlineAccess{static_cast<uint8_t>(bytes), write});
  g_.L(resume);
  cold_.push_back([this, in, &slow, &resume] {
    g_.L(slow);
    call(in, true);  // (rare: memory that is not plain, an unaligned access)
    // A load or store to a register other than the PC does not branch.
    g_.cmp(field(layout_.pending), 0);
    g_.jne(exit(in), CodeGenerator::T_NEAR);
    if (!in.last) {
      g_.cmp(g_.byte[r15], 0);
      g_.jne(exit(in), CodeGenerator::T_NEAR);
    }
    g_.jmp(resume, CodeGenerator::T_NEAR);
  });
}

// What MemoryLog::add(edi, bytes, write) leaves in the log begin_timed cleared: the one access,
// its bytes, any_read for a load. Clobbers rax.
void Emitter::log_access(InlineAccess a) {
  static_assert(offsetof(MemAccess, addr) == 0 && offsetof(MemAccess, size) == 4 && offsetof(MemAccess, write) == 6 &&
                sizeof(MemAccess) == 8 && sizeof(MemAccess::size) == 2 && sizeof(MemAccess::write) == 1);
  const int32_t access = layout_.mem_log + static_cast<int32_t>(offsetof(MemoryLog, access));
  g_.mov(g_.dword[rbx + access], edi);
  g_.mov(g_.dword[rbx + access + 4], a.bytes | (a.write ? 1u << 16 : 0u));  // size, write (and the padding byte)
  // count = 1, any_read, dropped = false, bytes (Cpu::jit_layout checks the layout)
  g_.mov(rax, 1u | (a.write ? 0u : 1u << 8) | uint64_t{a.bytes} << 32);
  g_.mov(g_.qword[rbx + layout_.mem_log + offsetof(MemoryLog, count)], rax);
}

// LDR{,H,SH,B,SB} Rt, [Rn, #+imm]: cpu/fast_forms.cpp load_offset.
bool Emitter::load(const Insn& in, unsigned bytes, bool sign) {
  memory_access(in, bytes, false, [&] {
    if (bytes == 4) g_.mov(eax, g_.dword[rcx + rsi]);
    if (bytes == 2 && sign) g_.movsx(eax, g_.word[rcx + rsi]);
    if (bytes == 2 && !sign) g_.movzx(eax, g_.word[rcx + rsi]);
    if (bytes == 1 && sign) g_.movsx(eax, g_.byte[rcx + rsi]);
    if (bytes == 1 && !sign) g_.movzx(eax, g_.byte[rcx + rsi]);
    g_.mov(reg(in.e->ops.rd), eax);
  });
  return true;
}

// STR{,H,B} Rt, [Rn, #+imm]: cpu/fast_forms.cpp store_offset.
bool Emitter::store(const Insn& in, unsigned bytes) {
  memory_access(in, bytes, true, [&] {
    g_.mov(edx, reg(in.e->ops.rd));
    if (bytes == 4) g_.mov(g_.dword[rcx + rsi], edx);
    if (bytes == 2) g_.mov(g_.word[rcx + rsi], dx);
    if (bytes == 1) g_.mov(g_.byte[rcx + rsi], dl);
  });
  return true;
}

// ConditionHolds (Arm DDI 0553, "Conditional execution"), the flags being 0/1 bytes.
void Emitter::condition(unsigned cond) {
  const unsigned base = cond >> 1;
  switch (base) {
    case 0: g_.mov(al, flag(kZ)); break;  // EQ
    case 1: g_.mov(al, flag(kC)); break;  // CS
    case 2: g_.mov(al, flag(kN)); break;  // MI
    case 3: g_.mov(al, flag(kV)); break;  // VS
    case 4: g_.mov(al, flag(kZ)); g_.xor_(al, 1); g_.and_(al, flag(kC)); break;  // HI: C && !Z
    case 5: g_.mov(al, flag(kN)); g_.xor_(al, flag(kV)); g_.xor_(al, 1); break;  // GE: N == V
    case 6: g_.mov(al, flag(kN)); g_.xor_(al, flag(kV)); g_.or_(al, flag(kZ)); g_.xor_(al, 1); break;  // GT
    default: g_.mov(al, 1); break;  // AL
  }
  if ((cond & 1) && cond != 15) g_.xor_(al, 1);  // the odd conditions negate the even ones
}

// B<cond> / B / BL with an immediate offset (cpu/isa/branch.cpp): the block's last instruction.
// Timed, each path retires it with what branch_write_pc leaves (taken, and the next PC).
bool Emitter::branch(const Insn& in, unsigned cond, bool link) {
  const uint32_t target = in.pc + 4 + in.e->ops.imm;
  // A branch to itself sets pending work (Cpu::branch_write_pc: `b .` in a fault handler).
  if (!in.last || target == in.pc) return false;
  if (timed()) begin_timed();
  if (link) g_.mov(reg(14), in.fallthrough | 1u);
  if (cond < 14) {
    Xbyak::Label& taken = labels_.emplace_back();
    condition(cond);
    g_.test(al, al);
    g_.jnz(taken, CodeGenerator::T_NEAR);
    if (timed()) retire(in.record);
    end_block(in, in.fallthrough);
    g_.L(taken);
  }
  if (timed()) retire(record(in, true, true, target));
  end_block(in, target);
  return true;
}

}  // namespace corsim::cpu::jit
