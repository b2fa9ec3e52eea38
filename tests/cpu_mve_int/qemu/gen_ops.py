#!/usr/bin/env python3
"""Writes mve_int_diff_ops.h: the instruction forms of the MVE integer differential test
(mve_int_diff_main.c), one X(name, kind, "asm", "asm in a VPST block") entry per form. kind tells the program how to fill
Q2 (the second vector operand) and r0 (the scalar): K_ANY random lanes, K_SHIFT small signed shift
counts. Run: python3 gen_ops.py > mve_int_diff_ops.h (the output is committed).

The saturating narrowing shifts are written as .inst.w words (GNU as 2.40 assembles VQSHRN* as
VQRSHRN*); the words follow the encoding diagrams: 111U 1110 1 D 0 imm5 Qd T 1111 o 1 M 0 Qm r."""
import random

rnd = random.Random(20261122)
forms = []


def add(name, asm, kind="K_ANY"):
    forms.append((name, kind, asm))


SIZES = (8, 16, 32)
for s in SIZES:
    for op in ("vadd", "vsub", "vmul"):
        add(f"{op}_i{s}", f"{op}.i{s} q0, q1, q2")
        add(f"{op}_i{s}_r", f"{op}.i{s} q0, q1, r0")
    for t in "su":
        for op in ("vmulh", "vrmulh", "vmax", "vmin", "vabd", "vhadd", "vhsub", "vrhadd", "vqadd", "vqsub"):
            add(f"{op}_{t}{s}", f"{op}.{t}{s} q0, q1, q2")
        for op in ("vhadd", "vhsub", "vqadd", "vqsub", "vmla", "vmlas"):
            add(f"{op}_{t}{s}_r", f"{op}.{t}{s} q0, q1, r0")
        for op in ("vshl", "vrshl", "vqshl", "vqrshl"):
            add(f"{op}_{t}{s}", f"{op}.{t}{s} q0, q1, q2", "K_SHIFT")
            add(f"{op}_{t}{s}_r", f"{op}.{t}{s} q3, r0", "K_SHIFT")
        add(f"vmullb_{t}{s}", f"vmullb.{t}{s} q0, q1, q2")
        add(f"vmullt_{t}{s}", f"vmullt.{t}{s} q0, q1, q2")
    for op in ("vqdmulh", "vqrdmulh"):
        add(f"{op}_s{s}", f"{op}.s{s} q0, q1, q2")
        add(f"{op}_s{s}_r", f"{op}.s{s} q0, q1, r0")
    for op in ("vqdmlah", "vqrdmlah", "vqdmlash", "vqrdmlash"):
        add(f"{op}_s{s}", f"{op}.s{s} q0, q1, r0")
    for op in ("vqdmladh", "vqdmladhx", "vqrdmladh", "vqrdmladhx", "vqdmlsdh", "vqdmlsdhx", "vqrdmlsdh", "vqrdmlsdhx"):
        add(f"{op}_s{s}", f"{op}.s{s} q0, q1, q2")
    for op in ("vcls", "vabs", "vneg", "vqabs", "vqneg", "vmaxa", "vmina"):
        add(f"{op}_s{s}", f"{op}.s{s} q0, q1")
    add(f"vclz_i{s}", f"vclz.i{s} q0, q1")
    # shifts by immediate
    for k in sorted({0, 1, s // 2 + 1, s - 1}):
        add(f"vshl_i{s}_{k}", f"vshl.i{s} q0, q1, #{k}")
        add(f"vqshl_s{s}_{k}", f"vqshl.s{s} q0, q1, #{k}")
        add(f"vqshl_u{s}_{k}", f"vqshl.u{s} q0, q1, #{k}")
        add(f"vqshlu_s{s}_{k}", f"vqshlu.s{s} q0, q1, #{k}")
        add(f"vsli_{s}_{k}", f"vsli.{s} q0, q1, #{k}")
    for k in sorted({1, 2, s // 2 + 1, s - 1, s}):
        for t in "su":
            add(f"vshr_{t}{s}_{k}", f"vshr.{t}{s} q0, q1, #{k}")
            add(f"vrshr_{t}{s}_{k}", f"vrshr.{t}{s} q0, q1, #{k}")
        add(f"vsri_{s}_{k}", f"vsri.{s} q0, q1, #{k}")
# two-operand logic, reverses, moves
for op in ("vand", "vbic", "vorr", "vorn", "veor"):
    add(op, f"{op} q0, q1, q2")
add("vmov_q", "vmov q0, q1")
add("vmvn_q", "vmvn q0, q1")
add("vrev16_8", "vrev16.8 q0, q1")
for s in (8, 16):
    add(f"vrev32_{s}", f"vrev32.{s} q0, q1")
for s in SIZES:
    add(f"vrev64_{s}", f"vrev64.{s} q0, q1")
# immediates (every cmode/op class)
imms = [("vmov.i32", "#0x000000ab"), ("vmov.i32", "#0x0000ab00"), ("vmov.i32", "#0x00ab0000"), ("vmov.i32", "#0xab000000"),
        ("vmvn.i32", "#0x000000cd"), ("vmvn.i32", "#0xcd000000"), ("vorr.i32", "#0x00120000"), ("vbic.i32", "#0x0000ff00"),
        ("vmov.i16", "#0x0081"), ("vmov.i16", "#0x8100"), ("vmvn.i16", "#0x0042"), ("vorr.i16", "#0x0012"),
        ("vbic.i16", "#0xf000"), ("vmov.i32", "#0x0012ffff"), ("vmov.i32", "#0x000012ff"), ("vmvn.i32", "#0x0034ffff"),
        ("vmvn.i32", "#0x000034ff"), ("vmov.i8", "#0x5a"), ("vmov.i64", "#0xff00ff0000ffff00"), ("vmov.f32", "#-3.625"),
        ("vmov.f32", "#0.125")]
for i, (op, imm) in enumerate(imms):
    add(f"vimm_{i}", f"{op} q0, {imm}")
for k in (1, 5, 31, 32):
    add(f"vshlc_{k}", f"vshlc q0, r0, #{k}")
# polynomial and doubling long multiplies
for t in "bt":
    for s in (8, 16):
        add(f"vmull{t}_p{s}", f"vmull{t}.p{s} q0, q1, q2")
    for s in (16, 32):
        add(f"vqdmull{t}_s{s}", f"vqdmull{t}.s{s} q0, q1, q2")
        add(f"vqdmull{t}_s{s}_r", f"vqdmull{t}.s{s} q0, q1, r0")
    for u in "su":
        for s in (8, 16):
            for k in sorted({1, s // 2, s - 1, s}):
                add(f"vshll{t}_{u}{s}_{k}", f"vshll{t}.{u}{s} q0, q1, #{k}")
            add(f"vmovl{t}_{u}{s}", f"vmovl{t}.{u}{s} q0, q1")
        add(f"vqmovn{t}_{u}16", f"vqmovn{t}.{u}16 q0, q1")
        add(f"vqmovn{t}_{u}32", f"vqmovn{t}.{u}32 q0, q1")
    add(f"vmovn{t}_i16", f"vmovn{t}.i16 q0, q1")
    add(f"vmovn{t}_i32", f"vmovn{t}.i32 q0, q1")
    add(f"vqmovun{t}_s16", f"vqmovun{t}.s16 q0, q1")
    add(f"vqmovun{t}_s32", f"vqmovun{t}.s32 q0, q1")


def narrow(U, top, o, r, out_bits, k, qd=0, qm=1):
    if out_bits == 8:
        imm5 = 0b01000 | (8 - k)
    else:
        imm5 = 0b10000 | ((16 - k) & 0xF)
    return ((0b111 << 29) | (U << 28) | (0b1110 << 24) | (1 << 23) | (imm5 << 16) | (qd << 13) | (top << 12) |
            (0b1111 << 8) | (o << 7) | (1 << 6) | (qm << 1) | r)


NARROW = {  # name: (U, o, r)
    "vshrn": (0, 1, 1), "vrshrn": (1, 1, 1), "vqshrn_s": (0, 0, 0), "vqshrn_u": (1, 0, 0),
    "vqrshrn_s": (0, 0, 1), "vqrshrn_u": (1, 0, 1), "vqshrun": (0, 1, 0), "vqrshrun": (1, 1, 0)}
for name, (U, o, r) in NARROW.items():
    for top in (0, 1):
        for out in (8, 16):
            for k in sorted({1, out // 2, out - 1, out}):
                add(f"{name}{'bt'[top]}_{out}_{k}", f".inst.w 0x{narrow(U, top, o, r, out, k):08x}")
# aliasing (destination equal to sources)
add("alias_vadd", "vadd.i8 q1, q1, q1")
add("alias_vmullb", "vmullb.s16 q1, q1, q2")
add("alias_vmullt", "vmullt.u8 q2, q1, q2")
add("alias_vqdmladhx", "vqdmladhx.s32 q1, q1, q1")
add("alias_vqrdmlsdh", "vqrdmlsdh.s16 q2, q1, q2")
add("alias_vshl", "vshl.u8 q1, q1, q1", "K_SHIFT")
add("alias_vqdmulh", "vqdmulh.s16 q2, q2, q2")
add("alias_vrev64", "vrev64.8 q1, q1")
add("alias_vmovnt", "vmovnt.i32 q1, q1")
add("alias_vqdmullt", "vqdmullt.s16 q1, q1, q1")
add("alias_vshllt", "vshllt.s16 q1, q1, #3")

print("/* Generated by gen_ops.py: the forms of the MVE integer differential test, X(name, kind, asm). */")
print("#ifndef CORSIM_TESTS_CPU_MVE_INT_DIFF_OPS_H")
print("#define CORSIM_TESTS_CPU_MVE_INT_DIFF_OPS_H")
print("enum { K_ANY, K_SHIFT };")
print("#define CORSIM_MVE_INT_DIFF_OPS(X) \\")


def then_form(asm):
    """The same instruction inside a VPST block: GNU as wants the T suffix after the mnemonic."""
    if asm.startswith(".inst"):
        return asm
    mnem, rest = asm.split(" ", 1)
    base, dot, dt = mnem.partition(".")
    return f"{base}t{dot}{dt} {rest}"


for name, kind, asm in forms:
    print(f'  X({name}, {kind}, "{asm}", "{then_form(asm)}") \\')
print("")
print("#endif")
