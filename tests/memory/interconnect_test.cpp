#include "memory/interconnect.h"
#include "memory/ram.h"

#include <gtest/gtest.h>

#include <array>

namespace corsim::memory {
namespace {

TEST(Interconnect, UnmappedAddressIsDecodeError) {
  Interconnect bus;
  uint32_t v = 0;
  EXPECT_EQ(bus.read(0x1234, 4, v, {}).status, BusStatus::DecodeError);
  EXPECT_EQ(bus.write(0x1234, 4, 1, {}).status, BusStatus::DecodeError);
  EXPECT_EQ(bus.host_read_ptr(0x1234), nullptr);
}

TEST(Interconnect, AliasesShareStorage) {
  Interconnect bus;
  Ram itcm("ITCM", 512 * 1024);
  ASSERT_TRUE(bus.map(0x00000000, itcm.size(), itcm, "ITCM (NS)"));
  ASSERT_TRUE(bus.map(0x10000000, itcm.size(), itcm, "ITCM (S)"));
  ASSERT_TRUE(bus.write(0x10000100, 4, 0xCAFEF00D, {}).ok());
  uint32_t v = 0;
  ASSERT_TRUE(bus.read(0x00000100, 4, v, {}).ok());
  EXPECT_EQ(v, 0xCAFEF00Du);
  ASSERT_TRUE(bus.read(0x00000101, 2, v, {}).ok());
  EXPECT_EQ(v, 0xFEF0u);  // bytes 0D F0 FE CA: offset 1 holds F0, FE
}

TEST(Interconnect, OverlappingMapIsRefused) {
  Interconnect bus;
  Ram a("a", 0x2000), b("b", 0x2000);
  ASSERT_TRUE(bus.map(0x1000, 0x2000, a, "a"));
  EXPECT_FALSE(bus.map(0x2000, 0x2000, b, "b"));
  EXPECT_FALSE(bus.map(0x0800, 0x1000, b, "unaligned"));
}

TEST(Interconnect, PageCrossingAccessIsSplit) {
  Interconnect bus;
  Ram ram("ram", 0x3000);
  ASSERT_TRUE(bus.map(0x20000000, ram.size(), ram, "ram"));
  ASSERT_TRUE(bus.write(0x20000FFE, 4, 0x11223344, {}).ok());
  uint32_t v = 0;
  ASSERT_TRUE(bus.read(0x20000FFE, 4, v, {}).ok());
  EXPECT_EQ(v, 0x11223344u);
  EXPECT_EQ(*bus.host_read_ptr(0x20001000), 0x22);
}

TEST(Interconnect, RomRefusesWritesButLoaderCanFillIt) {
  Interconnect bus;
  Ram rom("rom", 0x1000, 0, /*writable=*/false);
  ASSERT_TRUE(bus.map(0x0, 0x1000, rom, "rom"));
  const std::array<uint8_t, 3> data{1, 2, 3};
  ASSERT_TRUE(bus.debug_write_block(0x10, data));
  EXPECT_EQ(bus.write(0x10, 1, 9, {}).status, BusStatus::SlaveError);
  EXPECT_EQ(bus.host_write_ptr(0x10), nullptr);
  std::array<uint8_t, 3> back{};
  ASSERT_TRUE(bus.debug_read_block(0x10, back));
  EXPECT_EQ(back, data);
}

TEST(Ram, LargeMemoryIsBackedLazily) {
  Ram ddr("DDR", 0x80000000u);
  EXPECT_EQ(ddr.resident_bytes(), 0u);
  uint32_t v = 0;
  ASSERT_TRUE(ddr.debug_write(0x7FFFFFFC, 4, 42));
  ASSERT_TRUE(ddr.debug_read(0x7FFFFFFC, 4, v));
  EXPECT_EQ(v, 42u);
  EXPECT_EQ(ddr.resident_bytes(), kPageSize);
}

TEST(Interconnect, TrafficIsCountedPerMaster) {
  Interconnect bus;
  Ram ram("ram", 0x1000);
  ASSERT_TRUE(bus.map(0x0, 0x1000, ram, "ram"));
  uint32_t v;
  bus.read(0x0, 4, v, {Master::NpuAxi0});
  bus.write(0x0, 2, 0, {Master::CpuData});
  EXPECT_EQ(bus.traffic(Master::NpuAxi0).read_bytes, 4u);
  EXPECT_EQ(bus.traffic(Master::CpuData).write_bytes, 2u);
}

}  // namespace
}  // namespace corsim::memory
