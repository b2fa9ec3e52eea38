// The Armv8.1-M PACBTI extension (docs/cpu.md "PACBTI"): the PAC algorithm against published
// known answers, the encodings against two independent assemblers, the behaviour without the
// extension (Cortex-M55: hint forms NOP, the rest UNDEFINED) and with it (Cortex-M85): PAC/AUT
// round trips and authentication faults, the keys, the CONTROL enables per privilege, branch
// target checks per kind of branch, and EPSR.B across exception entry and return. Programs are
// assembled by arm-none-eabi-as at run time; the instructions GNU as 2.40 refuses (PACG, AUTG,
// MRS/MSR of a PAC key: "selected processor does not support PACBTI extention") are written as
// .inst.w built by the helpers below, which EncodingsMatchIndependentAssemblers checks against
// clang-14's assembler.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>

#include "cpu/decoder/decoder.h"
#include "cpu/disasm/disasm.h"
#include "cpu/exceptions/exception_unit.h"
#include "cpu/isa/pac_algorithm.h"
#include "cpu/scs/system_control_space.h"
#include "tests/cpu/asm_harness.h"

namespace corsim::cpu::test {
namespace {

// ---- encodings of the forms GNU as 2.40 refuses (Arm DDI 0553 encoding diagrams) ----
std::string inst(uint32_t encoding) {
  char buf[32];
  std::snprintf(buf, sizeof buf, ".inst.w 0x%08x", encoding);
  return buf;
}
uint32_t pacg(unsigned d, unsigned n, unsigned m) { return 0xFB60F000u | n << 16 | d << 8 | m; }
uint32_t autg(unsigned t, unsigned n, unsigned m) { return 0xFB500F00u | n << 16 | t << 12 | m; }
uint32_t bxaut(unsigned t, unsigned n, unsigned m) { return 0xFB500F10u | n << 16 | t << 12 | m; }
uint32_t mrs(unsigned d, unsigned sysm) { return 0xF3EF8000u | d << 8 | sysm; }
uint32_t msr(unsigned sysm, unsigned n) { return 0xF3808800u | n << 16 | sysm; }
constexpr unsigned kKeyP0 = 0x20, kKeyU0 = 0x24, kNs = 0x80;

CpuConfig m85() {
  CpuConfig c;
  c.model = CoreModel::CortexM85;
  c.pacbti = true;
  return c;
}
CpuConfig m55() { return CpuConfig{}; }

// Loads the four words of key `sysm0` (PAC_KEY_P_0 or PAC_KEY_U_0, + kNs) from `k`, using r0.
std::string set_key(unsigned sysm0, const std::array<uint32_t, 4>& k) {
  std::string s;
  for (unsigned i = 0; i < 4; ++i) s += "  ldr r0, =" + hex(k[i]) + "\n  " + inst(msr(sysm0 + i, 0)) + "\n";
  return s;
}

constexpr std::array<uint32_t, 4> kKeyP = {0xAC0017B4u, 0xAC01C9E2u, 0xAC025D8Fu, 0xAC03A641u};
constexpr std::array<uint32_t, 4> kKeyU = {0xAC104A7Cu, 0xAC1191E2u, 0xAC123DB5u, 0xAC13F068u};

// Ends the program, then the handler for every vector: faults spin (the run loop reports FaultHang); PendSV (14) reads the
// stacked xPSR into r4 and returns.
const char* kHandler = R"(
  b corsim_end
handler:
  mrs r5, ipsr
  cmp r5, #14
  bne handler_spin
  ldr r4, [sp, #28]
  bx lr
handler_spin:
  b handler_spin
)";

uint32_t cfsr(CpuHarness& h) { return h.cpu().exceptions().regs().cfsr; }

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

// ---- without the extension (Cortex-M55) ----

TEST(PacbtiOff, HintFormsAreNops) {
  CpuHarness h(m55());
  ASSERT_TRUE(h.load(std::string(R"(
  movs r0, #0xF0
  msr control, r0
  mrs r1, control
  ldr r12, =0x12345678
  ldr lr, =0x00001235
  pac r12, lr, sp
  pacbti r12, lr, sp
  bti
  aut r12, lr, sp
  adr r2, plain
  adds r2, #1
  blx r2
.balign 4
plain:
  movs r3, #7
)") + kHandler));
  h.run();
  ASSERT_TRUE(h.reached_end());
  EXPECT_EQ(h.s().r[1], 0u) << "CONTROL bits 7:4 are RES0 without PACBTI";
  EXPECT_EQ(h.s().r[12], 0x12345678u);
  EXPECT_EQ(h.s().r[3], 7u);
}

TEST(PacbtiOff, NonHintFormsAreUndefined) {
  for (const uint32_t e : {pacg(1, 2, 3), autg(1, 2, 3), bxaut(1, 2, 3), mrs(0, kKeyP0), msr(kKeyU0, 0)}) {
    CpuHarness h(m55());
    ASSERT_TRUE(h.load("  ldr r2, =0x101\nfaulting:\n  " + inst(e) + "\n" + kHandler));
    EXPECT_EQ(h.run(), StopReason::FaultHang) << hex(e);
    EXPECT_EQ(h.cpu().last_fault().fault.kind, FaultKind::UndefinedInstruction) << hex(e);
    EXPECT_EQ(h.cpu().last_fault().pc, h.symbol("faulting")) << hex(e);
    EXPECT_TRUE(cfsr(h) & cfsr::kUndefinstr) << hex(e);
  }
}

// ---- with the extension (Cortex-M85) ----

// Keys set, PAC enabled for privileged and unprivileged code.
std::string pac_setup() {
  return set_key(kKeyP0, kKeyP) + set_key(kKeyU0, kKeyU) + "  movs r0, #0xC0\n  msr control, r0\n  isb\n";
}

TEST(PacbtiOn, PacThenAutRoundTrip) {
  CpuHarness h(m85());
  ASSERT_TRUE(h.load(pac_setup() + R"(
  ldr lr, =0x00001235
  pac r12, lr, sp
  mov r5, r12
  aut r12, lr, sp
  pacbti r12, lr, sp
  mov r6, r12
  aut r12, lr, sp
  mov r7, sp
)" + kHandler));
  h.run();
  ASSERT_TRUE(h.reached_end()) << fault_name(h.cpu().last_fault().fault.kind);
  // PAC R12, LR, SP: the PAC of LR (data) with SP (modifier) under the privileged key.
  EXPECT_EQ(h.s().r[5], compute_pac_m(0x1235u, h.s().r[7], kKeyP));
  EXPECT_EQ(h.s().r[6], h.s().r[5]);
}

// A program that signs LR, changes one input, and authenticates at `aut_insn`.
void expect_aut_fault(const std::string& tamper) {
  CpuHarness h(m85());
  ASSERT_TRUE(h.load(pac_setup() + "  ldr lr, =0x00001235\n  pac r12, lr, sp\n" + tamper +
                     "\naut_insn:\n  aut r12, lr, sp\n" + kHandler));
  EXPECT_EQ(h.run(), StopReason::FaultHang) << tamper;
  EXPECT_EQ(h.cpu().last_fault().fault.kind, FaultKind::PacAuthFailure) << tamper;
  EXPECT_EQ(h.cpu().last_fault().pc, h.symbol("aut_insn")) << tamper;
  EXPECT_EQ(cfsr(h), cfsr::kInvstate) << tamper;
  // The stacked return address is the AUT itself (the instruction did not complete).
  EXPECT_EQ(h.word(h.s().r[13] + 24), h.symbol("aut_insn")) << tamper;
}

TEST(PacbtiOn, TamperedInputFaultsAtAut) {
  expect_aut_fault("  eor lr, lr, #4");            // one bit of the return address
  expect_aut_fault("  eor lr, lr, #0x80000000");   // the top bit
  expect_aut_fault("  eor r12, r12, #1");          // the PAC
  expect_aut_fault("  sub sp, #8");                // the modifier
  expect_aut_fault("  ldr r0, =0x1\n  " + inst(msr(kKeyP0 + 3, 0)));  // the key
}

TEST(PacbtiOn, ControlSelectsKeyAndEnableByPrivilege) {
  CpuHarness h(m85());
  ASSERT_TRUE(h.load(pac_setup() + R"(
  ldr lr, =0x00002001
  pac r12, lr, sp
  mov r5, r12
  movs r0, #0xC1
  msr control, r0
  isb
  pac r12, lr, sp
  mov r6, r12
  mov r7, sp
)" + kHandler));
  h.run();
  ASSERT_TRUE(h.reached_end());
  EXPECT_EQ(h.s().r[5], compute_pac_m(0x2001u, h.s().r[7], kKeyP)) << "privileged: PAC_KEY_P";
  EXPECT_EQ(h.s().r[6], compute_pac_m(0x2001u, h.s().r[7], kKeyU)) << "unprivileged: PAC_KEY_U";
}

TEST(PacbtiOn, EnableBitOfTheOtherPrivilegeLeavesPacANop) {
  // Privileged code with only UPAC_EN (0x80); unprivileged code with only PAC_EN (0x41).
  for (const char* control : {"0x80", "0x41"}) {
    CpuHarness h(m85());
    ASSERT_TRUE(h.load(set_key(kKeyP0, kKeyP) + set_key(kKeyU0, kKeyU) + "  movs r0, #" + control +
                       "\n  msr control, r0\n  isb\n  ldr r12, =0x5A5A5A5A\n  ldr lr, =0x3001\n"
                       "  pac r12, lr, sp\n  aut r12, lr, sp\n" + kHandler));
    h.run();
    ASSERT_TRUE(h.reached_end()) << control;
    EXPECT_EQ(h.s().r[12], 0x5A5A5A5Au) << control;
  }
}

TEST(PacbtiOn, KeysThroughMrsMsr) {
  CpuHarness h(m85());
  const std::array<uint32_t, 4> ns_p = {1, 2, 3, 4}, ns_u = {5, 6, 7, 8};
  std::string src = set_key(kKeyP0, kKeyP) + set_key(kKeyU0, kKeyU) + set_key(kKeyP0 + kNs, ns_p) +
                    set_key(kKeyU0 + kNs, ns_u);
  // Read back into memory at 0x20000000: P, U, P_NS, U_NS.
  src += "  ldr r1, =0x20000000\n";
  for (unsigned base : {kKeyP0, kKeyU0, kKeyP0 + kNs, kKeyU0 + kNs})
    for (unsigned i = 0; i < 4; ++i) src += "  " + inst(mrs(2, base + i)) + "\n  str r2, [r1], #4\n";
  // Unprivileged: reads as zero, writes ignored.
  src += "  movs r0, #1\n  msr control, r0\n  isb\n  ldr r0, =0xFFFFFFFF\n  " + inst(msr(kKeyP0, 0)) + "\n  " +
         inst(mrs(8, kKeyP0)) + "\n  " + inst(mrs(9, kKeyU0 + 1)) + "\n";
  ASSERT_TRUE(h.load(src + kHandler));
  h.run();
  ASSERT_TRUE(h.reached_end());
  for (unsigned i = 0; i < 4; ++i) {
    EXPECT_EQ(h.word(kDataBase + 4 * i), kKeyP[i]);
    EXPECT_EQ(h.word(kDataBase + 16 + 4 * i), kKeyU[i]);
    EXPECT_EQ(h.word(kDataBase + 32 + 4 * i), ns_p[i]);
    EXPECT_EQ(h.word(kDataBase + 48 + 4 * i), ns_u[i]);
  }
  EXPECT_EQ(h.s().pac_key_p[1], kKeyP) << "the unprivileged write was ignored";
  EXPECT_EQ(h.s().pac_key_p[0], ns_p);
  EXPECT_EQ(h.s().r[8], 0u);
  EXPECT_EQ(h.s().r[9], 0u);
}

TEST(PacbtiOn, PacgAutgBxaut) {
  CpuHarness h(m85());
  ASSERT_TRUE(h.load(pac_setup() + "  ldr r2, =0xCAFEF00D\n  ldr r3, =0x01234567\n  " + inst(pacg(1, 2, 3)) +
                     "\n  " + inst(autg(1, 2, 3)) + "\n  adr r2, landed\n  adds r2, #1\n  " + inst(pacg(4, 2, 3)) +
                     "\n  " + inst(bxaut(4, 2, 3)) + "\n  movs r6, #1\nlanded:\n  movs r7, #2\n" + kHandler));
  h.run();
  ASSERT_TRUE(h.reached_end()) << fault_name(h.cpu().last_fault().fault.kind);
  EXPECT_EQ(h.s().r[1], compute_pac_m(0xCAFEF00Du, 0x01234567u, kKeyP));
  EXPECT_EQ(h.s().r[6], 0u) << "BXAUT branched";
  EXPECT_EQ(h.s().r[7], 2u);
}

TEST(PacbtiOn, AutgAndBxautFaultOnAWrongPac) {
  for (const uint32_t e : {autg(1, 2, 3), bxaut(1, 2, 3)}) {
    CpuHarness h(m85());
    ASSERT_TRUE(h.load(pac_setup() + "  ldr r2, =0x101\n  movs r3, #9\n  " + inst(pacg(1, 2, 3)) +
                       "\n  adds r1, #1\nfaulting:\n  " + inst(e) + "\n" + kHandler));
    EXPECT_EQ(h.run(), StopReason::FaultHang) << hex(e);
    EXPECT_EQ(h.cpu().last_fault().fault.kind, FaultKind::PacAuthFailure) << hex(e);
    EXPECT_EQ(h.cpu().last_fault().pc, h.symbol("faulting")) << hex(e);
    EXPECT_EQ(cfsr(h), cfsr::kInvstate) << hex(e);
  }
}

// ---- branch target identification ----

// Enables BTI with `control`, branches to `target` with `branch` (r1 = target | 1, r2 -> a word
// holding it), and lands on `landing` (empty for a plain instruction).
struct BtiCase {
  const char* control;
  std::string branch;
  const char* landing;
  bool faults;
};

void run_bti_case(const BtiCase& c) {
  CpuHarness h(m85());
  const std::string src = std::string("  movs r0, #") + c.control + "\n  msr control, r0\n  isb\n" +
                          "  adr r1, target\n  adds r1, #1\n  ldr r2, =0x20000000\n  str r1, [r2]\n" +
                          "  push {r1}\n  push {r1}\n  " + c.branch + "\n  b corsim_end\n.balign 4\ntarget:\n  " + c.landing +
                          "\n  movs r3, #1\n" + kHandler;
  ASSERT_TRUE(h.load(src));
  const StopReason why = h.run();
  const std::string what = c.branch + " / " + c.landing + " / CONTROL " + c.control;
  if (!c.faults) {
    EXPECT_TRUE(h.reached_end()) << what << ": " << fault_name(h.cpu().last_fault().fault.kind);
    EXPECT_EQ(h.s().r[3], 1u) << what;
    EXPECT_FALSE(h.s().epsr_b) << what;
    return;
  }
  EXPECT_EQ(why, StopReason::FaultHang) << what;
  EXPECT_EQ(h.cpu().last_fault().fault.kind, FaultKind::BranchTargetCheck) << what;
  EXPECT_EQ(h.cpu().last_fault().pc, h.symbol("target")) << what;
  EXPECT_EQ(cfsr(h), cfsr::kInvstate) << what;
  // The frame holds the landing address and EPSR.B (xPSR bit 21); the handler runs with B clear.
  EXPECT_EQ(h.word(h.s().r[13] + 24), h.symbol("target")) << what;
  EXPECT_TRUE(h.word(h.s().r[13] + 28) & (1u << 21)) << what;
  EXPECT_FALSE(h.s().epsr_b) << what;
}

TEST(PacbtiBti, InterworkingBranchesMustLandOnBti) {
  // BXWritePC / BLXWritePC / LoadWritePC set EPSR.B: BX, BLX, LDR PC, LDM {PC} (not returns).
  for (const std::string& branch : {std::string("bx r1"), std::string("blx r1"), std::string("ldr pc, [r2]"), std::string("ldr.w pc, [r2]"), std::string("ldm r2, {pc}"),
                             std::string("add r2, #4\n  ldr pc, [r2, #-4]"), inst(bxaut(12, 1, 13))}) {
    run_bti_case({"0x10", branch, "nop", true});
    run_bti_case({"0x10", branch, "bti", false});
    run_bti_case({"0x10", branch, "pacbti r12, lr, sp", false});
    run_bti_case({"0x00", branch, "nop", false});  // BTI disabled
  }
}

TEST(PacbtiBti, DirectBranchesAndReturnsAreNotChecked) {
  // B/BL (direct), MOV PC (ALUWritePC = BranchWritePC) and the function returns (BX LR, POP {PC},
  // LDR PC from the stack, BXAUT through LR) do not set EPSR.B.
  for (const std::string& branch : {std::string("b target"), std::string("bl target"), std::string("mov pc, r1"),
                                    std::string("mov lr, r1\n  bx lr"), std::string("pop {pc}"),
                                    std::string("ldr pc, [sp], #4"), std::string("pop.w {r4, pc}"),
                                    "mov lr, r1\n  " + inst(bxaut(12, 14, 13))})
    run_bti_case({"0x10", branch, "nop", false});
}

TEST(PacbtiBti, EnableFollowsPrivilege) {
  run_bti_case({"0x21", "bx r1", "nop", true});   // unprivileged with UBTI_EN
  run_bti_case({"0x11", "bx r1", "nop", false});  // unprivileged with only BTI_EN
  run_bti_case({"0x20", "bx r1", "nop", false});  // privileged with only UBTI_EN
}

// An exception taken between an interworking branch and its target stacks EPSR.B and clears it;
// the return restores it, so the target is still checked.
void run_interrupted_branch(const char* landing, bool faults) {
  CpuHarness h(m85());
  ASSERT_TRUE(h.load(std::string("  movs r0, #0x10\n  msr control, r0\n  isb\n  adr r1, target\n  adds r1, #1\n") +
                     "branch:\n  bx r1\n.balign 4\ntarget:\n  " + landing + "\n  movs r3, #1\n" + kHandler));
  while (h.s().r[15] != h.symbol("branch")) ASSERT_EQ(h.cpu().run(1), StopReason::CycleLimit);
  h.cpu().run(1);  // the BX
  ASSERT_TRUE(h.s().epsr_b);
  h.cpu().exceptions().set_pending(kExcPendSv, true);
  const StopReason why = h.run();
  EXPECT_TRUE(h.s().r[4] & (1u << 21)) << landing << ": PendSV's frame holds EPSR.B";
  if (faults) {
    EXPECT_EQ(why, StopReason::FaultHang) << landing;
    EXPECT_EQ(h.cpu().last_fault().fault.kind, FaultKind::BranchTargetCheck) << landing;
    EXPECT_EQ(h.cpu().last_fault().pc, h.symbol("target")) << landing;
  } else {
    EXPECT_TRUE(h.reached_end()) << landing;
    EXPECT_EQ(h.s().r[3], 1u);
  }
}

TEST(PacbtiBti, ExceptionEntryAndReturnKeepEpsrB) {
  run_interrupted_branch("bti", false);
  run_interrupted_branch("nop", true);
}

}  // namespace
}  // namespace corsim::cpu::test
