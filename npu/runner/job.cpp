#include "npu/runner/job.h"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <iterator>

#include "npu/driver_payload.h"

namespace corsim::npu::runner {

bool allocate_region(std::vector<uint8_t>& region, uint64_t bytes, const std::string& what, std::string& error,
                     uint64_t limit) {
  if (bytes > limit) {
    error = fmt::format("{} asks for {} bytes, more than the {} MiB the runner provides", what, bytes, limit >> 20);
    return false;
  }
  region.assign(bytes, 0);
  return true;
}

bool read_file(const std::string& path, std::vector<uint8_t>& out, std::string& error) {
  std::error_code ec;
  if (std::filesystem::exists(path, ec) && !std::filesystem::is_regular_file(path, ec)) {
    error = fmt::format("'{}' is not a file", path);
    return false;
  }
  std::ifstream f(path, std::ios::binary);
  if (!f) {
    error = fmt::format("cannot open '{}'", path);
    return false;
  }
  // One read of the whole file (its size first): reading it a character at a time through an
  // istreambuf_iterator was most of the .tflite/.pte fuzz targets' time (docs/reliability.md).
  f.seekg(0, std::ios::end);
  const std::streamoff size = f.tellg();
  f.seekg(0, std::ios::beg);
  if (size < 0 || size > (std::streamoff{1} << 31) || !f) {
    error = fmt::format("cannot read '{}'", path);
    return false;
  }
  out.resize(static_cast<size_t>(size));
  if (size > 0 && !f.read(reinterpret_cast<char*>(out.data()), size)) {
    error = fmt::format("cannot read '{}'", path);
    return false;
  }
  return true;
}

bool load_command_bytes(const std::vector<uint8_t>& bytes, Job& job, std::string& error) {
  if (bytes.size() % 4 != 0) {
    error = fmt::format("command stream size {} is not a multiple of 4 bytes", bytes.size());
    return false;
  }
  if (bytes.size() >= 4 && words_from_bytes(std::span(bytes).first(4))[0] == kCop1Magic) {
    auto p = parse_driver_payload(bytes, error);
    if (!p) return false;
    job.commands = std::move(p->commands);
    if (p->has_optimizer_config) {
      job.stream_config = npu_config_from_word(p->config);
      if (!job.stream_config) {
        error = fmt::format("the stream was compiled for CONFIG {:#010x}, which is not an Ethos-U55/U65/U85", p->config);
        return false;
      }
    }
    return true;
  }
  job.commands = words_from_bytes(bytes);
  return true;
}

}  // namespace corsim::npu::runner
