#pragma once
// ITM at 0xE0000000 (Arm DDI 0553, D1 "ITM"): 32 stimulus ports, TER, TPR, TCR. A write to a
// stimulus port is handed to an ItmSink (sim/ uses it for the runtime's trace markers,
// docs/architecture.md "One run, as built"); reads of a port return 1 (FIFOREADY: the FIFO never fills).
//
// Choice: writes reach the sink whatever TER/TCR.ITMENA/DEMCR.TRCENA say. Those bits only gate
// what a real trace port would emit; the sink is the simulator observing the bus, and trace
// markers must work on firmware that never sets the ITM up. TER/TPR/TCR are storage.
#include <cstdint>

#include "memory/register_bank.h"

namespace corsim::cpu::scs {

class ItmSink {
 public:
  virtual ~ItmSink() = default;
  // `size` is the access size in bytes (1, 2 or 4); `value` holds that many bytes.
  virtual void itm_write(unsigned port, uint32_t value, unsigned size) = 0;
};

class Itm {
 public:
  static constexpr uint32_t kBase = 0x0000;  // offset in the PPB
  explicit Itm(ItmSink* sink) : sink_(sink) {}
  void reset() { ter_ = tpr_ = tcr_ = 0; }
  void add_registers(memory::RegisterBank& bank);
  void set_sink(ItmSink* sink) { sink_ = sink; }

 private:
  ItmSink* sink_;
  uint32_t ter_ = 0, tpr_ = 0, tcr_ = 0;
};

}  // namespace corsim::cpu::scs
