#pragma once
// Hand-built retire sequences for the core models' unit tests (model_sequence_test.cpp,
// m55_tcm_test.cpp): an Op names an instruction's class, registers, branch and data access the
// way the Cpu's predecode and memory facade would describe them, and run() retires a list of
// them through a model exactly as the run loop does (annotate at "predecode", one RetireInfo each).
#include <array>
#include <cstdint>
#include <vector>

#include "cpu/retire_record.h"
#include "cpu/timing/timing_model.h"
#include "memory/timing/memory_timing.h"

namespace corsim::cpu::timing::retire_sequence {

struct Op {
  OpClass op;
  uint16_t read = 0, write = 0;       // GPR masks
  uint32_t ext_read = 0, ext_write = 0;
  uint16_t traits = 0;
  BranchKind branch = BranchKind::None;
  bool taken = false;
  uint32_t target = 0;
  uint32_t load_addr = 0;             // non-zero: one load/store there
  bool store = false;
  bool in_it_block = false;
  uint16_t bytes = 0;                 // its size; 0: 4 bytes (16 for MVE)
};

inline uint16_t r(unsigned n) { return static_cast<uint16_t>(1u << n); }
inline constexpr uint16_t kFlags = 1u << kFlagsBit;
inline uint32_t q(unsigned n) { return 3u << (2 * n); }  // Q<n> = D<2n>, D<2n+1>

// Retires `ops` in order at consecutive PCs (or at the branch targets) and returns each
// instruction's cycles.
inline std::vector<Cycles> run(CpuTimingModel& model, const std::vector<Op>& ops, uint32_t pc = 0x1000) {
  std::vector<Cycles> out;
  for (const Op& o : ops) {
    InstrInfo info;
    info.regs = RegUsage{o.read, o.write, o.ext_read, o.ext_write};
    info.traits = o.traits;
    info.branch = o.branch;
    model.annotate(info, o.op);  // as the Cpu does at predecode
    MemoryLog log;
    const bool mve = o.op == OpClass::MveLoad || o.op == OpClass::MveStore;
    if (o.load_addr) log.add(o.load_addr, o.bytes != 0 ? o.bytes : mve ? 16 : 4, o.store);
    RetireInfo ri;
    ri.pc = pc;
    ri.size = (o.traits & kTraitT16) ? 2 : 4;
    ri.op = o.op;
    ri.branch_taken = o.taken;
    ri.next_pc = o.taken ? o.target : pc + ri.size;
    ri.info = &info;
    ri.memory = &log;
    ri.in_it_block = o.in_it_block;
    out.push_back(model.retire(ri));
    pc = ri.next_pc;
  }
  return out;
}

inline constexpr uint32_t kItcm = 0x00000000, kDtcm = 0x20000000, kTcmSize = 0x10000;

// Zero-wait TCMs: ITCM for fetches and data, DTCM (4 banks of 32-bit words) for data.
class StubTcms final : public memory::MemoryTiming {
 public:
  Cycles cpu_access(const memory::CpuAccess&, Cycles) override { return 0; }
  memory::FastRange fast_range(uint32_t addr, memory::AccessKind kind) override {
    memory::FastRange r;
    r.size = kTcmSize;
    r.accesses = &accesses_;
    r.bytes = &bytes_;
    if (addr - kItcm < kTcmSize) {
      r.base = kItcm;
      if (kind == memory::AccessKind::Fetch) r.fetch_bytes = &fetch_bytes_;
      return r;
    }
    if (addr - kDtcm < kTcmSize && kind != memory::AccessKind::Fetch) {
      r.base = kDtcm;
      r.banks = &banks_;
      return r;
    }
    return {};
  }
  Cycles npu_transfer(unsigned, uint32_t, uint64_t, bool, Cycles) override { return 0; }
  // What the fast ranges counted: accesses, bytes, fetched bytes.
  std::array<uint64_t, 3> counts() const { return {accesses_, bytes_, fetch_bytes_}; }

 private:
  uint64_t accesses_ = 0, bytes_ = 0, fetch_bytes_ = 0;
  memory::DtcmBanks banks_{4};
};

inline Cycles sum(const std::vector<Cycles>& v, size_t from = 0) {
  Cycles s = 0;
  for (size_t i = from; i < v.size(); ++i) s += v[i];
  return s;
}

}  // namespace corsim::cpu::timing::retire_sequence
