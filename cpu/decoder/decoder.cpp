#include "cpu/decoder/decoder.h"

#include "cpu/cpu.h"

namespace corsim::cpu::decoder {

DecodeResult decode(uint32_t insn, bool t32) {
  const auto table = t32 ? t32_table() : t16_table();
  // First match in table order whose decode function accepts (as decodetree and dynarmic do). A linear
  // scan: this runs once per predecode miss.
  for (size_t i = 0; i < table.size(); ++i) {
    const Encoding& e = table[i];
    if (!e.pattern.matches(insn)) continue;
    const Fields f(insn, e.pattern);
    if (auto ops = e.decode(f)) return {&e, static_cast<uint16_t>(i), *ops};
  }
  return {};
}

void exec_UNDEFINED(Cpu& cpu, const Operands&) { cpu.raise(FaultKind::UndefinedInstruction); }

}  // namespace corsim::cpu::decoder
