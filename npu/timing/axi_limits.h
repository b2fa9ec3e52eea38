#pragma once
// The AXI limits the driver programs into the NPU, per AXI port: how many read and write
// transactions may be outstanding and how long one burst is. By Little's law a port then carries
// at most ports x outstanding x burst / latency bytes per cycle in each direction, whatever the
// memory behind it could deliver (TimingModel prices the AXI parts with it, timing_model.h).
//
// Registers (Arm Ethos-U core driver ethosu55_interface.h axi_limit0_r
// "AXI limits for port 0 counter 0", ethosu85_interface.h axi_sram_r / axi_ext_r):
//   U55/U65 AXI_LIMIT0..3: [1:0] max_beats (burst split alignment: 0 = 64 B, 1 = 128 B, 2 = 256 B),
//     [20:16] max_outstanding_read_m1, [27:24] max_outstanding_write_m1. AXI_LIMIT0/1 are AXI0's
//     two counters, AXI_LIMIT2/3 AXI1's; REGIONCFG gives each region one of them.
//   U85 AXI_SRAM / AXI_EXT: [5:0] max_outstanding_read_m1, [12:8] max_outstanding_write_m1 (each
//     "per port"), [17:16] max_beats; the U85 has CONFIG.num_axi_sram SRAM ports and
//     num_axi_ext EXT ports (npu_config.h config_word).
// The driver's values (ethosu_config_u55.h / ethosu_config_u85.h defaults, programmed by
// ethosu_dev_axi_init in ethosu_device_u55_u65.c / _u85.c): U55 every AXI_LIMITn
// 32 reads, 16 writes, 64 B; U85 AXI_SRAM 12 reads, 16 writes, 256 B; AXI_EXT 64 reads, 32
// writes, 256 B.
#include <array>
#include <cstdint>

#include "npu/npu_config.h"

namespace corsim::npu::timing {

struct AxiPortLimit {
  unsigned max_reads = 32;    // outstanding read transactions per port
  unsigned max_writes = 16;   // outstanding write transactions per port
  unsigned burst_bytes = 64;  // bytes of one transaction (max_beats)
  unsigned ports = 1;         // physical AXI ports of this kind (U85: several SRAM / EXT ports)

  // Little's law: the most bytes per cycle the port moves with `latency` cycles per transaction
  // (0 latency: no bound, +inf).
  double read_bytes_per_cycle(unsigned latency) const;
  double write_bytes_per_cycle(unsigned latency) const;
};

// Index 0 = AXI0 (U85: the SRAM ports), 1 = AXI1 (U85: the EXT ports).
using AxiLimits = std::array<AxiPortLimit, 2>;

// Burst bytes of a max_beats field: 64 << field (3 is reserved; read as 256 B).
unsigned burst_bytes_from_max_beats(uint32_t field);

// U55/U65: per port, the counters REGIONCFG assigns to its regions; the model counts traffic per
// port, not per region, so a port whose regions use both of its counters gets the more
// restrictive value of each field (with the driver's values both are the same). A port no region
// uses gets its first counter.
AxiLimits u55_axi_limits(const std::array<uint32_t, 4>& axi_limit, uint32_t regioncfg);
// U85: AXI_SRAM for port 0, AXI_EXT for port 1, each times its number of ports.
AxiLimits u85_axi_limits(uint32_t axi_sram, uint32_t axi_ext, const NpuConfig& npu);
// What the Ethos-U driver programs (no device registers: corsim-npu, and the default).
AxiLimits driver_axi_limits(const NpuConfig& npu);

// The driver's register words (ethosu_config_u55.h / ethosu_config_u85.h).
constexpr uint32_t kDriverAxiLimit = 31u << 16 | 15u << 24;              // U55: 32 reads, 16 writes, 64 B
constexpr uint32_t kDriverAxiSram = 11u | 15u << 8 | 2u << 16;           // U85: 12 reads, 16 writes, 256 B
constexpr uint32_t kDriverAxiExt = 63u | 31u << 8 | 2u << 16;            // U85: 64 reads, 32 writes, 256 B

}  // namespace corsim::npu::timing
