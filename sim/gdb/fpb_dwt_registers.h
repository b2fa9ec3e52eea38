#pragma once
// The FPB and DWT registers a debugger writes for breakpoints and watchpoints, as offsets in the
// PPB (from 0xE0000000), and the fields of them the GDB server uses: Arm DDI 0553 (Armv8-M ARM)
// D1.2 "FP_CTRL", "FP_COMPn", "DWT_COMPn", "DWT_FUNCTIONn". The registers themselves are
// cpu/scs/fpb.cpp and cpu/scs/dwt.cpp (Fpb::add_registers, Dwt::add_registers).
#include <cstdint>

#include "cpu/scs/dwt.h"
#include "cpu/scs/fpb.h"

namespace corsim::sim::gdb {

// FP_CTRL: ENABLE [0], written only together with KEY [1].
constexpr uint32_t kFpCtrl = cpu::scs::Fpb::kBase + 0x000;
constexpr uint32_t kFpCtrlEnable = 1u << 0, kFpCtrlKey = 1u << 1;
// FP_COMPn at 0x008 + 4n: BPADDR [31:1], BE (breakpoint enable) [0].
constexpr uint32_t fp_comp(unsigned n) { return cpu::scs::Fpb::kBase + 0x008 + 4 * n; }
constexpr uint32_t kFpCompEnable = 1u << 0;

// DWT_COMPn at 0x020 + 16n (the watched address), DWT_FUNCTIONn at 0x028 + 16n.
constexpr uint32_t dwt_comp(unsigned n) { return cpu::scs::Dwt::kBase + 0x020 + 16 * n; }
constexpr uint32_t dwt_function(unsigned n) { return cpu::scs::Dwt::kBase + 0x028 + 16 * n; }
// DWT_FUNCTION: MATCH [3:0] (0: comparator disabled), ACTION [5:4], DATAVSIZE [11:10] (2^n bytes).
constexpr uint32_t kDwtMatchMask = 0xFu;
constexpr uint32_t kDwtMatchDataAccess = 0b0100u;  // data address, read or write
constexpr uint32_t kDwtMatchDataWrite = 0b0101u;   // data address, write
constexpr uint32_t kDwtMatchDataRead = 0b0110u;    // data address, read
constexpr uint32_t kDwtActionDebugEvent = 0b01u << 4;
constexpr unsigned kDwtDataVSizeShift = 10;

}  // namespace corsim::sim::gdb
