// DSP arithmetic against values computed by hand from the Arm ARM pseudocode (DDI 0553, C2).
// Lane 0 is the least significant halfword/byte. Each expectation carries its arithmetic.
#include <gtest/gtest.h>

#include "cpu/isa/dsp_ops.h"

namespace corsim::cpu::dsp {
namespace {

void expect_par(ParKind k, ParOp op, uint32_t n, uint32_t m, uint32_t value, int ge = -1) {
  const ParResult r = parallel(k, op, n, m);
  EXPECT_EQ(r.value, value) << std::hex << "n=" << n << " m=" << m;
  if (ge >= 0) {
    EXPECT_TRUE(r.sets_ge);
    EXPECT_EQ(r.ge, ge) << std::hex << "n=" << n << " m=" << m;
  } else {
    EXPECT_FALSE(r.sets_ge);
  }
}

TEST(Parallel, SignedAdd16) {
  // lo 1+2 = 3 (>= 0); hi 0x7FFF+1 = 32768 wraps to 0x8000 but the sum is >= 0: GE = 1111.
  expect_par(ParKind::S, ParOp::Add16, 0x7FFF0001, 0x00010002, 0x80000003, 0xF);
  // lo -32768 + -1 = -32769 -> 0x7FFF, GE[1:0] = 00; hi -1 + 1 = 0, GE[3:2] = 11.
  expect_par(ParKind::S, ParOp::Add16, 0xFFFF8000, 0x0001FFFF, 0x00007FFF, 0xC);
}

TEST(Parallel, SaturatingAndHalvingAdd16) {
  expect_par(ParKind::Q, ParOp::Add16, 0xFFFF8000, 0x0001FFFF, 0x00008000);   // lo saturates to -32768
  expect_par(ParKind::SH, ParOp::Add16, 0x7FFF0001, 0x00010002, 0x40000001);  // 3>>1 = 1, 32768>>1
  expect_par(ParKind::UQ, ParOp::Add16, 0xFFFF0001, 0x00010001, 0xFFFF0002);  // hi saturates to 0xFFFF
  expect_par(ParKind::UH, ParOp::Add16, 0xFFFF0001, 0x00010001, 0x80000001);  // 0x10000>>1 = 0x8000
}

TEST(Parallel, UnsignedAdd16SetsGeOnCarry) {
  // lo 1+1 = 2 (no carry); hi 0xFFFF+1 = 0x10000 (carry): GE = 1100.
  expect_par(ParKind::U, ParOp::Add16, 0xFFFF0001, 0x00010001, 0x00000002, 0xC);
}

TEST(Parallel, UnsignedSub16) {
  // lo 5-3 = 2 (>= 0, GE 11); hi 1-2 = -1 -> 0xFFFF (GE 00).
  expect_par(ParKind::U, ParOp::Sub16, 0x00010005, 0x00020003, 0xFFFF0002, 0x3);
  expect_par(ParKind::UQ, ParOp::Sub16, 0x00010005, 0x00020003, 0x00000002);
  // UHSUB16: diff<16:1>: 2 -> 1; -1 -> 0xFFFF.
  expect_par(ParKind::UH, ParOp::Sub16, 0x00010005, 0x00020003, 0xFFFF0001);
}

TEST(Parallel, ExchangeForms) {
  // SASX: lo = n.lo - m.hi = 3-4 = -1; hi = n.hi + m.lo = 5+2 = 7.
  expect_par(ParKind::S, ParOp::Asx, 0x00050003, 0x00040002, 0x0007FFFF, 0xC);
  // SSAX: lo = n.lo + m.hi = 7; hi = n.hi - m.lo = 3.
  expect_par(ParKind::S, ParOp::Sax, 0x00050003, 0x00040002, 0x00030007, 0xF);
  // UASX: lo 3-4 < 0 (GE 00); hi 5+2 < 0x10000 (GE 00).
  expect_par(ParKind::U, ParOp::Asx, 0x00050003, 0x00040002, 0x0007FFFF, 0x0);
  // UASX: lo 5-2 = 3 (GE 11); hi 0xFFFF+1 = 0x10000 (GE 11).
  expect_par(ParKind::U, ParOp::Asx, 0xFFFF0005, 0x00020001, 0x00000003, 0xF);
  // USAX: lo = n.lo + m.hi = 5+2 = 7 (< 0x10000: GE 00); hi = n.hi - m.lo = 0xFFFF-1 (GE 11).
  expect_par(ParKind::U, ParOp::Sax, 0xFFFF0005, 0x00020001, 0xFFFE0007, 0xC);
  // QASX: lo -32768 - 1 saturates; hi 1 + 1 = 2.
  expect_par(ParKind::Q, ParOp::Asx, 0x00018000, 0x00010001, 0x00028000);
}

TEST(Parallel, Bytes) {
  // SADD8 lanes: 1+1 = 2 (GE); -1+1 = 0 (GE); -128-1 = -129 -> 0x7F; 127+1 = 128 -> 0x80 (GE).
  expect_par(ParKind::S, ParOp::Add8, 0x7F80FF01, 0x01FF0101, 0x807F0002, 0xB);
  // UADD8 lanes: 2; 0x100 -> 0 (GE); 0x17F -> 0x7F (GE); 0x80.
  expect_par(ParKind::U, ParOp::Add8, 0x7F80FF01, 0x01FF0101, 0x807F0002, 0x6);
  // USUB8 lanes: 4-3 = 1 (GE); 3-4 -> 0xFF; 0x20-0x10 = 0x10 (GE); 0x10-0x20 -> 0xF0.
  expect_par(ParKind::U, ParOp::Sub8, 0x10200304, 0x20100403, 0xF010FF01, 0x5);
  expect_par(ParKind::Q, ParOp::Sub8, 0x00000080, 0x00000001, 0x00000080);   // -129 -> -128
  expect_par(ParKind::UQ, ParOp::Sub8, 0x00000001, 0x00000002, 0x00000000);  // -1 -> 0
  expect_par(ParKind::SH, ParOp::Sub8, 0x00000080, 0x00000001, 0x000000BF);  // -129 >> 1 = -65
  expect_par(ParKind::S, ParOp::Sub8, 0x00000000, 0x01010101, 0xFFFFFFFF, 0x0);
}

TEST(Saturating, QaddQsubQdaddQdsub) {
  EXPECT_EQ(qadd(1, 2).value, 3u);
  EXPECT_FALSE(qadd(1, 2).q);
  EXPECT_EQ(qadd(0x7FFFFFFF, 1).value, 0x7FFFFFFFu);
  EXPECT_TRUE(qadd(0x7FFFFFFF, 1).q);
  EXPECT_EQ(qsub(0x80000000, 1).value, 0x80000000u);  // Rm - Rn = -2^31 - 1 saturates
  EXPECT_TRUE(qsub(0x80000000, 1).q);
  // QDADD: 2 * 0x40000000 = 2^31 saturates to 0x7FFFFFFF (Q), + 0.
  EXPECT_EQ(qdadd(0, 0x40000000).value, 0x7FFFFFFFu);
  EXPECT_TRUE(qdadd(0, 0x40000000).q);
  EXPECT_EQ(qdadd(1, 2).value, 5u);
  // QDSUB: 2 * -2^30 = -2^31 (no saturation); 0 - (-2^31) = 2^31 saturates.
  EXPECT_EQ(qdsub(0, 0xC0000000).value, 0x7FFFFFFFu);
  EXPECT_TRUE(qdsub(0, 0xC0000000).q);
  EXPECT_EQ(qdsub(10, 3).value, 4u);
}

TEST(Saturating, SsatUsat) {
  EXPECT_EQ(ssat(0x100, 8).value, 0x7Fu);         // 256 -> 127
  EXPECT_TRUE(ssat(0x100, 8).q);
  EXPECT_EQ(ssat(0xFFFFFF38, 8).value, 0xFFFFFF80u);  // -200 -> -128, sign-extended
  EXPECT_EQ(ssat(100, 8).value, 100u);
  EXPECT_FALSE(ssat(100, 8).q);
  EXPECT_EQ(ssat(0x80000000, 32).value, 0x80000000u);
  EXPECT_FALSE(ssat(0x80000000, 32).q);
  EXPECT_EQ(usat(0xFFFFFFFF, 8).value, 0u);       // -1 -> 0
  EXPECT_TRUE(usat(0xFFFFFFFF, 8).q);
  EXPECT_EQ(usat(300, 8).value, 255u);
  EXPECT_EQ(usat(0x80000000, 31).value, 0u);
  EXPECT_EQ(usat(5, 0).value, 0u);
  EXPECT_TRUE(usat(5, 0).q);
  EXPECT_EQ(usat(0x7FFFFFFF, 31).value, 0x7FFFFFFFu);
  EXPECT_FALSE(usat(0x7FFFFFFF, 31).q);
  // SSAT16 #8: lo -32768 -> -128 (0xFF80); hi 32767 -> 127.
  EXPECT_EQ(ssat16(0x7FFF8000, 8).value, 0x007FFF80u);
  EXPECT_TRUE(ssat16(0x7FFF8000, 8).q);
  // USAT16 #8: lo 256 -> 255; hi -1 -> 0.
  EXPECT_EQ(usat16(0xFFFF0100, 8).value, 0x000000FFu);
  EXPECT_FALSE(usat16(0x00100020, 8).q);
}

TEST(DualMultiply, SmladFamily) {
  // n = (hi 3, lo 2), m = (hi 5, lo 4): p1 = 2*4 = 8, p2 = 3*5 = 15.
  EXPECT_EQ(smlad(0x00030002, 0x00050004, 10, false).value, 33u);
  EXPECT_EQ(smlad(0x00030002, 0x00050004, 10, true).value, 32u);   // X: 2*5 + 3*4 + 10
  EXPECT_EQ(smlsd(0x00030002, 0x00050004, 10, false).value, 3u);   // 8 - 15 + 10
  EXPECT_EQ(smusd(0x00030002, 0x00050004, false), 0xFFFFFFF9u);     // -7
  EXPECT_EQ(smusd(0x00030002, 0x00050004, true), 0xFFFFFFFEu);      // 10 - 12
  EXPECT_EQ(smuad(0x00030002, 0x00050004, false).value, 23u);
  // (-32768)^2 * 2 = 2^31 does not fit: Q.
  EXPECT_EQ(smuad(0x80008000, 0x80008000, false).value, 0x80000000u);
  EXPECT_TRUE(smuad(0x80008000, 0x80008000, false).q);
  EXPECT_TRUE(smlad(0x80008000, 0x80008000, 0, false).q);
  EXPECT_FALSE(smlad(0x00030002, 0x00050004, 10, false).q);
  EXPECT_EQ(smlald(0x00030002, 0x00050004, 0x00000001FFFFFFFFull, false), 0x0000000200000016ull);
  EXPECT_EQ(smlsld(0x00030002, 0x00050004, 0, false), 0xFFFFFFFFFFFFFFF9ull);
  EXPECT_EQ(smlsld(0x00030002, 0x00050004, 0, true), 0xFFFFFFFFFFFFFFFEull);
}

TEST(HalfwordMultiply, SmlaSmulSmlawSmlal) {
  // n = (hi 2, lo -1), m = (hi 3, lo 4).
  EXPECT_EQ(smla_xy(0x0002FFFF, 0x00030004, 100, false, false).value, 96u);   // -1*4 + 100
  EXPECT_EQ(smla_xy(0x0002FFFF, 0x00030004, 100, true, false).value, 108u);   // 2*4 + 100
  EXPECT_EQ(smla_xy(0x0002FFFF, 0x00030004, 100, false, true).value, 97u);    // -1*3 + 100
  EXPECT_EQ(smla_xy(0x0002FFFF, 0x00030004, 100, true, true).value, 106u);    // 2*3 + 100
  EXPECT_TRUE(smla_xy(0x8000, 0x8000, 0x40000000, false, false).q);           // 2^30 + 2^30
  EXPECT_EQ(smul_xy(0xFFFF, 0xFFFF, false, false), 1u);
  EXPECT_EQ(smul_xy(0x80000000, 0x2, true, false), 0xFFFF0000u);              // -32768 * 2
  // SMLAWB: (65536 * 3 + (1 << 16)) >> 16 = 4.
  EXPECT_EQ(smlaw_y(0x00010000, 0x00000003, 1, false).value, 4u);
  // SMLAWT: (-2^31 * -32768) >> 16 = 2^30.
  EXPECT_EQ(smlaw_y(0x80000000, 0x80000000, 0, true).value, 0x40000000u);
  EXPECT_FALSE(smlaw_y(0x80000000, 0x80000000, 0, true).q);
  // + (2^30 << 16): 2^47 >> 16 = 2^31 overflows.
  EXPECT_TRUE(smlaw_y(0x80000000, 0x80000000, 0x40000000, true).q);
  EXPECT_EQ(smulw_y(0xFFFFFFFF, 0x00000001, false), 0xFFFFFFFFu);            // -1 <47:16>
  EXPECT_EQ(smulw_y(0x00030000, 0x00020000, true), 6u);                      // 196608*2 >> 16
  EXPECT_EQ(smlal_xy(0xFFFF, 0x0002, 5, false, false), 3ull);
  EXPECT_EQ(smlal_xy(0xFFFF, 0x0002, 0, false, false), 0xFFFFFFFFFFFFFFFEull);
}

TEST(MostSignificantWord, SmmulSmmlaSmmls) {
  EXPECT_EQ(smmul(0x40000000, 4, false), 1u);          // 2^32 >> 32
  EXPECT_EQ(smmul(0xFFFFFFFF, 1, false), 0xFFFFFFFFu);  // -1
  EXPECT_EQ(smmul(0x40000000, 2, false), 0u);          // 2^31
  EXPECT_EQ(smmul(0x40000000, 2, true), 1u);           // 2^31 + 2^31
  EXPECT_EQ(smmla(0x40000000, 4, 2, false), 3u);       // (2 << 32) + 2^32
  EXPECT_EQ(smmls(0x40000000, 4, 2, false), 1u);       // (2 << 32) - 2^32
  EXPECT_EQ(smmls(1, 1, 0, false), 0xFFFFFFFFu);       // -1
  EXPECT_EQ(smmls(1, 1, 0, true), 0u);                 // -1 + 2^31 = 2^31 - 1
}

TEST(Misc, UmaalUsadSelPkhExtend) {
  EXPECT_EQ(umaal(0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF), 0xFFFFFFFFFFFFFFFFull);
  EXPECT_EQ(umaal(2, 3, 4, 5), 15ull);
  EXPECT_EQ(usada8(0x01FF0010, 0x02000020, 0), 272u);  // 1 + 255 + 0 + 16
  EXPECT_EQ(usada8(0x01FF0010, 0x02000020, 8), 280u);
  EXPECT_EQ(sel(0x11223344, 0xAABBCCDD, 0x5), 0xAA22CC44u);
  EXPECT_EQ(pkhbt(0x1111AAAA, 0x0000BBBB, 16), 0xBBBBAAAAu);
  EXPECT_EQ(pkhbt(0x1111AAAA, 0x2222BBBB, 0), 0x2222AAAAu);
  EXPECT_EQ(pkhtb(0xAAAA1111, 0xBBBB0000, 16), 0xAAAABBBBu);
  EXPECT_EQ(pkhtb(0xAAAA1111, 0x80000000, 32), 0xAAAAFFFFu);  // ASR #32
  EXPECT_EQ(sxtab(100, 0x0000FF80, 0), 0xFFFFFFE4u);   // 100 - 128
  EXPECT_EQ(sxtab(100, 0x0000FF80, 8), 99u);           // 100 - 1
  EXPECT_EQ(uxtab(100, 0x0000FF80, 8), 355u);          // 100 + 255
  EXPECT_EQ(sxtah(0, 0x80000000, 16), 0xFFFF8000u);
  EXPECT_EQ(uxtah(1, 0x80000000, 16), 0x8001u);
  EXPECT_EQ(sxtab16(0x00010001, 0x00800080, 0), 0xFF81FF81u);  // 1 - 128 per half
  EXPECT_EQ(uxtab16(0x00010001, 0x00800080, 0), 0x00810081u);  // 1 + 128 per half
  EXPECT_EQ(sxtb16(0x80FF7F01, 8), 0xFF80007Fu);  // ror 8 = 0x0180FF7F: bytes 0x7F, 0x80
  EXPECT_EQ(uxtb16(0x80FF7F01, 8), 0x0080007Fu);
  EXPECT_EQ(uxtab16(0xFFFF0000, 0x00FF0000, 0), 0x00FE0000u);  // hi 0xFFFF + 0xFF wraps in 16 bits
}

}  // namespace
}  // namespace corsim::cpu::dsp
