#pragma once
// Assembles Thumb source with arm-none-eabi-as (binutils) at run time, so test and benchmark
// encodings come from an independent assembler, not from our tables.
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

namespace corsim::cpu::test {

inline std::string hex(uint32_t v) {
  std::ostringstream s;
  s << "0x" << std::hex << v;
  return s.str();
}

// Assembles `source` (unified syntax, Thumb, Armv8.1-M Mainline + MVE) placed at `origin`; returns
// the raw bytes, or an empty vector with the assembler's message in `error`.
// `symbols`, when given, receives the address of every symbol (arm-none-eabi-nm).
inline std::vector<uint8_t> assemble(const std::string& source, uint32_t origin, std::string* error = nullptr,
                                     std::map<std::string, uint32_t>* symbols = nullptr) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() /
                       ("corsim_cpu_asm_" + std::to_string(::getpid()) + "_" + std::to_string(std::rand()));
  fs::create_directories(dir);
  {
    std::ofstream s(dir / "t.s");
    s << ".syntax unified\n.thumb\n.text\n.global _start\n_start:\n" << source << "\n";
  }
  const std::string q = "'" + dir.string() + "'";
  const std::string cmd = "arm-none-eabi-as -march=armv8.1-m.main+mve -o " + q + "/t.o " + q + "/t.s 2> " + q +
                          "/err.txt && arm-none-eabi-ld -Ttext=" + hex(origin) + " -o " + q +
                          "/t.elf " + q + "/t.o 2>> " + q + "/err.txt && arm-none-eabi-objcopy -O binary " + q +
                          "/t.elf " + q + "/t.bin 2>> " + q + "/err.txt && arm-none-eabi-nm " + q + "/t.elf > " + q +
                          "/syms.txt";
  std::vector<uint8_t> bytes;
  if (std::system(cmd.c_str()) == 0) {
    std::ifstream b(dir / "t.bin", std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(b), {});
    if (symbols) {
      std::ifstream n(dir / "syms.txt");
      std::string line;
      while (std::getline(n, line)) {
        std::istringstream ls(line);
        std::string addr, type, name;
        if (ls >> addr >> type >> name) (*symbols)[name] = static_cast<uint32_t>(std::stoul(addr, nullptr, 16));
      }
    }
  } else if (error) {
    std::ifstream e(dir / "err.txt");
    std::stringstream ss;
    ss << e.rdbuf();
    *error = ss.str();
  }
  fs::remove_all(dir);
  return bytes;
}


// One instruction as objdump decodes it: the encoding (hw1:hw2 for 32-bit) and its text.
struct ObjdumpLine {
  uint32_t insn;
  bool t32;
  std::string text;
};

// Assembles `source` (unified Thumb, Armv8.1-M Mainline with MVE, FP and double precision) and
// returns every instruction as arm-none-eabi-objdump prints it; empty with the assembler's message
// in `error` when it does not assemble. The decode tests compare our decoder and disassembler with it.
inline std::vector<ObjdumpLine> assemble_and_objdump(const std::string& source, std::string& error) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() /
                       ("corsim_objdump_" + std::to_string(::getpid()) + "_" + std::to_string(std::rand()));
  fs::create_directories(dir);
  {
    std::ofstream s(dir / "t.s");
    s << ".syntax unified\n.thumb\n.text\n" << source << "\n";
  }
  const std::string q = "'" + dir.string() + "'";
  const std::string cmd = "arm-none-eabi-as -march=armv8.1-m.main+mve.fp+fp.dp -mfloat-abi=hard -o " + q +
                          "/t.o " + q + "/t.s 2> " + q + "/err.txt && arm-none-eabi-objdump -d -m armv8.1-m.main " +
                          q + "/t.o > " + q + "/t.txt";
  std::vector<ObjdumpLine> out;
  if (std::system(cmd.c_str()) != 0) {
    std::ifstream e(dir / "err.txt");
    error.assign(std::istreambuf_iterator<char>(e), {});
    fs::remove_all(dir);
    return out;
  }
  std::ifstream t(dir / "t.txt");
  const std::regex re("^\\s*[0-9a-f]+:\\s+([0-9a-f]{4})(?: ([0-9a-f]{4}))?\\s+(.*)$");
  std::smatch m;
  std::string line;
  while (std::getline(t, line)) {
    if (!std::regex_match(line, m, re)) continue;
    const uint32_t hw1 = static_cast<uint32_t>(std::stoul(m[1], nullptr, 16));
    if (m[2].matched) out.push_back({hw1 << 16 | static_cast<uint32_t>(std::stoul(m[2], nullptr, 16)), true, m[3]});
    else out.push_back({hw1, false, m[3]});
  }
  fs::remove_all(dir);
  return out;
}

// The same for a decode test's case table: each case's `source` on lines of its own, in order.
template <typename Case, size_t N>
std::vector<ObjdumpLine> assemble_and_objdump(const Case (&cases)[N], std::string& error) {
  std::string source;
  for (const Case& c : cases) source += std::string(c.source) + "\n";
  return assemble_and_objdump(source, error);
}

}  // namespace corsim::cpu::test
