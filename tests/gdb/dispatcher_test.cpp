// The GDB server's commands against a fake target (GDB manual, "Packets", "General Query
// Packets"), the register map against the architectural state, and the FPB/DWT programming of
// hardware breakpoints and watchpoints (Arm DDI 0553 D1.2 "FPB", "DWT") through the real PPB.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <vector>

#include "cpu/exceptions/exception_unit.h"
#include "cpu/scs/system_control_space.h"
#include "memory/interconnect.h"
#include "sim/gdb/dispatcher.h"
#include "sim/gdb/packet.h"
#include "sim/gdb/points.h"
#include "sim/gdb/registers.h"

namespace corsim::sim::gdb {
namespace {

std::string to_hex_number(size_t n) {
  static const char* digits = "0123456789abcdef";
  std::string s;
  do {
    s.insert(s.begin(), digits[n % 16]);
    n /= 16;
  } while (n != 0);
  return s;
}

struct FakeTarget : DebugTarget {
  cpu::ArchState s;
  std::vector<uint8_t> ram = std::vector<uint8_t>(0x100, 0);  // at 0x1000
  struct Point {
    PointType type;
    uint32_t address, length;
  };
  std::vector<Point> points;
  std::string last_monitor;

  cpu::ArchState& state() override { return s; }
  bool read_memory(uint32_t a, std::span<uint8_t> out) override {
    if (a < 0x1000 || a + out.size() > 0x1100) return false;
    std::copy_n(ram.begin() + (a - 0x1000), out.size(), out.begin());
    return true;
  }
  bool write_memory(uint32_t a, std::span<const uint8_t> in) override {
    if (a < 0x1000 || a + in.size() > 0x1100) return false;
    std::copy(in.begin(), in.end(), ram.begin() + (a - 0x1000));
    return true;
  }
  bool insert_point(PointType t, uint32_t a, uint32_t n) override {
    if (t == PointType::Hardware && a == 0xBAD) return false;
    points.push_back({t, a, n});
    return true;
  }
  bool remove_point(PointType t, uint32_t a, uint32_t) override {
    for (auto it = points.begin(); it != points.end(); ++it) {
      if (it->type == t && it->address == a) {
        points.erase(it);
        return true;
      }
    }
    return false;
  }
  std::string monitor(std::string_view c) override {
    last_monitor = std::string(c);
    return "hello\n";
  }
};

std::string fmt_hex_request(size_t offset) {
  return "qXfer:features:read:target.xml:" + to_hex_number(offset) + ",64";
}

struct DispatcherTest : ::testing::Test {
  FakeTarget t;
  Dispatcher d{t, true, true};
  std::string one(std::string_view packet) {
    const Response r = d.handle(packet);
    EXPECT_EQ(r.packets.size(), 1u) << packet;
    return r.packets.empty() ? "<none>" : r.packets.back();
  }
};

TEST_F(DispatcherTest, RegistersByNumber) {
  t.s.r[0] = 0x12345678;
  t.s.r[15] = 0x10000300;
  EXPECT_EQ(one("p0"), "78563412");   // little-endian bytes
  EXPECT_EQ(one("pf"), "00030010");   // pc
  t.s.ext[2] = 0x11111111;            // s2 = low word of d1
  t.s.ext[3] = 0x22222222;
  EXPECT_EQ(one("p12"), "1111111122222222");  // d1 is register 17 + 1 = 0x12
  t.s.vpr = 0x00F0FFFF;
  EXPECT_EQ(one("p22"), "fffff000");  // vpr: 17 + 16 (d0-d15) + 1 (fpscr) = 34 = 0x22
  EXPECT_EQ(one("P1=efbeadde"), "OK");
  EXPECT_EQ(t.s.r[1], 0xDEADBEEFu);
  EXPECT_EQ(one("Pf=01030010"), "OK");
  EXPECT_EQ(t.s.r[15], 0x10000300u);  // bit 0 (Thumb) is not part of the address
  EXPECT_EQ(one("p99"), "E02");       // no such register
  EXPECT_EQ(one("P1=00"), "E02");     // wrong size
  EXPECT_EQ(one("Pzz=00000000"), "E01");
}

TEST_F(DispatcherTest, AllRegistersInTableOrder) {
  t.s.r[13] = 0x30000000;
  const std::string g = one("g");
  // 17 core registers and fpscr, vpr, 6 system and 4 secext registers of 4 bytes, 16 D of 8.
  EXPECT_EQ(g.size(), 2u * (4 * (17 + 2 + 6 + 4) + 8 * 16));
  EXPECT_EQ(g.substr(13 * 8, 8), "00000030");  // sp
  std::string G = g;
  G.replace(0, 8, "04030201");
  EXPECT_EQ(one("G" + G), "OK");
  EXPECT_EQ(t.s.r[0], 0x01020304u);
  EXPECT_EQ(one("Gxyz"), "E01");
}

TEST_F(DispatcherTest, XpsrAndStackPointers) {
  t.s.n = true;
  t.s.ipsr = 3;  // HardFault
  EXPECT_EQ(one("p10"), "03000081");  // N | T | IPSR 3
  EXPECT_EQ(one("P10=00000060"), "OK");  // Z C, T clear
  EXPECT_TRUE(t.s.z && t.s.c && !t.s.n);
  EXPECT_EQ(t.s.ipsr, 3u);  // the mode is not the debugger's to change
  // Thread mode, MSP active: msp reads r13; psp its slot.
  t.s.ipsr = 0;
  t.s.r[13] = 0x30001000;
  t.s.psp[1] = 0x30002000;
  EXPECT_EQ(one("p23"), "00100030");  // msp (35 = 0x23)
  EXPECT_EQ(one("p24"), "00200030");  // psp
  EXPECT_EQ(one("P24=04300030"), "OK");
  EXPECT_EQ(t.s.psp[1], 0x30003004u);
  EXPECT_EQ(t.s.r[13], 0x30001000u);
}

TEST_F(DispatcherTest, MemoryReadWrite) {
  EXPECT_EQ(one("M1004,4:deadbeef"), "OK");
  EXPECT_EQ(one("m1004,4"), "deadbeef");
  // X: binary with escapes: 0x7d ('}') is sent as "}]".
  EXPECT_EQ(one("X1010,2:}]a"), "OK");
  EXPECT_EQ(one("m1010,2"), "7d61");
  EXPECT_EQ(one("X1010,0:"), "OK");      // GDB's probe for X support
  EXPECT_EQ(one("m2000,4"), "E02");      // not readable
  EXPECT_EQ(one("M2000,1:00"), "E02");
  EXPECT_EQ(one("m1004"), "E01");        // no length
  EXPECT_EQ(one("mzz,4"), "E01");
  EXPECT_EQ(one("M1004,4:dead"), "E01"); // length and data disagree
  EXPECT_EQ(one("m1000,100000"), "E01"); // more than a packet
}

TEST_F(DispatcherTest, BreakpointsAndWatchpointsGoToTheTarget) {
  EXPECT_EQ(one("Z0,10000300,2"), "OK");
  EXPECT_EQ(one("Z1,10000304,4"), "OK");
  EXPECT_EQ(one("Z2,30000000,4"), "OK");
  ASSERT_EQ(t.points.size(), 3u);
  EXPECT_EQ(t.points[2].type, PointType::WriteWatch);
  EXPECT_EQ(t.points[2].length, 4u);
  EXPECT_EQ(one("z0,10000300,2"), "OK");
  EXPECT_EQ(one("z0,10000300,2"), "E03");  // not there any more
  EXPECT_EQ(one("Z1,bad,2"), "E03");       // refused by the target
  EXPECT_EQ(one("Z5,100,2"), "");          // a type we do not know: unsupported
  EXPECT_EQ(one("Z0,100"), "E01");
  EXPECT_EQ(one("Z"), "E01");
}

TEST_F(DispatcherTest, ResumeCommands) {
  EXPECT_TRUE(d.handle("c").packets.empty());
  EXPECT_EQ(d.handle("c").resume, Resume::Continue);
  EXPECT_EQ(d.handle("s").resume, Resume::Step);
  EXPECT_EQ(d.handle("vCont;s:1;c").resume, Resume::Step);
  EXPECT_EQ(d.handle("vCont;c").resume, Resume::Continue);
  EXPECT_EQ(d.handle("C05").resume, Resume::Continue);
  EXPECT_EQ(d.handle("c10000400").resume, Resume::Continue);
  EXPECT_EQ(t.s.r[15], 0x10000400u);
  EXPECT_EQ(d.handle("k").resume, Resume::Kill);
  EXPECT_EQ(d.handle("D").resume, Resume::Detach);
  EXPECT_EQ(one("vCont?"), "vCont;c;C;s;S");
  EXPECT_EQ(one("vCont;x"), "E01");
  EXPECT_EQ(one("czz"), "E01");
  EXPECT_EQ(one("?"), "S05");
  d.set_stop_reply("T02");
  EXPECT_EQ(one("?"), "T02");
}

TEST_F(DispatcherTest, Queries) {
  EXPECT_NE(one("qSupported:multiprocess+;swbreak+").find("qXfer:features:read+"), std::string::npos);
  const Response noack = d.handle("QStartNoAckMode");
  EXPECT_TRUE(noack.no_ack);
  EXPECT_EQ(one("qAttached"), "1");
  EXPECT_EQ(one("vMustReplyEmpty"), "");
  EXPECT_EQ(one("qTStatus"), "");
  EXPECT_EQ(one("bogus"), "");
  // The target description, read in pieces: "m" while more follows, "l" with the last piece.
  std::string xml;
  for (size_t off = 0;; off += 0x64) {
    const std::string part = one(fmt_hex_request(off));
    ASSERT_FALSE(part.empty());
    xml += part.substr(1);
    if (part[0] == 'l') break;
    ASSERT_EQ(part[0], 'm');
  }
  EXPECT_EQ(xml, target_description_xml(true, true));
  EXPECT_EQ(one("qXfer:features:read:other.xml:0,100"), "E00");
  EXPECT_EQ(one("qXfer:features:read:target.xml:zz"), "E01");
}

TEST_F(DispatcherTest, MonitorOutputIsHexInConsolePackets) {
  const Response r = d.handle("qRcmd," + to_hex("npu"));
  EXPECT_EQ(t.last_monitor, "npu");
  ASSERT_EQ(r.packets.size(), 2u);
  EXPECT_EQ(r.packets[0], "O" + to_hex("hello\n"));
  EXPECT_EQ(r.packets[1], "OK");
  EXPECT_EQ(one("qRcmd,zz"), "E01");
}

// Random payloads built from the protocol's own characters and command prefixes: every one gets at
// most one reply (qRcmd may add console packets) and nothing crashes or throws.
TEST_F(DispatcherTest, RandomPacketsGetOneReplyAndNeverCrash) {
  const std::string alphabet = "0123456789abcdefABCDEFxyz,:;=?}*#$-+mMXZzpPgGqQvcsCSkDHT\x03\x7f";
  const char* prefixes[] = {"", "m", "M", "X", "Z0,", "Z2,", "z1,", "p", "P", "G", "c", "s", "vCont;",
                            "qXfer:features:read:target.xml:", "qRcmd,", "qSupported:", "H", "C"};
  uint32_t seed = 12345;
  auto next = [&seed] {
    seed = seed * 1664525u + 1013904223u;  // Numerical Recipes' LCG: reproducible
    return seed >> 8;
  };
  PacketDecoder decoder;
  for (int i = 0; i < 20000; ++i) {
    std::string payload = prefixes[next() % std::size(prefixes)];
    const unsigned n = next() % 24;
    for (unsigned k = 0; k < n; ++k) payload += alphabet[next() % alphabet.size()];
    const Response r = d.handle(payload);
    if (payload.rfind("qRcmd,", 0) != 0) {
      EXPECT_LE(r.packets.size(), 1u) << payload;
    }
    decoder.feed(payload);  // the same bytes as a raw stream: events, never a crash
    decoder.take();
  }
}

TEST(GdbRegisters, DescriptionNamesGdbsFeaturesAndEveryRegisterReads) {
  const std::string xml = target_description_xml(true, true);
  for (const char* f : {"org.gnu.gdb.arm.m-profile", "org.gnu.gdb.arm.vfp", "org.gnu.gdb.arm.m-profile-mve",
                        "org.gnu.gdb.arm.m-system", "org.gnu.gdb.arm.secext"}) {
    EXPECT_NE(xml.find(std::string("<feature name=\"") + f + "\">"), std::string::npos) << f;
  }
  cpu::ArchState s;
  for (const RegisterInfo& r : register_table(true, true)) {
    const auto v = read_register(s, r.number);
    ASSERT_TRUE(v.has_value()) << r.name;
    EXPECT_EQ(v->size(), r.bits / 8) << r.name;
    EXPECT_NE(xml.find(std::string("name=\"") + r.name + "\""), std::string::npos) << r.name;
  }
  // Without FPU and MVE: no vfp or mve feature.
  const std::string bare = target_description_xml(false, false);
  EXPECT_EQ(bare.find("org.gnu.gdb.arm.vfp"), std::string::npos);
  EXPECT_EQ(bare.find("vpr"), std::string::npos);
}

// The real PPB (SystemControlSpace), programmed as a debugger does.
struct PpbTest : ::testing::Test {
  struct Time : TimeSource {
    Cycles now() const override { return 0; }
  } time;
  memory::Interconnect bus;
  cpu::ArchState state;
  cpu::CpuConfig config;
  cpu::ExceptionUnit exc{state, bus, config};
  cpu::scs::SystemControlSpace scs{exc, time};
  Points points{scs};
  uint32_t rd(uint32_t offset) {
    uint32_t v = 0;
    scs.read(offset, 4, v, {});
    return v;
  }
};

TEST_F(PpbTest, HardwareBreakpointsProgramTheFpb) {
  // FP_CTRL: REV 1 (FPB version 2), NUM_CODE 8, NUM_LIT 0, disabled at reset.
  EXPECT_EQ(rd(0x2000), 0x1000'0080u);
  EXPECT_FALSE(scs.fpb().matches(0x10000300));
  ASSERT_TRUE(points.insert(PointType::Hardware, 0x10000300, 2));
  EXPECT_EQ(rd(0x2000) & 1u, 1u);           // ENABLE
  EXPECT_EQ(rd(0x2008), 0x10000301u);       // FP_COMP0 = BPADDR | BE
  EXPECT_TRUE(scs.fpb().matches(0x10000300));
  EXPECT_FALSE(scs.fpb().matches(0x10000302));
  for (uint32_t i = 1; i < 8; ++i) ASSERT_TRUE(points.insert(PointType::Hardware, 0x10000400 + 2 * i, 2));
  EXPECT_FALSE(points.insert(PointType::Hardware, 0x10000500, 2));  // all eight comparators in use
  EXPECT_TRUE(points.remove(PointType::Hardware, 0x10000300, 2));
  EXPECT_FALSE(scs.fpb().matches(0x10000300));
  EXPECT_FALSE(points.remove(PointType::Hardware, 0x10000300, 2));
  // FP_CTRL ignores a write without KEY (bit 1).
  scs.write(0x2000, 4, 0, {});
  EXPECT_EQ(rd(0x2000) & 1u, 1u);
  scs.write(0x2000, 4, 2, {});
  EXPECT_EQ(rd(0x2000) & 1u, 0u);
  EXPECT_FALSE(scs.fpb().matches(0x10000402));  // FPB disabled: no comparator matches
}

TEST_F(PpbTest, WatchpointsProgramTheDwtComparators) {
  const cpu::scs::Dwt& dwt = scs.dwt();
  ASSERT_TRUE(points.insert(PointType::WriteWatch, 0x30000004, 4));
  EXPECT_EQ(rd(0x1020), 0x30000004u);                // DWT_COMP0
  EXPECT_EQ(rd(0x1028), (2u << 10) | (1u << 4) | 5u); // DATAVSIZE word, ACTION debug event, MATCH write
  EXPECT_EQ(dwt.data_match(0x30000004, 4, true), 0);
  EXPECT_EQ(dwt.data_match(0x30000006, 1, true), 0);   // a byte inside the word
  EXPECT_EQ(dwt.data_match(0x30000002, 4, true), 0);   // an access overlapping it
  EXPECT_EQ(dwt.data_match(0x30000008, 4, true), -1);
  EXPECT_EQ(dwt.data_match(0x30000000, 4, true), -1);
  EXPECT_EQ(dwt.data_match(0x30000004, 4, false), -1); // a read does not match a write watch
  // Eight bytes from 0x...0A: pieces 2 @0A, 4 @0C, 2 @10 take three comparators; one is left.
  ASSERT_TRUE(points.insert(PointType::AccessWatch, 0x3000000A, 8));
  EXPECT_EQ(dwt.data_match(0x30000011, 1, false), 3);
  EXPECT_EQ(dwt.data_match(0x30000012, 1, false), -1);
  EXPECT_FALSE(points.insert(PointType::ReadWatch, 0x30000100, 2));  // no comparator free
  EXPECT_TRUE(points.remove(PointType::WriteWatch, 0x30000004, 4));
  EXPECT_EQ(dwt.data_match(0x30000004, 4, true), -1);
  EXPECT_TRUE(points.insert(PointType::ReadWatch, 0x30000100, 1));
  EXPECT_EQ(dwt.data_match(0x30000100, 4, false), 0);
  EXPECT_FALSE(points.remove(PointType::WriteWatch, 0x30000200, 4));  // never set
}

TEST_F(PpbTest, SoftwareBreakpointsStayOutOfTheFpb) {
  // Z0 at a Thumb address (bit 0 set): kept at the halfword, nothing written to the FPB.
  ASSERT_TRUE(points.insert(PointType::Software, 0x10000301, 2));
  EXPECT_EQ(points.software(), (std::set<uint32_t>{0x10000300}));
  EXPECT_EQ(rd(0x2008), 0u);  // FP_COMP0 untouched
  EXPECT_EQ(rd(0x2000) & 1u, 0u);
  EXPECT_FALSE(scs.fpb().matches(0x10000300));
  EXPECT_FALSE(points.remove(PointType::Hardware, 0x10000300, 2));  // not a hardware one
  EXPECT_TRUE(points.remove(PointType::Software, 0x10000300, 2));
  EXPECT_FALSE(points.remove(PointType::Software, 0x10000300, 2));
  // A debugger leaving takes its software breakpoints, not what it wrote into the FPB.
  ASSERT_TRUE(points.insert(PointType::Software, 0x10000400, 2));
  ASSERT_TRUE(points.insert(PointType::Hardware, 0x10000500, 2));
  points.forget_software();
  EXPECT_TRUE(points.software().empty());
  EXPECT_TRUE(scs.fpb().matches(0x10000500));
}

TEST_F(PpbTest, WatchStopRepliesNameTheComparatorsMatch) {
  // GDB manual "Stop Reply Packets": watch (write), rwatch (read), awatch (access); MATCH values
  // from DDI 0553 D1.2 "DWT_FUNCTIONn": 0b0101 write, 0b0110 read, 0b0100 read or write.
  ASSERT_TRUE(points.insert(PointType::WriteWatch, 0x30000000, 4));
  ASSERT_TRUE(points.insert(PointType::ReadWatch, 0x30000010, 4));
  ASSERT_TRUE(points.insert(PointType::AccessWatch, 0x30000020, 4));
  EXPECT_EQ(rd(0x1028) & 0xFu, 0b0101u);
  EXPECT_EQ(rd(0x1038) & 0xFu, 0b0110u);
  EXPECT_EQ(rd(0x1048) & 0xFu, 0b0100u);
  EXPECT_EQ(Points::watch_kind(scs.dwt().comparator_function(0)), "watch");
  EXPECT_EQ(Points::watch_kind(scs.dwt().comparator_function(1)), "rwatch");
  EXPECT_EQ(Points::watch_kind(scs.dwt().comparator_function(2)), "awatch");
}

TEST_F(PpbTest, ThePpbAnswersDebugReadsOfItsRegisters) {
  uint32_t v = 0;
  EXPECT_TRUE(scs.debug_read(0xED00, 4, v));
  EXPECT_EQ(v, 0x411FD221u);  // CPUID
}

}  // namespace
}  // namespace corsim::sim::gdb
