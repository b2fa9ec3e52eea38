#pragma once
// The debugger's breakpoints and watchpoints (GDB's Z0-Z4 / z0-z4 packets), each where it lives:
// software breakpoints (Z0) in a set the DebugHook looks up (memory is not patched); hardware
// breakpoints (Z1) and watchpoints (Z2-Z4) written into the FPB's and the DWT's registers on the
// PPB the way an external debugger sets them (Arm DDI 0553, D1.2 "FPB" and "DWT"), so firmware
// that reads FP_COMPn or DWT_FUNCTIONn sees them. The core's checks are cpu::scs::Fpb::matches and
// cpu::scs::Dwt::data_match (sim/gdb/debug_hook.h). Used by the GDB session and the gdb_packet
// fuzz target alike.
#include <cstdint>
#include <set>
#include <string_view>

#include "memory/target.h"
#include "sim/gdb/dispatcher.h"

namespace corsim::sim::gdb {

class Points {
 public:
  // `ppb`: the System Control Space target (offsets from 0xE0000000).
  explicit Points(memory::Target& ppb) : ppb_(ppb) {}
  // False: insert refused (no free comparator, a length the comparators cannot watch); remove
  // found no such point.
  bool insert(PointType type, uint32_t address, uint32_t length);
  bool remove(PointType type, uint32_t address, uint32_t length);

  // Software breakpoints: addresses of instructions that stop the core before they execute.
  const std::set<uint32_t>& software() const { return software_; }
  // A debugger leaves: its software breakpoints go with it; the FPB and DWT keep what was written
  // to them, as on hardware.
  void forget_software() { software_.clear(); }

  // GDB's stop reply name of a watchpoint hit on a comparator with this DWT_FUNCTION value
  // (GDB manual, "Stop Reply Packets"): "watch", "rwatch" or "awatch".
  static std::string_view watch_kind(uint32_t dwt_function);

 private:
  // FP_COMPn = address | BE in a free comparator, FP_CTRL.ENABLE on. False: none is free.
  bool insert_breakpoint(uint32_t address);
  bool remove_breakpoint(uint32_t address);
  // DWT comparators watching [address, address + length): one per naturally aligned piece of at
  // most 4 bytes (DATAVSIZE), all or none. False: not enough free comparators.
  bool insert_watchpoint(PointType type, uint32_t address, uint32_t length);
  bool remove_watchpoint(PointType type, uint32_t address, uint32_t length);
  uint32_t read(uint32_t offset);
  void write(uint32_t offset, uint32_t value);

  memory::Target& ppb_;
  std::set<uint32_t> software_;
};

}  // namespace corsim::sim::gdb
