#pragma once
// One standalone NPU run: the command stream, the NPU configuration it was compiled for, the
// contents of each region, and where the inputs and outputs live. Built from a raw stream
// (command line), a Vela .tflite (tflite_job.cpp) or an ExecuTorch .pte (pte_job.cpp).
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "npu/npu_config.h"

namespace corsim::npu::runner {

struct IoTensor {
  std::string name;
  unsigned region = 1;
  uint64_t offset = 0;
  uint64_t size = 0;  // bytes
  std::string file;   // input: file to load (empty: zeros / default); output: file to write
};

struct Job {
  std::vector<uint32_t> commands;
  std::optional<NpuConfig> stream_config;  // from the COP1 OPTIMIZER_CONFIG, if any
  std::array<std::vector<uint8_t>, 8> regions;
  std::vector<IoTensor> inputs, outputs;
};

// The largest region a file may ask the runner to allocate (scratch, fast scratch): far above any
// Ethos-U system's memory, far below what makes the host fail. A .pte or .tflite naming more is bad
// input (one error line), not an allocation failure (found by fuzz/pte).
inline constexpr uint64_t kMaxRegionBytes = uint64_t{256} << 20;

// Sets `region` to `bytes` zeros; false with a one-line `error` naming `what` above `limit`.
bool allocate_region(std::vector<uint8_t>& region, uint64_t bytes, const std::string& what, std::string& error,
                     uint64_t limit = kMaxRegionBytes);

// Reads a whole file; false with a one-line `error` if it cannot be read.
bool read_file(const std::string& path, std::vector<uint8_t>& out, std::string& error);

// Fills `job.commands` (and stream_config) from a COP1 payload or from raw command words.
bool load_command_bytes(const std::vector<uint8_t>& bytes, Job& job, std::string& error);

// A Vela .tflite with one custom operator "ethos-u" (tensors: command stream, flash, scratch,
// scratch_fast, inputs...).
bool load_tflite(const std::string& path, Job& job, std::string& error);
// The same from the file's bytes; `name` stands for the file in error lines. `max_region_bytes`
// may lower kMaxRegionBytes: the fuzz targets do, so that no input costs a large allocation.
bool parse_tflite(std::span<const uint8_t> file, const std::string& name, Job& job, std::string& error,
                  uint64_t max_region_bytes = kMaxRegionBytes);

// An ExecuTorch .pte whose delegate is the Ethos-U backend (ET VelaBinStream.h).
bool load_pte(const std::string& path, Job& job, std::string& error);
// The same from the file's bytes, as parse_tflite.
bool parse_pte(std::span<const uint8_t> file, const std::string& name, Job& job, std::string& error,
               uint64_t max_region_bytes = kMaxRegionBytes);

}  // namespace corsim::npu::runner
