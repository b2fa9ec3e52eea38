#pragma once
// --dump-tensors DIR (docs/report-schema.md "Tensor dumps"): every instruction's tensor arguments
// at its begin and end markers, and every NPU operation's OFM once it is in memory, as .npy files
// with one JSON sidecar (DIR/index.json) giving each file's operator, shape, type, address and
// quantisation parameters. tools/compare/corsim-compare compares two dumps.
//
// Where the tensors are: the executor runner with `--tensor-markers` describes each instruction's
// arguments on ITM port 7 right after its begin marker (runtime/trace/markers.h); this reads their
// bytes through the bus's debug path (no side effects, no timing) at the begin and end markers. An
// NPU operation's OFM comes from its command stream (npu::OperationConfig::ofm: region, tile
// bases, strides, layout) and the job's BASEP registers, read when the operation's results have
// been committed to memory.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "memory/interconnect.h"
#include "npu/ethos_u_device.h"
#include "sim/operator_report.h"
#include "sim/trace_markers.h"

namespace corsim::sim {

class TensorDumper {
 public:
  TensorDumper(std::string dir, memory::Interconnect& bus) : dir_(std::move(dir)), bus_(bus) {}

  // Creates DIR (it may exist; its old .npy files and index.json are replaced). "" or one line.
  std::string prepare();
  // Every trace marker, as it is recorded.
  void on_marker(const TraceMarker& m);
  // Each NPU operation once its results are in memory; `index` = its position among the run's NPU
  // operations (the report's npu_operations[].index); its addresses are in op.basep's regions.
  void on_npu_operation(const npu::DeviceOp& op, uint32_t index);
  // Writes the .npy files and index.json, naming operators from the report. "" or one line.
  std::string finish(const OperatorReport& report);
  size_t tensor_markers() const { return tensor_records_; }

 private:
  struct Arg {
    uint32_t index = 0;
    bool tensor = false;
    uint32_t dtype = 0, rank = 0, address = 0, dim_order = 0;
    std::vector<uint32_t> sizes;
    uint32_t scalar_kind = 0;
    uint64_t scalar_bits = 0;
  };
  struct Entry {
    Cycles cycle = 0;
    uint32_t instruction = 0;
    std::string when;     // "begin", "end", "npu"
    uint32_t arg = 0;     // begin/end: the argument index
    uint32_t npu_op = 0;  // npu: the NPU operation's index
    std::string npu_kind;
    std::string descr;    // numpy type string, "|i1", "<f4", ...
    std::vector<uint64_t> shape;
    std::vector<uint32_t> dim_order;
    uint32_t address = 0;
    std::string quant;    // JSON object text or ""
    std::vector<uint8_t> data;
  };
  void take_tensor_word(uint32_t w, Cycles cycle);
  void snapshot(const Arg& a, const char* when, Cycles cycle);

  std::string dir_;
  memory::Interconnect& bus_;
  bool open_ = false;           // inside an instruction
  uint32_t instruction_ = 0;
  std::vector<Arg> args_;       // of the open instruction
  std::vector<uint32_t> pending_;  // words of the record being received
  std::vector<Entry> entries_;
  std::vector<std::pair<uint32_t, std::vector<Arg>>> scalars_;  // instruction -> its scalar arguments
  size_t tensor_records_ = 0;
  std::string error_;
};

}  // namespace corsim::sim
