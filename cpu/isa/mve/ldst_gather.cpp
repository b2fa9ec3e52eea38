// MVE gather loads and scatter stores (see ldst_ops.h): a vector of offsets added to Rn (optionally
// scaled by the memory size), or a vector of base addresses plus an immediate with optional
// writeback of the addresses into Qm. A 64-bit element is two word accesses, each predicated by
// its own half of the element (mask bits 0 and 4 of the element), with the address taken from the
// low word of the offset/base element (QEMU's DO_VLDR64_SG).
#include "cpu/cpu.h"
#include "cpu/isa/mve/ldst_ops.h"

namespace corsim::cpu {

namespace {

uint32_t read_sized(Cpu& cpu, uint32_t addr, unsigned bytes) {
  switch (bytes) {
    case 1: return cpu.read<1>(addr);
    case 2: return cpu.read<2>(addr);
    default: return cpu.read<4>(addr);
  }
}
void write_sized(Cpu& cpu, uint32_t addr, unsigned bytes, uint32_t v) {
  switch (bytes) {
    case 1: cpu.write<1>(addr, v); break;
    case 2: cpu.write<2>(addr, v); break;
    default: cpu.write<4>(addr, v); break;
  }
}

// Element e of Q<q> (size `bytes`) as an unsigned value, and its write (all bytes).
uint32_t get_elem(const ArchState& s, unsigned q, unsigned e, unsigned bytes) {
  switch (bytes) {
    case 1: return mve::lane<uint8_t>(s, q, e);
    case 2: return mve::lane<uint16_t>(s, q, e);
    default: return mve::lane<uint32_t>(s, q, e);
  }
}
void set_elem(ArchState& s, unsigned q, unsigned e, unsigned bytes, uint32_t v) {
  switch (bytes) {
    case 1: mve::set_lane<uint8_t>(s, q, e, static_cast<uint8_t>(v), 0xFFFFu); break;
    case 2: mve::set_lane<uint16_t>(s, q, e, static_cast<uint16_t>(v), 0xFFFFu); break;
    default: mve::set_lane<uint32_t>(s, q, e, v, 0xFFFFu); break;
  }
}

uint32_t extend(uint32_t v, unsigned mem_bytes, bool is_signed) {
  if (!is_signed) return v;
  if (mem_bytes == 1) return static_cast<uint32_t>(static_cast<int32_t>(static_cast<int8_t>(v)));
  if (mem_bytes == 2) return static_cast<uint32_t>(static_cast<int32_t>(static_cast<int16_t>(v)));
  return v;
}

}  // namespace

void exec_MVE_VLDR_gather(Cpu& cpu, const Operands& o) {
  if (!mve::check(cpu)) return;
  ArchState& s = cpu.state();
  const uint16_t mask = mve::element_mask(s);
  const uint32_t base = cpu.reg(o.rn);
  if (o.ra == 3) {  // VLDRD: two words per element
    for (unsigned w = 0; w < 4; ++w) {
      const uint32_t addr = base + (mve::lane<uint32_t>(s, o.rm, w & ~1u) << o.imm) + 4 * (w & 1u);
      uint32_t v = 0;
      if ((mask >> (4 * w)) & 1u) {
        v = cpu.read<4>(addr);
        if (cpu.faulted()) return;
      }
      mve::set_lane<uint32_t>(s, o.rd, w, v, 0xFFFFu);
    }
    mve::advance_vpt(s);
    return;
  }
  const unsigned esize = 1u << o.shift_n, msize = 1u << o.ra;
  for (unsigned e = 0; e < 16 / esize; ++e) {
    const uint32_t addr = base + (get_elem(s, o.rm, e, esize) << o.imm);
    uint32_t v = 0;
    if ((mask >> (e * esize)) & 1u) {
      v = extend(read_sized(cpu, addr, msize), msize, o.shift_t == mve::kMveS);
      if (cpu.faulted()) return;
    }
    set_elem(s, o.rd, e, esize, v);
  }
  mve::advance_vpt(s);
}

void exec_MVE_VSTR_scatter(Cpu& cpu, const Operands& o) {
  if (!mve::check(cpu)) return;
  ArchState& s = cpu.state();
  const uint16_t mask = mve::element_mask(s);
  const uint32_t base = cpu.reg(o.rn);
  if (o.ra == 3) {
    for (unsigned w = 0; w < 4; ++w) {
      const uint32_t addr = base + (mve::lane<uint32_t>(s, o.rm, w & ~1u) << o.imm) + 4 * (w & 1u);
      if (!((mask >> (4 * w)) & 1u)) continue;
      cpu.write<4>(addr, mve::lane<uint32_t>(s, o.rd, w));
      if (cpu.faulted()) return;
    }
    mve::advance_vpt(s);
    return;
  }
  const unsigned esize = 1u << o.shift_n, msize = 1u << o.ra;
  for (unsigned e = 0; e < 16 / esize; ++e) {
    if (!((mask >> (e * esize)) & 1u)) continue;
    const uint32_t addr = base + (get_elem(s, o.rm, e, esize) << o.imm);
    write_sized(cpu, addr, msize, get_elem(s, o.rd, e, esize));
    if (cpu.faulted()) return;
  }
  mve::advance_vpt(s);
}

// Vector of bases: address = Qm[e] +/- imm; with writeback Qm[e] = that address, for every
// element whatever the predication (as QEMU does).
template <unsigned kElem>
void exec_MVE_VLDR_base(Cpu& cpu, const Operands& o) {
  if (!mve::check(cpu)) return;
  ArchState& s = cpu.state();
  const uint16_t mask = mve::element_mask(s);
  const uint32_t offset = (o.flags & kAdd) ? o.imm : 0u - o.imm;
  for (unsigned w = 0; w < 4; ++w) {
    const unsigned base_lane = kElem == 8 ? (w & ~1u) : w;
    const uint32_t addr = mve::lane<uint32_t>(s, o.rn, base_lane) + offset + (kElem == 8 ? 4 * (w & 1u) : 0u);
    uint32_t v = 0;
    if ((mask >> (4 * w)) & 1u) {
      v = cpu.read<4>(addr);
      if (cpu.faulted()) return;
    }
    mve::set_lane<uint32_t>(s, o.rd, w, v, 0xFFFFu);
    if ((o.flags & kWback) && (kElem == 4 || (w & 1u)))
      mve::set_lane<uint32_t>(s, o.rn, base_lane, addr - (kElem == 8 ? 4u : 0u), 0xFFFFu);
  }
  mve::advance_vpt(s);
}

template <unsigned kElem>
void exec_MVE_VSTR_base(Cpu& cpu, const Operands& o) {
  if (!mve::check(cpu)) return;
  ArchState& s = cpu.state();
  const uint16_t mask = mve::element_mask(s);
  const uint32_t offset = (o.flags & kAdd) ? o.imm : 0u - o.imm;
  for (unsigned w = 0; w < 4; ++w) {
    const unsigned base_lane = kElem == 8 ? (w & ~1u) : w;
    const uint32_t addr = mve::lane<uint32_t>(s, o.rn, base_lane) + offset + (kElem == 8 ? 4 * (w & 1u) : 0u);
    if ((mask >> (4 * w)) & 1u) {
      cpu.write<4>(addr, mve::lane<uint32_t>(s, o.rd, w));
      if (cpu.faulted()) return;
    }
    if ((o.flags & kWback) && (kElem == 4 || (w & 1u)))
      mve::set_lane<uint32_t>(s, o.rn, base_lane, addr - (kElem == 8 ? 4u : 0u), 0xFFFFu);
  }
  mve::advance_vpt(s);
}

template void exec_MVE_VLDR_base<4>(Cpu&, const Operands&);
template void exec_MVE_VLDR_base<8>(Cpu&, const Operands&);
template void exec_MVE_VSTR_base<4>(Cpu&, const Operands&);
template void exec_MVE_VSTR_base<8>(Cpu&, const Operands&);

}  // namespace corsim::cpu
