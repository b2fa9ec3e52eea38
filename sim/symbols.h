#pragma once
// The firmware's symbol table, kept for reports and fault messages (address -> function+offset).
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace corsim::sim {

struct Symbol {
  uint32_t address = 0;  // Thumb bit cleared
  uint32_t size = 0;
  std::string name;
  bool is_function = false;
  uint8_t rank = 0;  // binding preference when symbols share an address: 0 global, 1 weak, 2 local
};

class SymbolTable {
 public:
  void add(Symbol symbol);
  void finalize();  // sorts; call after the last add()

  // The symbol covering `address` (functions preferred); a symbol of size 0 covers up to the next one.
  const Symbol* lookup(uint32_t address) const;
  // "name+0x12", "name" at offset 0, or "" when nothing covers the address.
  std::string describe(uint32_t address) const;
  std::optional<uint32_t> address_of(std::string_view name) const;
  size_t size() const { return symbols_.size(); }
  const std::vector<Symbol>& all() const { return symbols_; }  // sorted by address

 private:
  std::vector<Symbol> symbols_;  // sorted by address
};

}  // namespace corsim::sim
