#!/usr/bin/env bash
# Installs what is missing, builds host and firmware (everything: scripts/run_fvp.sh alone builds only
# what a run needs), and runs every test. Without arguments (as CI
# runs it) the sanitizer stage follows (scripts/sanitize.sh: ASan + UBSan suites and the fuzz
# smoke, docs/reliability.md); with arguments they go to ctest and only the normal build runs.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${CORSIM_BUILD_DIR:-$root/build}
"$root/scripts/build.sh"
cd "$build"
if [ $# -gt 0 ]; then
  exec ctest --output-on-failure -j"$(nproc)" "$@"
fi
status=0
ctest --output-on-failure -j"$(nproc)" || status=$?
CORSIM_BUILD_DIR=$build "$root/scripts/sanitize.sh" || status=1
exit $status
