// Sorting the decoder-table rows into the differential test's classes (classes.h).
#include "tests/cpu_diff/host/classes.h"

#include <string_view>

#include "cpu/decoder/decoder.h"

namespace corsim::cpu_diff {
namespace {

using cpu::OpClass;

bool starts_with_any(std::string_view s, std::initializer_list<std::string_view> prefixes) {
  for (auto p : prefixes)
    if (s.substr(0, p.size()) == p) return true;
  return false;
}

std::string lower(std::string_view s) {
  std::string r(s);
  for (char& c : r) c = (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
  return r;
}

std::string_view op_class_name(OpClass op) {
  switch (op) {
    case OpClass::MveLogic: return "MveLogic";
    case OpClass::MveInt: return "MveInt";
    case OpClass::MveIntSat: return "MveIntSat";
    case OpClass::MveMul: return "MveMul";
    case OpClass::MveReduce: return "MveReduce";
    case OpClass::MveMac: return "MveMac";
    case OpClass::MveFpAdd: return "MveFpAdd";
    case OpClass::MveFpMul: return "MveFpMul";
    case OpClass::MveFpFma: return "MveFpFma";
    case OpClass::MveCvt: return "MveCvt";
    case OpClass::MveCompare: return "MveCompare";
    case OpClass::MvePredicate: return "MvePredicate";
    case OpClass::MveLoad: return "MveLoad";
    case OpClass::MveStore: return "MveStore";
    case OpClass::MveTransfer: return "MveTransfer";
    default: return "other";
  }
}

// The class of a row, or "" with `reason` set when the row is left out.
std::string class_of(const cpu::decoder::Encoding& e, std::string& reason) {
  const std::string_view n = e.name;
  if (starts_with_any(n, {"IT "})) { reason = "IT opens a block over the slot's return branch"; return ""; }
  switch (e.op) {
    case OpClass::System: reason = "system/privileged/sleep/SVC/BKPT: state outside the compared set"; return "";
    case OpClass::Branch: reason = "branch: control leaves the code slot"; return "";
    case OpClass::Nop: reason = "hint (NOP/YIELD/PLD/PLI): no architectural effect to compare"; return "";
    default: break;
  }
  if (starts_with_any(n, {"LDREX", "STREX", "LDAEX", "STLEX", "CLREX"})) {
    reason = "exclusive: QEMU's STREX is a compare-and-swap, the monitor outcome differs by design";
    return "";
  }
  if (n.find("(System Register)") != std::string_view::npos) {
    // VLDR/VSTR of FPSCR, FPSCR_nzcvqc, VPR, P0, FPCXT_NS/FPCXT_S: like VMRS/VMSR (System op class)
    // they move special registers: FPCXT reads/writes depend on the Secure FP context state
    // (CONTROL.SFPA, FPCCR, FPDSCR), and QEMU 7.2 keeps VPR bits [31:24], which the Arm ARM makes
    // RES0 (VLDR VPR of 0x6a4a1714 reads back 0x6a4a1714 on QEMU, 0x004a1714 on corsim).
    reason = "special-register load/store (FPCXT Secure context state; QEMU keeps VPR RES0 bits)";
    return "";
  }
  if (starts_with_any(n, {"PAC", "AUT", "BTI", "BXAUT", "MRS (PAC key)", "MSR (PAC key)"})) {
    // QEMU 7.2 has no M-profile PACBTI (its Cortex-M55 runs the hint forms as NOPs and the others
    // as UNDEFINED), so it cannot be the reference for the Cortex-M85's behaviour;
    // tests/cpu/pacbti_*_test.cpp checks these rows against the pseudocode instead.
    reason = "PACBTI (Cortex-M85 extension): QEMU 7.2 implements none of it";
    return "";
  }
  if (starts_with_any(n, {"VLLDM", "VLSTM", "VSCCLRM"})) {
    reason = "Secure-state FP context instruction (lazy state, CONTROL.SFPA)";
    return "";
  }
  switch (e.op) {
    case OpClass::IntAlu:
      return starts_with_any(n, {"LSL", "LSR", "ASR", "ROR", "RRX"}) ? "int-shift" : "int-alu";
    case OpClass::IntMul: return "int-mul";
    case OpClass::IntDiv: return "int-div";
    case OpClass::Dsp: return "dsp";
    case OpClass::Load: return "load";
    case OpClass::Store: return "store";
    case OpClass::LoadMultiple:
    case OpClass::StoreMultiple: return "ldst-multiple";
    case OpClass::FpAlu:
    case OpClass::FpMul:
    case OpClass::FpDiv:
      if (starts_with_any(n, {"VCVT", "VRINT"})) return "vfp-convert";
      if (starts_with_any(n, {"VMOV", "VMRS", "VMSR", "VINS", "VSEL"})) return "vfp-move";
      return "vfp-arith";
    case OpClass::FpLoadStore: return "vfp-ldst";
    case OpClass::LongShift: return "mve-longshift";
    default: break;
  }
  return "mve-" + lower(op_class_name(e.op).substr(3));
}

bool is_memory(OpClass op) {
  return op == OpClass::Load || op == OpClass::Store || op == OpClass::LoadMultiple ||
         op == OpClass::StoreMultiple || op == OpClass::FpLoadStore || op == OpClass::MveLoad ||
         op == OpClass::MveStore;
}

}  // namespace

Classes build_classes() {
  Classes out;
  auto add = [&](std::span<const cpu::decoder::Encoding> table, bool t32) {
    for (const auto& e : table) {
      std::string reason;
      const std::string cls = class_of(e, reason);
      if (cls.empty()) {
        out.excluded.push_back({std::string(e.name), reason});
        continue;
      }
      ClassRows& c = out.by_name[cls];
      c.name = cls;
      c.rows.push_back({&e, t32});
      c.memory = c.memory || is_memory(e.op);
      c.mve = cls.rfind("mve-", 0) == 0;
      c.core_regs = !c.mve && cls.rfind("vfp-", 0) != 0;
    }
  };
  add(cpu::decoder::t16_table(), false);
  add(cpu::decoder::t32_table(), true);
  return out;
}

}  // namespace corsim::cpu_diff
