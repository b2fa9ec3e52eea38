#pragma once
// The time source and IRQ line an NPU device test drives by hand: the test sets the time and
// reads back the line's level (and how often it rose).
#include "base/clock.h"
#include "base/irq.h"

namespace corsim::npu::test {

struct FakeTime final : TimeSource {
  Cycles t = 1000;
  Cycles now() const override { return t; }
};

struct FakeIrq final : IrqSink {
  unsigned line = 0;
  bool level = false;
  int edges = 0;
  void set_irq_level(unsigned l, bool high) override {
    line = l;
    if (high && !level) ++edges;
    level = high;
  }
};

}  // namespace corsim::npu::test
