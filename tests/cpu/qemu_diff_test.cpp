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
  Operands ops;
};

bool eligible(const decoder::Encoding& e, const Operands& o) {
  if (e.op != OpClass::IntAlu && e.op != OpClass::IntMul && e.op != OpClass::IntDiv) return false;
  const std::string_view n = e.name;
  if (n.starts_with("IT") || n.starts_with("ADD (SP") || n.starts_with("SUB (SP")) return false;
  // PACBTI (PAC, PACBTI, AUT, PACG, AUTG): QEMU 7.2 has no M-profile PACBTI (tests/cpu/pacbti_*_test.cpp).
  if (n.starts_with("PAC") || n.starts_with("AUT")) return false;
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

// The tail every differential image ends with: at `done`, write [sp, kResultsTop) and then the
// scratch buffer [kScratch, kScratch + kScratchSize) to a host file through semihosting, then exit.
constexpr uint32_t kScratch = 0x30020000;
constexpr uint32_t kScratchSize = 0x1000;

std::string dump_tail(const std::string& out_path) {
  std::ostringstream s;
  s << "done:\n"
       "  mov r4, sp\n  ldr r1, =open_args\n  movs r0, #1\n  bkpt 0xab\n  mov r5, r0\n"
       "  ldr r6, =" << kResultsTop << "\n  sub r6, r6, r4\n  sub sp, #16\n"
       "  str r5, [sp]\n  str r4, [sp, #4]\n  str r6, [sp, #8]\n  mov r1, sp\n  movs r0, #5\n  bkpt 0xab\n"
       "  ldr r4, =" << kScratch << "\n  ldr r6, =" << kScratchSize << "\n"
       "  str r5, [sp]\n  str r4, [sp, #4]\n  str r6, [sp, #8]\n  mov r1, sp\n  movs r0, #5\n  bkpt 0xab\n"
       "  str r5, [sp]\n  mov r1, sp\n  movs r0, #2\n  bkpt 0xab\n"
       "  ldr r1, =0x20026\n  movs r0, #0x18\n  bkpt 0xab\n  b .\n  .ltorg\n"
       ".align 2\nopen_args: .word fname\n .word 5\n .word " << out_path.size() << "\n"
       "fname: .asciz \"" << out_path << "\"\n";
  return s.str();
}

// Assembles `body` (which must not define `done`) with the vector table and dump tail, runs it on
// QEMU and on our core, and returns both dumps (results stack then scratch buffer). `why` gets a
// description when QEMU stopped early.
struct Dumps {
  std::vector<uint8_t> qemu, ours;
  std::string qemu_log;
  bool ok = false;
};

// The same image on a core with the block JIT (cpu/jit/), compiling every block on its first
// visit and run in large budgets (whole blocks, chained), with `b .` written at `done` so it stops
// there. Returns the dump as run_both reads it, or nothing (with a failure) if `done` is not
// reached or SP differs there.
std::vector<uint8_t> run_jit(std::vector<uint8_t> image, uint32_t done, uint32_t interpreter_sp) {
  const uint16_t self_branch = 0xE7FE;
  std::memcpy(&image[done - kItcm], &self_branch, 2);
  memory::Interconnect bus;
  memory::Ram itcm("itcm", 1 << 20), dtcm("dtcm", 1 << 20);
  bus.map(kItcm, 1 << 20, itcm, "itcm");
  bus.map(kDtcm, 1 << 20, dtcm, "dtcm");
  bus.debug_write_block(kItcm, image);
  CpuConfig config;
  config.engine = CpuEngine::Jit;
  config.jit_after_visits = 0;
  Cpu cpu(config, bus);
  if (!cpu.reset()) return {};
  for (int i = 0; i < 2000 && cpu.state().r[15] != done; ++i) {
    if (cpu.run(100'000) != StopReason::CycleLimit) break;
  }
  if (cpu.state().r[15] != done || cpu.state().r[13] != interpreter_sp) {
    ADD_FAILURE() << "the JIT core did not reach done with the interpreter's SP: pc " << std::hex << cpu.state().r[15];
    return {};
  }
  if (jit::available()) {
    EXPECT_GT(cpu.jit()->blocks_compiled, 0u);
  }
  std::vector<uint8_t> dump(kResultsTop - interpreter_sp + kScratchSize);
  bus.debug_read_block(interpreter_sp, {dump.data(), kResultsTop - interpreter_sp});
  bus.debug_read_block(kScratch, {dump.data() + (kResultsTop - interpreter_sp), kScratchSize});
  return dump;
}

Dumps run_both(const std::string& body) {
  namespace fs = std::filesystem;
  Dumps d;
  const fs::path dir = fs::temp_directory_path() / ("corsim_qemu_diff_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string out = (dir / "out.bin").string();
  std::ostringstream src;
  src << ".syntax unified\n.thumb\n.text\n.word " << kResultsTop << "\n.word reset + 1\nreset:\n" << body
      << dump_tail(out);
  std::string err;
  std::map<std::string, uint32_t> syms;
  if (const char* keep = std::getenv("CORSIM_QEMU_DIFF_KEEP")) std::ofstream(keep) << src.str();  // for debugging
  const std::vector<uint8_t> image = assemble(src.str(), kItcm, &err, &syms);
  if (image.empty()) {
    ADD_FAILURE() << err;
    return d;
  }
  {
    std::ofstream f(dir / "image.bin", std::ios::binary);
    f.write(reinterpret_cast<const char*>(image.data()), static_cast<std::streamsize>(image.size()));
  }
  const std::string cmd = "timeout 60 qemu-system-arm -M mps3-an547 -nographic -monitor none -serial null "
                          "-semihosting-config enable=on,target=native -device loader,file='" +
                          (dir / "image.bin").string() + "',addr=0x10000000 > '" + (dir / "qemu.log").string() +
                          "' 2>&1";
  (void)std::system(cmd.c_str());  // a guest fault makes QEMU exit non-zero: the dump size tells
  {
    std::ifstream q(out, std::ios::binary);
    d.qemu.assign(std::istreambuf_iterator<char>(q), {});
    std::ifstream log(dir / "qemu.log");
    std::stringstream text;
    text << log.rdbuf();
    d.qemu_log = text.str();
  }
  memory::Interconnect bus;
  memory::Ram itcm("itcm", 1 << 20), dtcm("dtcm", 1 << 20);
  bus.map(kItcm, 1 << 20, itcm, "itcm");
  bus.map(kDtcm, 1 << 20, dtcm, "dtcm");
  bus.debug_write_block(kItcm, image);
  Cpu cpu(CpuConfig{}, bus);
  if (!cpu.reset()) return d;
  const uint32_t done = syms.at("done");
  for (int i = 0; i < 20'000'000 && cpu.state().r[15] != done; ++i) {
    if (cpu.run(1) != StopReason::CycleLimit) break;
  }
  if (cpu.state().r[15] != done) {
    ADD_FAILURE() << "our core did not reach done: pc " << std::hex << cpu.state().r[15] << " fault "
                  << fault_name(cpu.last_fault().fault.kind) << " at " << cpu.last_fault().pc;
    return d;
  }
  const uint32_t sp = cpu.state().r[13];
  d.ours.resize(kResultsTop - sp + kScratchSize);
  bus.debug_read_block(sp, {d.ours.data(), kResultsTop - sp});
  bus.debug_read_block(kScratch, {d.ours.data() + (kResultsTop - sp), kScratchSize});
  d.ok = true;
  fs::remove_all(dir);
  const std::vector<uint8_t> jit = run_jit(image, syms.at("done"), sp);
  EXPECT_EQ(jit, d.ours) << "the block JIT's dump differs from the interpreter's (which is compared with QEMU's)";
  return d;
}

// CORSIM_QEMU_DIFF_SEED overrides the fixed seeds (for longer fuzzing runs by hand).
uint32_t seed(uint32_t fixed) {
  const char* env = std::getenv("CORSIM_QEMU_DIFF_SEED");
  return env ? static_cast<uint32_t>(std::strtoul(env, nullptr, 0)) ^ fixed : fixed;
}

// Random register values with a bias to the edge cases.
uint32_t random_value(std::mt19937& rng) {
  static const uint32_t kSpecial[] = {0, 1, 0xFFFFFFFFu, 0x80000000u, 0x7FFFFFFFu, 31, 32, 33, 0xFFu, 0x8000u};
  return (rng() % 4 == 0) ? kSpecial[rng() % std::size(kSpecial)] : static_cast<uint32_t>(rng());
}

// Sets NZCV with a CMP whose operands give one of the reachable combinations.
std::string random_flags(std::mt19937& rng) {
  static const std::pair<uint32_t, uint32_t> kFlagPairs[] = {
      {5, 3}, {3, 5}, {5, 5}, {0x80000000u, 1}, {0x7FFFFFFFu, 0xFFFFFFFFu}, {0xFFFFFFFFu, 1}, {1, 2}, {0, 1},
  };
  const auto& fp = kFlagPairs[rng() % std::size(kFlagPairs)];
  std::ostringstream s;
  s << "  ldr r0, =" << fp.first << "\n  ldr r1, =" << fp.second << "\n  cmp r0, r1\n";
  return s.str();
}

std::string inst(const Case& c) {
  char buf[64];
  if (c.t32) std::snprintf(buf, sizeof buf, "  .inst.w 0x%08x\n", c.encoding);
  else std::snprintf(buf, sizeof buf, "  .inst.n 0x%04x\n", c.encoding);
  return buf;
}

// After a case: push r0-r12, then NZCV (built without MRS so only core instructions are used).
constexpr const char* kRecord =
    "  push {r0-r12}\n  mov.w r0, #0\n  it mi\n  orrmi r0, r0, #8\n  it eq\n  orreq r0, r0, #4\n"
    "  it cs\n  orrcs r0, r0, #2\n  it vs\n  orrvs r0, r0, #1\n  push {r0}\n  b 1f\n  .ltorg\n1:\n";

// Compares the per-case records (and the scratch buffer) of both runs.
void compare(const Dumps& d, const std::vector<Case>& cases) {
  ASSERT_TRUE(d.ok);
  const size_t records = cases.size() * kWordsPerCase * 4;
  if (d.qemu.size() != records + kScratchSize) {
    const auto pos = d.qemu_log.find("R13=");
    if (pos != std::string::npos) {
      const uint32_t sp = static_cast<uint32_t>(std::stoul(d.qemu_log.substr(pos + 4, 8), nullptr, 16));
      const size_t idx = (kResultsTop - sp - 32) / (kWordsPerCase * 4);  // 32: the exception frame
      if (idx < cases.size())
        ADD_FAILURE() << "QEMU faulted at case " << idx << ": " << cases[idx].name << " " << std::hex
                      << cases[idx].encoding << " (" << disasm::disassemble(cases[idx].encoding, cases[idx].t32, 0)
                      << ")";
    }
    FAIL() << "QEMU dump has " << d.qemu.size() << " bytes:\n" << d.qemu_log.substr(0, 400);
  }
  ASSERT_EQ(d.ours.size(), d.qemu.size());
  int mismatches = 0;
  const size_t n = cases.size();
  for (size_t i = 0; i < n && mismatches < 40; ++i) {
    const size_t base = (n - 1 - i) * kWordsPerCase * 4;  // case i's block, [NZCV][r0..r12]
    for (unsigned w = 0; w < kWordsPerCase; ++w) {
      uint32_t a, b;
      std::memcpy(&a, &d.ours[base + 4 * w], 4);
      std::memcpy(&b, &d.qemu[base + 4 * w], 4);
      if (a != b) {
        ++mismatches;
        ADD_FAILURE() << "case " << i << " (after " << (i ? cases[i - 1].name : std::string("-")) << ") " << cases[i].name << " " << std::hex << cases[i].encoding << " ("
                      << disasm::disassemble(cases[i].encoding, cases[i].t32, 0) << "): "
                      << (w == 0 ? std::string("NZCV") : "r" + std::to_string(w - 1)) << " ours " << a << " qemu " << b;
      }
    }
  }
  for (size_t off = records; off < d.qemu.size() && mismatches < 40; off += 4) {
    uint32_t a, b;
    std::memcpy(&a, &d.ours[off], 4);
    std::memcpy(&b, &d.qemu[off], 4);
    if (a != b) {
      ++mismatches;
      ADD_FAILURE() << "scratch memory +0x" << std::hex << (off - records) << ": ours " << a << " qemu " << b;
    }
  }
}

// Samples up to `per_row` encodings of every row that `pick` accepts.
template <typename Pick>
std::vector<Case> sample_cases(std::mt19937& rng, int per_row, Pick pick) {
  std::vector<Case> cases;
  for (int pass = 0; pass < 2; ++pass) {
    const bool t32 = pass == 1;
    const auto table = t32 ? decoder::t32_table() : decoder::t16_table();
    for (const auto& e : table) {
      int found = 0;
      for (int tries = 0; tries < 3000 && found < per_row; ++tries) {
        const uint32_t all = t32 ? 0xFFFFFFFFu : 0xFFFFu;
        const uint32_t insn = (rng() & ~e.pattern.mask & all) | e.pattern.match;
        const auto r = decoder::decode(insn, t32);
        if (r.encoding != &e || !pick(e, r.ops)) continue;
        cases.push_back({insn, t32, std::string(e.name), r.ops});
        ++found;
      }
    }
  }
  return cases;
}

TEST(QemuDifferential, DataProcessingMatchesQemu) {
  ASSERT_EQ(std::system("command -v qemu-system-arm > /dev/null 2>&1"), 0) << "qemu-system-arm missing (scripts/setup-deps.sh installs it)";
  std::mt19937 rng(seed(12345));
  const std::vector<Case> cases = sample_cases(rng, 8, eligible);
  ASSERT_GT(cases.size(), 200u);
  std::ostringstream body;
  for (const Case& c : cases) {
    body << random_flags(rng);
    for (int r = 0; r <= 12; ++r) body << "  ldr r" << r << ", =" << random_value(rng) << "\n";
    // A third of the cases run as the single instruction of an IT block with a random condition:
    // the condition may fail, and the 16-bit forms do not set flags inside IT. (MOVS Rd, Rm (T2)
    // is UNPREDICTABLE inside IT and stays outside.)
    if (rng() % 3 == 0 && c.name != "MOV (register) T2") {
      char it[32];
      std::snprintf(it, sizeof it, "  .inst.n 0x%04x\n", static_cast<unsigned>(0xBF08u | ((rng() % 14) << 4)));
      body << it;
    }
    body << inst(c) << kRecord;
  }
  compare(run_both(body.str()), cases);
}

// Loads and stores in every addressing mode (immediate, pre/post-indexed, register, literal,
// dual, multiple, exclusive, acquire/release) on a scratch buffer; the buffer is compared too.
bool eligible_memory(const decoder::Encoding& e, const Operands& o) {
  if (e.op != OpClass::Load && e.op != OpClass::Store && e.op != OpClass::LoadMultiple &&
      e.op != OpClass::StoreMultiple)
    return false;
  const std::string_view n = e.name;
  if (n.starts_with("PUSH") || n.starts_with("POP") || n.find("SP") != std::string_view::npos) return false;
  if (n.find("T2") != std::string_view::npos && n.starts_with("STR (immediate)") && o.rn == 13) return false;
  const bool literal = n.find("literal") != std::string_view::npos;
  if (!literal && (o.rn >= 13)) return false;
  if (o.rd >= 13 || o.rm >= 13) return false;
  if (n.find("(register)") != std::string_view::npos && o.rm == o.rn) return false;
  const bool multiple = e.op == OpClass::LoadMultiple || e.op == OpClass::StoreMultiple;
  if (multiple) {
    if (o.imm & 0xE000u) return false;            // SP, LR, PC in the list
    if (o.imm & (1u << o.rn)) return false;       // base in the list: UNPREDICTABLE with writeback
    return true;
  }
  const bool dual = n.starts_with("LDRD") || n.starts_with("STRD");
  const bool excl = n.find("EX") != std::string_view::npos;
  if (dual || excl) {
    if (o.ra >= 13) return false;
    if (o.ra == o.rd || o.ra == o.rn) return false;
  }
  if ((o.flags & kWback) && o.rd == o.rn) return false;  // UNPREDICTABLE
  if (literal && dual && (o.flags & kWback)) return false;
  return true;
}

TEST(QemuDifferential, LoadStoreMatchesQemu) {
  ASSERT_EQ(std::system("command -v qemu-system-arm > /dev/null 2>&1"), 0) << "qemu-system-arm missing (scripts/setup-deps.sh installs it)";
  std::mt19937 rng(seed(777));
  const std::vector<Case> cases = sample_cases(rng, 10, eligible_memory);
  ASSERT_GT(cases.size(), 150u);
  std::ostringstream body;
  // Fill the scratch buffer with a pattern.
  body << "  ldr r0, =" << kScratch << "\n  ldr r1, =0x9E3779B9\n  movs r2, #0\n"
       << "fill:\n  str r1, [r0, r2]\n  ror r1, r1, #7\n  add r1, r1, r2\n  adds r2, #4\n"
       << "  cmp r2, #" << kScratchSize << "\n  blt fill\n";
  for (const Case& c : cases) {
    const std::string_view n = c.name;
    const bool dual = n.starts_with("LDRD") || n.starts_with("STRD");
    const bool multiple = n.starts_with("LDM") || n.starts_with("STM");
    const bool excl = n.find("EX") != std::string_view::npos || n.starts_with("LDA") || n.starts_with("STL");
    body << random_flags(rng);
    for (int r = 0; r <= 12; ++r) body << "  ldr r" << r << ", =" << random_value(rng) << "\n";
    // Base register inside the scratch buffer, far enough from both ends for any offset; aligned as
    // the access needs (unaligned word/halfword accesses are allowed and tested).
    uint32_t base = kScratch + 0x800 + (rng() % 0x100);
    if (dual || multiple || excl) base &= ~3u;
    if (multiple) base = kScratch + 0x400 + ((rng() % 0x100) & ~3u);
    if (c.ops.rn < 13) body << "  ldr r" << unsigned(c.ops.rn) << ", =" << base << "\n";
    if (n.find("(register)") != std::string_view::npos)
      body << "  ldr r" << unsigned(c.ops.rm) << ", =" << (rng() % 64) << "\n";
    if (excl && n.starts_with("ST") && rng() % 2) {
      // Half the store-exclusives follow a matching load-exclusive (they succeed); the others see
      // the monitor the previous case left (open after a STREX: they fail).
      unsigned scratch_reg = 0;
      while (scratch_reg == c.ops.rd || scratch_reg == c.ops.rn || scratch_reg == c.ops.ra) ++scratch_reg;
      const char* ld = (n.starts_with("STREXB") || n.starts_with("STLEXB"))   ? "ldrexb"
                       : (n.starts_with("STREXH") || n.starts_with("STLEXH")) ? "ldrexh"
                                                                              : "ldrex";
      body << "  " << ld << " r" << scratch_reg << ", [r" << unsigned(c.ops.rn) << "]\n";
    }
    if (rng() % 4 == 0) {  // as the single instruction of an IT block with a random condition
      char it[32];
      std::snprintf(it, sizeof it, "  .inst.n 0x%04x\n", static_cast<unsigned>(0xBF08u | ((rng() % 14) << 4)));
      body << it;
    }
    body << inst(c) << kRecord;
  }
  compare(run_both(body.str()), cases);
}

}  // namespace
}  // namespace corsim::cpu::test

namespace corsim::cpu::test {
namespace {

// Hand-written control-flow programs (IT blocks, CBZ/CBNZ, TBB/TBH, BL/BLX/BX, POP {pc}, LDR pc,
// low-overhead loops, conditional branches of every condition): each snapshot pushes r0-r12 and
// NZCV like the random cases; the two dumps must be identical.
std::string snapshot() { return kRecord; }

TEST(QemuDifferential, ControlFlowMatchesQemu) {
  ASSERT_EQ(std::system("command -v qemu-system-arm > /dev/null 2>&1"), 0) << "qemu-system-arm missing (scripts/setup-deps.sh installs it)";
  std::ostringstream b;
  // IT blocks with every condition and then/else pattern, including flag-setting 16-bit forms
  // inside the block (which then do not set flags) and a flag change in the middle of a block.
  const char* conds[] = {"eq", "ne", "cs", "cc", "mi", "pl", "vs", "vc", "hi", "ls", "ge", "lt", "gt", "le"};
  const char* inverse[] = {"ne", "eq", "cc", "cs", "pl", "mi", "vc", "vs", "ls", "hi", "lt", "ge", "le", "gt"};
  const std::pair<uint32_t, uint32_t> flag_pairs[] = {{5, 3}, {3, 5}, {5, 5}, {0x80000000u, 1}, {0x7FFFFFFFu, 0xFFFFFFFFu}};
  int label = 0;
  for (size_t ci = 0; ci < std::size(conds); ++ci) {
    for (const auto& fp : flag_pairs) {
      b << "  ldr r0, =" << fp.first << "\n  ldr r1, =" << fp.second << "\n  movs r2, #0\n  movs r3, #0\n  cmp r0, r1\n";
      b << "  itete " << conds[ci] << "\n  add" << conds[ci] << " r2, #1\n  add" << inverse[ci] << " r3, #1\n"
        << "  adds" << conds[ci] << ".w r2, r2, #2\n  add" << inverse[ci] << " r3, r3, #2\n" << snapshot();
      // 16-bit ADDS inside IT does not set flags; outside it does.
      b << "  cmp r0, r1\n  movs r4, #0\n  it " << conds[ci] << "\n  add" << conds[ci] << " r4, r4, #0\n" << snapshot();
      // Conditional branch.
      b << "  cmp r0, r1\n  movs r5, #1\n  b" << conds[ci] << " 2f\n  movs r5, #2\n2:\n  movs r6, #3\n" << snapshot();
      // A branch inside an IT block (last instruction) and a flag change in the middle of a block.
      b << "  cmp r0, r1\n  movs r7, #0\n  ittt " << conds[ci] << "\n  cmp" << conds[ci] << " r7, #0\n"
        << "  add" << conds[ci] << " r7, #5\n  b" << conds[ci] << " 3f\n  movs r7, #9\n3:\n" << snapshot();
      ++label;
    }
  }
  // CBZ/CBNZ, TBB/TBH with several indexes.
  for (int v = 0; v < 4; ++v) {
    b << "  movs r0, #" << v << "\n  movs r1, #0\n  cbz r0, 4f\n  movs r1, #1\n4:\n  cbnz r0, 5f\n  adds r1, #2\n5:\n"
      << snapshot();
    b << "  movs r0, #" << v << "\n  movs r2, #0\n  tbb [pc, r0]\n6:\n  .byte (7f-6b)/2, (8f-6b)/2, (9f-6b)/2, (10f-6b)/2\n"
      << "7: adds r2, #1\n8: adds r2, #2\n9: adds r2, #4\n10: adds r2, #8\n" << snapshot();
    b << "  movs r0, #" << v << "\n  movs r2, #0\n  tbh [pc, r0, lsl #1]\n11:\n"
      << "  .hword (12f-11b)/2, (13f-11b)/2, (14f-11b)/2, (15f-11b)/2\n"
      << "12: adds r2, #1\n13: adds r2, #2\n14: adds r2, #4\n15: adds r2, #8\n" << snapshot();
  }
  // Calls and returns: BL, BLX register, BX LR, POP {pc}, LDR pc, MOV pc, ADD pc.
  b << "  movs r0, #0\n  bl f1\n  ldr r3, =f2\n  blx r3\n  ldr r3, =f3\n  blx r3\n  adr r3, 16f\n  adds r3, #1\n"
       "  mov pc, r3\n  movs r0, #99\n  .align 2\n16:\n  adds r0, #100\n" << snapshot()
    << "  b 17f\n"
       ".thumb_func\nf1: adds r0, #1\n  bx lr\n"
       ".thumb_func\nf2: push {r4, lr}\n  adds r0, #10\n  pop {r4, pc}\n"
       ".thumb_func\nf3: push {lr}\n  adds r0, #20\n  ldr pc, [sp], #4\n"
       "17:\n";
  // Low-overhead loops: DLS/LE and WLS/LE with 0, 1 and several iterations, and LE without LR.
  for (int n : {0, 1, 2, 7}) {
    b << "  movs r0, #" << n << "\n  movs r1, #0\n  wls lr, r0, 19f\n18:\n  adds r1, #1\n  le lr, 18b\n19:\n"
      << "  mov r2, lr\n" << snapshot();
    if (n > 0)
      b << "  movs r0, #" << n << "\n  movs r1, #0\n  dls lr, r0\n20:\n  adds r1, #3\n  le lr, 20b\n  mov r2, lr\n"
        << snapshot();
  }
  b << "  movs r1, #0\n21:\n  adds r1, #1\n  cmp r1, #5\n  beq 22f\n  le 21b\n22:\n" << snapshot();
  // CSEL family with every condition.
  for (size_t ci = 0; ci < std::size(conds); ++ci) {
    b << "  ldr r0, =5\n  ldr r1, =3\n  cmp r0, r1\n  movs r2, #7\n  movs r3, #9\n  csel r4, r2, r3, " << conds[ci]
      << "\n  csinc r5, r2, r3, " << conds[ci] << "\n  csinv r6, r2, r3, " << conds[ci] << "\n  csneg r7, r2, r3, "
      << conds[ci] << "\n  cset r8, " << conds[ci] << "\n  csetm r9, " << conds[ci] << "\n" << snapshot();
  }
  const Dumps d = run_both(b.str());
  ASSERT_TRUE(d.ok);
  ASSERT_EQ(d.qemu.size(), d.ours.size()) << d.qemu_log.substr(0, 400);
  int mismatches = 0;
  const size_t records = d.ours.size() - kScratchSize;
  for (size_t off = 0; off < records && mismatches < 20; off += 4) {
    uint32_t a, q;
    std::memcpy(&a, &d.ours[off], 4);
    std::memcpy(&q, &d.qemu[off], 4);
    if (a != q) {
      ++mismatches;
      const size_t from_top = records - off;  // bytes from the top of the results stack
      const size_t snap = (from_top - 1) / (kWordsPerCase * 4);
      const size_t word = kWordsPerCase - 1 - ((from_top - 1) % (kWordsPerCase * 4)) / 4;
      ADD_FAILURE() << "snapshot " << snap << " word " << word << " (0 = NZCV, n = r(n-1)): ours " << std::hex << a
                    << " qemu " << q;
    }
  }
}

}  // namespace
}  // namespace corsim::cpu::test
