#pragma once
// Writing a test image and running it on QEMU and corsim side by side (docs/cpu-diff.md).
#include <cstdint>
#include <string>
#include <vector>

#include "tests/cpu_diff/host/generator.h"

namespace corsim::cpu_diff {

struct Tools {
  std::string qemu = "qemu-system-arm";
  std::string corsim;
  std::string runner;   // the runner ELF
  unsigned timeout_s = 1800;
};

// Writes the image of `cases` (their slots are rebuilt for their position in this image).
bool write_image(const std::string& path, std::vector<GeneratedCase>& cases, bool verbose);

struct SimOutput {
  bool ok = false;
  std::string error;             // why not ok (exit status, log tail)
  std::vector<uint32_t> words;   // the runner's results file
};

// Runs the image on both simulators at once, each in its own subdirectory of `workdir`.
void run_both(const Tools& tools, const std::string& image, const std::string& workdir,
              SimOutput& qemu, SimOutput& corsim);

}  // namespace corsim::cpu_diff
