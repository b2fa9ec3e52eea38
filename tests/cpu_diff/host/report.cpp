// Mismatch descriptions (report.h).
#include "tests/cpu_diff/host/report.h"

#include <fmt/format.h>

#include "cpu/disasm/disasm.h"

namespace corsim::cpu_diff {

std::string field_name(unsigned w) {
  if (w < 13) return fmt::format("r{}", w);
  switch (w) {
    case DIFF_LR: return "lr";
    case DIFF_APSR: return "apsr";
    case DIFF_FPSCR: return "fpscr";
    case DIFF_VPR: return "vpr";
    case DIFF_FAULT: return "fault";
    default: break;
  }
  if (w >= DIFF_Q && w < DIFF_MEM) {
    const unsigned s = w - DIFF_Q;
    return fmt::format("s{} (q{}[{}])", s, s / 4, s % 4);
  }
  return fmt::format("mem+0x{:02x}", (w - DIFF_MEM) * 4);
}

std::string describe_case(const std::string& cls, const GeneratedCase& g, uint32_t slot_addr) {
  std::string prefix = "none";
  if (g.prefix > 0xFFFF) prefix = "VPST (T: predicated by P0)";
  else if (g.prefix != 0) prefix = fmt::format("IT {:x} (cond {:x})", g.prefix, (g.prefix >> 4) & 0xF);
  const uint32_t pc = slot_addr + g.insn_offset;
  const uint8_t it = (g.prefix != 0 && g.prefix <= 0xFFFF) ? static_cast<uint8_t>(g.prefix & 0xFF) : 0;
  return fmt::format("[{}] {}: {} {}  ({}; IT/VPT prefix: {}; seed {:#x}, mode {})", cls,
                     g.row ? g.row->name : "?", g.t32 ? fmt::format("{:08x}", g.insn) : fmt::format("{:04x}", g.insn),
                     cpu::disasm::disassemble(g.insn, g.t32, pc, it),
                     g.faults ? "faults on corsim" : "completes on corsim", prefix, g.c.seed, g.c.mode);
}

std::string describe_difference(const DiffState& in, const DiffState& q, const DiffState& c) {
  std::string s = fmt::format("    {:<16} {:>10} {:>10} {:>10}\n", "field", "initial", "qemu", "corsim");
  for (unsigned w = 0; w < DIFF_STATE_WORDS; ++w)
    if (q.w[w] != c.w[w])
      s += fmt::format("    {:<16} {:08x}   {:08x}   {:08x}\n", field_name(w), in.w[w], q.w[w], c.w[w]);
  s += "    initial r0-r12 lr apsr fpscr vpr:";
  for (unsigned w = 0; w <= DIFF_VPR; ++w) s += fmt::format(" {:08x}", in.w[w]);
  s += "\n    initial q0-q7:";
  for (unsigned w = DIFF_Q; w < DIFF_MEM; ++w) s += fmt::format("{}{:08x}", (w - DIFF_Q) % 4 ? "" : " ", in.w[w]);
  s += "\n";
  return s;
}

}  // namespace corsim::cpu_diff
