#include "sim/gdb/registers.h"

#include <cstring>

#include <fmt/format.h>

#include "cpu/exceptions/stack_pointers.h"

namespace corsim::sim::gdb {

namespace {

constexpr const char* kCore = "org.gnu.gdb.arm.m-profile";
constexpr const char* kVfp = "org.gnu.gdb.arm.vfp";
constexpr const char* kMve = "org.gnu.gdb.arm.m-profile-mve";
constexpr const char* kSystem = "org.gnu.gdb.arm.m-system";
constexpr const char* kSecext = "org.gnu.gdb.arm.secext";

// Register numbers (the order of the table; g/G packets carry them in this order).
enum : unsigned {
  kR0 = 0, kSp = 13, kLr = 14, kPc = 15, kXpsr = 16,
  kD0 = 17, kFpscr = kD0 + 16, kVpr, kMsp, kPsp, kPrimask, kBasepri, kFaultmask, kControl,
  kMspNs, kPspNs, kMspS, kPspS, kCount
};

constexpr const char* kCoreNames[16] = {"r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7",
                                        "r8", "r9", "r10", "r11", "r12", "sp", "lr", "pc"};
constexpr const char* kDNames[16] = {"d0", "d1", "d2", "d3", "d4", "d5", "d6", "d7",
                                     "d8", "d9", "d10", "d11", "d12", "d13", "d14", "d15"};

std::string le32(uint32_t v) {
  std::string out(4, '\0');
  std::memcpy(out.data(), &v, 4);
  return out;
}
uint32_t from_le32(const std::string& b) {
  uint32_t v;
  std::memcpy(&v, b.data(), 4);
  return v;
}

}  // namespace

std::vector<RegisterInfo> register_table(bool has_fpu, bool has_mve) {
  std::vector<RegisterInfo> t;
  for (unsigned i = 0; i < 16; ++i) {
    const char* type = i == kSp ? "data_ptr" : i == kPc ? "code_ptr" : "uint32";
    t.push_back({i, kCoreNames[i], 32, type, kCore});
  }
  t.push_back({kXpsr, "xpsr", 32, "uint32", kCore});
  if (has_fpu || has_mve) {
    for (unsigned i = 0; i < 16; ++i) t.push_back({kD0 + i, kDNames[i], 64, "ieee_double", kVfp});
    t.push_back({kFpscr, "fpscr", 32, "uint32", kVfp});
  }
  if (has_mve) t.push_back({kVpr, "vpr", 32, "uint32", kMve});
  t.push_back({kMsp, "msp", 32, "data_ptr", kSystem});
  t.push_back({kPsp, "psp", 32, "data_ptr", kSystem});
  t.push_back({kPrimask, "primask", 32, "uint32", kSystem});
  t.push_back({kBasepri, "basepri", 32, "uint32", kSystem});
  t.push_back({kFaultmask, "faultmask", 32, "uint32", kSystem});
  t.push_back({kControl, "control", 32, "uint32", kSystem});
  t.push_back({kMspNs, "msp_ns", 32, "data_ptr", kSecext});
  t.push_back({kPspNs, "psp_ns", 32, "data_ptr", kSecext});
  t.push_back({kMspS, "msp_s", 32, "data_ptr", kSecext});
  t.push_back({kPspS, "psp_s", 32, "data_ptr", kSecext});
  return t;
}

std::string target_description_xml(bool has_fpu, bool has_mve) {
  std::string xml =
      "<?xml version=\"1.0\"?>\n<!DOCTYPE target SYSTEM \"gdb-target.dtd\">\n<target version=\"1.0\">\n"
      "<architecture>arm</architecture>\n";
  const char* open = nullptr;
  for (const RegisterInfo& r : register_table(has_fpu, has_mve)) {
    if (open == nullptr || std::strcmp(open, r.feature) != 0) {
      if (open != nullptr) xml += "</feature>\n";
      xml += fmt::format("<feature name=\"{}\">\n", r.feature);
      open = r.feature;
    }
    xml += fmt::format("<reg name=\"{}\" bitsize=\"{}\" regnum=\"{}\" type=\"{}\"{}/>\n", r.name, r.bits, r.number,
                       r.type, std::strcmp(r.feature, kCore) == 0 ? "" : " group=\"system\"");
  }
  xml += "</feature>\n</target>\n";
  return xml;
}

std::optional<std::string> read_register(const cpu::ArchState& s, unsigned n) {
  const unsigned b = s.sec();
  if (n < 16) return le32(s.r[n]);
  if (n >= kD0 && n < kD0 + 16) {
    const unsigned d = n - kD0;
    return le32(s.ext[2 * d]) + le32(s.ext[2 * d + 1]);
  }
  switch (n) {
    case kXpsr: return le32(s.xpsr());
    case kFpscr: return le32(s.fpscr);
    case kVpr: return le32(s.vpr);
    // MSP and PSP of the current security state (B3.x "Stack pointer"); r[13] holds the live one.
    case kMsp: return le32(cpu::read_sp(s, false, s.secure));
    case kPsp: return le32(cpu::read_sp(s, true, s.secure));
    case kPrimask: return le32(s.primask[b]);
    case kBasepri: return le32(s.basepri[b]);
    case kFaultmask: return le32(s.faultmask[b]);
    case kControl: return le32(s.control[b]);
    case kMspNs: return le32(cpu::read_sp(s, false, false));
    case kPspNs: return le32(cpu::read_sp(s, true, false));
    case kMspS: return le32(cpu::read_sp(s, false, true));
    case kPspS: return le32(cpu::read_sp(s, true, true));
    default: return std::nullopt;
  }
}

bool write_register(cpu::ArchState& s, unsigned n, const std::string& bytes) {
  const bool wide = n >= kD0 && n < kD0 + 16;
  if (n >= kCount || bytes.size() != (wide ? 8u : 4u)) return false;
  if (wide) {
    const unsigned d = n - kD0;
    s.ext[2 * d] = from_le32(bytes.substr(0, 4));
    s.ext[2 * d + 1] = from_le32(bytes.substr(4, 4));
    return true;
  }
  const uint32_t v = from_le32(bytes);
  const unsigned b = s.sec();
  if (n == kPc) {
    s.r[15] = v & ~1u;
    return true;
  }
  if (n < 16) {
    s.r[n] = n == kSp ? v & ~3u : v;  // SP[1:0] are RES0
    return true;
  }
  switch (n) {
    case kXpsr:  // APSR and EPSR (T, IT); IPSR is the mode and stays as it is
      s.set_apsr_nzcvq(v);
      s.ge = static_cast<uint8_t>(v >> 16 & 0xF);
      s.t = (v >> 24 & 1) != 0;
      s.itstate = static_cast<uint8_t>((v >> 25 & 0x3) | (v >> 10 & 0x3F) << 2);
      return true;
    case kFpscr: s.fpscr = v; return true;
    case kVpr: s.vpr = v; return true;
    case kMsp: cpu::write_sp(s, false, s.secure, v & ~3u); return true;
    case kPsp: cpu::write_sp(s, true, s.secure, v & ~3u); return true;
    case kPrimask: s.primask[b] = v & 1u; return true;
    case kBasepri: s.basepri[b] = v & 0xFFu; return true;
    case kFaultmask: s.faultmask[b] = v & 1u; return true;
    case kControl:
      // SPSEL selects which slot r[13] stands for: park the live SP, switch, load the other.
      cpu::save_active_sp(s);
      s.control[b] = v;
      cpu::load_active_sp(s);
      s.forget_fp_check();
      return true;
    case kMspNs: cpu::write_sp(s, false, false, v & ~3u); return true;
    case kPspNs: cpu::write_sp(s, true, false, v & ~3u); return true;
    case kMspS: cpu::write_sp(s, false, true, v & ~3u); return true;
    case kPspS: cpu::write_sp(s, true, true, v & ~3u); return true;
    default: return false;
  }
}

}  // namespace corsim::sim::gdb
