#pragma once
// A platform built from a preset on its own interconnect, with 32-bit bus helpers (the Corstone-300
// and Corstone-320 preset tests).
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "sim/platform/platform.h"
#include "test_support.h"

namespace corsim::sim::test {

struct PlatformFixture : ::testing::Test {
  FakeTime time;
  EventQueue events;
  IrqRecorder irq;
  memory::Interconnect bus;
  std::string stop_reason;
  std::unique_ptr<Platform> build(PlatformPreset p, PlatformHooks hooks = {}) {
    // Keep the test's stdout clean: UART0 discarded.
    p.uarts[0].out_file = "";
    if (!hooks.request_stop) hooks.request_stop = [this](const std::string& why) { stop_reason = why; };
    std::string err;
    auto pl = std::make_unique<Platform>(p, bus, DeviceContext{time, events, irq, p.clock_hz}, hooks, err);
    EXPECT_EQ(err, "");
    return pl;
  }
  uint32_t read32(uint32_t addr, bool* ok = nullptr) {
    uint32_t v = 0;
    const bool good = bus.read(addr, 4, v, {}).ok();
    if (ok) *ok = good;
    return v;
  }
  bool write32(uint32_t addr, uint32_t v) { return bus.write(addr, 4, v, {}).ok(); }
};

}  // namespace corsim::sim::test
