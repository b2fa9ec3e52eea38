// The progress display's pieces: the current operator followed through the runtime's trace
// markers (runtime/trace/markers.h protocol, written here by hand: 4 name bytes per word, little
// endian, a word with a NUL ends the name), and the line's format.
#include <gtest/gtest.h>

#include "sim/progress.h"

namespace corsim::sim {
namespace {

constexpr uint32_t word(const char (&s)[5]) {
  return uint32_t(uint8_t(s[0])) | uint32_t(uint8_t(s[1])) << 8 | uint32_t(uint8_t(s[2])) << 16 | uint32_t(uint8_t(s[3])) << 24;
}

TEST(DropinProgress, CurrentOperatorFollowsBeginAndEnd) {
  std::vector<TraceMarker> m;
  CurrentOperator op;
  // "aten::add.out" = 13 bytes: 3 full words, then "t" and three NULs.
  m.push_back({10, 1, word("aten"), 4});
  m.push_back({11, 1, word("::ad"), 4});
  m.push_back({12, 1, word("d.ou"), 4});
  m.push_back({13, 1, uint32_t('t'), 4});
  EXPECT_EQ(op.update(m), "");  // named, not begun
  m.push_back({14, 4, 0, 4});   // kind: KernelCall
  m.push_back({15, 2, 0, 4});   // begin
  EXPECT_EQ(op.update(m), "aten::add.out");
  m.push_back({20, 3, 0, 4});   // end
  EXPECT_EQ(op.update(m), "");
  // A name of exactly 12 bytes ends with an all-NUL word.
  m.push_back({21, 1, word("Etho"), 4});
  m.push_back({22, 1, word("sUBa"), 4});
  m.push_back({23, 1, word("cken"), 4});
  m.push_back({24, 1, 0, 4});
  m.push_back({25, 2, 1, 4});
  EXPECT_EQ(op.update(m), "EthosUBacken");
}

TEST(DropinProgress, LineFormat) {
  // 12,345,678 cycles; 8,400,000 instructions in 2 s = 4.2 MIPS.
  EXPECT_EQ(format_progress_line(12'345'678, 8'400'000, 2.0, "aten::add.out"),
            "corsim: 12.35 Mcycles  4.2 MIPS  2.0 s  op aten::add.out");
  EXPECT_EQ(format_progress_line(0, 0, 0.0, ""), "corsim: 0.00 Mcycles  0.0 MIPS  0.0 s");
}

}  // namespace
}  // namespace corsim::sim
