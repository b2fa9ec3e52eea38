// Fuzz target: corsim-npu's Vela .tflite reader (npu/runner/tflite_job.cpp: the flatbuffer is
// verified, then the "ethos-u" custom operator's tensors become the command stream and regions).
// The bytes go to parse_tflite, the reader behind load_tflite (which only adds read_file), with
// regions capped at kMaxRegion: a valid file may name a 256 MiB scratch tensor, and zeroing that
// for every input would be most of the run; a larger one takes the same refusal path as above
// kMaxRegionBytes.
#include <cstddef>
#include <cstdint>

#include "npu/runner/job.h"

using namespace corsim;

namespace {
constexpr uint64_t kMaxRegion = 1u << 20;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  npu::runner::Job job;
  std::string error;
  (void)npu::runner::parse_tflite({data, size}, "fuzz.tflite", job, error, kMaxRegion);
  return 0;
}
