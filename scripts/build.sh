#!/usr/bin/env bash
# Configures and builds corsim (host and firmware) into build/ (or $CORSIM_BUILD_DIR).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${CORSIM_BUILD_DIR:-$root/build}
"$root/scripts/setup-deps.sh"
if [ ! -f "$build/build.ninja" ]; then
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
fi
cmake --build "$build" -j"$(nproc)" "$@"
