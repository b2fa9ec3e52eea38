@ Prints its semihosting command line and exits through SYS_EXIT_EXTENDED with status 7.
#include "vectors.inc"
  .thumb_func
  .global reset
reset:
  ldr r4, =0x30001000         @ buffer
  ldr r5, =0x30000f00         @ parameter block {buffer, length}
  str r4, [r5]
  movs r0, #200
  str r0, [r5, #4]
  movs r0, #0x15              @ SYS_GET_CMDLINE
  mov r1, r5
  bkpt 0xab
  movs r0, #SYS_WRITE0
  mov r1, r4
  bkpt 0xab
  adr r1, newline
  movs r0, #SYS_WRITE0
  bkpt 0xab
  ldr r0, =0x20026            @ ADP_Stopped_ApplicationExit
  str r0, [r5]
  movs r0, #7
  str r0, [r5, #4]
  movs r0, #SYS_EXIT_EXTENDED
  mov r1, r5
  bkpt 0xab
  b .
  .align 2
newline:
  .asciz "\n"
