#include "sim/operator_report.h"

#include <fmt/format.h>

#include "npu/op_config.h"
#include "runtime/trace/markers.h"
#include "sim/json_text.h"

namespace corsim::sim {
namespace {

const char* kKindNames[] = {"KernelCall", "DelegateCall", "MoveCall", "JumpFalseCall", "FreeCall"};

TrafficSnapshot diff(const TrafficSnapshot& a, const TrafficSnapshot& b) {
  TrafficSnapshot d{};
  for (size_t m = 0; m < kNumMasters; ++m) {
    d[m].read_bytes = b[m].read_bytes - a[m].read_bytes;
    d[m].write_bytes = b[m].write_bytes - a[m].write_bytes;
  }
  return d;
}

// The regions an NPU operation addresses: [{"region": r, "base": address, "end": offset}, ...].
std::string regions_json(const NpuOpEntry& n) {
  std::string s;
  for (size_t r = 0; r < n.region_end.size(); ++r) {
    if (n.region_end[r] == 0) continue;
    s += fmt::format("{}{{\"region\": {}, \"base\": {}, \"end\": {}}}", s.empty() ? "" : ", ", r, n.region_base[r], n.region_end[r]);
  }
  return s;
}

double micros(Cycles c, uint64_t hz) { return hz ? static_cast<double>(c) * 1e6 / static_cast<double>(hz) : 0.0; }

}  // namespace

const char* master_name(size_t m) {
  static const char* names[] = {"cpu_instr", "cpu_data", "npu_axi0", "npu_axi1", "debug"};
  return m < kNumMasters ? names[m] : "?";
}

static MemorySnapshot diff_memories(const MemorySnapshot& a, const MemorySnapshot& b) {
  MemorySnapshot d(b.size());
  for (size_t i = 0; i < b.size(); ++i) {
    const memory::timing::MemoryTraffic z{};
    const memory::timing::MemoryTraffic& x = i < a.size() ? a[i] : z;
    d[i].cpu_read = b[i].cpu_read - x.cpu_read;
    d[i].cpu_write = b[i].cpu_write - x.cpu_write;
    d[i].cpu_fetch = b[i].cpu_fetch - x.cpu_fetch;
    d[i].cpu_bus_read = b[i].cpu_bus_read - x.cpu_bus_read;
    d[i].cpu_bus_write = b[i].cpu_bus_write - x.cpu_bus_write;
    d[i].npu_read = b[i].npu_read - x.npu_read;
    d[i].npu_write = b[i].npu_write - x.npu_write;
  }
  return d;
}

void MarkerTraffic::install(TraceMarkerLog& log, const memory::Interconnect& bus) {
  log.add_observer([this, &bus](const TraceMarker&) {
    TrafficSnapshot s{};
    for (size_t m = 0; m < kNumMasters; ++m) s[m] = bus.traffic(static_cast<memory::Master>(m));
    snapshots_.push_back(s);
    memory_snapshots_.push_back(memory_ ? memory_->traffic() : MemorySnapshot{});
  });
}

std::array<uint64_t, 8> region_extents(const npu::OperationConfig& op) {
  std::array<uint64_t, 8> end{};
  auto reach = [&](uint8_t region, uint64_t past) { end[region & 7] = std::max(end[region & 7], past); };
  auto map = [&](const npu::FeatureMap& in) {
    if (in.storage == npu::Storage::kChained || in.storage == npu::Storage::kScalar) return;
    const npu::FeatureMap f = npu::stored_feature_map(in);
    const uint32_t depth = f.layout == npu::Layout::kNhcwb16 ? (f.depth + 15) / 16 * 16 : f.depth;
    reach(f.region, f.offset_of(f.height - 1, f.width - 1, depth - 1) + f.elem_bytes());
  };
  if (op.kind == npu::OpKind::kDma) {
    if (!op.dma_src_internal) reach(op.dma_src_region, op.dma_src + op.dma_length);
    if (!op.dma_dst_internal) reach(op.dma_dst_region, op.dma_dst + op.dma_length);
    return end;
  }
  map(op.ifm);
  if (op.has_ifm2()) map(op.ifm2);
  map(op.ofm);
  if (op.weight_length) reach(op.weight_region, op.weight_base + op.weight_length);
  if (op.scale_length) reach(op.scale_region, op.scale_base + op.scale_length);
  return end;
}

OperatorReport build_operator_report(const std::vector<TraceMarker>& markers,
                                     const std::vector<TrafficSnapshot>& traffic,
                                     const std::vector<npu::DeviceOp>& npu_ops, uint64_t clock_hz,
                                     const MarkerTraffic* memory) {
  OperatorReport r;
  r.clock_hz = clock_hz;
  const memory::timing::PlatformMemoryTiming* mt = memory ? memory->memory_timing() : nullptr;
  if (mt) {
    for (const auto& m : mt->config().memories) r.memory_names.push_back(m.name);
    r.cpu_memory_counted = mt->cpu_accesses() > 0;
  }
  auto mem_snap = [&](size_t i) {
    return (memory && i < memory->memory_snapshots().size()) ? memory->memory_snapshots()[i] : MemorySnapshot{};
  };
  MemorySnapshot prev_memory;
  std::string name;
  bool name_done = false;
  uint32_t kind = 0;
  bool run_started = false, open = false;
  Cycles prev_end = 0;
  TrafficSnapshot prev_traffic{};
  auto snap = [&](size_t i) { return i < traffic.size() ? traffic[i] : TrafficSnapshot{}; };
  for (size_t i = 0; i < markers.size(); ++i) {
    const TraceMarker& m = markers[i];
    switch (m.port) {
      case trace::kPortRun:
        if (m.value == 1) {
          run_started = true;
          r.run_begin = prev_end = m.cycle;
          prev_traffic = snap(i);
          prev_memory = mem_snap(i);
          r.operators.clear();
          r.run_return = 0;
        } else if (run_started) {
          r.run_return = m.cycle;
        }
        break;
      case trace::kPortName:
        if (name_done) {
          name.clear();
          name_done = false;
        }
        for (int b = 0; b < 4; ++b) {
          const char c = static_cast<char>((m.value >> (8 * b)) & 0xFF);
          if (c == '\0') {
            name_done = true;
            break;
          }
          name += c;
        }
        break;
      case trace::kPortKind:
        kind = m.value;
        break;
      case trace::kPortBegin: {
        if (!run_started) {  // markers without the run marker: start at the first instruction
          run_started = true;
          r.run_begin = prev_end = m.cycle;
          prev_traffic = snap(i);
          prev_memory = mem_snap(i);
        }
        if (open) r.error = fmt::format("instruction {} begins before the previous one ended", m.value & 0xFFFFFF);
        OperatorEntry e;
        e.chain = m.value >> 24;
        e.index = m.value & 0xFFFFFF;
        e.name = name;
        e.kind = kind < 5 ? kKindNames[kind] : "unknown";
        e.begin = m.cycle;
        r.operators.push_back(std::move(e));
        name.clear();
        name_done = false;
        open = true;
        break;
      }
      case trace::kPortEnd: {
        if (!open || r.operators.empty() || (r.operators.back().index != (m.value & 0xFFFFFF))) {
          r.error = fmt::format("end marker for instruction {} without its begin", m.value & 0xFFFFFF);
          break;
        }
        OperatorEntry& e = r.operators.back();
        e.end = m.cycle;
        e.cycles = m.cycle - prev_end;
        const TrafficSnapshot now = snap(i);
        e.bytes = diff(prev_traffic, now);
        prev_traffic = now;
        if (mt) {
          const MemorySnapshot mnow = mem_snap(i);
          e.memories = diff_memories(prev_memory, mnow);
          prev_memory = mnow;
        }
        prev_end = m.cycle;
        r.run_end = m.cycle;
        open = false;
        break;
      }
      default:
        break;
    }
  }
  r.present = !r.operators.empty();
  if (open && r.error.empty()) {
    // The run ended inside an instruction (interrupted, timed out): the report covers the ones
    // before it; the open one has no end to charge to.
    const OperatorEntry& last = r.operators.back();
    r.error = fmt::format("the run stopped inside instruction {} ({}); it is not in the report", last.index,
                          last.name.empty() ? last.kind : last.name);
    r.stopped_inside = true;
    r.operators.pop_back();
  }
  // Instruction fetch bytes: the core's fetches go through its predecode cache, not the
  // interconnect, so the memory-system timing's per-memory cpu_fetch counts (every fetch the core
  // asked for, cache hits included) are what cpu_instr reports; none when the CPU ran untimed.
  for (OperatorEntry& e : r.operators) {
    uint64_t fetched = 0;
    for (const memory::timing::MemoryTraffic& t : e.memories) fetched += t.cpu_fetch;
    auto& instr = e.bytes[static_cast<size_t>(memory::Master::CpuInstr)];
    instr.read_bytes = fetched;
    instr.write_bytes = 0;
  }
  r.total = r.run_end >= r.run_begin ? r.run_end - r.run_begin : 0;

  // NPU operations belong to the instruction whose marker span contains their start.
  for (size_t k = 0; k < npu_ops.size(); ++k) {
    const npu::DeviceOp& op = npu_ops[k];
    for (OperatorEntry& e : r.operators) {
      if (op.start >= e.begin && op.start <= e.end) {
        NpuOpEntry n;
        n.index = static_cast<uint32_t>(k);
        n.kind = std::string(npu::op_kind_name(op.record.op));
        n.start = op.start;
        n.end = op.end;
        n.macs = op.record.macs;
        n.timing = op.timing;
        // Bytes as the hardware moves them: the functional traffic plus the block re-fetch
        // (npu/timing/timing_model.h OpTiming::read/write).
        n.read = op.timing.read;
        n.write = op.timing.write;
        n.region_end = region_extents(op.record.op);
        n.region_base = op.basep;
        e.npu_ops.push_back(std::move(n));
        e.npu = true;
        break;
      }
    }
  }
  // DMAs overlap kernels: an operator's NPU time is the union of its operations' intervals (they
  // start in stream order, so a running end is enough).
  for (OperatorEntry& e : r.operators) {
    Cycles covered = 0;
    for (const NpuOpEntry& n : e.npu_ops) {
      if (n.end > std::max(n.start, covered)) e.npu_cycles += n.end - std::max(n.start, covered);
      covered = std::max(covered, n.end);
    }
  }
  return r;
}

std::string format_operator_table(const OperatorReport& r) {
  std::string s = fmt::format("corsim: per-operator report ({} cycles from execute start to the last instruction's end)\n",
                              r.total);
  s += fmt::format("{:>4} {:<48} {:<4} {:>12} {:>7} {:>12} {:>12} {:>12} {:>12} {:>12}", "#", "operator", "unit",
                   "cycles", "share", "npu_cycles", "cpu_data_B", "npu_axi0_B", "npu_axi1_B", "cpu_instr_B");
  // Bytes per memory (all masters, read + write) from the memory-system timing.
  for (const std::string& n : r.memory_names) s += fmt::format(" {:>12}", n + "_B");
  s += "\n";
  for (const OperatorEntry& e : r.operators) {
    const double share = r.total ? 100.0 * static_cast<double>(e.cycles) / static_cast<double>(r.total) : 0.0;
    auto rw = [&](memory::Master m) {
      const auto& t = e.bytes[static_cast<size_t>(m)];
      return t.read_bytes + t.write_bytes;
    };
    s += fmt::format("{:>4} {:<48} {:<4} {:>12} {:>6.2f}% {:>12} {:>12} {:>12} {:>12} {:>12}\n", e.index,
                     e.name.empty() ? e.kind : e.name, e.npu ? "NPU" : "CPU", e.cycles, share, e.npu_cycles,
                     rw(memory::Master::CpuData), rw(memory::Master::NpuAxi0), rw(memory::Master::NpuAxi1),
                     r.cpu_memory_counted ? fmt::format("{}", rw(memory::Master::CpuInstr)) : std::string("-"));
    s.pop_back();  // the newline: per-memory columns follow
    for (size_t m = 0; m < r.memory_names.size(); ++m) {
      const memory::timing::MemoryTraffic z{};
      const auto& t = m < e.memories.size() ? e.memories[m] : z;
      s += fmt::format(" {:>12}", t.cpu_read + t.cpu_write + t.npu_read + t.npu_write);
    }
    s += "\n";
  }
  s += fmt::format("{:>4} {:<48} {:<4} {:>12} {:>6.2f}%\n", "", "total", "", r.total, r.total ? 100.0 : 0.0);
  if (!r.memory_names.empty() && !r.cpu_memory_counted)
    s += "corsim: note: the CPU ran untimed (--timing off): per-memory bytes are the NPU's only\n";
  if (!r.error.empty()) s += fmt::format("corsim: warning: trace markers: {}\n", r.error);
  return s;
}

std::string operator_report_json(const OperatorReport& r) {
  std::string s = "{\n";
  s += "  \"schema\": \"corsim-operator-report/1\",\n";
  s += fmt::format("  \"clock_hz\": {},\n  \"run_begin\": {},\n  \"run_end\": {},\n  \"total_cycles\": {},\n", r.clock_hz,
                   r.run_begin, r.run_end, r.total);
  s += fmt::format("  \"run_return\": {},\n", r.run_return ? fmt::format("{}", r.run_return) : "null");
  s += fmt::format("  \"error\": {},\n", r.error.empty() ? "null" : "\"" + json_escape(r.error) + "\"");
  s += "  \"memories\": [";
  for (size_t m = 0; m < r.memory_names.size(); ++m) s += fmt::format("{}\"{}\"", m ? ", " : "", json_escape(r.memory_names[m]));
  s += fmt::format("],\n  \"cpu_memory_counted\": {},\n", r.cpu_memory_counted ? "true" : "false");
  s += "  \"operators\": [";
  for (size_t i = 0; i < r.operators.size(); ++i) {
    const OperatorEntry& e = r.operators[i];
    const double share = r.total ? static_cast<double>(e.cycles) / static_cast<double>(r.total) : 0.0;
    s += i ? ",\n    {" : "\n    {";
    s += fmt::format("\"chain\": {}, \"index\": {}, \"name\": \"{}\", \"kind\": \"{}\", \"unit\": \"{}\", "
                     "\"begin\": {}, \"end\": {}, \"cycles\": {}, \"share\": {:.6f}, \"npu_cycles\": {}, \"bytes\": {{",
                     e.chain, e.index, json_escape(e.name), e.kind, e.npu ? "NPU" : "CPU", e.begin, e.end, e.cycles,
                     share, e.npu_cycles);
    for (size_t m = 0; m < kNumMasters; ++m) {
      s += fmt::format("{}\"{}\": {{\"read\": {}, \"write\": {}}}", m ? ", " : "", master_name(m), e.bytes[m].read_bytes,
                       e.bytes[m].write_bytes);
    }
    s += "}, \"memories\": {";
    for (size_t m = 0; m < r.memory_names.size(); ++m) {
      const memory::timing::MemoryTraffic z{};
      const auto& t = m < e.memories.size() ? e.memories[m] : z;
      s += fmt::format("{}\"{}\": {{\"cpu_read\": {}, \"cpu_write\": {}, \"cpu_fetch\": {}, \"cpu_bus_read\": {}, "
                       "\"cpu_bus_write\": {}, \"npu_read\": {}, \"npu_write\": {}}}",
                       m ? ", " : "", json_escape(r.memory_names[m]), t.cpu_read, t.cpu_write, t.cpu_fetch, t.cpu_bus_read,
                       t.cpu_bus_write, t.npu_read, t.npu_write);
    }
    s += "}, \"npu_operations\": [";
    for (size_t k = 0; k < e.npu_ops.size(); ++k) {
      const NpuOpEntry& n = e.npu_ops[k];
      s += fmt::format("{}{{\"index\": {}, \"kind\": \"{}\", \"start\": {}, \"end\": {}, \"cycles\": {}, \"macs\": {}, "
                       "\"bound\": \"{}\", \"parts\": {{\"mac\": {}, \"output\": {}, \"compute\": {}, \"weights\": {}, "
                       "\"axi0\": {}, \"axi1\": {}, \"overhead\": {}, \"contention\": {}}}, "
                       "\"axi0\": {{\"read\": {}, \"write\": {}}}, "
                       "\"axi1\": {{\"read\": {}, \"write\": {}}}, \"regions\": [{}]}}",
                       k ? ", " : "", n.index, json_escape(n.kind), n.start, n.end, n.end - n.start, n.macs,
                       json_escape(n.timing.bound ? n.timing.bound : ""), n.timing.mac, n.timing.output,
                       n.timing.compute, n.timing.weights, n.timing.axi0, n.timing.axi1, n.timing.overhead,
                       n.timing.contention, n.read[0],
                       n.write[0], n.read[1], n.write[1], regions_json(n));
    }
    s += "]}";
  }
  s += r.operators.empty() ? "]\n}\n" : "\n  ]\n}\n";
  return s;
}

std::string operator_chrome_trace(const OperatorReport& r) {
  // Chrome trace event format (JSON object form): complete events ("X") with ts/dur in
  // microseconds; pid 1; tid 1 = CPU lane, tid 2 = NPU lane. On the NPU lane each delegate call
  // is one event spanning its NPU operations, which nest inside it as children.
  const uint64_t hz = r.clock_hz;
  std::string s = "{\"displayTimeUnit\": \"ns\", \"traceEvents\": [\n";
  s += "  {\"name\": \"process_name\", \"ph\": \"M\", \"pid\": 1, \"tid\": 1, \"args\": {\"name\": \"corsim\"}},\n";
  s += "  {\"name\": \"thread_name\", \"ph\": \"M\", \"pid\": 1, \"tid\": 1, \"args\": {\"name\": \"CPU\"}},\n";
  s += "  {\"name\": \"thread_name\", \"ph\": \"M\", \"pid\": 1, \"tid\": 2, \"args\": {\"name\": \"NPU\"}}";
  for (const OperatorEntry& e : r.operators) {
    const std::string name = json_escape(e.name.empty() ? e.kind : e.name);
    s += fmt::format(",\n  {{\"name\": \"{}\", \"cat\": \"{}\", \"ph\": \"X\", \"pid\": 1, \"tid\": 1, \"ts\": {:.3f}, "
                     "\"dur\": {:.3f}, \"args\": {{\"index\": {}, \"cycles\": {}, \"npu_cycles\": {}}}}}",
                     name, e.kind, micros(e.begin, hz), micros(e.end - e.begin, hz), e.index, e.cycles, e.npu_cycles);
    if (e.npu_ops.empty()) continue;
    const Cycles b = e.npu_ops.front().start, en = e.npu_ops.back().end;
    s += fmt::format(",\n  {{\"name\": \"{} (instruction {})\", \"cat\": \"delegate\", \"ph\": \"X\", \"pid\": 1, "
                     "\"tid\": 2, \"ts\": {:.3f}, \"dur\": {:.3f}, \"args\": {{\"index\": {}, \"npu_operations\": {}}}}}",
                     name, e.index, micros(b, hz), micros(en - b, hz), e.index, e.npu_ops.size());
    for (const NpuOpEntry& n : e.npu_ops) {
      s += fmt::format(",\n  {{\"name\": \"{}\", \"cat\": \"npu\", \"ph\": \"X\", \"pid\": 1, \"tid\": 2, \"ts\": {:.3f}, "
                       "\"dur\": {:.3f}, \"args\": {{\"npu_op\": {}, \"cycles\": {}, \"macs\": {}, \"bound\": \"{}\", "
                       "\"contention\": {}, \"parent_instruction\": {}}}}}",
                       json_escape(n.kind), micros(n.start, hz), micros(n.end - n.start, hz), n.index,
                       n.end - n.start, n.macs, json_escape(n.timing.bound ? n.timing.bound : ""),
                       n.timing.contention, e.index);
    }
  }
  s += "\n]}\n";
  return s;
}

}  // namespace corsim::sim
