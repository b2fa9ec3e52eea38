#pragma once
// The CPU as the rest of the simulator sees it. cpu/cpu.h implements this contract (owned by the
// CPU-core work); sim/ codes against it. Keep it small.
#include <cstdint>
#include <string>

#include "base/clock.h"
#include "cpu/arch_state.h"
#include "cpu/fault.h"

namespace corsim::memory { class Interconnect; }

namespace corsim::cpu {

enum class CoreModel : uint8_t { CortexM55, CortexM85 };

// How the untraced loop runs instructions: the interpreter (every predecoded instruction through
// its handler), or the block JIT on x86-64 hosts (cpu/jit/; elsewhere the interpreter).
// Traced runs always use the interpreter, and so do timed runs under a timing hook that is not a
// core model of cpu/timing/. docs/cpu.md "Block JIT".
enum class CpuEngine : uint8_t { Interpreter, Jit };

struct CpuConfig {
  CoreModel model = CoreModel::CortexM55;
  bool has_fpu = true;
  bool has_mve = true;
  bool pacbti = false;  // Armv8.1-M PACBTI extension: the Cortex-M85 has it, the M55 does not
  unsigned num_external_irqs = 480;  // SSE-300 wires up to 480
  unsigned priority_bits = 3;        // Corstone-300/320 NVIC: 3 bits (Zephyr mps4_common.dtsi)
  uint32_t initial_vtor = 0x10000000;  // SSE-300 boots from the ITCM Secure alias
  CpuEngine engine = CpuEngine::Interpreter;
  uint8_t jit_after_visits = 2;  // the JIT compiles a block on its visit after this many (tests: 0)
};

// Why Cpu::run returned.
enum class StopReason : uint8_t {
  CycleLimit,      // the budget given to run() elapsed
  StopRequested,   // a device or the semihosting host asked to stop (EOT, SYS_EXIT, ...)
  Sleeping,        // WFI/WFE with nothing to wake it: the caller advances time to the next event
  Lockup,          // unrecoverable fault (fault in HardFault/NMI): the architecture's lockup state
  FaultHang,       // a fault handler branched to itself: an unhandled guest fault (see last_fault)
};

// The fault that was last raised, kept for the report when a run ends badly.
struct FaultRecord {
  Fault fault;
  uint32_t pc = 0;          // address of the faulting instruction
  ArchState state;          // registers at the moment of the fault
  bool valid = false;
};

// BKPT 0xAB: Arm semihosting. The handler reads r0/r1 and memory, writes r0 (and may request a stop).
class SemihostingHandler {
 public:
  virtual ~SemihostingHandler() = default;
  virtual void semihosting_call(ArchState& state, memory::Interconnect& bus) = 0;
};

// Receives each retired instruction when tracing is on (sim/ prints the --trace lines).
class TraceSink {
 public:
  virtual ~TraceSink() = default;
  virtual void retired(uint32_t pc, uint32_t encoding, unsigned size, const std::string& disassembly,
                       const ArchState& after) = 0;
};

}  // namespace corsim::cpu
