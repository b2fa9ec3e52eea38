#!/usr/bin/env python3
"""Tensor dumps (--dump-tensors) and corsim-compare (docs/report-schema.md "Tensor dumps").

usage: tensor_dump_test.py RUN_FVP BUILD_DIR MODEL_DIR MODEL_JSON CORSIM_COMPARE CORSIM_PTE CORSIM_NPU [--reference-only]

MODEL_DIR holds a zoo model compiled by corsim-mc (model.pte, input.bin and the host reference's
expected_output*.bin, computed independently of the NPU model and of the runtime's kernels).

1. A clean run with the model's input: every int8 output of the host reference is the OFM of one
   NPU operation in the dump and an output argument of the delegate, and each float output is an
   instruction's float output (the dequantize), byte for byte, so the dump reads the right bytes both from
   the command stream (including U85 transposed OFMs) and from the runner's tensor markers.
   With --reference-only the test ends here.
2. A second clean run: corsim-compare says equal (status 0).
3. One weight byte of NPU operation K is changed in a copy of the .pte: K and its weight range come
   from the command stream (corsim-npu --disasm: the NPU_SET_WEIGHT_BASE/LENGTH before the K-th
   operation) and the weight block's place in the file from corsim-pte dump; the byte is one that
   the host NPU runner (corsim-npu) decodes without a weight-decoder fault and that changes the
   model's output. corsim-compare of the clean and the corrupted dump must name NPU operation K
   (status 1).
4. Bad input to corsim-compare: one line, status 2.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

RUN_FVP, BUILD, MODEL_DIR, DESC, COMPARE, CORSIM_PTE, CORSIM_NPU = sys.argv[1:8]
REFERENCE_ONLY = sys.argv[8:] == ["--reference-only"]
OPS = ("NPU_OP_CONV", "NPU_OP_DEPTHWISE", "NPU_OP_POOL", "NPU_OP_ELEMENTWISE", "NPU_OP_DMA_START")
VELA_BLOCK_HEADER = 32  # VelaBinStream: each block is a 32-byte header (16-byte name, size, padding), then its data


def fail(msg):
    print("FAIL:", msg)
    sys.exit(1)


def read(path):
    if not os.path.isfile(path):
        fail(f"{path} is missing")
    with open(path, "rb") as f:
        return f.read()


def npy_data(path):
    """The data of a .npy file (format 1.0: magic, version, header length, header padded so the
    data starts at a multiple of 64 bytes)."""
    data = read(path)
    hlen = int.from_bytes(data[8:10], "little")
    if data[:8] != b"\x93NUMPY\x01\x00" or (10 + hlen) % 64 != 0 or data[9 + hlen:10 + hlen] != b"\n":
        fail(f"{path} is not a .npy 1.0 file")
    return data[10 + hlen:]


def target():
    with open(DESC) as f:
        d = json.load(f)
    return d.get("target", f"ethos-u55-{d.get('macs', 128)}")


def run(pte, dump_dir, tmp):
    env = dict(os.environ, CORSIM_BUILD_DIR=BUILD)
    p = subprocess.run([RUN_FVP, "-q", "--target", target(), pte, "--input", os.path.join(MODEL_DIR, "input.bin"),
                        "--dump-tensors", dump_dir], cwd=tmp, env=env, capture_output=True, text=True, timeout=600)
    print(f"$ run_fvp.sh {pte} --dump-tensors {dump_dir} -> {p.returncode}")
    print(p.stderr[-1500:])
    if p.returncode != 0:
        fail(f"run_fvp.sh -> {p.returncode}")
    with open(os.path.join(dump_dir, "index.json")) as f:
        return json.load(f)


def compare(a, b):
    p = subprocess.run([COMPARE, a, b], capture_output=True, text=True, timeout=300)
    print(f"$ corsim-compare {a} {b} -> {p.returncode}\n{p.stdout}{p.stderr}")
    return p


def weight_ranges(pte):
    """(region-0 offset, length) of each NPU operation's weights, in stream order (None: no weights)."""
    p = subprocess.run([CORSIM_NPU, "--pte", pte, "--disasm"], capture_output=True, text=True, timeout=120)
    if p.returncode != 0:
        fail(f"corsim-npu --disasm -> {p.returncode}: {p.stderr}")
    ranges, base, length = [], None, None
    for line in p.stdout.splitlines():
        f = line.split()
        if len(f) < 2:
            continue
        if f[1] == "NPU_SET_WEIGHT_BASE":
            base = int(f[-1], 16)
        elif f[1] == "NPU_SET_WEIGHT_LENGTH":
            length = int(f[-1], 16)
        elif f[1] in OPS:
            ranges.append((base, length) if f[1] != "NPU_OP_DMA_START" and base is not None else None)
            base = length = None
    return ranges


def weight_block_offset(pte):
    """File offset of the delegate's weight_data (NPU region 0) bytes."""
    p = subprocess.run([CORSIM_PTE, "dump", pte], capture_output=True, text=True, timeout=120)
    data = re.search(r"delegate 0: id EthosUBackend processed INLINE index \d+ \(\d+ B at file offset (0x[0-9a-f]+)\)", p.stdout)
    block = re.search(r"block weight_data\s+at \+(0x[0-9a-f]+)", p.stdout)
    if not data or not block:
        fail("corsim-pte dump does not show the delegate's weight_data block")
    return int(data.group(1), 16) + int(block.group(1), 16) + VELA_BLOCK_HEADER


def npu_output(pte, tmp):
    out = os.path.join(tmp, "npu_out.bin")
    p = subprocess.run([CORSIM_NPU, "--pte", pte, "--input", os.path.join(MODEL_DIR, "input_int8.bin"), "--output", out,
                        "--quiet"], capture_output=True, text=True, timeout=120)
    return read(out) if p.returncode == 0 else None


def main():
    pte = os.path.join(MODEL_DIR, "model.pte")
    with tempfile.TemporaryDirectory() as tmp:
        clean, clean2 = os.path.join(tmp, "clean"), os.path.join(tmp, "clean2")
        index = run(pte, clean, tmp)
        if index["error"] is not None:
            fail("dump error: " + index["error"])
        tensors = index["tensors"]
        npu = [t for t in tensors if t["when"] == "npu"]
        if not npu or not any(t["when"] == "end" for t in tensors):
            fail("the dump has no NPU output or no instruction output")
        names = sorted(f for f in os.listdir(MODEL_DIR) if re.fullmatch(r"expected_output\d*_int8\.bin", f))
        if not names:
            fail(f"no expected_output*_int8.bin in {MODEL_DIR}")
        delegate_end = [t for t in tensors if t["when"] == "end" and t["operator"] == "EthosUBackend"]
        float_out = [t for t in tensors if t["when"] == "end" and t["dtype"] == "<f4"]
        for name in names:
            want_int8 = read(os.path.join(MODEL_DIR, name))
            want_float = read(os.path.join(MODEL_DIR, name.replace("_int8", "")))
            if not any(npy_data(os.path.join(clean, t["file"])) == want_int8 for t in npu):
                fail(f"no NPU operation's OFM equals the host reference {name}")
            if not any(npy_data(os.path.join(clean, t["file"])) == want_int8 for t in delegate_end):
                fail(f"no output argument of the delegate equals the host reference {name}")
            if not any(npy_data(os.path.join(clean, t["file"])) == want_float for t in float_out):
                fail(f"no instruction's float output equals the host reference's {name.replace('_int8', '')}")
        if REFERENCE_ONLY:
            print("ok")
            return

        run(pte, clean2, tmp)
        p = compare(clean, clean2)
        if p.returncode != 0 or "equal" not in p.stdout:
            fail("two clean runs do not compare equal")

        ranges = weight_ranges(pte)
        k = max(i for i, r in enumerate(ranges) if r)  # the last operation with weights
        if k == 0:
            fail("the model needs two NPU operations with weights for this test")
        offset, length = ranges[k]
        at = weight_block_offset(pte) + offset
        orig = read(pte)
        reference = npu_output(pte, tmp)
        if reference is None:
            fail("corsim-npu cannot run the clean model")
        bad = os.path.join(tmp, "corrupt.pte")
        for rel in range(0, length, max(1, length // 64)):
            data = bytearray(orig)
            data[at + rel] ^= 0x01
            with open(bad, "wb") as f:
                f.write(data)
            out = npu_output(bad, tmp)
            if out is not None and out != reference:
                print(f"corrupted byte {rel:#x} of NPU operation {k}'s weights (file offset {at + rel:#x})")
                break
        else:
            fail(f"no byte of NPU operation {k}'s weights changes the output without a decoder fault")
        corrupt = os.path.join(tmp, "corrupt")
        run(bad, corrupt, tmp)
        p = compare(clean, corrupt)
        if p.returncode != 1 or f"NPU operation {k} (" not in p.stdout:
            fail(f"corsim-compare did not name NPU operation {k}")

        p = compare(clean, os.path.join(tmp, "missing"))
        if p.returncode != 2 or len(p.stderr.strip().splitlines()) != 1:
            fail("corsim-compare on a missing dump is not one line with status 2")
        print("ok")


main()
