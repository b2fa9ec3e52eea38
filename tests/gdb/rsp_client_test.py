#!/usr/bin/env python3
"""corsim --gdb spoken to byte by byte (GDB manual, "Remote Protocol"): attaching to a run that is
already going, acknowledgements and QStartNoAckMode, a bad checksum (answered '-'), malformed
arguments (one E01), the interrupt byte 0x03 (the core stops with SIGINT, T02), detach (the run
goes on to its own end), halted time not counted against --timeout, attaching and detaching in the middle of a run (cycles as without a
debugger), kill (the run ends, exit status 130), memory reads through the debug path
(a register whose read acts is refused), SIGINT while waiting for a debugger (status 130) and a
port already in use (one error line, status 2).

usage: rsp_client_test.py CORSIM SPIN_ELF FIRMWARE_DIR
"""
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time


def fail(msg):
    print(f"FAIL: {msg}", file=sys.stderr)
    sys.exit(1)


def frame(payload):
    return f"${payload}#{sum(payload.encode()) & 0xFF:02x}".encode()


def start(corsim, args):
    p = subprocess.Popen([corsim, "--gdb", "0", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    for _ in range(100):
        line = p.stderr.readline()
        m = re.search(r"listening on 127\.0\.0\.1:(\d+)", line)
        if m:
            return p, int(m.group(1))
    p.kill()
    fail("corsim did not say where it listens")


def ended(p, status, text, what, stream="stderr"):
    """Waits for corsim `p`; its status must be `status` and `text` in its `stream`."""
    out, err = p.communicate(timeout=300)
    got = out if stream == "stdout" else err
    if p.returncode != status or text not in got:
        fail(f"{what}: exit {p.returncode}, {stream} {got!r}")


class Client:
    def __init__(self, port):
        self.s = socket.create_connection(("127.0.0.1", port), timeout=10)
        self.buf = b""
        self.acks = True

    def send(self, raw):
        self.s.sendall(raw)

    def read(self, n=None, until=None):
        """Bytes until `n` are there or the regex `until` matches the buffer."""
        deadline = time.time() + 10
        while True:
            if n is not None and len(self.buf) >= n:
                out, self.buf = self.buf[:n], self.buf[n:]
                return out
            if until is not None:
                m = re.match(until, self.buf, re.S)
                if m:
                    self.buf = self.buf[m.end():]
                    return m.group(0)
            if time.time() > deadline:
                fail(f"timed out waiting; have {self.buf!r}")
            chunk = self.s.recv(4096)
            if not chunk:
                fail(f"connection closed; have {self.buf!r}")
            self.buf += chunk

    def ask(self, payload, what, expect=None):
        """Sends `payload`; checks the '+' (while acks are on) and, given `expect` (a string, or a
        regex for re.fullmatch when it starts with '^'), the reply. Returns the reply."""
        self.send(frame(payload))
        if self.acks and self.read(1) != b"+":
            fail(f"{what}: no '+' for {payload}")
        reply = self.packet()
        if expect is not None:
            ok = re.fullmatch(expect[1:], reply) if expect.startswith("^") else reply == expect
            if not ok:
                fail(f"{what}: {payload} answered {reply!r}, expected {expect!r}")
        return reply

    def packet(self):
        m = self.read(until=rb"\$([^#]*)#([0-9a-f]{2})")
        body = re.match(rb"\$([^#]*)#([0-9a-f]{2})", m)
        payload, sum_ = body.group(1), int(body.group(2), 16)
        if sum(payload) & 0xFF != sum_:
            fail(f"bad checksum from corsim: {m!r}")
        return payload.decode()


def main():
    corsim, spin, fw = sys.argv[1:4]
    target = os.path.join(fw, "tests", "gdb_target-O0.elf")
    workload = os.path.join(fw, "bench", "workload.elf")

    # 1. Attach to a running program (no --gdb-wait): the core halts on connection.
    p, port = start(corsim, ["--timeout", "60", spin])
    time.sleep(0.3)  # let it run
    c = Client(port)
    c.send(b"$g#00")  # wrong checksum: a '-' asks for it again
    if c.read(1) != b"-":
        fail("a bad checksum was not answered with '-'")
    c.ask("mzz,4", "malformed m packet", "E01")  # well framed, bad arguments: ack, then one error
    c.ask("?", "stop reason after attach", "S05")
    # Memory through the debug path: the PPB's CPUID (0x411FD221, Cortex-M55 r1p1) reads;
    # UART0's DATA (0x49303000), whose read would take a received byte, is refused (E02), its STATE
    # next to it reads.
    c.ask("me000ed00,4", "CPUID", "21d21f41")
    c.ask("m49303000,4", "UART0 DATA (a read that acts)", "E02")
    c.ask("m49303004,4", "UART0 STATE", "^[0-9a-f]{8}")
    c.ask("QStartNoAckMode", "no-ack mode", "OK")
    c.acks = False
    r0_before = c.ask("p0", "r0")
    c.send(frame("c"))
    time.sleep(0.3)
    c.send(b"\x03")
    if c.packet() != "T02":
        fail("the interrupt byte did not stop the core with SIGINT")
    r0_after = c.ask("p0", "r0")
    # spin.S counts in r0 (adds r0, r0, #1): it ran between the two reads.
    if r0_before == r0_after:
        fail(f"r0 did not change while running: {r0_before}")
    c.send(frame("k"))
    ended(p, 130, "the debugger killed the run", "kill")

    # 2. Detach: the program runs to its own end (gdb_target exits with status 9).
    p, port = start(corsim, ["--gdb-wait", target])
    c = Client(port)
    c.ask("D", "detach", "OK")
    ended(p, 9, "counter=5 total=10", "after detach", "stdout")
    # 2b. Attaching in the middle of a run, a breakpoint that is never hit, an interrupt, detaching:
    #     the run ends with the cycles of a run that never saw a debugger.
    stats = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"rsp_client_{os.getpid()}.json")
    ref = subprocess.run([corsim, "-q", "--stats", "-", workload], capture_output=True, text=True, timeout=300)
    ref_cycles = json.loads(ref.stderr[ref.stderr.index("{"):])["cycles"]
    # The workload runs about half a second undebugged (the timed block JIT since session 10); the
    # attach comes early enough to find it running on any host, and once attached the run is
    # interpreted under the debugger's hook, several times slower, so the interrupt that follows
    # soon after the continue finds it running too.
    p, port = start(corsim, ["--stats", stats, workload])
    time.sleep(0.05)
    c = Client(port)
    c.ask("QStartNoAckMode", "no-ack mode", "OK")
    c.acks = False
    c.ask("Z0,4,2", "breakpoint", "OK")  # address 4: in the vector table, never executed
    c.send(frame("c"))
    time.sleep(0.02)
    c.send(b"\x03")
    if c.packet() != "T02":
        fail("the interrupt byte did not stop the core")
    c.ask("z0,4,2", "breakpoint removal", "OK")
    c.ask("D", "detach", "OK")
    p.communicate(timeout=300)
    with open(stats) as f:
        got = json.load(f)["cycles"]
    os.remove(stats)
    if got != ref_cycles:
        fail(f"attach/detach changed the cycles: {got}, {ref_cycles} without a debugger")

    # 2c. Host time spent halted does not count against --timeout: halted for 1.5 s of a 1 s
    #     timeout, the core still runs when continued (the interrupt finds it running).
    p, port = start(corsim, ["--timeout", "1", "--gdb-wait", spin])
    c = Client(port)
    c.ask("?", "stop reason after attach", "S05")
    time.sleep(1.5)
    c.send(frame("c"))
    if c.read(1) != b"+":
        fail("no '+' for c")
    time.sleep(0.2)
    c.send(b"\x03")
    reply = c.packet()
    if reply != "T02":
        fail(f"halted time counted against --timeout: after c, {reply!r}")
    c.send(b"+")
    c.send(frame("k"))
    ended(p, 130, "the debugger killed the run", "kill after the timeout check")

    # 3. Ctrl-C (SIGINT) on corsim while it waits at reset for a debugger: the run ends, status 130.
    p, port = start(corsim, ["--gdb-wait", target])
    time.sleep(0.2)
    p.send_signal(signal.SIGINT)
    ended(p, 130, "interrupted (SIGINT)", "SIGINT while waiting")

    # ... and while GDB holds the core halted: GDB is told (X02, SIGINT), status 130.
    p, port = start(corsim, ["--gdb-wait", target])
    c = Client(port)
    c.ask("?", "stop reason after attach", "S05")
    p.send_signal(signal.SIGINT)
    if c.packet() != "X02":
        fail("SIGINT while halted: GDB was not told X02")
    c.send(b"+")
    ended(p, 130, "interrupted (SIGINT) while the debugger held the core", "SIGINT while halted")

    # 4. A port already in use: one error line, status 2, no crash.
    busy = socket.socket()
    busy.bind(("127.0.0.1", 0))
    busy.listen(1)
    p = subprocess.run([corsim, "--gdb", str(busy.getsockname()[1]), target], capture_output=True, text=True,
                       timeout=30)
    errors = [l for l in p.stderr.splitlines() if "error" in l]
    if p.returncode != 2 or len(errors) != 1 or "cannot listen" not in errors[0]:
        fail(f"busy port: exit {p.returncode}, stderr {p.stderr!r}")
    busy.close()
    print("PASS")


if __name__ == "__main__":
    main()
