#!/usr/bin/env bash
# CTest dropin.fvp_command_lines: the exact FVP command lines ExecuTorch v1.4.1 builds, run on
# corsim's FVP front ends (build/sim/fvp first on PATH, as a user would put <prefix>/lib/corsim/fvp).
# Sources of the lines (pytorch/executorch tag v1.4.1):
#   backends/arm/scripts/run_fvp.sh lines 143-165 (cortex-m --bundle), 180-191 (ethos-u55),
#   193-206 (ethos-u85), 110-141 (--fast / --trace_file -> ethosu.extra_args; --semihosting-cwd);
#   backends/arm/test/runner_utils.py run_corstone (corstone-300 / corstone-320 argument lists,
#   values quoted inside the argument: mps3_board.uart0.out_file='-') and corstone300_installed
#   (`FVP_... --version` must exit 0).
# Each run must exit 0, print no line ExecuTorch's problem regex matches (run_fvp.sh line 238:
# ^(F|E|\[critical\]|Hard fault.|Info: Simulation is stopping. Reason: CPU time has been exceeded.))
# and produce the model's result: add x+y with the runner's default inputs of ones gives 2.0
# (../shared/models/README.md), with x = 0.0 from the cortex-m flow's zero dummy input 1.0.
# Arguments: the build's sim/fvp folder, the Corstone-300 runner, the Corstone-320 runner, the
# shared models folder, tests/sim's spin.elf (a program that never ends).
set -uo pipefail
fvp_dir=$1 runner300=$2 runner320=$3 models=$4 spin=$5
for f in "$fvp_dir/FVP_Corstone_SSE-300_Ethos-U55" "$fvp_dir/FVP_Corstone_SSE-320" "$runner300" "$runner320" \
         "$models/pte/add_ethos-u55-128.pte" "$models/pte/add_ethos-u85-256.pte" "$models/pte/add_cpu.pte" "$spin"; do
  [ -e "$f" ] || { echo "FAIL: missing $f"; exit 1; }
done
export PATH=$fvp_dir:$PATH
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
problems='^(F|E|\[critical\]|Hard fault.|Info: Simulation is stopping. Reason: CPU time has been exceeded.).*$'

# check NAME STATUS LOG WANT...: status 0, no problem line, every WANT line (fixed string) present.
check() {
  local name=$1 status=$2 log=$3; shift 3
  [ "$status" = 0 ] || { echo "FAIL $name: status $status"; fail=1; }
  if grep -a -E "$problems" "$log" >/dev/null; then
    echo "FAIL $name: ExecuTorch would report problems:"; grep -a -E "$problems" "$log"; fail=1
  fi
  for want in "$@"; do
    grep -a -qF -- "$want" "$log" || { echo "FAIL $name: no line '$want'"; fail=1; }
  done
  [ "$fail" = 0 ] && echo "ok   $name"
}

# corstone300_installed / corstone320_installed: `--version` exits 0.
for f in FVP_Corstone_SSE-300_Ethos-U55 FVP_Corstone_SSE-320; do
  "$f" --version >/dev/null || { echo "FAIL $f --version"; fail=1; }
done

# run_fvp.sh lines 180-191: --target=ethos-u55-128 --data=add.pte@0x70000000 (no semihosting-cwd, no --fast).
FVP_Corstone_SSE-300_Ethos-U55 \
  -C ethosu.num_macs=128 \
  -C mps3_board.visualisation.disable-visualisation=1 \
  -C mps3_board.telnetterminal0.start_telnet=0 \
  -C mps3_board.uart0.out_file='-' \
  -C mps3_board.uart0.shutdown_on_eot=1 \
  -a "$runner300" \
  --data "$models/pte/add_ethos-u55-128.pte@0x70000000" \
  --timelimit 600 >"$tmp/u55.log" 2>&1
check "run_fvp.sh ethos-u55-128" $? "$tmp/u55.log" "Output[0][0]: (float) 2.000000" "Info: /OSCI/SystemC: Simulation stopped by user."

# The same with --fast and --trace_file=F (lines 113-123: one -C ethosu.extra_args) and
# --semihosting-cwd=D (lines 127-134).
FVP_Corstone_SSE-300_Ethos-U55 \
  -C ethosu.num_macs=128 \
  -C mps3_board.visualisation.disable-visualisation=1 \
  -C mps3_board.telnetterminal0.start_telnet=0 \
  -C mps3_board.uart0.out_file='-' \
  -C mps3_board.uart0.shutdown_on_eot=1 \
  -C "ethosu.extra_args=--fast --pmu-trace $tmp/pmu_trace.gz" \
  -C cpu0.semihosting-enable=1 \
  -C cpu0.semihosting-stack_base=0 \
  -C cpu0.semihosting-heap_limit=0 \
  -C "cpu0.semihosting-cwd=$tmp" \
  -a "$runner300" \
  --data "$models/pte/add_ethos-u55-128.pte@0x70000000" \
  --timelimit 600 >"$tmp/u55_fast.log" 2>&1
check "run_fvp.sh ethos-u55-128 --fast --trace_file --semihosting-cwd" $? "$tmp/u55_fast.log" "Output[0][0]: (float) 2.000000"

# run_fvp.sh lines 193-206: --target=ethos-u85-256.
FVP_Corstone_SSE-320 \
  -C mps4_board.subsystem.ethosu.num_macs=256 \
  -C mps4_board.visualisation.disable-visualisation=1 \
  -C vis_hdlcd.disable_visualisation=1 \
  -C mps4_board.telnetterminal0.start_telnet=0 \
  -C mps4_board.uart0.out_file='-' \
  -C mps4_board.uart0.unbuffered_output=1 \
  -C mps4_board.uart0.shutdown_on_eot=1 \
  -C "mps4_board.subsystem.ethosu.extra_args=--fast" \
  -C mps4_board.subsystem.cpu0.semihosting-enable=1 \
  -C mps4_board.subsystem.cpu0.semihosting-stack_base=0 \
  -C mps4_board.subsystem.cpu0.semihosting-heap_limit=0 \
  -C "mps4_board.subsystem.cpu0.semihosting-cwd=$tmp" \
  -a "$runner320" \
  --data "$models/pte/add_ethos-u85-256.pte@0x70000000" \
  --timelimit 600 >"$tmp/u85.log" 2>&1
check "run_fvp.sh ethos-u85-256 --fast --semihosting-cwd" $? "$tmp/u85.log" "Output[0][0]: (float) 2.000000"

# run_fvp.sh lines 143-165: --target=cortex-m55 --bundle=B: semihosting runner, zero dummy input.
mkdir -p "$tmp/bundle"
cp "$models/pte/add_cpu.pte" "$tmp/bundle/add_cpu.pte"
dd if=/dev/zero of="$tmp/bundle/fvp_dummy_input.bin" bs=4 count=1 2>/dev/null
FVP_Corstone_SSE-300_Ethos-U55 \
  -C ethosu.num_macs=128 \
  -C mps3_board.visualisation.disable-visualisation=1 \
  -C mps3_board.telnetterminal0.start_telnet=0 \
  -C mps3_board.uart0.out_file='-' \
  -C mps3_board.uart0.shutdown_on_eot=1 \
  -C cpu0.semihosting-enable=1 \
  -C cpu0.semihosting-stack_base=0 \
  -C cpu0.semihosting-heap_limit=0 \
  -C "cpu0.semihosting-cwd=$tmp/bundle" \
  -C "ethosu.extra_args=--fast" \
  -C "cpu0.semihosting-cmd_line=executor_runner -m add_cpu.pte -i fvp_dummy_input.bin -o out" \
  -a "$runner300" \
  --timelimit 600 >"$tmp/cortex_m.log" 2>&1
check "run_fvp.sh cortex-m55 --bundle" $? "$tmp/cortex_m.log" "Output[0][0]: (float) 1.000000"
[ "$(od -An -tx4 "$tmp/bundle/out-0.bin" 2>/dev/null | tr -d ' ')" = 3f800000 ] ||
  { echo "FAIL cortex-m55 --bundle: out-0.bin is not float 1.0"; fail=1; }

# runner_utils.py run_corstone, corstone-300: values quoted inside the arguments, no shutdown_on_eot
# (the semihosting exit ends the run), inputs from files in the semihosting cwd.
mkdir -p "$tmp/harness"
cp "$models/pte/add_cpu.pte" "$tmp/harness/program.pte"
printf '\x00\x00\x40\x40' >"$tmp/harness/i0.bin"   # 3.0f
printf '\x00\x00\x80\x40' >"$tmp/harness/i1.bin"   # 4.0f
FVP_Corstone_SSE-300_Ethos-U55 -C ethosu.num_macs=128 -C mps3_board.visualisation.disable-visualisation=1 \
  -C mps3_board.telnetterminal0.start_telnet=0 -C "mps3_board.uart0.out_file='-'" -C cpu0.semihosting-enable=1 \
  -C cpu0.semihosting-stack_base=0 -C cpu0.semihosting-heap_limit=0 -C "cpu0.semihosting-cwd=$tmp/harness" \
  -C "ethosu.extra_args='--fast'" -C "cpu0.semihosting-cmd_line='executor_runner -m program.pte -o out -i i0.bin -i i1.bin'" \
  -a "$runner300" --timelimit 120 >"$tmp/harness300.log" 2>&1
check "runner_utils.py corstone-300" $? "$tmp/harness300.log" "Output[0][0]: (float) 7.000000"
[ "$(od -An -tx4 "$tmp/harness/out-0.bin" 2>/dev/null | tr -d ' ')" = 40e00000 ] ||
  { echo "FAIL runner_utils.py corstone-300: out-0.bin is not float 7.0"; fail=1; }

# runner_utils.py run_corstone, corstone-320.
rm -f "$tmp/harness/out-0.bin"
FVP_Corstone_SSE-320 -C mps4_board.subsystem.ethosu.num_macs=128 -C mps4_board.visualisation.disable-visualisation=1 \
  -C vis_hdlcd.disable_visualisation=1 -C mps4_board.telnetterminal0.start_telnet=0 -C "mps4_board.uart0.out_file='-'" \
  -C mps4_board.uart0.unbuffered_output=1 -C mps4_board.uart0.shutdown_on_eot=1 \
  -C mps4_board.subsystem.cpu0.semihosting-enable=1 -C mps4_board.subsystem.cpu0.semihosting-stack_base=0 \
  -C mps4_board.subsystem.cpu0.semihosting-heap_limit=0 -C "mps4_board.subsystem.cpu0.semihosting-cwd=$tmp/harness" \
  -C "mps4_board.subsystem.ethosu.extra_args='--fast'" \
  -C "mps4_board.subsystem.cpu0.semihosting-cmd_line='executor_runner -m program.pte -o out -i i0.bin -i i1.bin'" \
  -a "$runner320" --timelimit 120 >"$tmp/harness320.log" 2>&1
check "runner_utils.py corstone-320" $? "$tmp/harness320.log" "Output[0][0]: (float) 7.000000"

# --timelimit: the FVP's "CPU time has been exceeded" line (which ExecuTorch reports as a problem)
# and corsim's timeout status 4, on a program that never ends.
FVP_Corstone_SSE-300_Ethos-U55 -C mps3_board.uart0.shutdown_on_eot=1 -a "$spin" --timelimit 0.3 >"$tmp/limit.log" 2>&1
status=$?
[ "$status" = 4 ] && grep -qx "Info: Simulation is stopping. Reason: CPU time has been exceeded." "$tmp/limit.log" ||
  { echo "FAIL --timelimit: status $status"; cat "$tmp/limit.log" | tail -5; fail=1; }
[ "$fail" = 0 ] && echo "ok   --timelimit"
FVP_Corstone_SSE-300_Ethos-U55 -a "$spin" --cyclelimit 100000 >"$tmp/cycles.log" 2>&1
status=$?
[ "$status" = 4 ] && grep -qx "Info: Simulation is stopping. Reason: Cycle limit has been exceeded." "$tmp/cycles.log" ||
  { echo "FAIL --cyclelimit: status $status"; tail -5 "$tmp/cycles.log"; fail=1; }

# An error of the front end itself begins with "Error:", which ExecuTorch's regex catches.
FVP_Corstone_SSE-320 -a "$tmp/no-such.elf" >"$tmp/err.log" 2>&1
status=$?
[ "$status" = 2 ] && grep -aqE '^Error: FVP_Corstone_SSE-320: ' "$tmp/err.log" ||
  { echo "FAIL missing ELF: status $status"; cat "$tmp/err.log"; fail=1; }
exit $fail
