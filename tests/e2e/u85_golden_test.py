#!/usr/bin/env python3
"""One real Vela Ethos-U85 program with golden outputs through the full system (issue 14).

usage: u85_golden_test.py RUN_FVP BUILD_DIR SHARED_MODELS DESCRIPTION MODEL_PTE

DESCRIPTION (tools/models/u85_golden/<name>.json) names the program's directory under
SHARED_MODELS (u85/<name>: Vela's cmd_stream.bin and weights.bin, inputs, and the TFLite reference
outputs expected_output*.bin published with it, see its README) and its IO at region-1 offsets.
MODEL_PTE is that program wrapped by `corsim-mc wrap` at build time: one EthosUBackend delegate with
int8/uint8 IO. The test runs `run_fvp.sh MODEL_PTE --input ...` exactly as a user would (no
--target: the delegate's COP1 CONFIG word must select Corstone-320 and an Ethos-U85-256), then
compares every byte of every output the runner prints (`Output[i][j]: (char) v`, the console
format of ExecuTorch's arm_executor_runner) with the golden files. Any missing file fails.
"""
import json
import os
import re
import subprocess
import sys

RUN_FVP, BUILD, SHARED, DESC, PTE = sys.argv[1:6]


def fail(msg):
    print("FAIL:", msg)
    sys.exit(1)


desc = json.load(open(DESC))
src = os.path.join(SHARED, desc["source"])
if not os.path.isfile(PTE):
    fail(f"{PTE} was not built (corsim_u85_golden_models; is {SHARED}/u85 there?)")
inputs = [os.path.join(src, t["file"]) for t in desc["inputs"]]
expected = [os.path.join(src, t["file"]) for t in desc["outputs"]]
for f in inputs + expected:
    if not os.path.isfile(f):
        fail(f"missing test data {f}")

cmd = [RUN_FVP, PTE]
for f in inputs:
    cmd += ["--input", f]
env = dict(os.environ, CORSIM_BUILD_DIR=BUILD)
print("$", " ".join(cmd))
p = subprocess.run(cmd, capture_output=True, text=True, timeout=600, env=env)
print(p.stdout[-3000:])
print(p.stderr[-2000:], file=sys.stderr)
if p.returncode != 0:
    fail(f"run_fvp.sh exit status {p.returncode}")
target = desc["target"]
macs = int(target.rsplit("-", 1)[1])
# U85 CONFIG (ethos-u-core-driver ethosu85_interface.h; Vela EthosU85RCSGenerator::ConfigRegister):
# product 2 in [31:28], MACs log2 in [3:0] (256 -> 8), cmd stream version 1.
m = re.search(r"Ethos-U: ID 0x([0-9a-f]{8}), CONFIG 0x([0-9a-f]{8})", p.stdout)
if not m:
    fail("the runner did not report the NPU it found")
config = int(m.group(2), 16)
if config >> 28 != 2 or 1 << (config & 0xF) != macs:
    fail(f"the runner found NPU CONFIG 0x{config:08x}, not an {target}")
if "Program complete, exiting." not in p.stdout:
    fail("no 'Program complete, exiting.'")

got = {}
for line in p.stdout.splitlines():
    o = re.search(r"Output\[(\d+)\]\[(\d+)\]: \(char\) (-?\d+)$", line)
    if o:
        got.setdefault(int(o.group(1)), {})[int(o.group(2))] = int(o.group(3))
if len(got) != len(expected):
    fail(f"the runner printed {len(got)} outputs, the program has {len(expected)}")
for i, path in enumerate(expected):
    ref = [b - 256 if b > 127 else b for b in open(path, "rb").read()]
    values = got.get(i, {})
    if sorted(values) != list(range(len(ref))):
        fail(f"output {i}: the runner printed {len(values)} elements, {os.path.basename(path)} has {len(ref)}")
    out = [values[j] for j in range(len(ref))]
    if out != ref:
        first = next(j for j in range(len(ref)) if out[j] != ref[j])
        fail(f"output {i} differs from {os.path.basename(path)} at byte {first}: {out[first]} vs {ref[first]}")
    print(f"output {i}: {len(ref)} bytes identical to {os.path.basename(path)}")
print("PASS")
