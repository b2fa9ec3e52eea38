#pragma once
// The Ethos-U55 command-stream encoder used by the NPU tests is the model compiler's
// (tools/model_compiler/stream_encoder.h, written from ethosu55_interface.h): one copy for both.
#include "tools/model_compiler/stream_encoder.h"

namespace corsim::npu {
namespace test = corsim::model_compiler::npu_encode;
}  // namespace corsim::npu
