/* corsim's CoreMark port layer: seeds, the cycle timer and start-up checks (see core_portme.h). */
#include "coremark.h"

#include <stdio.h>

#if VALIDATION_RUN
volatile ee_s32 seed1_volatile = 0x3415;
volatile ee_s32 seed2_volatile = 0x3415;
volatile ee_s32 seed3_volatile = 0x66;
#endif
#if PERFORMANCE_RUN
volatile ee_s32 seed1_volatile = 0x0;
volatile ee_s32 seed2_volatile = 0x0;
volatile ee_s32 seed3_volatile = 0x66;
#endif
#if PROFILE_RUN
volatile ee_s32 seed1_volatile = 0x8;
volatile ee_s32 seed2_volatile = 0x8;
volatile ee_s32 seed3_volatile = 0x8;
#endif
volatile ee_s32 seed4_volatile = ITERATIONS;
volatile ee_s32 seed5_volatile = 0;

ee_u32 default_num_contexts = 1;

/* DWT (Armv8-M ARM, B14 "DWT"): DEMCR.TRCENA enables it, DWT_CTRL.CYCCNTENA the cycle counter. */
#define DEMCR (*(volatile uint32_t *)0xE000EDFCu)
#define DWT_CTRL (*(volatile uint32_t *)0xE0001000u)
#define DWT_CYCCNT (*(volatile uint32_t *)0xE0001004u)

/* The simulated core clock does not matter for CoreMark/MHz (iterations per million cycles); the
 * value only scales the "Total time" line, which is kept above CoreMark's 10-second check. */
#define TICKS_PER_SEC 1000000u

static uint32_t start_ticks, stop_ticks;

void start_time(void) { start_ticks = DWT_CYCCNT; }
void stop_time(void) { stop_ticks = DWT_CYCCNT; }
CORE_TICKS get_time(void) { return stop_ticks - start_ticks; }
secs_ret time_in_secs(CORE_TICKS ticks) { return ticks / TICKS_PER_SEC; }

void portable_init(core_portable *p, int *argc, char *argv[]) {
  (void)argc;
  (void)argv;
  if (sizeof(ee_ptr_int) != sizeof(ee_u8 *)) printf("ERROR! ee_ptr_int must hold a pointer\n");
  if (sizeof(ee_u32) != 4) printf("ERROR! ee_u32 must be 32 bits\n");
  DEMCR |= 1u << 24;
  DWT_CYCCNT = 0;
  DWT_CTRL |= 1u;
  p->portable_id = 1;
}

void portable_fini(core_portable *p) { p->portable_id = 0; }
