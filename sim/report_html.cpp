#include "sim/report_html.h"

#include <cxxabi.h>

#include <algorithm>
#include <cstdlib>

#include <fmt/format.h>

namespace corsim::sim {
namespace {

std::string esc(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default:
        // Control bytes other than newline and tab (a corrupt model's identifier on the console)
        // are shown as U+FFFD so the page stays valid text.
        if (static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t') out += "&#xFFFD;";
        else out += c;
    }
  }
  return out;
}

std::string demangle(const std::string& name) {
  int status = 0;
  char* d = abi::__cxa_demangle(name.c_str(), nullptr, nullptr, &status);
  std::string out = status == 0 && d ? d : name;
  std::free(d);
  return out;
}

std::string op_label(const OperatorEntry& e) { return e.name.empty() ? e.kind : e.name; }

const char* cpu_colour(const std::string& kind) {
  if (kind == "KernelCall") return "#4e79a7";
  if (kind == "DelegateCall") return "#f28e2b";
  return "#bab0ac";
}
// By the kind names of npu::op_kind_name: CONV, DEPTHWISE, EW_ADD, POOL_AVG, DMA, ...
const char* npu_colour(const std::string& kind) {
  auto starts = [&](std::string_view p) { return kind.compare(0, p.size(), p) == 0; };
  if (kind == "DMA") return "#76b7b2";
  if (kind == "CONV" || kind == "DEPTHWISE" || kind == "MATMUL") return "#e15759";
  if (starts("EW_")) return "#59a14f";
  if (starts("POOL")) return "#edc948";
  return "#b07aa1";
}

std::string bytes_text(uint64_t b) {
  if (b >= 10u << 20) return fmt::format("{:.1f} MiB", static_cast<double>(b) / (1 << 20));
  if (b >= 10u << 10) return fmt::format("{:.1f} KiB", static_cast<double>(b) / (1 << 10));
  return fmt::format("{} B", b);
}

constexpr const char* kStyle = R"(body{font-family:sans-serif;margin:1.5em;color:#222}
h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.6em;border-bottom:1px solid #ccc}
table{border-collapse:collapse;font-size:0.85em}td,th{border:1px solid #ddd;padding:2px 6px}
td.n{text-align:right;font-variant-numeric:tabular-nums}th{background:#f3f3f3}
pre{background:#f7f7f7;border:1px solid #ddd;padding:0.6em;font-size:0.8em;max-height:30em;overflow:auto}
svg text{font-size:11px;font-family:sans-serif}.legend span{display:inline-block;width:0.9em;height:0.9em;margin:0 0.3em 0 1em}
)";

void timeline(std::string& s, const OperatorReport& r) {
  const double width = 1000, left = 40;
  const double total = r.total ? static_cast<double>(r.total) : 1.0;
  auto x = [&](Cycles c) { return left + width * static_cast<double>(c - std::min(c, r.run_begin)) / total; };
  auto w = [&](Cycles b, Cycles e) { return std::max(0.5, width * static_cast<double>(e > b ? e - b : 0) / total); };
  s += fmt::format("<svg id=\"timeline\" width=\"{}\" height=\"150\" role=\"img\">\n", left + width + 20);
  s += "<text x=\"0\" y=\"38\">CPU</text><text x=\"0\" y=\"78\">NPU</text><text x=\"0\" y=\"108\">DMA</text>\n";
  Cycles prev = r.run_begin;
  for (const OperatorEntry& e : r.operators) {
    // The operator's charged span (previous end to its end), so the lane adds up to the total.
    s += fmt::format("<rect class=\"tl-cpu\" x=\"{:.2f}\" y=\"22\" width=\"{:.2f}\" height=\"26\" fill=\"{}\" "
                     "stroke=\"#fff\" stroke-width=\"0.3\"><title>#{} {}: {} cycles</title></rect>\n",
                     x(prev), w(prev, e.end), cpu_colour(e.kind), e.index, esc(op_label(e)), e.cycles);
    prev = e.end;
    for (const NpuOpEntry& n : e.npu_ops) {
      const double y = n.kind == "DMA" ? 92 : 62;
      s += fmt::format("<rect class=\"tl-npu\" x=\"{:.2f}\" y=\"{}\" width=\"{:.2f}\" height=\"26\" fill=\"{}\" "
                       "stroke=\"#fff\" stroke-width=\"0.3\"><title>NPU op {} {} ({}): {} cycles, bound {}</title></rect>\n",
                       x(n.start), y, w(n.start, n.end), npu_colour(n.kind), n.index, esc(n.kind), esc(op_label(e)),
                       n.end - n.start, esc(n.timing.bound ? n.timing.bound : ""));
    }
  }
  for (int t = 0; t <= 4; ++t) {
    const double px = left + width * t / 4;
    s += fmt::format("<line x1=\"{0:.1f}\" x2=\"{0:.1f}\" y1=\"122\" y2=\"127\" stroke=\"#444\"/>"
                     "<text x=\"{0:.1f}\" y=\"140\" text-anchor=\"middle\">{1}</text>\n",
                     px, r.total * static_cast<uint64_t>(t) / 4);
  }
  s += fmt::format("<line x1=\"{}\" x2=\"{}\" y1=\"122\" y2=\"122\" stroke=\"#444\"/></svg>\n", left, left + width);
  s += "<div class=\"legend\">cycles from execute start;<span style=\"background:#4e79a7\"></span>kernel"
       "<span style=\"background:#f28e2b\"></span>delegate<span style=\"background:#bab0ac\"></span>other"
       "<span style=\"background:#e15759\"></span>NPU conv<span style=\"background:#59a14f\"></span>elementwise"
       "<span style=\"background:#edc948\"></span>pool<span style=\"background:#76b7b2\"></span>DMA"
       "<span style=\"background:#b07aa1\"></span>other NPU</div>\n";
}

void operator_bars(std::string& s, const OperatorReport& r) {
  std::vector<const OperatorEntry*> sorted;
  for (const OperatorEntry& e : r.operators) sorted.push_back(&e);
  std::stable_sort(sorted.begin(), sorted.end(), [](auto* a, auto* b) { return a->cycles > b->cycles; });
  const double max = sorted.empty() ? 1.0 : static_cast<double>(std::max<Cycles>(1, sorted.front()->cycles));
  const int row = 18, label = 320, bar = 560;
  s += fmt::format("<svg id=\"operator-bars\" width=\"{}\" height=\"{}\">\n", label + bar + 160, row * sorted.size() + 4);
  for (size_t i = 0; i < sorted.size(); ++i) {
    const OperatorEntry& e = *sorted[i];
    const double y = static_cast<double>(i * row);
    const double len = std::max(0.5, bar * static_cast<double>(e.cycles) / max);
    s += fmt::format("<g class=\"op-bar\" data-index=\"{}\" data-name=\"{}\" data-cycles=\"{}\">"
                     "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">#{} {}</text>"
                     "<rect x=\"{}\" y=\"{}\" width=\"{:.2f}\" height=\"{}\" fill=\"{}\"/>"
                     "<text x=\"{:.2f}\" y=\"{}\">{} ({:.1f}%)</text></g>\n",
                     e.index, esc(op_label(e)), e.cycles, label - 6, y + 13, e.index, esc(op_label(e)), label, y + 2, len,
                     row - 4, e.npu ? "#f28e2b" : cpu_colour(e.kind), label + len + 4, y + 13, e.cycles,
                     r.total ? 100.0 * static_cast<double>(e.cycles) / static_cast<double>(r.total) : 0.0);
  }
  s += "</svg>\n";
}

void operator_table(std::string& s, const OperatorReport& r) {
  s += "<table id=\"operators\"><tr><th>#</th><th>operator</th><th>kind</th><th>unit</th><th>begin</th><th>end</th>"
       "<th>cycles</th><th>share</th><th>NPU cycles</th><th>NPU operations</th></tr>\n";
  for (const OperatorEntry& e : r.operators) {
    s += fmt::format("<tr class=\"op-row\"><td class=\"n\">{}</td><td>{}</td><td>{}</td><td>{}</td><td class=\"n\">{}</td>"
                     "<td class=\"n\">{}</td><td class=\"n op-cycles\">{}</td><td class=\"n\">{:.2f}%</td><td class=\"n\">{}</td>"
                     "<td class=\"n\">{}</td></tr>\n",
                     e.index, esc(op_label(e)), e.kind, e.npu ? "NPU" : "CPU", e.begin, e.end, e.cycles,
                     r.total ? 100.0 * static_cast<double>(e.cycles) / static_cast<double>(r.total) : 0.0, e.npu_cycles,
                     e.npu_ops.size());
  }
  s += fmt::format("<tr><th></th><th>total</th><th></th><th></th><th></th><th></th><td class=\"n\" id=\"total-cycles\">{}</td>"
                   "<td class=\"n\">100%</td><td></td><td></td></tr></table>\n",
                   r.total);
}

// NPU cycles per operation kind (sum of the operations' start..end; DMAs overlap kernels), sorted.
void npu_kinds(std::string& s, const OperatorReport& r) {
  std::vector<std::pair<std::string, std::pair<uint64_t, size_t>>> kinds;  // kind, (cycles, count)
  for (const OperatorEntry& e : r.operators) {
    for (const NpuOpEntry& n : e.npu_ops) {
      auto it = std::find_if(kinds.begin(), kinds.end(), [&](const auto& k) { return k.first == n.kind; });
      if (it == kinds.end()) it = kinds.insert(kinds.end(), {n.kind, {0, 0}});
      it->second.first += n.end - n.start;
      ++it->second.second;
    }
  }
  if (kinds.empty()) return;
  std::stable_sort(kinds.begin(), kinds.end(), [](const auto& a, const auto& b) { return a.second.first > b.second.first; });
  const double max = static_cast<double>(std::max<uint64_t>(1, kinds.front().second.first));
  s += fmt::format("<svg id=\"npu-kinds\" width=\"900\" height=\"{}\">\n", 18 * kinds.size() + 4);
  for (size_t i = 0; i < kinds.size(); ++i) {
    const auto& [kind, v] = kinds[i];
    const double len = std::max(0.5, 560.0 * static_cast<double>(v.first) / max);
    s += fmt::format("<g class=\"npu-kind\" data-kind=\"{}\" data-cycles=\"{}\" data-count=\"{}\"><text x=\"154\" y=\"{}\" "
                     "text-anchor=\"end\">{} ({}x)</text><rect x=\"160\" y=\"{}\" width=\"{:.2f}\" height=\"14\" fill=\"{}\"/>"
                     "<text x=\"{:.2f}\" y=\"{}\">{}</text></g>\n",
                     esc(kind), v.first, v.second, i * 18 + 13, esc(kind), v.second, i * 18 + 2, len, npu_colour(kind),
                     164 + len, i * 18 + 13, v.first);
  }
  s += "</svg>\n";
}

void npu_parts(std::string& s, const OperatorReport& r) {
  static const char* names[] = {"mac", "output", "compute", "weights", "axi0", "axi1", "overhead", "contention"};
  s += "<p>cycles = overhead + max(compute, weights, max(axi0, axi1) + contention) (docs/npu.md); "
       "the bars show each part against the operation's cycles.</p>\n";
  s += "<table id=\"npu-operations\"><tr><th>NPU op</th><th>instruction</th><th>kind</th><th>start</th><th>cycles</th>"
       "<th>MACs</th><th>bound</th>";
  for (const char* n : names) s += fmt::format("<th>{}</th>", n);
  s += "<th>parts</th><th>AXI0 read/write</th><th>AXI1 read/write</th></tr>\n";
  for (const OperatorEntry& e : r.operators) {
    for (const NpuOpEntry& n : e.npu_ops) {
      const npu::timing::OpTiming& t = n.timing;
      const uint64_t parts[] = {t.mac, t.output, t.compute, t.weights, t.axi0, t.axi1, t.overhead, t.contention};
      const uint64_t cycles = n.end - n.start;
      s += fmt::format("<tr class=\"npu-row\" data-cycles=\"{}\"><td class=\"n\">{}</td><td class=\"n\">{}</td><td>{}</td>"
                       "<td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td>{}</td>",
                       cycles, n.index, e.index, esc(n.kind), n.start, cycles, n.macs, esc(t.bound ? t.bound : ""));
      uint64_t max = std::max<uint64_t>(cycles, 1);
      for (uint64_t p : parts) {
        s += fmt::format("<td class=\"n\">{}</td>", p);
        max = std::max(max, p);
      }
      s += "<td><svg width=\"170\" height=\"34\">";
      for (size_t k = 0; k < std::size(parts); ++k) {
        const double h = 32.0 * static_cast<double>(parts[k]) / static_cast<double>(max);
        s += fmt::format("<rect x=\"{}\" y=\"{:.2f}\" width=\"16\" height=\"{:.2f}\" fill=\"#4e79a7\"><title>{} {}</title></rect>",
                         k * 21, 33 - h, h, names[k], parts[k]);
      }
      s += fmt::format("</svg></td><td class=\"n\">{} / {}</td><td class=\"n\">{} / {}</td></tr>\n", bytes_text(n.read[0]),
                       bytes_text(n.write[0]), bytes_text(n.read[1]), bytes_text(n.write[1]));
    }
  }
  s += "</table>\n";
}

void memory_traffic(std::string& s, const OperatorReport& r) {
  std::vector<memory::timing::MemoryTraffic> sum(r.memory_names.size());
  for (const OperatorEntry& e : r.operators) {
    for (size_t m = 0; m < sum.size() && m < e.memories.size(); ++m) {
      const auto& t = e.memories[m];
      sum[m].cpu_read += t.cpu_read;
      sum[m].cpu_write += t.cpu_write;
      sum[m].cpu_fetch += t.cpu_fetch;
      sum[m].cpu_bus_read += t.cpu_bus_read;
      sum[m].cpu_bus_write += t.cpu_bus_write;
      sum[m].npu_read += t.npu_read;
      sum[m].npu_write += t.npu_write;
    }
  }
  uint64_t max = 1;
  for (const auto& t : sum) max = std::max({max, t.cpu_read + t.cpu_write + t.npu_read + t.npu_write});
  s += "<table id=\"memory-traffic\"><tr><th>memory</th><th>CPU read</th><th>of which fetch</th><th>CPU write</th>"
       "<th>CPU bus read</th><th>CPU bus write</th><th>NPU read</th><th>NPU write</th><th>all (bytes)</th><th></th></tr>\n";
  for (size_t m = 0; m < sum.size(); ++m) {
    const auto& t = sum[m];
    const uint64_t all = t.cpu_read + t.cpu_write + t.npu_read + t.npu_write;
    s += fmt::format("<tr class=\"mem-row\" data-memory=\"{}\" data-bytes=\"{}\"><td>{}</td><td class=\"n\">{}</td>"
                     "<td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td>"
                     "<td class=\"n\">{}</td><td class=\"n\">{}</td><td class=\"n\">{}</td><td><svg width=\"300\" height=\"14\">",
                     esc(r.memory_names[m]), all, esc(r.memory_names[m]), t.cpu_read, t.cpu_fetch, t.cpu_write,
                     t.cpu_bus_read, t.cpu_bus_write, t.npu_read, t.npu_write, all);
    double x = 0;
    const std::pair<uint64_t, const char*> segs[] = {
        {t.cpu_read, "#4e79a7"}, {t.cpu_write, "#a0cbe8"}, {t.npu_read, "#f28e2b"}, {t.npu_write, "#ffbe7d"}};
    for (const auto& [b, colour] : segs) {
      const double len = 300.0 * static_cast<double>(b) / static_cast<double>(max);
      s += fmt::format("<rect x=\"{:.2f}\" y=\"1\" width=\"{:.2f}\" height=\"12\" fill=\"{}\"/>", x, len, colour);
      x += len;
    }
    s += "</svg></td></tr>\n";
  }
  s += "</table><div class=\"legend\"><span style=\"background:#4e79a7\"></span>CPU read<span style=\"background:#a0cbe8\">"
       "</span>CPU write<span style=\"background:#f28e2b\"></span>NPU read<span style=\"background:#ffbe7d\"></span>NPU write</div>\n";
  if (!r.cpu_memory_counted) s += "<p>The CPU ran untimed (--timing off): the CPU columns are 0, the NPU's still count.</p>\n";
}

// The NPU regions each delegate call addressed (operator_report.h region_extents): base address,
// the memory it lies in, and how far its operations reached into it.
void npu_regions(std::string& s, const OperatorReport& r, const HtmlReportContext& ctx) {
  // EthosUBackend's base addresses (runtime/backends/ethos_u: {weights, scratch, fast scratch}).
  static const char* roles[] = {"weights", "scratch", "fast scratch"};
  auto memory_of = [&](uint64_t a) -> std::string {
    for (const MemoryPlacement& m : ctx.placement) {
      auto inside = [&](uint64_t base) { return a >= base && a - base < m.size; };
      if (inside(m.base) || (m.secure_base && inside(*m.secure_base))) return m.name;
    }
    return "?";
  };
  s += "<p>NPU regions (BASEP) each delegate call used: the base address, its memory, and the bytes from the base to "
       "the highest byte its operations' feature maps, weights, scales and DMAs address (from the command stream).</p>\n"
       "<table id=\"npu-regions\"><tr><th>instruction</th><th>region</th><th>role</th><th>base</th><th>memory</th>"
       "<th>bytes addressed</th></tr>\n";
  for (const OperatorEntry& e : r.operators) {
    std::array<uint64_t, 8> base{}, end{};
    for (const NpuOpEntry& n : e.npu_ops) {
      for (size_t k = 0; k < 8; ++k) {
        if (n.region_end[k] == 0) continue;
        if (end[k] == 0) base[k] = n.region_base[k];
        end[k] = std::max(end[k], n.region_end[k]);
      }
    }
    for (size_t k = 0; k < 8; ++k) {
      if (end[k] == 0) continue;
      s += fmt::format("<tr class=\"region-row\" data-instruction=\"{}\" data-region=\"{}\" data-base=\"{}\" data-end=\"{}\">"
                       "<td class=\"n\">{}</td><td class=\"n\">{}</td><td>{}</td><td>{:#010x}</td><td>{}</td><td class=\"n\">{}</td></tr>\n",
                       e.index, k, base[k], end[k], e.index, k, k < 3 ? roles[k] : "", base[k], esc(memory_of(base[k])), end[k]);
    }
  }
  s += "</table>\n";
}

void placement(std::string& s, const HtmlReportContext& ctx) {
  s += "<table id=\"placement\"><tr><th>memory</th><th>base</th><th>size</th><th>object</th><th>address</th>"
       "<th>bytes</th><th>share of the memory</th></tr>\n";
  for (const MemoryPlacement& m : ctx.placement) {
    s += fmt::format("<tr><td>{}</td><td>{:#010x}{}</td><td class=\"n\">{}</td><td colspan=\"4\"></td></tr>\n", esc(m.name),
                     m.base, m.secure_base ? fmt::format(" (S {:#010x})", *m.secure_base) : "", bytes_text(m.size));
    for (const PlacedObject& o : m.objects) {
      s += fmt::format("<tr class=\"object-row\" data-name=\"{}\" data-address=\"{}\" data-size=\"{}\"><td></td><td></td><td></td>"
                       "<td>{}</td><td>{:#010x}</td><td class=\"n\">{}</td><td class=\"n\">{:.2f}%</td></tr>\n",
                       esc(o.name), o.address, o.size, esc(o.name), o.address, o.size, m.size ? 100.0 * o.size / static_cast<double>(m.size) : 0.0);
    }
  }
  s += "</table>\n";
  if (!ctx.runner_memory_lines.empty()) {
    s += "<p>The runner's own statistics:</p><pre id=\"runner-memory\">";
    for (const std::string& l : ctx.runner_memory_lines) s += esc(l) + "\n";
    s += "</pre>\n";
  }
}

}  // namespace

void place_objects(std::vector<MemoryPlacement>& memories, const std::vector<PlacedObject>& objects, uint32_t min_size) {
  for (const PlacedObject& o : objects) {
    if (o.size < min_size) continue;
    for (MemoryPlacement& m : memories) {
      auto inside = [&](uint32_t base) { return o.address >= base && o.address - base < m.size; };
      if (inside(m.base) || (m.secure_base && inside(*m.secure_base))) {
        m.objects.push_back(o);
        break;
      }
    }
  }
  for (MemoryPlacement& m : memories) {
    std::sort(m.objects.begin(), m.objects.end(), [](const PlacedObject& a, const PlacedObject& b) { return a.address < b.address; });
  }
}

HtmlReportContext make_html_context(const RunConfig& cfg, const PlatformPreset& preset, const SymbolTable& symbols,
                                    std::string console) {
  HtmlReportContext c;
  // The title names the files; the configuration table gives their paths.
  auto file_name = [](const std::string& path) { return path.substr(path.find_last_of('/') + 1); };
  c.title = file_name(cfg.firmware);
  for (const DataFile& d : cfg.data) c.title += " + " + file_name(d.path);
  c.config = {{"firmware", cfg.firmware}, {"platform", preset.name},
              {"cpu", cfg.cpu.empty() ? "the platform's core" : cfg.cpu}, {"timing", cfg.timing ? "on" : "off"},
              {"clock", fmt::format("{} Hz", preset.clock_hz)},
              {"NPU", fmt::format("{} with {} MACs", preset.npu.type, preset.npu.num_macs)},
              {"NPU system config", preset.npu.system_config}, {"NPU memory mode", preset.npu.memory_mode}};
  if (!preset.npu.vela_config.empty()) c.config.emplace_back("vela.ini", preset.npu.vela_config);
  for (const DataFile& d : cfg.data) c.config.emplace_back("data", fmt::format("{} @ {:#010x}", d.path, d.address));
  if (!cfg.semihosting_cmdline.empty()) c.config.emplace_back("semihosting command line", cfg.semihosting_cmdline);
  for (const auto& [k, v] : cfg.params) c.config.emplace_back("-C " + k, v);
  for (const MemorySpec& m : preset.memories) {
    c.config.emplace_back("memory " + m.name, fmt::format("{} bytes, {} cycles to the first data, {} bytes per cycle{}", m.size,
                                                          m.latency, m.bandwidth, m.rom ? ", read-only" : ""));
  }
  for (const MemorySpec& m : preset.memories) c.placement.push_back({m.name, m.ns_base, m.s_base, m.size, {}});
  std::vector<PlacedObject> objects;
  for (const Symbol& s : symbols.all()) {
    if (!s.is_function) objects.push_back({demangle(s.name), s.address, s.size});
  }
  place_objects(c.placement, objects, 1024);
  // The executor runner's allocator statistics ("method_allocator_used: ...", "temp_allocator: ...").
  size_t at = 0;
  while (at < console.size()) {
    const size_t nl = std::min(console.find('\n', at), console.size());
    const std::string_view line(console.data() + at, nl - at);
    if (line.find("allocator") != std::string_view::npos) {
      const size_t close = line.find("] ");
      c.runner_memory_lines.emplace_back(close == std::string_view::npos ? line : line.substr(close + 2));
    }
    at = nl + 1;
  }
  c.console = std::move(console);
  return c;
}

std::string operator_report_html(const OperatorReport& r, const HtmlReportContext& ctx) {
  std::string s = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">";
  s += fmt::format("<title>corsim report: {}</title><style>{}</style></head><body>\n", esc(ctx.title), kStyle);
  s += fmt::format("<h1>corsim report: {}</h1>\n", esc(ctx.title));
  Cycles npu = 0;
  size_t npu_ops = 0;
  for (const OperatorEntry& e : r.operators) {
    npu += e.npu_cycles;
    npu_ops += e.npu_ops.size();
  }
  s += fmt::format("<p id=\"summary\"><b>{}</b> cycles from execute start to the last instruction's end ({:.1f} µs at {} Hz); "
                   "{} operators, {} NPU operations, NPU busy {} cycles.</p>\n",
                   r.total, r.clock_hz ? static_cast<double>(r.total) * 1e6 / static_cast<double>(r.clock_hz) : 0.0,
                   r.clock_hz, r.operators.size(), npu_ops, npu);
  if (!r.error.empty()) s += fmt::format("<p><b>Warning:</b> {}</p>\n", esc(r.error));
  s += "<h2>Timeline</h2>\n";
  timeline(s, r);
  s += "<h2>Cycles per operator</h2>\n";
  operator_bars(s, r);
  operator_table(s, r);
  s += "<h2>NPU operations: cost parts</h2>\n<p>NPU cycles per operation kind (DMAs overlap the kernels):</p>\n";
  npu_kinds(s, r);
  npu_parts(s, r);
  s += "<h2>Memory traffic per memory</h2>\n";
  memory_traffic(s, r);
  s += "<h2>Memory placement</h2>\n";
  placement(s, ctx);
  npu_regions(s, r, ctx);
  s += "<h2>Configuration</h2>\n<table id=\"config\">";
  for (const auto& [k, v] : ctx.config) s += fmt::format("<tr><th>{}</th><td>{}</td></tr>", esc(k), esc(v));
  s += "</table>\n<h2>Console</h2>\n<pre id=\"console\">" + esc(ctx.console) + "</pre>\n</body></html>\n";
  return s;
}

}  // namespace corsim::sim
