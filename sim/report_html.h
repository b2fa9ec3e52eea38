#pragma once
// The run as one self-contained HTML page (`corsim --report-html FILE`, docs/report-schema.md
// "HTML report"): a CPU/NPU timeline, cycles per operator (sorted bars), each NPU operation's cost
// parts, memory traffic per memory, the model's memory placement, the configuration and the
// console log. Plain HTML and inline SVG written here: no script, no network access to view it.
// Every number comes from the OperatorReport that the JSON report is written from.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "sim/operator_report.h"
#include "sim/platform/preset.h"
#include "sim/run_config.h"
#include "sim/symbols.h"

namespace corsim::sim {

// A memory of the platform (preset order) and the firmware's large data objects in it.
struct PlacedObject {
  std::string name;  // ELF symbol, demangled, e.g. "(anonymous namespace)::tensor_arena"
  uint32_t address = 0;
  uint32_t size = 0;
};
struct MemoryPlacement {
  std::string name;  // "SRAM", "DDR", ...
  uint32_t base = 0;                  // Non-secure address
  std::optional<uint32_t> secure_base;  // the Secure alias of the same storage
  uint64_t size = 0;
  std::vector<PlacedObject> objects;  // by address
};

struct HtmlReportContext {
  std::string title;                                        // what ran (firmware, model)
  std::vector<std::pair<std::string, std::string>> config;  // name, value, in order
  std::vector<MemoryPlacement> placement;
  std::vector<std::string> runner_memory_lines;             // the runner's own allocator statistics
  std::string console;                                      // the guest's console output
};

// Objects of at least `min_size` bytes are kept (the arenas, pools and buffers, not every variable).
void place_objects(std::vector<MemoryPlacement>& memories, const std::vector<PlacedObject>& objects, uint32_t min_size);

// The context of a corsim run: its configuration, the preset's memories with the firmware's data
// objects of at least 1 KiB in them, the runner's allocator lines from the console.
HtmlReportContext make_html_context(const RunConfig& cfg, const PlatformPreset& preset, const SymbolTable& symbols,
                                    std::string console);

std::string operator_report_html(const OperatorReport& r, const HtmlReportContext& ctx);

}  // namespace corsim::sim
