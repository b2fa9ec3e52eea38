#!/usr/bin/env python3
"""Every source file of ours is used by the build, so removing any one of them breaks it.

A file counts as used when the build names it: a compiled source (compile_commands.json), a header
or table file some compiled source included (`ninja -t deps`, the compiler's own dependency record),
an input of a custom command (build.ninja), or a script a test runs (CTestTestfile.cmake). The host
build and the firmware cross build (firmware/cross-build) are both read. Run after a full build.

Files the build rightly never reads (developer tools run by hand) are listed, each with its
reason, in tests/repo/not_built.txt. A file reached only through `#if __has_include(...)` is not
proven (removing it builds a smaller program): such includes fail the check too, except the ones
listed in tests/repo/optional_includes.txt, each with what must replace it.

usage: every_source_built.py SOURCE_DIR BUILD_DIR [--pretend-tracked PATH]...
"""
import json
import os
import re
import subprocess
import sys

FOLDERS = ("base", "memory", "cpu", "npu", "sim", "runtime", "tools", "firmware", "tests", "bench", "fuzz")
EXTENSIONS = (".c", ".cc", ".cpp", ".h", ".hpp", ".inc", ".S", ".s", ".ld", ".fbs", ".py", ".sh")


def tracked(src):
    try:
        out = subprocess.run(["git", "-C", src, "ls-files"], check=True, capture_output=True, text=True).stdout
        files = out.splitlines()
    except (OSError, subprocess.CalledProcessError):
        files = [os.path.relpath(os.path.join(d, f), src) for d, _, fs in os.walk(src) for f in fs]
    return [f for f in files if f.split("/", 1)[0] in FOLDERS and f.endswith(EXTENSIONS)
            and os.path.exists(os.path.join(src, f))]


def used_in(build):
    """Real paths the build in `build` names."""
    used = set()
    if not os.path.isfile(os.path.join(build, "build.ninja")):
        return None
    norm = lambda p: os.path.realpath(os.path.join(build, p))
    cc = os.path.join(build, "compile_commands.json")
    if os.path.isfile(cc):
        with open(cc) as f:
            used.update(norm(os.path.join(e["directory"], e["file"])) for e in json.load(f))
    deps = subprocess.run(["ninja", "-C", build, "-t", "deps"], capture_output=True, text=True).stdout
    used.update(norm(line.strip()) for line in deps.splitlines() if line.startswith("    "))
    texts = []
    for d, _, fs in os.walk(build):
        for f in fs:
            if f in ("build.ninja", "CTestTestfile.cmake"):
                with open(os.path.join(d, f), errors="replace") as fh:
                    # This check's own test lines name the file it pretends is tracked.
                    texts.extend(l for l in fh if "--pretend-tracked" not in l)
    blob = "\n".join(texts)
    return used, blob


def read_list(name):
    with open(os.path.join(os.path.dirname(os.path.abspath(__file__)), name)) as f:
        return {line.split("#", 1)[0].strip() for line in f} - {""}


def optional_includes(src, files):
    """(includer, included) for every `__has_include("...")` in our C/C++ files."""
    found = []
    for rel in files:
        if not rel.endswith((".c", ".cc", ".cpp", ".h", ".hpp", ".inc")):
            continue
        with open(os.path.join(src, rel), errors="replace") as f:
            for m in re.finditer(r'__has_include\s*\(\s*"([^"]+)"', f.read()):
                found.append((rel, m.group(1)))
    return found


def main():
    args = sys.argv[1:]
    if len(args) < 2:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    src, build = os.path.realpath(args[0]), os.path.realpath(args[1])
    extra = [args[i + 1] for i, a in enumerate(args) if a == "--pretend-tracked"]
    used, blob = set(), ""
    for b in (build, os.path.join(build, "firmware", "cross-build")):
        r = used_in(b)
        if r:
            used |= r[0]
            blob += r[1]
    if not used:
        print(f"every_source_built: no built tree in {build}", file=sys.stderr)
        return 2
    allowed = read_list("not_built.txt")
    files = tracked(src)
    known_optional = read_list("optional_includes.txt")
    optional = [(f, inc) for f, inc in optional_includes(src, files) if f"{f}: {inc}" not in known_optional]
    for f, inc in optional:
        print(f"included only if it exists (__has_include): {inc} in {f}")
    missing = []
    for rel in files + extra:
        if rel in allowed:
            continue
        path = os.path.realpath(os.path.join(src, rel))
        if path in used or path in blob or os.path.relpath(path, build) in blob:
            continue
        missing.append(rel)
    for rel in missing:
        print(f"not part of the build: {rel}")
    if missing:
        print(f"every_source_built: {len(missing)} file(s) the build never reads: list them in their "
              "folder's CMakeLists.txt, include them, or delete them", file=sys.stderr)
    if optional:
        print(f"every_source_built: {len(optional)} optional include(s) of our own files: include them "
              "unconditionally", file=sys.stderr)
    if missing or optional:
        return 1
    print("every_source_built: every source file is read by the build")
    return 0


if __name__ == "__main__":
    sys.exit(main())
