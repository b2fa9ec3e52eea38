/* Unaligned access (Armv8-M ARM A3.x "Alignment support"): LDR/STR, LDRH/STRH, LDRSH and their
 * register-offset forms work at any address on normal memory while CCR.UNALIGN_TRP is clear;
 * LDRD/STRD, LDM/STM and the exclusives always need alignment and raise UsageFault UNALIGNED
 * (escalated to HardFault here); with UNALIGN_TRP set, an unaligned LDR faults too. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "platform.h"

static uint8_t g_buf[64] __attribute__((aligned(8)));

static volatile uint32_t g_faults, g_cfsr;

void fault_c(uint32_t *frame) {
  ++g_faults;
  g_cfsr = SCB_CFSR;
  SCB_CFSR = g_cfsr;
  SCB_HFSR = SCB_HFSR;
  const uint16_t *pc = (const uint16_t *)frame[6];
  frame[6] += ((pc[0] >> 11) >= 0x1Du) ? 4u : 2u;
}

__attribute__((naked)) void HardFault_Handler(void) {
  __asm__ volatile(
      "tst lr, #4\n\t"
      "ite eq\n\t"
      "mrseq r0, msp\n\t"
      "mrsne r0, psp\n\t"
      "push {r4, lr}\n\t"
      "bl fault_c\n\t"
      "pop {r4, pc}\n\t");
}

static uint32_t ldr_at(const uint8_t *p) {
  uint32_t v;
  __asm__ volatile("ldr %0, [%1]" : "=r"(v) : "r"(p) : "memory");
  return v;
}
static uint32_t ldrh_at(const uint8_t *p) {
  uint32_t v;
  __asm__ volatile("ldrh %0, [%1]" : "=r"(v) : "r"(p) : "memory");
  return v;
}
static int32_t ldrsh_reg(const uint8_t *p, uint32_t off) {
  int32_t v;
  __asm__ volatile("ldrsh %0, [%1, %2]" : "=r"(v) : "r"(p), "r"(off) : "memory");
  return v;
}
static void str_at(uint8_t *p, uint32_t v) { __asm__ volatile("str %1, [%0]" ::"r"(p), "r"(v) : "memory"); }
static void strh_at(uint8_t *p, uint32_t v) { __asm__ volatile("strh %1, [%0]" ::"r"(p), "r"(v) : "memory"); }

static uint32_t le32(const uint8_t *p) { return p[0] | p[1] << 8 | p[2] << 16 | (uint32_t)p[3] << 24; }

int main(void) {
  check_begin("unaligned");
  for (unsigned i = 0; i < sizeof g_buf; ++i) g_buf[i] = (uint8_t)(i * 17u + 3u);

  unsigned bad = 0;
  for (unsigned off = 0; off < 8; ++off) {
    bad += ldr_at(g_buf + off) != le32(g_buf + off);
    bad += ldrh_at(g_buf + off) != (uint32_t)(g_buf[off] | g_buf[off + 1] << 8);
    int16_t h = (int16_t)(g_buf[off + 8] | g_buf[off + 9] << 8);
    bad += ldrsh_reg(g_buf + off, 8) != h;
  }
  CHECK_EQ(bad, 0);

  str_at(g_buf + 33, 0xA1B2C3D4u);
  CHECK_EQ(g_buf[33], 0xD4);
  CHECK_EQ(g_buf[34], 0xC3);
  CHECK_EQ(g_buf[35], 0xB2);
  CHECK_EQ(g_buf[36], 0xA1);
  strh_at(g_buf + 41, 0x5A6Bu);
  CHECK_EQ(g_buf[41], 0x6B);
  CHECK_EQ(g_buf[42], 0x5A);
  CHECK_EQ(g_faults, 0);

  /* Compiler-generated unaligned accesses: a packed struct and memcpy of odd sizes. */
  struct __attribute__((packed)) Packed {
    uint8_t tag;
    uint32_t word;
    uint16_t half;
    uint64_t dword;
  };
  static struct Packed packed;
  struct Packed *pp = (struct Packed *)(void *)OPAQUE((uint32_t)(uintptr_t)&packed);
  pp->tag = 1;
  pp->word = 0xDEADBEEFu;
  pp->half = 0xCAFEu;
  pp->dword = 0x0123456789ABCDEFull;
  uint8_t raw[sizeof packed];
  memcpy(raw, &packed, sizeof raw);
  CHECK_EQ(le32(raw + 1), 0xDEADBEEFu);
  CHECK_EQ(raw[5] | raw[6] << 8, 0xCAFEu);
  CHECK_EQ(le32(raw + 7), 0x89ABCDEFu);
  CHECK_EQ(pp->word + pp->half, 0xDEADBEEFu + 0xCAFEu);
  CHECK_EQ(g_faults, 0);

  /* LDRD at a word-unaligned address always faults (UNALIGNED, escalated). */
  uint32_t lo = 0, hi = 0;
  __asm__ volatile("ldrd %0, %1, [%2]" : "=&r"(lo), "=&r"(hi) : "r"(g_buf + 2) : "memory");
  CHECK_EQ(g_faults, 1);
  CHECK_EQ(g_cfsr, CFSR_UNALIGNED);
  /* LDM likewise. */
  __asm__ volatile("ldm %0, {r2, r3}" ::"r"(g_buf + 1) : "r2", "r3", "memory");
  CHECK_EQ(g_faults, 2);
  CHECK_EQ(g_cfsr, CFSR_UNALIGNED);
  /* LDRD at a word-aligned (not doubleword-aligned) address is fine. */
  __asm__ volatile("ldrd %0, %1, [%2]" : "=&r"(lo), "=&r"(hi) : "r"(g_buf + 4) : "memory");
  CHECK_EQ(g_faults, 2);
  CHECK_EQ(lo, le32(g_buf + 4));
  CHECK_EQ(hi, le32(g_buf + 8));

  /* CCR.UNALIGN_TRP: now a plain unaligned LDR/LDRH faults; aligned ones still work. */
  SCB_CCR |= CCR_UNALIGN_TRP;
  __asm__ volatile("dsb\n\tisb" ::: "memory");
  (void)ldr_at(g_buf + 2);
  CHECK_EQ(g_faults, 3);
  CHECK_EQ(g_cfsr, CFSR_UNALIGNED);
  (void)ldrh_at(g_buf + 3);
  CHECK_EQ(g_faults, 4);
  CHECK_EQ(ldr_at(g_buf + 4), le32(g_buf + 4));
  CHECK_EQ(ldrh_at(g_buf + 6), (uint32_t)(g_buf[6] | g_buf[7] << 8));
  CHECK_EQ(g_faults, 4);
  SCB_CCR &= ~CCR_UNALIGN_TRP;
  __asm__ volatile("dsb\n\tisb" ::: "memory");

  printf("unaligned faults taken: %lu\n", (unsigned long)g_faults);
  return check_done();
}
