#!/usr/bin/env bash
# Rewrites the README's list of CPU operators (between the "operators:begin/end" markers) from the
# kernel registry (corsim-kernels --markdown, tools/kernels). With --check: exits 1, changing
# nothing, when the README's list differs from the registry (CTest dropin.readme_operators).
#   scripts/update-readme-operators.sh [--check] [path/to/corsim-kernels]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
check=""
if [ "${1:-}" = --check ]; then check=1; shift; fi
tool=${1:-${CORSIM_BUILD_DIR:-$root/build}/tools/kernels/corsim-kernels}
[ -x "$tool" ] || { echo "update-readme-operators.sh: $tool not built (cmake --build build --target corsim-kernels)" >&2; exit 2; }
readme=$root/README.md
grep -q '^<!-- operators:begin' "$readme" && grep -q '^<!-- operators:end' "$readme" ||
  { echo "update-readme-operators.sh: README.md has no operators:begin/end markers" >&2; exit 2; }
table=$("$tool" --markdown)
new=$(awk -v table="$table" '
  /^<!-- operators:begin/ { print; print table; skip = 1; next }
  /^<!-- operators:end/ { skip = 0 }
  !skip { print }' "$readme")
if [ -n "$check" ]; then
  if [ "$new" != "$(cat "$readme")" ]; then
    echo "README.md's operator list differs from the kernel registry; run scripts/update-readme-operators.sh" >&2
    diff <(cat "$readme") <(printf '%s\n' "$new") >&2 || true
    exit 1
  fi
  exit 0
fi
printf '%s\n' "$new" >"$readme.tmp"
mv "$readme.tmp" "$readme"
