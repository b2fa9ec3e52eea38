// The register-usage derivation corsim used before the decoder rows declared their timing facts
// (cpu/decoder/row_facts.h): it read each row's name and disassembly template. Kept only so that
// register_facts_equivalence_test.cpp can prove the declared facts give the same InstrInfo for
// every row. Not used by the simulator.
#include "tests/timing/legacy_instruction_info.h"

#include "cpu/timing/instruction_info.h"

#include <bit>
#include <initializer_list>
#include <string_view>

namespace corsim::cpu::timing::legacy {

namespace {

bool starts(std::string_view s, std::initializer_list<std::string_view> prefixes) {
  for (std::string_view p : prefixes) {
    if (s.substr(0, p.size()) == p) return true;
  }
  return false;
}

bool contains(std::string_view s, std::string_view part) { return s.find(part) != std::string_view::npos; }

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

  bool pc_written = false;

 private:
  InstrInfo& info_;
};

enum class Role : uint8_t { Dest, Source };

// Rows with no destination register among their template keys.
bool no_destination(std::string_view name, OpClass op) {
  if (op == OpClass::Store || op == OpClass::StoreMultiple || op == OpClass::MveStore || op == OpClass::Branch)
    return !starts(name, {"STREX", "STLEX"});
  return starts(name, {"CMP", "CMN", "TST", "TEQ", "VCMP", "VPT", "VSTR", "VSTM", "VPUSH", "VST", "IT", "MSR",
                       "VMSR", "PLD", "PLI", "BKPT", "SVC", "UDF", "CPS", "NOP", "YIELD", "WFI", "WFE", "SEV",
                       "DMB", "DSB", "ISB", "CLREX", "CLRM", "VSCCLRM", "VPST", "VCTP", "LCTP", "SG", "MCR",
                       "VLLDM", "VLSTM", "AUTG"});  // AUTG Rt, Rn, Rm reads all three (PACBTI)
}

// Rows whose destination is also read (accumulators, insert, merge).
bool destination_is_source(std::string_view name) {
  return starts(name, {"MLA", "MLS", "SMLA", "SMLS", "UMLAL", "SMLAL", "UMAAL", "SMMLA", "SMMLS", "USADA8", "BFI",
                       "BFC", "MOVT", "VMLA", "VMLS", "VNMLA", "VNMLS", "VFMA", "VFMS", "VFNMA", "VFNMS",
                       "VMOV (core register to scalar)", "VMOV (general-purpose register to vector lane)",
                       "VINS", "VMOVX",
                       // MVE scalar accumulators ({d}/{a} = RdaLo/RdaHi): VABAV and VMAXV/VMINV
                       // (and their A/NM forms) read Rda too.
                       "VMLADAVA", "VMLALDAVA", "VMLSDAVA", "VMLSLDAVA", "VRMLALDAVHA", "VRMLSLDAVHA",
                       "VADDVA", "VADDLVA", "VABAV", "VMAXV", "VMINV", "VMAXAV", "VMINAV", "VMAXNMV",
                       "VMINNMV", "VMAXNMAV", "VMINNMAV"});
}

// Rows with two destinations: the second register key is written too.
bool two_destinations(std::string_view name) {
  return starts(name, {"UMULL", "SMULL", "UMLAL", "SMLAL", "UMAAL", "LDRD", "LDREXD", "LDAEXD", "VMOV (between two",
                       "VMOV (two", "LDRD (literal)", "VMLALDAV", "VMLSLDAV", "VRMLALDAVH", "VRMLSLDAVH",
                       "VADDLV"});
}

BranchKind branch_kind(std::string_view name, const Operands& o, bool pc_written, OpClass op) {
  if (starts(name, {"LE ", "LETP"})) return BranchKind::LoopEnd;
  if (starts(name, {"WLS", "DLS"})) return BranchKind::LoopStart;
  if (op == OpClass::Branch) {
    if (starts(name, {"BL"})) return BranchKind::Call;  // BL, BLX (register), BLXNS
    if (starts(name, {"BXAUT"})) return o.rn == 14 ? BranchKind::Return : BranchKind::Indirect;  // target Rn
    if (starts(name, {"BX"})) return o.rm == 14 ? BranchKind::Return : BranchKind::Indirect;
    if (starts(name, {"TBB", "TBH"})) return BranchKind::Indirect;
    if (starts(name, {"B ", "CBZ", "CBNZ"})) return BranchKind::Direct;
    return BranchKind::None;  // LCTP and other control rows without a target
  }
  if (!pc_written) return BranchKind::None;
  if (op == OpClass::LoadMultiple || op == OpClass::Load) return o.rn == 13 ? BranchKind::Return : BranchKind::Indirect;
  return o.rm == 14 ? BranchKind::Return : BranchKind::Indirect;
}

uint16_t traits_of(std::string_view name, std::string_view fmt, const Operands& o, OpClass op, bool t32) {
  uint16_t t = 0;
  if (!t32) {
    t |= kTraitT16;
    // [LLVM-M55]: a T16 pair may dual-issue when one of them is a NOP, IT, branch, ADD/SUB
    // immediate, extend or MOV immediate/register.
    if (starts(name, {"NOP", "IT", "B T", "ADD (immediate)", "SUB (immediate)", "UXTB", "UXTH", "SXTB", "SXTH",
                      "MOV (immediate)", "MOV (register)"}))
      t |= kTraitM55Pairable;
  }
  if (contains(fmt, "{sh}") && o.shift_n != 0 && (op == OpClass::IntAlu || op == OpClass::Dsp)) t |= kTraitShiftedOperand;
  if (contains(name, "F64") || contains(fmt, ".f64")) t |= kTraitDouble;
  if (contains(name, "F16") || contains(fmt, ".f16")) t |= kTraitHalf;
  if (op == OpClass::FpMul && starts(name, {"VMLA", "VMLS", "VNMLA", "VNMLS"})) t |= kTraitChainedMac;
  if (starts(name, {"UMULL", "SMULL", "UMLAL", "SMLAL", "UMAAL", "SMLSLD"})) t |= kTraitLongMul;
  if (op == OpClass::LoadMultiple || op == OpClass::StoreMultiple ||
      starts(name, {"TBB", "TBH", "LDREX", "STREX", "LDA", "STL", "MRS", "MSR", "DMB", "DSB", "ISB", "SVC", "BKPT",
                    "CLREX", "CLRM", "PUSH", "POP"}))
    t |= kTraitSingleIssue;
  if (op == OpClass::Load && starts(name, {"LDRB", "LDRH", "LDRSB", "LDRSH", "LDRBT", "LDRHT"})) t |= kTraitSubwordLoad;
  if ((op == OpClass::MveLoad || op == OpClass::MveStore) &&
      (starts(name, {"VLD2", "VLD4", "VST2", "VST4"}) || contains(name, "gather") || contains(name, "scatter") ||
       contains(name, "offset") || contains(name, "vector plus")))
    t |= kTraitStructMve;
  return t;
}

}  // namespace

InstrInfo describe_instruction_by_name(const decoder::Encoding* row, const Operands& o, bool t32) {
  InstrInfo info;
  if (row == nullptr) {
    if (!t32) info.traits = kTraitT16;
    return info;
  }
  const std::string_view name = row->name, fmt = row->format;
  const OpClass op = row->op;
  Builder b(info);
  const bool load_like = op == OpClass::Load || op == OpClass::LoadMultiple || op == OpClass::MveLoad ||
                         (op == OpClass::FpLoadStore && starts(name, {"VLDR", "VLDM", "VPOP", "FLDM"}));
  bool dest_taken = no_destination(name, op);
  const bool second_dest = two_destinations(name);
  const bool dest_read = destination_is_source(name);
  unsigned dest_keys_left = dest_taken ? 0 : (second_dest ? 2 : 1);
  bool saw_n = false;
  unsigned first_dest_gpr = 16;

  // One register key: destination while destinations are left, else a source.
  auto reg_key = [&](auto&& mark) {
    if (dest_keys_left > 0) {
      --dest_keys_left;
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
  const bool wback_mem = !(o.flags & kIndex) || (o.flags & kWback);

  for (size_t i = 0; i < fmt.size(); ++i) {
    if (fmt[i] != '{') continue;
    const size_t close = fmt.find('}', i);
    if (close == std::string_view::npos) break;
    const std::string_view key = fmt.substr(i + 1, close - i - 1);
    i = close;
    if (key == "d") reg_key(gpr(o.rd));
    else if (key == "n") { saw_n = true; reg_key(gpr(o.rn)); }
    else if (key == "m") reg_key(gpr(o.rm));
    else if (key == "a") reg_key(gpr(o.ra));
    else if (key == "vt") { if (o.ra == 15) reg_key([&](bool w) { w ? b.write_flags() : b.read_flags(); }); else reg_key(gpr(o.ra)); }
    else if (key == "vt2") reg_key(gpr(o.shift_n));
    else if (key == "Sd") reg_key([&](bool w) { b.ext_s(o.rd, w); });
    else if (key == "Sn") reg_key([&](bool w) { b.ext_s(o.rn, w); });
    else if (key == "Sm") reg_key([&](bool w) { b.ext_s(o.rm, w); });
    else if (key == "Sm1") reg_key([&](bool w) { b.ext_s(o.rm + 1u, w); });
    else if (key == "Dd") reg_key([&](bool w) { b.ext(o.rd, w); });
    else if (key == "Dn") reg_key([&](bool w) { b.ext(o.rn, w); });
    else if (key == "Dm") reg_key([&](bool w) { b.ext(o.rm, w); });
    else if (key == "Qd2" || key == "Qd4") {  // VLD2x/VLD4x/VST2x/VST4x register lists
      const unsigned n = key == "Qd2" ? 2 : 4;
      reg_key([&](bool w) { for (unsigned k = 0; k < n; ++k) b.ext_q((o.rd + k) & 7u, w); });
    } else if ((key.size() == 2 && key[0] == 'Q') || (key.size() == 3 && key[0] == 'i' && key[1] == 'Q')) {
      // {Qd} {Qn} {Qm} {Qa}; the integer rows spell them {iQd} {iQn} {iQm} (before the one row dialect).
      const char f = key.back();
      const unsigned q = f == 'd' ? o.rd : f == 'n' ? o.rn : f == 'm' ? o.rm : o.ra;
      reg_key([&](bool w) { b.ext_q(q & 7u, w); });
    } else if (key == "iR") {
      reg_key(gpr(o.ra));
    } else if (key == "zm") {
      if (o.rm != 15) reg_key(gpr(o.rm));
    } else if (key == "qmem") {  // [Rn, #imm]{!} / [Rn], #imm
      b.read_gpr(o.rn);
      if (!(o.flags & kIndex) || (o.flags & kWback)) {
        b.write_gpr(o.rn);
        info.writeback_base = o.rn < 15 ? o.rn : kNoReg;
      }
    } else if (key == "qmemo") {  // [Rn, Qm{, uxtw #n}]: gather/scatter offsets
      b.read_gpr(o.rn);
      b.ext_q(o.rm & 7u, false);
    } else if (key == "qmemq") {  // [Qn, #imm]{!}: vector of bases
      b.ext_q(o.rn & 7u, false);
      if (o.flags & kWback) b.ext_q(o.rn & 7u, true);
    } else if (key == "R" || key == "Rd" || key == "Rda" || key == "Rn" || key == "Rm") {
      // MVE templates may name core registers this way (Rda accumulators of reductions).
      const unsigned r = key == "Rn" ? o.rn : key == "Rm" ? o.rm : o.rd;
      reg_key(gpr(r));
      if (key == "Rda") b.read_gpr(r);
    } else if (key == "mem" || key == "vmem") {
      b.read_gpr(o.rn);
      if ((key == "mem" && wback_mem) || (key == "vmem" && (o.flags & kWback))) {
        b.write_gpr(o.rn);
        info.writeback_base = o.rn < 15 ? o.rn : kNoReg;
      }
    } else if (key == "mem16" || key == "memx") {
      b.read_gpr(o.rn);
    } else if (key == "memr") {
      b.read_gpr(o.rn);
      b.read_gpr(o.rm);
    } else if (key == "list") {
      for (unsigned r = 0; r < 16; ++r) {
        if (!(o.imm & (1u << r))) continue;
        if (load_like) b.write_gpr(r);
        else b.read_gpr(r);
      }
    } else if (key == "!") {
      if (o.flags & kWback) {
        b.write_gpr(o.rn);
        info.writeback_base = o.rn < 15 ? o.rn : kNoReg;
      }
    } else if (key == "VLDMS" || key == "VSTMS" || key == "VLDMD" || key == "VSTMD") {
      const bool single = key.back() == 'S', load = key[1] == 'L';
      b.read_gpr(o.rn);
      if (o.flags & kWback) b.write_gpr(o.rn);
      for (unsigned k = 0; k < o.imm && k < 32; ++k) {
        if (single) b.ext_s(o.rd + k, load);
        else b.ext(o.rd + k, load);
      }
    } else if (key == "vclrS" || key == "vclrD") {
      for (unsigned k = 0; k < o.imm && k < 32; ++k) {
        if (key == "vclrS") b.ext_s(o.rd + k, true);
        else b.ext(o.rd + k, true);
      }
    } else if (key == "vsys") {
      (starts(name, {"VMRS"}) ? info.regs.ext_read : info.regs.ext_write) |= kExtStatusBit;
    }
  }

  // Implicit registers.
  if (starts(name, {"PUSH", "POP", "VPUSH", "VPOP"}) || contains(fmt, " sp!") || contains(fmt, "[sp")) {
    b.read_gpr(13);
    b.write_gpr(13);
  }
  if (contains(fmt, ", sp,") || contains(fmt, ", sp, ")) b.read_gpr(13);
  if (starts(name, {"BL"})) b.write_gpr(14);
  if (starts(name, {"LE", "WLS", "DLS"})) {
    b.read_gpr(14);
    b.write_gpr(14);
  }
  // T16 two-operand forms encode Rdn once ({d}, with Operands::rn = rd): the destination is read.
  if (!saw_n && !t32 && first_dest_gpr < 15 && o.rn == first_dest_gpr &&
      (op == OpClass::IntAlu || op == OpClass::IntMul))
    b.read_gpr(first_dest_gpr);

  // Flags.
  if (o.flags & (kSetFlags | kSetFlagsOutsideIt)) b.write_flags();
  if (starts(name, {"CMP", "CMN", "TST", "TEQ"})) b.write_flags();
  if ((o.cond < 14 && !starts(name, {"IT"})) || starts(name, {"ADC", "SBC", "RRX", "MRS"}) || contains(fmt, "{CSEL}"))
    b.read_flags();
  if (starts(name, {"VCMP", "VPT", "VPST", "VCTP", "VPNOT", "VMSR"})) info.regs.ext_write |= kExtStatusBit;
  if (starts(name, {"VPNOT", "VPSEL"})) info.regs.ext_read |= kExtStatusBit;

  info.branch = branch_kind(name, o, b.pc_written, op);
  info.traits = traits_of(name, fmt, o, op, t32);
  compact_lists(info);
  return info;
}

}  // namespace corsim::cpu::timing::legacy
