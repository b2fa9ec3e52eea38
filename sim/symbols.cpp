#include "sim/symbols.h"

#include <algorithm>
#include <iterator>

#include <fmt/format.h>

namespace corsim::sim {

void SymbolTable::add(Symbol symbol) { symbols_.push_back(std::move(symbol)); }

void SymbolTable::finalize() {
  // Among symbols at one address: functions before labels, then global before weak before local
  // (a weak alias such as IRQ43_Handler loses to the Default_Handler it aliases).
  std::stable_sort(symbols_.begin(), symbols_.end(), [](const Symbol& a, const Symbol& b) {
    if (a.address != b.address) return a.address < b.address;
    if (a.is_function != b.is_function) return a.is_function;
    return a.rank < b.rank;
  });
}

const Symbol* SymbolTable::lookup(uint32_t address) const {
  auto it = std::upper_bound(symbols_.begin(), symbols_.end(), address,
                             [](uint32_t a, const Symbol& s) { return a < s.address; });
  // Walk back: a sized symbol covering the address wins; otherwise the closest size-0 label
  // (assembly) covers it, unless a sized symbol ends between that label and the address. Among
  // symbols at one address the first in sort order (the preferred one) is returned.
  const Symbol* label = nullptr;
  while (it != symbols_.begin()) {
    --it;
    const Symbol& s = *it;
    if (s.size == 0) {
      if (!label || label->address == s.address) label = &s;
      continue;
    }
    if (address - s.address >= s.size) return (label && label->address >= s.address + s.size) ? label : nullptr;
    const Symbol* best = &s;
    while (it != symbols_.begin() && std::prev(it)->address == s.address) {
      --it;
      if (it->size != 0 && address - it->address < it->size) best = &*it;
    }
    return best;
  }
  return label;
}

std::string SymbolTable::describe(uint32_t address) const {
  const Symbol* s = lookup(address);
  if (!s) return {};
  const uint32_t offset = address - s->address;
  return offset == 0 ? s->name : fmt::format("{}+{:#x}", s->name, offset);
}

std::optional<uint32_t> SymbolTable::address_of(std::string_view name) const {
  for (const Symbol& s : symbols_) {
    if (s.name == name) return s.address;
  }
  return std::nullopt;
}

}  // namespace corsim::sim
