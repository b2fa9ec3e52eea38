// Device models: register layouts and behaviour from the CMSDK TRM (UART, timer), the SSE-300
// system timer description, the MPS3 FPGAIO and the Ethos-U timing adapter driver's layout.
#include <gtest/gtest.h>

#include <string>

#include "sim/devices/cmsdk_timer.h"
#include "sim/devices/cmsdk_uart.h"
#include "sim/devices/fpgaio.h"
#include "sim/devices/sse_timer.h"
#include "sim/devices/system_blocks.h"
#include "sim/devices/timing_adapter.h"
#include "test_support.h"

namespace corsim::sim {
namespace {

using test::FakeTime;
using test::IrqRecorder;
constexpr memory::AccessAttrs kAttrs{};

uint32_t rd(memory::Target& t, uint32_t off, unsigned size = 4) {
  uint32_t v = 0xDEADBEEF;
  EXPECT_TRUE(t.read(off, size, v, kAttrs).ok());
  return v;
}
void wr(memory::Target& t, uint32_t off, uint32_t v, unsigned size = 4) { EXPECT_TRUE(t.write(off, size, v, kAttrs).ok()); }

struct UartFixture : ::testing::Test {
  IrqRecorder irq;
  std::string out;
  int shutdowns = 0;
  CmsdkUart make(UartOptions o) {
    return CmsdkUart("uart0", irq, o, [this](uint8_t b) { out.push_back(static_cast<char>(b)); }, [this] { ++shutdowns; });
  }
};

TEST_F(UartFixture, TransmitsWhenEnabledAndReportsNeverFull) {
  auto u = make({true, "", 34, 33});
  wr(u, CmsdkUart::kData, 'x');
  EXPECT_EQ(out, "");  // TXEN = 0: dropped
  wr(u, CmsdkUart::kCtrl, CmsdkUart::kCtrlTxEn);
  EXPECT_EQ(rd(u, CmsdkUart::kState) & 1u, 0u);  // TX buffer never full
  wr(u, CmsdkUart::kData, 'h');
  wr(u, CmsdkUart::kData, 'i', 1);  // STRB
  EXPECT_EQ(out, "hi");
  EXPECT_EQ(rd(u, CmsdkUart::kCtrl), CmsdkUart::kCtrlTxEn);
}

TEST_F(UartFixture, BaudDivIsA20BitRegisterAndIdsMatchTheCmsdkUart) {
  auto u = make({});
  wr(u, CmsdkUart::kBaudDiv, 0xFFFFFFFF);
  EXPECT_EQ(rd(u, CmsdkUart::kBaudDiv), 0xFFFFFu);
  wr(u, CmsdkUart::kBaudDiv, 16);
  EXPECT_EQ(rd(u, CmsdkUart::kBaudDiv), 16u);
  EXPECT_EQ(rd(u, 0xFE0), 0x21u);  // PID0: part number low byte 0x21 (APB UART)
  EXPECT_EQ(rd(u, 0xFE4), 0xB8u);
  EXPECT_EQ(rd(u, 0xFF0), 0x0Du);  // CID0..3 = 0D F0 05 B1
  EXPECT_EQ(rd(u, 0xFFC), 0xB1u);
}

TEST_F(UartFixture, EotEndsTheRunAndIsNotPrinted) {
  auto u = make({true, "", -1, -1});
  wr(u, CmsdkUart::kCtrl, 1);
  wr(u, CmsdkUart::kData, 'A');
  wr(u, CmsdkUart::kData, 0x04);
  EXPECT_EQ(out, "A");
  EXPECT_EQ(shutdowns, 1);
}

TEST_F(UartFixture, EotIsAPlainByteWithoutShutdownOnEot) {
  auto u = make({false, "", -1, -1});
  wr(u, CmsdkUart::kCtrl, 1);
  wr(u, CmsdkUart::kData, 0x04);
  EXPECT_EQ(out, "\x04");
  EXPECT_EQ(shutdowns, 0);
}

TEST_F(UartFixture, ShutdownTagEndsTheRun) {
  auto u = make({false, "EXIT", -1, -1});
  wr(u, CmsdkUart::kCtrl, 1);
  for (char c : std::string("EXEXIXEXIT")) wr(u, CmsdkUart::kData, static_cast<uint8_t>(c));
  EXPECT_EQ(shutdowns, 1);
}

TEST_F(UartFixture, TxInterruptSetsAndClears) {
  auto u = make({true, "", 34, 33});
  wr(u, CmsdkUart::kCtrl, CmsdkUart::kCtrlTxEn | CmsdkUart::kCtrlTxIntEn);
  wr(u, CmsdkUart::kData, 'a');
  EXPECT_EQ(rd(u, CmsdkUart::kIntStatus) & CmsdkUart::kIntTx, CmsdkUart::kIntTx);
  EXPECT_TRUE(irq.high(34));
  wr(u, CmsdkUart::kIntStatus, CmsdkUart::kIntTx);  // INTCLEAR
  EXPECT_EQ(rd(u, CmsdkUart::kIntStatus), 0u);
  EXPECT_FALSE(irq.high(34));
}

TEST(RegisterBank, UnknownOffsetsReadZeroAndAreReportedOnce) {
  StubDevice s("stub");
  EXPECT_EQ(rd(s, 0x40), 0u);
  EXPECT_EQ(rd(s, 0x40), 0u);
  wr(s, 0x40, 5);
  EXPECT_EQ(s.registers().unknown_reports(), 2u);  // one read report, one write report for the offset
}

TEST(SseTimer, FiresAtCompareValueAndRaisesIrqUntilMaskedOrDisabled) {
  FakeTime time;
  EventQueue q;
  IrqRecorder irq;
  DeviceContext ctx{time, q, irq, 25'000'000};
  SseCounter counter(time);
  SseCounterControl ctrl(counter);
  SseTimer t("timer0", ctx, counter, 3);
  wr(ctrl, SseCounterControl::kCntcr, 1);  // enable the system counter at cycle 0
  time.t = 100;
  EXPECT_EQ(rd(t, SseTimer::kCntpctLo), 100u);
  wr(t, SseTimer::kTval, 50);               // CVAL = 150
  EXPECT_EQ(rd(t, SseTimer::kCvalLo), 150u);
  wr(t, SseTimer::kCtl, SseTimer::kCtlEnable);
  ASSERT_EQ(q.next_time(), 150u);
  EXPECT_FALSE(irq.high(3));
  time.t = 150;
  q.run_until(150);
  EXPECT_TRUE(irq.high(3));
  EXPECT_EQ(rd(t, SseTimer::kCtl), SseTimer::kCtlEnable | SseTimer::kCtlIstatus);
  EXPECT_EQ(static_cast<int32_t>(rd(t, SseTimer::kTval)), 0);
  wr(t, SseTimer::kCtl, SseTimer::kCtlEnable | SseTimer::kCtlImask);
  EXPECT_FALSE(irq.high(3));
  wr(t, SseTimer::kCtl, 0);
  EXPECT_EQ(rd(t, SseTimer::kCtl), 0u);  // ISTATUS reads 0 when disabled
}

TEST(SseTimer, StoppedCounterSchedulesNothing) {
  FakeTime time;
  EventQueue q;
  IrqRecorder irq;
  DeviceContext ctx{time, q, irq, 25'000'000};
  SseCounter counter(time);
  SseTimer t("timer0", ctx, counter, 3);
  wr(t, SseTimer::kCvalLo, 10);
  wr(t, SseTimer::kCtl, 1);
  EXPECT_TRUE(q.empty());
  time.t = 1000;
  EXPECT_EQ(rd(t, SseTimer::kCntpctLo), 0u);
}

TEST(SseTimer, AutoIncrementRearmsEveryReloadPeriod) {
  FakeTime time;
  EventQueue q;
  IrqRecorder irq;
  DeviceContext ctx{time, q, irq, 25'000'000};
  SseCounter counter(time);
  counter.set_enabled(true);
  SseTimer t("timer1", ctx, counter, 4);
  wr(t, SseTimer::kAivalReload, 40);
  wr(t, SseTimer::kAivalCtl, 1);
  wr(t, SseTimer::kCtl, 1);
  EXPECT_EQ(rd(t, SseTimer::kAivalLo), 40u);
  ASSERT_EQ(q.next_time(), 40u);
  time.t = 40;
  q.run_until(40);
  EXPECT_TRUE(irq.high(4));
  EXPECT_EQ(rd(t, SseTimer::kAivalCtl) & 2u, 2u);  // CLR flag
  EXPECT_EQ(rd(t, SseTimer::kAivalLo), 80u);
  EXPECT_EQ(q.next_time(), 80u);
  wr(t, SseTimer::kAivalCtl, 1);  // write 0 to CLR: interrupt goes away
  EXPECT_FALSE(irq.high(4));
}

TEST(CmsdkTimer, CountsDownInterruptsAndReloads) {
  FakeTime time;
  EventQueue q;
  IrqRecorder irq;
  DeviceContext ctx{time, q, irq, 1000};
  CmsdkTimer t("timer", ctx, 100, 2);  // 100 Hz on a 1000 Hz platform clock: 10 cycles per tick
  wr(t, CmsdkTimer::kReload, 4);        // also loads VALUE
  EXPECT_EQ(rd(t, CmsdkTimer::kValue), 4u);
  wr(t, CmsdkTimer::kCtrl, CmsdkTimer::kCtrlEnable | CmsdkTimer::kCtrlIntEnable);
  time.t = 25;  // 2 ticks
  EXPECT_EQ(rd(t, CmsdkTimer::kValue), 2u);
  ASSERT_EQ(q.next_time(), 40u);  // reaches 0 after 4 ticks
  time.t = 40;
  q.run_until(40);
  EXPECT_EQ(rd(t, CmsdkTimer::kIntStatus), 1u);
  EXPECT_TRUE(irq.high(2));
  time.t = 50;  // next tick reloads 4
  EXPECT_EQ(rd(t, CmsdkTimer::kValue), 4u);
  EXPECT_EQ(q.next_time(), 90u);  // period RELOAD+1 = 5 ticks
  wr(t, CmsdkTimer::kIntStatus, 1);
  EXPECT_FALSE(irq.high(2));
  EXPECT_EQ(rd(t, 0xFE0), 0x22u);  // PID0 of the APB timer
}

TEST(FpgaIo, CountersFollowSimulatedTime) {
  FakeTime time;
  EventQueue q;
  IrqRecorder irq;
  DeviceContext ctx{time, q, irq, 25'000'000};
  FpgaIo f("fpgaio", ctx);
  time.t = 25'000'000 * 3 + 1;  // 3 s
  EXPECT_EQ(rd(f, FpgaIo::kClk1Hz), 3u);
  EXPECT_EQ(rd(f, FpgaIo::kClk100Hz), 300u);
  EXPECT_EQ(rd(f, FpgaIo::kCounter), 75'000'001u);  // PRESCALE 0: one count per cycle
  wr(f, FpgaIo::kClk1Hz, 0);
  EXPECT_EQ(rd(f, FpgaIo::kClk1Hz), 0u);
  wr(f, FpgaIo::kLed, 0xFFFF);
  EXPECT_EQ(rd(f, FpgaIo::kLed), 0x3FFu);  // 10 LEDs on AN547
  f.switches = 0xA5;
  EXPECT_EQ(rd(f, FpgaIo::kSwitch), 0xA5u);
  wr(f, FpgaIo::kPrescale, 9);  // COUNTER now steps every 10 cycles
  const uint32_t c0 = rd(f, FpgaIo::kCounter);
  time.t += 100;
  EXPECT_EQ(rd(f, FpgaIo::kCounter), c0 + 10);
}

TEST(TimingAdapters, StorageMasksAndReadOnlyMaxPending) {
  TimingAdapters ta;
  wr(ta, 0x0C, 0xFFFFFFFF);  // TA0 RLATENCY: 12 bits
  EXPECT_EQ(rd(ta, 0x0C), 0xFFFu);
  EXPECT_EQ(ta.settings(0).rlatency, 0xFFFu);
  wr(ta, 0x200 + 0x10, 500);  // TA1 WLATENCY
  EXPECT_EQ(ta.settings(1).wlatency, 500u);
  EXPECT_EQ(ta.settings(0).wlatency, 0u);
  EXPECT_EQ(rd(ta, 0x2C), 63u);
  wr(ta, 0x2C, 5);  // read-only: ignored
  EXPECT_EQ(rd(ta, 0x2C), 63u);
  for (uint32_t off = 0; off <= 0x34; off += 4) {
    uint32_t v;
    EXPECT_TRUE(ta.debug_read(off, 4, v)) << off;
    EXPECT_TRUE(ta.debug_read(0x200 + off, 4, v)) << off;
  }
  EXPECT_EQ(ta.registers().unknown_reports(), 1u);  // only the write to read-only MAXPENDING was reported
}

TEST(SystemBlocks, IdentificationValues) {
  SseSysInfo info;
  EXPECT_EQ(rd(info, 0x000), 0x7E00043Bu);
  EXPECT_EQ(rd(info, 0x004) >> 16 & 7u, 3u);  // CPU0 type: Cortex-M55
  EXPECT_EQ(rd(info, 0xFE0), 0x58u);
  SseSysCtrl ctrl(0x10000000);
  EXPECT_EQ(rd(ctrl, 0x110), 0x10000000u);  // INITSVTOR0
  EXPECT_EQ(rd(ctrl, 0x100), 1u);           // RESET_SYNDROME: power-on reset
  Mps3Scc scc;
  EXPECT_EQ(rd(scc, 0xFFC), 0x41055470u);
}

}  // namespace
}  // namespace corsim::sim
