#pragma once
// Fakes shared by the sim tests: a settable clock and an interrupt-line recorder.
#include <map>

#include "base/clock.h"
#include "base/irq.h"

namespace corsim::sim::test {

struct FakeTime final : TimeSource {
  Cycles t = 0;
  Cycles now() const override { return t; }
};

struct IrqRecorder final : IrqSink {
  std::map<unsigned, bool> level;
  void set_irq_level(unsigned line, bool high) override { level[line] = high; }
  bool high(unsigned line) const {
    auto it = level.find(line);
    return it != level.end() && it->second;
  }
};

}  // namespace corsim::sim::test
