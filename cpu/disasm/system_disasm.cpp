#include "cpu/disasm/system_disasm.h"

#include <fmt/format.h>

namespace corsim::cpu::disasm {

namespace {

// Names as GNU objdump prints them for M-profile: APSR is "CPSR" (MSR: "CPSR_" + f for nzcvq and
// s for g), XPSR is "PSR"; the rest by their Arm ARM names.
std::string special_register_name(unsigned sysm, unsigned mask, bool is_msr) {
  if (sysm < 8) {
    static constexpr const char* kPsr[8] = {"CPSR", "IAPSR", "EAPSR", "PSR", "", "IPSR", "EPSR", "IEPSR"};
    std::string name = kPsr[sysm];
    if (is_msr && sysm == 0) {
      name += '_';
      if (mask & 2u) name += 'f';
      if (mask & 1u) name += 's';
    }
    return name.empty() ? fmt::format("<sysm {}>", sysm) : name;
  }
  const bool ns = (sysm & 0x80u) != 0;
  if ((sysm & 0x78u) == 0x20u) {  // PACBTI keys (cpu/decoder/t32_pacbti.inc); objdump 2.40 misnames them
    return fmt::format("PAC_KEY_{}_{}{}", (sysm & 4u) ? 'U' : 'P', sysm & 3u, ns ? "_NS" : "");
  }
  const char* base = nullptr;
  switch (sysm & 0x7Fu) {
    case 8: base = "MSP"; break;
    case 9: base = "PSP"; break;
    case 10: base = "MSPLIM"; break;
    case 11: base = "PSPLIM"; break;
    case 16: base = "PRIMASK"; break;
    case 17: base = "BASEPRI"; break;
    case 18: base = "BASEPRI_MAX"; break;
    case 19: base = "FAULTMASK"; break;
    case 20: base = "CONTROL"; break;
    case 24: base = "SP"; break;
    default: return fmt::format("<sysm {}>", sysm);
  }
  return ns ? fmt::format("{}_NS", base) : std::string(base);
}

// Option names as GNU objdump prints them (NSH is "un", NSHST "unst").
std::string barrier_option(unsigned option) {
  switch (option) {
    case 0xF: return "sy";
    case 0xE: return "st";
    case 0xD: return "ld";
    case 0xB: return "ish";
    case 0xA: return "ishst";
    case 0x9: return "ishld";
    case 0x7: return "un";
    case 0x6: return "unst";
    case 0x5: return "nshld";
    case 0x3: return "osh";
    case 0x2: return "oshst";
    case 0x1: return "oshld";
    default: return fmt::format("#{}", option);
  }
}

std::string reg_name(unsigned r) {
  static constexpr const char* kNames[16] = {"r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7",
                                             "r8", "r9", "sl", "fp", "ip", "sp", "lr", "pc"};
  return kNames[r & 15];
}

}  // namespace

std::optional<std::string> format_system_key(std::string_view key, const Operands& o) {
  if (key == "sysreg") return special_register_name(o.imm & 0xFF, 0, false);
  if (key == "msrreg") return special_register_name(o.imm & 0xFF, (o.imm >> 8) & 3u, true);
  if (key == "DMB") return "dmb " + barrier_option(o.imm & 0xF);
  if (key == "DSB") {
    // DSB #0 and #4 are the speculation barriers SSBB and PSSBB.
    if ((o.imm & 0xF) == 0) return std::string("ssbb");
    if ((o.imm & 0xF) == 4) return std::string("pssbb");
    if ((o.imm & 0xF) == 12) return std::string("dfb");
    return "dsb " + barrier_option(o.imm & 0xF);
  }
  if (key == "ISB") return (o.imm & 0xF) == 0xF ? std::string("isb sy") : fmt::format("isb #{}", o.imm & 0xF);
  if (key == "bkptimm") return fmt::format("0x{:04x}", o.imm);
  if (key == "CPS") {
    std::string flags;
    if (o.imm & 2u) flags += 'i';
    if (o.imm & 1u) flags += 'f';
    return fmt::format("cps{} {}", (o.flags & kAlt) ? "id" : "ie", flags);
  }
  if (key == "TT") {
    const char* name = (o.flags & kAlt) ? ((o.imm & 1u) ? "ttat" : "tta") : ((o.imm & 1u) ? "ttt" : "tt");
    return fmt::format("{} {}, {}", name, reg_name(o.rd), reg_name(o.rn));
  }
  if (key == "clrmlist") {
    std::string out = "{";
    for (unsigned r = 0; r < 16; ++r) {
      if (r == 13 || !(o.imm & (1u << r))) continue;
      if (out.size() > 1) out += ", ";
      out += r == 15 ? std::string("apsr") : reg_name(r);
    }
    return out + "}";
  }
  if (key == "hint16") {  // T16 hints: no PACBTI names
    const unsigned h = o.imm & 0xFF;
    return h == 0x05 ? std::string("sevl") : fmt::format("nop {{{}}}", h);
  }
  if (key == "hint") {
    const unsigned h = o.imm & 0xFF;
    // The PACBTI hints (13, 15, 29, 45) have their own rows: cpu/decoder/t32_pacbti.inc.
    if (h == 0x05) return std::string("sevl");
    if (h == 0x14) return std::string("csdb");
    if ((h & 0xF0) == 0xF0) return fmt::format("dbg #{}", h & 0xF);
    return fmt::format("nop {{{}}}", h);
  }
  return std::nullopt;
}

}  // namespace corsim::cpu::disasm
