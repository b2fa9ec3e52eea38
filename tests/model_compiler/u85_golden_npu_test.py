#!/usr/bin/env python3
"""usage: u85_golden_npu_test.py CORSIM_NPU MODEL_PTE DESCRIPTION SHARED_MODELS

A real Vela U85 program wrapped by `corsim-mc wrap` (tools/models/u85_golden) runs on the standalone
NPU runner from its .pte (and the fast-scratch size of its description) (inputs in order, outputs in order: the VelaBinStream IO records the
wrapper wrote); every output equals the golden file published with the program byte for byte.
Missing files fail."""
import json
import os
import subprocess
import sys
import tempfile

NPU, PTE, DESC, SHARED = sys.argv[1:5]
desc = json.load(open(DESC))
src = os.path.join(SHARED, desc["source"])
if not os.path.isfile(PTE):
    sys.exit(f"FAIL: {PTE} was not built")
with tempfile.TemporaryDirectory() as tmp:
    # Region 2, the fast scratch of Dedicated_Sram-style programs, as the README gives its size.
    cmd = [NPU, "--pte", PTE, "--quiet", "--region-size", f"2={desc['fast_scratch_size']}"]
    for t in desc["inputs"]:
        cmd += ["--input", os.path.join(src, t["file"])]
    outs = [os.path.join(tmp, f"out{i}.bin") for i in range(len(desc["outputs"]))]
    for o in outs:
        cmd += ["--output", o]
    print("$", " ".join(cmd))
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
    print(p.stdout, p.stderr)
    if p.returncode != 0:
        sys.exit(f"FAIL: corsim-npu exit status {p.returncode}")
    for i, t in enumerate(desc["outputs"]):
        ref = open(os.path.join(src, t["file"]), "rb").read()
        got = open(outs[i], "rb").read()
        if got != ref:
            sys.exit(f"FAIL: output {i} ({len(got)} bytes) differs from {t['file']} ({len(ref)} bytes)")
        print(f"output {i}: {len(ref)} bytes identical to {t['file']}")
print("PASS")
