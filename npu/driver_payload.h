#pragma once
// The driver payload "COP1" that Vela wraps around a command stream (Vela CreateDriverPayload1, the
// driver's ethosu_driver.c tag walk): fourcc, OPTIMIZER_CONFIG (config + id words), NOPs, then the
// COMMAND_STREAM tag whose length is in 32-bit words.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace corsim::npu {

constexpr uint32_t kCop1Magic = 0x31504F43;  // "COP1"

struct DriverPayload {
  bool has_optimizer_config = false;
  uint32_t optimizer_version = 0;  // OPTIMIZER_CONFIG word [31:16]
  uint32_t config = 0;             // the CONFIG word Vela assumed (ConfigRegister)
  uint32_t id = 0;                 // the ID word Vela assumed
  std::vector<uint32_t> commands;  // the register command stream
  uint32_t command_offset = 0;     // byte offset of the stream inside the payload
};

// Parses a COP1 payload. On error returns nullopt and sets `error` to one line.
std::optional<DriverPayload> parse_driver_payload(std::span<const uint8_t> bytes, std::string& error);

std::vector<uint32_t> words_from_bytes(std::span<const uint8_t> bytes);

}  // namespace corsim::npu
