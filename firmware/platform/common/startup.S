/* The vector table (every platform; its linker script places section .vectors). Armv8-M ARM B3.30 "Vector tables": word 0 is the initial Main stack
 * pointer, word 1 the reset vector, then the system exceptions 2..15 and the external interrupts
 * from 16 on. Every handler is a weak alias of Default_Handler so a program overrides one by
 * defining a function of the same name (the aliases are in handlers.c).
 * Vectors must be aligned to the table size rounded up to a
 * power of two (B3.30, VTOR.TBLOFF): 16 + 128 entries = 576 bytes, so 1 KiB. */
  .syntax unified
  .thumb

  .equ kNumExternalIrqs, 128

  .macro irq_entry n
  .word IRQ\n\()_Handler
  .endm

  .section .vectors, "a", %progbits
  .align 10
  .global __vectors
  .type __vectors, %object
__vectors:
  .word __stack_top
  .word Reset_Handler
  .word NMI_Handler
  .word HardFault_Handler
  .word MemManage_Handler
  .word BusFault_Handler
  .word UsageFault_Handler
  .word SecureFault_Handler
  .word 0
  .word 0
  .word 0
  .word SVC_Handler
  .word DebugMon_Handler
  .word 0
  .word PendSV_Handler
  .word SysTick_Handler
  .altmacro
  .set irq, 0
  .rept kNumExternalIrqs
  irq_entry %irq
  .set irq, irq + 1
  .endr
  .size __vectors, . - __vectors

