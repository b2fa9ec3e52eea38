#pragma once
// Predecode cache (STYLE-ANCHORS §2.3 item 4): direct-mapped on (pc >> 1), tagged with the PC.
// Each entry keeps the raw encoding and where its bytes live on the host, and the run loop compares
// them on every hit: code copied at boot or rewritten at run time is picked up without any
// invalidation protocol, and the decoded record is never rebuilt for an unchanged instruction.
#include <cstdint>
#include <cstring>
#include <memory>

#include "cpu/decoder/encoding.h"
#include "cpu/decoder/operands.h"
#include "cpu/retire_record.h"

namespace corsim::cpu {

// PredecodeEntry::index of an encoding no table entry accepts.
constexpr uint16_t kUndefinedIndex = 0xFFFF;

struct PredecodeEntry {
  uint32_t pc = 1;                   // tag; odd = empty (a Thumb PC is always even)
  uint32_t raw = 0;                  // the bytes as they sit in memory (hw1 | hw2 << 16)
  const uint8_t* host = nullptr;     // host address of those bytes, or null (fetch via the bus)
  decoder::ExecFn exec = nullptr;
  Operands ops;
  uint16_t index = 0;                // position in its table (disassembly, statistics)
  uint8_t size = 2;                  // 2 or 4
  OpClass op = OpClass::IntAlu;
  // Static timing information (cpu/timing/instruction_info.h), filled only while a timing model is
  // attached; kept last so the untimed loop reads only the fields above.
  InstrInfo timing;

  // hw1:hw2 as the Arm ARM writes a T32 encoding (hw1 alone for T16).
  uint32_t encoding() const { return size == 4 ? (raw << 16) | (raw >> 16) : raw; }
  // True when the memory still holds the encoding this entry was decoded from.
  bool still_valid() const {
    if (size == 2) {
      uint16_t v;
      std::memcpy(&v, host, 2);
      return v == raw;
    }
    uint32_t v;
    std::memcpy(&v, host, 4);
    return v == raw;
  }
};

class PredecodeCache {
 public:
  static constexpr unsigned kBits = 14;  // 16 Ki entries cover 32 KiB of hot code
  static constexpr uint32_t kEntries = 1u << kBits;

  PredecodeCache() : entries_(new PredecodeEntry[kEntries]) {}

  PredecodeEntry& slot(uint32_t pc) { return entries_[(pc >> 1) & (kEntries - 1)]; }
  void flush() {
    for (uint32_t i = 0; i < kEntries; ++i) entries_[i].pc = 1;
  }

  uint64_t misses = 0;  // decodes (first sight of a PC, conflicts, rewritten code)

 private:
  std::unique_ptr<PredecodeEntry[]> entries_;
};

}  // namespace corsim::cpu
