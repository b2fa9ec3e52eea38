// The HTML page and the per-layer CSV on a hand-made report (docs/report-schema.md): escaping of
// names and console bytes, CSV quoting, and Vela's Util% from numbers worked out here.
#include <gtest/gtest.h>

#include <string>

#include "sim/report_csv.h"
#include "sim/report_html.h"

namespace corsim::sim {
namespace {

OperatorEntry entry(uint32_t index, std::string name, std::string kind, Cycles begin, Cycles end, Cycles cycles) {
  OperatorEntry e;
  e.index = index;
  e.name = std::move(name);
  e.kind = std::move(kind);
  e.begin = begin;
  e.end = end;
  e.cycles = cycles;
  return e;
}

OperatorReport two_operators() {
  OperatorReport r;
  r.present = true;
  r.clock_hz = 25'000'000;
  r.run_begin = 1000;
  r.run_end = 1600;
  r.total = 600;
  // A comma and angle brackets in the name: quoted in CSV, escaped in HTML.
  OperatorEntry cpu = entry(0, "my::op<a,b>", "KernelCall", 1010, 1200, 200);
  OperatorEntry npu = entry(1, "EthosUBackend", "DelegateCall", 1210, 1600, 400);
  npu.npu = true;
  npu.npu_cycles = 100;
  NpuOpEntry conv;
  conv.index = 0;
  conv.kind = "CONV";
  conv.start = 1300;
  conv.end = 1400;  // 100 cycles
  conv.macs = 6400;
  conv.timing.compute = 90;
  conv.timing.bound = "compute";
  npu.npu_ops.push_back(conv);
  r.operators = {cpu, npu};
  return r;
}

TEST(ReportCsv, QuotesNamesAndComputesVelaUtil) {
  const std::string csv = operator_report_csv(two_operators(), 128);
  // Header first, then operator 0 with its name quoted (RFC 4180: it holds a comma).
  EXPECT_EQ(csv.find("Original Operator,NNG Operator,SRAM Usage,Peak%,Op Cycles,Network%,NPU,"), 0u);
  EXPECT_NE(csv.find("\n\"my::op<a,b>\",KernelCall,,,200,33.33,"), std::string::npos) << csv;
  // The CONV row: Op Cycles 100, Network% 100/600, NPU = compute 90, MACs 6400 = 100% of the
  // run's MACs, Util% = 6400 / (100 cycles x 128 MACs) = 50%.
  EXPECT_NE(csv.find("EthosUBackend,CONV,,,100,16.67,90,,,,,6400,100.00,50.00,npu_op 0,npu_operation,1,"), std::string::npos)
      << csv;
}

TEST(ReportHtml, EscapesEverythingItShows) {
  HtmlReportContext ctx;
  ctx.title = "fw.elf";
  ctx.console = "hello <script>alert(1)</script>\x01\n";
  const std::string page = operator_report_html(two_operators(), ctx);
  EXPECT_EQ(page.find("<script"), std::string::npos);
  EXPECT_NE(page.find("hello &lt;script&gt;alert(1)&lt;/script&gt;&#xFFFD;"), std::string::npos);
  EXPECT_NE(page.find("data-name=\"my::op&lt;a,b&gt;\" data-cycles=\"200\""), std::string::npos);
  EXPECT_NE(page.find("<td class=\"n\" id=\"total-cycles\">600</td>"), std::string::npos);
  // Bars sorted by cycles: the 400-cycle delegate before the 200-cycle kernel.
  EXPECT_LT(page.find("data-index=\"1\""), page.find("data-index=\"0\""));
}

TEST(ReportHtml, PlacesObjectsInTheirMemoryThroughEitherAlias) {
  std::vector<MemoryPlacement> m = {{"SRAM", 0x01000000, 0x11000000, 0x200000, {}}, {"DDR", 0x60000000, std::nullopt, 0x10000000, {}}};
  place_objects(m, {{"arena", 0x11000100, 4096}, {"small", 0x01000000, 16}, {"pool", 0x60001000, 2048}, {"nowhere", 0x90000000, 4096}},
                1024);
  ASSERT_EQ(m[0].objects.size(), 1u);
  EXPECT_EQ(m[0].objects[0].name, "arena");  // the Secure alias of SRAM; "small" is under 1 KiB
  ASSERT_EQ(m[1].objects.size(), 1u);
  EXPECT_EQ(m[1].objects[0].name, "pool");
}

}  // namespace
}  // namespace corsim::sim
