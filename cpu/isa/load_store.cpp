#include "cpu/isa/load_store.h"

#include <bit>

#include "base/bits.h"
#include "cpu/cpu.h"

namespace corsim::cpu {

namespace {

template <MemKind k>
constexpr unsigned kSize = (k == MemKind::Word) ? 4 : (k == MemKind::Half || k == MemKind::SignedHalf) ? 2 : 1;

template <MemKind k, bool kAligned = false>
inline uint32_t load(Cpu& cpu, uint32_t addr) {
  uint32_t v = kAligned ? cpu.read_aligned<kSize<k>>(addr) : cpu.read<kSize<k>>(addr);
  if constexpr (k == MemKind::SignedHalf) v = static_cast<uint32_t>(static_cast<int16_t>(v));
  if constexpr (k == MemKind::SignedByte) v = static_cast<uint32_t>(static_cast<int8_t>(v));
  return v;
}

// The base register value: Align(PC, 4) for the literal forms.
inline uint32_t base_of(const Cpu& cpu, unsigned rn) {
  return rn == 15 ? (cpu.reg(15) & ~3u) : cpu.state().r[rn];
}

// Writes a loaded value to Rt: LoadWritePC for the PC (interworking; a word load only). A load
// of the PC with SP as base is a function return, not subject to the PACBTI branch target check.
inline void write_loaded(Cpu& cpu, unsigned rt, uint32_t value, unsigned rn) {
  if (rt == 15) cpu.bx_write_pc(value, rn != 13);
  else cpu.state().r[rt] = value;
}

}  // namespace

template <MemKind k>
void exec_load_imm(Cpu& cpu, const Operands& o) {
  const uint32_t base = base_of(cpu, o.rn);
  const uint32_t offset_addr = (o.flags & kAdd) ? base + o.imm : base - o.imm;
  const uint32_t addr = (o.flags & kIndex) ? offset_addr : base;
  if ((o.flags & kWback) && o.rn == 13 && !cpu.sp_ok(offset_addr)) return;
  const uint32_t v = load<k>(cpu, addr);
  if (cpu.faulted()) return;
  // Rt == Rn with writeback is UNPREDICTABLE; we write back first, so the loaded value wins.
  if (o.flags & kWback) cpu.state().r[o.rn] = offset_addr;
  write_loaded(cpu, o.rd, v, o.rn);
}

template <MemKind k>
void exec_load_reg(Cpu& cpu, const Operands& o) {
  const uint32_t addr = cpu.reg(o.rn) + (cpu.reg(o.rm) << o.shift_n);
  const uint32_t v = load<k>(cpu, addr);
  if (cpu.faulted()) return;
  write_loaded(cpu, o.rd, v, o.rn);
}

template <MemKind k>
void exec_store_imm(Cpu& cpu, const Operands& o) {
  const uint32_t base = cpu.reg(o.rn);
  const uint32_t offset_addr = (o.flags & kAdd) ? base + o.imm : base - o.imm;
  const uint32_t addr = (o.flags & kIndex) ? offset_addr : base;
  // PUSH {Rt} / STR Rt, [SP, #-n]!: the limit is checked before anything is stored.
  if ((o.flags & kWback) && o.rn == 13 && !cpu.sp_ok(offset_addr)) return;
  cpu.write<kSize<k>>(addr, cpu.reg(o.rd));
  if (cpu.faulted()) return;
  if (o.flags & kWback) cpu.state().r[o.rn] = offset_addr;
}

template <MemKind k>
void exec_store_reg(Cpu& cpu, const Operands& o) {
  cpu.write<kSize<k>>(cpu.reg(o.rn) + (cpu.reg(o.rm) << o.shift_n), cpu.reg(o.rd));
}

// LDRD/STRD: word accesses that must be word aligned (MemA).
void exec_LDRD(Cpu& cpu, const Operands& o) {
  const uint32_t base = base_of(cpu, o.rn);
  const uint32_t offset_addr = (o.flags & kAdd) ? base + o.imm : base - o.imm;
  const uint32_t addr = (o.flags & kIndex) ? offset_addr : base;
  if ((o.flags & kWback) && o.rn == 13 && !cpu.sp_ok(offset_addr)) return;
  const uint32_t lo = cpu.read_aligned<4>(addr);
  const uint32_t hi = cpu.read_aligned<4>(addr + 4);
  if (cpu.faulted()) return;
  if (o.flags & kWback) cpu.state().r[o.rn] = offset_addr;
  cpu.state().r[o.rd] = lo;
  cpu.state().r[o.ra] = hi;
}

void exec_STRD(Cpu& cpu, const Operands& o) {
  const uint32_t base = cpu.reg(o.rn);
  const uint32_t offset_addr = (o.flags & kAdd) ? base + o.imm : base - o.imm;
  const uint32_t addr = (o.flags & kIndex) ? offset_addr : base;
  if ((o.flags & kWback) && o.rn == 13 && !cpu.sp_ok(offset_addr)) return;
  cpu.write_aligned<4>(addr, cpu.reg(o.rd));
  if (!cpu.faulted()) cpu.write_aligned<4>(addr + 4, cpu.reg(o.ra));
  if (cpu.faulted()) return;
  if (o.flags & kWback) cpu.state().r[o.rn] = offset_addr;
}

namespace {
// LDM/LDMDB body: all loads first, so a fault leaves every register as it was (the instruction
// is restarted after the handler, B1.x "Exceptions in LDM/STM").
inline void load_multiple(Cpu& cpu, const Operands& o, uint32_t start, uint32_t wback_value) {
  if ((o.flags & kWback) && o.rn == 13 && !cpu.sp_ok(wback_value)) return;
  const uint32_t list = o.imm;
  uint32_t values[16];
  uint32_t addr = start;
  for (unsigned i = 0; i < 16; ++i) {
    if (list & (1u << i)) {
      values[i] = cpu.read_aligned<4>(addr);
      addr += 4;
    }
  }
  if (cpu.faulted()) return;
  // Writeback with Rn in the list is UNPREDICTABLE for T2 and suppressed for T1 (decode clears
  // kWback then); the loaded value wins if both happen.
  if (o.flags & kWback) cpu.state().r[o.rn] = wback_value;
  for (unsigned i = 0; i < 15; ++i)
    if (list & (1u << i)) cpu.state().r[i] = values[i];
  if (list & 0x8000u) cpu.bx_write_pc(values[15], o.rn != 13);  // POP {..., PC} is a return
}
inline void store_multiple(Cpu& cpu, const Operands& o, uint32_t start, uint32_t wback_value) {
  // PUSH / STMDB SP!: the limit is checked before anything is stored.
  if ((o.flags & kWback) && o.rn == 13 && !cpu.sp_ok(wback_value)) return;
  const uint32_t list = o.imm;
  uint32_t addr = start;
  for (unsigned i = 0; i < 15 && !cpu.faulted(); ++i) {
    if (list & (1u << i)) {
      cpu.write_aligned<4>(addr, cpu.state().r[i]);
      addr += 4;
    }
  }
  if (cpu.faulted()) return;
  if (o.flags & kWback) cpu.state().r[o.rn] = wback_value;
}
}  // namespace

void exec_LDM(Cpu& cpu, const Operands& o) {
  const uint32_t base = cpu.state().r[o.rn];
  load_multiple(cpu, o, base, base + 4u * popcount32(o.imm));
}
void exec_LDMDB(Cpu& cpu, const Operands& o) {
  const uint32_t start = cpu.state().r[o.rn] - 4u * popcount32(o.imm);
  load_multiple(cpu, o, start, start);
}
void exec_STM(Cpu& cpu, const Operands& o) {
  const uint32_t base = cpu.state().r[o.rn];
  store_multiple(cpu, o, base, base + 4u * popcount32(o.imm));
}
void exec_STMDB(Cpu& cpu, const Operands& o) {
  const uint32_t start = cpu.state().r[o.rn] - 4u * popcount32(o.imm);
  store_multiple(cpu, o, start, start);
}

void exec_PLD(Cpu&, const Operands&) {}

// Exclusives (B2.x "Synchronization and semaphores"): a single local monitor. STREX succeeds when
// the monitor is exclusive for that address; either way the monitor is cleared. The address of
// LDREX/STREX is R[n] + imm (imm already scaled).
template <MemKind k>
void exec_load_exclusive(Cpu& cpu, const Operands& o) {
  const uint32_t addr = cpu.reg(o.rn) + o.imm;
  const uint32_t v = load<k, true>(cpu, addr);
  if (cpu.faulted()) return;
  cpu.state().exclusive_valid = true;
  cpu.state().exclusive_addr = addr;
  cpu.state().exclusive_size = static_cast<uint8_t>(kSize<k>);
  cpu.state().r[o.rd] = v;
}

template <MemKind k>
void exec_store_exclusive(Cpu& cpu, const Operands& o) {
  const uint32_t addr = cpu.reg(o.rn) + o.imm;
  if ((addr & (kSize<k> - 1)) != 0) return cpu.raise(FaultKind::Unaligned);
  ArchState& s = cpu.state();
  // A STREX whose address or size differs from the marking LDREX is CONSTRAINED UNPREDICTABLE
  // (B2.x "Exclusive access instructions"): we choose to fail it, as QEMU does.
  const bool pass = s.exclusive_valid && s.exclusive_addr == addr && s.exclusive_size == kSize<k>;
  if (pass) {
    cpu.write<kSize<k>>(addr, cpu.reg(o.rd));
    if (cpu.faulted()) return;
  }
  s.exclusive_valid = false;
  s.r[o.ra] = pass ? 0u : 1u;
}

template <MemKind k>
void exec_load_acquire(Cpu& cpu, const Operands& o) {
  const uint32_t v = load<k, true>(cpu, cpu.reg(o.rn));
  if (!cpu.faulted()) cpu.state().r[o.rd] = v;
}

template <MemKind k>
void exec_store_release(Cpu& cpu, const Operands& o) {
  cpu.write_aligned<kSize<k>>(cpu.reg(o.rn), cpu.reg(o.rd));
}

#define CORSIM_LS_INSTANTIATE(k)                                         \
  template void exec_load_imm<MemKind::k>(Cpu&, const Operands&);        \
  template void exec_load_reg<MemKind::k>(Cpu&, const Operands&);        \
  template void exec_store_imm<MemKind::k>(Cpu&, const Operands&);       \
  template void exec_store_reg<MemKind::k>(Cpu&, const Operands&);       \
  template void exec_load_exclusive<MemKind::k>(Cpu&, const Operands&);  \
  template void exec_store_exclusive<MemKind::k>(Cpu&, const Operands&); \
  template void exec_load_acquire<MemKind::k>(Cpu&, const Operands&);    \
  template void exec_store_release<MemKind::k>(Cpu&, const Operands&);
CORSIM_LS_INSTANTIATE(Word) CORSIM_LS_INSTANTIATE(Half) CORSIM_LS_INSTANTIATE(SignedHalf)
CORSIM_LS_INSTANTIATE(Byte) CORSIM_LS_INSTANTIATE(SignedByte)
#undef CORSIM_LS_INSTANTIATE

}  // namespace corsim::cpu
