/* Corstone-300 (SSE-300, MPS3 AN547) addresses the platform library and programs use
 * (Zephyr boards/arm/mps3/mps3_corstone300_fvp.dts, ExecuTorch Corstone-300.ld), Secure aliases. */
#ifndef CORSIM_FIRMWARE_PLATFORM_CONFIG_H
#define CORSIM_FIRMWARE_PLATFORM_CONFIG_H

#define PLATFORM_NAME "Corstone-300"
#define UART0_BASE 0x59303000u      /* CMSDK UART0 */
#define PLATFORM_NPU_BASE 0x58102000u /* Ethos-U55 */
#define PLATFORM_NPU_IRQ 56
#define PLATFORM_NPU_IRQ_HANDLER IRQ56_Handler

#define PLATFORM_NPU_FAST_SCRATCH_SIZE 0u /* Ethos-U55 has no fast scratch */

#endif
