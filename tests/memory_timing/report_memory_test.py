#!/usr/bin/env python3
"""End to end: the CPU-only add model (../shared/models/pte/add_cpu.pte) on corsim with the
project's executor runner; the per-operator report must carry real CPU bytes per memory
(docs/memory-timing.md, docs/report-schema.md), and say so only when the CPU ran timed.

Expectations come from the model and the runner's documented layout, not from corsim's output:
aten::add.out on float32 [1] reads two 4-byte inputs and writes one 4-byte output, and the runner
plans those tensors in the method allocator in DDR (docs/e2e.md: "the 16 MiB method allocator in
DDR"); the kernel's code must be fetched from some memory.

usage: report_memory_test.py CORSIM RUNNER_ELF MODELS_DIR
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

CORSIM, RUNNER, MODELS = (os.path.abspath(a) for a in sys.argv[1:4])


def fail(msg):
    print("FAIL:", msg)
    sys.exit(1)


def run(tmp, extra):
    report = os.path.join(tmp, "report.json")
    args = [CORSIM, "--quiet", "--semihosting-root", tmp, "--semihosting-cmdline",
            "executor_runner -m add_cpu.pte", "--report-json", report] + extra + [RUNNER]
    p = subprocess.run(args, cwd=tmp, capture_output=True, text=True, timeout=300)
    print("$", " ".join(args), "->", p.returncode)
    if p.returncode != 0:
        print(p.stdout[-2000:], p.stderr[-2000:])
        fail("corsim failed")
    with open(report) as f:
        return json.load(f)


def cpu_fields(mem):
    return ("cpu_read", "cpu_write", "cpu_fetch", "cpu_bus_read", "cpu_bus_write")


with tempfile.TemporaryDirectory() as tmp:
    shutil.copy(os.path.join(MODELS, "pte", "add_cpu.pte"), tmp)

    r = run(tmp, [])
    if r["memories"] != ["ITCM", "SRAM", "DTCM", "ISRAM", "QSPI", "DDR"]:
        fail(f"memories {r['memories']}")
    if r["cpu_memory_counted"] is not True:
        fail("timed run: cpu_memory_counted is not true")
    ops = [o for o in r["operators"] if o["name"] == "aten::add.out"]
    if len(ops) != 1:
        fail(f"expected one aten::add.out, got {[o['name'] for o in r['operators']]}")
    m = ops[0]["memories"]
    if set(m) != set(r["memories"]):
        fail(f"operator memories {sorted(m)}")
    fetched = sum(v["cpu_fetch"] for v in m.values())
    if fetched <= 0:
        fail("no instruction fetches counted for the kernel")
    for name, v in m.items():
        if v["cpu_fetch"] > v["cpu_read"]:
            fail(f"{name}: fetches exceed reads")
        if v["npu_read"] or v["npu_write"]:
            fail(f"{name}: NPU bytes in a CPU-only model")
    if m["DDR"]["cpu_write"] < 4:
        fail(f"the 4-byte output was not written to DDR: {m['DDR']}")
    if m["DDR"]["cpu_read"] < 8:
        fail(f"the two 4-byte inputs were not read from DDR: {m['DDR']}")
    # The runner enables the L1 caches (CCR.IC/DC) and DDR is cacheable: over the whole run, DDR
    # data moves over the bus only as 32-byte line fills and write-backs.
    bus_r = sum(o["memories"]["DDR"]["cpu_bus_read"] for o in r["operators"])
    bus_w = sum(o["memories"]["DDR"]["cpu_bus_write"] for o in r["operators"])
    if bus_r % 32 or bus_w % 32:
        fail(f"DDR bus traffic is not whole cache lines: read {bus_r}, write {bus_w}")

    off = run(tmp, ["--timing", "off"])
    if off["cpu_memory_counted"] is not False:
        fail("untimed run: cpu_memory_counted is not false")
    for o in off["operators"]:
        for name, v in o["memories"].items():
            if any(v[k] for k in cpu_fields(v)):
                fail(f"untimed run counted CPU bytes in {name}: {v}")
print("PASS")
