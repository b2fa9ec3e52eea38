#include "sim/gdb/hardware_points.h"

#include <vector>

#include "cpu/scs/dwt.h"
#include "cpu/scs/fpb.h"

namespace corsim::sim::gdb {

namespace {

constexpr uint32_t kFpCtrl = cpu::scs::Fpb::kBase;
constexpr uint32_t kFpComp0 = cpu::scs::Fpb::kBase + 0x008;
constexpr uint32_t kDwtComp0 = cpu::scs::Dwt::kBase + 0x020;      // DWT_COMPn at 0x20 + 16n
constexpr uint32_t kDwtFunction0 = cpu::scs::Dwt::kBase + 0x028;  // DWT_FUNCTIONn at 0x28 + 16n

// DWT_FUNCTION for a piece of 2^log2size bytes: ACTION = 0b01 (debug event), MATCH by type.
uint32_t dwt_function(PointType type, unsigned log2size) {
  const uint32_t match = type == PointType::WriteWatch ? 0b0101u : type == PointType::ReadWatch ? 0b0110u : 0b0100u;
  return (log2size << 10) | (1u << 4) | match;
}

struct Piece {
  uint32_t address;
  unsigned log2size;
};

// Naturally aligned pieces of at most a word covering [address, address + length).
std::vector<Piece> pieces(uint32_t address, uint32_t length) {
  std::vector<Piece> out;
  uint64_t a = address;
  const uint64_t end = uint64_t{address} + length;
  while (a < end) {
    unsigned log2size = 2;
    while (log2size > 0 && ((a & ((1u << log2size) - 1)) != 0 || a + (1u << log2size) > end)) --log2size;
    out.push_back({static_cast<uint32_t>(a), log2size});
    a += 1u << log2size;
  }
  return out;
}

// The longest range the comparators can cover: one naturally aligned word each (DATAVSIZE at most
// 2). A longer Z2-Z4 length is refused before pieces() would build one entry per word of it (a
// length of 0xffffffff asked for 8 GiB; found by fuzz/gdb_packet_fuzz.cpp).
constexpr uint32_t kMaxWatchLength = 4 * cpu::scs::Dwt::kComparators;

}  // namespace

uint32_t HardwarePoints::read(uint32_t offset) {
  uint32_t v = 0;
  ppb_.read(offset, 4, v, memory::AccessAttrs{memory::Master::Debug, true, true});
  return v;
}

void HardwarePoints::write(uint32_t offset, uint32_t value) {
  ppb_.write(offset, 4, value, memory::AccessAttrs{memory::Master::Debug, true, true});
}

bool HardwarePoints::insert_breakpoint(uint32_t address) {
  for (unsigned i = 0; i < cpu::scs::Fpb::kComparators; ++i) {
    if ((read(kFpComp0 + 4 * i) & 1u) != 0) continue;
    write(kFpComp0 + 4 * i, (address & ~1u) | 1u);
    write(kFpCtrl, 0x3);  // KEY | ENABLE
    return true;
  }
  return false;
}

bool HardwarePoints::remove_breakpoint(uint32_t address) {
  for (unsigned i = 0; i < cpu::scs::Fpb::kComparators; ++i) {
    if (read(kFpComp0 + 4 * i) == ((address & ~1u) | 1u)) {
      write(kFpComp0 + 4 * i, 0);
      return true;
    }
  }
  return false;
}

bool HardwarePoints::insert_watchpoint(PointType type, uint32_t address, uint32_t length) {
  if (length == 0 || length > kMaxWatchLength) return false;
  const std::vector<Piece> todo = pieces(address, length);
  std::vector<unsigned> free;
  for (unsigned i = 0; i < cpu::scs::Dwt::kComparators; ++i) {
    if ((read(kDwtFunction0 + 16 * i) & 0xFu) == 0) free.push_back(i);
  }
  if (free.size() < todo.size()) return false;
  for (size_t k = 0; k < todo.size(); ++k) {
    write(kDwtComp0 + 16 * free[k], todo[k].address);
    write(kDwtFunction0 + 16 * free[k], dwt_function(type, todo[k].log2size));
  }
  return true;
}

bool HardwarePoints::remove_watchpoint(PointType type, uint32_t address, uint32_t length) {
  if (length > kMaxWatchLength) return false;  // never inserted
  bool all = true;
  for (const Piece& p : pieces(address, length)) {
    bool found = false;
    for (unsigned i = 0; i < cpu::scs::Dwt::kComparators && !found; ++i) {
      if (read(kDwtComp0 + 16 * i) == p.address && read(kDwtFunction0 + 16 * i) == dwt_function(type, p.log2size)) {
        write(kDwtFunction0 + 16 * i, 0);
        found = true;
      }
    }
    all &= found;
  }
  return all;
}

}  // namespace corsim::sim::gdb
