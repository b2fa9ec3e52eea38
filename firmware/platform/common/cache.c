/* Cortex-M55 L1 caches (Armv8-M ARM D1.2 "Cache maintenance operations", the CCR/CCSIDR/CSSELR
 * registers): enable both caches after invalidating them, and clean+invalidate the whole data
 * cache by set/way around NPU jobs. A program opts in; Reset_Handler leaves the caches off. */
#include "platform.h"

#define SCB_CCSIDR REG32(0xE000ED80u)
#define SCB_CSSELR REG32(0xE000ED84u)
#define SCB_ICIALLU REG32(0xE000EF50u)
#define SCB_DCISW REG32(0xE000EF60u)
#define SCB_DCCISW REG32(0xE000EF74u)
#define CCR_DC (1u << 16)
#define CCR_IC (1u << 17)

static inline void barriers(void) { __asm__ volatile("dsb\n\tisb" ::: "memory"); }

/* Writes `op` (DCISW or DCCISW) for every set and way of the L1 data cache. */
static void dcache_by_set_way(volatile uint32_t *op) {
  SCB_CSSELR = 0; /* level 1, data */
  barriers();
  const uint32_t ccsidr = SCB_CCSIDR;
  const uint32_t line_shift = (ccsidr & 7u) + 4u;      /* log2(line bytes) */
  const uint32_t ways = ((ccsidr >> 3) & 0x3FFu) + 1u;
  const uint32_t sets = ((ccsidr >> 13) & 0x7FFFu) + 1u;
  const uint32_t way_shift = ways > 1u ? (uint32_t)__builtin_clz(ways - 1u) : 0u;
  for (uint32_t set = 0; set < sets; ++set)
    for (uint32_t way = 0; way < ways; ++way) *op = (way << way_shift) | (set << line_shift);
  barriers();
}

void platform_enable_caches(void) {
  barriers();
  SCB_ICIALLU = 0;
  dcache_by_set_way(&SCB_DCISW);
  SCB_CCR |= CCR_IC | CCR_DC;
  barriers();
}

void platform_dcache_clean_invalidate(void) {
  if (SCB_CCR & CCR_DC) dcache_by_set_way(&SCB_DCCISW);
}
