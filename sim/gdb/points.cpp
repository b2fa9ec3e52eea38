#include "sim/gdb/points.h"

#include <vector>

#include "cpu/scs/dwt.h"
#include "cpu/scs/fpb.h"

namespace corsim::sim::gdb {

using cpu::scs::Dwt;
using cpu::scs::Fpb;

namespace {

// DWT_FUNCTION for a piece of 2^log2size bytes: a debug event on the accesses `type` watches.
uint32_t watch_function(PointType type, unsigned log2size) {
  const uint32_t match = type == PointType::WriteWatch ? Dwt::kMatchDataWrite
                         : type == PointType::ReadWatch ? Dwt::kMatchDataRead
                                                        : Dwt::kMatchDataAccess;
  return (log2size << Dwt::kDataVSizeShift) | Dwt::kActionDebugEvent | match;
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

bool Points::insert(PointType type, uint32_t address, uint32_t length) {
  switch (type) {
    case PointType::Software: software_.insert(address & ~1u); return true;
    case PointType::Hardware: return insert_breakpoint(address);
    default: return insert_watchpoint(type, address, length);
  }
}

bool Points::remove(PointType type, uint32_t address, uint32_t length) {
  switch (type) {
    case PointType::Software: return software_.erase(address & ~1u) != 0;
    case PointType::Hardware: return remove_breakpoint(address);
    default: return remove_watchpoint(type, address, length);
  }
}

std::string_view Points::watch_kind(uint32_t dwt_function) {
  switch (dwt_function & Dwt::kMatchMask) {
    case Dwt::kMatchDataWrite: return "watch";
    case Dwt::kMatchDataRead: return "rwatch";
    default: return "awatch";
  }
}

uint32_t Points::read(uint32_t offset) {
  uint32_t v = 0;
  ppb_.read(offset, 4, v, memory::AccessAttrs{memory::Master::Debug, true, true});
  return v;
}

void Points::write(uint32_t offset, uint32_t value) {
  ppb_.write(offset, 4, value, memory::AccessAttrs{memory::Master::Debug, true, true});
}

bool Points::insert_breakpoint(uint32_t address) {
  for (unsigned i = 0; i < cpu::scs::Fpb::kComparators; ++i) {
    if ((read(Fpb::comp(i)) & Fpb::kCompEnable) != 0) continue;
    write(Fpb::comp(i), (address & ~1u) | Fpb::kCompEnable);
    write(Fpb::kCtrl, Fpb::kCtrlKey | Fpb::kCtrlEnable);
    return true;
  }
  return false;
}

bool Points::remove_breakpoint(uint32_t address) {
  for (unsigned i = 0; i < cpu::scs::Fpb::kComparators; ++i) {
    if (read(Fpb::comp(i)) == ((address & ~1u) | Fpb::kCompEnable)) {
      write(Fpb::comp(i), 0);
      return true;
    }
  }
  return false;
}

bool Points::insert_watchpoint(PointType type, uint32_t address, uint32_t length) {
  if (length == 0 || length > kMaxWatchLength) return false;
  const std::vector<Piece> todo = pieces(address, length);
  std::vector<unsigned> free;
  for (unsigned i = 0; i < cpu::scs::Dwt::kComparators; ++i) {
    if ((read(Dwt::function(i)) & Dwt::kMatchMask) == 0) free.push_back(i);
  }
  if (free.size() < todo.size()) return false;
  for (size_t k = 0; k < todo.size(); ++k) {
    write(Dwt::comp(free[k]), todo[k].address);
    write(Dwt::function(free[k]), watch_function(type, todo[k].log2size));
  }
  return true;
}

bool Points::remove_watchpoint(PointType type, uint32_t address, uint32_t length) {
  if (length > kMaxWatchLength) return false;  // never inserted
  bool all = true;
  for (const Piece& p : pieces(address, length)) {
    bool found = false;
    for (unsigned i = 0; i < cpu::scs::Dwt::kComparators && !found; ++i) {
      if (read(Dwt::comp(i)) == p.address && read(Dwt::function(i)) == watch_function(type, p.log2size)) {
        write(Dwt::function(i), 0);
        found = true;
      }
    }
    all &= found;
  }
  return all;
}

}  // namespace corsim::sim::gdb
