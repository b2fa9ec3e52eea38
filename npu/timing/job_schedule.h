#pragma once
// When each operation of a job runs, in NPU cycles from the job's start (Vela
// ethos_u55_register_cs_generator.cpp GenerateDMA; Arm Ethos-U55/U85 Technical Reference Manuals,
// "DMA" and "command stream": the command processor issues DMAs to the DMA engine and every other
// operation to the kernel pipeline; the two run in parallel except where the stream waits).
//
// The command processor reads the stream in order. NPU_OP_DMA_WAIT k stalls it until at most k DMAs
// are outstanding; NPU_OP_KERNEL_WAIT n until at most n kernel operations are. An operation starts
// when the command processor has reached it and its engine is free; the command processor moves on
// once the engine has accepted it, i.e. at its start (one operation in flight per engine). Each
// engine runs its operations in issue order. This is how Vela double-buffers weights: the DMA of
// the next layer's weights runs while the current layer computes, and the next layer's DMA_WAIT
// holds it until its weights are in.
//
// Not modelled here: BLOCKDEP (a kernel starting on the first blocks of its predecessor's output
// before the predecessor ends) and the sharing of the AXI ports between an overlapping DMA and
// kernel (each is priced as if alone).
#include <cstdint>
#include <vector>

#include "npu/executor.h"

namespace corsim::npu::timing {

struct Slot {
  uint64_t start = 0, end = 0;
};

class JobSchedule {
 public:
  // When an operation issued as `issue` would start (no state change).
  uint64_t start_of(const Issue& issue) const;
  // Places the next operation in stream order and returns its slot.
  Slot place(const Issue& issue, uint64_t duration);
  // Lengthens the most recently placed operation on `issue`'s engine to end at `end` (contention
  // found after it was placed).
  void extend_last(const Issue& issue, uint64_t end);
  // When every operation placed so far has ended (the job's end once the stream has stopped).
  uint64_t end() const { return end_; }
  // Cycles in which at least one engine was busy (the NPU's ACTIVE time; gaps are idle).
  uint64_t busy() const { return busy_; }

 private:
  // When the command processor can issue `issue`: after its waits and the previous issue.
  uint64_t issue_time(const Issue& issue) const;

  uint64_t cp_ = 0;                     // when the command processor reached its last issue
  std::vector<uint64_t> dma_ends_;      // ends of DMAs in issue order (non-decreasing)
  std::vector<uint64_t> kernel_ends_;   // ends of kernel operations in issue order
  uint64_t end_ = 0;
  uint64_t busy_ = 0, busy_until_ = 0;  // union of the slots placed so far
};

}  // namespace corsim::npu::timing
