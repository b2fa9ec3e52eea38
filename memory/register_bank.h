#pragma once
// Memory-mapped registers as data, the one way every device in corsim declares them (the System
// Control Space, the platform peripherals, the NPUs): after Renode's register DSL and QEMU's
// `hw/registerfields.h` (docs/architecture.md "One way to declare a device's registers"). A
// register is one declaration: its offset, name, access, reset value, writable bits and read/write
// behaviour. The bank does the rest the same way for every device:
//
// * byte lanes, chosen per bank from the bus the device sits on (`ByteLanes`);
// * unknown offsets, answered by a per-offset-range policy (`UnknownAccess`) and reported once per
//   offset and direction through spdlog, naming the device;
// * side-effect-free debug reads (a register whose read acts refuses them);
// * reset of every storage register to its declared reset value.
//
// Registers are 32-bit words; a 64-bit register is two declarations (…_LO at n, …_HI at n + 4).
#include <cstdint>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "memory/target.h"

namespace corsim::memory {

// How sub-word accesses reach a register, which depends on the bus in front of the device.
enum class ByteLanes : uint8_t {
  // AHB/AXI with write strobes (the PPB): a sub-word write changes exactly the bytes written
  // (NVIC_IPR, SHPR, ITM stimulus ports are byte-accessible).
  Strobed,
  // APB3 without PSTRB (the CMSDK/SSE-300 blocks): a sub-word write reaches the register as the
  // whole word with the data in its lane and zeros in the others; sub-word reads return lanes.
  ApbNoStrobe,
  // Only aligned 32-bit accesses; any other size or alignment is a bus error (the Ethos-U
  // register interface, which its driver always accesses as words).
  WordOnly,
};

// How an access to a word with no declared register is answered.
enum class UnknownAccess : uint8_t {
  RazWi,       // reads as zero, writes ignored, reported once per offset (APB blocks without PSLVERR)
  RazWiQuiet,  // the same, not reported: space firmware is expected to probe (a Non-secure alias)
  BusError,    // a slave error on the bus, reported once per offset
};

// Merges the written lanes into an old value.
constexpr uint32_t merge_lanes(uint32_t old_value, uint32_t value, uint32_t lanes) {
  return (old_value & ~lanes) | (value & lanes);
}

class RegisterBank {
 public:
  using ReadFn = std::function<uint32_t()>;
  // `value` holds the written bytes in their lanes; `lanes` is 0xFF per byte written (always the
  // whole word for ApbNoStrobe and WordOnly banks).
  using WriteFn = std::function<void(uint32_t value, uint32_t lanes)>;
  enum class ReadEffect : uint8_t { None, Acts };  // Acts: the read changes state (no debug reads)

  explicit RegisterBank(std::string device_name, ByteLanes lanes = ByteLanes::ApbNoStrobe,
                        UnknownAccess unknown = UnknownAccess::RazWi);
  RegisterBank(const RegisterBank&) = delete;
  RegisterBank& operator=(const RegisterBank&) = delete;

  // --- Declarations (an offset may be declared once; a second declaration is a programming
  // error and aborts with the two names) ---
  // A register with behaviour. A null read reads as zero (write-only register); a null write
  // ignores writes and reports them once (read-only register).
  void add(uint32_t offset, std::string_view name, ReadFn read, WriteFn write,
           ReadEffect effect = ReadEffect::None);
  // A read-only constant.
  void add_const(uint32_t offset, std::string_view name, uint32_t value);
  // Plain storage: reads return it, writes change the `writable` bits of the written lanes, and
  // reset() sets it to `reset_value`.
  void add_storage(uint32_t offset, std::string_view name, uint32_t& storage, uint32_t writable = ~0u,
                   uint32_t reset_value = 0);
  // `count` registers `stride` bytes apart, one behaviour taking the index.
  void add_array(uint32_t offset, unsigned count, uint32_t stride, std::string_view name,
                 std::function<uint32_t(unsigned)> read, std::function<void(unsigned, uint32_t, uint32_t)> write);
  // The CoreSight PID4..7, PID0..3, CID0..3 block at 0xFD0..0xFFC (12 bytes, in that order).
  void add_id_registers(const uint8_t (&ids)[12]);
  // Unknown words in [begin, end) are answered with `policy` instead of the bank's default.
  void set_unknown(uint32_t begin, uint32_t end, UnknownAccess policy);

  // Storage registers to their reset values (behaviour registers belong to their model's reset).
  void reset();

  // --- Access from the bus (offsets relative to the device base) ---
  BusResponse read(uint32_t offset, unsigned size, uint32_t& value);
  BusResponse write(uint32_t offset, unsigned size, uint32_t value);
  // Side-effect free: false for unknown words and registers whose read acts.
  bool debug_read(uint32_t offset, unsigned size, uint32_t& value) const;

  // --- Word access for the owning model and tests (no lane or size rules) ---
  uint32_t read_word(uint32_t offset);
  void write_word(uint32_t offset, uint32_t value);

  bool contains(uint32_t offset) const { return registers_.count(offset & ~3u) != 0; }
  std::string_view name_of(uint32_t offset) const;
  std::string_view device_name() const { return device_; }
  // Distinct (offset, direction) pairs reported so far (tests check the log-once behaviour).
  size_t unknown_reports() const { return reported_.size(); }

 private:
  struct Register {
    std::string_view name;
    ReadFn read;
    WriteFn write;
    ReadEffect effect = ReadEffect::None;
    uint32_t* storage = nullptr;  // storage registers: reset() writes reset_value here
    uint32_t reset_value = 0;
  };
  struct UnknownRange {
    uint32_t begin, end;
    UnknownAccess policy;
  };
  void declare(uint32_t offset, Register r);
  UnknownAccess unknown_policy(uint32_t word) const;
  // Answers an access to an unknown word; reports it once unless quiet.
  BusResponse unknown(uint32_t word, bool is_write);
  void report(uint32_t word, bool is_write, std::string_view what, std::string_view outcome);

  std::string device_;
  ByteLanes lanes_;
  UnknownAccess default_unknown_;
  std::vector<UnknownRange> unknown_ranges_;
  std::map<uint32_t, Register> registers_;
  std::set<uint64_t> reported_;  // (offset << 1) | is_write
};

// A memory-mapped device that is one register bank: the bank answers the bus.
class RegisterTarget : public Target {
 public:
  std::string_view name() const override { return bank_.device_name(); }
  BusResponse read(uint32_t offset, unsigned size, uint32_t& value, const AccessAttrs&) override {
    return bank_.read(offset, size, value);
  }
  BusResponse write(uint32_t offset, unsigned size, uint32_t value, const AccessAttrs&) override {
    return bank_.write(offset, size, value);
  }
  bool debug_read(uint32_t offset, unsigned size, uint32_t& value) override {
    return bank_.debug_read(offset, size, value);
  }

  RegisterBank& registers() { return bank_; }

 protected:
  explicit RegisterTarget(std::string name, ByteLanes lanes = ByteLanes::ApbNoStrobe,
                          UnknownAccess unknown = UnknownAccess::RazWi)
      : bank_(std::move(name), lanes, unknown) {}

 private:
  RegisterBank bank_;
};

}  // namespace corsim::memory
