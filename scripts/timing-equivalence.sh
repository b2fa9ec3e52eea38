#!/usr/bin/env bash
# Prints cycles and instructions of every firmware ELF of a build on both core models, one line
# per (ELF, core). Run it before and after a change that should not move any cycle (a speed-up of
# the timing models, a refactoring) and diff the two outputs (docs/timing.md "Speed").
#   scripts/timing-equivalence.sh [BUILD_DIR] > before.txt   ... change, rebuild ...
#   scripts/timing-equivalence.sh [BUILD_DIR] > after.txt && diff before.txt after.txt
# Arguments after BUILD_DIR go to corsim, e.g. the engines compared (docs/cpu.md "Block JIT"):
#   scripts/timing-equivalence.sh build --cpu-engine interp > a.txt
#   scripts/timing-equivalence.sh build --cpu-engine jit > b.txt && diff a.txt b.txt
set -euo pipefail
build="${1:-build}"
extra=("${@:2}")
corsim="$build/sim/corsim"
[[ -x "$corsim" ]] || { echo "timing-equivalence: no corsim at $corsim (build first)" >&2; exit 2; }
elfs=("$build"/firmware/bench/workload.elf "$build"/firmware/bench/workload_mve.elf
      "$build"/bench/timing_kernels.elf "$build"/bench/timing_mve_workload.elf
      "$build"/tests/timing/microbench.elf "$build"/firmware/tests/*.elf
      "$build"/tests/sim/firmware/timer_irq.elf "$build"/tests/sim/firmware/systick_wfi.elf)
for elf in "${elfs[@]}"; do
  [[ -f "$elf" ]] || continue
  for cpu in cortex-m55 cortex-m85; do
    stats=$(timeout 300 "$corsim" --quiet --cpu "$cpu" ${extra[@]+"${extra[@]}"} --stats - "$elf" 2>&1 >/dev/null </dev/null || true)
    cycles=$(grep -o '"cycles": *[0-9]*' <<<"$stats" | tr -d ' ' || true)
    instructions=$(grep -o '"instructions": *[0-9]*' <<<"$stats" | tr -d ' ' || true)
    echo "$(basename "$elf") $cpu $instructions $cycles"
  done
done
