#pragma once
// Test harness: assembles Thumb source with arm-none-eabi-as at test run time (so the encodings
// come from binutils, not from our tables), loads it into a small RAM system and runs it on a Cpu.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "tests/cpu/assemble.h"

#include "cpu/cpu.h"
#include "memory/interconnect.h"
#include "memory/ram.h"

namespace corsim::cpu::test {

constexpr uint32_t kCodeBase = 0x00000000;  // vector table, then code at 0x100
constexpr uint32_t kCodeStart = 0x100;
constexpr uint32_t kDataBase = 0x20000000;
constexpr uint32_t kStackTop = 0x20010000;

// A core with 1 MiB of code RAM at 0 and 1 MiB of data RAM at 0x20000000.
class CpuHarness {
 public:
  // `cfg` chooses the core's features (e.g. CpuConfig::pacbti); its VTOR is set to kCodeBase.
  // CORSIM_TEST_CPU_ENGINE=jit in the environment: the core runs with the block JIT, compiling
  // every block on first sight, and run() gives it slices of up to 1000 cycles (it then spins on
  // the end marker until the slice ends), so a suite's programs check the JIT as well
  // (docs/cpu.md "Block JIT"). By default run() steps the interpreter one instruction at a time.
  explicit CpuHarness(CpuConfig cfg = {}) : code_("code", 1 << 20), data_("data", 1 << 20) {
    bus_.map(kCodeBase, 1 << 20, code_, "code");
    bus_.map(kDataBase, 1 << 20, data_, "data");
    cfg.initial_vtor = kCodeBase;
    if (const char* engine = std::getenv("CORSIM_TEST_CPU_ENGINE"); engine && std::string(engine) == "jit") {
      cfg.engine = CpuEngine::Jit;
      cfg.jit_after_visits = 0;
    }
    slice_ = cfg.engine == CpuEngine::Jit ? 1000 : 1;
    cpu_ = std::make_unique<Cpu>(cfg, bus_);
  }

  // Assembles and loads `source` at kCodeStart, followed by a `b .` end marker, and resets the
  // core. Returns false (with a test failure) when the assembler refuses the source.
  bool load(const std::string& source) {
    std::string err;
    symbols_.clear();
    const std::vector<uint8_t> bin =
        assemble(source + "\n  b corsim_end\n.ltorg\ncorsim_end: b corsim_end\n", kCodeStart, &err, &symbols_);
    if (bin.empty()) {
      ADD_FAILURE() << "assembler failed:\n" << err;
      return false;
    }
    // Vector table: SP, reset, and the fault vectors (2..7) pointing at `handler` when the program
    // defines that label.
    uint32_t vectors[16] = {kStackTop, kCodeStart | 1u};
    if (symbols_.count("handler"))
      for (int v = 2; v < 16; ++v) vectors[v] = symbols_["handler"] | 1u;
    bus_.debug_write_block(kCodeBase, {reinterpret_cast<const uint8_t*>(vectors), sizeof vectors});
    bus_.debug_write_block(kCodeStart, bin);
    end_ = symbols_.count("corsim_end") ? symbols_["corsim_end"] : 0;
    return cpu_->reset();
  }

  // Runs until the PC reaches the end marker (or `limit` instructions). Returns the stop reason
  // of the last run() call; reached_end() says whether the program finished.
  StopReason run(uint64_t limit = 100000) {
    StopReason why = StopReason::CycleLimit;
    for (uint64_t i = 0; i < limit && cpu_->state().r[15] != end_; i += slice_) {
      why = cpu_->run(std::min<uint64_t>(slice_, limit - i));
      if (why != StopReason::CycleLimit) break;
    }
    return why;
  }
  bool reached_end() const { return cpu_->state().r[15] == end_; }

  Cpu& cpu() { return *cpu_; }
  ArchState& s() { return cpu_->state(); }
  memory::Interconnect& bus() { return bus_; }
  uint32_t word(uint32_t addr) {
    uint32_t v = 0;
    bus_.debug_read_block(addr, {reinterpret_cast<uint8_t*>(&v), 4});
    return v;
  }
  void set_word(uint32_t addr, uint32_t v) {
    bus_.debug_write_block(addr, {reinterpret_cast<const uint8_t*>(&v), 4});
  }
  uint32_t end() const { return end_; }
  uint32_t symbol(const std::string& name) { return symbols_.at(name); }

 private:
  memory::Interconnect bus_;
  memory::Ram code_, data_;
  std::unique_ptr<Cpu> cpu_;
  uint32_t end_ = 0;
  uint64_t slice_ = 1;  // cycles per Cpu::run call in run()
  std::map<std::string, uint32_t> symbols_;
};

}  // namespace corsim::cpu::test
