/* corsim's CoreMark port layer (scripts/coremark.sh; docs/timing.md "CoreMark"). Our own code: the
 * names below are the interface CoreMark's sources (coremark.h, core_main.c, which the user
 * supplies) expect of a port. Timing: DWT CYCCNT (Armv8-M ARM, DWT chapter), so one tick is one
 * core cycle; output through newlib's printf to corsim's UART0 (firmware/platform/common). */
#ifndef CORSIM_COREMARK_PORTME_H
#define CORSIM_COREMARK_PORTME_H

#include <stddef.h>
#include <stdint.h>

#define HAS_FLOAT 0
#define HAS_TIME_H 0
#define USE_CLOCK 0
#define HAS_STDIO 1
#define HAS_PRINTF 1
#define MAIN_HAS_NOARGC 1
#define MAIN_HAS_NORETURN 0
#define SEED_METHOD SEED_VOLATILE
#define MEM_METHOD MEM_STACK
#define MEM_LOCATION "STACK (DTCM)"
#define MULTITHREAD 1
#define USE_PTHREAD 0
#define USE_FORK 0
#define USE_SOCKET 0

#ifndef COMPILER_VERSION
#define COMPILER_VERSION __VERSION__
#endif
#ifndef COMPILER_FLAGS
#define COMPILER_FLAGS "(see scripts/coremark.sh)"
#endif

typedef int16_t ee_s16;
typedef uint16_t ee_u16;
typedef int32_t ee_s32;
typedef float ee_f32;
typedef uint8_t ee_u8;
typedef uint32_t ee_u32;
typedef uint32_t ee_ptr_int;
typedef size_t ee_size_t;
typedef uint32_t CORE_TICKS;

#define align_mem(x) (void *)(4 + (((ee_ptr_int)(x)-1) & ~3))

typedef struct CORE_PORTABLE_S {
  ee_u8 portable_id;
} core_portable;

void portable_init(core_portable *p, int *argc, char *argv[]);
void portable_fini(core_portable *p);

extern ee_u32 default_num_contexts;

#if !defined(PROFILE_RUN) && !defined(PERFORMANCE_RUN) && !defined(VALIDATION_RUN)
#if (TOTAL_DATA_SIZE == 1200)
#define PROFILE_RUN 1
#elif (TOTAL_DATA_SIZE == 2000)
#define PERFORMANCE_RUN 1
#else
#define VALIDATION_RUN 1
#endif
#endif

#endif
