// Every instruction GCC 12 emits for integer Armv8-M / Armv8.1-M code must decode, and disassemble
// like binutils: the corpus is newlib's and libgcc's integer multilibs (thumb/v8-m.main/nofp) plus
// a C program of our own compiled for Cortex-M55 (integer only) at -O0, -O1, -O2, -O3 and -Os.
// Each objdump line is decoded with our tables (following IT blocks) and compared after the same
// normalisation as the disassembler test.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "cpu/decoder/decoder.h"
#include "cpu/disasm/disasm.h"
#include "cpu/isa/pseudocode.h"
#include "tests/cpu/objdump_text.h"

namespace corsim::cpu::test {
namespace {

constexpr const char* kProgram = R"(
#include <stdint.h>
#include <string.h>
typedef struct { unsigned a : 3, b : 7, c : 12; int d : 5; } Bits;
volatile int sink;
static int64_t mix64(int64_t a, int64_t b) { return a * b + (a >> 7) - (b << 3) + a / (b | 1) + (uint64_t)a % 977u; }
int sw(int x) {
  switch (x) { case 0: return 3; case 1: return 7; case 2: return 11; case 3: return 13; case 4: return 17;
               case 5: return 19; case 6: return 23; case 7: return 29; case 8: return 31; default: return -1; }
}
unsigned crc32(const uint8_t* p, unsigned n) {
  unsigned c = ~0u;
  for (unsigned i = 0; i < n; ++i) { c ^= p[i]; for (int k = 0; k < 8; ++k) c = (c >> 1) ^ (0xEDB88320u & -(c & 1)); }
  return ~c;
}
int bits(Bits* b, int v) { b->a = v; b->b = v >> 3; b->c += v; b->d = -v; return b->a + b->b + b->c + b->d; }
int minmax(int a, int b, int c) { int m = a < b ? a : b; int M = a > b ? a : b; return (c > 0 ? m : M) + (a == b) + (c != 0 ? 1 : -1); }
unsigned clz_rev(unsigned x) { return __builtin_clz(x | 1) + __builtin_bswap32(x) + __builtin_ctz(x | 0x100); }
int divs(int a, int b, unsigned c, unsigned d) { return a / (b | 1) + a % (b | 1) + (int)(c / (d | 1)) + (int)(c % (d | 1)); }
void copy(uint32_t* d, const uint32_t* s, int n) { for (int i = 0; i < n; ++i) d[i] = s[i] + (uint32_t)i; }
int16_t sat(int32_t x) { return x > 32767 ? 32767 : x < -32768 ? -32768 : (int16_t)x; }
int64_t acc(const int16_t* a, const int16_t* b, int n) { int64_t s = 0; for (int i = 0; i < n; ++i) s += (int32_t)a[i] * b[i]; return s; }
int main(void) {
  uint8_t buf[64]; memset(buf, 0x5A, sizeof buf); Bits bb = {0};
  uint32_t w[16], v[16]; for (int i = 0; i < 16; ++i) v[i] = (uint32_t)i * 2654435761u;
  copy(w, v, 16);
  int16_t x[8] = {1, -2, 3, -4, 5, -6, 7, -8};
  sink = (int)mix64(sink, 12345) + sw(sink) + (int)crc32(buf, sizeof buf) + bits(&bb, sink) + minmax(sink, 3, 4) +
         (int)clz_rev((unsigned)sink) + divs(sink, 7, 100u, 3u) + (int)w[3] + sat(sink * 1000) + (int)acc(x, x, 8);
  return 0;
}
)";

struct Line {
  uint32_t addr;
  uint32_t insn;
  bool t32;
  std::string text;
};

// Parses "   1c:\tf8d3 2004 \tldr.w\tr2, [r3, #4]" lines; data (.word/.short/.byte) is skipped.
std::vector<Line> parse_objdump(const std::string& path) {
  std::vector<Line> out;
  std::ifstream f(path);
  std::string line;
  while (std::getline(f, line)) {
    const auto colon = line.find(":\t");
    if (colon == std::string::npos) continue;
    unsigned addr = 0;
    if (std::sscanf(line.c_str(), " %x:", &addr) != 1) continue;
    const std::string rest = line.substr(colon + 2);
    const auto tab = rest.find('\t');
    if (tab == std::string::npos) continue;
    const std::string hex = rest.substr(0, tab);
    std::string text = rest.substr(tab + 1);
    if (text.empty() || text[0] == '.' || text.find("UNDEFINED") != std::string::npos) continue;
    unsigned h1 = 0, h2 = 0;
    const int n = std::sscanf(hex.c_str(), "%4x %4x", &h1, &h2);
    if (n < 1 || hex.size() < 4 || hex[4] != ' ') continue;  // 8-digit words are data
    const bool t32 = n == 2 && hex.size() >= 9 && hex[8] != ' ';
    for (char& c : text)
      if (c == '\t') c = ' ';
    out.push_back({addr, t32 ? (h1 << 16) | h2 : h1, t32, text});
  }
  return out;
}

std::string run(const std::string& cmd) { return std::system(cmd.c_str()) == 0 ? "" : "failed: " + cmd; }

TEST(GccCorpus, EveryEmittedInstructionDecodesAndDisassemblesLikeBinutils) {
  namespace fs = std::filesystem;
  ASSERT_EQ(std::system("command -v arm-none-eabi-gcc > /dev/null 2>&1"), 0) << "arm-none-eabi-gcc missing (scripts/setup-deps.sh installs it)";
  const fs::path dir = fs::temp_directory_path() / ("corsim_gcc_corpus_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string d = "'" + dir.string() + "'";
  {
    std::ofstream c(dir / "p.c");
    c << kProgram;
  }
  std::vector<std::string> dumps;
  for (const char* opt : {"-O0", "-O1", "-O2", "-O3", "-Os"}) {
    const std::string obj = d + "/p" + opt + ".o", txt = (dir / (std::string("p") + opt + ".txt")).string();
    ASSERT_EQ(run("arm-none-eabi-gcc -mcpu=cortex-m55+nofp+nomve -mfloat-abi=soft -mthumb " + std::string(opt) +
                  " -c " + d + "/p.c -o " + obj + " && arm-none-eabi-objdump -d -m armv8.1-m.main " + obj + " > '" +
                  txt + "'"),
              "");
    dumps.push_back(txt);
  }
  // The integer Armv8-M multilib, and the Armv8.1-M + MVE one (its FP/MVE instructions are
  // skipped below; the integer ones, DSP and low-overhead loops included, must decode).
  for (const char* multilib : {"-march=armv8-m.main -mfloat-abi=soft", "-march=armv8.1-m.main+mve -mfloat-abi=hard"}) {
    for (const char* lib : {"libc.a", "libm.a", "libgcc.a"}) {
      const std::string txt = (dir / (std::string(lib) + std::to_string(dumps.size()) + ".txt")).string();
      ASSERT_EQ(run("arm-none-eabi-objdump -d -m armv8.1-m.main \"$(arm-none-eabi-gcc " + std::string(multilib) +
                    " -print-file-name=" + std::string(lib) + ")\" > '" + txt + "'"),
                "");
      dumps.push_back(txt);
    }
  }
  size_t total = 0, undecoded = 0, mismatched = 0;
  std::map<std::string, int> undecoded_by_mnemonic;
  for (const std::string& path : dumps) {
    uint8_t it = 0;
    uint32_t prev = 0;
    for (const Line& l : parse_objdump(path)) {
      if (l.addr <= prev) it = 0;  // a new object or section
      prev = l.addr;
      ++total;
      const auto r = decoder::decode(l.insn, l.t32);
      // Coprocessor and floating-point spaces (FP, MVE, legacy FPA/coprocessor loads in newlib's
      // setjmp, guarded at run time) belong to the FP/MVE tables, not these.
      const bool coprocessor = l.t32 && ((l.insn >> 25) & 0x7u) == 0x6u;
      const bool fp_data = l.t32 && ((l.insn >> 24) & 0xEEu) == 0xEEu;  // 0xEE/0xEF/0xFE/0xFF: FP, MVE
      // The MVE scalar long shifts sit in the ORR (register) space; they come with the MVE tables.
      static const char* kMveLongShifts[] = {"asrl", "lsll", "lsrl", "sqrshr", "sqshl", "srshr", "uqrshl", "uqshl", "urshr"};
      bool mve_shift = false;
      for (const char* m : kMveLongShifts) mve_shift = mve_shift || l.text.rfind(m, 0) == 0;
      if (r.encoding == nullptr && (coprocessor || fp_data || mve_shift)) {
        if (it != 0) it = ITAdvance(it);
        continue;
      }
      if (r.encoding == nullptr) {
        ++undecoded;
        if (undecoded_by_mnemonic[l.text.substr(0, l.text.find(' '))]++ < 2)
          ADD_FAILURE() << "undecoded: " << std::hex << l.insn << " " << l.text;
      } else {
        std::string ours = normalise_objdump_text(disasm::disassemble(l.insn, l.t32, l.addr, it));
        std::string theirs = normalise_objdump_text(l.text);
        // In relocatable objects binutils prints call/branch targets from the relocation; compare
        // the mnemonic only.
        if (r.encoding->name.starts_with("BL T") || r.encoding->name.starts_with("B T")) {
          ours = ours.substr(0, ours.find(' '));
          theirs = theirs.substr(0, theirs.find(' '));
        }
        if (ours != theirs && ++mismatched <= 30)
          ADD_FAILURE() << std::hex << l.insn << " [" << r.encoding->name << "] ours: '" << ours << "' objdump: '"
                        << theirs << "'";
      }
      if (it != 0) it = ITAdvance(it);
      else if (r.encoding && r.encoding->name == "IT T1") it = static_cast<uint8_t>((r.ops.cond << 4) | r.ops.imm);
    }
  }
  EXPECT_GT(total, 50000u);
  EXPECT_EQ(undecoded, 0u);
  EXPECT_EQ(mismatched, 0u) << "of " << total;
  fs::remove_all(dir);
}

}  // namespace
}  // namespace corsim::cpu::test
