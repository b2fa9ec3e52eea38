@ The CPU is busy (not sleeping) when system timer 0 fires 1000 counter ticks after being
@ programmed: the interrupt must be taken at its cycle, not at the end of the CPU's quantum. The
@ handler samples CNTPCT; the program prints CNTPCT - CVAL (the interrupt latency in cycles).
#define IRQ3_HANDLER irq3_handler
#include "vectors.inc"
  .equ TIMER0, 0x48000000
  .thumb_func
  .global reset
reset:
  bl uart_init
  ldr r3, =0x58100000
  movs r2, #1
  str r2, [r3]                @ system counter on
  ldr r3, =0xE000E100
  movs r2, #(1 << 3)
  str r2, [r3]                @ enable IRQ 3
  ldr r3, =TIMER0
  ldr r2, =1000
  str r2, [r3, #0x28]         @ CNTP_TVAL
  movs r2, #1
  str r2, [r3, #0x2c]         @ enable
  movs r7, #0
busy:
  adds r6, r6, #1
  cmp r7, #0
  beq busy
  subs r1, r7, r5
  bl print_hex
  b uart_eot
  .thumb_func
irq3_handler:
  ldr r3, =TIMER0
  ldr r7, [r3, #0x00]         @ CNTPCT_LO
  ldr r5, [r3, #0x20]         @ CNTP_CVAL_LO
  movs r2, #0
  str r2, [r3, #0x2c]
  bx lr
