#!/usr/bin/env bash
# CTest: scripts/run_fvp.sh chooses the platform as ExecuTorch's run_fvp.sh chooses the FVP
# (ExecuTorch backends/arm/scripts/run_fvp.sh): --target=ethos-u85-N runs corsim --platform
# corstone-320 with -C mps4_board.subsystem.ethosu.num_macs=N on the Corstone-320 runner; with no
# --target a model whose Ethos-U delegate names a U85 does the same; U55 models keep the
# Corstone-300 flow exactly. A stand-in corsim prints its arguments one per line. Arguments:
# corsim-pte binary, the shared models directory, run_fvp.sh.
set -uo pipefail
pte_tool=$1 models=$2 script=$3
[ -x "$pte_tool" ] || { echo "corsim-pte missing: $pte_tool"; exit 1; }
for m in add_ethos-u85-256 add_ethos-u55-128; do
  [ -f "$models/pte/$m.pte" ] || { echo "missing model $models/pte/$m.pte"; exit 1; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/sim" "$tmp/firmware" "$tmp/tools/pte"
printf '#!/usr/bin/env bash\nprintf "%%s\\n" "$@"\n' >"$tmp/sim/corsim"
chmod +x "$tmp/sim/corsim"
ln -s "$pte_tool" "$tmp/tools/pte/corsim-pte"
: >"$tmp/firmware/executor_runner.elf"
: >"$tmp/firmware/executor_runner_corstone320.elf"
u85=$models/pte/add_ethos-u85-256.pte u55=$models/pte/add_ethos-u55-128.pte
fail=0

# expect NAME OUTPUT LINE...: every LINE appears in OUTPUT as a whole line.
expect() {
  local name=$1 out=$2; shift 2
  for want in "$@"; do
    grep -qxF -- "$want" <<<"$out" || { echo "$name: no line '$want' in:"; echo "$out"; fail=1; }
  done
}
# absent NAME OUTPUT LINE...: no LINE appears in OUTPUT.
absent() {
  local name=$1 out=$2; shift 2
  for bad in "$@"; do
    if grep -qxF -- "$bad" <<<"$out"; then echo "$name: unexpected line '$bad'"; fail=1; fi
  done
}
run() { CORSIM_BUILD_DIR=$tmp "$script" "$@"; }

for n in 128 256 512 1024 2048; do
  out=$(run --target=ethos-u85-$n "$u85"); status=$?
  [ "$status" = 0 ] || { echo "--target=ethos-u85-$n: status $status"; fail=1; }
  expect "--target=ethos-u85-$n" "$out" --platform corstone-320 "mps4_board.subsystem.ethosu.num_macs=$n" \
    "$tmp/firmware/executor_runner_corstone320.elf" "$u85@0x70000000"
done

# No --target: the model's delegate (COP1 CONFIG: Ethos-U85, 256 MACs) picks Corstone-320.
out=$(run "$u85"); status=$?
[ "$status" = 0 ] || { echo "U85 model without --target: status $status"; fail=1; }
expect "U85 model" "$out" --platform corstone-320 "mps4_board.subsystem.ethosu.num_macs=256" \
  "$tmp/firmware/executor_runner_corstone320.elf"

# U55 model without --target: exactly the Corstone-300 flow (no platform option, the U55 runner).
out=$(run "$u55"); status=$?
[ "$status" = 0 ] || { echo "U55 model: status $status"; fail=1; }
expect "U55 model" "$out" "$tmp/firmware/executor_runner.elf" "$u55@0x70000000"
absent "U55 model" "$out" --platform corstone-320 "$tmp/firmware/executor_runner_corstone320.elf"
[ "$(grep -c -- '^--platform$' <<<"$out")" = 0 ] || { echo "U55 model: a --platform was added"; fail=1; }

# An explicit target wins over the model: the U85 program on the U55 platform (the runner refuses it).
out=$(run --target=ethos-u55-128 "$u85"); status=$?
expect "--target=ethos-u55-128 with a U85 model" "$out" --platform corstone-300 "ethosu.num_macs=128" \
  "$tmp/firmware/executor_runner.elf"
absent "--target=ethos-u55-128 with a U85 model" "$out" corstone-320

# cortex-m85 runs on Corstone-320 (ExecuTorch: FVP_Corstone_SSE-320); cortex-m55 on Corstone-300.
expect "--target=cortex-m85" "$(run --target=cortex-m85 "$u55")" --platform corstone-320
expect "--target=cortex-m55" "$(run --target=cortex-m55 "$u55")" --platform corstone-300

# An unknown U85 size: one line, status 2.
err=$(run --target=ethos-u85-4096 "$u85" 2>&1 >/dev/null); status=$?
[ "$status" = 2 ] && [ "$(wc -l <<<"$err")" = 1 ] || { echo "ethos-u85-4096: status $status, '$err'"; fail=1; }
exit $fail
