#!/usr/bin/env bash
# CTest dropin.bundle_io: the executor runner's BundleIO (.bpte, identifier BP08): test case 0's
# inputs go in, the outputs are compared with the bundle's expected ones (ExecuTorch's rule, rtol =
# atol = 0.01), and the runner prints ExecuTorch's "TEST: BundleIO index[0] Test_result: PASS|FAIL".
# The .bpte files are made here by flatc from JSON with the runner's schema
# (firmware/executor_runner/bundled_program.fbs) around ../shared/models/pte/add_cpu.pte (x + y,
# float32 [1]); expected values are hand arithmetic: 1 + 1 = 2, 0.25 + 0.5 = 0.75 (exact in float).
# Then ExecuTorch's cortex-m command line (run_fvp.sh v1.4.1 lines 143-165) on the FVP front end,
# and corsim's run_fvp.sh --target=cortex-m55 --bundle=.
# Arguments: the sim/fvp folder, the Corstone-300 runner, run_fvp.sh, the shared models folder,
# flatc, the schema.
set -uo pipefail
fvp_dir=$1 runner=$2 script=$3 models=$4 flatc=$5 schema=$6
pte=$models/pte/add_cpu.pte
for f in "$fvp_dir/FVP_Corstone_SSE-300_Ethos-U55" "$runner" "$script" "$pte" "$flatc" "$schema"; do
  [ -e "$f" ] || { echo "FAIL: missing $f"; exit 1; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
bytes() { od -An -tu1 -v "$1" | tr -s ' \n' ',' | sed 's/^,//; s/,$//'; }
# make_bpte NAME X_BYTES Y_BYTES EXPECTED_BYTES: float32 little-endian bytes as "a,b,c,d".
make_bpte() {
  cat >"$tmp/$1.json" <<JSON
{"version": 0,
 "method_test_suites": [{"method_name": "forward", "test_cases": [{
   "inputs": [{"val_type": "Tensor", "val": {"scalar_type": 6, "sizes": [1], "data": [$2], "dim_order": [0]}},
              {"val_type": "Tensor", "val": {"scalar_type": 6, "sizes": [1], "data": [$3], "dim_order": [0]}}],
   "expected_outputs": [{"val_type": "Tensor", "val": {"scalar_type": 6, "sizes": [1], "data": [$4], "dim_order": [0]}}]}]}],
 "program": [$(bytes "$pte")]}
JSON
  "$flatc" -b -o "$tmp" "$schema" "$tmp/$1.json" || { echo "FAIL: flatc $1"; exit 1; }
  [ -f "$tmp/$1.bpte" ] || { echo "FAIL: flatc wrote no $1.bpte (the schema's file_extension)"; exit 1; }
}
one=0,0,128,63 two=0,0,0,64 quarter=0,0,128,62 half=0,0,0,63 three_quarters=0,0,64,63 two_and_half=0,0,32,64
make_bpte pass "$one" "$one" "$two"
make_bpte fail "$one" "$one" "$two_and_half"
make_bpte own_inputs "$quarter" "$half" "$three_quarters"
make_bpte ones_would_fail "$quarter" "$half" "$two"
[ "$(head -c 8 "$tmp/pass.bpte" | tail -c 4)" = BP08 ] || { echo "FAIL: flatc output has no BP08 identifier"; exit 1; }
head -c 64 /dev/urandom >"$tmp/corrupt.bpte"; printf 'BP08' | dd of="$tmp/corrupt.bpte" bs=1 seek=4 conv=notrunc 2>/dev/null

export PATH=$fvp_dir:$PATH
# run_et NAME: ExecuTorch's cortex-m line on the front end (bundle in the semihosting cwd).
run_et() {
  cp "$tmp/$1.bpte" "$tmp/run/$1.bpte"
  FVP_Corstone_SSE-300_Ethos-U55 -C ethosu.num_macs=128 -C mps3_board.visualisation.disable-visualisation=1 \
    -C mps3_board.telnetterminal0.start_telnet=0 -C mps3_board.uart0.out_file='-' -C mps3_board.uart0.shutdown_on_eot=1 \
    -C cpu0.semihosting-enable=1 -C cpu0.semihosting-stack_base=0 -C cpu0.semihosting-heap_limit=0 \
    -C "cpu0.semihosting-cwd=$tmp/run" -C "ethosu.extra_args=--fast" \
    -C "cpu0.semihosting-cmd_line=executor_runner -m $1.bpte -i fvp_dummy_input.bin -o out" \
    -a "$runner" --timelimit 120 >"$tmp/$1.log" 2>&1
}
mkdir -p "$tmp/run"
dd if=/dev/zero of="$tmp/run/fvp_dummy_input.bin" bs=4 count=1 2>/dev/null
# expect NAME STATUS LINE: after run_et NAME.
expect() {
  run_et "$1"
  local status=$?
  if [ "$status" != "$2" ] || ! grep -aqF -- "$3" "$tmp/$1.log"; then
    echo "FAIL $1: status $status (want $2), line '$3'"; grep -a -E '^(E|I .*(Test_result|Output))' "$tmp/$1.log" | head -5; fail=1; return
  fi
  echo "ok   $1"
}
expect pass 0 "TEST: BundleIO index[0] Test_result: PASS"
grep -aqF "Output[0][0]: (float) 2.000000" "$tmp/pass.log" || { echo "FAIL pass: output"; fail=1; }
expect fail 1 "TEST: BundleIO index[0] Test_result: FAIL"
grep -aqF "output 0[0]: 2.000000, expected 2.500000" "$tmp/fail.log" || { echo "FAIL fail: no line naming the difference"; fail=1; }
expect own_inputs 0 "TEST: BundleIO index[0] Test_result: PASS"
grep -aqF "Output[0][0]: (float) 0.750000" "$tmp/own_inputs.log" || { echo "FAIL own_inputs: output"; fail=1; }
expect ones_would_fail 1 "Test_result: FAIL"
expect corrupt 5 "bundled program: the flatbuffer does not verify"

# corsim's run_fvp.sh, as ExecuTorch's run.sh calls it for cortex-m targets.
CORSIM_BUILD_DIR=$(cd "$(dirname "$runner")/.." && pwd) "$script" -q --elf="$runner" --target=cortex-m55 \
  --bundle="$tmp/pass.bpte" >"$tmp/rfvp.log" 2>&1
status=$?
[ "$status" = 0 ] && grep -aqF "Test_result: PASS" "$tmp/rfvp.log" && echo "ok   run_fvp.sh --bundle" ||
  { echo "FAIL run_fvp.sh --bundle: status $status"; tail -5 "$tmp/rfvp.log"; fail=1; }
exit $fail
