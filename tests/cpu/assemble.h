#pragma once
// Assembles Thumb source with arm-none-eabi-as (binutils) at run time, so test and benchmark
// encodings come from an independent assembler, not from our tables.
#include <unistd.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
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

}  // namespace corsim::cpu::test
