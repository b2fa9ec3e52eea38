/* Exclusive access (Armv8-M ARM A3.x "Synchronization and semaphores"): LDREX/STREX in word,
 * halfword and byte sizes; STREX fails (returns 1, memory unchanged) without a matching LDREX,
 * after CLREX, and after an exception entry/return (which clears the local monitor); the
 * load-acquire/store-release forms LDA/STL/LDAEX/STLEX; and C11 atomics built on them. */
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>

#include "check.h"
#include "platform.h"

static volatile uint32_t g_word = 100;
static volatile uint16_t g_half = 0x1234;
static volatile uint8_t g_byte = 0x56;

static uint32_t ldrex(volatile uint32_t *p) {
  uint32_t v;
  __asm__ volatile("ldrex %0, [%1]" : "=r"(v) : "r"(p) : "memory");
  return v;
}
static uint32_t strex(volatile uint32_t *p, uint32_t v) {
  uint32_t failed;
  __asm__ volatile("strex %0, %2, [%1]" : "=&r"(failed) : "r"(p), "r"(v) : "memory");
  return failed;
}
static void clrex(void) { __asm__ volatile("clrex" ::: "memory"); }

void PendSV_Handler(void) {}

int main(void) {
  check_begin("exclusive");

  /* Plain pair. */
  uint32_t v = ldrex(&g_word);
  CHECK_EQ(v, 100);
  CHECK_EQ(strex(&g_word, v + 1), 0);
  CHECK_EQ(g_word, 101);

  /* No reservation: a second STREX fails and does not write. */
  CHECK_EQ(strex(&g_word, 999), 1);
  CHECK_EQ(g_word, 101);

  /* CLREX drops the reservation. */
  v = ldrex(&g_word);
  clrex();
  CHECK_EQ(strex(&g_word, 555), 1);
  CHECK_EQ(g_word, 101);

  /* An exception between LDREX and STREX clears the local monitor. */
  v = ldrex(&g_word);
  SCB_ICSR = ICSR_PENDSVSET;
  __asm__ volatile("dsb\n\tisb" ::: "memory");
  CHECK_EQ(strex(&g_word, 777), 1);
  CHECK_EQ(g_word, 101);

  /* Halfword and byte. */
  uint32_t h, b, fail;
  __asm__ volatile("ldrexh %0, [%1]" : "=r"(h) : "r"(&g_half) : "memory");
  __asm__ volatile("strexh %0, %2, [%1]" : "=&r"(fail) : "r"(&g_half), "r"(h + 1) : "memory");
  CHECK_EQ(h, 0x1234);
  CHECK_EQ(fail, 0);
  CHECK_EQ(g_half, 0x1235);
  __asm__ volatile("ldrexb %0, [%1]" : "=r"(b) : "r"(&g_byte) : "memory");
  __asm__ volatile("strexb %0, %2, [%1]" : "=&r"(fail) : "r"(&g_byte), "r"(b ^ 0xFF) : "memory");
  CHECK_EQ(b, 0x56);
  CHECK_EQ(fail, 0);
  CHECK_EQ(g_byte, 0xA9);

  /* Acquire/release (Armv8-M). */
  uint32_t a;
  __asm__ volatile("lda %0, [%1]" : "=r"(a) : "r"(&g_word) : "memory");
  CHECK_EQ(a, 101);
  __asm__ volatile("stl %1, [%0]" ::"r"(&g_word), "r"(202u) : "memory");
  CHECK_EQ(g_word, 202);
  __asm__ volatile("ldaex %0, [%1]" : "=r"(a) : "r"(&g_word) : "memory");
  __asm__ volatile("stlex %0, %2, [%1]" : "=&r"(fail) : "r"(&g_word), "r"(a * 2) : "memory");
  CHECK_EQ(fail, 0);
  CHECK_EQ(g_word, 404);
  uint32_t hb;
  __asm__ volatile("ldah %0, [%1]" : "=r"(hb) : "r"(&g_half) : "memory");
  CHECK_EQ(hb, 0x1235);
  __asm__ volatile("stlb %1, [%0]" ::"r"(&g_byte), "r"(0x42u) : "memory");
  CHECK_EQ(g_byte, 0x42);

  /* C11 atomics: GCC emits LDREX/STREX (or LDAEX/STLEX) loops with barriers. */
  static _Atomic uint32_t counter = 0;
  for (int i = 0; i < 100; ++i) atomic_fetch_add(&counter, 3);
  CHECK_EQ(atomic_load(&counter), 300);
  uint32_t expected = 300;
  CHECK(atomic_compare_exchange_strong(&counter, &expected, 1));
  CHECK_EQ(atomic_load(&counter), 1);
  expected = 5;
  CHECK(!atomic_compare_exchange_strong(&counter, &expected, 9));
  CHECK_EQ(expected, 1);
  CHECK_EQ(atomic_exchange(&counter, 77), 1);
  CHECK_EQ(atomic_fetch_or(&counter, 0x100), 77);
  CHECK_EQ(atomic_fetch_and(&counter, 0xF0F), 0x14D);
  CHECK_EQ(atomic_load(&counter), 0x10D);
  static _Atomic uint8_t flag8 = 0;
  CHECK_EQ(atomic_fetch_add(&flag8, 200), 0);
  CHECK_EQ(atomic_fetch_add(&flag8, 100), 200);
  CHECK_EQ(atomic_load(&flag8), 44);

  printf("exclusive monitor checks done\n");
  return check_done();
}
