// Semihosting calls (Arm "Semihosting for AArch32 and AArch64" v2.0) and the sandbox that
// confines host file access.
#include "sim/semihosting.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>

#include "memory/interconnect.h"
#include "memory/ram.h"
#include "test_support.h"

namespace corsim::sim {
namespace {

namespace fs = std::filesystem;
using S = Semihosting;

class SemihostingTest : public ::testing::Test {
 protected:
  void SetUp() override {
    base_ = fs::temp_directory_path() /
            ("corsim-sh-" + std::to_string(::getpid()) + "-" + ::testing::UnitTest::GetInstance()->current_test_info()->name());
    root_ = base_ / "root";
    fs::create_directories(root_ / "sub");
    std::ofstream(base_ / "secret.txt") << "secret";
    std::ofstream(root_ / "hello.txt") << "hello world";
    ASSERT_TRUE(bus_.map(0x20000000, 0x10000, ram_, "ram"));
    out_ = std::tmpfile();
    err_ = std::tmpfile();
  }
  void TearDown() override {
    std::fclose(out_);
    std::fclose(err_);
    fs::remove_all(base_);
  }
  std::unique_ptr<Semihosting> make(std::string cmdline = "") {
    SemihostingOptions o;
    o.root = root_.string();
    o.cmdline = std::move(cmdline);
    o.clock_hz = 1000;
    o.out = out_;
    o.err = err_;
    o.in = in_;
    o.on_stdout = on_stdout_;
    o.heap_base = 0x60000000;
    o.heap_limit = 0x61000000;
    o.stack_base = 0x30080000;
    o.stack_limit = 0x30070000;
    auto s = std::make_unique<Semihosting>(o, time_, [this](int code) { exits_.push_back(code); });
    EXPECT_TRUE(s->ok()) << s->error();
    return s;
  }
  // Writes words (and strings) into guest memory.
  void words(uint32_t addr, std::initializer_list<uint32_t> w) {
    for (uint32_t v : w) {
      uint8_t b[4];
      std::memcpy(b, &v, 4);
      ASSERT_TRUE(bus_.debug_write_block(addr, b));
      addr += 4;
    }
  }
  void str(uint32_t addr, const std::string& s) {
    ASSERT_TRUE(bus_.debug_write_block(addr, {reinterpret_cast<const uint8_t*>(s.c_str()), s.size() + 1}));
  }
  std::string mem(uint32_t addr, size_t n) {
    std::string s(n, '\0');
    EXPECT_TRUE(bus_.debug_read_block(addr, {reinterpret_cast<uint8_t*>(s.data()), n}));
    return s;
  }
  uint32_t word(uint32_t addr) {
    uint32_t v;
    bus_.debug_read_block(addr, {reinterpret_cast<uint8_t*>(&v), 4});
    return v;
  }
  static std::string contents(std::FILE* f) {
    std::fflush(f);
    std::rewind(f);
    std::string s;
    int c;
    while ((c = std::fgetc(f)) != EOF) s.push_back(static_cast<char>(c));
    return s;
  }
  uint32_t open(Semihosting& s, const std::string& name, uint32_t mode) {
    str(0x20001000, name);
    words(0x20000000, {0x20001000, mode, static_cast<uint32_t>(name.size())});
    return s.call(S::kOpen, 0x20000000, bus_);
  }

  fs::path base_, root_;
  memory::Interconnect bus_;
  memory::Ram ram_{"ram", 0x10000};
  test::FakeTime time_;
  std::FILE* out_ = nullptr;
  std::FILE* err_ = nullptr;
  std::FILE* in_ = nullptr;
  std::function<void(std::string_view)> on_stdout_;
  std::vector<int> exits_;
};

TEST_F(SemihostingTest, ConsoleWrites) {
  auto s = make();
  str(0x20002000, "abc");
  EXPECT_EQ(s->call(S::kWrite0, 0x20002000, bus_), 0u);
  EXPECT_EQ(s->call(S::kWriteC, 0x20002001, bus_), 0u);
  const uint32_t tt_out = open(*s, ":tt", 4);
  const uint32_t tt_err = open(*s, ":tt", 8);
  ASSERT_NE(tt_out, 0xFFFFFFFFu);
  words(0x20000100, {tt_out, 0x20002000, 2});
  EXPECT_EQ(s->call(S::kWrite, 0x20000100, bus_), 0u);  // 0 bytes left unwritten
  words(0x20000100, {tt_err, 0x20002002, 1});
  EXPECT_EQ(s->call(S::kWrite, 0x20000100, bus_), 0u);
  EXPECT_EQ(contents(out_), "abcbab");
  EXPECT_EQ(contents(err_), "c");
  words(0x20000100, {tt_out});
  EXPECT_EQ(s->call(S::kIsTty, 0x20000100, bus_), 1u);
}

// Console output keeps stdio's buffering (no flush per call: a runner printing hundreds of lines
// would cost a system call each), every stdout byte reaches the on_stdout hook in order (the
// progress line and the HTML report's console copy); a write to stderr and a read of the console
// flush stdout first, so the order on a shared terminal and a prompt before input are kept.
TEST_F(SemihostingTest, ConsoleWritesAreBufferedAndSeenByTheHookInOrder) {
  ASSERT_EQ(std::setvbuf(out_, nullptr, _IOFBF, 4096), 0);
  std::string seen;
  on_stdout_ = [&seen](std::string_view bytes) { seen.append(bytes); };
  in_ = std::tmpfile();
  std::fputs("x", in_);
  std::rewind(in_);
  auto s = make();
  const auto bytes_in_file = [this] {
    struct stat st {};
    EXPECT_EQ(::fstat(::fileno(out_), &st), 0);
    return st.st_size;
  };
  str(0x20002000, "abc");
  EXPECT_EQ(s->call(S::kWrite0, 0x20002000, bus_), 0u);
  EXPECT_EQ(s->call(S::kWriteC, 0x20002001, bus_), 0u);
  const uint32_t tt_out = open(*s, ":tt", 4);
  const uint32_t tt_err = open(*s, ":tt", 8);
  words(0x20000100, {tt_out, 0x20002000, 2});
  EXPECT_EQ(s->call(S::kWrite, 0x20000100, bus_), 0u);
  EXPECT_EQ(seen, "abcbab");
  EXPECT_EQ(bytes_in_file(), 0);  // still in stdio's buffer: no flush per call
  words(0x20000100, {tt_err, 0x20002002, 1});
  EXPECT_EQ(s->call(S::kWrite, 0x20000100, bus_), 0u);
  EXPECT_EQ(bytes_in_file(), 6);  // stdout's bytes went out before stderr's
  EXPECT_EQ(contents(err_), "c");
  EXPECT_EQ(s->call(S::kWriteC, 0x20002002, bus_), 0u);
  EXPECT_EQ(seen, "abcbabc");     // stderr's "c" is not console out; the WRITEC's is
  EXPECT_EQ(bytes_in_file(), 6);
  EXPECT_EQ(s->call(S::kReadC, 0, bus_), static_cast<uint32_t>('x'));
  EXPECT_EQ(bytes_in_file(), 7);  // READC flushed the prompt before reading
  EXPECT_EQ(contents(out_), "abcbabc");
  std::fclose(in_);
  in_ = nullptr;
}

TEST_F(SemihostingTest, FileReadSeekFlenClose) {
  auto s = make();
  const uint32_t h = open(*s, "hello.txt", 1);  // "rb"
  ASSERT_NE(h, 0xFFFFFFFFu);
  words(0x20000100, {h});
  EXPECT_EQ(s->call(S::kFlen, 0x20000100, bus_), 11u);
  EXPECT_EQ(s->call(S::kIsTty, 0x20000100, bus_), 0u);
  words(0x20000100, {h, 0x20003000, 5});
  EXPECT_EQ(s->call(S::kRead, 0x20000100, bus_), 0u);
  EXPECT_EQ(mem(0x20003000, 5), "hello");
  words(0x20000100, {h, 6});
  EXPECT_EQ(s->call(S::kSeek, 0x20000100, bus_), 0u);
  words(0x20000100, {h, 0x20003000, 20});
  EXPECT_EQ(s->call(S::kRead, 0x20000100, bus_), 15u);  // 5 read, 15 not read
  EXPECT_EQ(mem(0x20003000, 5), "world");
  words(0x20000100, {h});
  EXPECT_EQ(s->call(S::kClose, 0x20000100, bus_), 0u);
  EXPECT_EQ(s->call(S::kClose, 0x20000100, bus_), 0xFFFFFFFFu);
  EXPECT_EQ(s->call(S::kErrno, 0, bus_), static_cast<uint32_t>(EBADF));
}

TEST_F(SemihostingTest, WriteFileRenameRemoveInsideRoot) {
  auto s = make();
  const uint32_t h = open(*s, "sub/out.bin", 5);  // "wb"
  ASSERT_NE(h, 0xFFFFFFFFu);
  str(0x20002000, "data");
  words(0x20000100, {h, 0x20002000, 4});
  EXPECT_EQ(s->call(S::kWrite, 0x20000100, bus_), 0u);
  words(0x20000100, {h});
  s->call(S::kClose, 0x20000100, bus_);
  std::ifstream in(root_ / "sub/out.bin");
  std::string got;
  in >> got;
  EXPECT_EQ(got, "data");
  str(0x20001000, "sub/out.bin");
  str(0x20001100, "moved.bin");
  words(0x20000100, {0x20001000, 11, 0x20001100, 9});
  EXPECT_EQ(s->call(S::kRename, 0x20000100, bus_), 0u);
  EXPECT_TRUE(fs::exists(root_ / "moved.bin"));
  words(0x20000100, {0x20001100, 9});
  EXPECT_EQ(s->call(S::kRemove, 0x20000100, bus_), 0u);
  EXPECT_FALSE(fs::exists(root_ / "moved.bin"));
}

TEST_F(SemihostingTest, PathEscapesAreRefused) {
  auto s = make();
  EXPECT_EQ(open(*s, "../secret.txt", 0), 0xFFFFFFFFu);
  EXPECT_EQ(s->call(S::kErrno, 0, bus_), static_cast<uint32_t>(EACCES));
  EXPECT_EQ(open(*s, "sub/../../secret.txt", 0), 0xFFFFFFFFu);
  EXPECT_EQ(open(*s, (base_ / "secret.txt").string(), 0), 0xFFFFFFFFu);  // absolute
  EXPECT_EQ(open(*s, "/etc/passwd", 0), 0xFFFFFFFFu);
  // A symlink inside the root that points outside it.
  fs::create_symlink(base_ / "secret.txt", root_ / "link.txt");
  EXPECT_EQ(open(*s, "link.txt", 0), 0xFFFFFFFFu);
  fs::create_directory_symlink(base_, root_ / "up");
  EXPECT_EQ(open(*s, "up/secret.txt", 0), 0xFFFFFFFFu);
  EXPECT_EQ(open(*s, "up/new.txt", 4), 0xFFFFFFFFu);  // creating through it is refused too
  EXPECT_FALSE(fs::exists(base_ / "new.txt"));
  // A dangling symlink aiming outside: opening it for writing would create the target.
  fs::create_symlink(base_ / "created.txt", root_ / "dangling");
  EXPECT_EQ(open(*s, "dangling", 4), 0xFFFFFFFFu);
  EXPECT_FALSE(fs::exists(base_ / "created.txt"));
  // Remove and rename are confined as well.
  str(0x20001000, "../secret.txt");
  words(0x20000100, {0x20001000, 13});
  EXPECT_NE(s->call(S::kRemove, 0x20000100, bus_), 0u);
  EXPECT_TRUE(fs::exists(base_ / "secret.txt"));
  // A symlink that stays inside is fine.
  fs::create_symlink(root_ / "hello.txt", root_ / "inner");
  EXPECT_NE(open(*s, "inner", 0), 0xFFFFFFFFu);
}

TEST_F(SemihostingTest, TimeIsSimulated) {
  auto s = make();
  time_.t = 2500;  // 2.5 s at 1 kHz
  EXPECT_EQ(s->call(S::kClock, 0, bus_), 250u);  // centiseconds
  EXPECT_EQ(s->call(S::kTime, 0, bus_), 2u);
  EXPECT_EQ(s->call(S::kTickFreq, 0, bus_), 1000u);
  EXPECT_EQ(s->call(S::kElapsed, 0x20000200, bus_), 0u);
  EXPECT_EQ(word(0x20000200), 2500u);
  EXPECT_EQ(word(0x20000204), 0u);
}

TEST_F(SemihostingTest, CmdlineHeapinfoSystemAndFeatures) {
  auto s = make("runner -m model.pte");
  words(0x20000100, {0x20004000, 64});
  EXPECT_EQ(s->call(S::kGetCmdline, 0x20000100, bus_), 0u);
  EXPECT_EQ(mem(0x20004000, 20), std::string("runner -m model.pte\0", 20));
  EXPECT_EQ(word(0x20000104), 19u);
  words(0x20000100, {0x20004000, 5});
  EXPECT_EQ(s->call(S::kGetCmdline, 0x20000100, bus_), 0xFFFFFFFFu);  // buffer too small
  words(0x20000300, {0x20000310});
  EXPECT_EQ(s->call(S::kHeapInfo, 0x20000300, bus_), 0u);
  EXPECT_EQ(word(0x20000310), 0x60000000u);
  EXPECT_EQ(word(0x2000031C), 0x30070000u);
  str(0x20001000, "ls");
  words(0x20000100, {0x20001000, 2});
  EXPECT_EQ(s->call(S::kSystem, 0x20000100, bus_), 0xFFFFFFFFu);
  const uint32_t h = open(*s, ":semihosting-features", 0);
  ASSERT_NE(h, 0xFFFFFFFFu);
  words(0x20000100, {h});
  EXPECT_EQ(s->call(S::kFlen, 0x20000100, bus_), 5u);
  words(0x20000100, {h, 0x20005000, 5});
  EXPECT_EQ(s->call(S::kRead, 0x20000100, bus_), 0u);
  EXPECT_EQ(mem(0x20005000, 5), std::string("SHFB\x03", 5));
  words(0x20000100, {0xFFFFFFFFu});
  EXPECT_EQ(s->call(S::kIsError, 0x20000100, bus_), 1u);
}

// A parameter block the guest points outside memory: -1, errno EFAULT (semihosting v2.0 "Error
// handling"), and one counted misuse naming the block, for every call that reads one this way.
TEST_F(SemihostingTest, ParameterBlocksOutsideMemoryAreCountedMisuses) {
  auto s = make();
  const uint32_t outside = 0x70000000;  // nothing mapped there (the test bus has RAM at 0x20000000)
  const S::Op ops[] = {S::kClose, S::kWrite, S::kRead, S::kIsTty, S::kSeek, S::kFlen, S::kTmpNam, S::kGetCmdline};
  unsigned n = 0;
  for (const S::Op op : ops) {
    EXPECT_EQ(s->call(op, outside, bus_), 0xFFFFFFFFu) << op;
    EXPECT_EQ(s->call(S::kErrno, 0, bus_), static_cast<uint32_t>(EFAULT)) << op;
    EXPECT_EQ(s->misuse_count(), ++n) << op;
  }
  EXPECT_EQ(s->first_misuse(), "semihosting: operation 0x02 refused: its parameter block at 0x70000000 is outside memory");
}

TEST_F(SemihostingTest, ExitForms) {
  {
    auto s = make();
    s->call(S::kExit, S::kApplicationExit, bus_);
    EXPECT_EQ(s->exit_code(), 0);
  }
  {
    auto s = make();
    s->call(S::kExit, 0x20023, bus_);  // ADP_Stopped_RunTimeErrorUnknown
    EXPECT_EQ(s->exit_code(), 1);
  }
  {
    auto s = make();
    words(0x20000100, {S::kApplicationExit, 42});
    s->call(S::kExitExtended, 0x20000100, bus_);
    EXPECT_EQ(s->exit_code(), 42);
  }
  EXPECT_EQ(exits_, (std::vector<int>{0, 1, 42}));
}

TEST(HostSandbox, RejectsAMissingRoot) {
  HostSandbox sb("/nonexistent/corsim/root");
  EXPECT_FALSE(sb.ok());
}

}  // namespace
}  // namespace corsim::sim
