// Built when the runtime's .pte reader is not part of the tree.
#include "npu/runner/job.h"

namespace corsim::npu::runner {

bool load_pte(const std::string& path, Job&, std::string& error) {
  error = "this corsim-npu was built without the .pte reader (runtime/pte)";
  return false;
}

}  // namespace corsim::npu::runner
