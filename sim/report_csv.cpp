#include "sim/report_csv.h"

#include <fmt/format.h>

namespace corsim::sim {
namespace {

std::string field(std::string_view s) {
  if (s.find_first_of(",\"\n") == std::string_view::npos) return std::string(s);
  std::string out = "\"";
  for (char c : s) out += c == '"' ? std::string("\"\"") : std::string(1, c);
  return out + "\"";
}

std::string percent(uint64_t part, uint64_t whole) {
  return whole ? fmt::format("{:.2f}", 100.0 * static_cast<double>(part) / static_cast<double>(whole)) : std::string();
}

// Vela's Util%: MACs / (cycles x MACs per cycle).
std::string util(uint64_t macs, uint64_t cycles, unsigned num_macs) {
  return num_macs && cycles ? percent(macs, cycles * num_macs) : std::string();
}

}  // namespace

std::string operator_report_csv(const OperatorReport& r, unsigned num_macs) {
  // Vela's columns (the "SRAM Usage", "Peak%" and per-memory access-cycle columns are Vela's
  // estimates of its own allocation and stay empty), then corsim's measurements.
  std::string s =
      "Original Operator,NNG Operator,SRAM Usage,Peak%,Op Cycles,Network%,NPU,SRAM AC,DRAM AC,OnFlash AC,OffFlash AC,"
      "MAC Count,Network% (MAC),Util% (MAC),Name,"
      "Row,Instruction,Unit,Kind,Begin,End,NPU Busy Cycles,NPU Op,Bound,mac,output,compute,weights,axi0,axi1,overhead,"
      "contention,AXI0 Read Bytes,AXI0 Write Bytes,AXI1 Read Bytes,AXI1 Write Bytes\n";
  uint64_t total_macs = 0;
  for (const OperatorEntry& e : r.operators)
    for (const NpuOpEntry& n : e.npu_ops) total_macs += n.macs;
  for (const OperatorEntry& e : r.operators) {
    const std::string name = field(e.name.empty() ? e.kind : e.name);
    uint64_t macs = 0;
    for (const NpuOpEntry& n : e.npu_ops) macs += n.macs;
    const auto& a0 = e.bytes[static_cast<size_t>(memory::Master::NpuAxi0)];
    const auto& a1 = e.bytes[static_cast<size_t>(memory::Master::NpuAxi1)];
    s += fmt::format("{},{},,,{},{},{},,,,,{},{},{},instruction {},operator,{},{},{},{},{},{},,,,,,,,,,,{},{},{},{}\n", name,
                     e.kind, e.cycles, percent(e.cycles, r.total), e.npu_cycles, macs, percent(macs, total_macs),
                     util(macs, e.npu_cycles, num_macs), e.index, e.index, e.npu ? "NPU" : "CPU", e.kind, e.begin, e.end,
                     e.npu_cycles, a0.read_bytes, a0.write_bytes, a1.read_bytes, a1.write_bytes);
    for (const NpuOpEntry& n : e.npu_ops) {
      const npu::timing::OpTiming& t = n.timing;
      const uint64_t cycles = n.end - n.start;
      // Vela's "NPU" column is the operation's compute cycles (PassCycles.Npu); Op Cycles its total.
      s += fmt::format("{},{},,,{},{},{},,,,,{},{},{},npu_op {},npu_operation,{},NPU,{},{},{},{},{},{},{},{},{},{},{},{},{},{},"
                       "{},{},{},{}\n",
                       name, field(n.kind), cycles, percent(cycles, r.total), t.compute, n.macs, percent(n.macs, total_macs),
                       util(n.macs, cycles, num_macs), n.index, e.index, field(n.kind), n.start, n.end, cycles, n.index,
                       field(t.bound ? t.bound : ""), t.mac, t.output, t.compute, t.weights, t.axi0, t.axi1, t.overhead,
                       t.contention, n.read[0], n.write[0], n.read[1], n.write[1]);
    }
  }
  return s;
}

}  // namespace corsim::sim
