// The one register-bank abstraction (memory/register_bank.h): byte lanes per bus kind, unknown
// offsets per range, log-once reports, storage reset values, debug reads, duplicate declarations.
#include "memory/register_bank.h"

#include <gtest/gtest.h>

namespace corsim::memory {
namespace {

uint32_t rd(RegisterBank& b, uint32_t offset, unsigned size = 4) {
  uint32_t v = 0xDEADBEEF;
  EXPECT_TRUE(b.read(offset, size, v).ok()) << offset;
  return v;
}

TEST(RegisterBank, StrobedSubWordWritesChangeOnlyTheWrittenBytes) {
  RegisterBank b("ppb", ByteLanes::Strobed);
  uint32_t r = 0x11223344;
  b.add_storage(0x10, "R", r);
  ASSERT_TRUE(b.write(0x12, 1, 0xAB).ok());
  EXPECT_EQ(r, 0x11AB3344u);
  ASSERT_TRUE(b.write(0x10, 2, 0xCDEF).ok());
  EXPECT_EQ(r, 0x11ABCDEFu);
  EXPECT_EQ(rd(b, 0x13, 1), 0x11u);
  EXPECT_EQ(rd(b, 0x12, 2), 0x11ABu);
}

TEST(RegisterBank, ApbWithoutStrobesWritesTheWholeWordWithZerosOutsideTheLane) {
  RegisterBank b("apb", ByteLanes::ApbNoStrobe);
  uint32_t r = 0x11223344;
  uint32_t seen_value = 0, seen_lanes = 0;
  b.add_storage(0x0, "R", r);
  b.add(0x4, "W", nullptr, [&](uint32_t v, uint32_t lanes) {
    seen_value = v;
    seen_lanes = lanes;
  });
  ASSERT_TRUE(b.write(0x1, 1, 0xAB).ok());
  EXPECT_EQ(r, 0x0000AB00u);  // APB3 has no PSTRB: the other lanes are written as zero
  ASSERT_TRUE(b.write(0x6, 1, 0x5A).ok());
  EXPECT_EQ(seen_value, 0x005A0000u);
  EXPECT_EQ(seen_lanes, 0xFFFFFFFFu);
}

TEST(RegisterBank, WordOnlyBanksRefuseSubWordAndUnalignedAccesses) {
  RegisterBank b("npu", ByteLanes::WordOnly);
  uint32_t r = 7;
  b.add_storage(0x8, "R", r);
  uint32_t v = 0;
  EXPECT_EQ(b.read(0x8, 2, v).status, BusStatus::SlaveError);
  EXPECT_EQ(b.read(0x9, 4, v).status, BusStatus::SlaveError);
  EXPECT_EQ(b.write(0x8, 1, 1).status, BusStatus::SlaveError);
  EXPECT_EQ(r, 7u);
  EXPECT_EQ(rd(b, 0x8), 7u);
}

TEST(RegisterBank, UnknownOffsetsFollowTheirRangesPolicyAndAreReportedOncePerDirection) {
  RegisterBank b("dev", ByteLanes::ApbNoStrobe, UnknownAccess::RazWi);
  b.set_unknown(0x100, 0x200, UnknownAccess::BusError);
  b.set_unknown(0x180, 0x190, UnknownAccess::RazWiQuiet);  // a quiet hole inside the bus-error range
  EXPECT_EQ(rd(b, 0x40), 0u);
  EXPECT_EQ(rd(b, 0x40), 0u);
  EXPECT_TRUE(b.write(0x40, 4, 1).ok());
  EXPECT_EQ(b.unknown_reports(), 2u);
  uint32_t v = 0;
  EXPECT_EQ(b.read(0x104, 4, v).status, BusStatus::SlaveError);
  EXPECT_EQ(b.write(0x104, 4, 1).status, BusStatus::SlaveError);
  EXPECT_EQ(b.unknown_reports(), 4u);
  EXPECT_EQ(rd(b, 0x184), 0u);
  EXPECT_EQ(b.unknown_reports(), 4u);  // quiet
}

TEST(RegisterBank, ReadOnlyWritesAreIgnoredAndReportedOnce) {
  RegisterBank b("dev");
  b.add_const(0x0, "ID", 0x1234);
  EXPECT_TRUE(b.write(0x0, 4, 5).ok());
  EXPECT_TRUE(b.write(0x0, 4, 6).ok());
  EXPECT_EQ(rd(b, 0x0), 0x1234u);
  EXPECT_EQ(b.unknown_reports(), 1u);
}

TEST(RegisterBank, StorageKeepsItsWritableBitsAndResetsToItsDeclaredValue) {
  RegisterBank b("dev");
  uint32_t r = 0;
  b.add_storage(0x0, "R", r, 0x0F, 0xA5);
  b.reset();
  EXPECT_EQ(r, 0xA5u);
  b.write_word(0x0, 0xFF);
  EXPECT_EQ(r, 0xAFu);  // only bits 3:0 are writable
}

TEST(RegisterBank, DebugReadsRefuseRegistersWhoseReadActs) {
  RegisterBank b("dev");
  int reads = 0;
  b.add(0x0, "FIFO", [&] { return static_cast<uint32_t>(++reads); }, nullptr, RegisterBank::ReadEffect::Acts);
  b.add(0x4, "STATUS", [] { return 3u; }, nullptr);
  uint32_t v = 0;
  EXPECT_FALSE(b.debug_read(0x0, 4, v));
  EXPECT_EQ(reads, 0);
  EXPECT_TRUE(b.debug_read(0x5, 1, v));
  EXPECT_EQ(v, 0u);
  EXPECT_TRUE(b.debug_read(0x4, 4, v));
  EXPECT_EQ(v, 3u);
  EXPECT_FALSE(b.debug_read(0x8, 4, v));
}

TEST(RegisterBank, ArraysPassTheirIndex) {
  RegisterBank b("dev");
  uint32_t regs[3] = {};
  b.add_array(0x20, 3, 8, "A", [&](unsigned i) { return regs[i]; },
              [&](unsigned i, uint32_t v, uint32_t) { regs[i] = v + i; });
  b.write_word(0x30, 10);
  EXPECT_EQ(regs[2], 12u);
  EXPECT_EQ(rd(b, 0x30), 12u);
  EXPECT_FALSE(b.contains(0x24));
  EXPECT_EQ(b.name_of(0x28), "A");
}

TEST(RegisterBankDeathTest, DeclaringAnOffsetTwiceAborts) {
  EXPECT_DEATH(
      {
        RegisterBank b("dev");
        b.add_const(0x4, "A", 1);
        b.add_const(0x4, "B", 2);
      },
      "declared at offset 0x4");
}

}  // namespace
}  // namespace corsim::memory
