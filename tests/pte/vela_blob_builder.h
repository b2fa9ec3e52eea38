// Builds VelaBinStream blobs byte by byte from ExecuTorch's layout (backends/arm/arm_vela.py
// vela_compile, runtime/VelaBinStream.h), independent of the parser), for the synthetic-variant and
// corruption tests.
#pragma once

#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <string>
#include <vector>

namespace corsim::ethos_u::test {

inline void put_u32(std::vector<uint8_t>& v, uint32_t x) {
  for (int i = 0; i < 4; ++i) v.push_back(static_cast<uint8_t>(x >> (8 * i)));
}

class VelaBlobBuilder {
 public:
  VelaBlobBuilder& block(const std::string& name, const std::vector<uint8_t>& data, uint8_t external = 0) {
    uint8_t header[32] = {};
    std::memcpy(header, name.data(), name.size() < 15 ? name.size() : 15);
    const uint32_t size = static_cast<uint32_t>(data.size());
    std::memcpy(header + 16, &size, 4);
    header[20] = external;
    bytes_.insert(bytes_.end(), header, header + 32);
    bytes_.insert(bytes_.end(), data.begin(), data.end());
    while (bytes_.size() % 16 != 0) bytes_.push_back(0);
    return *this;
  }
  const std::vector<uint8_t>& bytes() const { return bytes_; }

 private:
  std::vector<uint8_t> bytes_;
};

// A minimal COP1 payload (Vela CreateDriverPayload1): magic, OPTIMIZER_CONFIG (tag, CONFIG, ID), 3
// NOPs, then a COMMAND_STREAM tag and `words` command words (NPU_OP_STOP = 0x0001 with mask
// 0xFFFF).
inline std::vector<uint8_t> cop1(uint32_t config, uint32_t id, uint32_t words) {
  std::vector<uint8_t> v;
  put_u32(v, 0x31504F43);
  put_u32(v, 0x00100001);
  put_u32(v, config);
  put_u32(v, id);
  for (int i = 0; i < 3; ++i) put_u32(v, 5);
  put_u32(v, 0x02 | ((words >> 16) & 0xFF) << 8 | (words & 0xFFFF) << 16);
  for (uint32_t i = 0; i < words; ++i) put_u32(v, 0xFFFF0001);
  return v;
}

struct TestIo {
  std::vector<int32_t> shape;
  int32_t elem_size, offset, region;
};

inline std::vector<uint8_t> io_block(std::initializer_list<TestIo> ios) {
  std::vector<uint8_t> v;
  put_u32(v, static_cast<uint32_t>(ios.size()));
  for (const TestIo& io : ios) {
    for (int32_t d : io.shape) put_u32(v, static_cast<uint32_t>(d));
    put_u32(v, static_cast<uint32_t>(io.elem_size));
    put_u32(v, static_cast<uint32_t>(io.offset));
    put_u32(v, static_cast<uint32_t>(io.region));
  }
  return v;
}

inline std::vector<uint8_t> u32_bytes(uint32_t x) {
  std::vector<uint8_t> v;
  put_u32(v, x);
  return v;
}

}  // namespace corsim::ethos_u::test
