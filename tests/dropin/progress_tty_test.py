#!/usr/bin/env python3
"""CTest dropin.progress_tty: corsim draws a one-line progress display on stderr when stderr is a
terminal (here a pseudo-terminal from the pty module) and none when it is a pipe; the line is
cleared when the run ends, and a guest's console output clears it first, so guest lines never
start in the middle of a progress line. Arguments: corsim, tests/sim's spin.elf (a program that
never ends), the drop-in tests' print_spin.elf (prints "tick" now and then, forever)."""
import os
import pty
import re
import subprocess
import sys

corsim, spin, print_spin = sys.argv[1], sys.argv[2], sys.argv[3]
failures = []

# On a TTY: stdout and stderr both on the pty; the run ends by --timeout after 1.2 s of host time.
pid, fd = pty.fork()
if pid == 0:
    os.execv(corsim, [corsim, "--timeout", "1.2", spin])
chunks = []
while True:
    try:
        data = os.read(fd, 4096)
    except OSError:
        break
    if not data:
        break
    chunks.append(data)
_, wait_status = os.waitpid(pid, 0)
text = b"".join(chunks).decode("utf-8", "replace")
status = os.waitstatus_to_exitcode(wait_status)
lines = re.findall(r"corsim: ([0-9.]+) Mcycles  ([0-9.]+) MIPS  ([0-9.]+) s", text)
if status != 4:
    failures.append(f"TTY run: status {status}, expected 4 (timeout)")
if len(lines) < 2:
    failures.append(f"TTY run: {len(lines)} progress lines, expected several in 1.2 s:\n{text!r}")
else:
    cycles = [float(c) for c, _, _ in lines]
    if cycles != sorted(cycles) or cycles[-1] <= 0:
        failures.append(f"TTY run: simulated cycles do not grow: {cycles}")
    if any(float(m) <= 0 for _, m, _ in lines):
        failures.append("TTY run: a progress line with 0 MIPS")
if "\r\x1b[K" not in text:
    failures.append("TTY run: the progress line is never redrawn or cleared")

# On a pipe: no progress line.
r = subprocess.run([corsim, "--timeout", "0.6", spin], capture_output=True, text=True)
if "Mcycles" in r.stderr:
    failures.append(f"pipe run printed progress: {r.stderr!r}")
if r.returncode != 4:
    failures.append(f"pipe run: status {r.returncode}")

# --no-progress on a TTY: none.
pid, fd = pty.fork()
if pid == 0:
    os.execv(corsim, [corsim, "--no-progress", "--timeout", "0.6", spin])
out = b""
while True:
    try:
        data = os.read(fd, 4096)
    except OSError:
        break
    if not data:
        break
    out += data
os.waitpid(pid, 0)
if b"Mcycles" in out:
    failures.append("--no-progress on a TTY printed progress")

# Guest output and progress on one terminal: every "tick" starts a clean line (after a newline,
# or after the progress line was cleared with "\r\x1b[K").
pid, fd = pty.fork()
if pid == 0:
    os.execv(corsim, [corsim, "--timeout", "1.5", print_spin])
out = b""
while True:
    try:
        data = os.read(fd, 4096)
    except OSError:
        break
    if not data:
        break
    out += data
os.waitpid(pid, 0)
text = out.decode("utf-8", "replace")
ticks = progress = 0
for line in text.split("\n"):
    if "tick" in line:
        ticks += 1
        before = line[: line.index("tick")].split("\r")[-1]
        if before not in ("", "\x1b[K"):
            failures.append(f"a guest line starts inside a progress line: {line!r}")
    if "Mcycles" in line:
        progress += 1
if ticks < 2 or progress < 1:
    failures.append(f"interleaving run: {ticks} ticks and {progress} lines with progress, expected several of both:\n{text!r}")

for f in failures:
    print("FAIL", f)
print("ok" if not failures else f"{len(failures)} failure(s)")
sys.exit(1 if failures else 0)
