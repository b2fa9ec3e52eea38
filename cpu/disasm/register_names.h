#pragma once
// Names the disassembler prints, as GNU objdump 2.40 spells them (arm-dis.c: r10-r12 are sl, fp,
// ip; the condition codes of the Arm ARM's "Conditional execution" table, AL and 0b1111 printing
// nothing as a suffix). One copy for every disassembly file of this folder.
#include <array>
#include <string_view>

namespace corsim::cpu::disasm {

inline constexpr std::array<std::string_view, 16> kCoreRegisterNames = {
    "r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "sl", "fp", "ip", "sp", "lr", "pc"};
inline constexpr std::array<std::string_view, 16> kConditionNames = {
    "eq", "ne", "cs", "cc", "mi", "pl", "vs", "vc", "hi", "ls", "ge", "lt", "gt", "le", "", ""};

}  // namespace corsim::cpu::disasm
