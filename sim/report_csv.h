#pragma once
// The per-layer CSV (`corsim --report-csv FILE`, docs/report-schema.md "Per-layer CSV"): the
// columns of Vela's per-layer performance CSV (ethos-u-vela npu_performance.py,
// print_performance: "<network>_operator", "NNG Operator", "SRAM Usage", "Peak%", "Op Cycles",
// "Network%", "NPU", "SRAM AC", "DRAM AC", "OnFlash AC", "OffFlash AC", "MAC Count", "Network%",
// "Util%", "Name"), filled where corsim measures them, then corsim's measured columns. One row per
// executed instruction (row "operator") and one per NPU operation inside it (row "npu_operation"),
// so a spreadsheet can diff corsim's NPU rows against Vela's.
#include <string>

#include "sim/operator_report.h"

namespace corsim::sim {

// `num_macs`: the NPU's MACs per cycle, for Util% (0: the column stays empty).
std::string operator_report_csv(const OperatorReport& r, unsigned num_macs);

}  // namespace corsim::sim
