#include "sim/elf_loader.h"

#include <gtest/gtest.h>

#include <filesystem>

#include "memory/interconnect.h"
#include "memory/ram.h"
#include "tiny_elf.h"

namespace corsim::sim {
namespace {

namespace fs = std::filesystem;
using test::build_elf;
using test::TinyElf;
using test::write_file;

class ElfLoaderTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("corsim-elf-" + std::to_string(::getpid()) + "-" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
    ASSERT_TRUE(bus_.map(0x10000000, 0x10000, ram_, "ram"));
    ASSERT_TRUE(bus_.map(0x20000000, 0x1000, rom_, "rom"));
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string path(const std::string& name) { return (dir_ / name).string(); }
  uint32_t word(uint32_t addr) {
    uint8_t b[4];
    EXPECT_TRUE(bus_.debug_read_block(addr, b));
    return b[0] | b[1] << 8 | b[2] << 16 | uint32_t{b[3]} << 24;
  }

  fs::path dir_;
  memory::Interconnect bus_;
  memory::Ram ram_{"ram", 0x10000};
  memory::Ram rom_{"rom", 0x1000, 0, /*writable=*/false};
};

TEST_F(ElfLoaderTest, LoadsSegmentsZeroFillsAndKeepsSymbols) {
  // Pre-dirty the .bss area so the zero fill is observable.
  const std::vector<uint8_t> junk(32, 0xEE);
  ASSERT_TRUE(bus_.debug_write_block(0x10000104, junk));
  TinyElf e;
  e.entry = 0x10000009;
  e.segments.push_back({0x10000100, {1, 2, 3, 4}, 0x14});   // 4 bytes data + 16 bytes bss
  e.segments.push_back({0x20000000, {0xAA, 0xBB}, 0});       // ROM is loadable
  e.symbols.push_back({"main", 0x10000109, 0x20, true});     // Thumb bit set in the ELF
  e.symbols.push_back({"table", 0x10000200, 8, false});
  write_file(path("ok.elf"), build_elf(e));
  ElfImage img;
  ASSERT_EQ(load_elf(path("ok.elf"), bus_, img), "");
  EXPECT_EQ(img.entry, 0x10000009u);
  ASSERT_EQ(img.segments.size(), 2u);
  EXPECT_EQ(word(0x10000100), 0x04030201u);
  for (uint32_t a = 0x10000104; a < 0x10000114; a += 4) EXPECT_EQ(word(a), 0u) << std::hex << a;
  EXPECT_EQ(word(0x10000114), 0xEEEEEEEEu);  // beyond memsz: untouched
  uint8_t rom[2];
  ASSERT_TRUE(bus_.debug_read_block(0x20000000, rom));
  EXPECT_EQ(rom[0], 0xAA);
  EXPECT_EQ(img.symbols.describe(0x10000108), "main");
  EXPECT_EQ(img.symbols.describe(0x10000112), "main+0xa");
  EXPECT_EQ(img.symbols.describe(0x10000204), "table+0x4");
  EXPECT_EQ(img.symbols.describe(0x10000300), "");
  EXPECT_EQ(img.symbols.address_of("main"), 0x10000108u);
}

TEST_F(ElfLoaderTest, MissingFile) {
  ElfImage img;
  const std::string err = load_elf(path("nope.elf"), bus_, img);
  EXPECT_NE(err.find("cannot open firmware"), std::string::npos) << err;
  EXPECT_EQ(err.find('\n'), std::string::npos);
}

TEST_F(ElfLoaderTest, NotAnElf) {
  write_file(path("text.elf"), {'h', 'e', 'l', 'l', 'o', '\n'});
  ElfImage img;
  EXPECT_NE(load_elf(path("text.elf"), bus_, img).find("is not an ELF file"), std::string::npos);
}

TEST_F(ElfLoaderTest, WrongMachine) {
  TinyElf e;
  e.machine = EM_X86_64;
  e.segments.push_back({0x10000000, {1, 2}, 0});
  write_file(path("x86.elf"), build_elf(e));
  ElfImage img;
  EXPECT_NE(load_elf(path("x86.elf"), bus_, img).find("not Arm"), std::string::npos);
}

TEST_F(ElfLoaderTest, WrongClass) {
  TinyElf e;
  e.elf_class = ELFCLASS64;
  e.segments.push_back({0x10000000, {1, 2}, 0});
  write_file(path("c64.elf"), build_elf(e));
  ElfImage img;
  EXPECT_NE(load_elf(path("c64.elf"), bus_, img).find("not a 32-bit ELF"), std::string::npos);
}

TEST_F(ElfLoaderTest, SegmentOutsideMemory) {
  TinyElf e;
  e.segments.push_back({0x10000000 + 0x10000 - 2, {1, 2, 3, 4}, 0});  // runs off the end of RAM
  write_file(path("out.elf"), build_elf(e));
  ElfImage img;
  const std::string err = load_elf(path("out.elf"), bus_, img);
  EXPECT_NE(err.find("outside the platform's memory"), std::string::npos) << err;
  EXPECT_NE(err.find("0x10010000"), std::string::npos) << err;  // first unmapped byte
}

TEST_F(ElfLoaderTest, TruncatedSegmentIsCorrupt) {
  TinyElf e;
  e.segments.push_back({0x10000000, std::vector<uint8_t>(64, 7), 0});
  auto bytes = build_elf(e);
  bytes.resize(sizeof(Elf32_Ehdr) + sizeof(Elf32_Phdr) + 10);  // cut inside the segment data
  write_file(path("cut.elf"), bytes);
  ElfImage img;
  const std::string err = load_elf(path("cut.elf"), bus_, img);
  EXPECT_FALSE(err.empty());
}

TEST_F(ElfLoaderTest, DataFilePlacementAndBounds) {
  write_file(path("blob.bin"), {9, 8, 7, 6, 5});
  EXPECT_EQ(load_data_file(path("blob.bin"), 0x10000010, bus_), "");
  EXPECT_EQ(word(0x10000010), 0x06070809u);
  EXPECT_NE(load_data_file(path("blob.bin"), 0x1000FFFE, bus_).find("outside the platform's memory"), std::string::npos);
  EXPECT_NE(load_data_file(path("blob.bin"), 0x50000000, bus_).find("0x50000000"), std::string::npos);
  EXPECT_NE(load_data_file(path("missing.bin"), 0x10000000, bus_).find("cannot open data file"), std::string::npos);
}

TEST(SymbolTable, PrefersFunctionsAndSizedCoverage) {
  SymbolTable t;
  t.add({0x100, 0x10, "f", true});
  t.add({0x100, 0, "label", false});
  t.add({0x200, 0, "asm_label", false});
  t.finalize();
  EXPECT_EQ(t.describe(0x104), "f+0x4");
  EXPECT_EQ(t.describe(0x150), "");          // after f's end, before the next symbol
  EXPECT_EQ(t.describe(0x234), "asm_label+0x34");
}

TEST(SymbolTable, GlobalBeatsWeakAliasAtTheSameAddress) {
  SymbolTable t;
  t.add({0x400, 4, "IRQ1_Handler", true, 1});
  t.add({0x400, 4, "Default_Handler", true, 0});
  t.add({0x400, 4, "IRQ2_Handler", true, 1});
  t.finalize();
  EXPECT_EQ(t.describe(0x402), "Default_Handler+0x2");
}

}  // namespace
}  // namespace corsim::sim
