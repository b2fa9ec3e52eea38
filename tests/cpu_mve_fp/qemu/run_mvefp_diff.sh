#!/bin/sh
# Runs the MVE floating-point differential program on QEMU's Cortex-M55 (mps3-an547) and on corsim
# and compares the two outputs line by line (q0-q7, FPSCR, VPR, LR, r0, r1 after each execution).
# Prints how many executions of how many instruction forms were checked.
# usage: run_mvefp_diff.sh <qemu-system-arm> <corsim> <mvefp_diff.elf> <output dir>
# CORSIM_DIFF_TIMEOUT=seconds (default 300) bounds each simulator run; raise it for long runs.
# corsim runs with --timing off: the comparison is architectural, and the timing model would
# quadruple the run time.
set -eu
limit=${CORSIM_DIFF_TIMEOUT:-300}
qemu=$1
corsim=$2
elf=$3
out=$4
mkdir -p "$out"
rm -f "$out/qemu.txt" "$out/corsim.txt"
if ! timeout "$limit" "$qemu" -M mps3-an547 -nographic -monitor none -serial none \
    -chardev "file,id=semihosting,path=$out/qemu.txt" \
    -semihosting-config enable=on,target=native,chardev=semihosting \
    -kernel "$elf" > /dev/null; then
  echo "run_mvefp_diff.sh: QEMU failed on $elf" >&2
  exit 1
fi
status=0
timeout "$limit" "$corsim" --timing off "$elf" > "$out/corsim.txt" 2> "$out/corsim.err" || status=$?
if [ "$(tail -n 1 "$out/qemu.txt")" != "done" ]; then
  echo "run_mvefp_diff.sh: the QEMU run did not finish" >&2
  exit 1
fi
if ! cmp -s "$out/qemu.txt" "$out/corsim.txt"; then
  echo "run_mvefp_diff.sh: corsim differs from QEMU (corsim exit status $status); first differences:" >&2
  diff "$out/qemu.txt" "$out/corsim.txt" | head -n 20 >&2
  echo "mismatching executions: $(diff "$out/qemu.txt" "$out/corsim.txt" | grep -c '^<' || true)" >&2
  exit 1
fi
if [ "$status" -ne 0 ]; then
  echo "run_mvefp_diff.sh: corsim exit status $status" >&2
  exit 1
fi
executions=$(grep -c '|' "$out/qemu.txt")
forms=$(cut -d' ' -f1 "$out/qemu.txt" | grep -v done | sort -u | wc -l)
echo "MVE floating-point differential: $executions executions of $forms instruction forms identical on corsim and QEMU"
