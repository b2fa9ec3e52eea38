// The in-process corsim screen of candidate cases (screen.h).
#include "tests/cpu_diff/host/screen.h"

#include <array>
#include <cstring>
#include <string>
#include <unordered_map>

#include "cpu/cpu.h"
#include "memory/interconnect.h"
#include "memory/target.h"

namespace corsim::cpu_diff {
namespace {

constexpr uint32_t kVectorBase = 0x10000000;
constexpr uint32_t kHangAddr = 0x10000200;  // `b .`: where every fault vector points

// Sparse plain memory without a host fast path, so every CPU access passes through read/write and
// data accesses outside the sandbox can be noticed.
class WatchedMemory final : public memory::Target {
 public:
  WatchedMemory(std::string name, uint32_t base) : name_(std::move(name)), base_(base) {}
  std::string_view name() const override { return name_; }

  memory::BusResponse read(uint32_t offset, unsigned size, uint32_t& value,
                           const memory::AccessAttrs& a) override {
    note(offset, size, a);
    debug_read(offset, size, value);
    return {};
  }
  memory::BusResponse write(uint32_t offset, unsigned size, uint32_t value,
                            const memory::AccessAttrs& a) override {
    note(offset, size, a);
    debug_write(offset, size, value);
    return {};
  }
  bool debug_read(uint32_t offset, unsigned size, uint32_t& value) override {
    value = 0;
    for (unsigned i = 0; i < size; ++i) value |= uint32_t{byte(offset + i)} << (8 * i);
    return true;
  }
  bool debug_write(uint32_t offset, unsigned size, uint32_t value) override {
    for (unsigned i = 0; i < size; ++i) byte(offset + i) = static_cast<uint8_t>(value >> (8 * i));
    return true;
  }
  void put(uint32_t addr, const uint8_t* data, unsigned n) {
    for (unsigned i = 0; i < n; ++i) byte(addr - base_ + i) = data[i];
  }

  bool outside = false;  // a data access left the sandbox since the last clear

 private:
  void note(uint32_t offset, unsigned size, const memory::AccessAttrs& a) {
    if (a.master != memory::Master::CpuData) return;
    const uint32_t addr = base_ + offset;
    if (addr < DIFF_SANDBOX_ADDR || addr + size > DIFF_SANDBOX_ADDR + 4 * DIFF_SANDBOX_WORDS) outside = true;
  }
  uint8_t& byte(uint32_t offset) {
    auto& page = pages_[offset >> 12];
    if (!page) page = std::make_unique<std::array<uint8_t, 4096>>(), page->fill(0);
    return (*page)[offset & 0xFFF];
  }
  std::string name_;
  uint32_t base_;
  std::unordered_map<uint32_t, std::unique_ptr<std::array<uint8_t, 4096>>> pages_;
};

// Sees the data accesses of every retired instruction (the run loop's memory log), including those
// the core serves itself (the PPB), which no bus target would see.
class AccessWatch final : public cpu::TimingHook {
 public:
  Cycles retire(const cpu::RetireInfo& info) override {
    if (info.memory == nullptr) return 1;
    if (info.memory->dropped) outside = true;
    for (unsigned i = 0; i < info.memory->count; ++i) {
      const cpu::MemAccess& a = info.memory->access[i];
      if (a.addr < DIFF_SANDBOX_ADDR || a.addr + a.size > DIFF_SANDBOX_ADDR + 4 * DIFF_SANDBOX_WORDS) outside = true;
    }
    return 1;
  }
  bool outside = false;
};

}  // namespace

struct Screen::Impl {
  memory::Interconnect bus;
  WatchedMemory vectors{"vectors", kVectorBase};
  WatchedMemory dtcm{"dtcm", 0x30000000};
  WatchedMemory image{"image", DIFF_IMAGE_ADDR};
  // Everything else below the PPB is watched memory too, so a stray access is seen as such even
  // when a handler does not turn a bus error into a fault.
  WatchedMemory low{"low", 0}, mid{"mid", 0x10001000}, high{"high", 0x30080000}, top{"top", 0x80000000};
  std::unique_ptr<cpu::Cpu> core;
  AccessWatch watch;

  Impl() {
    bus.map(kVectorBase, 0x1000, vectors, "vectors");
    bus.map(0x30000000, 0x80000, dtcm, "dtcm");
    bus.map(DIFF_IMAGE_ADDR, 0x10000000, image, "image");
    bus.map(0, 0x10000000, low, "low");
    bus.map(0x10001000, 0x30000000 - 0x10001000, mid, "mid");
    bus.map(0x30080000, DIFF_IMAGE_ADDR - 0x30080000, high, "high");
    bus.map(0x80000000, 0x60000000, top, "top");
    uint32_t table[16] = {DIFF_CASE_SP, kHangAddr | 1u};
    for (int v = 2; v < 16; ++v) table[v] = kHangAddr | 1u;
    vectors.put(kVectorBase, reinterpret_cast<const uint8_t*>(table), sizeof table);
    const uint8_t hang[2] = {0xFE, 0xE7};
    vectors.put(kHangAddr, hang, 2);
    cpu::CpuConfig cfg;
    cfg.initial_vtor = kVectorBase;
    core = std::make_unique<cpu::Cpu>(cfg, bus);
    core->set_timing(&watch);
    reset();
  }
  void reset() {
    core->reset();
    auto& regs = core->exceptions().regs();
    regs.cpacr = 0xFu << 20;
  }
};

Screen::Screen() : impl_(std::make_unique<Impl>()) {}
Screen::~Screen() = default;

Verdict Screen::check(const uint8_t* slot, uint32_t slot_addr, uint32_t insn_end, const DiffState& in) {
  Impl& m = *impl_;
  m.image.put(slot_addr, slot, DIFF_SLOT_SIZE);
  uint8_t mem[4 * DIFF_SANDBOX_WORDS];
  std::memcpy(mem, &in.w[DIFF_MEM], sizeof mem);
  m.dtcm.put(DIFF_SANDBOX_ADDR, mem, sizeof mem);

  cpu::ArchState& s = m.core->state();
  for (unsigned r = 0; r < 13; ++r) s.r[r] = in.w[DIFF_R0 + r];
  s.r[13] = DIFF_CASE_SP;
  s.msp[s.sec()] = DIFF_CASE_SP;
  s.r[14] = in.w[DIFF_LR];
  s.r[15] = slot_addr;
  s.set_apsr_nzcvq(in.w[DIFF_APSR]);
  s.ge = (in.w[DIFF_APSR] >> 16) & 0xF;
  s.fpscr = in.w[DIFF_FPSCR];
  s.vpr = in.w[DIFF_VPR];
  for (unsigned i = 0; i < 32; ++i) s.ext[i] = in.w[DIFF_Q + i];
  s.itstate = 0;
  // The runner has used the FPU before any case (CONTROL.FPCA, and SFPA in Secure state, are set),
  // so its first FP/MVE instruction does not open a new context that would reset FPSCR and zero
  // VPR; the screen must see the same predicate and FPSCR the runner executes with.
  s.control[1] |= 0xCu;
  for (WatchedMemory* w : {&m.image, &m.dtcm, &m.vectors, &m.low, &m.mid, &m.high, &m.top}) w->outside = false;
  m.watch.outside = false;

  Verdict v = Verdict::LeftSlot;
  for (int step = 0; step < 8; ++step) {
    m.core->run(1);
    if (s.ipsr != 0) {
      const cpu::FaultKind k = m.core->last_fault().fault.kind;
      switch (k) {
        case cpu::FaultKind::UndefinedInstruction:
        case cpu::FaultKind::Unaligned:
        case cpu::FaultKind::DivideByZero:
          v = Verdict::KeepFault;
          break;
        case cpu::FaultKind::PreciseDataBusError:
        case cpu::FaultKind::DataAccessViolation:
          v = Verdict::OutsideSandbox;
          break;
        default: v = Verdict::OtherFault; break;
      }
      m.reset();
      return v;
    }
    if (s.r[15] == insn_end) break;
    if (s.r[15] < slot_addr || s.r[15] > insn_end) return Verdict::LeftSlot;
  }
  if (s.r[15] != insn_end || s.r[13] != DIFF_CASE_SP) return Verdict::LeftSlot;
  for (const WatchedMemory* w : {&m.image, &m.dtcm, &m.vectors, &m.low, &m.mid, &m.high, &m.top})
    if (w->outside) return Verdict::OutsideSandbox;
  if (m.watch.outside) return Verdict::OutsideSandbox;
  return Verdict::Keep;
}

}  // namespace corsim::cpu_diff
