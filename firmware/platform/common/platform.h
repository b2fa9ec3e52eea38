/* What every corsim platform library gives a program (firmware/platform/common), the same on
 * Corstone-300 and Corstone-320: the UART0 console, semihosting, the L1 caches, and the
 * architectural system registers (Armv8-M ARM B11; the PMU as CMSIS pmu_armv8.h). Board addresses
 * (UART0, the NPU and its IRQ) come from the platform's own platform_config.h. Firmware runs in
 * Secure state, as the FVPs and QEMU boot, so peripherals are used through their Secure aliases. */
#ifndef CORSIM_FIRMWARE_PLATFORM_H
#define CORSIM_FIRMWARE_PLATFORM_H

#include <stdint.h>

#include "platform_config.h"

#define REG32(addr) (*(volatile uint32_t *)(addr))

/* CMSDK APB UART registers (Arm CMSDK TRM DDI 0479 "APB UART"); UART0_BASE is the platform's. */
#define UART_DATA(b) REG32((b) + 0x000u)
#define UART_STATE(b) REG32((b) + 0x004u)  /* bit0 TX full, bit1 RX full */
#define UART_CTRL(b) REG32((b) + 0x008u)   /* bit0 TX enable, bit1 RX enable */
#define UART_BAUDDIV(b) REG32((b) + 0x010u)
#define UART_STATE_TX_FULL 0x1u
#define UART_STATE_RX_FULL 0x2u

/* System control space (Armv8-M ARM, B11). */
#define SYST_CSR REG32(0xE000E010u)
#define SYST_RVR REG32(0xE000E014u)
#define SYST_CVR REG32(0xE000E018u)
#define SYST_CALIB REG32(0xE000E01Cu)
#define NVIC_ISER(n) REG32(0xE000E100u + 4u * (n))
#define NVIC_ICER(n) REG32(0xE000E180u + 4u * (n))
#define NVIC_ISPR(n) REG32(0xE000E200u + 4u * (n))
#define NVIC_ICPR(n) REG32(0xE000E280u + 4u * (n))
#define NVIC_IABR(n) REG32(0xE000E300u + 4u * (n))
#define NVIC_IPR_BYTE(n) (*(volatile uint8_t *)(0xE000E400u + (n)))
#define SCB_CPUID REG32(0xE000ED00u)
#define SCB_ICSR REG32(0xE000ED04u)
#define SCB_VTOR REG32(0xE000ED08u)
#define SCB_AIRCR REG32(0xE000ED0Cu)
#define SCB_SCR REG32(0xE000ED10u)
#define SCB_CCR REG32(0xE000ED14u)
#define SCB_SHPR1 REG32(0xE000ED18u)
#define SCB_SHPR2 REG32(0xE000ED1Cu)
#define SCB_SHPR3 REG32(0xE000ED20u)
#define SCB_SHCSR REG32(0xE000ED24u)
#define SCB_CFSR REG32(0xE000ED28u)
#define SCB_HFSR REG32(0xE000ED2Cu)
#define SCB_MMFAR REG32(0xE000ED34u)
#define SCB_BFAR REG32(0xE000ED38u)
#define SCB_CPACR REG32(0xE000ED88u)

#define ICSR_PENDSVSET (1u << 28)
#define ICSR_PENDSVCLR (1u << 27)
#define ICSR_PENDSTSET (1u << 26)
#define ICSR_PENDSTCLR (1u << 25)
#define CCR_UNALIGN_TRP (1u << 3)
#define CCR_DIV_0_TRP (1u << 4)
#define SHCSR_MEMFAULTENA (1u << 16)
#define SHCSR_BUSFAULTENA (1u << 17)
#define SHCSR_USGFAULTENA (1u << 18)
#define CFSR_UNDEFINSTR (1u << 16)
#define CFSR_UNALIGNED (1u << 24)
#define CFSR_DIVBYZERO (1u << 25)
#define HFSR_FORCED (1u << 30)

/* Platform services implemented in this library. */
void platform_uart_init(void);
void platform_uart_putc(char c);
int platform_uart_getc(void); /* -1 when nothing is waiting */
void platform_uart_puts(const char *s);

/* L1 caches (cache.c): invalidate and enable both; clean+invalidate the data cache (a no-op while
 * it is off). */
void platform_enable_caches(void);
void platform_dcache_clean_invalidate(void);

/* Arm semihosting (BKPT 0xAB). */
uintptr_t platform_semihosting(uint32_t op, uintptr_t arg);
void platform_semihosting_exit(int code) __attribute__((noreturn));

/* The IPSR exception number of the running handler (0 in Thread mode). */
static inline uint32_t platform_ipsr(void) {
  uint32_t v;
  __asm__ volatile("mrs %0, ipsr" : "=r"(v));
  return v;
}

#endif
