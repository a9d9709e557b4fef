"""The room's minute under load (issue 52): 64 phones report and confirm their tables' results within one minute
to `listgen tournament serve` (a process of its own, as on the organiser's laptop), while the board asks for its
data every 3 seconds from two screens and the organiser runs the command line beside it (the standings every 10
seconds, each holding the event's lock) and pairs the next round the moment the last confirmation is sent.

It prints every answer's time (min, median, max), the answers that were not a success, and the results lost or
recorded twice, read back from the round file: both must be 0.

    python benchmarks/room_load.py [--players 64] [--seconds 60] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
LISTGEN = [sys.executable, "-m", "listgen"]


def event(folder: Path, players: int) -> Path:
    """An event of `players` players, locked, round 1 paired (each player's list the same legal one)."""
    base = (ROOT / "armies" / "smle-german-section.yaml").read_text(encoding="utf-8")
    (folder / "entries").mkdir()
    for i in range(players):
        (folder / "entries" / f"p{i:03}.yaml").write_text(base.replace("Club example", f"Player {i:03}"), "utf-8")
    pack = folder / "pack.yaml"
    pack.write_text("event: Load\nrulesets: [smle]\nlists: entries\nrounds:\n  seed: 1\n  count: 3\n", "utf-8")
    for args in ([str(pack), "--lock", "-o", str(folder / "check")], ["pair", str(pack), "-o", str(folder / "out")]):
        subprocess.run([*LISTGEN, "tournament", *args], check=True, capture_output=True)
    return pack


class Answers:
    def __init__(self):
        self.times: list = []
        self.failed: list = []
        self.recorded: dict = {}
        self.lock = threading.Lock()

    def ask(self, url: str, form: dict | None, origin: str) -> str:
        data = urllib.parse.urlencode(form).encode() if form is not None else None
        request = urllib.request.Request(url, data=data, headers={"Origin": origin} if data else {})
        start = time.perf_counter()
        try:
            with urllib.request.urlopen(request, timeout=120) as answer:
                body = answer.read().decode()
                status = answer.status
        except urllib.error.HTTPError as exc:
            body, status = exc.read().decode(), exc.code
        except OSError as exc:
            body, status = str(exc), 0
        took = time.perf_counter() - start
        with self.lock:
            self.times.append(took)
            if status != 200:
                self.failed.append((url, status, re.sub(r"<[^>]+>", " ", body)[:200]))
        return body


def phone(answers: Answers, base: str, code: str, scores: tuple, personal: str, table: int, at: float) -> None:
    """One phone: its table's page, then its report (or confirmation), at its moment of the minute."""
    time.sleep(max(0.0, at - time.monotonic()))
    answers.ask(f"{base}/report/table", {"code": code}, base)
    body = answers.ask(f"{base}/report", {"code": code, "first": scores[0], "second": scores[1],
                                          "personal": personal}, base)  # fmt: skip
    if "confirmed and recorded" in body:
        with answers.lock:
            answers.recorded[table] = answers.recorded.get(table, 0) + 1


def board(answers: Answers, base: str, stop: threading.Event) -> None:
    while not stop.is_set():
        answers.ask(f"{base}/board.json", None, base)
        stop.wait(3)


def organiser(pack: Path, stop: threading.Event, said: list) -> None:
    while not stop.is_set():
        start = time.perf_counter()
        ran = subprocess.run([*LISTGEN, "tournament", "standings", str(pack), "-o", str(pack.parent / "standings")],
                             capture_output=True, text=True)  # fmt: skip
        said.append(("standings", ran.returncode, time.perf_counter() - start))
        stop.wait(10)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=64)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    sys.path.insert(0, str(ROOT))
    from listgen.events.event_state import read_state
    from listgen.events.room_state import personal_code

    folder = Path(tempfile.mkdtemp(prefix="listgen-room-load-"))
    server = None
    try:
        pack = event(folder, args.players)
        server = subprocess.Popen([*LISTGEN, "tournament", "serve", str(pack), "--port", "0", "--lan", "127.0.0.1",
                                   "-o", str(folder / "out")], stdout=subprocess.PIPE, text=True)  # fmt: skip
        assert server.stdout is not None
        base = ""
        for line in server.stdout:
            if line.startswith("players (board, results): "):
                base = line.split(": ", 1)[1].strip()
                break
        threading.Thread(target=server.stdout.read, daemon=True).start()  # the rest of its output, unread
        secret = read_state(str(pack))["secret"]
        games = [
            g for g in yaml.safe_load((folder / "results" / "round-1.yaml").read_text())["games"] if g.get("table")
        ]
        rng = random.Random(args.seed)
        answers, stop, said = Answers(), threading.Event(), []
        start = time.monotonic()
        phones = []
        wanted = {}
        for g in games:  # each table: one player reports at a random moment, the other confirms later in the minute
            a, b = g["players"]
            scores = (rng.randrange(0, 21), rng.randrange(0, 21))
            wanted[g["table"]] = list(scores)
            first = start + rng.uniform(0, args.seconds * 0.8)
            second = rng.uniform(first + 1, start + args.seconds)
            for who, at in ((a, first), (b, second)):
                phones.append(threading.Thread(target=phone, args=(answers, base, g["code"], scores,
                                                                   personal_code(secret, who), g["table"], at)))  # fmt: skip
        side = [threading.Thread(target=board, args=(answers, base, stop)) for _ in range(2)]
        side.append(threading.Thread(target=organiser, args=(pack, stop, said)))
        for thread in phones + side:
            thread.start()
        for thread in phones:
            thread.join()
        last = time.monotonic() - start
        paired = time.perf_counter()
        ran = subprocess.run([*LISTGEN, "tournament", "pair", str(pack), "-o", str(folder / "out")],
                             capture_output=True, text=True)  # fmt: skip
        said.append(("pair", ran.returncode, time.perf_counter() - paired))
        stop.set()
        for thread in side:
            thread.join()
        recorded = {g["table"]: g["score"] for g in yaml.safe_load((folder / "results" / "round-1.yaml").read_text())["games"]
                    if g.get("table")}  # fmt: skip
        lost = [t for t, s in wanted.items() if recorded.get(t) != s]
        doubled = [t for t, n in answers.recorded.items() if n != 1]
        unanswered = [t for t in wanted if t not in answers.recorded]
        times = sorted(answers.times)
        figures = {
            "phones": len(phones),
            "tables": len(games),
            "requests": len(times),
            "last phone answered at (s)": round(last, 1),
            "answer min (s)": round(times[0], 3),
            "answer median (s)": round(statistics.median(times), 3),
            "answer max (s)": round(times[-1], 3),
            "answers not 200": len(answers.failed),
            "results lost": len(lost),
            "results recorded twice": len(doubled),
            "tables never confirmed": len(unanswered),
            "organiser": [f"{what}: exit {code} in {took:.1f} s" for what, code, took in said],
            "round 2 paired": (folder / "results" / "round-2.yaml").exists(),
        }
        print(json.dumps(figures, indent=2))
        for failure in answers.failed[:5]:
            print("not 200:", failure)
        return 0 if not (lost or doubled or unanswered or answers.failed) and ran.returncode == 0 else 1
    finally:
        if server is not None:
            server.terminate()
            server.wait(30)
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
