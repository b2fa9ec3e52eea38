#pragma once
// Loads a 32-bit Arm ELF with libelf: each PT_LOAD segment goes to its physical address (LMA)
// through the interconnect's side-effect-free debug path, memsz beyond filesz is zero filled, and
// the symbol table is kept. Errors are one clear line for the CLI (exit status 2), never a crash.
#include <cstdint>
#include <string>
#include <vector>

#include "sim/symbols.h"

namespace corsim::memory { class Interconnect; }

namespace corsim::sim {

struct LoadedSegment {
  uint32_t paddr = 0;
  uint32_t filesz = 0;
  uint32_t memsz = 0;
};

struct ElfImage {
  uint32_t entry = 0;
  std::vector<LoadedSegment> segments;
  SymbolTable symbols;
};

// Returns "" on success, else the error line (without the program name).
std::string load_elf(const std::string& path, memory::Interconnect& bus, ElfImage& image);

// Places a raw file at `address` (FVP --data FILE@ADDR). Returns "" on success, else the error line.
std::string load_data_file(const std::string& path, uint32_t address, memory::Interconnect& bus);

// First address in [address, address+length) that is not backed by loadable memory, if any.
bool range_loadable(memory::Interconnect& bus, uint32_t address, uint64_t length, uint32_t& bad_address);

}  // namespace corsim::sim
