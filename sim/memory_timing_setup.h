#pragma once
// Builds the memory system's timing (memory/timing, docs/memory-timing.md) from a platform preset,
// and handles its -C parameters:
//   memory.<NAME>.bandwidth=B            bytes per platform cycle (the latency is memory.<NAME>.latency)
//   cache.{icache,dcache}.{size,line,ways}=N
//   cache.dcache.write_policy=auto|write-back|write-through
//   cpu0.icache-state_modelled=0|1, cpu0.dcache-state_modelled=0|1   (FVP names; 0: every access
//                                         costs a hit)
//   memory.vela_config=FILE              a user's vela.ini (npu/timing/vela_ini.h); the two below
//                                         then name its sections (give it first)
//   memory.system_config=NAME            a Vela system config (corsim's presets of Arm's vela.ini,
//                                         or a [System_Config.NAME] of memory.vela_config)
//   memory.mode=NAME                      Shared_Sram|Sram_Only|Dedicated_Sram, or a
//                                         [Memory_Mode.NAME]: the NPU's ports and the memories as
//                                         Vela assumes them (SRAM and ISRAM = Vela's Sram; QSPI and
//                                         DDR = its second memory, or its Sram in Sram_Only)
#include <optional>
#include <string>
#include <string_view>

#include "memory/timing/config.h"
#include "npu/timing/system_config.h"
#include "sim/platform/preset.h"

namespace corsim::sim {

// The preset's memories (names ITCM/DTCM are TCMs, the others AXI memories), caches and the NPU's
// ports (from preset.npu.system_config).
memory::timing::MemorySystemConfig memory_system_config(const PlatformPreset& preset);

// The NPU's system config and memory mode the preset names, from the user's vela.ini when it
// gives one, else from corsim's presets; nullopt with `error` when a name is unknown.
std::optional<npu::timing::SystemConfig> npu_system_config(const NpuSpec& npu, std::string& error);

// nullopt: not a memory-timing parameter; "" applied; else the problem with the value.
std::optional<std::string> apply_memory_timing_parameter(PlatformPreset& preset, std::string_view name,
                                                         const std::string& value);

}  // namespace corsim::sim
