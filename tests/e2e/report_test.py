#!/usr/bin/env python3
"""The HTML report and the per-layer CSV (docs/report-schema.md "HTML report", "Per-layer CSV").

usage: report_test.py RUN_FVP BUILD_DIR MODELS_DIR CASE ARTIFACT_DIR
  CASE: demo (the bundled runner and demo model, run_fvp.sh with no model) | mnist (the shared
        models folder's mnist_ethos-u55-128.pte)

One run writes --report-json, --report-html and --report-csv. The page is rendered by a real
browser (Debian's chromium, headless): the DOM it builds must hold every operator of the JSON
report with its cycles, cycles summing to the JSON total, every NPU operation, and the bytes per
memory; a screenshot is saved in ARTIFACT_DIR. The CSV must have Vela's per-layer header and its
rows must add up to the JSON's totals. A missing model or browser is a failure.
"""
import csv
import json
import os
import shutil
import subprocess
import sys
import tempfile
from html.parser import HTMLParser

RUN_FVP, BUILD, MODELS, CASE, ARTIFACTS = sys.argv[1:6]

# Vela's per-layer CSV columns (ethos-u-vela npu_performance.py print_performance, with the
# newer "Original Operator" / "(MAC)" names), then corsim's measured columns.
VELA_COLUMNS = ["Original Operator", "NNG Operator", "SRAM Usage", "Peak%", "Op Cycles", "Network%", "NPU",
                "SRAM AC", "DRAM AC", "OnFlash AC", "OffFlash AC", "MAC Count", "Network% (MAC)", "Util% (MAC)",
                "Name"]
MEASURED_COLUMNS = ["Row", "Instruction", "Unit", "Kind", "Begin", "End", "NPU Busy Cycles", "NPU Op", "Bound",
                    "mac", "output", "compute", "weights", "axi0", "axi1", "overhead", "contention",
                    "AXI0 Read Bytes", "AXI0 Write Bytes", "AXI1 Read Bytes", "AXI1 Write Bytes"]


def fail(msg):
    print("FAIL:", msg)
    sys.exit(1)


class Dom(HTMLParser):
    """Collects the elements the checks need from the browser's serialised DOM."""

    def __init__(self):
        super().__init__()
        self.bars, self.npu_rows, self.mem_rows, self.regions, self.objects = [], [], [], [], {}
        self.kinds = {}
        self.ids, self._open = {}, []  # text per element id; the ids of the open elements

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        cls = a.get("class", "").split()
        if tag == "g" and "op-bar" in cls:
            self.bars.append((int(a["data-index"]), a["data-name"], int(a["data-cycles"])))
        if tag == "tr" and "npu-row" in cls:
            self.npu_rows.append(int(a["data-cycles"]))
        if tag == "g" and "npu-kind" in cls:
            self.kinds[a["data-kind"]] = (int(a["data-cycles"]), int(a["data-count"]))
        if tag == "tr" and "object-row" in cls:
            self.objects[a["data-name"]] = (int(a["data-address"]), int(a["data-size"]))
        if tag == "tr" and "region-row" in cls:
            self.regions.append(tuple(int(a[k]) for k in ("data-instruction", "data-region", "data-base", "data-end")))
        if tag == "tr" and "mem-row" in cls:
            self.mem_rows.append((a["data-memory"], int(a["data-bytes"])))
        if tag in ("meta", "br", "img", "input", "link", "hr"):
            return  # void elements have no end tag
        self._open.append(a.get("id"))
        if "id" in a:
            self.ids.setdefault(a["id"], "")

    def handle_endtag(self, tag):
        if self._open:
            self._open.pop()

    def handle_data(self, data):
        for i in self._open:
            if i:
                self.ids[i] += data


def chromium(args, profile):
    exe = shutil.which("chromium")
    if not exe:
        fail("Debian's chromium is not installed (scripts/setup-deps.sh)")
    cmd = [exe, "--headless", "--no-sandbox", "--disable-gpu", f"--user-data-dir={profile}"] + args
    p = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    if p.returncode != 0:
        fail(f"chromium {' '.join(args)} -> {p.returncode}: {p.stderr[-2000:]}")
    return p.stdout


def main():
    if CASE == "demo":
        model_args = []
    elif CASE == "mnist":
        model = os.path.join(MODELS, "pte", "mnist_ethos-u55-128.pte")
        if not os.path.isfile(model):
            fail(f"{model} is missing")
        model_args = [model]
    else:
        fail("unknown case " + CASE)
    with tempfile.TemporaryDirectory() as tmp:
        paths = {k: os.path.join(tmp, f"report.{k}") for k in ("json", "html", "csv")}
        env = dict(os.environ, CORSIM_BUILD_DIR=BUILD)
        p = subprocess.run([RUN_FVP] + model_args + ["--report-json", paths["json"], "--report-html", paths["html"],
                                                     "--report-csv", paths["csv"]],
                           cwd=tmp, env=env, capture_output=True, text=True, timeout=600)
        print(p.stderr[-3000:])
        if p.returncode != 0:
            fail(f"run_fvp.sh -> {p.returncode}")
        with open(paths["json"]) as f:
            report = json.load(f)
        ops = report["operators"]
        total = report["total_cycles"]
        if not ops or total <= 0:
            fail("the JSON report has no operators")
        with open(paths["html"], encoding="utf-8") as f:
            page = f.read()
        for banned in ("<script", "http://", "https://", "<link"):
            if banned in page:
                fail(f"the page is not self-contained: it holds '{banned}'")

        dom = Dom()
        dom.feed(chromium(["--dump-dom", "file://" + paths["html"]], os.path.join(tmp, "profile")))
        want = sorted((o["index"], o["name"], o["cycles"]) for o in ops)
        if sorted(dom.bars) != want:
            fail(f"rendered operator bars {sorted(dom.bars)} differ from the JSON operators {want}")
        if sum(c for _, _, c in dom.bars) != total:
            fail(f"rendered bars sum to {sum(c for _, _, c in dom.bars)}, the JSON total is {total}")
        if dom.ids.get("total-cycles", "").strip() != str(total):
            fail(f"rendered total '{dom.ids.get('total-cycles')}' is not {total}")
        npu_cycles = [n["cycles"] for o in ops for n in o["npu_operations"]]
        if dom.npu_rows != npu_cycles:
            fail(f"rendered NPU operations {dom.npu_rows} differ from the JSON's {npu_cycles}")
        kinds = {}
        for o in ops:
            for n in o["npu_operations"]:
                c, k = kinds.get(n["kind"], (0, 0))
                kinds[n["kind"]] = (c + n["cycles"], k + 1)
        if dom.kinds != kinds:
            fail(f"rendered NPU kinds {dom.kinds} differ from the JSON's {kinds}")
        if CASE in ("demo", "mnist") and not npu_cycles:
            fail("this model runs on the NPU but the report has no NPU operation")
        mem = {m: 0 for m in report["memories"]}
        for o in ops:
            for m, t in o["memories"].items():
                mem[m] += t["cpu_read"] + t["cpu_write"] + t["npu_read"] + t["npu_write"]
        if dict(dom.mem_rows) != mem:
            fail(f"rendered bytes per memory {dict(dom.mem_rows)} differ from the JSON's {mem}")
        regions = []
        for o in ops:
            first, end = {}, {}
            for n in o["npu_operations"]:
                for g in n["regions"]:
                    first.setdefault(g["region"], g["base"])
                    end[g["region"]] = max(end.get(g["region"], 0), g["end"])
            regions += [(o["index"], k, first[k], end[k]) for k in sorted(end)]
        if dom.regions != regions:
            fail(f"rendered NPU regions {dom.regions} differ from the JSON's {regions}")
        # The delegate's scratch (region 1) is carved from the runner's temp allocator, the
        # tensor_arena: its base must lie inside that symbol (placement table).
        scratch = [g for g in regions if g[1] == 1]
        arena = [v for k, v in dom.objects.items() if k.endswith("tensor_arena")]
        if not scratch or len(arena) != 1:
            fail(f"no scratch region or not one tensor_arena in the page ({list(dom.objects)})")
        lo, size = arena[0]
        if not all(lo <= b and b + e <= lo + size for _, _, b, e in scratch):
            fail(f"the NPU scratch {scratch} is not inside the tensor arena at {lo:#x}+{size}")
        if "Program complete" not in dom.ids.get("console", ""):
            fail("the console section does not hold the runner's output")
        os.makedirs(ARTIFACTS, exist_ok=True)
        shot = os.path.join(ARTIFACTS, f"report_{CASE}.png")
        chromium([f"--screenshot={shot}", "--force-device-scale-factor=0.7", "--window-size=1300,1500",
                  "file://" + paths["html"]],
                 os.path.join(tmp, "profile"))
        if not os.path.isfile(shot) or os.path.getsize(shot) < 20000:
            fail("no screenshot")
        print("screenshot:", shot)

        with open(paths["csv"], newline="") as f:
            rows = list(csv.reader(f))
        header = rows[0]
        if header != VELA_COLUMNS + MEASURED_COLUMNS:
            fail(f"CSV header {header}")
        recs = [dict(zip(header, r)) for r in rows[1:]]
        op_rows = [r for r in recs if r["Row"] == "operator"]
        npu_rows = [r for r in recs if r["Row"] == "npu_operation"]
        if [int(r["Instruction"]) for r in op_rows] != [o["index"] for o in ops]:
            fail("CSV operator rows differ from the JSON operators")
        if sum(int(r["Op Cycles"]) for r in op_rows) != total:
            fail("CSV operator rows' Op Cycles do not sum to the JSON total")
        if [int(r["Op Cycles"]) for r in npu_rows] != npu_cycles:
            fail("CSV NPU rows' Op Cycles differ from the JSON's NPU operations")
        json_macs = sum(n["macs"] for o in ops for n in o["npu_operations"])
        if sum(int(r["MAC Count"]) for r in npu_rows) != json_macs or json_macs <= 0:
            fail("CSV NPU rows' MAC Count does not sum to the JSON's MACs")
        for r in npu_rows:
            # Vela's Util%: MACs / (cycles x MACs per cycle); the demo and MNIST run on 128 MACs.
            want_util = 100.0 * int(r["MAC Count"]) / (int(r["Op Cycles"]) * 128)
            if abs(float(r["Util% (MAC)"]) - want_util) > 0.006:
                fail(f"CSV Util% {r['Util% (MAC)']} for {r['Name']}, expected {want_util:.2f}")
        print(f"ok: {len(ops)} operators, {len(npu_cycles)} NPU operations, {total} cycles")


main()
