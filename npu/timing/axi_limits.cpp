#include "npu/timing/axi_limits.h"

#include <algorithm>
#include <limits>

namespace corsim::npu::timing {

namespace {

double little(unsigned ports, unsigned outstanding, unsigned burst, unsigned latency) {
  if (latency == 0) return std::numeric_limits<double>::infinity();
  return static_cast<double>(ports) * outstanding * burst / latency;
}

// One U55 AXI_LIMITn word (ethosu55_interface.h axi_limit0_r).
AxiPortLimit u55_counter(uint32_t word) {
  AxiPortLimit l;
  l.burst_bytes = burst_bytes_from_max_beats(word & 3);
  l.max_reads = ((word >> 16) & 0x1F) + 1;
  l.max_writes = ((word >> 24) & 0xF) + 1;
  return l;
}

// One U85 AXI_SRAM / AXI_EXT word (ethosu85_interface.h axi_sram_r / axi_ext_r).
AxiPortLimit u85_port(uint32_t word, unsigned ports) {
  AxiPortLimit l;
  l.max_reads = (word & 0x3F) + 1;
  l.max_writes = ((word >> 8) & 0x1F) + 1;
  l.burst_bytes = burst_bytes_from_max_beats((word >> 16) & 3);
  l.ports = ports;
  return l;
}

}  // namespace

double AxiPortLimit::read_bytes_per_cycle(unsigned latency) const {
  return little(ports, max_reads, burst_bytes, latency);
}

double AxiPortLimit::write_bytes_per_cycle(unsigned latency) const {
  return little(ports, max_writes, burst_bytes, latency);
}

unsigned burst_bytes_from_max_beats(uint32_t field) { return 64u << std::min<uint32_t>(field & 3, 2); }

AxiLimits u55_axi_limits(const std::array<uint32_t, 4>& axi_limit, uint32_t regioncfg) {
  AxiLimits out;
  for (unsigned port = 0; port < 2; ++port) {
    bool any = false;
    AxiPortLimit l;
    for (unsigned region = 0; region < 8; ++region) {
      const unsigned setting = (regioncfg >> (2 * region)) & 3;
      if (setting / 2 != port) continue;  // settings 0/1 are AXI0's counters, 2/3 AXI1's
      const AxiPortLimit c = u55_counter(axi_limit[setting]);
      if (!any) {
        l = c;
        any = true;
        continue;
      }
      l.max_reads = std::min(l.max_reads, c.max_reads);
      l.max_writes = std::min(l.max_writes, c.max_writes);
      l.burst_bytes = std::min(l.burst_bytes, c.burst_bytes);
    }
    out[port] = any ? l : u55_counter(axi_limit[2 * port]);
  }
  return out;
}

AxiLimits u85_axi_limits(uint32_t axi_sram, uint32_t axi_ext, const NpuConfig& npu) {
  return {u85_port(axi_sram, npu.sram_ports()), u85_port(axi_ext, npu.ext_ports())};
}

AxiLimits driver_axi_limits(const NpuConfig& npu) {
  if (npu.is_u85()) return u85_axi_limits(kDriverAxiSram, kDriverAxiExt, npu);
  return {u55_counter(kDriverAxiLimit), u55_counter(kDriverAxiLimit)};
}

}  // namespace corsim::npu::timing
