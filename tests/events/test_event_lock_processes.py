"""The event's lock (one writer at a time, `filelock`) held across processes: on Linux by flock, and where Python
has no fcntl (as on Windows, where the lock listgen made itself held nothing) by what filelock does there. Each
process reads a count, waits, and writes it one higher, inside the lock: a second process waits for the first, and
no count is lost."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from conftest import ROOT

WORKER = """
import sys, time
if sys.argv[3] == "no-fcntl":
    sys.modules["fcntl"] = None  # as on Windows: 'import fcntl' fails
from pathlib import Path
from listgen.events.event_lock import event_lock

pack, rounds = Path(sys.argv[1]), int(sys.argv[2])
count, log = pack.parent / "count", pack.parent / "log"
for _ in range(rounds):
    with event_lock(str(pack), "result", wait=120):
        with log.open("a") as f:
            f.write(f"in {sys.argv[4]}\\n")
        n = int(count.read_text())
        time.sleep(0.01)  # another writer, were it let in, would read the same count here
        count.write_text(str(n + 1))
        with log.open("a") as f:
            f.write(f"out {sys.argv[4]}\\n")
"""


@pytest.mark.slow  # four processes
@pytest.mark.parametrize("fcntl", ["fcntl", "no-fcntl"])
def test_the_events_lock_holds_across_processes_and_loses_no_write(tmp_path, fcntl):
    pack = tmp_path / "pack.yaml"
    pack.write_text("event: Locked\n", encoding="utf-8")
    (tmp_path / "count").write_text("0")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONWARNINGS": "ignore"}
    workers = [
        subprocess.Popen(
            [sys.executable, "-c", WORKER, str(pack), "15", fcntl, str(i)], env=env, stderr=subprocess.PIPE
        )
        for i in range(4)
    ]
    errors = [w.communicate(timeout=300)[1] for w in workers]
    assert [w.returncode for w in workers] == [0] * 4, errors
    assert (tmp_path / "count").read_text() == "60"  # without the lock, counts written over each other are lost
    log = (tmp_path / "log").read_text().split("\n")[:-1]
    assert len(log) == 120
    for enter, leave in zip(log[::2], log[1::2]):  # nobody came in while another was inside
        assert enter.startswith("in ") and leave == "out " + enter[3:], log
