#!/usr/bin/env bash
# run_fvp.sh passes --gdb PORT and --gdb-wait through to corsim (docs/e2e.md): the bundled runner on
# the shared add model (add_cpu.pte: 1 + 1, models/README.md) waits at reset for a debugger, Debian's
# gdb-multiarch attaches, sets a breakpoint at main, sees it hit, continues, and the run then ends
# with the model's result (2.0, from the model's definition) and status 0.
# usage: run_fvp_gdb_test.sh RUN_FVP RUNNER_ELF GDB MODELS_DIR
set -uo pipefail
script=$1 runner=$2 gdb=$3 models=$4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
command -v "$gdb" >/dev/null || fail "no $gdb (scripts/setup-deps.sh installs gdb-multiarch)"
[[ -f $models/pte/add_cpu.pte ]] || fail "missing $models/pte/add_cpu.pte"
: >"$work/run.err"
CORSIM_BUILD_DIR=$(cd "$(dirname "$runner")/.." && pwd) "$script" "$runner" "$models/pte/add_cpu.pte" \
  --gdb 0 --gdb-wait >"$work/run.out" 2>"$work/run.err" &
pid=$!
port=""
# Up to 120 s: run_fvp.sh first checks that its build is current, which a loaded 2-core CI host
# can make slow; a run that ended without listening fails at once.
for _ in $(seq 1200); do
  port=$(sed -n 's/.*listening on 127\.0\.0\.1:\([0-9]*\).*/\1/p' "$work/run.err" || true)
  [[ -n $port ]] && break
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.1
done
[[ -n $port ]] || { kill "$pid"; fail "corsim under run_fvp.sh did not say where it listens: $(cat "$work/run.err")"; }
printf 'set pagination off\nset confirm off\ntarget remote 127.0.0.1:%s\nbreak main\ncontinue\ninfo symbol $pc\ncontinue\n' \
  "$port" >"$work/s.gdb"
timeout 120 "$gdb" -nx -batch -x "$work/s.gdb" "$runner" >"$work/gdb.out" 2>&1 || true
wait "$pid"
status=$?
grep -q "^main in section" "$work/gdb.out" || fail "the breakpoint at main was not reached: $(tail -5 "$work/gdb.out")"
[[ $status == 0 ]] || fail "run_fvp.sh exited $status: $(tail -3 "$work/run.err")"
grep -aq "2\.0" "$work/run.out" || fail "the model's output 2.0 is missing: $(tail -5 "$work/run.out")"
echo "ok   run_fvp.sh --gdb 0 --gdb-wait: stopped at main, ran to the end (2.0, status 0)"
