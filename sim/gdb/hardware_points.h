#pragma once
// Hardware breakpoints and watchpoints the way an external debugger sets them: by writing the
// FPB's and the DWT's registers on the PPB (Arm DDI 0553, D1.2 "FPB" and "DWT"), so firmware that
// reads FP_COMPn or DWT_FUNCTIONn sees them. The core's checks are cpu::scs::Fpb::matches and
// cpu::scs::Dwt::data_match (sim/gdb/debug_hook.h).
#include <cstdint>

#include "memory/target.h"
#include "sim/gdb/dispatcher.h"

namespace corsim::sim::gdb {

class HardwarePoints {
 public:
  // `ppb`: the System Control Space target (offsets from 0xE0000000).
  explicit HardwarePoints(memory::Target& ppb) : ppb_(ppb) {}
  // FP_COMPn = address | BE in a free comparator, FP_CTRL.ENABLE on. False: none is free.
  bool insert_breakpoint(uint32_t address);
  bool remove_breakpoint(uint32_t address);
  // DWT comparators watching [address, address + length): one per naturally aligned piece of at
  // most 4 bytes (DATAVSIZE), all or none. False: not enough free comparators.
  bool insert_watchpoint(PointType type, uint32_t address, uint32_t length);
  bool remove_watchpoint(PointType type, uint32_t address, uint32_t length);

 private:
  uint32_t read(uint32_t offset);
  void write(uint32_t offset, uint32_t value);
  memory::Target& ppb_;
};

}  // namespace corsim::sim::gdb
