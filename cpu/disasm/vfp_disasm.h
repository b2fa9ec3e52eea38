#pragma once
// Disassembly keys of the floating-point rows (cpu/decoder/vfp.inc), called by the core
// formatter (cpu/disasm/disasm.cpp) for keys it does not know. objdump (GNU) spelling:
//   {Sd} {Sn} {Sm} {Sm1}   S registers rd rn rm rm+1;  {Dd} {Dn} {Dm}  D registers
//   {vt} {vt2}             core registers ra / shift_n (APSR_nzcv for VMRS with Rt = 15)
//   {vcc}                  VSEL condition;  {ve} "e" for VCMPE;  {vbt} "b"/"t" for VCVTB/VCVTT
//   {vrm}                  a/n/p/m of VRINT/VCVT with a directed rounding;  {vist} s32/u32
//   {vfx}                  s16/u16/s32/u32 of the fixed-point VCVT;  {vsys}  VMRS/VMSR register
//   {vmem}                 [Rn, #+/-imm];  {VLDMS} {VLDMD} {VSTMS} {VSTMD}  whole VLDM/VSTM/VPUSH/VPOP
//   {vclrS} {vclrD}        VSCCLRM register list
#include <optional>
#include <string>
#include <string_view>

#include "cpu/decoder/operands.h"

namespace corsim::cpu::disasm {

std::optional<std::string> format_vfp_key(std::string_view key, const Operands& o);

}  // namespace corsim::cpu::disasm
