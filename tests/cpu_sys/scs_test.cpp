// SCS register reset values and write behaviour (Arm DDI 0553 D1 register descriptions), through
// the PPB Target exactly as firmware reaches it.
#include <gtest/gtest.h>

#include <vector>

#include "cpu/scs/system_control_space.h"
#include "harness.h"

namespace corsim::cpu::test {
namespace {

using scs::SystemControlSpace;

struct ItmRecord { unsigned port; uint32_t value; unsigned size; };
struct RecordingItm : scs::ItmSink {
  std::vector<ItmRecord> writes;
  void itm_write(unsigned port, uint32_t value, unsigned size) override { writes.push_back({port, value, size}); }
};
struct FakeInstructions : scs::InstructionCounter {
  uint64_t n = 0;
  uint64_t instructions_retired() const override { return n; }
};

struct ScsFixture : ::testing::Test {
  Harness h;
  FakeTime time;
  RecordingItm itm;
  FakeInstructions insns;
  SystemControlSpace scs{h.exc, time, &itm, &insns};
  ScsFixture() { h.bus.map(0xE000'0000u, 0x100000, scs, "PPB"); }

  uint32_t rd(uint32_t addr, unsigned size = 4, bool priv = true) {
    uint32_t v = 0xDEADBEEF;
    last = h.bus.read(addr, size, v, {memory::Master::CpuData, priv, true});
    return v;
  }
  void wr(uint32_t addr, uint32_t v, unsigned size = 4, bool priv = true) {
    last = h.bus.write(addr, size, v, {memory::Master::CpuData, priv, true});
  }
  memory::BusResponse last;
};

TEST_F(ScsFixture, ResetValues) {
  EXPECT_EQ(rd(0xE000ED00), 0x411FD221u);  // CPUID Cortex-M55 r1p1
  EXPECT_EQ(rd(0xE000ED04), 0u);           // ICSR
  EXPECT_EQ(rd(0xE000ED08), kVtor);        // VTOR = the reset vector table
  EXPECT_EQ(rd(0xE000ED0C), 0xFA050000u);  // AIRCR: VECTKEYSTAT, PRIGROUP 0
  EXPECT_EQ(rd(0xE000ED10), 0u);           // SCR
  EXPECT_EQ(rd(0xE000ED14), 0x201u);       // CCR: STKALIGN, bit0 RES1
  EXPECT_EQ(rd(0xE000ED24), 0u);           // SHCSR
  EXPECT_EQ(rd(0xE000ED28), 0u);           // CFSR
  EXPECT_EQ(rd(0xE000ED88), 0u);           // CPACR
  EXPECT_EQ(rd(0xE000E004), 14u);          // ICTR: 480 IRQs -> 15 words -> INTLINESNUM 14
  EXPECT_EQ(rd(0xE000ED90), 16u << 8);     // MPU_TYPE: 16 regions
  EXPECT_EQ(rd(0xE000EDD4), 8u);           // SAU_TYPE: 8 regions
  EXPECT_EQ(rd(0xE000EF34), 0xC0000004u);  // FPCCR: ASPEN, LSPEN, S
  EXPECT_EQ(rd(0xE000EF40), 0x10110221u);  // MVFR0 (FPU + MVE Cortex-M55)
  EXPECT_EQ(rd(0xE000ED40), 0x20000030u);  // ID_PFR0
  EXPECT_EQ(rd(0xE0001000), 0x40000000u);  // DWT_CTRL: NUMCOMP = 4
  EXPECT_EQ(rd(0xE0003E00), 0x5F08u);      // PMU_TYPE: 8 counters, word spacing, cycle counter
  EXPECT_EQ(rd(0xE000E01C), 0x80000000u);  // SYST_CALIB: NOREF
}

TEST_F(ScsFixture, AircrNeedsVectkey) {
  wr(0xE000ED0C, 0x00000500);  // no key: ignored
  EXPECT_EQ(rd(0xE000ED0C), 0xFA050000u);
  wr(0xE000ED0C, 0x05FA0500);
  EXPECT_EQ(rd(0xE000ED0C), 0xFA050500u);
  EXPECT_EQ(h.exc.regs().prigroup, 5u);
}

TEST_F(ScsFixture, SysresetreqCallsBack) {
  int resets = 0;
  h.exc.set_reset_request_handler([&] { ++resets; });
  wr(0xE000ED0C, 0x05FA0004);
  EXPECT_EQ(resets, 1);
}

TEST_F(ScsFixture, VtorKeepsBits31To7) {
  wr(0xE000ED08, 0x30001234);
  EXPECT_EQ(rd(0xE000ED08), 0x30001200u);
}

TEST_F(ScsFixture, IcsrPendSvAndSysTick) {
  wr(0xE000ED04, 1u << 28);  // PENDSVSET
  EXPECT_TRUE(h.exc.is_pending(kExcPendSv));
  EXPECT_EQ(rd(0xE000ED04), (1u << 28) | (14u << 12));  // PENDSVSET, VECTPENDING = 14
  wr(0xE000ED04, 1u << 27);  // PENDSVCLR
  EXPECT_FALSE(h.exc.is_pending(kExcPendSv));
  wr(0xE000ED04, 1u << 26);  // PENDSTSET
  EXPECT_TRUE(h.exc.is_pending(kExcSysTick));
  EXPECT_EQ(rd(0xE000ED04), (1u << 26) | (15u << 12));
  wr(0xE000ED04, 1u << 25);
  EXPECT_FALSE(h.exc.is_pending(kExcSysTick));
  wr(0xE000ED04, 1u << 31);  // PENDNMISET
  EXPECT_TRUE(h.exc.is_pending(kExcNmi));
}

TEST_F(ScsFixture, IcsrVectactiveInHandler) {
  h.exc.set_pending(kExcPendSv, true);
  h.step_interrupts(0);
  EXPECT_EQ(rd(0xE000ED04), 14u | (1u << 11));  // VECTACTIVE 14, RETTOBASE
}

TEST_F(ScsFixture, CcrWritableBits) {
  wr(0xE000ED14, 0xFFFFFFFF);
  // Writable: USERSETMPEND 1, UNALIGN_TRP 3, DIV_0_TRP 4, BFHFNMIGN 8, STKOFHFNMIGN 10, DC 16,
  // IC 17, BP 18, LOB 19, TRD 20; RES1 bits 0 and 9.
  EXPECT_EQ(rd(0xE000ED14), 0x001F071Bu);
  wr(0xE000ED14, 0);
  EXPECT_EQ(rd(0xE000ED14), 0x201u);
}

TEST_F(ScsFixture, ShprBytesAndReservedSlots) {
  wr(0xE000ED1F, 0xFF, 1);  // SHPR2 byte 3 = SVCall (11)
  EXPECT_EQ(h.exc.raw_priority(kExcSvCall), 0xE0);
  wr(0xE000ED20, 0xFFFFFFFF);  // SHPR3: DebugMon 12, reserved 13, PendSV 14, SysTick 15
  EXPECT_EQ(rd(0xE000ED20), 0xE0E000E0u);
  wr(0xE000ED18, 0xFFFFFFFF);  // SHPR1: MemManage, BusFault, UsageFault, SecureFault
  EXPECT_EQ(rd(0xE000ED18), 0xE0E0E0E0u);
  EXPECT_EQ(rd(0xE000ED1C), 0xE0000000u);  // SHPR2: only SVCall implemented
}

TEST_F(ScsFixture, ShcsrEnablesAndActiveBits) {
  wr(0xE000ED24, (1u << 16) | (1u << 17) | (1u << 18));
  EXPECT_EQ(rd(0xE000ED24), 0x70000u);
  h.exc.set_pending(kExcSvCall, true);
  EXPECT_EQ(rd(0xE000ED24), 0x70000u | (1u << 15));  // SVCALLPENDED
  h.step_interrupts(0);
  EXPECT_EQ(rd(0xE000ED24), 0x70000u | (1u << 7));   // SVCALLACT
}

TEST_F(ScsFixture, CfsrAndHfsrAreWriteOneToClear) {
  h.exc.regs().cfsr = cfsr::kUndefinstr | cfsr::kPreciserr | cfsr::kBfarvalid;
  h.exc.regs().hfsr = hfsr::kForced;
  wr(0xE000ED28, cfsr::kPreciserr);
  EXPECT_EQ(rd(0xE000ED28), cfsr::kUndefinstr | cfsr::kBfarvalid);
  wr(0xE000ED2A, 0x1, 2);  // UFSR halfword: clear UNDEFINSTR
  EXPECT_EQ(rd(0xE000ED28), cfsr::kBfarvalid);
  wr(0xE000ED2C, hfsr::kForced);
  EXPECT_EQ(rd(0xE000ED2C), 0u);
}

TEST_F(ScsFixture, CpacrOnlyCp10Cp11) {
  wr(0xE000ED88, 0xFFFFFFFF);
  EXPECT_EQ(rd(0xE000ED88), 0x00F00000u);
  EXPECT_TRUE(h.exc.fpu_enabled());
}

TEST_F(ScsFixture, NvicEnablePendPriority) {
  wr(0xE000E104, 1u << 3);  // ISER1: IRQ 35
  EXPECT_TRUE(h.exc.irq_enabled(35));
  EXPECT_EQ(rd(0xE000E104), 1u << 3);
  EXPECT_EQ(rd(0xE000E184), 1u << 3);  // ICER reads the enables too
  wr(0xE000E184, 1u << 3);
  EXPECT_FALSE(h.exc.irq_enabled(35));
  wr(0xE000E200, 0x5);  // ISPR0: IRQ 0 and 2
  EXPECT_EQ(rd(0xE000E200), 0x5u);
  wr(0xE000E280, 0x1);
  EXPECT_EQ(rd(0xE000E280), 0x4u);
  wr(0xE000E400 + 35, 0xFF, 1);  // IPR byte for IRQ 35
  EXPECT_EQ(h.exc.raw_priority(16 + 35), 0xE0);
  EXPECT_EQ(rd(0xE000E420), 0xE0000000u);
  // IRQs 480..511 do not exist: RAZ/WI.
  wr(0xE000E13C, 0xFFFFFFFF);
  EXPECT_EQ(rd(0xE000E13C), 0u);
}

TEST_F(ScsFixture, StirPendsAndChecksPrivilege) {
  wr(0xE000EF00, 7);
  EXPECT_TRUE(h.exc.is_pending(16 + 7));
  wr(0xE000EF00, 8, 4, false);
  EXPECT_FALSE(last.ok());  // unprivileged without USERSETMPEND: BusFault
  h.exc.regs().ccr[1] |= ccr::kUsersetmpend;
  wr(0xE000EF00, 8, 4, false);
  EXPECT_TRUE(last.ok());
  EXPECT_TRUE(h.exc.is_pending(16 + 8));
}

TEST_F(ScsFixture, UnprivilegedScbAccessIsBusFault) {
  rd(0xE000ED00, 4, false);
  EXPECT_EQ(last.status, memory::BusStatus::SlaveError);
}

TEST_F(ScsFixture, UnknownOffsetsAreRazWiAndReportedOnce) {
  EXPECT_EQ(rd(0xE000EE80), 0u);
  rd(0xE000EE80);
  wr(0xE000EE80, 1);
  EXPECT_EQ(scs.unknown_reports(), 2u);  // one read, one write
  EXPECT_EQ(rd(0xE0004000), 0u);         // nothing declared there
  EXPECT_EQ(rd(0xE002ED00), 0u);         // Non-secure alias
  EXPECT_TRUE(last.ok());
}

TEST_F(ScsFixture, CacheMaintenanceIsAcceptedAsNoOp) {
  wr(0xE000EF50, 0);  // ICIALLU
  wr(0xE000EF74, 0);  // DCCISW
  EXPECT_EQ(scs.unknown_reports(), 0u);
  wr(0xE000ED84, 1);  // CSSELR: instruction cache
  EXPECT_EQ(rd(0xE000ED80), 0x203FE009u);
  wr(0xE000ED84, 0);
  EXPECT_EQ(rd(0xE000ED80), 0xF01FE019u);
}

TEST_F(ScsFixture, DwtCyccntCountsWithTrcenaAndEnable) {
  time.t = 100;
  wr(0xE0001000, 1);  // CYCCNTENA, but TRCENA still 0
  time.t = 200;
  EXPECT_EQ(rd(0xE0001004), 0u);
  wr(0xE000EDFC, 1u << 24);  // DEMCR.TRCENA
  time.t = 250;
  EXPECT_EQ(rd(0xE0001004), 50u);
  wr(0xE0001004, 1000);
  time.t = 260;
  EXPECT_EQ(rd(0xE0001004), 1010u);
  wr(0xE0001000, 0);
  time.t = 400;
  EXPECT_EQ(rd(0xE0001004), 1010u);
}

TEST_F(ScsFixture, PmuCycleCounterAsExecuTorchEnablesIt) {
  // et_pal_init(): PMU CTRL.E, DEMCR.TRCENA, CTRL.C (reset CCNTR), CNTENSET bit 31.
  time.t = 10;
  wr(0xE0003E04, 1);
  wr(0xE000EDFC, 1u << 24);
  wr(0xE0003E04, 1 | 4);
  wr(0xE0003C00, 1u << 31);
  time.t = 1010;
  EXPECT_EQ(rd(0xE000307C), 1000u);
  EXPECT_EQ(rd(0xE0003E04), 1u);  // C reads as zero
  wr(0xE0003E04, 1 | 4);
  time.t = 1015;
  EXPECT_EQ(rd(0xE000307C), 5u);
  wr(0xE0003C20, 1u << 31);  // CNTENCLR
  time.t = 2000;
  EXPECT_EQ(rd(0xE000307C), 5u);
}

TEST_F(ScsFixture, PmuEventCounters) {
  wr(0xE000EDFC, 1u << 24);
  wr(0xE0003400, 0x08);  // EVTYPER0 = INST_RETIRED
  wr(0xE0003404, 0x11);  // EVTYPER1 = CPU_CYCLES
  wr(0xE0003408, 0x00);  // EVTYPER2 = SW_INCR
  wr(0xE0003C00, 0x7);
  wr(0xE0003E04, 1);
  time.t = 300;
  insns.n = 120;
  EXPECT_EQ(rd(0xE0003000), 120u);
  EXPECT_EQ(rd(0xE0003004), 300u);
  wr(0xE0003CA0, 0x4);  // SWINC counter 2
  wr(0xE0003CA0, 0x4);
  EXPECT_EQ(rd(0xE0003008), 2u);
  // 16-bit counters: overflow sets OVS.
  time.t = 300 + 0x10000;
  EXPECT_EQ(rd(0xE0003004), 300u);
  EXPECT_EQ(rd(0xE0003C80) & 2u, 2u);
  wr(0xE0003E04, 1 | 2);  // P: reset event counters
  EXPECT_EQ(rd(0xE0003000), 0u);
}

TEST_F(ScsFixture, PmuChainMakes32BitPairs) {
  wr(0xE000EDFC, 1u << 24);
  wr(0xE0003408, 0x11);  // EVTYPER2 = CPU_CYCLES
  wr(0xE000340C, 0x1E);  // EVTYPER3 = CHAIN
  wr(0xE0003C00, 0xC);
  wr(0xE0003E04, 1);
  time.t = 0x2'3456;     // 0x23456 cycles: low half 0x3456, two overflows into the high half
  EXPECT_EQ(rd(0xE0003008), 0x3456u);
  EXPECT_EQ(rd(0xE000300C), 2u);
  time.t = 0x3'0000;
  EXPECT_EQ(rd(0xE0003008), 0u);
  EXPECT_EQ(rd(0xE000300C), 3u);
}

TEST_F(ScsFixture, ItmStimulusPortsReachTheSink) {
  EXPECT_EQ(rd(0xE0000000), 1u);  // FIFOREADY
  wr(0xE0000004, 0x12345678);
  wr(0xE000000C, 0xAB, 1);
  wr(0xE0000012, 0xBEEF, 2);  // port 4, upper halfword lanes
  ASSERT_EQ(itm.writes.size(), 3u);
  EXPECT_EQ(itm.writes[0].port, 1u);
  EXPECT_EQ(itm.writes[0].value, 0x12345678u);
  EXPECT_EQ(itm.writes[0].size, 4u);
  EXPECT_EQ(itm.writes[1].port, 3u);
  EXPECT_EQ(itm.writes[1].value, 0xABu);
  EXPECT_EQ(itm.writes[1].size, 1u);
  EXPECT_EQ(itm.writes[2].port, 4u);
  EXPECT_EQ(itm.writes[2].value, 0xBEEFu);
  EXPECT_EQ(itm.writes[2].size, 2u);
  wr(0xE0000000, 0x41, 1, false);  // unprivileged stimulus write is allowed
  EXPECT_TRUE(last.ok());
}

TEST_F(ScsFixture, MpuRegionAliases) {
  wr(0xE000ED98, 4);           // RNR = 4
  wr(0xE000ED9C, 0x20000003);  // RBAR region 4
  wr(0xE000EDA4, 0x30000001);  // RBAR_A1: region 5
  wr(0xE000EDB0, 0x3000FFE1);  // RLAR_A2: region 6
  wr(0xE000ED98, 5);
  EXPECT_EQ(rd(0xE000ED9C), 0x30000001u);
  wr(0xE000ED98, 6);
  EXPECT_EQ(rd(0xE000EDA0), 0x3000FFE1u);
  wr(0xE000EDC0, 0x44FF0400);  // MAIR0
  EXPECT_EQ(rd(0xE000EDC0), 0x44FF0400u);
}

TEST_F(ScsFixture, TtAnswersFromSauAndMpu) {
  // SAU off, ALLNS = 0: everything Secure; MPU off: R/RW.
  EXPECT_EQ(scs.mpu_sau().tt_response(0x20000000, true, false, false), (1u << 18) | (1u << 19) | (1u << 22));
  // SAU region 0 Non-secure over 0x20000000-0x2000FFFF.
  wr(0xE000EDD8, 0);
  wr(0xE000EDDC, 0x20000000);
  wr(0xE000EDE0, 0x2000FFE1);
  wr(0xE000EDD0, 1);
  const uint32_t r = scs.mpu_sau().tt_response(0x20000100, true, false, false);
  EXPECT_EQ(r & (1u << 22), 0u);          // not Secure
  EXPECT_EQ(r & (1u << 17), 1u << 17);    // SRVALID
  EXPECT_EQ(r & (3u << 20), 3u << 20);    // NSR, NSRW
  // MPU region 2: 0x10000000-0x1000FFFF read-only any privilege (AP = 0b11).
  wr(0xE000ED98, 2);
  wr(0xE000ED9C, 0x10000006);
  wr(0xE000EDA0, 0x1000FFE1);
  wr(0xE000ED94, 1);
  const uint32_t m = scs.mpu_sau().tt_response(0x10000040, true, true, false);
  EXPECT_EQ(m & 0xFFu, 2u);               // MREGION
  EXPECT_EQ(m & (1u << 16), 1u << 16);    // MRVALID
  EXPECT_EQ(m & (3u << 18), 1u << 18);    // R but not RW
}

TEST_F(ScsFixture, ImplementationDefinedStorage) {
  EXPECT_EQ(rd(0xE001E010), 0x51u);  // ITCMCR
  wr(0xE001E300, 0x00000333);        // CPDLPSTATE
  EXPECT_EQ(rd(0xE001E300), 0x333u);
  wr(0xE001E000, 0x3);               // MSCR
  EXPECT_EQ(rd(0xE001E000), 0x3u);
  EXPECT_EQ(scs.unknown_reports(), 0u);
}


// Reset values of every register the SCS declares with a fixed or architecturally defined reset
// (Arm DDI 0553 D1 register descriptions; ID values of the Cortex-M55 as in QEMU's cortex-m55).
TEST_F(ScsFixture, ResetValueTable) {
  struct Expect { uint32_t addr; uint32_t value; const char* name; };
  static constexpr Expect kTable[] = {
      {0xE0000E00, 0, "ITM_TER0"}, {0xE0000E40, 0, "ITM_TPR"}, {0xE0000E80, 0, "ITM_TCR"},
      {0xE0000FB4, 0, "ITM_LSR"}, {0xE0001004, 0, "DWT_CYCCNT"}, {0xE0001008, 0, "DWT_CPICNT"},
      {0xE000307C, 0, "PMU_CCNTR"}, {0xE0003000, 0, "PMU_EVCNTR0"}, {0xE0003400, 0, "PMU_EVTYPER0"},
      {0xE0003C00, 0, "PMU_CNTENSET"}, {0xE0003C40, 0, "PMU_INTENSET"}, {0xE0003C80, 0, "PMU_OVSCLR"},
      {0xE0003E04, 0, "PMU_CTRL"}, {0xE0003FB8, 0xFF, "PMU_AUTHSTATUS"},
      {0xE000E010, 4, "SYST_CSR (CLKSOURCE RAO)"}, {0xE000E014, 0, "SYST_RVR"}, {0xE000E018, 0, "SYST_CVR"},
      {0xE000E008, 0, "ACTLR"}, {0xE000E00C, 0, "CPPWR"},
      {0xE000E100, 0, "NVIC_ISER0"}, {0xE000E200, 0, "NVIC_ISPR0"}, {0xE000E300, 0, "NVIC_IABR0"},
      {0xE000E380, 0, "NVIC_ITNS0"}, {0xE000E400, 0, "NVIC_IPR0"},
      {0xE000ED1C, 0, "SHPR2"}, {0xE000ED2C, 0, "HFSR"}, {0xE000ED30, 0, "DFSR"}, {0xE000ED34, 0, "MMFAR"},
      {0xE000ED38, 0, "BFAR"}, {0xE000ED3C, 0, "AFSR"},
      {0xE000ED44, 0x00000230, "ID_PFR1"}, {0xE000ED48, 0x10200000, "ID_DFR0"}, {0xE000ED4C, 0, "ID_AFR0"},
      {0xE000ED50, 0x00111040, "ID_MMFR0"}, {0xE000ED54, 0, "ID_MMFR1"}, {0xE000ED58, 0x01000000, "ID_MMFR2"},
      {0xE000ED5C, 0x00000011, "ID_MMFR3"}, {0xE000ED60, 0x01103110, "ID_ISAR0"}, {0xE000ED64, 0x02212000, "ID_ISAR1"},
      {0xE000ED68, 0x20232232, "ID_ISAR2"}, {0xE000ED6C, 0x01111131, "ID_ISAR3"}, {0xE000ED70, 0x01310132, "ID_ISAR4"},
      {0xE000ED74, 0, "ID_ISAR5"}, {0xE000ED78, 0x09000003, "CLIDR"}, {0xE000ED7C, 0x8303C003, "CTR"},
      {0xE000ED84, 0, "CSSELR"}, {0xE000ED8C, 0, "NSACR"},
      {0xE000ED94, 0, "MPU_CTRL"}, {0xE000ED98, 0, "MPU_RNR"}, {0xE000ED9C, 0, "MPU_RBAR"}, {0xE000EDA0, 0, "MPU_RLAR"},
      {0xE000EDC4, 0, "MPU_MAIR1"}, {0xE000EDD0, 0, "SAU_CTRL"}, {0xE000EDE4, 0, "SAU_SFSR"},
      {0xE000EDF0, 0, "DHCSR"}, {0xE000EDFC, 0, "DEMCR"}, {0xE000EF38, 0, "FPCAR"}, {0xE000EF3C, 0, "FPDSCR"},
      {0xE000EF44, 0x12100211, "MVFR1"}, {0xE000EF48, 0x00000040, "MVFR2"},
      {0xE001E014, 0x51, "DTCMCR"}, {0xE001E304, 0, "DPDLPSTATE"},
  };
  for (const Expect& e : kTable) EXPECT_EQ(rd(e.addr), e.value) << e.name;
  EXPECT_EQ(scs.unknown_reports(), 0u);
}

TEST_F(ScsFixture, StorageRegistersKeepTheirWritableBits) {
  struct Write { uint32_t addr; uint32_t written; uint32_t reads; const char* name; };
  static constexpr Write kTable[] = {
      {0xE000ED10, 0xFFFFFFFF, 0x1E, "SCR: SLEEPONEXIT, SLEEPDEEP, SLEEPDEEPS, SEVONPEND"},
      {0xE000ED8C, 0xFFFFFFFF, 0xC00, "NSACR: CP10, CP11"},
      {0xE000E00C, 0xFFFFFFFF, 0x00F00000, "CPPWR: SU10/SUS10/SU11/SUS11"},
      {0xE000ED94, 0xFFFFFFFF, 0x7, "MPU_CTRL: ENABLE, HFNMIENA, PRIVDEFENA"},
      {0xE000ED98, 0xFFFFFFFF, 0xF, "MPU_RNR: 16 regions"},
      {0xE000EDD0, 0xFFFFFFFF, 0x3, "SAU_CTRL: ENABLE, ALLNS"},
      {0xE000EDD8, 0xFFFFFFFF, 0x7, "SAU_RNR: 8 regions"},
      {0xE000EDFC, 0xFFFFFFFF, 0x010F0FF1, "DEMCR: TRCENA, MON_*, VC_*"},
      {0xE000EF38, 0xFFFFFFFF, 0xFFFFFFF8, "FPCAR: [31:3]"},
      {0xE000EF3C, 0xFFFFFFFF, 0x07C80000, "FPDSCR: AHP, DN, FZ, RMode, FZ16"},
      {0xE000ED34, 0x12345678, 0x12345678, "MMFAR"},
      {0xE000ED38, 0x9ABCDEF0, 0x9ABCDEF0, "BFAR"},
      {0xE0000E80, 0xFFFFFFFF, 0x007F0F1F, "ITM_TCR"},
      {0xE000ED00, 0xFFFFFFFF, 0x411FD221, "CPUID is read-only"},
      {0xE000ED40, 0xFFFFFFFF, 0x20000030, "ID_PFR0 is read-only"},
  };
  for (const Write& w : kTable) {
    wr(w.addr, w.written);
    EXPECT_EQ(rd(w.addr), w.reads) << w.name;
  }
}

}  // namespace
}  // namespace corsim::cpu::test
