// The block JIT's stand-in on hosts other than x86-64 (cpu/jit/jit_sources.cmake): no JIT, so
// Cpu runs everything in the interpreter.
#include "cpu/jit/block_jit.h"

namespace corsim::cpu::jit {

bool available() { return false; }
bool is_inline_form(decoder::ExecFn) { return false; }

struct BlockJit::Generator {};

BlockJit::BlockJit(const CpuLayout& layout) : layout_(layout) {}
BlockJit::~BlockJit() = default;
BlockJit::Compiled BlockJit::compile(const PredecodeEntry*, unsigned, uint32_t, const uint8_t*, unsigned, RetireFns,
                                     uint8_t) {
  return {};
}
void BlockJit::reset() {}
std::unique_ptr<RetireCompiler> make_retire_compiler(timing::CortexM55Model&) { return nullptr; }
std::unique_ptr<RetireCompiler> make_retire_compiler(timing::CortexM85Model&) { return nullptr; }
bool BlockJit::full() const { return false; }

}  // namespace corsim::cpu::jit
