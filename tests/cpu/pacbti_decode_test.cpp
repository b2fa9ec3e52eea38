// The Armv8.1-M PACBTI extension, statically (docs/cpu.md "PACBTI"): the PAC algorithm against
// published known answers, the encodings against two independent assemblers, the key register
// names against llvm-objdump (objdump 2.40 misnames them), UNPREDICTABLE register choices, and
// ID_ISAR5 on both cores. Execution is in pacbti_exec_test.cpp.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>

#include "cpu/decoder/decoder.h"
#include "cpu/disasm/disasm.h"
#include "cpu/isa/pac_algorithm.h"
#include "cpu/scs/system_control_space.h"
#include "tests/cpu/pacbti_helpers.h"

namespace corsim::cpu::test {
namespace {

using namespace pacbti;

// ---- the algorithm ----

TEST(PacAlgorithm, QarmaKnownAnswer) {
  // QARMA-64, sigma2, r = 5: the test vector of R. Avanzi, "The QARMA Block Cipher Family", IACR
  // ToSC 2017(1), appendix "Test vectors": P, T, w0 (= ComputePAC's key0), k0 (= key1), C. QEMU
  // checks its ComputePAC with the same vector (tests/tcg/aarch64/system/pauth-3.c).
  EXPECT_EQ(qarma5_compute_pac(0xfb623599da6e8127u, 0x477d469dec0b8762u, 0x84be85ce9804e94bu, 0xec2802d4e0a488e9u),
            0xc003b93999b33765u);
}

TEST(PacAlgorithm, EveryInputBitChangesThePac) {
  const uint32_t data = 0x10001235u, modifier = 0x2000FFF0u;
  const uint32_t base = compute_pac_m(data, modifier, kKeyP);
  for (unsigned b = 0; b < 32; ++b) {
    EXPECT_NE(compute_pac_m(data ^ (1u << b), modifier, kKeyP), base) << "data bit " << b;
    EXPECT_NE(compute_pac_m(data, modifier ^ (1u << b), kKeyP), base) << "modifier bit " << b;
  }
  for (unsigned w = 0; w < 4; ++w)
    for (unsigned b = 0; b < 32; ++b) {
      std::array<uint32_t, 4> k = kKeyP;
      k[w] ^= 1u << b;
      EXPECT_NE(compute_pac_m(data, modifier, k), base) << "key word " << w << " bit " << b;
    }
}

// ---- encodings ----

// Assembles `source` with `assembler` (a command taking -o OUT IN) and returns its 32-bit words.
std::vector<uint32_t> assemble_t32(const std::string& assembler, const std::string& source) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("corsim_pacbti_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  { std::ofstream(dir / "t.s") << ".syntax unified\n.thumb\n.text\n" << source << "\n"; }
  const std::string q = "'" + dir.string() + "'";
  const std::string cmd = assembler + " -o " + q + "/t.o " + q + "/t.s && arm-none-eabi-objcopy -O binary -j .text " +
                          q + "/t.o " + q + "/t.bin";
  std::vector<uint32_t> words;
  if (std::system(cmd.c_str()) == 0) {
    std::ifstream b(dir / "t.bin", std::ios::binary);
    std::vector<uint8_t> bytes(std::istreambuf_iterator<char>(b), {});
    for (size_t i = 0; i + 4 <= bytes.size(); i += 4)
      words.push_back(uint32_t{bytes[i]} << 16 | uint32_t{bytes[i + 1]} << 24 | bytes[i + 2] | uint32_t{bytes[i + 3]} << 8);
  }
  fs::remove_all(dir);
  return words;
}

TEST(PacbtiDecode, EncodingsMatchIndependentAssemblers) {
  // GNU as 2.40 knows the hint forms and BXAUT; clang-14 (LLVM MC) knows all of them.
  const auto gnu = assemble_t32("arm-none-eabi-as -march=armv8.1-m.main+pacbti",
                                "pac r12, lr, sp\npacbti r12, lr, sp\nbti\naut r12, lr, sp\nbxaut r1, r2, r3");
  ASSERT_EQ(gnu.size(), 5u) << "GNU as failed";
  const char* gnu_rows[] = {"PAC T1", "PACBTI T1", "BTI T1", "AUT T1", "BXAUT T1"};
  for (size_t i = 0; i < gnu.size(); ++i) {
    const auto r = decoder::decode(gnu[i], true);
    ASSERT_NE(r.encoding, nullptr) << hex(gnu[i]);
    EXPECT_EQ(r.encoding->name, gnu_rows[i]) << hex(gnu[i]);
  }
  EXPECT_EQ(gnu[4], bxaut(1, 2, 3));

  const auto llvm = assemble_t32("clang-14 --target=arm-none-eabi -march=armv8.1-m.main+pacbti -c",
                                 "pacg r1, r2, r3\npacg r12, lr, sp\nautg r1, r2, r3\nautg r12, lr, sp\n"
                                 "bxaut r4, r5, r6\nmrs r0, pac_key_p_0\nmrs r7, pac_key_u_3\nmrs r2, pac_key_p_1_ns\n"
                                 "msr pac_key_p_2, r3\nmsr pac_key_u_0_ns, r9");
  ASSERT_EQ(llvm.size(), 10u) << "clang-14 failed";
  const uint32_t ours[] = {pacg(1, 2, 3), pacg(12, 14, 13), autg(1, 2, 3), autg(12, 14, 13), bxaut(4, 5, 6),
                           mrs(0, kKeyP0), mrs(7, kKeyU0 + 3), mrs(2, kKeyP0 + 1 + kNs), msr(kKeyP0 + 2, 3),
                           msr(kKeyU0 + kNs, 9)};
  const char* rows[] = {"PACG T1", "PACG T1", "AUTG T1", "AUTG T1", "BXAUT T1", "MRS (PAC key) T1",
                        "MRS (PAC key) T1", "MRS (PAC key) T1", "MSR (PAC key) T1", "MSR (PAC key) T1"};
  for (size_t i = 0; i < llvm.size(); ++i) {
    EXPECT_EQ(llvm[i], ours[i]) << i;
    const auto r = decoder::decode(llvm[i], true);
    ASSERT_NE(r.encoding, nullptr) << hex(llvm[i]);
    EXPECT_EQ(r.encoding->name, rows[i]) << hex(llvm[i]);
  }
}

TEST(PacbtiDecode, KeyRegisterNamesMatchLlvmObjdump) {
  // GNU objdump 2.40 misnames the PAC key registers (tests/cpu/binutils_quirks.h); LLVM's
  // disassembler names them as the Arm ARM does.
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / ("corsim_pacbti_llvm_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::vector<uint32_t> encodings;
  std::string src = ".syntax unified\n.thumb\n.text\n";
  for (unsigned ns : {0u, kNs})
    for (unsigned k = 0; k < 8; ++k) {
      encodings.push_back(mrs(k % 13, kKeyP0 + k + ns));
      encodings.push_back(msr(kKeyP0 + k + ns, 12 - k % 13));
    }
  for (uint32_t e : encodings) src += inst(e) + "\n";
  { std::ofstream(dir / "t.s") << src; }
  const std::string q = "'" + dir.string() + "'";
  const std::string cmd = "arm-none-eabi-as -march=armv8.1-m.main -o " + q + "/t.o " + q + "/t.s && llvm-objdump-14 -d " +
                          "--mattr=+pacbti " + q + "/t.o > " + q + "/t.txt";
  ASSERT_EQ(std::system(cmd.c_str()), 0) << cmd;
  std::ifstream t(dir / "t.txt");
  std::vector<std::string> theirs;
  const std::regex line("^\\s*[0-9a-f]+:\\s+(?:[0-9a-f]{2} ){4}\\s*(.*)$");
  std::smatch m;
  for (std::string l; std::getline(t, l);)
    if (std::regex_match(l, m, line)) theirs.push_back(std::regex_replace(std::string(m[1]), std::regex("\\s+"), " "));
  fs::remove_all(dir);
  ASSERT_EQ(theirs.size(), encodings.size());
  for (size_t i = 0; i < encodings.size(); ++i) {
    std::string ours = disasm::disassemble(encodings[i], true, 0, 0);
    for (char& c : ours) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    // LLVM names r10-r12 "r10", "r11", "r12" where binutils (and we) say "sl", "fp", "ip".
    ours = std::regex_replace(ours, std::regex("\\bsl\\b"), "r10");
    ours = std::regex_replace(ours, std::regex("\\bfp\\b"), "r11");
    EXPECT_EQ(std::regex_replace(ours, std::regex("\\bip\\b"), "r12"), theirs[i]) << hex(encodings[i]);
  }
}

TEST(PacbtiDecode, UnpredictableRegistersAreUndefined) {
  for (const uint32_t e : {pacg(15, 1, 2), pacg(13, 1, 2), pacg(1, 15, 2), pacg(1, 2, 15), autg(15, 1, 2),
                           bxaut(1, 15, 2), mrs(15, kKeyP0), msr(kKeyP0, 15)}) {
    const auto r = decoder::decode(e, true);
    EXPECT_TRUE(r.encoding == nullptr || r.encoding->exec == &decoder::exec_UNDEFINED) << hex(e) << " "
                                                                                      << r.encoding->name;
  }
}

TEST(PacbtiState, IdIsar5ReportsTheExtension) {
  // ID_ISAR5.PACBTI, bits [23:20]: 0b0001 on the M85, 0 on the M55 (docs/cpu.md "PACBTI").
  for (const bool pacbti : {false, true}) {
    CpuHarness h(pacbti ? m85() : m55());
    scs::SystemControlSpace scs(h.cpu().exceptions(), h.cpu());
    ASSERT_TRUE(h.bus().map(0xE0000000u, 0x100000, scs, "PPB"));
    uint32_t v = 0xDEADBEEF;
    ASSERT_TRUE(h.bus().read(0xE000ED74u, 4, v, {memory::Master::CpuData, true, true}).ok());
    EXPECT_EQ(v, pacbti ? 0x00100000u : 0u);
  }
}

}  // namespace
}  // namespace corsim::cpu::test

namespace corsim::cpu::test {
namespace {

TEST(CoreIdentity, CpuidNamesTheCore) {
  // CPUID: implementer 0x41 [31:24], architecture 0xF [19:16], part number [15:4]: 0xD22 on the
  // Cortex-M55 (r1p1, QEMU's value), 0xD23 on the Cortex-M85 (Arm TRM; Linux proc-v7m.S matches
  // 0x410FD230), revision r0p0 assumed.
  for (const bool is_m85 : {false, true}) {
    CpuHarness h(is_m85 ? m85() : m55());
    scs::SystemControlSpace scs(h.cpu().exceptions(), h.cpu());
    ASSERT_TRUE(h.bus().map(0xE0000000u, 0x100000, scs, "PPB"));
    uint32_t v = 0;
    ASSERT_TRUE(h.bus().read(0xE000ED00u, 4, v, {memory::Master::CpuData, true, true}).ok());
    EXPECT_EQ(v >> 24, 0x41u);
    EXPECT_EQ((v >> 16) & 0xF, 0xFu);
    EXPECT_EQ((v >> 4) & 0xFFF, is_m85 ? 0xD23u : 0xD22u);
    EXPECT_EQ(v, is_m85 ? 0x410FD230u : 0x411FD221u);
  }
}

}  // namespace
}  // namespace corsim::cpu::test
