#!/usr/bin/env bash
# Runs one libFuzzer target for SECONDS from its seeds (random seed fixed at 1, so a CI smoke
# repeats the inputs a developer saw) and fails on any finding (crash, sanitizer
# report, leak, timeout, out of memory). Used by scripts/fuzz.sh and by the ctest smoke.
# usage: run_fuzzer.sh BINARY SECONDS WORK_DIR FUZZ_SOURCE_DIR SEED_DIR [MORE_SEED_DIRS...]
#   WORK_DIR/corpus     the growing corpus (kept between runs)
#   WORK_DIR/artifacts  inputs of findings (crash-*, leak-*, timeout-*, oom-*)
#   WORK_DIR/log        libFuzzer's output; the last lines give executions and speed
set -euo pipefail
[ $# -ge 5 ] || { echo "usage: run_fuzzer.sh BINARY SECONDS WORK_DIR FUZZ_SOURCE_DIR SEED_DIR..." >&2; exit 2; }
binary=$1 seconds=$2 work=$3 src=$4
shift 4
name=$(basename "$binary" _fuzz)
mkdir -p "$work/corpus" "$work/artifacts"
seeds=()
for d in "$@" ; do
  [ -d "$d/$name" ] && seeds+=("$d/$name")
done
[ -d "$src/corpus/$name" ] && seeds+=("$src/corpus/$name")
[ ${#seeds[@]} -gt 0 ] || { echo "run_fuzzer: no seeds for $name" >&2; exit 1; }
options=(-seed=1 -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2560 -malloc_limit_mb=2048
         -print_final_stats=1 -artifact_prefix="$work/artifacts/")
[ -f "$src/dict/$name.dict" ] && options+=(-dict="$src/dict/$name.dict")
[ "$name" = cpu ] && options+=(-max_len=4097)
# libFuzzer's entropic schedule (the default) updates a frequency for each of the cpu target's
# ~19 000 features on every execution, 30 % of its time; the classic schedule reached the same
# coverage in the same number of executions from the same corpus (docs/reliability.md).
[ "$name" = cpu ] && options+=(-entropic=0)
# Whole .tflite models (up to 490 KB) cost their size in copies on every execution; the seeds that
# count are the small copies of the Vela models (fuzz/small_tflite.h, up to 17 KB): 25 000 runs/s
# instead of 1 500 (docs/reliability.md).
[ "$name" = tflite ] && options+=(-max_len=20000)
status=0
"$binary" "${options[@]}" "$work/corpus" "${seeds[@]}" > "$work/log" 2>&1 || status=$?
grep -E "^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb)|^#[0-9]+.*DONE" "$work/log" || true
if [ $status -ne 0 ]; then
  tail -n 60 "$work/log" >&2
  echo "run_fuzzer: $name found a problem (status $status); inputs in $work/artifacts" >&2
  exit 1
fi
