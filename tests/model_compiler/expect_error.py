#!/usr/bin/env python3
"""usage: expect_error.py TEXT COMMAND...: COMMAND must exit with status 1, print nothing on stdout
and exactly one line on stderr containing TEXT (the project's rule for bad input)."""
import subprocess
import sys

text, cmd = sys.argv[1], sys.argv[2:]
p = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
lines = p.stderr.splitlines()
print(p.stderr, end="")
if p.returncode != 1:
    sys.exit(f"FAIL: exit status {p.returncode}, expected 1")
if len(lines) != 1 or text not in lines[0]:
    sys.exit(f"FAIL: expected one stderr line containing {text!r}")
if p.stdout:
    sys.exit("FAIL: output on stdout")
print("PASS")
