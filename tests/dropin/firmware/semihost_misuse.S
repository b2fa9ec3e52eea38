@ Misuses semihosting, then exits with status 0: SYS_CLOSE (0x02) of handle 99, never opened;
@ SYS_READ (0x06) of 0xFFFF_FFFF bytes into a buffer at 0xF000_0000 on the same handle; SYS_OPEN
@ (0x01) of "../outside" (a path outside the semihosting root). Each call must get -1 (semihosting
@ v2.0), corsim one warning each and exit status 8, and the host must not try to allocate 4 GiB.
#include "../../sim/firmware/vectors.inc"
  .thumb_func
  .global reset
reset:
  ldr r5, =0x30000f00
  movs r2, #99
  str r2, [r5]
  movs r0, #0x02              @ SYS_CLOSE {handle}
  mov r1, r5
  bkpt 0xab
  mov r7, r0                  @ -1 expected
  ldr r2, =0xF0000000
  str r2, [r5, #4]
  ldr r2, =0xFFFFFFFF
  str r2, [r5, #8]
  movs r0, #0x06              @ SYS_READ {handle, buffer, length}
  mov r1, r5
  bkpt 0xab
  ands r7, r7, r0
  adr r2, outside
  str r2, [r5]
  movs r2, #0
  str r2, [r5, #4]            @ mode "r"
  movs r2, #10
  str r2, [r5, #8]            @ length of "../outside"
  movs r0, #0x01              @ SYS_OPEN {name, mode, length}
  mov r1, r5
  bkpt 0xab
  ands r7, r7, r0             @ all three -1: r7 = 0xFFFFFFFF
  adds r7, r7, #1             @ 0 when all three were refused
  ldr r0, =0x20026
  str r0, [r5]
  str r7, [r5, #4]            @ exit code: 0 only if every call returned -1
  movs r0, #SYS_EXIT_EXTENDED
  mov r1, r5
  bkpt 0xab
  b .
  .align 2
outside:
  .asciz "../outside"
