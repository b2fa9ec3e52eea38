#!/usr/bin/env bash
# Fails when a source file cites the team's shared notes (../shared/docs: spec/*.md section numbers,
# ARCHITECTURE or STYLE-ANCHORS sections) instead of a primary source a reader of the repository can
# open: the Arm ARM or TRM section, the ExecuTorch / Vela / Ethos-U driver / CMSIS file and function,
# or one of our own docs/*.md pages (docs/architecture.md "Rules"). docs/ itself and this folder are
# not checked. Paths listed in spec_citations_not_yet_cleaned.txt (beside this script, or the file
# given as the second argument) are tolerated until their owners clean them; an entry with no
# citation left is reported so the list shrinks.
# usage: no_spec_citations.sh SOURCE_DIR [ALLOW_LIST]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
src=${1:?usage: no_spec_citations.sh SOURCE_DIR [ALLOW_LIST]}
allow_file=${2:-$here/spec_citations_not_yet_cleaned.txt}
[ -f "$allow_file" ] || { echo "repo.no_spec_citations: no allow-list at $allow_file" >&2; exit 2; }
allow_file=$(cd "$(dirname "$allow_file")" && pwd)/$(basename "$allow_file")
cd "$src"
# A bare section sign with a number (our notes' "§1.2"), a spec page's name, the shared docs' folder,
# or a section of the shared blueprint or style anchors.
pattern='§[0-9]|(ethos-u|cortex-m|executorch|instruction-coverage)\.md|docs/spec/|shared/docs/|ARCHITECTURE §|STYLE-ANCHORS'
if [ "$(git rev-parse --show-toplevel 2> /dev/null)" = "$(pwd -P)" ]; then
  list() { git ls-files -z -- ':!docs' ':!tests/repo'; }
else
  list() { find . -type f -not -path './.git/*' -not -path './build*' -not -path './docs/*' -not -path './tests/repo/*' -printf '%P\0'; }
fi
mapfile -t allowed < <(grep -vE '^\s*(#|$)' "$allow_file" | sed 's/\s*#.*//; s/\s*$//')
hits=$(list | xargs -0 grep -nIE -- "$pattern" || true)
bad=""
while IFS= read -r line; do
  [ -n "$line" ] || continue
  path=${line%%:*}
  ok=0
  for a in "${allowed[@]}"; do
    case "$path" in "$a"*) ok=1; break ;; esac
  done
  [ $ok = 1 ] || bad+="$line"$'\n'
done <<< "$hits"
for a in "${allowed[@]}"; do
  if ! grep -q -- "^$a" <<< "$hits"; then
    echo "repo.no_spec_citations: note: '$a' has no citation left; remove it from $(basename "$allow_file")"
  fi
done
if [ -n "$bad" ]; then
  printf '%s' "$bad"
  echo "repo.no_spec_citations: the comments above cite the shared notes; cite the primary source" \
       "(Arm ARM/TRM section, ExecuTorch/Vela/driver file and function) or a docs/*.md page" >&2
  exit 1
fi
echo "repo.no_spec_citations: no citation of the shared notes outside the listed folders"
