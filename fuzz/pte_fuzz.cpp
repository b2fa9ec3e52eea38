// Fuzz target: the .pte reader (runtime/pte: extended header, flatbuffer verification, validation)
// and, through the NPU runner's .pte input (npu/runner/pte_job.cpp), the delegate's VelaBinStream
// and its COP1 command payload. Any input must give a program or one error status. The runner's
// reader gets the bytes (parse_pte, behind load_pte's read_file) with regions capped at kMaxRegion,
// as in tflite_fuzz.cpp.
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "npu/runner/job.h"
#include "runtime/pte/program.h"

using namespace corsim;

namespace {
constexpr uint64_t kMaxRegion = 1u << 20;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  // The reader wants the file 16-byte aligned, as the runtime loads it (copy: libFuzzer's buffer
  // is not aligned).
  std::vector<uint64_t> aligned(size / 8 + 2);
  std::memcpy(aligned.data(), data, size);
  const auto* file = reinterpret_cast<const uint8_t*>(aligned.data());

  pte::ExtendedHeader header;
  (void)pte::parse_extended_header(rt::Bytes(file, size), header);
  pte::Program program;
  if (pte::Program::load(rt::Bytes(file, size), program).ok()) {
    (void)pte::validate_program(program);
  }

  npu::runner::Job job;
  std::string error;
  (void)npu::runner::parse_pte({file, size}, "fuzz.pte", job, error, kMaxRegion);
  return 0;
}
