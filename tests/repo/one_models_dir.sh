#!/usr/bin/env bash
# Fails when code outside the top CMakeLists.txt names the shared models folder itself instead of
# using CORSIM_MODELS_DIR (a second variable for the same folder breaks -DCORSIM_MODELS_DIR).
# tests/npu_u85 (owned by the U85 work) still does; it is tolerated until it switches.
# usage: one_models_dir.sh SOURCE_DIR
set -euo pipefail
cd "${1:?usage: one_models_dir.sh SOURCE_DIR}"
if [ "$(git rev-parse --show-toplevel 2> /dev/null)" = "$(pwd -P)" ]; then
  list() { git ls-files -z -- '*CMakeLists.txt' '*.cmake' '*.cpp' '*.h' '*.sh'; }
else
  list() { find . -type f \( -name CMakeLists.txt -o -name '*.cmake' -o -name '*.cpp' -o -name '*.h' -o -name '*.sh' \) \
           -not -path './build*' -print0; }
fi
found=$(list | xargs -0 grep -nE 'shared/models' -- | grep -vE ':[0-9]+:[[:space:]]*(#|//)' \
        | grep -vE '^(\./)?CMakeLists\.txt:|^(\./)?tests/npu_u85/CMakeLists\.txt:|^(\./)?tests/repo/' || true)
if [ -n "$found" ]; then
  echo "$found"
  echo "repo.one_models_dir: use CORSIM_MODELS_DIR (top CMakeLists.txt) instead of naming the folder" >&2
  exit 1
fi
echo "repo.one_models_dir: every use of the shared models goes through CORSIM_MODELS_DIR"
