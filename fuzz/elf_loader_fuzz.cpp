// Fuzz target: the ELF loader (sim/elf_loader.cpp, libelf) on a Corstone-300 address map. Any
// input must give either a loaded image or one error line; nothing may read or write out of bounds.
#include <cstddef>
#include <cstdint>

#include "fuzz/fuzz_file.h"
#include "memory/interconnect.h"
#include "memory/ram.h"
#include "sim/elf_loader.h"

using namespace corsim;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  static fuzz::MemoryFile file;
  const std::string path = file.hold(data, size);
  // A small map with a gap: code RAM at 0, SRAM at 0x20000000. Memories are backed page by page, so
  // a segment that names a large range costs what it writes. The map is built once (an Interconnect
  // holds a 2^20-entry page table): what the loader does does not depend on earlier contents.
  static memory::Ram code("code", 512 * 1024), sram("sram", 2 * 1024 * 1024);
  static memory::Interconnect& bus = *[] {
    auto* b = new memory::Interconnect;
    b->map(0x00000000, 512 * 1024, code, "code");
    b->map(0x20000000, 2 * 1024 * 1024, sram, "sram");
    return b;
  }();
  sim::ElfImage image;
  const std::string error = sim::load_elf(path, bus, image);
  if (error.empty()) {
    // The symbol table must answer lookups for any address.
    for (const auto& s : image.segments) (void)image.symbols.describe(s.paddr);
    (void)image.symbols.describe(image.entry);
    (void)image.symbols.address_of("main");
  }
  return 0;
}
