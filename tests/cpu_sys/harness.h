#pragma once
// A Cpu-less harness: ArchState + RAM on an Interconnect + an ExceptionUnit, with a vector table
// at 0x10000000 (ITCM S) and the stack in DTCM (0x30000000).
#include <cstdint>

#include "base/clock.h"
#include "cpu/arch_state.h"
#include "cpu/cpu_api.h"
#include "cpu/exceptions/exception_unit.h"
#include "memory/interconnect.h"
#include "memory/ram.h"

namespace corsim::cpu::test {

constexpr uint32_t kVtor = 0x1000'0000u;
constexpr uint32_t kStackTop = 0x3000'8000u;

inline uint32_t handler_address(uint32_t exc) { return 0x1000'1000u + 0x10 * exc; }

struct FakeTime : TimeSource {
  Cycles t = 0;
  Cycles now() const override { return t; }
};

struct Harness {
  memory::Interconnect bus;
  memory::Ram itcm{"ITCM", 0x80000};
  memory::Ram dtcm{"DTCM", 0x80000};
  ArchState state;
  CpuConfig config;
  ExceptionUnit exc;

  explicit Harness(CpuConfig cfg = CpuConfig{}) : config(cfg), exc(state, bus, config) {
    bus.map(0x1000'0000u, 0x80000, itcm, "ITCM");
    bus.map(0x3000'0000u, 0x80000, dtcm, "DTCM");
    poke(kVtor, kStackTop);
    for (uint32_t e = 1; e < 16 + 32; ++e) poke(kVtor + 4 * e, handler_address(e) | 1u);
    exc.reset(kVtor);
  }
  void poke(uint32_t addr, uint32_t v) {
    uint8_t b[4] = {uint8_t(v), uint8_t(v >> 8), uint8_t(v >> 16), uint8_t(v >> 24)};
    bus.debug_write_block(addr, b);
  }
  uint32_t peek(uint32_t addr) {
    uint8_t b[4] = {};
    bus.debug_read_block(addr, b);
    return b[0] | (b[1] << 8) | (b[2] << 16) | (uint32_t(b[3]) << 24);
  }
  // Takes whatever should be taken; returns the exception number entered (0 = none).
  uint32_t step_interrupts(uint32_t return_address) {
    if (exc.attention() && exc.should_take()) {
      exc.take(return_address);
      return state.ipsr;
    }
    return 0;
  }
};

}  // namespace corsim::cpu::test
