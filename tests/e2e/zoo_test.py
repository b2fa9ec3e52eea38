#!/usr/bin/env python3
"""End-to-end run of one bundled model (tools/models) on corsim with the project's executor runner.

usage: zoo_test.py CORSIM RUNNER_ELF MODEL_DIR MODEL_JSON

A description whose "target" is ethos-u85-N runs on Corstone-320 (RUNNER_ELF is then the
Corstone-320 runner) with an Ethos-U85-N; any other on Corstone-300 with an Ethos-U55.

The model compiler (corsim-mc) wrote MODEL_DIR/model.pte with its inputs and the host reference's
outputs (expected_output*.bin), computed from the TFLite/TOSA arithmetic independently of the NPU
model and of the runtime's kernels. The runner gets the model and the inputs by semihosting, the
way ExecuTorch's semihosting runner is driven (-m, -i per input, -o outbase), on the NPU
configuration the description names (--target's MAC count). Every output file must equal the host
reference byte for byte, except outputs of a float softmax on the CPU: the guest computes exp()
with newlib, the reference with the host's libm, which may differ in the last place; those are
compared to 2 ulp and the test says so.
"""
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile

CORSIM, RUNNER, MODEL_DIR, DESC = (os.path.abspath(a) for a in sys.argv[1:5])


def fail(msg):
    print("FAIL:", msg)
    sys.exit(1)


def ulp_distance(a, b):
    ia = struct.unpack("<i", struct.pack("<f", a))[0]
    ib = struct.unpack("<i", struct.pack("<f", b))[0]
    # Map the sign-magnitude pattern to a monotonic integer line.
    ia = ia if ia >= 0 else -(ia & 0x7FFFFFFF)
    ib = ib if ib >= 0 else -(ib & 0x7FFFFFFF)
    return abs(ia - ib)


desc = json.load(open(DESC))
target = desc.get("target", f"ethos-u55-{desc.get('macs', 128)}")
macs = int(target.rsplit("-", 1)[1])
u85 = target.startswith("ethos-u85-")
ends_in_softmax = bool(desc.get("layers")) and desc["layers"][-1].get("type") == "softmax"
files = sorted(os.listdir(MODEL_DIR))
inputs = [f for f in files if f.startswith("input") and not f.endswith("_int8.bin")]
expected = [f for f in files if f.startswith("expected_output") and not f.endswith("_int8.bin")]
if not inputs or not expected:
    fail(f"{MODEL_DIR} has no input*.bin or expected_output*.bin (was the model built?)")

with tempfile.TemporaryDirectory() as tmp:
    shutil.copy(os.path.join(MODEL_DIR, "model.pte"), os.path.join(tmp, "m.pte"))
    argv = ["runner", "-m", "m.pte"]
    for i, name in enumerate(inputs):
        shutil.copy(os.path.join(MODEL_DIR, name), os.path.join(tmp, f"in{i}.bin"))
        argv += ["-i", f"in{i}.bin"]
    argv += ["-o", "out"]
    platform = ["--platform", "corstone-320", "-C", f"mps4_board.subsystem.ethosu.num_macs={macs}"] if u85 else \
        ["--platform", "corstone-300", "-C", f"ethosu.num_macs={macs}"]
    cmd = [CORSIM, "-q"] + platform + [
           "--semihosting-root", tmp, "--semihosting-cmdline", " ".join(argv), RUNNER]
    print("$", " ".join(cmd))
    p = subprocess.run(cmd, cwd=tmp, capture_output=True, text=True, timeout=300)
    print(p.stdout[-1500:])
    print(p.stderr[-1500:], file=sys.stderr)
    if p.returncode != 0:
        fail(f"corsim exit status {p.returncode}")
    if u85 and "Ethos-U: ID 0x2000700" not in p.stdout:
        fail("the runner did not find an Ethos-U85")
    for line in p.stdout.splitlines():
        if line.startswith(("E [", "F [")):
            fail(f"the runner printed an error line: {line}")
    for i, name in enumerate(expected):
        out = os.path.join(tmp, f"out-{i}.bin")
        if not os.path.exists(out):
            fail(f"the runner did not write output {i} (out-{i}.bin)")
        got = open(out, "rb").read()
        ref = open(os.path.join(MODEL_DIR, name), "rb").read()
        if len(got) != len(ref):
            fail(f"output {i}: {len(got)} bytes, the host reference has {len(ref)}")
        if got == ref:
            print(f"output {i}: {len(got)} bytes identical to the host reference")
            continue
        if not ends_in_softmax:
            first = next(k for k in range(len(got)) if got[k] != ref[k])
            fail(f"output {i} differs from the host reference from byte {first}")
        g = struct.unpack(f"<{len(got) // 4}f", got)
        r = struct.unpack(f"<{len(ref) // 4}f", ref)
        worst = max(ulp_distance(a, b) for a, b in zip(g, r))
        if worst > 2:
            fail(f"output {i} (softmax) differs from the host reference by {worst} ulp")
        print(f"output {i}: softmax within {worst} ulp of the host reference (newlib vs host exp)")
print("PASS")
