// corsim-pte dump: prints a whole ExecuTorch program (docs/pte.md).
//
// Two forms: a readable text listing, and JSON. The JSON's "program" member is the lossless form:
// every field of runtime/pte/program.fbs, defaults included, in the same shape flatc uses, so that
// flatbuffers' own JSON parser rebuilds the identical program from it (tests/pte/dump_test.cpp).
// The other members hold what the tool decodes: file layout, resolved delegate payloads
// (VelaBinStream, COP1), segments.
#pragma once

#include <string>
#include <string_view>

#include "runtime/pte/program.h"

namespace corsim::pte_tool {

// Decodes every delegate payload the tool understands (EthosUBackend: VelaBinStream + COP1);
// returns the first failure, scoped to its plan and delegate.
rt::Status check_delegates(const pte::Program& program);

// Schema-conformant JSON of Program (the "program" member of dump_json).
std::string program_json(const pte::Program& program);

// Whole dumps. `name` is how the file is referred to in the output.
std::string dump_json(const pte::Program& program, std::string_view name);
std::string dump_text(const pte::Program& program, std::string_view name);

}  // namespace corsim::pte_tool
