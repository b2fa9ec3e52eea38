#pragma once
// Runs a timing guest on corsim with one core model and returns the words it stored at
// kGuestResults (the guests measure with DWT CYCCNT or the PMU and store their deltas there):
// tests/timing/microbench.S, tests/memory_timing/firmware/mpu_noncacheable.S.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "sim/simulator.h"

namespace corsim::timing_test {

inline constexpr uint32_t kGuestResults = 0x30008000;

inline std::vector<uint32_t> run_timing_guest(const std::string& elf, const std::string& cpu, size_t count) {
  sim::RunConfig config;
  config.firmware = elf;
  config.quiet = true;
  config.cpu = cpu;
  config.timing = true;
  config.params.emplace_back("mps3_board.uart0.out_file", "");
  sim::Simulator simulator(config);
  EXPECT_EQ(simulator.prepare(), "");
  const sim::RunResult result = simulator.run();
  EXPECT_EQ(result.exit_status, 0) << result.message;
  std::vector<uint32_t> words(count);
  for (size_t i = 0; i < count; ++i) {
    std::array<uint8_t, 4> b{};
    EXPECT_TRUE(simulator.bus().debug_read_block(kGuestResults + 4 * static_cast<uint32_t>(i), b));
    words[i] = b[0] | b[1] << 8 | b[2] << 16 | static_cast<uint32_t>(b[3]) << 24;
  }
  return words;
}

}  // namespace corsim::timing_test
