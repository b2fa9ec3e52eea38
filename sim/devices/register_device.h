#pragma once
// Base for MMIO devices whose registers are declared as data (ARCHITECTURE §3 "Devices", after
// Renode's register DSL): each register has an offset, a name and read/write actions. The base
// handles sub-word accesses and unknown offsets, which are reported once (per offset) and answered
// as the hardware would: read-as-zero/write-ignored (APB peripherals without PSLVERR, as the
// CMSDK/SSE-300 blocks are) or a bus error, chosen per device.
#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <string_view>

#include "memory/target.h"

namespace corsim::sim {

enum class UnknownRegister : uint8_t { RazWi, BusError };

class RegisterDevice : public memory::Target {
 public:
  using ReadFn = std::function<uint32_t()>;
  using WriteFn = std::function<void(uint32_t)>;

  RegisterDevice(std::string name, UnknownRegister policy = UnknownRegister::RazWi)
      : name_(std::move(name)), policy_(policy) {}

  std::string_view name() const override { return name_; }
  memory::BusResponse read(uint32_t offset, unsigned size, uint32_t& value, const memory::AccessAttrs&) override;
  memory::BusResponse write(uint32_t offset, unsigned size, uint32_t value, const memory::AccessAttrs&) override;
  // Debug reads answer registers marked side-effect free (all but those declared with a read
  // action that acts); debug writes are refused.
  bool debug_read(uint32_t offset, unsigned size, uint32_t& value) override;

  // Register-level access by word offset, for tests and for the owning model.
  uint32_t read_register(uint32_t offset);
  void write_register(uint32_t offset, uint32_t value);

  // How many distinct unknown offsets were reported (tests check the log-once behaviour).
  size_t unknown_reports() const { return reported_.size(); }

 protected:
  // A null read action reads as zero (write-only register); a null write action makes the register
  // read-only: writes are ignored and reported once.
  void add(uint32_t offset, std::string_view name, ReadFn read, WriteFn write, bool read_has_side_effects = false);
  void add_const(uint32_t offset, std::string_view name, uint32_t value);
  // A plain read/write register; only `write_mask` bits are writable.
  void add_storage(uint32_t offset, std::string_view name, uint32_t& storage, uint32_t write_mask = 0xFFFFFFFFu);
  // The CoreSight-style PID4..7, PID0..3, CID0..3 block at 0xFD0..0xFFC (12 bytes, in that order).
  void add_id_registers(const uint8_t (&ids)[12]);

 private:
  struct Register {
    std::string_view name;
    ReadFn read;
    WriteFn write;
    bool read_has_side_effects = false;
  };
  void report(uint32_t offset, bool is_write, std::string_view what);

  std::string name_;
  UnknownRegister policy_;
  std::map<uint32_t, Register> registers_;
  std::set<uint64_t> reported_;  // (offset << 1) | is_write
};

}  // namespace corsim::sim
