#pragma once
// The corsim-npu command line, as a function so tests can run it in-process.
#include <cstdio>
#include <string>
#include <vector>

namespace corsim::npu::runner {

// Returns the process exit code: 0 success, 2 bad input or an NPU fault (one line on `err`).
int run_cli(const std::vector<std::string>& args, std::FILE* out, std::FILE* err);

}  // namespace corsim::npu::runner
