#pragma once
// The name- and template-matching register-usage derivation of corsim before the decoder rows
// declared their timing facts (see legacy_instruction_info.cpp). Test-only.
#include "cpu/decoder/encoding.h"
#include "cpu/timing_hook.h"

namespace corsim::cpu::timing::legacy {

InstrInfo describe_instruction_by_name(const decoder::Encoding* row, const Operands& ops, bool t32);

}  // namespace corsim::cpu::timing::legacy
