"""The browser tests under load, again and again: is any of them flaky? (issue 49; a measurement, not CI)

A browser test must wait for the state it asserts, never for time; one that reads the page before it has caught
up passes on a quiet machine and fails on a busy one. This runs every browser test (the page in Chromium, the site
in Chromium, Firefox ESR and WebKit, the room and the play view as they come) --runs times in a row while a load
generator keeps every core busy, and counts the failures, naming each.

Controls, first: the browser tests are collected (none found would read as "no failures"), and the load is
measured while it runs: the machine's idle time over the loop (from /proc/stat; the cores were kept busy when it
is near nothing) and the load's own share (its processes' CPU time over the loop's wall time, per core: the
browsers and pytest take the rest, so this says how hard the tests themselves were pressed). A loop whose cores
sat idle is said to be so, since it then proves less.

    python benchmarks/browser_stress.py --runs 10          # with the venv's python, from the repository root
    python benchmarks/browser_stress.py --runs 1 --load 0  # once, quiet (the control for the figures)
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import re
import subprocess
import sys
import time
from multiprocessing.synchronize import Event
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# the files whose tests drive a browser: named so (test_*browser*.py, *engines*), or driving one themselves
# (Playwright or selenium imported: the site's snapshot test is one)
BROWSER_TESTS = sorted(
    str(p.relative_to(ROOT))
    for p in (ROOT / "tests" / "web").glob("test_*.py")
    if re.search("browser|engines", p.name) or re.search(r"^(from|import) (playwright|selenium)", p.read_text(), re.M)
)


def burn(stop: Event) -> None:
    """Keep one core busy until told to stop."""
    x = 0
    while not stop.is_set():
        for _ in range(100_000):
            x = (x * 31 + 7) % 1_000_003


def collected() -> int:
    out = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", *BROWSER_TESTS],
        capture_output=True, text=True, cwd=ROOT,
    )  # fmt: skip
    match = re.search(r"(\d+) tests? collected", out.stdout)
    return int(match.group(1)) if match else 0


def run_once(workers: str) -> tuple[float, list[str], str, str]:
    """One pass of the browser tests: wall time, the failed tests (id and pytest's short reason), pytest's last
    line, and its whole output (kept when a test failed: a failure under load must be read, not only counted)."""
    start = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", workers, "-rf", *BROWSER_TESTS],
        capture_output=True, text=True, cwd=ROOT,
    )  # fmt: skip
    failed = re.findall(r"^(?:FAILED|ERROR) (.+)$", out.stdout, re.M)
    last = out.stdout.strip().splitlines()[-1] if out.stdout.strip() else out.stderr.strip()[-300:]
    if out.returncode not in (0, 1):
        failed.append(f"(pytest exit {out.returncode})")
    return time.perf_counter() - start, failed, last, out.stdout + out.stderr


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--load", type=int, default=os.cpu_count() or 2, help="busy processes (default: one per core)")
    parser.add_argument("--workers", default="auto", help="pytest-xdist workers (default: auto, one per core)")
    args = parser.parse_args()

    count = collected()
    print(f"control: {count} browser tests collected from {len(BROWSER_TESTS)} files: {', '.join(BROWSER_TESTS)}")
    if count == 0:
        print("no browser test collected: nothing could be measured")
        return 2

    stop = multiprocessing.Event()
    burners = [multiprocessing.Process(target=burn, args=(stop,), daemon=True) for _ in range(args.load)]
    for p in burners:
        p.start()
    pids = [p.pid for p in burners]
    start, idle_before = time.perf_counter(), _idle()
    every: list[str] = []
    try:
        for n in range(1, args.runs + 1):
            seconds, failed, last, output = run_once(args.workers)
            every += failed
            print(f"run {n}/{args.runs}: {seconds:.0f} s, {len(failed)} failed  [{last}]", flush=True)
            for test in failed:
                print(f"    {test[:300]}")
            if failed:
                kept = ROOT / "output" / f"browser-stress-run-{n}.log"
                kept.parent.mkdir(exist_ok=True)
                kept.write_text(output, encoding="utf-8")
                print(f"    pytest's whole output: {kept.relative_to(ROOT)}", flush=True)
    finally:
        busy = sum(_cpu_seconds(pid) for pid in pids)
        stop.set()
        for p in burners:
            p.join(5)
    wall = time.perf_counter() - start
    idle = (_idle() - idle_before) / wall / (os.cpu_count() or 1)
    held = "kept busy" if idle < IDLE_AT_MOST else "NOT kept busy: this loop proves less than it says"
    print(f"control: the machine's {os.cpu_count()} cores were idle {idle:.1%} of {wall:.0f} s ({held})")
    if args.load:
        share = busy / wall / args.load
        print(f"control: the load's {args.load} processes had {share:.0%} of a core each (the tests had the rest)")
    print(f"{len(every)} failures in {args.runs} runs of {count} browser tests under a load of {args.load}")
    return 1 if every else 0


IDLE_AT_MOST = 0.05  # the cores "kept busy": idle less than a twentieth of the loop


def _idle() -> float:
    """The machine's idle seconds so far, all cores together (/proc/stat's cpu line: idle and iowait)."""
    fields = Path("/proc/stat").read_text().splitlines()[0].split()
    return (int(fields[4]) + int(fields[5])) / os.sysconf("SC_CLK_TCK")


def _cpu_seconds(pid: int | None) -> float:
    """A process's user + system CPU time so far, from /proc (Linux)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


if __name__ == "__main__":
    sys.exit(main())
