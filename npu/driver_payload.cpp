#include "npu/driver_payload.h"

#include <fmt/format.h>

namespace corsim::npu {

std::vector<uint32_t> words_from_bytes(std::span<const uint8_t> bytes) {
  std::vector<uint32_t> w(bytes.size() / 4);
  for (size_t i = 0; i < w.size(); ++i)
    w[i] = uint32_t{bytes[4 * i]} | uint32_t{bytes[4 * i + 1]} << 8 | uint32_t{bytes[4 * i + 2]} << 16 |
           uint32_t{bytes[4 * i + 3]} << 24;
  return w;
}

std::optional<DriverPayload> parse_driver_payload(std::span<const uint8_t> bytes, std::string& error) {
  const std::vector<uint32_t> w = words_from_bytes(bytes);
  if (w.empty() || w[0] != kCop1Magic) {
    error = "driver payload does not start with 'COP1'";
    return std::nullopt;
  }
  DriverPayload p;
  size_t i = 1;
  bool have_stream = false;
  // Tag byte0 = action, byte1 = length high bits, [31:16] = length low / data (ethosu_driver.c).
  while (i < w.size()) {
    const uint32_t tag = w[i];
    const uint32_t action = tag & 0xFF;
    if (action == 0x01) {  // OPTIMIZER_CONFIG: tag, CONFIG, ID
      if (i + 3 > w.size()) {
        error = "driver payload: truncated OPTIMIZER_CONFIG";
        return std::nullopt;
      }
      p.has_optimizer_config = true;
      p.optimizer_version = tag >> 16;
      p.config = w[i + 1];
      p.id = w[i + 2];
      i += 3;
    } else if (action == 0x05) {  // NOP
      i += 1;
    } else if (action == 0x02) {  // COMMAND_STREAM
      const uint32_t length = ((tag >> 8) & 0xFF) << 16 | (tag >> 16);
      if (i + 1 + length > w.size()) {
        error = fmt::format("driver payload: command stream of {} words exceeds the {} bytes given", length,
                            bytes.size());
        return std::nullopt;
      }
      p.command_offset = static_cast<uint32_t>((i + 1) * 4);
      p.commands.assign(w.begin() + static_cast<long>(i + 1), w.begin() + static_cast<long>(i + 1 + length));
      i += 1 + length;
      have_stream = true;
    } else {
      // DUMP_SHRAM / DUMP_REG / RESERVED actions (3, 4, 6) only matter for debugging drivers; the
      // real driver rejects unknown actions, and so do we.
      error = fmt::format("driver payload: unsupported action {:#x} at word {}", action, i);
      return std::nullopt;
    }
  }
  if (!have_stream) {
    error = "driver payload has no COMMAND_STREAM";
    return std::nullopt;
  }
  return p;
}

}  // namespace corsim::npu
