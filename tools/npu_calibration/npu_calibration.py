#!/usr/bin/env python3
"""corsim's NPU timing against measured counts (issue 15; docs/npu.md "Calibration").

usage: npu_calibration.py CORSIM_NPU MODELS_DIR [REFERENCES_JSON] [--check]

Runs corsim-npu on every case of references.json (real Vela streams of networks whose NPU cycles
were measured on hardware or on Arm's FVP) and prints, per case, corsim's cycles and beats, the
reference, their ratio, the goal band and the band asserted today, the cost parts that dominate,
and which case a parameter was fitted on (every other case is a prediction). With --check it exits 1 when a ratio leaves its asserted band (CTest: npu.calibration).
A missing model file is an error, never a skip.
"""
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def run_case(corsim_npu, models, case):
    args = [corsim_npu, "--cmd", os.path.join(models, case["cmd"]), "--system", case["system"],
            "--memory-mode", case["memory_mode"], "--macs", case["npu"].rsplit("-", 1)[1]]
    for region, path in case.get("regions", {}).items():
        full = os.path.join(models, path)
        if not os.path.exists(full):
            raise SystemExit(f"npu_calibration: missing model file {full}")
        args += ["--region", f"{region}={full}"]
    for region, size in case.get("region_sizes", {}).items():
        args += ["--region-size", f"{region}={size}"]
    p = subprocess.run(args, capture_output=True, text=True)
    if p.returncode != 0:
        raise SystemExit(f"npu_calibration: {case['name']}: corsim-npu failed: {p.stderr.strip()}")
    total = [l for l in p.stdout.splitlines() if l.startswith("total:")]
    if not total:
        raise SystemExit(f"npu_calibration: {case['name']}: no total line in corsim-npu's output")
    t = total[0]
    m = re.search(r"MACs, (\d+) cycles", t)
    parts = re.search(r"MAC (\d+) \(active (\d+)\) AO (\d+) WD (\d+); \w+ (\d+) B read (\d+) B written; "
                      r"\w+ (\d+) B read (\d+) B written", t)
    if not m or not parts:
        raise SystemExit(f"npu_calibration: {case['name']}: cannot read {t!r}")
    mac, mac_active, ao, wd, r0, w0, r1, w1 = (int(x) for x in parts.groups())
    # The per-operation table: each operation's cycles by what bounds it (compute, weights, axi0,
    # axi1; the runner names the U85's ports sram/ext in its header, the bound stays axi0/axi1).
    by_bound = {}
    for line in p.stdout.splitlines():
        f = line.split()
        if len(f) > 12 and f[0].isdigit() and f[1].startswith("0x"):
            bound, cycles = f[-3], int(f[-9])
            by_bound[bound] = by_bound.get(bound, 0) + cycles
    beat = 16 if "u85" in case["npu"] else 8
    return {
        "active": int(m.group(1)), "mac": mac, "mac_active": mac_active, "ao": ao, "wd": wd,
        "axi0_read_beats": -(-r0 // beat), "axi0_write_beats": -(-w0 // beat),
        "axi1_read_beats": -(-r1 // beat), "axi1_write_beats": -(-w1 // beat),
        # The U85 PMU's EXT_RD_TRANS_COMPLETED counts read transactions on the EXT port (axi1);
        # corsim's EXT read bytes in transactions of the system config's burst length (128 B on
        # Ambiq's FPGA). Not a goal of the issue: evidence of which port the weights used.
        "ext_read_transactions": -(-r1 // 128),
        "by_bound": by_bound,
    }


def main(argv):
    check = "--check" in argv
    argv = [a for a in argv if a != "--check"]
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    corsim_npu, models = argv[1], argv[2]
    refs = json.load(open(argv[3] if len(argv) > 3 else os.path.join(HERE, "references.json")))
    failures = []
    print(f"{'case':<32} {'quantity':<17} {'corsim':>10} {'reference':>10} {'ratio':>6}  {'goal':<11} {'asserted':<11}")
    for case in refs["cases"]:
        got = run_case(corsim_npu, models, case)
        for key, ref in case["reference"].items():
            mine = got["active" if key == "active" else key]
            ratio = mine / ref
            band = case["band"].get("cycles" if key == "active" else key)
            goal = case["goal"].get("cycles" if key in ("active", "mac_active") else
                                    "transactions" if key.endswith("transactions") else "beats")
            ok = band is None or band[0] <= ratio <= band[1]
            meets_goal = goal is not None and goal[0] <= ratio <= goal[1]
            fmt = lambda b: f"{b[0]:.2f}-{b[1]:.2f}" if b else "-"
            print(f"{case['name']:<32} {key:<17} {mine:>10} {ref:>10} {ratio:>6.3f}  {fmt(goal):<11} {fmt(band):<11}"
                  f"{'' if meets_goal or goal is None else '  (goal not met)'}{'' if ok else '  OUT OF BAND'}")
            if not ok:
                failures.append(f"{case['name']} {key}: ratio {ratio:.3f} outside {band}")
        print(f"{'':<32} parts: MAC {got['mac']} (active {got['mac_active']}), AO {got['ao']}, WD {got['wd']} ({case['kind']}: {case['source'][:60]}...)")
        ops = sum(got["by_bound"].values())
        if ops:
            shares = ", ".join(f"{b} {100 * c / ops:.0f}%" for b, c in sorted(got["by_bound"].items(), key=lambda x: -x[1]))
            print(f"{'':<32} operation cycles by bound (before DMA/kernel overlap): {shares}")
        if "fitted" in case:
            print(f"{'':<32} fitted on this case: {case['fitted']}")
        if "note" in case:
            print(f"{'':<32} note: {case['note']}")
    if check and failures:
        print("\n".join(["FAIL:"] + failures))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
