#!/usr/bin/env python3
"""End-to-end tests: real ExecuTorch programs through scripts/run_fvp.sh on the project's executor
runner (docs/e2e.md). Expected values come from ../shared/models/README.md, not from our output.

usage: e2e_test.py RUN_FVP BUILD_DIR MODELS_DIR CASE
  CASE: add_cpu | add_u55 | mnist_u55 | no_argument | truncated | bad_identifier | flipped_root |
        flipped_vela | u85_on_u55 | mac_mismatch | input_file | etdump_unwritable | add_u85 |
        add_cpu_corstone320
  Each model case also checks the ETDump (--etdump=) against the JSON report of the same run.
"""
import json
import math
import os
import re
import subprocess
import sys
import tempfile

RUN_FVP, BUILD, MODELS, CASE = sys.argv[1:5]
PTE = os.path.join(MODELS, "pte")
TIMEOUT = 300


def fail(msg):
    print("FAIL:", msg)
    sys.exit(1)


def run(args, tmp):
    env = dict(os.environ, CORSIM_BUILD_DIR=BUILD)
    p = subprocess.run([RUN_FVP] + args, cwd=tmp, env=env, capture_output=True, text=True, timeout=TIMEOUT)
    print("$ run_fvp.sh", " ".join(args), "->", p.returncode)
    print(p.stdout[-3000:])
    print(p.stderr[-3000:], file=sys.stderr)
    if p.returncode >= 128 or p.returncode < 0:
        fail(f"run_fvp.sh/corsim crashed (status {p.returncode})")
    return p


def outputs(stdout):
    vals = {}
    for m in re.finditer(r"Output\[(\d+)\]\[(\d+)\]: \(float\) (\S+)", stdout):
        vals[(int(m.group(1)), int(m.group(2)))] = float(m.group(3))
    return vals


def check_report(path, n_instructions, npu_indices):
    """The JSON report matches docs/report-schema.md and its invariants."""
    with open(path) as f:
        r = json.load(f)
    want = {"schema": str, "clock_hz": int, "run_begin": int, "run_end": int, "total_cycles": int, "operators": list}
    for k, t in want.items():
        if not isinstance(r.get(k), t):
            fail(f"report: '{k}' missing or not {t.__name__}")
    if r["schema"] != "corsim-operator-report/1":
        fail("report: unknown schema " + r["schema"])
    if r.get("error") is not None:
        fail("report: error " + str(r["error"]))
    ops = r["operators"]
    if len(ops) != n_instructions:
        fail(f"report: {len(ops)} operators, the program has {n_instructions} instructions")
    if r["total_cycles"] != r["run_end"] - r["run_begin"] or r["total_cycles"] <= 0:
        fail("report: total_cycles is not run_end - run_begin > 0")
    op_keys = {"chain": int, "index": int, "name": str, "kind": str, "unit": str, "begin": int, "end": int,
               "cycles": int, "share": float, "npu_cycles": int, "bytes": dict, "npu_operations": list}
    for i, op in enumerate(ops):
        for k, t in op_keys.items():
            if not isinstance(op.get(k), t):
                fail(f"report: operator {i} field '{k}' missing or not {t.__name__}")
        if op["index"] != i or op["cycles"] <= 0 or not op["name"]:
            fail(f"report: operator {i} has index {op['index']}, cycles {op['cycles']}, name '{op['name']}'")
        for m in ("cpu_instr", "cpu_data", "npu_axi0", "npu_axi1", "debug"):
            b = op["bytes"].get(m)
            if not isinstance(b, dict) or not isinstance(b.get("read"), int) or not isinstance(b.get("write"), int):
                fail(f"report: operator {i} bytes.{m} malformed")
        is_npu = i in npu_indices
        if (op["unit"] == "NPU") != is_npu or (op["kind"] == "DelegateCall") != is_npu:
            fail(f"report: operator {i} unit {op['unit']} kind {op['kind']}, expected NPU={is_npu}")
        if is_npu:
            if not op["npu_operations"] or op["npu_cycles"] <= 0:
                fail(f"report: delegate {i} without NPU operations")
            if op["name"] != "EthosUBackend":
                fail(f"report: delegate {i} named {op['name']}")
            for n in op["npu_operations"]:
                if not (op["begin"] <= n["start"] < n["end"] <= op["end"]) or n["cycles"] != n["end"] - n["start"]:
                    fail(f"report: NPU operation {n['index']} outside its delegate call")
    if sum(op["cycles"] for op in ops) != r["total_cycles"]:
        fail("report: operator cycles do not sum to the total")
    if abs(sum(op["share"] for op in ops) - 1.0) > 1e-3:
        fail("report: shares do not sum to 1")
    return r


def check_trace(path, report):
    """The Chrome trace parses, has a CPU and an NPU lane, and NPU ops nest inside their delegate event."""
    with open(path) as f:
        t = json.load(f)
    ev = t["traceEvents"]
    lanes = {e["args"]["name"]: e["tid"] for e in ev if e.get("ph") == "M" and e.get("name") == "thread_name"}
    if set(lanes) != {"CPU", "NPU"}:
        fail(f"trace: lanes {lanes}")
    cpu = [e for e in ev if e.get("ph") == "X" and e["tid"] == lanes["CPU"]]
    npu = [e for e in ev if e.get("ph") == "X" and e["tid"] == lanes["NPU"]]
    if len(cpu) != len(report["operators"]):
        fail("trace: CPU lane does not have one event per instruction")
    if not npu:
        fail("trace: NPU lane is empty")
    parents = [e for e in npu if e.get("cat") == "delegate"]
    children = [e for e in npu if e.get("cat") == "npu"]
    if not parents or not children:
        fail("trace: no delegate event or no NPU operations")
    eps = 1e-3
    for c in children:
        if not any(p["ts"] - eps <= c["ts"] and c["ts"] + c["dur"] <= p["ts"] + p["dur"] + eps for p in parents):
            fail(f"trace: NPU op {c['name']} not inside a delegate event")
    for e in cpu + npu:
        if not isinstance(e["ts"], (int, float)) or e["dur"] < 0:
            fail("trace: bad ts/dur")


def flatc_etdump(path, tmp):
    """Decodes an ETDump with Debian's flatc and our schema (what ExecuTorch's Python side runs)."""
    schema = os.path.join(os.path.dirname(os.path.abspath(RUN_FVP)), "..", "sim", "etdump.fbs")
    p = subprocess.run(["flatc", "--json", "--strict-json", "--defaults-json", "--size-prefixed", "--raw-binary",
                        "-o", tmp, schema, "--", path], capture_output=True, text=True, timeout=60)
    if p.returncode != 0:
        fail(f"flatc cannot decode the ETDump (status {p.returncode}): {p.stderr}")
    with open(os.path.join(tmp, os.path.splitext(os.path.basename(path))[0] + ".json")) as f:
        return json.load(f)


def expected_etdump_events(report):
    """docs/e2e.md "ETDump": the events the JSON report's operators map to, in end order."""
    events = []
    for op in report["operators"]:
        if op["kind"] == "KernelCall":
            for name in ("native_call_" + op["name"].split("::")[-1], "OPERATOR_CALL"):
                events.append((name, None, 0, op["index"], op["begin"], op["end"]))
        elif op["kind"] == "DelegateCall":
            for n in op["npu_operations"]:
                events.append((None, f"npu_op_{n['index']}_{n['kind']}", 0, op["index"], n["start"], n["end"]))
            events.append(("DELEGATE_CALL", None, 0, op["index"], op["begin"], op["end"]))
    events.append(("Method::execute", None, -1, 0, report["run_begin"], report["run_return"]))
    # The runtime appends an event when it ends; NPU operations overlap (a weight DMA runs while a
    # kernel computes), so report order is not end order. Python's sort is stable: ties keep order.
    return sorted(events, key=lambda e: e[5])


def check_etdump(path, report, tmp):
    """The ETDump holds one "Execute" run whose events are the report's operators, same cycle stamps."""
    data = open(path, "rb").read()
    if len(data) < 12 or int.from_bytes(data[:4], "little") != len(data) - 4 or data[8:12] != b"ED00":
        fail("etdump: no size prefix or no ED00 identifier")
    if not isinstance(report.get("run_return"), int) or report["run_return"] < report["run_end"]:
        fail(f"report: run_return {report.get('run_return')} missing or before run_end")
    d = flatc_etdump(path, tmp)
    if d["version"] != 0 or [r["name"] for r in d["run_data"]] != ["Execute"]:
        fail(f"etdump: version {d['version']}, runs {[r['name'] for r in d['run_data']]}")
    got = []
    for e in d["run_data"][0]["events"]:
        p = e.get("profile_event")
        if p is None or "allocation_event" in e or "debug_event" in e:
            fail(f"etdump: not a profile event: {e}")
        got.append((p.get("name"), p.get("delegate_debug_id_str"), p["chain_index"], p["instruction_id"],
                    p["start_time"], p["end_time"]))
    want = expected_etdump_events(report)
    if got != want:
        fail("etdump events differ from the report:\n  got  %s\n  want %s" % (got, want))
    ends = [g[5] for g in got]
    if ends != sorted(ends):
        fail("etdump: events are not in end order")


def model_case(name, file, expect, n_instr, npu_indices, extra=(), runner="executor_runner.elf"):
    with tempfile.TemporaryDirectory() as tmp:
        rep, tr, etd = os.path.join(tmp, "r.json"), os.path.join(tmp, "t.json"), os.path.join(tmp, "e.etdp")
        p = run([os.path.join(BUILD, "firmware", runner), os.path.join(PTE, file),
                 "--report-json", rep, "--trace", tr, "--etdump=" + etd, *extra], tmp)
        if p.returncode != 0:
            fail(f"{name}: status {p.returncode}")
        if "Program complete, exiting." not in p.stdout:
            fail(f"{name}: no 'Program complete'")
        vals = outputs(p.stdout)
        expect(vals, p.stdout)
        if "per-operator report" not in p.stderr:
            fail("no per-operator table on stderr")
        report = check_report(rep, n_instr, npu_indices)
        check_etdump(etd, report, tmp)
        if npu_indices:
            check_trace(tr, report)
        else:
            with open(tr) as f:
                json.load(f)


def expect_two(vals, _):
    # README: inputs all ones -> output 2.0 (U55: both quantise to 127, NPU int8 127 -> 2.0).
    if vals != {(0, 0): 2.0}:
        fail(f"outputs {vals}, expected Output[0][0] = 2.0")


def expect_mnist(vals, stdout):
    # README: [1,10] float output, no golden: finite logits and an argmax line.
    if sorted(vals) != [(0, j) for j in range(10)] or not all(math.isfinite(v) for v in vals.values()):
        fail(f"MNIST outputs {vals}")
    m = re.search(r"Output\[0\] argmax: (\d)", stdout)
    best = max(range(10), key=lambda j: vals[(0, j)])
    if not m or int(m.group(1)) != best:
        fail("MNIST argmax line missing or wrong")


def corrupt_case(make, expect_text, extra=()):
    src = os.path.join(PTE, "add_ethos-u55-128.pte")
    with tempfile.TemporaryDirectory() as tmp:
        data = bytearray(open(src, "rb").read())
        path = os.path.join(tmp, "bad.pte")
        if make is None:
            path = os.path.join(PTE, "add_ethos-u85-256.pte")
        else:
            open(path, "wb").write(make(data))
        p = run([os.path.join(BUILD, "firmware", "executor_runner.elf"), path, "--timeout=60", *extra], tmp)
        if p.returncode == 0:
            fail("a corrupted program ran with status 0")
        if p.returncode == 4:
            fail("timed out (hang)")
        if p.returncode == 3:
            fail("guest fault instead of a clear error")
        if p.returncode != 5:  # docs/sim.md: the model could not be loaded
            fail(f"status {p.returncode}, expected 5 (the model could not be loaded)")
        err = [l for l in p.stdout.splitlines() if l.startswith("E [")]
        if not err:
            fail("no error line from the runner")
        if not any(re.search(expect_text, l) for l in err):
            fail(f"error lines {err} do not say /{expect_text}/")


def flip(data, offsets):
    for o in offsets:
        data[o] ^= 0xFF
    return bytes(data)


cases = {
    "add_cpu": lambda: model_case("add_cpu", "add_cpu.pte", expect_two, 1, set()),
    "add_u55": lambda: model_case("add_u55", "add_ethos-u55-128.pte", expect_two, 4, {2}),
    # The Corstone-320 runner (Cortex-M85 build, Corstone-320.ld layout) on --platform corstone-320.
    "add_cpu_corstone320": lambda: model_case("add_cpu_corstone320", "add_cpu.pte", expect_two, 1, set(),
                                              ("--target=cortex-m85",), "executor_runner_corstone320.elf"),
    "mnist_u55": lambda: model_case("mnist_u55", "mnist_ethos-u55-128.pte", expect_mnist, 3, {1}),
    "truncated": lambda: corrupt_case(lambda d: bytes(d[: len(d) // 2]), r"Program loading failed: .*(truncated|verif|invalid)"),
    "bad_identifier": lambda: corrupt_case(lambda d: bytes(d[:4] + b"XY12" + d[8:]), r"Program loading failed: .*identifier"),
    "flipped_root": lambda: corrupt_case(lambda d: flip(d, [0, 1, 2]), r"Program loading failed"),
    # The VelaBinStream starts at file offset 0x70 in the Ethos-U files (README).
    "flipped_vela": lambda: corrupt_case(lambda d: flip(d, [0x70, 0x71]), r"VelaBinStream|vela_bin_stream"),
    # --target=ethos-u55-128: without it run_fvp.sh would pick Corstone-320 for this U85 program.
    "u85_on_u55": lambda: corrupt_case(None, r"ethos-u85-256 but the NPU is ethos-u55-128", ("--target=ethos-u55-128",)),
    "mac_mismatch": lambda: corrupt_case(lambda d: bytes(d), r"ethos-u55-128 but the NPU is ethos-u55-256",
                                         ("--target=ethos-u55-256",)),
}


def add_u85_case():
    # Issue 14: run_fvp.sh runs add_ethos-u85-256.pte to 2.0 on Corstone-320 with no option beyond
    # the model (README: same add as the U55 program, inputs all ones -> 2.0). The runner's log
    # names the NPU it found: Ethos-U85 ID (arch 2.0, product_major 7) and the U85-256 CONFIG word
    # (0x20000118, Vela regor EthosU85RCSGenerator::ConfigRegister for 256 MACs).
    with tempfile.TemporaryDirectory() as tmp:
        p = run([os.path.join(PTE, "add_ethos-u85-256.pte")], tmp)
        if p.returncode != 0:
            fail(f"add_u85: status {p.returncode}")
        if not re.search(r"Ethos-U: ID 0x2000700[0-9a-f], CONFIG 0x20000118", p.stdout):
            fail("add_u85: the runner did not find an Ethos-U85-256")
        if "Program complete, exiting." not in p.stdout:
            fail("add_u85: no 'Program complete'")
        expect_two(outputs(p.stdout), p.stdout)
        if "per-operator report" not in p.stderr:
            fail("add_u85: no per-operator table on stderr")


def input_file_case():
    # --input: x = 0.5 and y = 0.25 as float32 files; the U55 add then gives 0.75 within the
    # output quantisation step (2/255): q(x) = round(0.5*255) - 128 = 0 (127.5 rounds to even 128
    # -> 0), q(y) = round(63.75) - 128 = -64; the NPU adds in real terms.
    import struct
    with tempfile.TemporaryDirectory() as tmp:
        a, b = os.path.join(tmp, "a.bin"), os.path.join(tmp, "b.bin")
        open(a, "wb").write(struct.pack("<f", 0.5))
        open(b, "wb").write(struct.pack("<f", 0.25))
        p = run([os.path.join(BUILD, "firmware", "executor_runner.elf"), os.path.join(PTE, "add_ethos-u55-128.pte"),
                 "--input", a, "--input", b], tmp)
        if p.returncode != 0:
            fail(f"status {p.returncode}")
        v = outputs(p.stdout).get((0, 0))
        if v is None or abs(v - 0.75) > 2.0 / 255 + 1e-6:
            fail(f"output {v}, expected 0.75 within one quantisation step")


def no_argument_case():
    # The bundled default: the project's runner on the build-time demo_classifier model with its
    # input.bin; the outputs must equal the model compiler's host reference (expected_output.bin,
    # float32 after the CPU softmax) to the printed precision.
    import struct
    model_dir = os.path.join(BUILD, "models", "demo_classifier")
    ref = open(os.path.join(model_dir, "expected_output.bin"), "rb").read()
    expected = struct.unpack("<%df" % (len(ref) // 4), ref)
    with tempfile.TemporaryDirectory() as tmp:
        p = run(["-q"], tmp)
        if p.returncode != 0:
            fail(f"no-argument run failed with status {p.returncode}")
        got = {int(m.group(1)): float(m.group(2))
               for m in re.finditer(r"Output\[0\]\[(\d+)\]: \(float\) (\S+)", p.stdout)}
        if sorted(got) != list(range(len(expected))):
            fail(f"expected {len(expected)} outputs of the demo_classifier model, got {sorted(got)}")
        for i, e in enumerate(expected):
            if abs(got[i] - e) > 2e-6 + 1e-5 * abs(e):
                fail(f"output {i}: {got[i]} but the host reference says {e}")


def semihosting_argv_case():
    # ExecuTorch's semihosting runner argv (-m, -i per input, -o outbase) straight to corsim:
    # add_cpu with inputs 1.5 and 2.25 writes out-0.bin = 3.75 (float32 addition, exact).
    import struct
    import shutil
    with tempfile.TemporaryDirectory() as tmp:
        shutil.copy(os.path.join(PTE, "add_cpu.pte"), os.path.join(tmp, "m.pte"))
        open(os.path.join(tmp, "a.bin"), "wb").write(struct.pack("<f", 1.5))
        open(os.path.join(tmp, "b.bin"), "wb").write(struct.pack("<f", 2.25))
        p = subprocess.run([os.path.join(BUILD, "sim", "corsim"), "-q", "--semihosting-root", tmp,
                            "--semihosting-cmdline", "runner -m m.pte -i a.bin -i b.bin -o out",
                            os.path.join(BUILD, "firmware", "executor_runner.elf")],
                           cwd=tmp, capture_output=True, text=True, timeout=TIMEOUT)
        print(p.stdout[-2000:], p.stderr[-2000:])
        if p.returncode != 0:
            fail(f"status {p.returncode}")
        out = os.path.join(tmp, "out-0.bin")
        if not os.path.exists(out) or struct.unpack("<f", open(out, "rb").read()) != (3.75,):
            fail("out-0.bin missing or not 3.75")


def data_option_case():
    # ExecuTorch's spelling: --elf= and --data=FILE@ADDR at an address other than the default.
    with tempfile.TemporaryDirectory() as tmp:
        p = run(["--elf=" + os.path.join(BUILD, "firmware", "executor_runner.elf"),
                 "--data=" + os.path.join(PTE, "add_cpu.pte") + "@0x71000000", "--target=ethos-u55-128", "-q"], tmp)
        if p.returncode != 0 or "PTE @ 0x71000000 [----ET12]" not in p.stdout or outputs(p.stdout) != {(0, 0): 2.0}:
            fail("--elf=/--data= run did not load the model from 0x71000000 and print 2.0")


def timeout_case():
    with tempfile.TemporaryDirectory() as tmp:
        p = run([os.path.join(BUILD, "firmware", "executor_runner.elf"), os.path.join(PTE, "mnist_ethos-u55-128.pte"),
                 "--timeout=0.01", "-q"], tmp)
        if p.returncode != 4:
            fail(f"status {p.returncode}, expected 4 (timeout)")


def etdump_unwritable_case():
    # --etdump (separate-value spelling) into a directory that does not exist: one corsim error line
    # naming the file, status 2, no traceback; the run itself still printed its outputs.
    with tempfile.TemporaryDirectory() as tmp:
        bad = os.path.join(tmp, "missing-dir", "e.etdp")
        p = run([os.path.join(BUILD, "firmware", "executor_runner.elf"), os.path.join(PTE, "add_cpu.pte"),
                 "--etdump", bad, "-q"], tmp)
        errors = [l for l in p.stderr.splitlines() if l.startswith("corsim: error:")]
        if p.returncode != 2 or len(errors) != 1 or f"cannot write '{bad}'" not in errors[0]:
            fail(f"status {p.returncode}, error lines {errors}")
        if outputs(p.stdout) != {(0, 0): 2.0} or os.path.exists(bad):
            fail("the run did not complete, or a file appeared")


def error_line_case():
    # The firmware ends "well" (status 0) but prints an error line: run_fvp.sh must fail.
    with tempfile.TemporaryDirectory() as tmp:
        os.makedirs(os.path.join(tmp, "b", "sim"))
        fake = os.path.join(tmp, "b", "sim", "corsim")
        with open(fake, "w") as f:
            f.write("#!/bin/sh\necho 'I [executorch:x.cpp:1 main()] fine'\necho 'E [executorch:x.cpp:2 main()] broken'\nexit 0\n")
        os.chmod(fake, 0o755)
        env = dict(os.environ, CORSIM_BUILD_DIR=os.path.join(tmp, "b"))
        with open(os.path.join(tmp, "fw.elf"), "wb") as f:  # run_fvp.sh knows firmware by its ELF magic
            f.write(b"\x7fELF" + bytes(48))
        p = subprocess.run([RUN_FVP, os.path.join(tmp, "fw.elf")], env=env, capture_output=True, text=True, timeout=60)
        if p.returncode != 1 or "printed an error line" not in p.stderr:
            fail(f"status {p.returncode}, stderr {p.stderr!r}")


cases["semihosting_argv"] = semihosting_argv_case
cases["data_option"] = data_option_case
cases["timeout"] = timeout_case
cases["error_line"] = error_line_case
cases["etdump_unwritable"] = etdump_unwritable_case
cases["input_file"] = input_file_case
cases["no_argument"] = no_argument_case
cases["add_u85"] = add_u85_case

if CASE not in cases:
    fail("unknown case " + CASE)
cases[CASE]()
print("PASS", CASE)
