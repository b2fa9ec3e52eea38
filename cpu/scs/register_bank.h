#pragma once
// Registers as data (ARCHITECTURE §3 "Devices"): each register of an SCS block is an offset, a
// name and a read and a write action. The bank does the byte-lane arithmetic: a sub-word access
// reads the containing word and extracts the lanes; a sub-word write passes the written lanes as
// a byte mask so byte-accessible registers (NVIC_IPR, SHPR, ITM stimulus ports) and W1C registers
// act on exactly the bytes written.
#include <cstdint>
#include <functional>
#include <map>
#include <string_view>

namespace corsim::cpu::scs {

// Merges the written lanes into an old value.
constexpr uint32_t merge(uint32_t old_value, uint32_t value, uint32_t lanes) {
  return (old_value & ~lanes) | (value & lanes);
}

class RegisterBank {
 public:
  using ReadFn = std::function<uint32_t()>;
  // `value` holds the written bytes in their lanes; `lanes` is 0xFF per written byte.
  using WriteFn = std::function<void(uint32_t value, uint32_t lanes)>;

  // A null read reads as zero (write-only register); a null write ignores writes (read-only).
  void add(uint32_t offset, std::string_view name, ReadFn read, WriteFn write);
  void add_const(uint32_t offset, std::string_view name, uint32_t value);
  // Plain storage; only `writable` bits change.
  void add_storage(uint32_t offset, std::string_view name, uint32_t& storage, uint32_t writable = ~0u);

  bool contains(uint32_t offset) const { return registers_.count(offset & ~3u) != 0; }
  std::string_view name_of(uint32_t offset) const;
  // False when no register is declared at the word containing `offset`.
  bool read(uint32_t offset, unsigned size, uint32_t& value) const;
  bool write(uint32_t offset, unsigned size, uint32_t value);

 private:
  struct Register {
    std::string_view name;
    ReadFn read;
    WriteFn write;
  };
  std::map<uint32_t, Register> registers_;
};

}  // namespace corsim::cpu::scs
