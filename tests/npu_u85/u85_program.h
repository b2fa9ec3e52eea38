#pragma once
// The four real Vela Ethos-U85-256 programs of ../shared/models/u85 (its README gives regions,
// offsets and shapes): region 0 = weights.bin, region 1 = the scratch arena with the inputs at
// their offsets, region 2 = a zeroed fast-scratch buffer. Shared by the golden, malformed-stream
// and timing tests.
#include <cstdint>
#include <fstream>
#include <iterator>
#include <ostream>
#include <string>
#include <vector>

namespace corsim::npu::u85test {

inline const std::string kU85Dir = std::string(CORSIM_MODELS_DIR) + "/u85/";

struct Tensor {
  std::string file;
  uint32_t offset;
  uint32_t size;
};

struct Program {
  std::string name;
  uint32_t words;  // NPU command words (README)
  uint32_t scratch, fast_scratch;
  std::vector<Tensor> inputs, outputs;
};

inline void PrintTo(const Program& p, std::ostream* os) { *os << p.name; }

// From ../shared/models/u85/README.md.
inline const std::vector<Program>& programs() {
  static const std::vector<Program> p = {
      {"ad_medium_int8", 508, 197632, 239968, {{"input.bin", 196608, 1024}}, {{"expected_output.bin", 0, 8}}},
      {"kws_micronet_m", 507, 496, 187264, {{"input.bin", 0, 490}}, {{"expected_output.bin", 0, 12}}},
      {"resnet_v1_8_32_tfs_int8", 1480, 3072, 57376, {{"input.bin", 0, 3072}}, {{"expected_output.bin", 0, 10}}},
      {"rnnoise_INT8",
       1719,
       288,
       704,
       {{"input_0.bin", 96, 42}, {"input_1.bin", 192, 24}, {"input_2.bin", 144, 48}, {"input_3.bin", 0, 96}},
       {{"expected_output_0.bin", 0, 96},
        {"expected_output_1.bin", 96, 22},
        {"expected_output_2.bin", 240, 48},
        {"expected_output_3.bin", 208, 24},
        {"expected_output_4.bin", 192, 1}}},
  };
  return p;
}

inline std::vector<uint8_t> slurp(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(f), {}};
}

}  // namespace corsim::npu::u85test
