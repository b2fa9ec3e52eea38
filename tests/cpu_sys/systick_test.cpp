// SysTick countdown, COUNTFLAG, interrupt and deadlines with a fake time source (Arm DDI 0553,
// B11: the counter decrements each clock; at 0 it reloads RVR on the next clock; the 1 -> 0
// transition sets COUNTFLAG and, with TICKINT, pends SysTick).
#include <gtest/gtest.h>

#include "cpu/scs/systick.h"
#include "harness.h"

namespace corsim::cpu::test {
namespace {

struct SysTickFixture : ::testing::Test {
  Harness h;
  FakeTime time;
  scs::SysTick st{h.exc, time};
  int changes = 0;
  SysTickFixture() { st.on_deadline_change = [this] { ++changes; }; }
};

TEST_F(SysTickFixture, ResetState) {
  EXPECT_EQ(st.read_csr(), scs::SysTick::kCsrClksource);  // CLKSOURCE RAO (no reference clock)
  EXPECT_EQ(st.rvr(), 0u);
  EXPECT_EQ(st.cvr(), 0u);
  EXPECT_FALSE(st.next_deadline());
}

TEST_F(SysTickFixture, CountsDownFromReloadAfterCvrClear) {
  st.write_rvr(99);  // period 100
  st.write_cvr();    // CVR = 0
  time.t = 1000;
  st.write_csr(1 | 2 | 4);  // ENABLE, TICKINT
  // t=1000: 0; t=1001: reload 99; t=1100: 0 (wrap); t=1101: 99.
  EXPECT_EQ(st.cvr(), 0u);
  time.t = 1001; EXPECT_EQ(st.cvr(), 99u);
  time.t = 1050; EXPECT_EQ(st.cvr(), 50u);
  ASSERT_TRUE(st.next_deadline());
  EXPECT_EQ(*st.next_deadline(), 1100u);
  time.t = 1100; EXPECT_EQ(st.cvr(), 0u);
  time.t = 1101; EXPECT_EQ(st.cvr(), 99u);
}

TEST_F(SysTickFixture, WrapPendsAndSetsCountflagOnce) {
  st.write_rvr(9);
  st.write_cvr();
  st.write_csr(1 | 2);
  st.update(9);
  EXPECT_FALSE(h.exc.is_pending(kExcSysTick));
  st.update(10);  // zero reached at t = 0 + 1 + 9
  EXPECT_TRUE(h.exc.is_pending(kExcSysTick));
  EXPECT_EQ(*st.next_deadline(), 20u);
  time.t = 10;
  EXPECT_EQ(st.read_csr() & scs::SysTick::kCsrCountflag, scs::SysTick::kCsrCountflag);
  EXPECT_EQ(st.read_csr() & scs::SysTick::kCsrCountflag, 0u);  // cleared by the read
}

TEST_F(SysTickFixture, CountflagWithoutTickint) {
  st.write_rvr(4);
  st.write_cvr();
  st.write_csr(1);
  EXPECT_FALSE(st.next_deadline());  // no interrupt: no deadline for sim/
  time.t = 7;
  EXPECT_NE(st.read_csr() & scs::SysTick::kCsrCountflag, 0u);
  EXPECT_FALSE(h.exc.is_pending(kExcSysTick));
}

TEST_F(SysTickFixture, DisableFreezesValue) {
  st.write_rvr(1000);
  st.write_cvr();
  st.write_csr(1);
  time.t = 11;  // 1 cycle to reload, then 10 down: 990
  EXPECT_EQ(st.cvr(), 990u);
  st.write_csr(0);
  time.t = 500;
  EXPECT_EQ(st.cvr(), 990u);
  st.write_csr(1);
  time.t = 510;
  EXPECT_EQ(st.cvr(), 980u);
}

TEST_F(SysTickFixture, NonZeroStartValueWrapsAtStartPlusValue) {
  st.write_rvr(50);
  st.write_cvr();
  st.write_csr(1 | 2);
  time.t = 21;  // value 30
  EXPECT_EQ(st.cvr(), 30u);
  st.write_csr(0);
  time.t = 100;
  st.write_csr(1 | 2);  // restart from 30 at t = 100: zero at 130, then every 51
  EXPECT_EQ(*st.next_deadline(), 130u);
  st.update(130);
  EXPECT_EQ(*st.next_deadline(), 181u);
}

TEST_F(SysTickFixture, ReprogrammingNotifies) {
  const int before = changes;
  st.write_rvr(5);
  st.write_cvr();
  st.write_csr(3);
  EXPECT_EQ(changes, before + 3);
}

TEST_F(SysTickFixture, ZeroReloadStopsAfterFirstWrap) {
  st.write_rvr(0);
  st.write_cvr();
  st.write_csr(3);
  EXPECT_FALSE(st.next_deadline());  // CVR 0 and RVR 0: never wraps
}

TEST_F(SysTickFixture, ManyWrapsInOneUpdatePendOnce) {
  st.write_rvr(9);
  st.write_cvr();
  st.write_csr(3);
  st.update(1000);
  EXPECT_TRUE(h.exc.is_pending(kExcSysTick));
  EXPECT_EQ(*st.next_deadline(), 1010u);
}

}  // namespace
}  // namespace corsim::cpu::test
