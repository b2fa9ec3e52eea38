#!/usr/bin/env bash
# Fails when a part of corsim is built only if it exists: CORSIM_HAVE_* switches, optional CMake
# includes, subdirectories added only if their CMakeLists.txt exists, stand-ins for missing parts.
# (Optional #include of our own files is checked by every_source_built.py.) The uses in cpu/isa
# (owned by the ISA work) and the one define that keeps them on are tolerated until that code drops
# them; see docs/reliability.md.
# usage: no_optional_parts.sh SOURCE_DIR
set -euo pipefail
cd "${1:?usage: no_optional_parts.sh SOURCE_DIR}"
pattern='CORSIM_HAVE_|include\(.*OPTIONAL\)|EXISTS .*CMakeLists\.txt|MinimalExceptionUnit|_unavailable\.cpp'
if [ "$(git rev-parse --show-toplevel 2> /dev/null)" = "$(pwd -P)" ]; then
  list() { git ls-files -z -- ':!docs'; }
else
  list() { find . -type f -not -path './.git/*' -not -path './build*' -not -path './docs/*' -print0; }
fi
found=$(list | xargs -0 grep -nIE "$pattern" -- | grep -vE '^(\./)?cpu/isa/|^(\./)?cpu/CMakeLists\.txt:.*CORSIM_HAVE_EXCEPTION_UNIT=1|^(\./)?tests/repo/' || true)
if [ -n "$found" ]; then
  echo "$found"
  echo "repo.no_optional_parts: optional parts above: make each part of the build unconditional" >&2
  exit 1
fi
echo "repo.no_optional_parts: every part is built unconditionally"
