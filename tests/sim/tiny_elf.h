#pragma once
// Writes small ELF32 files for the loader tests, byte by byte from <elf.h> (System V gABI): an
// ELF header, program headers, and a .symtab/.strtab/.shstrtab so symbols can be checked.
#include <elf.h>

#include <cstdint>
#include <cstring>
#include <fstream>
#include <string>
#include <vector>

namespace corsim::sim::test {

struct TinySegment {
  uint32_t paddr = 0;
  std::vector<uint8_t> bytes;
  uint32_t memsz = 0;  // 0: bytes.size()
};
struct TinySymbol {
  std::string name;
  uint32_t value = 0;
  uint32_t size = 0;
  bool function = true;
};
struct TinyElf {
  uint16_t machine = EM_ARM;
  unsigned char elf_class = ELFCLASS32;
  uint32_t entry = 0;
  std::vector<TinySegment> segments;
  std::vector<TinySymbol> symbols;
};

template <typename T>
void put(std::vector<uint8_t>& out, const T& v) {
  const auto* p = reinterpret_cast<const uint8_t*>(&v);
  out.insert(out.end(), p, p + sizeof(T));
}

inline std::vector<uint8_t> build_elf(const TinyElf& e) {
  std::vector<uint8_t> out;
  const uint32_t phoff = sizeof(Elf32_Ehdr);
  const uint32_t nph = static_cast<uint32_t>(e.segments.size());
  uint32_t data_off = phoff + nph * sizeof(Elf32_Phdr);
  std::vector<uint32_t> seg_off;
  for (const auto& s : e.segments) {
    seg_off.push_back(data_off);
    data_off += static_cast<uint32_t>(s.bytes.size());
  }
  // String table and symbol table after the segment bytes.
  std::string strtab(1, '\0');
  std::vector<Elf32_Sym> syms(1);  // index 0: the null symbol
  for (const auto& s : e.symbols) {
    Elf32_Sym sym{};
    sym.st_name = static_cast<uint32_t>(strtab.size());
    strtab += s.name + '\0';
    sym.st_value = s.value;
    sym.st_size = s.size;
    sym.st_info = ELF32_ST_INFO(STB_GLOBAL, s.function ? STT_FUNC : STT_OBJECT);
    sym.st_shndx = 1;  // any defined section index
    syms.push_back(sym);
  }
  const std::string shstr = std::string("\0.symtab\0.strtab\0.shstrtab\0", 27);
  const uint32_t symtab_off = data_off;
  const uint32_t strtab_off = symtab_off + static_cast<uint32_t>(syms.size() * sizeof(Elf32_Sym));
  const uint32_t shstr_off = strtab_off + static_cast<uint32_t>(strtab.size());
  uint32_t shoff = shstr_off + static_cast<uint32_t>(shstr.size());
  shoff = (shoff + 3) & ~3u;

  Elf32_Ehdr h{};
  std::memcpy(h.e_ident, ELFMAG, SELFMAG);
  h.e_ident[EI_CLASS] = e.elf_class;
  h.e_ident[EI_DATA] = ELFDATA2LSB;
  h.e_ident[EI_VERSION] = EV_CURRENT;
  h.e_type = ET_EXEC;
  h.e_machine = e.machine;
  h.e_version = EV_CURRENT;
  h.e_entry = e.entry;
  h.e_phoff = nph ? phoff : 0;
  h.e_shoff = shoff;
  h.e_ehsize = sizeof(Elf32_Ehdr);
  h.e_phentsize = sizeof(Elf32_Phdr);
  h.e_phnum = static_cast<uint16_t>(nph);
  h.e_shentsize = sizeof(Elf32_Shdr);
  h.e_shnum = 4;
  h.e_shstrndx = 3;
  put(out, h);
  for (size_t i = 0; i < e.segments.size(); ++i) {
    const auto& s = e.segments[i];
    Elf32_Phdr p{};
    p.p_type = PT_LOAD;
    p.p_offset = seg_off[i];
    p.p_vaddr = s.paddr;
    p.p_paddr = s.paddr;
    p.p_filesz = static_cast<uint32_t>(s.bytes.size());
    p.p_memsz = s.memsz ? s.memsz : static_cast<uint32_t>(s.bytes.size());
    p.p_flags = PF_R | PF_W | PF_X;
    p.p_align = 4;
    put(out, p);
  }
  for (const auto& s : e.segments) out.insert(out.end(), s.bytes.begin(), s.bytes.end());
  for (const auto& s : syms) put(out, s);
  out.insert(out.end(), strtab.begin(), strtab.end());
  out.insert(out.end(), shstr.begin(), shstr.end());
  out.resize(shoff, 0);
  Elf32_Shdr null{}, symtab{}, str{}, shs{};
  symtab.sh_name = 1; symtab.sh_type = SHT_SYMTAB; symtab.sh_offset = symtab_off;
  symtab.sh_size = static_cast<uint32_t>(syms.size() * sizeof(Elf32_Sym)); symtab.sh_link = 2;
  symtab.sh_info = 1; symtab.sh_entsize = sizeof(Elf32_Sym); symtab.sh_addralign = 4;
  str.sh_name = 9; str.sh_type = SHT_STRTAB; str.sh_offset = strtab_off; str.sh_size = static_cast<uint32_t>(strtab.size());
  str.sh_addralign = 1;
  shs.sh_name = 17; shs.sh_type = SHT_STRTAB; shs.sh_offset = shstr_off; shs.sh_size = static_cast<uint32_t>(shstr.size());
  shs.sh_addralign = 1;
  put(out, null); put(out, symtab); put(out, str); put(out, shs);
  return out;
}

inline void write_file(const std::string& path, const std::vector<uint8_t>& bytes) {
  std::ofstream f(path, std::ios::binary);
  f.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
}

}  // namespace corsim::sim::test
