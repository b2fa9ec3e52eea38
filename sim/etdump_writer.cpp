#include "sim/etdump_writer.h"

#include <algorithm>

#include <fmt/format.h>
#include <flatbuffers/flatbuffers.h>

#include "etdump_generated.h"  // from sim/etdump.fbs, in the build tree

namespace corsim::sim {
namespace {

namespace fb = corsim::etdump::fb;

constexpr uint32_t kEtdumpVersion = 0;       // ET devtools/etdump/etdump_flatcc.cpp ETDUMP_VERSION
constexpr int32_t kMethodChainIndex = -1;    // Method::* events carry chain -1 (ET runtime/executor/method.cpp)
constexpr int32_t kMethodInstructionId = 0;  // as in ExecuTorch's real etdump.etdp

EtdumpProfileEvent instruction_event(const OperatorEntry& op, std::string name) {
  EtdumpProfileEvent e;
  e.name = std::move(name);
  e.chain_index = static_cast<int32_t>(op.chain);
  e.instruction_id = static_cast<int32_t>(op.index);
  e.start_time = op.begin;
  e.end_time = op.end;
  return e;
}

}  // namespace

std::string native_call_name(const std::string& operator_name) {
  const size_t ns = operator_name.rfind("::");
  return "native_call_" + (ns == std::string::npos ? operator_name : operator_name.substr(ns + 2));
}

std::string npu_event_name(const NpuOpEntry& op) { return fmt::format("npu_op_{}_{}", op.index, op.kind); }

std::string npu_event_metadata(const NpuOpEntry& op) {
  const npu::timing::OpTiming& t = op.timing;
  // The bound is one of the timing model's fixed names (npu/timing/timing_model.cpp decide_total):
  // no character needs escaping.
  return fmt::format(R"({{"bound":"{}","cycles":{},"macs":{},"mac":{},"mac_active":{},"output":{},"compute":{},"weights":{},)"
                     R"("axi0":{},"axi1":{},"overhead":{},"contention":{},"axi0_read":{},"axi0_write":{},)"
                     R"("axi1_read":{},"axi1_write":{}}})",
                     t.bound ? t.bound : "", op.end - op.start, op.macs, t.mac, t.mac_active, t.output, t.compute, t.weights, t.axi0,
                     t.axi1, t.overhead, t.contention, op.read[0], op.write[0], op.read[1], op.write[1]);
}

std::vector<EtdumpProfileEvent> etdump_events(const OperatorReport& r) {
  std::vector<EtdumpProfileEvent> events;
  for (const OperatorEntry& op : r.operators) {
    if (op.kind == "KernelCall") {
      // The kernel's own scope ends first, then the executor's OPERATOR_CALL scope around it; the
      // markers give one span for both.
      events.push_back(instruction_event(op, native_call_name(op.name)));
      events.push_back(instruction_event(op, "OPERATOR_CALL"));
    } else if (op.kind == "DelegateCall") {
      for (const NpuOpEntry& n : op.npu_ops) {
        EtdumpProfileEvent e = instruction_event(op, "");
        e.delegate_debug_id_str = npu_event_name(n);
        e.delegate_debug_metadata = npu_event_metadata(n);
        e.start_time = n.start;
        e.end_time = n.end;
        events.push_back(std::move(e));
      }
      events.push_back(instruction_event(op, "DELEGATE_CALL"));
    }
    // MoveCall, JumpFalseCall, FreeCall: the runtime records no event for them.
  }
  EtdumpProfileEvent execute;
  execute.name = "Method::execute";
  execute.chain_index = kMethodChainIndex;
  execute.instruction_id = kMethodInstructionId;
  execute.start_time = r.run_begin;
  execute.end_time = std::max(r.run_return, r.run_end);
  events.push_back(std::move(execute));
  // The runtime appends an event when it ends; inner events end no later than their parents and
  // come first on a tie.
  std::stable_sort(events.begin(), events.end(),
                   [](const EtdumpProfileEvent& a, const EtdumpProfileEvent& b) { return a.end_time < b.end_time; });
  return events;
}

EtdumpFile operator_etdump(const OperatorReport& r) {
  if (!r.present)
    return {{}, "no ETDump: the firmware wrote no operator trace markers (runtime/trace/markers.h)"};
  if (!r.error.empty()) return {{}, fmt::format("no ETDump: the operator trace markers are inconsistent ({})", r.error)};

  flatbuffers::FlatBufferBuilder b;
  std::vector<flatbuffers::Offset<fb::Event>> events;
  for (const EtdumpProfileEvent& e : etdump_events(r)) {
    const auto name = e.name.empty() ? 0 : b.CreateString(e.name);
    const auto delegate_id = e.delegate_debug_id_str.empty() ? 0 : b.CreateString(e.delegate_debug_id_str);
    const auto metadata = e.delegate_debug_metadata.empty()
        ? 0
        : b.CreateVector(reinterpret_cast<const uint8_t*>(e.delegate_debug_metadata.data()), e.delegate_debug_metadata.size());
    fb::ProfileEventBuilder p(b);
    if (!name.IsNull()) p.add_name(name);
    p.add_chain_index(e.chain_index);
    p.add_instruction_id(e.instruction_id);
    if (!delegate_id.IsNull()) p.add_delegate_debug_id_str(delegate_id);
    if (!metadata.IsNull()) p.add_delegate_debug_metadata(metadata);
    p.add_start_time(e.start_time);
    p.add_end_time(e.end_time);
    const auto profile = p.Finish();
    events.push_back(fb::CreateEvent(b, profile));
  }
  const auto run = fb::CreateRunDataDirect(b, "Execute", /*bundled_input_index=*/-1, /*allocators=*/nullptr, &events);
  const std::vector<flatbuffers::Offset<fb::RunData>> runs{run};
  b.FinishSizePrefixed(fb::CreateETDumpDirect(b, kEtdumpVersion, &runs), fb::ETDumpIdentifier());
  return {std::string(reinterpret_cast<const char*>(b.GetBufferPointer()), b.GetSize()), {}};
}

}  // namespace corsim::sim
