#pragma once
// ETDump output (`corsim --etdump FILE`, docs/e2e.md "ETDump"): the per-operator report written as
// ExecuTorch's profiling file, so the stock Inspector (`inspector_cli --etdump_path FILE
// --source_time_scale cycles --target_time_scale cycles`) shows corsim's per-operator cycles.
// Format: a size-prefixed FlatBuffer with identifier "ED00" (schema sim/etdump.fbs, facts: ET
// devtools/etdump/etdump_schema_flatcc.fbs, runtime/core/event_tracer_hooks.h, method.cpp).
//
// One RunData "Execute" with, in end order as the runtime appends them:
//   KernelCall i:   native_call_<op.overload> and OPERATOR_CALL (chain 0, instruction_id i, the
//                   instruction's begin/end markers);
//   DelegateCall i: one event per NPU operation (delegate_debug_id_str "npu_op_<n>_<KIND>", n its
//                   position among the run's NPU operations, its modelled start/end, and its cost
//                   parts and bound as JSON in delegate_debug_metadata, the field the schema gives
//                   a delegate for its own data, read by the Inspector's delegate_metadata_parser) and then
//                   DELEGATE_CALL (chain 0, instruction_id i, begin/end markers);
//   MoveCall, JumpFalseCall, FreeCall: no event (the runtime records none for them);
//   last: Method::execute (chain -1, instruction_id 0, execute start to execute return).
// All times are platform cycles, the clock the CPU cycle counter counts on the FVP.
#include <cstdint>
#include <string>
#include <vector>

#include "sim/operator_report.h"

namespace corsim::sim {

struct EtdumpProfileEvent {
  std::string name;                  // "native_call_add.out", "OPERATOR_CALL", "DELEGATE_CALL", ...
  int32_t chain_index = 0;
  int32_t instruction_id = -1;
  std::string delegate_debug_id_str; // "" = not a delegate-internal operation
  std::string delegate_debug_metadata;  // bytes; "" = none (NPU operations: npu_event_metadata)
  uint64_t start_time = 0, end_time = 0;
};

// The ProfileEvents of one inference, in the order the runtime would append them (end order).
std::vector<EtdumpProfileEvent> etdump_events(const OperatorReport& r);

// "native_call_" + the name without its namespace: "aten::add.out" -> "native_call_add.out" (as in
// ExecuTorch's real etdump; ET runtime/core/event_tracer_hooks.h).
std::string native_call_name(const std::string& operator_name);

// "npu_op_<index>_<KIND>", e.g. "npu_op_3_CONV".
std::string npu_event_name(const NpuOpEntry& op);

// An NPU operation's delegate_debug_metadata: one flat JSON object (docs/report-schema.md "ETDump")
// with what bounds it and its cost parts, e.g. {"bound":"axi1","cycles":7990,"macs":0,"mac":0,...}.
// An Inspector `delegate_metadata_parser` reads it with json.loads.
std::string npu_event_metadata(const NpuOpEntry& op);

struct EtdumpFile {
  std::string bytes;  // the file's bytes; empty when error is set
  std::string error;  // one line: why no ETDump can be written
};

// The whole file (version 0, one RunData "Execute"). Refuses a report without operators (the
// firmware wrote no markers) and an inconsistent one (the run stopped inside an instruction).
EtdumpFile operator_etdump(const OperatorReport& r);

}  // namespace corsim::sim
