/* MPU memory attributes seen from the guest (docs/memory-timing.md "Memory attributes: the MPU").
 * Bare-metal Armv8.1-M code for Corstone-300 in ITCM (0x1000_0000), stack in DTCM. One loop of 4
 * word loads from one DDR line (0x7010_0000) is timed with DWT CYCCNT, as tests/timing/microbench.S
 * times its benchmarks (64 iterations in steady state: cycles(128) - cycles(64) after a warm-up),
 * five times, storing each result at RESULTS + 4 * index:
 *   0  D-cache on, MPU off: the default map makes DDR write-back: hits
 *   1  MPU on, region 0 = the 64 KiB buffer, MAIR Attr0 = 0x44 (Normal Non-cacheable)
 *   2  the same region with Attr0 = 0x00 (Device-nGnRnE)
 *   3  MPU_CTRL.ENABLE = 0 again: hits again
 *   4  MPU off, CCR.DC = 0: every load uncached
 * then exits through semihosting. tests/memory_timing/mpu_guest_test.cpp holds the expected
 * cycles and their sources. Register layout: Armv8-M ARM (DDI 0553) D1.2. */
    .syntax unified
    .thumb

    .equ RESULTS, 0x30008000
    .equ DDR_DATA, 0x70100000
    .equ DWT_CYCCNT, 0xE0001004
    .equ CCR, 0xE000ED14
    .equ MPU_CTRL, 0xE000ED94
    .equ MPU_RNR, 0xE000ED98
    .equ MPU_RBAR, 0xE000ED9C
    .equ MPU_RLAR, 0xE000EDA0
    .equ MPU_MAIR0, 0xE000EDC0

    .section .vectors, "a"
    .word 0x30010000            /* initial SP: top of the first 64 KiB of DTCM */
    .word reset

    .text
    .thumb_func
    .global reset
reset:
    ldr r0, =0xE000EDFC         /* DEMCR.TRCENA */
    ldr r1, [r0]
    orr r1, r1, #(1 << 24)
    str r1, [r0]
    ldr r0, =0xE0001000         /* DWT_CTRL.CYCCNTENA */
    ldr r1, [r0]
    orr r1, r1, #1
    str r1, [r0]
    ldr r0, =CCR                /* CCR.DC: enable the D-cache */
    ldr r1, [r0]
    orr r1, r1, #(1 << 16)
    str r1, [r0]
    dsb
    isb
    ldr r10, =RESULTS
    bl measure                  /* 0: cached */

    ldr r0, =MPU_MAIR0          /* Attr0 = Normal, outer and inner Non-cacheable */
    movs r1, #0x44
    str r1, [r0]
    ldr r0, =MPU_RNR
    movs r1, #0
    str r1, [r0]
    ldr r0, =MPU_RBAR           /* BASE, SH = 00, AP = 01 (read/write, any privilege), XN = 0 */
    ldr r1, =DDR_DATA | (1 << 1)
    str r1, [r0]
    ldr r0, =MPU_RLAR           /* LIMIT = base + 64 KiB - 32, AttrIndx = 0, EN */
    ldr r1, =(DDR_DATA + 0xFFE0) | 1
    str r1, [r0]
    ldr r0, =MPU_CTRL           /* ENABLE | PRIVDEFENA */
    movs r1, #5
    str r1, [r0]
    dsb
    isb
    bl measure                  /* 1: Non-cacheable */

    ldr r0, =MPU_MAIR0          /* Attr0 = Device-nGnRnE */
    movs r1, #0
    str r1, [r0]
    dsb
    isb
    bl measure                  /* 2: Device */

    ldr r0, =MPU_CTRL
    movs r1, #0
    str r1, [r0]
    dsb
    isb
    bl measure                  /* 3: MPU off: the default map again */

    ldr r0, =CCR
    ldr r1, [r0]
    bic r1, r1, #(1 << 16)
    str r1, [r0]
    dsb
    isb
    bl measure                  /* 4: D-cache off */

    movs r0, #0x18              /* SYS_EXIT, ADP_Stopped_ApplicationExit */
    ldr r1, =0x20026
    bkpt 0xab
1:  b 1b

/* measure: stores cycles(128) - cycles(64) of bench_ddr_loads at [r10], advances r10. A first
 * run warms the caches; all three runs go through one call site. */
    .thumb_func
measure:
    push {r4-r9, lr}
    movs r4, #3                 /* 3: warm-up (64), 2: timed 64, 1: timed 128 */
1:  cmp r4, #1
    ite eq
    moveq r0, #128
    movne r0, #64
    bl run_once
    cmp r4, #2
    it eq
    moveq r8, r0
    subs r4, r4, #1
    bne 1b
    sub r0, r0, r8
    str r0, [r10], #4
    pop {r4-r9, pc}

/* run_once(r0 = n): cycles bench_ddr_loads takes for n iterations. */
    .thumb_func
run_once:
    push {r4-r8, lr}
    ldr r7, =DWT_CYCCNT
    ldr r6, [r7]
    bl bench_ddr_loads
    ldr r5, [r7]
    sub r0, r5, r6
    pop {r4-r8, pc}

/* 4 independent word loads from one DDR line per iteration (microbench.S bench_ldr_ddr_hit). */
    .thumb_func
bench_ddr_loads:
    push {r4-r7, lr}
    ldr r2, =DDR_DATA
    dls lr, r0
1:  ldr.w r1, [r2]
    ldr.w r3, [r2, #4]
    ldr.w r4, [r2, #8]
    ldr.w r5, [r2, #12]
    le lr, 1b
    pop {r4-r7, pc}

    .ltorg
