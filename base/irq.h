#pragma once
// Interrupt lines between devices and the interrupt controller (the NVIC in cpu/).
// Devices hold an IrqSink& and a line number; they never see the CPU.
#include <cstdint>

namespace corsim {

class IrqSink {
 public:
  virtual ~IrqSink() = default;
  // Level-sensitive external interrupt `line` (0-based, i.e. NVIC IRQn) goes high or low.
  virtual void set_irq_level(unsigned line, bool high) = 0;
};

}  // namespace corsim
