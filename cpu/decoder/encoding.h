#pragma once
// One row of a decoder table: name, bit pattern, decode function, handler, op class and the
// disassembly format. Tables are constexpr arrays of these in the *.inc files of this folder.
#include <optional>
#include <span>
#include <string_view>

#include "cpu/decoder/operands.h"
#include "cpu/decoder/pattern.h"

namespace corsim::cpu {
class Cpu;
}

namespace corsim::cpu::decoder {

// Returns the operands, or nullopt for "not this entry, try the next one" (QEMU's trans_ returning
// false): how one pattern leaves part of its space to a later, different instruction.
using DecodeFn = std::optional<Operands> (*)(const Fields&);
using ExecFn = void (*)(Cpu&, const Operands&);

struct Encoding {
  std::string_view name;     // Arm ARM heading and encoding: "ADD (register) T3"
  BitPattern pattern;
  DecodeFn decode;
  ExecFn exec;
  OpClass op;
  std::string_view format;   // disassembly template, see cpu/disasm/disasm.h

  consteval Encoding(std::string_view n, std::string_view p, DecodeFn d, ExecFn e, OpClass o,
                     std::string_view f)
      : name(n), pattern(p), decode(d), exec(e), op(o), format(f) {
    if (d == nullptr || e == nullptr) throw "decoder entry needs a decode function and a handler";
  }
};

// The aggregated tables, in match order (first entry whose pattern matches and whose decode
// function accepts wins).
std::span<const Encoding> t16_table();
std::span<const Encoding> t32_table();

}  // namespace corsim::cpu::decoder
