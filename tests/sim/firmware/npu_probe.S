@ Reads the Corstone-320 NPU's ID and CONFIG registers (Secure alias 0x5000_4000, Zephyr
@ mps4_corstone320_fvp.dts; ethosu85_interface.h ID 0x000, CONFIG 0x028) and exits through
@ SYS_EXIT_EXTENDED with status (ID >> 28) << 4 | CONFIG.macs_per_cc: 0x28 for an Ethos-U85-256
@ (arch 2, 2^8 MACs), 0x2A for 1024 MACs. Run with -C cpu.vtor=0x10000000 (its vectors are in ITCM,
@ not BROM).
#include "vectors.inc"
  .thumb_func
  .global reset
reset:
  ldr r1, =0x50004000
  ldr r2, [r1]                @ ID
  ldr r3, [r1, #0x28]         @ CONFIG
  lsrs r2, r2, #28
  lsls r2, r2, #4
  movs r0, #0xF
  ands r3, r0
  orrs r2, r3
  ldr r5, =0x30000f00         @ parameter block {reason, status}
  ldr r0, =0x20026            @ ADP_Stopped_ApplicationExit
  str r0, [r5]
  str r2, [r5, #4]
  movs r0, #SYS_EXIT_EXTENDED
  mov r1, r5
  bkpt 0xab
  b .
