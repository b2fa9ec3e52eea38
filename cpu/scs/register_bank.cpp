#include "cpu/scs/register_bank.h"

namespace corsim::cpu::scs {

namespace {
uint32_t size_mask(unsigned size) { return size >= 4 ? 0xFFFF'FFFFu : ((1u << (8 * size)) - 1); }
}  // namespace

void RegisterBank::add(uint32_t offset, std::string_view name, ReadFn read, WriteFn write) {
  registers_[offset & ~3u] = Register{name, std::move(read), std::move(write)};
}

void RegisterBank::add_const(uint32_t offset, std::string_view name, uint32_t value) {
  add(offset, name, [value] { return value; }, nullptr);
}

void RegisterBank::add_storage(uint32_t offset, std::string_view name, uint32_t& storage, uint32_t writable) {
  add(offset, name, [&storage] { return storage; },
      [&storage, writable](uint32_t v, uint32_t lanes) { storage = merge(storage, v, lanes & writable); });
}

std::string_view RegisterBank::name_of(uint32_t offset) const {
  auto it = registers_.find(offset & ~3u);
  return it == registers_.end() ? std::string_view{} : it->second.name;
}

bool RegisterBank::read(uint32_t offset, unsigned size, uint32_t& value) const {
  auto it = registers_.find(offset & ~3u);
  if (it == registers_.end()) return false;
  const uint32_t word = it->second.read ? it->second.read() : 0u;
  value = (word >> (8 * (offset & 3u))) & size_mask(size);
  return true;
}

bool RegisterBank::write(uint32_t offset, unsigned size, uint32_t value) {
  auto it = registers_.find(offset & ~3u);
  if (it == registers_.end()) return false;
  if (it->second.write) {
    const unsigned shift = 8 * (offset & 3u);
    it->second.write((value & size_mask(size)) << shift, size_mask(size) << shift);
  }
  return true;
}

}  // namespace corsim::cpu::scs
