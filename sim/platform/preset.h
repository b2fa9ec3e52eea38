#pragma once
// Platforms as data (docs/sim.md "How to add a platform"): a preset lists the memories (base,
// secure alias, size), the devices with their addresses and IRQs, the CPU and NPU configuration and
// the clock. Platform (platform.h) instantiates a preset; -C parameters (params.h) edit it first.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cpu/cpu_api.h"
#include "memory/timing/config.h"

namespace corsim::sim {

struct MemorySpec {
  std::string name;        // e.g. "ITCM"
  uint32_t ns_base = 0;    // Non-secure address
  std::optional<uint32_t> s_base;  // Secure alias of the same storage, if any
  uint64_t size = 0;
  bool rom = false;        // ROM-like for the CPU (writes refused) but loadable
  uint32_t latency = 0;    // cycles to the first data for the memory-system timing (docs/memory-timing.md)
  double bandwidth = 8;    // bytes per platform cycle (memory.<NAME>.bandwidth)
};

enum class DeviceKind : uint8_t {
  CmsdkUart,
  SseTimer,
  SseCounterControl,
  SseCounterStatus,
  CmsdkTimer,
  FpgaIo,
  SysInfo,
  SysCtrl,
  Scc,
  TimingAdapters,
  Npu,   // hook: the NPU model is wired by the integrator (Platform::attach_npu)
  Stub,  // not modelled: RAZ/WI, each register reported once
};

struct DeviceSpec {
  std::string name;
  DeviceKind kind = DeviceKind::Stub;
  std::optional<uint32_t> ns_base;
  std::optional<uint32_t> s_base;
  uint32_t size = 0x1000;
  int irq = -1;    // main interrupt line (NVIC IRQn), -1: none
  int irq2 = -1;   // second line (UART: RX; the main line is TX)
  uint64_t clock_hz = 0;  // device clock when it differs from the platform clock (S32K timer)
};

struct UartConsoleSpec {
  std::string out_file = "-";   // FVP uart0.out_file: "-" = stdout
  bool shutdown_on_eot = true;  // corsim default on (the ExecuTorch flow always sets it)
  std::string shutdown_tag;
  // FVP uart0.unbuffered_output (the FVP's default is off too): on, every byte is flushed; off, the
  // host's stdio buffers the console (stdout: line-buffered to a terminal, block-buffered to a
  // file or pipe; flushed when the run ends, however it ends).
  bool unbuffered = false;
};

struct NpuSpec {
  std::string type = "ethos-u55";  // or "ethos-u85" (Corstone-320)
  unsigned num_macs = 128;
  std::string extra_args;  // FVP ethosu.extra_args, kept for the NPU model
  std::string system_config = "Ethos_U55_High_End_Embedded";  // Vela system config (memory.system_config)
  std::string memory_mode = "Shared_Sram";                     // Vela memory mode (memory.mode)
  std::string vela_config;  // a user's vela.ini (memory.vela_config, --vela-config); empty: corsim's presets
};

struct PlatformPreset {
  std::string name;
  // The FVP's board instance name, the prefix of its UART parameters (mps3_board.uart0.out_file on
  // Corstone-300, mps4_board.uart0.out_file on Corstone-320).
  std::string fvp_board = "mps3_board";
  cpu::CpuConfig cpu;
  uint64_t clock_hz = 25'000'000;
  std::vector<MemorySpec> memories;
  std::vector<DeviceSpec> devices;
  std::vector<UartConsoleSpec> uarts;  // per CMSDK UART index
  NpuSpec npu;
  // Caches, DTCM banks and fetch width (memory/timing/config.h); its `memories` list is derived
  // from `memories` above when the timing model is built (sim/memory_timing_setup.h).
  memory::timing::MemorySystemConfig memory_system;

  MemorySpec* memory(std::string_view name);
  DeviceSpec* device(std::string_view name);
};

// Known preset names, for --help and error messages.
std::vector<std::string> preset_names();
// The named preset, or nullopt.
std::optional<PlatformPreset> make_preset(std::string_view name);
PlatformPreset corstone300_preset();
PlatformPreset corstone320_preset();

}  // namespace corsim::sim
