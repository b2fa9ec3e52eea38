// Fuzz target: corsim-npu's Vela .tflite reader (npu/runner/tflite_job.cpp: the flatbuffer is
// verified, then the "ethos-u" custom operator's tensors become the command stream and regions).
#include <cstddef>
#include <cstdint>

#include "fuzz/fuzz_file.h"
#include "npu/runner/job.h"

using namespace corsim;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static fuzz::MemoryFile file;
  npu::runner::Job job;
  std::string error;
  (void)npu::runner::load_tflite(file.hold(data, size), job, error);
  return 0;
}
