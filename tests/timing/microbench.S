/* Golden timing microbenchmarks (issue 7 item 6): bare-metal Armv8.1-M code for Corstone-300,
 * linked at the ITCM's Secure alias (0x1000_0000, where the core boots). Each benchmark is a
 * function bench_<name>(r0 = n) that runs n iterations of its body; `measure` times n = 64 and
 * n = 128 (after a warm-up run) with DWT CYCCNT and stores the difference, i.e. the cycles of 64 iterations in steady
 * state (call overhead, CYCCNT reads and warm-up cancel), at RESULTS + 4 * index. The guest then
 * exits through semihosting. tests/timing/timing_golden_test.cpp holds the expected values and
 * their sources; docs/timing.md "Golden tests". Data live in DTCM (0x3000_4000) unless a benchmark
 * says otherwise. */
    .syntax unified
    .thumb

    .equ RESULTS, 0x30008000
    .equ DATA, 0x30004000
    .equ DDR_DATA, 0x70100000
    .equ DWT_CYCCNT, 0xE0001004

    .section .vectors, "a"
    .word 0x30010000            /* initial SP: top of the first 64 KiB of DTCM */
    .word reset

    .text
    .thumb_func
    .global reset
reset:
    ldr r0, =0xE000ED88         /* CPACR: CP10/CP11 full access (FP and MVE) */
    ldr r1, [r0]
    orr r1, r1, #(0xF << 20)
    str r1, [r0]
    ldr r0, =0xE000EDFC         /* DEMCR.TRCENA */
    ldr r1, [r0]
    orr r1, r1, #(1 << 24)
    str r1, [r0]
    ldr r0, =0xE0001000         /* DWT_CTRL.CYCCNTENA */
    ldr r1, [r0]
    orr r1, r1, #1
    str r1, [r0]
    dsb
    isb
    ldr r10, =RESULTS
    .irp b, alu_dep, alu_indep, load_use, mac_chain, divide, branch_taken, branch_not_taken, loop_subs_bne, loop_le, ldr_ddr_uncached
    ldr r0, =bench_\b
    bl measure
    .endr
    ldr r0, =0xE000ED14         /* CCR.DC: enable the D-cache for the cached benchmarks */
    ldr r1, [r0]
    orr r1, r1, #(1 << 16)
    str r1, [r0]
    dsb
    isb
    .irp b, ldr_ddr_hit, ldr_ddr_miss, mve_ld_int_mul_st, mve_ld_ld_int_st, mve_same_pipe
    ldr r0, =bench_\b
    bl measure
    .endr
    .irp b, ldrb_use, pointer_chase, loop_t16_bne, mve_vldr_scalar, mispredict_flags_late, mispredict_flags_in_time, btb_miss_forward_b
    ldr r0, =bench_\b
    bl measure
    .endr
    .irp b, loop_le_unaligned, branch_taken_unaligned, itcm_literal_loads, dtcm_store_load_same_bank, dtcm_store_load_other_bank
    ldr r0, =bench_\b
    bl measure
    .endr
    .irp b, triple_before_branch, triple_before_branch_t32, triple_across_branch
    ldr r0, =bench_\b
    bl measure
    .endr
    bl counters
    movs r0, #0x18              /* SYS_EXIT, ADP_Stopped_ApplicationExit */
    ldr r1, =0x20026
    bkpt 0xab
1:  b 1b

/* measure(r0 = benchmark): stores cycles(128) - cycles(64) at [r10], advances r10. A first run
 * warms the caches, the loop cache and the branch predictor; all three runs go through one call
 * site, so the predictor sees the same branches before each timed run. */
    .thumb_func
measure:
    push {r4-r9, lr}
    mov r9, r0
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

/* counters: PMU (CCNTR, STALL, INST_RETIRED), DWT CYCCNT and SysTick over one run of
 * bench_load_use (n = 64); stores at [r10]: INST_RETIRED, STALL, CCNTR, CYCCNT and SysTick deltas. */
    .thumb_func
counters:
    push {r4-r12, lr}
    ldr r0, =0xE000E010         /* SysTick: RVR = max, clear CVR, enable on the processor clock */
    ldr r1, =0x00FFFFFF
    str r1, [r0, #4]
    str r1, [r0, #8]
    movs r1, #5
    str r1, [r0]
    ldr r9, =0xE0003000         /* PMU */
    movs r1, #0x3C              /* EVTYPER0 = STALL */
    str r1, [r9, #0x400]
    movs r1, #0x08              /* EVTYPER1 = INST_RETIRED */
    str r1, [r9, #0x404]
    ldr r1, =0x80000003         /* CNTENSET: CCNTR, counters 0 and 1 */
    ldr r2, =0xE0003C00
    str r1, [r2]
    movs r1, #7                 /* PMU_CTRL: E, reset counters, reset CCNTR */
    ldr r2, =0xE0003E04
    str r1, [r2]
    ldr r12, =0xE000E018        /* SYST_CVR */
    ldr r11, =DWT_CYCCNT
    dsb
    isb
    ldr r4, [r12]
    ldr r5, [r11]
    ldr r6, [r9, #0x7C]         /* CCNTR */
    ldr r7, [r9, #0]            /* EVCNTR0: STALL */
    ldr r8, [r9, #4]            /* EVCNTR1: INST_RETIRED (counts from this instruction) */
    movs r0, #64
    bl bench_load_use
    ldr r0, [r9, #4]
    ldr r1, [r9, #0]
    ldr r2, [r9, #0x7C]
    ldr r3, [r11]
    ldr lr, [r12]
    sub r0, r0, r8
    str r0, [r10], #4
    sub r1, r1, r7
    str r1, [r10], #4
    sub r2, r2, r6
    str r2, [r10], #4
    sub r3, r3, r5
    str r3, [r10], #4
    sub r0, r4, lr              /* SysTick counts down */
    str r0, [r10], #4
    pop {r4-r12, pc}

/* run_once(r0 = n, r9 = benchmark): cycles the benchmark takes for n iterations. */
    .thumb_func
run_once:
    push {r4-r8, lr}
    ldr r7, =DWT_CYCCNT
    ldr r6, [r7]
    blx r9
    ldr r5, [r7]
    sub r0, r5, r6
    pop {r4-r8, pc}

/* le_bench NAME, BODY, SETUP, START, AFTER: bench_NAME runs BODY r0 times in a low-overhead loop
 * (DLS ... LE). SETUP runs once before the loop; the loop starts on a word boundary, as compilers
 * place loops ([HELIUM-3] "Instruction alignment"), or 2 bytes into a word when START is nop.n;
 * BODY may branch to label 5 (the LE) or 9 (the return); AFTER follows the return (literals).
 * Instructions in an argument are separated by ';'. */
    .macro le_bench name, body, setup="", start="", after=""
    .thumb_func
bench_\name:
    push {r4-r7, lr}
    \setup
    dls lr, r0
    .p2align 2
    \start
1:  \body
5:  le lr, 1b
9:  pop {r4-r7, pc}
    \after
    .endm

/* subs_bne_loop NAME, BODY: bench_NAME runs SUBS r0, BODY, BNE back (r0 passes), word-aligned. */
    .macro subs_bne_loop name, body
    .thumb_func
bench_\name:
    push {r4-r7, lr}
    .p2align 2
1:  subs r0, #1
    \body
    bne 1b
    pop {r4-r7, pc}
    .endm

/* ---- integer ------------------------------------------------------------------------------- */
    le_bench alu_dep, ".rept 8; add.w r1, r1, #1; .endr"     /* 8 dependent 32-bit adds */
    .macro four_adds            /* 4 independent adds */
    add.w r1, r1, #1
    add.w r2, r2, #1
    add.w r3, r3, #1
    add.w r4, r4, #1
    .endm
    le_bench alu_indep, ".rept 2; four_adds; .endr"           /* 8 adds: each depends on the one 4 before */
    le_bench load_use, ".rept 4; ldr.w r1, [r2]; add.w r3, r1, #1; .endr", "ldr r2, =DATA" /* 4 x (load word, use it at once) from DTCM */
    le_bench mac_chain, ".rept 8; mla r1, r2, r3, r1; .endr", "movs r2, #3; movs r3, #5"  /* 8 MLAs chained through the accumulator */
    le_bench divide, "udiv r1, r2, r3; udiv r4, r2, r3; udiv r5, r2, r3; udiv r6, r2, r3", "movs r2, #200; movs r3, #7" /* 4 independent unsigned divides */

    .macro four_forward_b       /* 4 unconditional forward branches, all taken */
    b.w 2f
2:  b.w 3f
3:  b.w 4f
4:  b.w 5f
    .endm
    le_bench branch_taken, four_forward_b
    le_bench branch_not_taken, ".rept 4; cmp.w r1, #0; bne.w 9f; .endr", "movs r1, #0" /* 4 x (compare, conditional branch never taken) */

    .thumb_func
bench_loop_subs_bne:            /* 4 independent adds, loop closed by SUBS + BNE */
    push {r4-r7, lr}
    .p2align 2                  /* loop start word-aligned, as compilers place loops ([HELIUM-3]) */
1:  four_adds
    subs.w r0, r0, #1
    bne.w 1b
    pop {r4-r7, pc}

    le_bench ldrb_use, ".rept 4; ldrb.w r1, [r2]; add.w r3, r1, #1; .endr", "ldr r2, =DATA" /* 4 x (load byte, use it at once) from DTCM (issue 16) */
    /* 4 loads, each through the address the one before loaded (the word holds its own address) */
    le_bench pointer_chase, ".rept 4; ldr.w r2, [r2]; .endr", "ldr r2, =DATA + 0x40; str r2, [r2]"
    subs_bne_loop loop_t16_bne, "add r1, r2"    /* 16-bit SUBS, ADD (no flags), BNE taken ([M33-SI] example) */
    le_bench loop_le, four_adds                 /* the same body as loop_subs_bne closed by LE */

/* ---- branch prediction (M85; session 6 rules) ---------------------------------------------- */
/* A BNE to the next instruction, taken every other iteration (EORS toggles r3): both outcomes run
 * the same instructions, and the per-branch counter, saturating between "weakly" and "strongly
 * taken", predicts taken every time, so every not-taken pass is a mispredict. The two loops differ
 * only in where the flags are set: right before the BNE (the same cycle) or one cycle ahead. */
    le_bench mispredict_flags_late, "add.w r4, r4, #1; eors.w r3, r3, #1; bne.w 5f", "movs r3, #0"
    le_bench mispredict_flags_in_time, "eors.w r3, r3, #1; add.w r4, r4, #1; bne.w 5f", "movs r3, #0"

/* 128 unconditional forward branches, each to the next instruction: 32 of every 128 bytes hold a
 * branch, so more branches share each BTB entry than the loop lets it keep (any BTB of up to 128
 * entries misses them all): every one is a BTB miss, predicted statically. */
    le_bench btb_miss_forward_b, ".rept 128; b.w 2f; 2: ; .endr", "ldr r1, =DATA"

/* ---- M55 TCM ports ([HELIUM-3]: Arm, "Helium optimization topics #3 - Processor specific
 * details": the M55's I-TCM interface is 32 bits wide; a D-TCM read right after a store to the
 * same bank is delayed on the M52/M55; 4 D-TCM banks by address bits 2-3) ------------------------ */
    le_bench loop_le_unaligned, four_adds, , nop.n              /* loop_le 2 bytes into a word */
    le_bench branch_taken_unaligned, four_forward_b, , nop.n    /* every destination 2 bytes into a word */
    /* 4 x (literal load from ITCM, independent add) */
    le_bench itcm_literal_loads, ".rept 4; ldr.w r1, 8f; add.w r2, r2, #1; .endr", , , ".p2align 2; 8: .word 0x12345678"
    /* 4 x (store a word, load one 16 / 4 bytes on) in DTCM: address bits 2-3 equal (the bank the
     * store wrote) / not */
    le_bench dtcm_store_load_same_bank, ".rept 4; str.w r1, [r2]; ldr.w r3, [r2, #16]; .endr", "ldr r2, =DATA + 0x80"
    le_bench dtcm_store_load_other_bank, ".rept 4; str.w r1, [r2]; ldr.w r3, [r2, #4]; .endr", "ldr r2, =DATA + 0x80"

/* ---- M85 triple issue across a predicted taken branch ([M85-SI] "branching": "predicted taken
 * branch can tripple issue with 2 prior instructions or 1 prior and 1 at destination address,
 * provided that there is enough fetch bandwidth (at least 4 ... or 8 ... `.n` instructions prior to
 * branch (including branch opcode))"); loops closed by SUBS + BNE as loop_t16_bne ------------- */
    .macro three_adds_n         /* 3 independent 16-bit ADDs */
    add r1, r2
    add r3, r2
    add r4, r2
    .endm
    subs_bne_loop triple_before_branch, three_adds_n                            /* 5 x .n */
    subs_bne_loop triple_before_branch_t32, "add r1, r2; add r3, r2; add.w r4, r4, r2" /* the run of .n up to the BNE is 1 */
    subs_bne_loop triple_across_branch, "three_adds_n; add r5, r2; add r6, r2; add r7, r2" /* 8 x .n */

/* ---- memory system (memory/timing: caches, TCM, DDR) -------------------------------------- */
    .macro four_ddr_loads       /* 4 independent word loads from one 16-byte span */
    ldr.w r1, [r2]
    ldr.w r3, [r2, #4]
    ldr.w r4, [r2, #8]
    ldr.w r5, [r2, #12]
    .endm
    le_bench ldr_ddr_uncached, four_ddr_loads, "ldr r2, =DDR_DATA"     /* D-cache off */
    le_bench ldr_ddr_hit, four_ddr_loads, "ldr r2, =DDR_DATA"          /* D-cache on: one line, hits after the first */
    le_bench ldr_ddr_miss, "ldr.w r1, [r2], #32", "ldr r2, =DDR_DATA + 0x10000" /* a new 32-byte line each time (D-cache on): a miss */

/* ---- MVE pipes (two-beat model, ARMScheduleM55.td) --------------------------------------- */
    /* 4 x (VLDR, VADD, VMUL, VSTR): LD/ST, INT, MUL, LD/ST pipes */
    le_bench mve_ld_int_mul_st, ".rept 4; vldrw.u32 q0, [r1]; vadd.i32 q1, q2, q3; vmul.i32 q4, q5, q6; vstrw.32 q7, [r2]; .endr", "ldr r1, =DATA; ldr r2, =DATA + 0x100"
    /* 4 x (VLDR, VLDRB, VADD, VSTR): two loads back to back */
    le_bench mve_ld_ld_int_st, ".rept 4; vldrw.u32 q0, [r1]; vldrb.u32 q1, [r1]; vadd.i32 q2, q3, q4; vstrw.32 q5, [r2]; .endr", "ldr r1, =DATA; ldr r2, =DATA + 0x100"
    .macro vldr_3_adds          /* VLDR, 3 independent adds: vector loads beside scalar code */
    vldrw.u32 q0, [r1]
    add.w r2, r2, #1
    add.w r3, r3, #1
    add.w r4, r4, #1
    .endm
    le_bench mve_vldr_scalar, "vldr_3_adds; vldr_3_adds", "ldr r1, =DATA"
    le_bench mve_same_pipe, ".rept 2; vadd.i32 q0, q4, q5; vadd.i32 q1, q4, q5; vadd.i32 q2, q4, q5; vadd.i32 q3, q4, q5; .endr" /* 8 independent VADDs: one pipe, no overlap */

    .ltorg
