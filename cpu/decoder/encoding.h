#pragma once
// One row of a decoder table: name, bit pattern, decode function, handler, op class, the
// disassembly format and the row's timing facts (row_facts.h). Tables are constexpr arrays of
// these in the *.inc files of this folder.
#include <optional>
#include <span>
#include <string_view>

#include "cpu/decoder/operands.h"
#include "cpu/decoder/pattern.h"
#include "cpu/decoder/row_facts.h"

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
  Facts facts;               // register roles, branch kind, implicit registers, issue traits
  OperandList operands;      // the template's register and memory operands, in order

  // `facts` has no default: a row without its timing facts does not compile (check_facts).
  consteval Encoding(std::string_view n, std::string_view p, DecodeFn d, ExecFn e, OpClass o,
                     std::string_view f, Facts fa)
      : name(n), pattern(p), decode(d), exec(e), op(o), format(f), facts(fa), operands(operands_of_template(f)) {
    if (d == nullptr || e == nullptr) throw "decoder entry needs a decode function and a handler";
    check_facts(fa, o == OpClass::Branch);
  }
};

// The aggregated tables, in match order (first entry whose pattern matches and whose decode
// function accepts wins).
std::span<const Encoding> t16_table();
std::span<const Encoding> t32_table();

}  // namespace corsim::cpu::decoder
