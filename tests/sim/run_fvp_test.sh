#!/usr/bin/env bash
# CTest: scripts/run_fvp.sh runs the demo with no argument when no runner and model are built, and passes firmware and options to
# corsim. Arguments: corsim binary, directory of the sim test programs, run_fvp.sh.
set -uo pipefail
corsim=$1 fw=$2 script=$3
# Never let run_fvp.sh fall back to building (scripts/build.sh) inside the test: fail instead.
[ -x "$corsim" ] || { echo "corsim binary missing: $corsim"; exit 1; }
for p in uart_eot semihost_exit; do [ -f "$fw/$p.elf" ] || { echo "missing $fw/$p.elf"; exit 1; }; done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/sim" "$tmp/firmware"
ln -s "$corsim" "$tmp/sim/corsim"
cp "$fw/uart_eot.elf" "$tmp/firmware/demo.elf"   # stands in for the demo
fail=0

out=$(CORSIM_BUILD_DIR=$tmp "$script" -q); status=$?
[ "$status" = 0 ] && [ "$out" = "OK" ] || { echo "no-argument run: status $status, output '$out'"; fail=1; }

out=$(CORSIM_BUILD_DIR=$tmp "$script" "$fw/semihost_exit.elf" --semihosting-cmdline "a b" -q); status=$?
[ "$status" = 7 ] && [ "$out" = "a b" ] || { echo "firmware run: status $status, output '$out'"; fail=1; }

out=$(CORSIM_BUILD_DIR=$tmp "$script" -C cpu0.semihosting-cmd_line=xyz "$fw/semihost_exit.elf" -q); status=$?
[ "$status" = 7 ] && [ "$out" = "xyz" ] || { echo "-C before the firmware: status $status, output '$out'"; fail=1; }

# --etdump FILE and --etdump=FILE reach corsim (the program writes no operator markers, so corsim
# refuses with one line naming the file, status 2).
for opt in "--etdump e1.etdp" "--etdump=e1.etdp"; do
  err=$(cd "$tmp" && CORSIM_BUILD_DIR=$tmp "$script" "$fw/uart_eot.elf" $opt -q 2>&1 >/dev/null); status=$?
  [ "$status" = 2 ] && [[ "$err" == "corsim: error: e1.etdp not written: the firmware wrote no operator trace markers"* ]] ||
    { echo "$opt: status $status, stderr '$err'"; fail=1; }
done

CORSIM_BUILD_DIR=$tmp "$script" a.elf b.elf 2>/dev/null; status=$?
[ "$status" = 2 ] || { echo "two firmwares: status $status, expected 2"; fail=1; }
exit $fail
