#!/bin/sh
# A corsim that gets one case wrong: runs the real corsim ($CORSIM_REAL) with the same arguments,
# then flips a byte of the second case's hash in the results file it wrote (in its working
# directory). cpu_diff.detects_mismatch checks that the harness reports exactly that mismatch.
"$CORSIM_REAL" "$@"
status=$?
printf '\377' | dd of=results.bin bs=1 seek=9 conv=notrunc status=none
exit $status
