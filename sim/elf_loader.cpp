#include "sim/elf_loader.h"

#include <fcntl.h>
#include <gelf.h>
#include <libelf.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <vector>

#include <fmt/format.h>

#include "memory/interconnect.h"

namespace corsim::sim {

namespace {

// Zero fill larger than this relies on memory starting zeroed (RAM is backed lazily by zeroed
// pages), so a 60 MiB .bss in DDR does not allocate 60 MiB at load time.
constexpr uint64_t kExplicitZeroFillLimit = 1u << 20;

class ElfHandle {
 public:
  explicit ElfHandle(int fd) : fd_(fd), elf_(elf_begin(fd, ELF_C_READ, nullptr)) {}
  ~ElfHandle() {
    if (elf_) elf_end(elf_);
    if (fd_ >= 0) close(fd_);
  }
  ElfHandle(const ElfHandle&) = delete;
  ElfHandle& operator=(const ElfHandle&) = delete;
  Elf* get() const { return elf_; }

 private:
  int fd_;
  Elf* elf_;
};

std::string hex(uint64_t v) { return fmt::format("{:#010x}", v); }

void read_symbols(Elf* elf, SymbolTable& table) {
  Elf_Scn* scn = nullptr;
  while ((scn = elf_nextscn(elf, scn)) != nullptr) {
    GElf_Shdr shdr;
    if (!gelf_getshdr(scn, &shdr) || shdr.sh_type != SHT_SYMTAB || shdr.sh_entsize == 0) continue;
    Elf_Data* data = elf_getdata(scn, nullptr);
    if (!data) continue;
    const size_t count = shdr.sh_size / shdr.sh_entsize;
    for (size_t i = 0; i < count; ++i) {
      GElf_Sym sym;
      if (!gelf_getsym(data, static_cast<int>(i), &sym)) continue;
      const unsigned type = GELF_ST_TYPE(sym.st_info);
      if (type != STT_FUNC && type != STT_OBJECT && type != STT_NOTYPE) continue;
      if (sym.st_shndx == SHN_UNDEF || sym.st_shndx == SHN_ABS) continue;
      const char* name = elf_strptr(elf, shdr.sh_link, sym.st_name);
      // Skip unnamed symbols and the Arm mapping symbols ($t, $d, $a) of AAELF32 5.5.5.
      if (!name || name[0] == '\0' || name[0] == '$') continue;
      Symbol s;
      s.is_function = type == STT_FUNC;
      s.address = static_cast<uint32_t>(sym.st_value) & (s.is_function ? ~1u : ~0u);
      s.size = static_cast<uint32_t>(sym.st_size);
      s.name = name;
      const unsigned bind = GELF_ST_BIND(sym.st_info);
      s.rank = bind == STB_GLOBAL ? 0 : bind == STB_WEAK ? 1 : 2;
      table.add(std::move(s));
    }
  }
  table.finalize();
}

}  // namespace

bool range_loadable(memory::Interconnect& bus, uint32_t address, uint64_t length, uint32_t& bad_address) {
  uint64_t a = address;
  const uint64_t end = uint64_t{address} + length;
  if (end > (uint64_t{1} << 32)) {
    // The part that wraps past 4 GiB is never mapped.
    if (!range_loadable(bus, address, (uint64_t{1} << 32) - address, bad_address)) return false;
    bad_address = 0xFFFFFFFFu;
    return false;
  }
  while (a < end) {
    const memory::Mapping* m = bus.find(static_cast<uint32_t>(a));
    // Only plain memory can be loaded: a device page has no host page.
    if (!m || m->target->host_page((m->target_offset + static_cast<uint32_t>(a - m->base)) &
                                   ~(memory::kPageSize - 1)) == nullptr) {
      bad_address = static_cast<uint32_t>(a);
      return false;
    }
    a = uint64_t{m->base} + m->size;
  }
  return true;
}

std::string load_elf(const std::string& path, memory::Interconnect& bus, ElfImage& image) {
  if (elf_version(EV_CURRENT) == EV_NONE) return "libelf initialisation failed";
  const int fd = open(path.c_str(), O_RDONLY);
  if (fd < 0) return fmt::format("cannot open firmware '{}': {}", path, std::strerror(errno));
  ElfHandle handle(fd);
  Elf* elf = handle.get();
  if (!elf || elf_kind(elf) != ELF_K_ELF) return fmt::format("'{}' is not an ELF file", path);
  if (gelf_getclass(elf) != ELFCLASS32) return fmt::format("'{}' is not a 32-bit ELF (need 32-bit Arm)", path);
  GElf_Ehdr ehdr;
  if (!gelf_getehdr(elf, &ehdr)) return fmt::format("'{}': unreadable ELF header", path);
  if (ehdr.e_machine != EM_ARM) {
    return fmt::format("'{}' is for machine {} , not Arm (EM_ARM = 40)", path, ehdr.e_machine);
  }
  if (ehdr.e_ident[EI_DATA] != ELFDATA2LSB) return fmt::format("'{}' is big-endian; corsim needs little-endian Arm", path);
  if (ehdr.e_type != ET_EXEC) return fmt::format("'{}' is not an executable ELF (e_type {})", path, ehdr.e_type);

  size_t phnum = 0;
  if (elf_getphdrnum(elf, &phnum) != 0) return fmt::format("'{}': unreadable program headers", path);
  size_t file_size = 0;
  const char* raw = elf_rawfile(elf, &file_size);
  if (!raw) return fmt::format("'{}': cannot read file contents", path);

  image = ElfImage{};
  image.entry = static_cast<uint32_t>(ehdr.e_entry);
  unsigned loaded = 0;
  for (size_t i = 0; i < phnum; ++i) {
    GElf_Phdr ph;
    if (!gelf_getphdr(elf, static_cast<int>(i), &ph)) return fmt::format("'{}': bad program header {}", path, i);
    if (ph.p_type != PT_LOAD || ph.p_memsz == 0) continue;
    if (ph.p_filesz > ph.p_memsz || ph.p_offset + ph.p_filesz > file_size) {
      return fmt::format("'{}': segment {} is truncated or inconsistent (corrupt ELF)", path, i);
    }
    const uint32_t paddr = static_cast<uint32_t>(ph.p_paddr);
    uint32_t bad = 0;
    if (!range_loadable(bus, paddr, ph.p_memsz, bad)) {
      return fmt::format("'{}': segment {} [{}, {}) lies outside the platform's memory (first bad address {})",
                         path, i, hex(paddr), hex(uint64_t{paddr} + ph.p_memsz), hex(bad));
    }
    const auto* bytes = reinterpret_cast<const uint8_t*>(raw + ph.p_offset);
    if (!bus.debug_write_block(paddr, {bytes, static_cast<size_t>(ph.p_filesz)})) {
      return fmt::format("'{}': segment {} could not be written at {}", path, i, hex(paddr));
    }
    const uint64_t zero_len = ph.p_memsz - ph.p_filesz;
    if (zero_len > 0 && zero_len <= kExplicitZeroFillLimit) {
      const std::vector<uint8_t> zeros(static_cast<size_t>(zero_len), 0);
      bus.debug_write_block(paddr + static_cast<uint32_t>(ph.p_filesz), zeros);
    }
    image.segments.push_back({paddr, static_cast<uint32_t>(ph.p_filesz), static_cast<uint32_t>(ph.p_memsz)});
    ++loaded;
  }
  if (loaded == 0) return fmt::format("'{}' has no loadable segment", path);
  read_symbols(elf, image.symbols);
  return {};
}

std::string load_data_file(const std::string& path, uint32_t address, memory::Interconnect& bus) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return fmt::format("cannot open data file '{}': {}", path, std::strerror(errno));
  std::vector<uint8_t> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  uint32_t bad = 0;
  if (!range_loadable(bus, address, bytes.size(), bad)) {
    return fmt::format("--data '{}' ({} bytes) at {} lies outside the platform's memory (first bad address {})",
                       path, bytes.size(), hex(address), hex(bad));
  }
  if (!bus.debug_write_block(address, bytes)) return fmt::format("--data '{}' could not be written at {}", path, hex(address));
  return {};
}

}  // namespace corsim::sim
