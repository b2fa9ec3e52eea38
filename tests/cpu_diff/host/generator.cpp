// Random valid cases of one class (generator.h).
#include "tests/cpu_diff/host/generator.h"

#include "cpu/decoder/decoder.h"

namespace corsim::cpu_diff {
namespace {

constexpr uint32_t kVpst = 0xFE710F4Du;  // VPST with mask 1000: predicates the next instruction
constexpr uint32_t kVorrQ0 = 0xEF200150u;  // VORR q0, q0, q0: fills a VPT block, changes nothing
constexpr int kDrawsPerCase = 4000;

void put16(std::array<uint8_t, DIFF_SLOT_SIZE>& s, unsigned at, uint32_t hw) {
  s[at] = static_cast<uint8_t>(hw);
  s[at + 1] = static_cast<uint8_t>(hw >> 8);
}
void put_insn(std::array<uint8_t, DIFF_SLOT_SIZE>& s, unsigned at, uint32_t insn, bool t32) {
  if (t32) {
    put16(s, at, insn >> 16);
    put16(s, at + 2, insn & 0xFFFF);
  } else {
    put16(s, at, insn);
  }
}

bool is_sp_or_pc(unsigned r) { return r == 13 || r == 15; }

}  // namespace

uint32_t encode_b_w(uint32_t from, uint32_t to) {
  const int32_t off = static_cast<int32_t>(to - (from + 4));
  const uint32_t imm = static_cast<uint32_t>(off) >> 1;
  const uint32_t s = (static_cast<uint32_t>(off) >> 24) & 1u;
  const uint32_t i1 = (imm >> 22) & 1u, i2 = (imm >> 21) & 1u;
  const uint32_t j1 = (~(i1 ^ s)) & 1u, j2 = (~(i2 ^ s)) & 1u;
  const uint32_t hw1 = 0xF000u | (s << 10) | ((imm >> 11) & 0x3FFu);
  const uint32_t hw2 = 0x9000u | (j1 << 13) | (j2 << 11) | (imm & 0x7FFu);
  return hw1 << 16 | hw2;
}

void build_slot(GeneratedCase& g, uint32_t slot_addr) {
  g.slot.fill(0);
  for (unsigned i = 0; i < DIFF_SLOT_SIZE; i += 2) put16(g.slot, i, 0xBF00);  // NOP
  unsigned at = 0;
  if (g.prefix > 0xFFFF) {
    put_insn(g.slot, 0, g.prefix, true);
    at = 4;
  } else if (g.prefix != 0) {
    put16(g.slot, 0, g.prefix);
    at = 2;
  }
  g.insn_offset = static_cast<uint8_t>(at);
  put_insn(g.slot, at, g.insn, g.t32);
  at += g.t32 ? 4 : 2;
  g.insn_end = static_cast<uint8_t>(at);
  if (g.vpt_under_test)
    for (int i = 0; i < 4; ++i, at += 4) put_insn(g.slot, at, kVorrQ0, true);
  g.return_at = static_cast<uint8_t>(at);
  put_insn(g.slot, at, encode_b_w(slot_addr + at, DIFF_IMAGE_ADDR + DIFF_TRAMPOLINE_OFFSET), true);
}

// The seed is hashed first: splitmix64 streams of nearby raw states overlap (seed 3 and seed 7
// would draw the same cases a few draws apart).
Generator::Generator(uint64_t seed) : rng_(0) {
  uint64_t z = seed + 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  rng_ = z ^ (z >> 31);
}

uint64_t Generator::next() {  // splitmix64
  uint64_t z = (rng_ += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

bool Generator::make(const ClassRows& cls, uint32_t slot_addr, GeneratedCase& out, GeneratorStats& st) {
  for (int draw = 0; draw < kDrawsPerCase; ++draw) {
    ++st.drawn;
    const Row& row = cls.rows[below(static_cast<uint32_t>(cls.rows.size()))];
    const auto& p = row.encoding->pattern;
    const uint32_t width_mask = row.t32 ? 0xFFFFFFFFu : 0xFFFFu;
    const uint32_t insn = (p.match | (static_cast<uint32_t>(next()) & ~p.mask)) & width_mask;
    const auto d = cpu::decoder::decode(insn, row.t32);
    if (d.encoding != row.encoding) { ++st.wrong_row; continue; }
    const cpu::Operands& o = d.ops;
    if (cls.core_regs && (is_sp_or_pc(o.rd) || is_sp_or_pc(o.rn) || is_sp_or_pc(o.rm) || is_sp_or_pc(o.ra))) {
      ++st.bad_regs;
      continue;
    }
    // LDM/STM (T32) of fewer than two registers is CONSTRAINED UNPREDICTABLE: QEMU raises
    // UNDEFINED, corsim transfers the one register; both are permitted, so such lists are not drawn.
    const bool list_op = row.encoding->op == cpu::OpClass::LoadMultiple || row.encoding->op == cpu::OpClass::StoreMultiple;
    if (cls.core_regs && list_op && row.t32 && __builtin_popcount(o.imm & 0xFFFFu) < 2) {
      ++st.bad_regs;
      continue;
    }
    // Writeback onto a transferred register is UNPREDICTABLE (LDR/STR/LDRD/STRD, LDM/STM).
    const bool list = row.encoding->op == cpu::OpClass::LoadMultiple || row.encoding->op == cpu::OpClass::StoreMultiple;
    if (cls.core_regs && (o.flags & cpu::kWback) &&
        (list ? ((o.imm >> o.rn) & 1u) != 0 : (o.rn == o.rd || o.rn == o.ra))) {
      ++st.bad_regs;
      continue;
    }
    GeneratedCase g;
    g.insn = insn;
    g.t32 = row.t32;
    g.row = row.encoding;
    const bool vector_mve = cls.mve && row.encoding->op != cpu::OpClass::LongShift;
    const std::string_view name = row.encoding->name;
    g.vpt_under_test = vector_mve && (name.substr(0, 3) == "VPT" || name.substr(0, 4) == "VPST");
    if (vector_mve) {
      if (below(4) == 0 && !g.vpt_under_test) g.prefix = kVpst;
    } else if (below(4) == 0) {
      g.prefix = 0xBF08u | (below(15) << 4);  // IT <cond>, one instruction
    }
    build_slot(g, slot_addr);
    // A few states per encoding before drawing another encoding.
    for (int attempt = 0; attempt < 6; ++attempt) {
      g.c = DiffCase{};
      g.c.seed = static_cast<uint32_t>(next());
      if (cls.memory) {
        g.c.mode = below(2) ? DIFF_MODE_SMALL_Q : 0;
        const uint32_t off = o.imm < 0x1000 ? o.imm : 0;
        uint32_t base;
        switch (below(3)) {
          case 0: base = DIFF_SANDBOX_ADDR + below(256); break;
          case 1: base = DIFF_SANDBOX_ADDR + 128 - off; break;
          default: base = DIFF_SANDBOX_ADDR + 128 + off; break;
        }
        if (below(4) != 0) base &= ~3u;
        if (o.rn != 13 && o.rn != 15) {
          g.c.over_reg[g.c.n_over] = o.rn;
          g.c.over_val[g.c.n_over++] = base;
        }
        if (o.rm != o.rn && (o.rm < 13 || o.rm == 14) && below(4) != 0) {
          g.c.over_reg[g.c.n_over] = o.rm;
          g.c.over_val[g.c.n_over++] = below(4) == 0 ? -below(64) : below(64);
        }
      }
      DiffState in;
      diff_make_state(&g.c, &in);
      const Verdict v = screen_.check(g.slot.data(), slot_addr, slot_addr + g.return_at, in);
      if (v == Verdict::Keep || v == Verdict::KeepFault) {
        g.faults = v == Verdict::KeepFault;
        ++st.kept_per_row[std::string(name)];
        out = g;
        return true;
      }
      if (v == Verdict::LeftSlot) { ++st.left_slot; break; }
      if (v == Verdict::OtherFault) { ++st.other_fault; break; }
      ++st.outside;
      if (!cls.memory) break;
    }
  }
  return false;
}

}  // namespace corsim::cpu_diff
