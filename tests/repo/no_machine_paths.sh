#!/usr/bin/env bash
# Fails when a file of the source tree names an absolute path of one machine (a home, /root, the
# shared work folder, /tmp): such a path works on the machine that wrote it and nowhere else.
# System paths every Debian machine has (/usr/bin/env, /dev/null, /usr/include, /proc/...) are fine.
# usage: no_machine_paths.sh SOURCE_DIR
set -euo pipefail
src=${1:?usage: no_machine_paths.sh SOURCE_DIR}
cd "$src"
if [ "$(git rev-parse --show-toplevel 2> /dev/null)" = "$(pwd -P)" ]; then
  list() { git ls-files -z; }
else
  list() { find . -type f -not -path './.git/*' -not -path './build*' -print0; }
fi
# A path component after one of these roots (tmp, home, work, root followed by a slash); "/tmp"
# alone (an option value under test) is not a machine's path.
pattern='(^|[^A-Za-z0-9_.~-])/(work|home|root|tmp|Users)/'
if list | xargs -0 grep -nIE "$pattern" -- ; then
  echo "repo.no_machine_paths: absolute machine paths above (use a CMake variable, a relative path or mktemp)" >&2
  exit 1
fi
echo "repo.no_machine_paths: no absolute machine path in the source tree"
