#!/usr/bin/env python3
"""The layering the `#include` lines must follow (issue 13 item 4; docs/architecture.md "Rules").

- A timing model (cpu/timing/) sees the CPU only through cpu/retire_record.h: it may include that,
  its own folder, memory/timing/ and base/, never the Cpu, the decoder or the run loop.
- The run loop's body (cpu/run_loop.h) is instantiated in two places only: cpu/cpu.cpp (untimed
  loops) and cpu/timed_loops.cpp (every timed loop).

EXCEPTIONS lists files that break a rule today, each with its reason; the check fails when an
exception is no longer needed, so the list only shrinks.

usage: include_graph.py SOURCE_DIR
"""
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.MULTILINE)
TIMING_ALLOWED = ("cpu/retire_record.h", "cpu/timing/", "memory/timing/", "base/")
RUN_LOOP_USERS = {"cpu/cpu.cpp", "cpu/timed_loops.cpp"}
EXCEPTIONS = {}


def sources(root):
    for folder, _, files in os.walk(root):
        rel_folder = os.path.relpath(folder, root)
        if rel_folder.split(os.sep)[0].startswith("build"):
            continue
        for name in files:
            if name.endswith((".h", ".cpp", ".inc")):
                yield os.path.normpath(os.path.join(rel_folder, name)).replace(os.sep, "/")


def main():
    if len(sys.argv) != 2:
        print("usage: include_graph.py SOURCE_DIR", file=sys.stderr)
        return 2
    root = sys.argv[1]
    problems = []
    used_exceptions = set()
    for path in sorted(sources(root)):
        with open(os.path.join(root, path), encoding="utf-8", errors="replace") as f:
            includes = INCLUDE.findall(f.read())
        for inc in includes:
            if path.startswith("cpu/timing/") and not inc.startswith(TIMING_ALLOWED):
                if inc in EXCEPTIONS.get(path, ()):
                    used_exceptions.add((path, inc))
                else:
                    problems.append(f"{path} includes {inc}: a timing model sees only "
                                    f"cpu/retire_record.h, memory/timing/ and base/")
            if inc == "cpu/run_loop.h" and path not in RUN_LOOP_USERS:
                problems.append(f"{path} includes cpu/run_loop.h: only cpu/cpu.cpp and "
                                f"cpu/timed_loops.cpp instantiate the loop")
    for path, incs in EXCEPTIONS.items():
        for inc in incs:
            if os.path.exists(os.path.join(root, path)) and (path, inc) not in used_exceptions:
                problems.append(f"{path} no longer includes {inc}: remove its exception")
    for p in problems:
        print(p, flush=True)
    if problems:
        print(f"repo.include_graph: {len(problems)} include(s) break the layering", file=sys.stderr)
        return 1
    print("repo.include_graph: cpu/timing sees only the retire record, memory/timing and base/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
