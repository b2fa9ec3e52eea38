#!/bin/sh
# Runs the floating-point cross-check program on QEMU's Cortex-M55 (mps3-an547) and compares every
# line it prints with corsim's floating-point library.
# usage: run_fp_qemu.sh <qemu-system-arm> <fp_qemu.elf> <fp_qemu_check> <output file>
set -eu
qemu=$1
elf=$2
check=$3
out=$4
rm -f "$out"
# Semihosting output goes to a file (a chardev), not to the console.
if ! timeout 600 "$qemu" -M mps3-an547 -nographic -monitor none -serial none \
    -chardev "file,id=semihosting,path=$out" \
    -semihosting-config enable=on,target=native,chardev=semihosting \
    -kernel "$elf" > /dev/null; then
  echo "run_fp_qemu.sh: QEMU failed on $elf" >&2
  exit 1
fi
exec "$check" "$out"
