// Differential test of the integer data-processing semantics against QEMU (qemu-system-arm
// -M mps3-an547, a Cortex-M55), dynarmic's fuzzing idea: random encodings drawn from our data-
// processing, multiply/divide, bitfield, extend, reverse and conditional-select rows, each run
// from random registers and flags. One firmware image holds all cases; each case pushes r0-r12
// and NZCV onto the stack. QEMU writes that stack region to a file through semihosting; our core
// runs the same image and we compare word by word. Skipped when qemu-system-arm is missing.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <cstring>
#include <map>
#include <sstream>

#include "cpu/cpu.h"
#include "cpu/decoder/decoder.h"
#include "cpu/disasm/disasm.h"
#include "memory/interconnect.h"
#include "memory/ram.h"
#include "tests/cpu/assemble.h"

namespace corsim::cpu::test {
namespace {

constexpr uint32_t kItcm = 0x10000000;
constexpr uint32_t kDtcm = 0x30000000;
constexpr uint32_t kResultsTop = 0x30010000;
constexpr uint32_t kWordsPerCase = 14;  // NZCV, r0..r12

struct Case {
  uint32_t encoding;
  bool t32;
  std::string name;
};

bool eligible(const decoder::Encoding& e, const Operands& o) {
  if (e.op != OpClass::IntAlu && e.op != OpClass::IntMul && e.op != OpClass::IntDiv) return false;
  const std::string_view n = e.name;
  if (n.starts_with("IT") || n.starts_with("ADD (SP") || n.starts_with("SUB (SP")) return false;
  const bool test_form = n.starts_with("TST") || n.starts_with("TEQ") || n.starts_with("CMP") || n.starts_with("CMN");
  auto bad = [](unsigned r) { return r == 13 || r == 14; };
  if (bad(o.rd) || bad(o.rn) || bad(o.rm) || bad(o.ra)) return false;
  if (o.rd == 15 && !test_form) return false;
  if (o.rm == 15 && !n.starts_with("CS")) return false;
  if (o.ra == 15) return false;
  // Rn = PC reads the PC: only ADR-like rows where the value is position dependent but equal on
  // both sides; MOV/MVN forms have rn = 15 as "no register".
  return true;
}

std::string asm_source(const std::vector<Case>& cases, std::mt19937& rng, const std::string& out_path) {
  // Pairs (a, b) for CMP a, b covering the reachable NZCV combinations.
  static const std::pair<uint32_t, uint32_t> kFlagPairs[] = {
      {5, 3},                    // C (no borrow)
      {3, 5},                    // N
      {5, 5},                    // Z C
      {0x80000000u, 1},          // C V
      {0x7FFFFFFFu, 0xFFFFFFFFu},  // N V
      {0xFFFFFFFFu, 1},          // N C
      {1, 2},                    // N
      {0, 1},                    // N
  };
  std::ostringstream s;
  s << ".syntax unified\n.thumb\n.text\n.word " << kResultsTop << "\n.word reset + 1\n"
    << "reset:\n";
  for (size_t i = 0; i < cases.size(); ++i) {
    const auto& fp = kFlagPairs[rng() % std::size(kFlagPairs)];
    s << "  ldr r0, =" << fp.first << "\n  ldr r1, =" << fp.second << "\n  cmp r0, r1\n";
    for (int r = 0; r <= 12; ++r) {
      static const uint32_t kSpecial[] = {0, 1, 0xFFFFFFFFu, 0x80000000u, 0x7FFFFFFFu, 31, 32, 33, 0xFFu, 0x8000u};
      const uint32_t v = (rng() % 4 == 0) ? kSpecial[rng() % std::size(kSpecial)] : static_cast<uint32_t>(rng());
      s << "  ldr r" << r << ", =" << v << "\n";
    }
    char buf[64];
    if (cases[i].t32) std::snprintf(buf, sizeof buf, "  .inst.w 0x%08x\n", cases[i].encoding);
    else std::snprintf(buf, sizeof buf, "  .inst.n 0x%04x\n", cases[i].encoding);
    s << buf;
    s << "  push {r0-r12}\n  mov.w r0, #0\n  it mi\n  orrmi r0, r0, #8\n  it eq\n  orreq r0, r0, #4\n"
         "  it cs\n  orrcs r0, r0, #2\n  it vs\n  orrvs r0, r0, #1\n  push {r0}\n  b 1f\n  .ltorg\n1:\n";
  }
  s << "done:\n"
       "  mov r4, sp\n  ldr r1, =open_args\n  movs r0, #1\n  bkpt 0xab\n  mov r5, r0\n"
       "  ldr r6, =" << kResultsTop << "\n  sub r6, r6, r4\n  sub sp, #16\n"
       "  str r5, [sp]\n  str r4, [sp, #4]\n  str r6, [sp, #8]\n  mov r1, sp\n  movs r0, #5\n  bkpt 0xab\n"
       "  str r5, [sp]\n  mov r1, sp\n  movs r0, #2\n  bkpt 0xab\n"
       "  ldr r1, =0x20026\n  movs r0, #0x18\n  bkpt 0xab\n  b .\n  .ltorg\n"
       ".align 2\nopen_args: .word fname\n .word 5\n .word " << out_path.size() << "\n"
       "fname: .asciz \"" << out_path << "\"\n";
  return s.str();
}

TEST(QemuDifferential, DataProcessingMatchesQemu) {
  if (std::system("command -v qemu-system-arm > /dev/null 2>&1") != 0) GTEST_SKIP() << "qemu-system-arm missing";
  std::mt19937 rng(12345);
  std::vector<Case> cases;
  for (int pass = 0; pass < 2; ++pass) {
    const bool t32 = pass == 1;
    const auto table = t32 ? decoder::t32_table() : decoder::t16_table();
    for (const auto& e : table) {
      int found = 0;
      for (int tries = 0; tries < 2000 && found < 8; ++tries) {
        const uint32_t all = t32 ? 0xFFFFFFFFu : 0xFFFFu;
        const uint32_t insn = (rng() & ~e.pattern.mask & all) | e.pattern.match;
        const auto r = decoder::decode(insn, t32);
        if (r.encoding != &e || !eligible(e, r.ops)) continue;
        cases.push_back({insn, t32, std::string(e.name)});
        ++found;
      }
    }
  }
  ASSERT_GT(cases.size(), 200u);

  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("corsim_qemu_diff_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string out = (dir / "out.bin").string();
  std::string err;
  std::map<std::string, uint32_t> syms;
  const std::string src = asm_source(cases, rng, out);
  const std::vector<uint8_t> image = assemble(src, kItcm, &err, &syms);
  ASSERT_FALSE(image.empty()) << err;
  {
    std::ofstream elf_src(dir / "image.bin", std::ios::binary);
    elf_src.write(reinterpret_cast<const char*>(image.data()), static_cast<std::streamsize>(image.size()));
  }
  // QEMU loads a raw image with -device loader at the ITCM.
  const std::string cmd = "timeout 60 qemu-system-arm -M mps3-an547 -nographic -monitor none -serial null "
                          "-semihosting-config enable=on,target=native -device loader,file='" +
                          (dir / "image.bin").string() + "',addr=0x10000000 > '" + (dir / "qemu.log").string() +
                          "' 2>&1";
  (void)std::system(cmd.c_str());  // a guest fault makes QEMU exit non-zero: checked below
  std::ifstream q(out, std::ios::binary);
  std::vector<uint8_t> qemu_bytes((std::istreambuf_iterator<char>(q)), {});
  if (qemu_bytes.size() != cases.size() * kWordsPerCase * 4) {
    // QEMU stopped early (e.g. faulted on a case): name the case from its log's SP.
    std::ifstream log(dir / "qemu.log");
    std::stringstream text;
    text << log.rdbuf();
    const auto pos = text.str().find("R13=");
    if (pos != std::string::npos) {
      const uint32_t sp = static_cast<uint32_t>(std::stoul(text.str().substr(pos + 4, 8), nullptr, 16));
      const size_t idx = (kResultsTop - sp - 32) / (kWordsPerCase * 4);  // 32: the exception frame
      if (idx < cases.size())
        ADD_FAILURE() << "QEMU faulted at case " << idx << ": " << cases[idx].name << " " << std::hex
                      << cases[idx].encoding << " (" << disasm::disassemble(cases[idx].encoding, cases[idx].t32, 0)
                      << ")";
    }
    FAIL() << "QEMU results file has " << qemu_bytes.size() << " bytes:\n" << text.str().substr(0, 400);
  }

  // Our core on the same image.
  memory::Interconnect bus;
  memory::Ram itcm("itcm", 1 << 20), dtcm("dtcm", 1 << 20);
  bus.map(kItcm, 1 << 20, itcm, "itcm");
  bus.map(kDtcm, 1 << 20, dtcm, "dtcm");
  bus.debug_write_block(kItcm, image);
  Cpu cpu(CpuConfig{}, bus);
  ASSERT_TRUE(cpu.reset());
  const uint32_t done = syms.at("done");
  for (int i = 0; i < 5'000'000 && cpu.state().r[15] != done; ++i) ASSERT_EQ(cpu.run(1), StopReason::CycleLimit);
  ASSERT_EQ(cpu.state().r[15], done);
  std::vector<uint8_t> ours(qemu_bytes.size());
  ASSERT_TRUE(bus.debug_read_block(kResultsTop - static_cast<uint32_t>(ours.size()), ours));

  int mismatches = 0;
  const size_t n = cases.size();
  for (size_t i = 0; i < n && mismatches < 40; ++i) {
    // Case i's block: the i-th from the top; layout [NZCV][r0..r12].
    const size_t base = (n - 1 - i) * kWordsPerCase * 4;
    for (unsigned w = 0; w < kWordsPerCase; ++w) {
      uint32_t a, b;
      std::memcpy(&a, &ours[base + 4 * w], 4);
      std::memcpy(&b, &qemu_bytes[base + 4 * w], 4);
      if (a != b) {
        ++mismatches;
        ADD_FAILURE() << cases[i].name << " " << std::hex << cases[i].encoding << " ("
                      << disasm::disassemble(cases[i].encoding, cases[i].t32, 0) << "): "
                      << (w == 0 ? std::string("NZCV") : "r" + std::to_string(w - 1)) << " ours " << a << " qemu " << b;
      }
    }
  }
  fs::remove_all(dir);
}

}  // namespace
}  // namespace corsim::cpu::test
