/* Corstone-320 (SSE-320, MPS4) addresses the platform library and programs use, Secure aliases:
 * UART0 at 0x5820_3000 (Zephyr boards/arm/mps4 mps4_common_soc_peripheral.dtsi, peripheral window
 * 0x5000_0000 + 0x820_3000), the Ethos-U85 at 0x5000_4000 on IRQ 16 (mps4_corstone320_fvp.dts;
 * mps4_common_soc_peripheral.dtsi). */
#ifndef CORSIM_FIRMWARE_PLATFORM_CONFIG_H
#define CORSIM_FIRMWARE_PLATFORM_CONFIG_H

#define PLATFORM_NAME "Corstone-320"
#define UART0_BASE 0x58203000u
#define PLATFORM_NPU_BASE 0x50004000u
#define PLATFORM_NPU_IRQ 16
#define PLATFORM_NPU_IRQ_HANDLER IRQ16_Handler

#define PLATFORM_NPU_FAST_SCRATCH_SIZE (384u * 1024u) /* the Ethos-U85 fast scratch in SRAM: ExecuTorch's Dedicated_Sram default, 384 KiB (examples/arm/run.sh, build_executor_runner.sh) */

#endif
