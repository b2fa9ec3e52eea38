@ Sleeps in WFI until SSE-300 system timer 0 (IRQ 3) fires 100000 cycles later; the handler
@ prints "T" and stops the timer; then "woke" and EOT.
#define IRQ3_HANDLER irq3_handler
#include "vectors.inc"
  .equ CNTCONTROL, 0x58100000
  .equ TIMER0, 0x48000000
  .equ NVIC_ISER0, 0xE000E100
  .thumb_func
  .global reset
reset:
  bl uart_init
  ldr r3, =CNTCONTROL
  movs r2, #1
  str r2, [r3]                @ CNTCR.EN: system counter on
  ldr r3, =TIMER0
  ldr r2, =100000
  str r2, [r3, #0x28]         @ CNTP_TVAL
  movs r2, #1
  str r2, [r3, #0x2c]         @ CNTP_CTL.ENABLE
  ldr r3, =NVIC_ISER0
  movs r2, #(1 << 3)
  str r2, [r3]                @ enable IRQ 3
  movs r6, #0
wait:
  wfi
  cmp r6, #0
  beq wait
  adr r1, woke
  bl uart_puts
  b uart_eot
  .thumb_func
  .global irq3_handler
irq3_handler:
  ldr r3, =TIMER0
  movs r2, #0
  str r2, [r3, #0x2c]         @ disable: the level interrupt drops
  ldr r3, =UART0
  movs r2, #'T'
  str r2, [r3]
  movs r6, #1
  bx lr
  .align 2
woke:
  .asciz "woke\n"
