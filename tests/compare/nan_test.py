#!/usr/bin/env python3
"""corsim-compare on hand-made dumps (tools/compare/corsim-compare, docs/report-schema.md):
a float tensor holding NaN at the same element in both dumps compares equal (status 0); NaN in one
dump only, or a value beyond --tol, is a divergence (status 1) that names the instruction.
usage: nan_test.py CORSIM_COMPARE"""
import json
import math
import os
import struct
import subprocess
import sys
import tempfile


def npy(values):
    header = "{'descr': '<f4', 'fortran_order': False, 'shape': (%d,), }" % len(values)
    header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode() + struct.pack(f"<{len(values)}f", *values)


def dump(folder, values):
    os.makedirs(folder)
    with open(os.path.join(folder, "t.npy"), "wb") as f:
        f.write(npy(values))
    entry = {"file": "t.npy", "instruction": 3, "operator": "aten::add", "when": "end", "arg": 2}
    with open(os.path.join(folder, "index.json"), "w") as f:
        json.dump({"schema": "corsim-tensor-dump/1", "tensors": [entry]}, f)


def run(tool, a, b):
    p = subprocess.run([tool, a, b], capture_output=True, text=True)
    return p.returncode, p.stdout + p.stderr


def main(tool):
    fails = 0
    with tempfile.TemporaryDirectory() as tmp:
        nan = math.nan
        cases = [("same NaN", [1.0, nan, 3.0], [1.0, nan, 3.0], 0),
                 ("NaN in A only", [1.0, nan, 3.0], [1.0, 2.0, 3.0], 1),
                 ("value differs", [1.0, 2.0, 3.0], [1.0, 2.5, 3.0], 1)]
        for n, (name, va, vb, want) in enumerate(cases):
            a, b = os.path.join(tmp, f"a{n}"), os.path.join(tmp, f"b{n}")
            dump(a, va)
            dump(b, vb)
            status, out = run(tool, a, b)
            ok = status == want and (want == 0 or "instruction 3 (aten::add)" in out)
            print(f"{'ok  ' if ok else 'FAIL'} {name}: status {status} (want {want})")
            if not ok:
                print(out)
                fails += 1
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
