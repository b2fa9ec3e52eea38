#include "cpu/scs/dwt.h"

namespace corsim::cpu::scs {

void Dwt::reset() {
  ctrl_ = kCtrlReset;
  cyccnt_ = 0;
  last_ = time_.now();
  was_counting_ = false;
  comparators_.fill(0);
}

void Dwt::settle() {
  const Cycles now = time_.now();
  // DEMCR.TRCENA lives in another block: its changes are seen at the next DWT access, which is
  // exact for the usual order (enable TRCENA, then touch the DWT).
  if (was_counting_) cyccnt_ += static_cast<uint32_t>(now - last_);
  last_ = now;
  was_counting_ = counting();
}

uint32_t Dwt::cyccnt() {
  settle();
  return cyccnt_;
}

namespace {
bool is_data_watch(uint32_t function) {
  const uint32_t match = function & Dwt::kMatchMask;
  return (function & Dwt::kActionMask) == Dwt::kActionDebugEvent && match >= Dwt::kMatchDataAccess &&
         match <= Dwt::kMatchDataRead;
}
}  // namespace

bool Dwt::any_data_watch() const {
  for (unsigned i = 0; i < kComparators; ++i) {
    if (is_data_watch(comparators_[3 * i + 1])) return true;
  }
  return false;
}

int Dwt::data_match(uint32_t address, unsigned size, bool write) const {
  for (unsigned i = 0; i < kComparators; ++i) {
    const uint32_t function = comparators_[3 * i + 1];
    if (!is_data_watch(function)) continue;
    const uint32_t match = function & kMatchMask;
    if ((match == kMatchDataWrite && !write) || (match == kMatchDataRead && write)) continue;
    const uint32_t bytes = 1u << ((function >> kDataVSizeShift) & 3u);
    const uint64_t lo = comparators_[3 * i] & ~(bytes - 1);
    if (address < lo + bytes && lo < uint64_t{address} + size) return static_cast<int>(i);
  }
  return -1;
}

void Dwt::add_registers(memory::RegisterBank& bank) {
  // CTRL: CYCCNTENA bit 0 and the event enables [22:1] are writable; NUMCOMP/NOxxx are RO.
  bank.add(kBase + 0x000, "DWT_CTRL", [this] { return ctrl_; },
           [this](uint32_t v, uint32_t lanes) {
             settle();
             ctrl_ = memory::merge_lanes(ctrl_, v, lanes & 0x007F'FFFFu);
             was_counting_ = counting();
           });
  bank.add(kBase + 0x004, "DWT_CYCCNT", [this] { return cyccnt(); },
           [this](uint32_t v, uint32_t lanes) {
             settle();
             cyccnt_ = memory::merge_lanes(cyccnt_, v, lanes);
           });
  for (uint32_t off : {0x008u, 0x00Cu, 0x010u, 0x014u, 0x018u}) bank.add_const(kBase + off, "DWT_PROFCNT", 0);
  bank.add_const(kBase + 0x01C, "DWT_PCSR", 0);
  for (unsigned i = 0; i < kComparators; ++i) {
    bank.add_storage(comp(i), "DWT_COMP", comparators_[3 * i]);
    // DWT_FUNCTION: DATAVSIZE [11:10], ACTION [5:4], MATCH [3:0] writable.
    bank.add_storage(function(i), "DWT_FUNCTION", comparators_[3 * i + 1], 0x0000'0C3Fu);
  }
  bank.add(kBase + 0xFB0, "DWT_LAR", nullptr, [](uint32_t, uint32_t) {});
  bank.add_const(kBase + 0xFB4, "DWT_LSR", 0);
}

}  // namespace corsim::cpu::scs
