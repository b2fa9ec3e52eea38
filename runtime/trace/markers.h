// The trace-marker protocol shared by the target runtime (writer) and corsim's per-operator report
// (reader): ITM stimulus-port writes (docs/e2e.md "Trace-marker protocol"; Arm DDI 0553 D1, ITM
// stimulus registers at 0xE0000000 + 4 * port). A write costs one store, so the markers barely
// perturb the timing they measure. corsim stamps each write with the simulated cycle.
//
// Ports and values (all 32-bit writes):
//   kPortName      (1)  the operator name of the NEXT instruction begin, 4 bytes per write,
//                       little endian, the last write padded with NULs (a word with a NUL byte
//                       ends the name). KernelCall: "aten::add.out"; DelegateCall: backend id.
//   kPortBegin     (2)  instruction begin; value = chain << 24 | instruction index
//   kPortEnd       (3)  instruction end; same value as its begin
//   kPortKind      (4)  written just before kPortBegin: the instruction kind
//                       (0 KernelCall, 1 DelegateCall, 2 MoveCall, 3 JumpFalseCall, 4 FreeCall)
//   kPortDelegate  (5)  inside a DelegateCall: 1 = the NPU job starts (backend programs the NPU),
//                       0 = the NPU job has ended (IRQ taken, outputs not yet copied)
//   kPortRun       (6)  1 = Method::execute starts, 0 = it has returned (the run's total span)
//   kPortTensor    (7)  only when the runner is asked for them (`--tensor-markers`, for corsim's
//                       --dump-tensors): right after an instruction's kPortBegin, one record per
//                       argument that is a tensor or a scalar, so the simulator can read the
//                       tensors' bytes at the begin and end markers. Records:
//                         tensor: tensor_header(arg, dtype, rank), data address, dim order (4 bits
//                                 per dimension, dimension k in bits 4k..4k+3), then rank sizes;
//                         scalar: scalar_header(arg, kind), low word, high word (int64, or the
//                                 double's IEEE-754 bits; kind 0 int, 1 double, 2 bool).
//                       dtype is the ExecuTorch ScalarType code (runtime/core/scalar_type.h).
// Ports 0 and 8..31 are free for other uses (port 0 is the conventional printf channel).
//
// Header-only, C++17, freestanding: the writer takes the stimulus base address so host tests can
// point it at an array.
#pragma once

#include <cstddef>
#include <cstdint>

namespace corsim::trace {

inline constexpr uint32_t kItmBase = 0xE0000000u;
inline constexpr unsigned kPortName = 1;
inline constexpr unsigned kPortBegin = 2;
inline constexpr unsigned kPortEnd = 3;
inline constexpr unsigned kPortKind = 4;
inline constexpr unsigned kPortDelegate = 5;
inline constexpr unsigned kPortRun = 6;
inline constexpr unsigned kPortTensor = 7;

// kPortTensor record headers: the tag in bits 31..24, the argument index in 23..12.
inline constexpr uint32_t kTensorTag = 0x54;  // 'T'
inline constexpr uint32_t kScalarTag = 0x53;  // 'S'
inline constexpr uint32_t tensor_header(uint32_t arg, uint32_t dtype, uint32_t rank) {
  return kTensorTag << 24 | (arg & 0xFFFu) << 12 | (dtype & 0xFFu) << 4 | (rank & 0xFu);
}
inline constexpr uint32_t scalar_header(uint32_t arg, uint32_t kind) {
  return kScalarTag << 24 | (arg & 0xFFFu) << 12 | (kind & 0xFu) << 4;
}

inline constexpr uint32_t instruction_value(uint32_t chain, uint32_t index) {
  return (chain << 24) | (index & 0x00FFFFFFu);
}

class MarkerWriter {
 public:
  explicit MarkerWriter(uintptr_t stimulus_base = kItmBase) : base_(stimulus_base) {}

  void word(unsigned port, uint32_t value) const {
    *reinterpret_cast<volatile uint32_t*>(base_ + 4u * port) = value;
  }
  // Sends `a` then `b` (e.g. "aten::add" and "out", joined by '.'); either may be null.
  void name(const char* a, const char* b) const {
    uint32_t w = 0;
    unsigned n = 0;
    auto put = [&](char c) {
      w |= static_cast<uint32_t>(static_cast<uint8_t>(c)) << (8 * n);
      if (++n == 4) {
        word(kPortName, w);
        w = 0;
        n = 0;
      }
    };
    for (const char* p = a; p && *p; ++p) put(*p);
    if (b && *b) {
      put('.');
      for (const char* p = b; *p; ++p) put(*p);
    }
    // Always end with a word holding at least one NUL byte.
    word(kPortName, w);
  }

 private:
  uintptr_t base_;
};

}  // namespace corsim::trace
