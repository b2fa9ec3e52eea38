#pragma once
// The registers GDB sees and the target description that names them (GDB manual, "Target
// Descriptions" > "Standard Target Features" > "ARM Features"). One table gives each register's
// number in p/P/g/G packets, name, size and feature; the XML and the accessors are both made from
// it, so they cannot disagree.
//
// Features, as GDB's arm-tdep.c (arm_gdbarch_init) recognises them:
//   org.gnu.gdb.arm.m-profile      r0-r12, sp, lr, pc, xpsr (the M-profile core)
//   org.gnu.gdb.arm.vfp            d0-d15, fpscr; GDB derives s0-s31 from the D registers itself
//   org.gnu.gdb.arm.m-profile-mve  vpr; with it GDB makes q0-q7 as pseudo registers over d0-d15
//   org.gnu.gdb.arm.m-system       msp, psp (plus primask, basepri, faultmask, control: extra
//                                  registers are allowed in a feature and shown by GDB)
//   org.gnu.gdb.arm.secext         msp_ns, psp_ns, msp_s, psp_s (Security Extension banks)
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "cpu/arch_state.h"

namespace corsim::sim::gdb {

struct RegisterInfo {
  unsigned number;       // the remote protocol's register number
  const char* name;
  unsigned bits;         // 32 or 64
  const char* type;      // the target description's type
  const char* feature;
};

// The registers of a core with or without the FPU and MVE (cpu::CpuConfig).
std::vector<RegisterInfo> register_table(bool has_fpu, bool has_mve);
// The target description document (qXfer:features:read:target.xml).
std::string target_description_xml(bool has_fpu, bool has_mve);

// A register's value as the protocol sends it: little-endian bytes, 4 or 8 of them; nullopt for a
// number the table does not have.
std::optional<std::string> read_register(const cpu::ArchState& s, unsigned number);
// Writes `bytes` (little-endian, exactly the register's size) into the state. False: unknown
// register or wrong size. A write of xpsr changes APSR and EPSR (T, IT) but not IPSR: the
// exception being handled is not the debugger's to change.
bool write_register(cpu::ArchState& s, unsigned number, const std::string& bytes);

}  // namespace corsim::sim::gdb
