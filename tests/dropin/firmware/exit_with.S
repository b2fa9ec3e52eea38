@ Exits through SYS_EXIT_EXTENDED with the status its semihosting command line names (one decimal
@ digit, e.g. --semihosting-cmdline 1): a guest's own exit code for the status-table tests.
@ Semihosting v2.0: SYS_GET_CMDLINE 0x15 {buffer, length}; SYS_EXIT_EXTENDED 0x20 {reason, code}.
#include "../../sim/firmware/vectors.inc"
  .thumb_func
  .global reset
reset:
  ldr r5, =0x30000f00         @ parameter blocks in DTCM
  ldr r1, =0x30000e00         @ command line buffer
  str r1, [r5]
  movs r2, #64
  str r2, [r5, #4]
  movs r0, #0x15              @ SYS_GET_CMDLINE
  mov r1, r5
  bkpt 0xab
  ldr r1, =0x30000e00
  ldrb r2, [r1]
  subs r2, r2, #'0'
  ldr r0, =0x20026            @ ADP_Stopped_ApplicationExit
  str r0, [r5]
  str r2, [r5, #4]
  movs r0, #SYS_EXIT_EXTENDED
  mov r1, r5
  bkpt 0xab
  b .
