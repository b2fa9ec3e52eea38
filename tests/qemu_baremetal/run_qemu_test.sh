#!/bin/sh
# Runs a bare-metal test program (built by corsim_add_qemu_test) on QEMU's Cortex-M55
# (mps3-an547), whose semihosting output goes to <output dir>/qemu.txt, and then either
#   compare: runs the same ELF on corsim (with any further arguments as corsim options) and
#            requires byte-identical output; prints how many executions of how many instruction
#            forms were checked ("<title>: ..."), or the first differences;
#   check:   hands qemu.txt to a host checker program, which recomputes every line.
# Either way QEMU must exit with success and print "done" last (the runtime does after
# qemu_test_main); a fault prints "fault" and fails the run.
# usage: run_qemu_test.sh <title> <qemu-system-arm> <elf> <output dir> compare <corsim> [corsim options...]
#        run_qemu_test.sh <title> <qemu-system-arm> <elf> <output dir> check <checker>
# CORSIM_DIFF_TIMEOUT=seconds (default 600) bounds each simulator run; raise it for long runs.
set -eu
if [ $# -lt 6 ]; then
  echo "usage: run_qemu_test.sh <title> <qemu-system-arm> <elf> <output dir> compare|check <program> [options...]" >&2
  exit 2
fi
title=$1
qemu=$2
elf=$3
out=$4
mode=$5
program=$6
shift 6
limit=${CORSIM_DIFF_TIMEOUT:-600}
me=run_qemu_test.sh
if [ "$mode" != compare ] && [ "$mode" != check ]; then
  echo "$me: unknown mode '$mode' (compare or check)" >&2
  exit 2
fi
mkdir -p "$out"
rm -f "$out/qemu.txt" "$out/corsim.txt" "$out/corsim.err"
if ! timeout "$limit" "$qemu" -M mps3-an547 -nographic -monitor none -serial none \
    -chardev "file,id=semihosting,path=$out/qemu.txt" \
    -semihosting-config enable=on,target=native,chardev=semihosting \
    -kernel "$elf" > /dev/null; then
  echo "$me: QEMU failed on $elf (last line: $(tail -n 1 "$out/qemu.txt" 2>/dev/null))" >&2
  exit 1
fi
if [ "$(tail -n 1 "$out/qemu.txt")" != "done" ]; then
  echo "$me: the QEMU run of $elf did not finish" >&2
  exit 1
fi
if [ "$mode" = check ]; then
  exec "$program" "$out/qemu.txt"
fi
status=0
timeout "$limit" "$program" "$@" "$elf" > "$out/corsim.txt" 2> "$out/corsim.err" || status=$?
if ! cmp -s "$out/qemu.txt" "$out/corsim.txt"; then
  echo "$me: $title: corsim differs from QEMU (corsim exit status $status); first differences:" >&2
  diff "$out/qemu.txt" "$out/corsim.txt" | head -n 20 | cut -c1-600 >&2
  echo "mismatching executions: $(diff "$out/qemu.txt" "$out/corsim.txt" | grep -c '^<' || true)" >&2
  exit 1
fi
if [ "$status" -ne 0 ]; then
  echo "$me: $title: corsim exit status $status" >&2
  exit 1
fi
executions=$(grep -c '|' "$out/qemu.txt")
forms=$(cut -d' ' -f1 "$out/qemu.txt" | grep -v done | sort -u | wc -l)
echo "$title: $executions executions of $forms instruction forms identical on corsim and QEMU"
