#include "tools/pte/vela_bin_writer.h"

#include <cstring>
#include <string>

namespace corsim::pte_tool {
namespace {

constexpr uint32_t kCop1Magic = 0x31504F43;        // "COP1"
constexpr uint32_t kOptimizerConfigTag = 0x00100001;  // action 1, release 0 patch 1 (what Vela writes)
constexpr uint32_t kNopTag = 5;

void put_u32(std::vector<uint8_t>& v, uint32_t x) {
  for (int i = 0; i < 4; ++i) v.push_back(static_cast<uint8_t>(x >> (8 * i)));
}

void block(std::vector<uint8_t>& out, const std::string& name, const std::vector<uint8_t>& data) {
  uint8_t header[32] = {};
  std::memcpy(header, name.data(), name.size() < 15 ? name.size() : 15);
  const uint32_t size = static_cast<uint32_t>(data.size());
  for (int i = 0; i < 4; ++i) header[16 + i] = static_cast<uint8_t>(size >> (8 * i));
  out.insert(out.end(), header, header + 32);
  out.insert(out.end(), data.begin(), data.end());
  out.resize((out.size() + 15) / 16 * 16, 0);
}

std::vector<uint8_t> io_block(const std::vector<VelaIoDesc>& ios, bool old_layout) {
  std::vector<uint8_t> v;
  put_u32(v, static_cast<uint32_t>(ios.size()));
  const size_t dims = old_layout ? 4 : 6;
  for (const VelaIoDesc& io : ios) {
    // Current: leading 1s (NHWC storage shape padded to 6-D). Old: trailing zeros.
    std::vector<int32_t> shape(dims, old_layout ? 0 : 1);
    const size_t n = io.shape.size() < dims ? io.shape.size() : dims;
    for (size_t i = 0; i < n; ++i) {
      shape[old_layout ? i : dims - n + i] = io.shape[io.shape.size() - n + i];
    }
    for (int32_t d : shape) put_u32(v, static_cast<uint32_t>(d));
    put_u32(v, static_cast<uint32_t>(io.elem_size));
    put_u32(v, static_cast<uint32_t>(io.offset));
    put_u32(v, static_cast<uint32_t>(io.region));
  }
  return v;
}

}  // namespace

std::vector<uint8_t> write_vela_bin_stream(const VelaBinStreamDesc& d) {
  std::vector<uint8_t> out;
  block(out, "vela_bin_stream", {});
  block(out, "cmd_data", d.cmd_data);
  block(out, "weight_data", d.weight_data);
  if (d.old_layout) {
    block(out, "scratch_data", std::vector<uint8_t>(d.scratch_size, 0));
  } else {
    std::vector<uint8_t> size;
    put_u32(size, d.scratch_size);
    block(out, "scratch_size", size);
  }
  block(out, "inputs", io_block(d.inputs, d.old_layout));
  block(out, "outputs", io_block(d.outputs, d.old_layout));
  block(out, "vela_end_stream", {});
  return out;
}

std::vector<uint8_t> make_cop1(uint32_t config, uint32_t id, const std::vector<uint32_t>& stream) {
  std::vector<uint8_t> v;
  put_u32(v, kCop1Magic);
  put_u32(v, kOptimizerConfigTag);
  put_u32(v, config);
  put_u32(v, id);
  while ((v.size() + 4) % 16 != 0) put_u32(v, kNopTag);
  const uint32_t words = static_cast<uint32_t>(stream.size());
  put_u32(v, 0x02 | ((words >> 16) & 0xFF) << 8 | (words & 0xFFFF) << 16);
  for (uint32_t w : stream) put_u32(v, w);
  return v;
}

}  // namespace corsim::pte_tool
