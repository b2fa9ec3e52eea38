// corsim-npu: runs an Ethos-U55 command stream on the NPU model alone. See docs/npu.md.
#include "npu/runner/runner.h"

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  return corsim::npu::runner::run_cli(args, stdout, stderr);
}
