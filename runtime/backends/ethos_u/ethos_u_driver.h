// A bare-metal Ethos-U55/U65/U85 driver: the register sequence of Arm's ethos-u-core-driver
// (src/ethosu_driver.c, ethosu_device_u55_u65.c, ethosu_device_u85.c) written from a reading of
// those files (no code copied), for the EthosUBackend. The NPU's CONFIG.product (read at init) picks the register layout
// (NpuLayout): U55/U65 (arch 1.x, ethosu55_interface.h) or U85 (arch 2.0, ethosu85_interface.h: PMU
// at 0x1180, MEM_ATTR and AXI_SRAM/AXI_EXT instead of AXI_LIMIT, branch_fault instead of wd_fault).
//
//   init():   CONFIG.product check, soft reset (RESET, poll STATUS.reset_status, PROT check),
//             then the AXI set-up the real driver programs for that product.
//   invoke(): COP1 payload walk (ethosu_driver.c handle_optimizer_config, handle_command_stream),
//             optimizer CONFIG/ID against the hardware's (ethosu_dev_verify_optimizer_config),
//             16-byte alignment of the stream and base addresses, PMU set-up as ExecuTorch's
//             runner does it (arm_perf_monitor.cpp), QBASE, QSIZE, BASEP[0..n),
//             CMD = (CMD & 0xC) | 1, wait for the IRQ, STATUS error bits and cmd_end_reached,
//             PMU read-out.
//   handle_interrupt(): what the IRQ handler calls (ethosu_dev_handle_interrupt): latch STATUS,
//             clear the IRQ.
//
// Register access goes through NpuPort so the same code runs on the target (volatile MMIO, WFI)
// and in host tests (a simulated device). C++17, no exceptions, RTTI, heap or stdio.
#pragma once

#include <cstddef>
#include <cstdint>

#include "runtime/backends/ethos_u/vela_bin_stream.h"
#include "runtime/pte/span.h"
#include "runtime/pte/status.h"

namespace corsim::ethos_u {

// Register offsets common to U55/U65 (ethos-u-core-driver src/ethosu55_interface.h) and U85
// (src/ethosu85_interface.h).
namespace reg {
inline constexpr uint32_t kId = 0x000, kStatus = 0x004, kCmd = 0x008, kReset = 0x00C, kQbase = 0x010,
                          kQbaseHi = 0x014, kQread = 0x018, kQconfig = 0x01C, kQsize = 0x020, kProt = 0x024,
                          kConfig = 0x028, kRegioncfg = 0x03C, kBasep0 = 0x080;
// U55/U65 only (ethosu55_interface.h).
inline constexpr uint32_t kAxiLimit0 = 0x040;
// U85 only (ethosu85_interface.h).
inline constexpr uint32_t kPowerCtrl = 0x038, kMemAttr0 = 0x040, kAxiSram = 0x050, kAxiExt = 0x054;
}  // namespace reg

// STATUS bits (ethosu55_interface.h; U85: bit 7 reserved, bit 9 branch_fault,
// ethosu85_interface.h).
inline constexpr uint32_t kStatusRunning = 1u << 0, kStatusIrqRaised = 1u << 1, kStatusBusError = 1u << 2,
                          kStatusResetting = 1u << 3, kStatusParseError = 1u << 4, kStatusEndReached = 1u << 5,
                          kStatusWdFault = 1u << 7, kStatusEccFault = 1u << 8, kStatusBranchFault = 1u << 9;

// Where one NPU generation keeps its PMU, which events ExecuTorch's runner counts on it
// (arm_perf_monitor.cpp), and which STATUS bits are faults (ethosu_dev_handle_interrupt).
struct NpuLayout {
  NpuProduct product;
  uint32_t pmcr, pmcntenset, pmccntr_lo, pmccntr_hi, pmccntr_cfg, pmevcntr0, pmevtyper0;
  uint32_t num_events;
  const uint32_t* events;
  const char* const* event_names;
  uint32_t fault_status;
};
// The layout for an NPU product (U65 shares U55's); null for any other product.
const NpuLayout* npu_layout(NpuProduct product);

class NpuPort {
 public:
  virtual uint32_t read(uint32_t offset) = 0;
  virtual void write(uint32_t offset, uint32_t value) = 0;
  // Returns once `done` is true (target: WFI with interrupts masked around the check, so an IRQ
  // between the check and the WFI still wakes it). False if the wait gave up (host tests).
  virtual bool wait_for_interrupt(const volatile bool& done) = 0;
  // Data-cache maintenance around a job, as the real driver's weak ethosu_flush_dcache /
  // ethosu_invalidate_dcache hooks: write back what the CPU wrote before the NPU reads memory, and
  // drop stale lines before the CPU reads what the NPU wrote. No-ops where there is no D-cache.
  virtual void flush_dcache() {}
  virtual void invalidate_dcache() {}

 protected:
  ~NpuPort() = default;
};

// What the runner's PMU report prints (ExecuTorch arm_perf_monitor.cpp StopMeasurements): NPU
// active cycles and the event counters of the NPU's layout (U55/U65: AXI0 read beats, AXI1 read
// beats, AXI0 write beats, NPU idle; U85: SRAM read/write beats, EXT read/write beats, NPU idle,
// MAC active, WD active).
struct PmuCounts {
  static constexpr uint32_t kMaxEvents = 8;
  uint64_t cycles = 0;
  uint32_t num_events = 0;
  uint32_t events[kMaxEvents] = {};
};

class EthosUDriver {
 public:
  static constexpr uint32_t kMaxBaseAddresses = 8;
  static constexpr uint32_t kResetPolls = 100000;

  explicit EthosUDriver(NpuPort& port) : port_(port) {}

  // Privileged + Secure: what the firmware runs as after reset on Corstone-300/320.
  rt::Status init(bool privileged = true, bool secure = true);
  bool initialized() const { return initialized_; }

  // The fast memory given to the real driver's ethosu_init (U65/U85 "fast scratch", an on-chip SRAM
  // buffer for Dedicated_Sram programs): when set and more than 2 base addresses are passed,
  // invoke() uses it as base address 2 (ethosu_driver.c ethosu_invoke_async). 0 = none.
  void set_fast_memory(uint32_t address, uint32_t size) {
    fast_memory_ = address;
    fast_memory_size_ = size;
  }

  // Runs one COP1 payload. base[i] are NPU addresses of regions 0..n-1 (0 = unused).
  rt::Status invoke(rt::Bytes cmd_data, uint32_t cmd_data_address, const uint32_t* base, uint32_t num_base);

  // Called from the NPU's interrupt handler.
  void handle_interrupt();

  uint32_t hw_config() const { return hw_config_; }
  // The layout of the NPU found by init() (null before).
  const NpuLayout* layout() const { return layout_; }
  uint32_t hw_id() const { return hw_id_; }
  const PmuCounts& pmu() const { return pmu_; }
  uint32_t last_status() const { return irq_status_; }
  // One line with the numbers behind the last failure ("" if none).
  const char* detail() const { return detail_; }

 private:
  rt::Status fail(rt::Error code, const char* what);
  rt::Status check_optimizer_config(const Cop1Payload& cop);
  rt::Status soft_reset();
  static uint32_t default_regioncfg();

  NpuPort& port_;
  const NpuLayout* layout_ = nullptr;
  bool initialized_ = false;
  bool privileged_ = true, secure_ = true;
  uint32_t hw_config_ = 0, hw_id_ = 0;
  uint32_t fast_memory_ = 0, fast_memory_size_ = 0;
  volatile bool irq_done_ = false;
  volatile uint32_t irq_status_ = 0;
  PmuCounts pmu_;
  char detail_[192] = {};
};

}  // namespace corsim::ethos_u
