#!/usr/bin/env bash
# CTest dropin.run_fvp_executorch_lines: the lines ExecuTorch v1.4.1's examples/arm/run.sh passes to
# run_fvp.sh (run.sh lines 795 and 830-840; flags from lines 746-773) work on corsim's
# scripts/run_fvp.sh, with the firmware named as ExecuTorch builds it (arm_executor_runner, no
# suffix), ExecuTorch's other options (--timeout, --semihosting-cwd, --fast), both option spellings,
# and an unknown option ignored with a warning. Results: add x+y with ones = 2.0
# (../shared/models/README.md).
# Arguments: run_fvp.sh, corsim, corsim-pte, the Corstone-300 runner, the Corstone-320 runner, the
# shared models folder.
set -uo pipefail
script=$1 corsim=$2 pte_tool=$3 runner=$4 runner320=$5 models=$6
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/build/sim" "$tmp/build/firmware" "$tmp/build/tools/pte" "$tmp/out"
ln -s "$corsim" "$tmp/build/sim/corsim"
ln -s "$pte_tool" "$tmp/build/tools/pte/corsim-pte"
ln -s "$runner" "$tmp/build/firmware/executor_runner.elf"
ln -s "$runner320" "$tmp/build/firmware/executor_runner_corstone320.elf"
cp "$runner" "$tmp/arm_executor_runner"
cp "$runner320" "$tmp/arm_executor_runner_320"
cp "$models/pte/add_cpu.pte" "$tmp/out/add_cpu.pte"
u55=$models/pte/add_ethos-u55-128.pte u85=$models/pte/add_ethos-u85-256.pte
export CORSIM_BUILD_DIR=$tmp/build
fail=0
# expect NAME WANT_STATUS STDOUT_LINE COMMAND...
expect() {
  local name=$1 want=$2 line=$3; shift 3
  "$@" >"$tmp/out.log" 2>"$tmp/err.log"
  local status=$?
  if [ "$status" != "$want" ] || ! grep -aqF -- "$line" "$tmp/out.log" "$tmp/err.log"; then
    echo "FAIL $name: status $status (want $want), line '$line'"; tail -5 "$tmp/err.log"; fail=1; return
  fi
  echo "ok   $name"
}
cd "$tmp"
# run.sh line 830-840: --elf= --target= --data=pte@addr [--etrecord=] [--trace_file=]
expect "run.sh ethos-u55-128" 0 "Output[0][0]: (float) 2.000000" \
  "$script" --elf=arm_executor_runner --target=ethos-u55-128 "--data=$u55@0x70000000"
expect "run.sh ethos-u55-128 --etrecord --trace_file" 0 "Output[0][0]: (float) 2.000000" \
  "$script" --elf=arm_executor_runner --target=ethos-u55-128 "--data=$u55@0x70000000" --etrecord=out/m_etrecord.bin \
  --trace_file=out/pmu_trace.gz
grep -q "run_fvp.sh: warning: --trace_file=out/pmu_trace.gz: the FVP's Ethos-U PMU trace is not produced" "$tmp/err.log" ||
  { echo "FAIL --trace_file: no warning"; fail=1; }
expect "run.sh ethos-u85-256" 0 "Output[0][0]: (float) 2.000000" \
  "$script" --elf=arm_executor_runner_320 --target=ethos-u85-256 "--data=$u85@0x70000000"
# run.sh line 795: cortex-m55 with --bundle (a plain .pte: the bundled runner has no BundleIO).
expect "run.sh cortex-m55 --bundle" 0 "Output[0][0]: (float) 2.000000" \
  "$script" --elf=arm_executor_runner --target=cortex-m55 --bundle=out/add_cpu.pte
[ "$(od -An -tx4 out/out-0.bin 2>/dev/null | tr -d ' ')" = 40000000 ] || { echo "FAIL --bundle: out-0.bin is not 2.0"; fail=1; }
# ExecuTorch's other options, both spellings, an unknown option.
expect "--opt value spellings, --fast, --semihosting-cwd, unknown option" 0 "Output[0][0]: (float) 2.000000" \
  "$script" --elf arm_executor_runner --target ethos-u55-128 --data "$u55@0x70000000" --timeout 600 --fast \
  --semihosting-cwd "$tmp/out" --build_type=Release
grep -q "run_fvp.sh: warning: unknown option '--build_type=Release' ignored" "$tmp/err.log" || { echo "FAIL unknown option: no warning"; fail=1; }
# Default timeout 600 s, as ExecuTorch's: a stand-in corsim shows what run_fvp.sh passes.
printf '#!/bin/sh\nprintf "%%s\\n" "$@"\n' >"$tmp/build/sim/corsim.echo"
chmod +x "$tmp/build/sim/corsim.echo"
rm "$tmp/build/sim/corsim"
ln -s "$tmp/build/sim/corsim.echo" "$tmp/build/sim/corsim"
out=$("$script" --elf=arm_executor_runner --target=ethos-u55-128 2>/dev/null)
grep -qx -- "--timeout" <<<"$out" && grep -qx 600 <<<"$out" || { echo "FAIL default timeout: $out"; fail=1; }
out=$("$script" --elf=arm_executor_runner --timeout=17 2>/dev/null)
grep -qx 17 <<<"$out" && ! grep -qx 600 <<<"$out" || { echo "FAIL --timeout=17: $out"; fail=1; }
[ "$fail" = 0 ] && echo "ok   default --timeout 600"
exit $fail
