#!/usr/bin/env bash
# CTest dropin.status_table: one case per row of the exit-status table (docs/sim.md "Exit
# status"), through corsim and through scripts/run_fvp.sh: the status, the one line naming the
# cause, and output files either complete or absent.
# Arguments: corsim, run_fvp.sh, the drop-in test programs' folder, tests/sim's programs' folder,
# the Corstone-300 executor runner, the shared models folder.
set -uo pipefail
corsim=$1 script=$2 fw=$3 simfw=$4 runner=$5 models=$6
model=$models/pte/add_ethos-u55-128.pte   # x + y with ones: 2.0 (the models folder's README.md)
for f in "$corsim" "$script" "$runner" "$model" "$simfw/lockup.elf" "$simfw/spin.elf" \
         "$fw/exit_with.elf" "$fw/rom_write.elf" "$fw/npu_error.elf" "$fw/semihost_misuse.elf" "$fw/print_error_eot.elf" \
         "$fw/markers_spin.elf"; do
  [ -e "$f" ] || { echo "FAIL: missing $f"; exit 1; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# run_fvp.sh's build folder: links to the built corsim and runner, so it never builds anything.
mkdir -p "$tmp/build/sim" "$tmp/build/firmware" "$tmp/work"
ln -s "$corsim" "$tmp/build/sim/corsim"
ln -s "$runner" "$tmp/build/firmware/executor_runner.elf"
cd "$tmp/work"
head -c 200 /dev/urandom >corrupt.pte
: >empty.pte
fail=0

# expect NAME WANT_STATUS WANT_STDERR_REGEX COMMAND...: runs COMMAND, checks status and stderr
# (an empty regex: stderr must hold no error line).
expect() {
  local name=$1 want=$2 regex=$3; shift 3
  "$@" >out.log 2>err.log
  local status=$?
  if [ "$status" != "$want" ]; then
    echo "FAIL $name: status $status, expected $want"; tail -5 err.log; fail=1; return
  fi
  if [ -z "$regex" ]; then
    if grep -aqE 'error' err.log; then echo "FAIL $name: an error line:"; cat err.log; fail=1; return; fi
  elif ! grep -aqE -- "$regex" err.log; then
    echo "FAIL $name: stderr lacks /$regex/:"; cat err.log; fail=1; return
  fi
  echo "ok   $name ($status)"
}
rfvp() { CORSIM_BUILD_DIR=$tmp/build "$script" -q "$@"; }
mcmd() { echo "executor_runner --model-addr 0x70000000 --model-size $(stat -c %s "$1")"; }

# 0: ran to its end and wrote its outputs.
expect "0 corsim runner+model" 0 '' "$corsim" -q --data "$model@0x70000000" --semihosting-cmdline "$(mcmd "$model")" \
  --report-json ok.json "$runner"
# cpu_instr (docs/report-schema.md): the fetch bytes the memory-system timing counted, per operator.
python3 - ok.json <<'PY' || fail=1
import json, sys
r = json.load(open(sys.argv[1]))
bad = [] if r["operators"] else ["no operators"]
for o in r["operators"]:
    fetched = sum(m["cpu_fetch"] for m in o["memories"].values())
    if o["bytes"]["cpu_instr"]["read"] != fetched or fetched == 0:
        bad.append(f"{o['name']}: cpu_instr {o['bytes']['cpu_instr']}, cpu_fetch sum {fetched}")
for b in bad: print("FAIL 0 cpu_instr:", b)
sys.exit(1 if bad else 0)
PY
"$corsim" --timing off --data "$model@0x70000000" --semihosting-cmdline "$(mcmd "$model")" "$runner" 2>err.log >/dev/null
grep -qE '^ +0 quantized_decomposed::quantize_per_tensor.out +CPU( +[0-9.%]+){6} +- ' err.log ||
  { echo "FAIL 0: --timing off table does not show cpu_instr_B as '-'"; grep -E '^ +0 ' err.log; fail=1; }
grep -aqF "Output[0][0]: (float) 2.000000" out.log || { echo "FAIL 0: no output 2.0"; fail=1; }
expect "0 run_fvp.sh model" 0 '' rfvp --target=ethos-u55-128 "$model"

# 1: the firmware reported a failure (its own exit code 1; run_fvp.sh: an error line, shown verbatim
# although raw bytes surround it).
expect "1 corsim guest exit 1" 1 '^corsim: error: guest exited with status 1 \(semihosting\)' \
  "$corsim" -q --semihosting-cmdline 1 "$fw/exit_with.elf"
expect "1 run_fvp.sh error line" 1 '^E \[executorch:runner.cpp:1 main\(\)\] something failed$' rfvp "$fw/print_error_eot.elf"
expect "0 corsim same program" 0 '' "$corsim" -q "$fw/print_error_eot.elf"
expect "guest's own code 9" 9 'guest exited with status 9' "$corsim" -q --semihosting-cmdline 9 "$fw/exit_with.elf"

# 2: bad input to corsim.
expect "2 corsim unknown option" 2 "^corsim: error: unknown option '--bogus'" "$corsim" --bogus "$fw/exit_with.elf"
expect "2 corsim missing ELF" 2 '^corsim: error: .*no-such.elf' "$corsim" no-such.elf
expect "2 run_fvp.sh missing firmware" 2 "^run_fvp.sh: 'no-such.elf' not found" rfvp no-such.elf
expect "2 corsim unwritable report" 2 "^corsim: error: cannot write '/no-such-dir/r.json'" \
  "$corsim" -q --data "$model@0x70000000" --semihosting-cmdline "$(mcmd "$model")" --chrome-trace ct.json \
  --report-json /no-such-dir/r.json "$runner"
[ ! -e ct.json ] || { echo "FAIL 2: ct.json written although its sibling output failed"; fail=1; }
expect "2 corsim no markers for --report-json" 2 '^corsim: error: nm.json not written: the firmware wrote no operator trace markers' \
  "$corsim" -q --semihosting-cmdline 0 --report-json nm.json "$fw/exit_with.elf"
[ ! -e nm.json ] || { echo "FAIL 2: nm.json written"; fail=1; }

# 3: guest fault, whatever the firmware does after it.
expect "3 corsim lockup" 3 '^corsim: error: the core locked up' "$corsim" -q "$simfw/lockup.elf"
expect "3 run_fvp.sh lockup" 3 '^corsim: error: the core locked up' rfvp "$simfw/lockup.elf"
expect "3 corsim write to ROM" 3 '^corsim: error: the guest wrote to read-only memory QSPI \(S\) at 0x38000010' \
  "$corsim" -q "$fw/rom_write.elf"

# The runner's own fault handler: UDF (0xDEDE) written over the start of main by --data.
main_addr=0x$(arm-none-eabi-nm "$runner" | awk '$3 == "main" {print $1}')
printf '\xde\xde\xde\xde' >udf.bin
expect "3 corsim runner fault" 3 '^corsim: error: guest exited with status 3 \(semihosting\): guest fault' \
  "$corsim" -q --data "udf.bin@$main_addr" --data "$model@0x70000000" "$runner"
grep -aqE '^F \[executorch:arm_executor_runner.cpp fault_handler\(\)\] Hard fault: exception 0x00000003 CFSR=0x00010000' out.log ||
  { echo "FAIL 3 runner fault: no F line with UNDEFINSTR (CFSR bit 16)"; fail=1; }
grep -q "^guest fault: UsageFault" err.log || { echo "FAIL 3 runner fault: no fault report"; cat err.log; fail=1; }
expect "3 run_fvp.sh runner fault" 3 'guest fault' rfvp --elf="$runner" --target=ethos-u55-128 "--data=udf.bin@$main_addr" "--data=$model@0x70000000"

# 4: timeout and cycle limit.
expect "4 corsim --max-cycles" 4 '^corsim: error: cycle limit of 5000 reached' "$corsim" -q --max-cycles 5000 --trace=tr.txt "$simfw/spin.elf"
# The instruction trace of the stopped run: one line per retired instruction, renamed into place.
n=$(sed -n 's/.*; \([0-9]*\) instructions.*/\1/p' err.log)
[ -n "$n" ] && [ "$(wc -l <tr.txt)" = "$n" ] && [ ! -e tr.txt.corsim-partial ] ||
  { echo "FAIL 4: trace has $(wc -l <tr.txt 2>/dev/null) lines, corsim retired '$n'"; fail=1; }
# --simlimit 0.001 s at the Corstone-300's 25 MHz = 25,000 cycles.
expect "4 corsim --simlimit" 4 '^corsim: error: cycle limit of 25000 reached' "$corsim" -q --simlimit 0.001 "$simfw/spin.elf"
expect "4 corsim --timeout" 4 '^corsim: error: timeout after 0.3 s' "$corsim" -q --timeout 0.3 "$simfw/spin.elf"
expect "4 run_fvp.sh --timeout=" 4 '^corsim: error: timeout after 0.3 s' rfvp --timeout=0.3 "$simfw/spin.elf"
expect "4 run_fvp.sh --timeout " 4 '^corsim: error: timeout after 0.3 s' rfvp --timeout 0.3 "$simfw/spin.elf"

# 5: the model could not be loaded: corrupt, empty, missing; the runner's line verbatim; no report.
# The runner's line for each: a corrupt identifier, an empty file.
runner_line_corrupt='E \[executorch:arm_executor_runner.cpp:[0-9]+ log_status\(\)\] Program loading failed: not an ExecuTorch program'
runner_line_empty='E \[executorch:arm_executor_runner.cpp:[0-9]+ main\(\)\] the model at --model-addr is empty \(0 bytes\)'
for m in corrupt empty; do
  line_var=runner_line_$m
  line=${!line_var}
  expect "5 corsim $m.pte" 5 '^corsim: error: guest exited with status 5 \(semihosting\): the model or an input could not be loaded' \
    "$corsim" -q --data "$m.pte@0x70000000" --semihosting-cmdline "$(mcmd "$m.pte")" --report-json bad.json "$runner"
  grep -aqE "^$line" out.log || { echo "FAIL 5 corsim $m.pte: runner's error line missing"; fail=1; }
  [ ! -e bad.json ] || { echo "FAIL 5 corsim $m.pte: bad.json written"; fail=1; }
  expect "5 run_fvp.sh $m.pte" 5 "^run_fvp.sh: the firmware.s first error line: $line" \
    rfvp --target=ethos-u55-128 --report-json bad.json "$m.pte"
  [ ! -e bad.json ] || { echo "FAIL 5 run_fvp.sh $m.pte: bad.json written"; fail=1; }
done
# --etdump does not hide the load error: the first error line is the runner's status, no file.
expect "5 corsim corrupt.pte --etdump" 5 'status 5' \
  "$corsim" -q --data "corrupt.pte@0x70000000" --semihosting-cmdline "$(mcmd corrupt.pte)" --etdump e.etdp "$runner"
[ "$(grep -m1 'error:' err.log)" = "corsim: error: guest exited with status 5 (semihosting): the model or an input could not be loaded" ] ||
  { echo "FAIL --etdump: first error line: $(grep -m1 'error:' err.log)"; fail=1; }
[ ! -e e.etdp ] || { echo "FAIL --etdump: e.etdp written"; fail=1; }
mkdir -p root
expect "5 corsim missing model (semihosting -m)" 5 "cannot read model 'missing.pte'|status 5" \
  "$corsim" -q --semihosting-root root --semihosting-cmdline "executor_runner -m missing.pte" "$runner"
grep -aqF "cannot read model 'missing.pte'" out.log || { echo "FAIL 5 missing: runner's line missing"; fail=1; }
expect "5 run_fvp.sh missing model" 5 "^run_fvp.sh: model 'missing.pte' not found" rfvp --target=ethos-u55-128 --data=missing.pte@0x70000000
expect "5 run_fvp.sh ExecuTorch firmware name, missing model" 5 "not found" \
  rfvp --elf="$runner" --target=ethos-u55-128 --data=missing.pte@0x70000000

# 6: the model loaded but failed: its output cannot be written (no such folder in the root).
cp "$model" root/model.pte
expect "6 corsim output not written" 6 '^corsim: error: guest exited with status 6 \(semihosting\): the model failed while running' \
  "$corsim" -q --semihosting-root root --semihosting-cmdline "executor_runner -m model.pte -o no-such-dir/out" "$runner"

expect "6 run_fvp.sh output not written" 6 'the model failed while running' \
  rfvp "$runner" --semihosting-root root --semihosting-cmdline "executor_runner -m model.pte -o no-such-dir/out"

# 7: the NPU stopped with an error status (the guest itself ended with EOT).
expect "7 corsim NPU error" 7 '^corsim: error: ethosu: the NPU stopped with an error status at cycle [0-9]+: STATUS=0x[0-9a-f]+: bus_status' \
  "$corsim" -q "$fw/npu_error.elf"
expect "7 run_fvp.sh NPU error" 7 'ethosu: the NPU stopped with an error status' rfvp "$fw/npu_error.elf"

# 8: semihosting misuse (the guest saw -1 from each call and exited 0).
expect "8 corsim semihosting misuse" 8 '^corsim: error: the guest misused semihosting \(3 refused calls\)' \
  "$corsim" -q --semihosting-root root "$fw/semihost_misuse.elf"
grep -q "operation 0x01 refused: '../outside' is outside the semihosting root" err.log || { echo "FAIL 8: no path line"; fail=1; }
expect "8 run_fvp.sh semihosting misuse" 8 'the guest misused semihosting' rfvp --semihosting-cwd=root "$fw/semihost_misuse.elf"

# 130: SIGINT ends the run cleanly; the statistics are written, complete.
interrupt() {  # NAME COMMAND...: start in its own process group, SIGINT the group after 0.5 s.
  local name=$1; shift
  setsid "$@" >out.log 2>err.log &
  local pid=$!
  sleep 0.5
  kill -INT -- "-$pid"
  wait "$pid"
  local status=$?
  [ "$status" = 130 ] || { echo "FAIL $name: status $status, expected 130"; tail -3 err.log; fail=1; return; }
  grep -q '"stop_reason": "interrupted"' stats.json 2>/dev/null && grep -q '"exit_status": 130' stats.json ||
    { echo "FAIL $name: stats.json"; cat stats.json; fail=1; return; }
  grep -q '^corsim: error: interrupted (SIGINT)' err.log || { echo "FAIL $name: no line"; cat err.log; fail=1; return; }
  echo "ok   $name (130)"
  rm -f stats.json
}
interrupt "130 corsim SIGINT" "$corsim" -q --stats stats.json "$simfw/spin.elf"
interrupt "130 run_fvp.sh SIGINT" env CORSIM_BUILD_DIR="$tmp/build" "$script" -q --stats stats.json "$simfw/spin.elf"
# SIGINT inside an operator: the report of what ran is written, complete for the operators that
# ended (op0: its loop of 1000 taken branches costs at least 1000 cycles) and naming where it stopped.
interrupt "130 corsim SIGINT, report of what ran" "$corsim" -q --stats stats.json --report-json what_ran.json "$fw/markers_spin.elf"
python3 - what_ran.json <<'PY' || fail=1
import json, sys
r = json.load(open(sys.argv[1]))
ops = [o["name"] for o in r["operators"]]
bad = []
if ops != ["op0"]: bad.append(f"operators {ops}, expected ['op0']")
elif r["operators"][0]["cycles"] < 1000: bad.append(f"op0 took {r['operators'][0]['cycles']} cycles, at least 1000 expected")
if "stopped inside instruction 1 (op1)" not in (r["error"] or ""): bad.append(f"error field: {r['error']!r}")
for b in bad: print("FAIL report of what ran:", b)
sys.exit(1 if bad else 0)
PY
exit $fail
