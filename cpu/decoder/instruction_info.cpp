// Register usage, branch kind and traits of an instruction from its table row (see the header).
//
// The rule: the row's register operands (Encoding::operands, in template order) are walked; the
// first one (fact::dst1) or two (fact::dst2) are written, and read too with fact::dst_read, the
// others are read. Memory operands read the base (and write it back when the addressing mode
// does), register lists are read by stores and written by loads (fact::list_written). Registers a
// row uses without naming them, its branch kind and its issue traits are its declared facts
// (cpu/decoder/row_facts.h). A mistake here costs timing accuracy, never semantics.
#include "cpu/decoder/instruction_info.h"

#include <bit>

namespace corsim::cpu::decoder {

namespace {

class Builder {
 public:
  explicit Builder(InstrInfo& info) : info_(info) {}

  void read_gpr(unsigned r) {
    if (r < 15) info_.regs.gpr_read |= static_cast<uint16_t>(1u << r);
  }
  void write_gpr(unsigned r) {
    if (r < 15) info_.regs.gpr_write |= static_cast<uint16_t>(1u << r);
    else pc_written = true;
  }
  void read_flags() { info_.regs.gpr_read |= 1u << kFlagsBit; }
  void write_flags() { info_.regs.gpr_write |= 1u << kFlagsBit; }
  // D register d (0-15) of the FP/vector file; higher numbers do not exist on M-profile.
  void ext(unsigned d, bool write) {
    if (d >= 16) return;
    (write ? info_.regs.ext_write : info_.regs.ext_read) |= 1u << d;
  }
  void ext_s(unsigned s, bool write) { ext(s / 2, write); }
  void ext_q(unsigned q, bool write) {
    ext(2 * q, write);
    ext(2 * q + 1, write);
  }
  void writeback(unsigned rn) {
    write_gpr(rn);
    info_.writeback_base = rn < 15 ? static_cast<uint8_t>(rn) : kNoReg;
  }

  bool pc_written = false;

 private:
  InstrInfo& info_;
};

BranchKind branch_kind(Facts f, const Operands& o, bool pc_written, OpClass op) {
  if (f.has(fact::loop_end)) return BranchKind::LoopEnd;
  if (f.has(fact::loop_start)) return BranchKind::LoopStart;
  if (op == OpClass::Branch) {
    if (f.has(fact::call)) return BranchKind::Call;
    if (f.has(fact::branch_to_rn)) return o.rn == 14 ? BranchKind::Return : BranchKind::Indirect;
    if (f.has(fact::branch_to_rm)) return o.rm == 14 ? BranchKind::Return : BranchKind::Indirect;
    if (f.has(fact::table_branch)) return BranchKind::Indirect;
    if (f.has(fact::direct_branch)) return BranchKind::Direct;
    return BranchKind::None;  // fact::no_target
  }
  if (!pc_written) return BranchKind::None;
  if (op == OpClass::LoadMultiple || op == OpClass::Load) return o.rn == 13 ? BranchKind::Return : BranchKind::Indirect;
  return o.rm == 14 ? BranchKind::Return : BranchKind::Indirect;
}

uint16_t traits_of(Facts f, bool has_shift, const Operands& o, OpClass op, bool t32) {
  uint16_t t = 0;
  if (!t32) {
    t |= kTraitT16;
    if (f.has(fact::m55_pairable)) t |= kTraitM55Pairable;
  }
  if (has_shift && o.shift_n != 0 && (op == OpClass::IntAlu || op == OpClass::Dsp)) t |= kTraitShiftedOperand;
  if (f.has(fact::f64)) t |= kTraitDouble;
  if (f.has(fact::f16)) t |= kTraitHalf;
  if (f.has(fact::chained_mac)) t |= kTraitChainedMac;
  if (f.has(fact::long_mul)) t |= kTraitLongMul;
  if (f.has(fact::single_issue)) t |= kTraitSingleIssue;
  if (f.has(fact::subword_load)) t |= kTraitSubwordLoad;
  if (f.has(fact::struct_mve)) t |= kTraitStructMve;
  return t;
}

}  // namespace

void compact_lists(InstrInfo& info) {
  const RegUsage& u = info.regs;
  const auto count = [](uint32_t gpr, uint32_t ext) { return std::popcount(gpr) + std::popcount(ext); };
  if (count(u.gpr_read, u.ext_read) > static_cast<int>(InstrInfo::kMaxSrc) ||
      count(u.gpr_write, u.ext_write) > static_cast<int>(InstrInfo::kMaxDst))
    return;
  const auto fill = [](uint8_t* list, uint32_t gpr, uint32_t ext) {
    unsigned n = 0;
    for (uint32_t m = gpr; m; m &= m - 1) list[n++] = static_cast<uint8_t>(std::countr_zero(m));
    for (uint32_t m = ext; m; m &= m - 1) list[n++] = static_cast<uint8_t>(kExtSlot + std::countr_zero(m));
  };
  fill(info.src, u.gpr_read, u.ext_read);
  fill(info.dst, u.gpr_write, u.ext_write);
  info.traits |= kTraitCompactRegs;
  if (count(u.gpr_read, u.ext_read) > 3 || count(u.gpr_write, u.ext_write) > 2) info.traits |= kTraitWideRegs;
}

InstrInfo describe_instruction(const Encoding* row, const Operands& o, bool t32) {
  InstrInfo info;
  if (row == nullptr) {
    if (!t32) info.traits = kTraitT16;
    return info;
  }
  const Facts f = row->facts;
  const OpClass op = row->op;
  Builder b(info);
  const bool dest_read = f.has(fact::dst_read);
  unsigned dest_left = f.has(fact::dst2) ? 2 : f.has(fact::dst1) ? 1 : 0;
  bool saw_n = false, has_shift = false;
  unsigned first_dest_gpr = 16;

  // One register operand: a destination while destinations are left, else a source.
  auto role = [&](auto&& mark) {
    if (dest_left > 0) {
      --dest_left;
      mark(true);
      if (dest_read) mark(false);
    } else {
      mark(false);
    }
  };
  auto gpr = [&](unsigned r) {
    return [&b, r, &first_dest_gpr](bool write) {
      if (write) {
        b.write_gpr(r);
        if (first_dest_gpr == 16) first_dest_gpr = r;
      } else {
        b.read_gpr(r);
      }
    };
  };
  const bool post_or_wback = !(o.flags & kIndex) || (o.flags & kWback);

  for (const Operand operand : row->operands) {
    switch (operand) {
      case Operand::Rd: role(gpr(o.rd)); break;
      case Operand::Rn: saw_n = true; role(gpr(o.rn)); break;
      case Operand::Rm: role(gpr(o.rm)); break;
      case Operand::Ra: role(gpr(o.ra)); break;
      case Operand::Vt:  // Rt = 15 is APSR_nzcv (VMRS APSR_nzcv, FPSCR)
        if (o.ra == 15) role([&](bool w) { w ? b.write_flags() : b.read_flags(); });
        else role(gpr(o.ra));
        break;
      case Operand::Vt2: role(gpr(o.shift_n)); break;
      case Operand::Sd: role([&](bool w) { b.ext_s(o.rd, w); }); break;
      case Operand::Sn: role([&](bool w) { b.ext_s(o.rn, w); }); break;
      case Operand::Sm: role([&](bool w) { b.ext_s(o.rm, w); }); break;
      case Operand::Sm1: role([&](bool w) { b.ext_s(o.rm + 1u, w); }); break;
      case Operand::Dd: role([&](bool w) { b.ext(o.rd, w); }); break;
      case Operand::Dn: role([&](bool w) { b.ext(o.rn, w); }); break;
      case Operand::Dm: role([&](bool w) { b.ext(o.rm, w); }); break;
      case Operand::Qd: role([&](bool w) { b.ext_q(o.rd & 7u, w); }); break;
      case Operand::Qn: role([&](bool w) { b.ext_q(o.rn & 7u, w); }); break;
      case Operand::Qm: role([&](bool w) { b.ext_q(o.rm & 7u, w); }); break;
      case Operand::Qd2:
      case Operand::Qd4: {
        const unsigned n = operand == Operand::Qd2 ? 2 : 4;
        role([&](bool w) { for (unsigned k = 0; k < n; ++k) b.ext_q((o.rd + k) & 7u, w); });
        break;
      }
      case Operand::ZeroOrRm:
        if (o.rm != 15) role(gpr(o.rm));
        break;
      case Operand::Qmem:  // [Rn, #imm]{!} / [Rn], #imm
        b.read_gpr(o.rn);
        if (post_or_wback) b.writeback(o.rn);
        break;
      case Operand::QmemOffsets:  // [Rn, Qm{, uxtw #n}]
        b.read_gpr(o.rn);
        b.ext_q(o.rm & 7u, false);
        break;
      case Operand::QmemVectorBase:  // [Qn, #imm]{!}
        b.ext_q(o.rn & 7u, false);
        if (o.flags & kWback) b.ext_q(o.rn & 7u, true);
        break;
      case Operand::Mem:
        b.read_gpr(o.rn);
        if (post_or_wback) b.writeback(o.rn);
        break;
      case Operand::Vmem:
        b.read_gpr(o.rn);
        if (o.flags & kWback) b.writeback(o.rn);
        break;
      case Operand::Mem16:
      case Operand::Memx: b.read_gpr(o.rn); break;
      case Operand::Memr:
        b.read_gpr(o.rn);
        b.read_gpr(o.rm);
        break;
      case Operand::List:
        for (unsigned r = 0; r < 16; ++r) {
          if (!(o.imm & (1u << r))) continue;
          if (f.has(fact::list_written)) b.write_gpr(r);
          else b.read_gpr(r);
        }
        break;
      case Operand::Writeback:
        if (o.flags & kWback) b.writeback(o.rn);
        break;
      case Operand::VldmS:
      case Operand::VstmS:
      case Operand::VldmD:
      case Operand::VstmD: {
        const bool single = operand == Operand::VldmS || operand == Operand::VstmS;
        const bool load = operand == Operand::VldmS || operand == Operand::VldmD;
        b.read_gpr(o.rn);
        if (o.flags & kWback) b.write_gpr(o.rn);
        for (unsigned k = 0; k < o.imm && k < 32; ++k) {
          if (single) b.ext_s(o.rd + k, load);
          else b.ext(o.rd + k, load);
        }
        break;
      }
      case Operand::VclrS:
      case Operand::VclrD:
        for (unsigned k = 0; k < o.imm && k < 32; ++k) {
          if (operand == Operand::VclrS) b.ext_s(o.rd + k, true);
          else b.ext(o.rd + k, true);
        }
        break;
      case Operand::Vsys: (f.has(fact::vsys_read) ? info.regs.ext_read : info.regs.ext_write) |= kExtStatusBit; break;
      case Operand::Shift: has_shift = true; break;
    }
  }

  // Registers the template does not name.
  if (f.has(fact::sp_rw)) {
    b.read_gpr(13);
    b.write_gpr(13);
  }
  if (f.has(fact::reads_sp)) b.read_gpr(13);
  if (f.has(fact::writes_lr)) b.write_gpr(14);
  if (f.has(fact::lr_rw)) {
    b.read_gpr(14);
    b.write_gpr(14);
  }
  // T16 two-operand forms encode Rdn once ({d}, with Operands::rn = rd): the destination is read.
  if (!saw_n && !t32 && first_dest_gpr < 15 && o.rn == first_dest_gpr &&
      (op == OpClass::IntAlu || op == OpClass::IntMul))
    b.read_gpr(first_dest_gpr);

  // Flags.
  if (o.flags & (kSetFlags | kSetFlagsOutsideIt)) b.write_flags();
  if (f.has(fact::writes_flags)) b.write_flags();
  if ((o.cond < 14 && !f.has(fact::cond_is_it_mask)) || f.has(fact::reads_flags)) b.read_flags();
  if (f.has(fact::writes_status)) info.regs.ext_write |= kExtStatusBit;
  if (f.has(fact::reads_status)) info.regs.ext_read |= kExtStatusBit;

  info.branch = branch_kind(f, o, b.pc_written, op);
  info.traits = traits_of(f, has_shift, o, op, t32);
  compact_lists(info);
  return info;
}

}  // namespace corsim::cpu::decoder
