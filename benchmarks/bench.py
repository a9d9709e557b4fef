"""Speed figures named in the issues, measured as a user would see them (wall clock).

    python benchmarks/bench.py

Run from the repository root with listgen installed. Prints each figure beside its target.
Not a test: timings vary by machine; the targets are for this project's 2-core machine.
"""

from __future__ import annotations

import copy
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
ARMIES = ROOT / "armies"
LISTGEN = [sys.executable, "-m", "listgen"]


def wall(cmd, runs=5, **kwargs) -> float:
    """Best of several runs of a command, in seconds."""
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, check=False, capture_output=True, **kwargs)
        times.append(time.perf_counter() - start)
    return min(times)


def best(fn, runs=5) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def fifty_figure_platoon() -> dict:
    """A full platoon of 50 figures: HQ, mortar, and four sections of three teams."""
    team = lambda name, q, figs: {"name": name, "quality": q, "figures": figs, "grenades": 2}
    sections = []
    for s in range(1, 5):
        sections.append({
            "name": f"{s} Section",
            "leader": {"name": f"Cpl. {s}", "quality": "veteran", "weapon": "smg"},
            "teams": [team(f"{s} Bren", "trained", [{"count": 1, "weapon": "lmg"}, {"count": 2, "weapon": "rifle"}]),
                      team(f"{s} Rifles", "trained", [{"count": 4, "weapon": "rifle"}]),
                      team(f"{s} Assault", "trained", [{"count": 3, "weapon": "rifle"}])],
        })
    return {"ruleset": "smle", "name": "Benchmark platoon (50 figures)", "points_limit": 400, "platoons": [{
        "name": "Bench", "leader": {"name": "Lt. Bench", "quality": "veteran", "weapon": "smg"},
        "command_team": team("HQ", "trained", [{"count": 3, "weapon": "rifle"}]),
        "support_teams": [team("Mortar", "trained", [{"count": 1, "weapon": "light-mortar"}, {"count": 1, "weapon": "rifle"}])],
        "sections": sections}]}


def figures(data) -> int:
    p = data["platoons"][0]
    count = 1 + sum(f["count"] for f in p["command_team"]["figures"])
    count += sum(f["count"] for t in p["support_teams"] for f in t["figures"])
    for s in p["sections"]:
        count += 1 + sum(f["count"] for t in s["teams"] for f in t["figures"])
    return count


def main():
    os.environ.setdefault("SOURCE_DATE_EPOCH", "1780000000")
    tmp = Path(tempfile.mkdtemp(prefix="listgen-bench-"))
    rows = []
    try:
        one = ARMIES / "smle-british-rifle-platoon.yaml"
        rows.append(("validate one list (CLI, wall)", wall(LISTGEN + ["validate", str(one)]), 0.5))

        code = "import sys, listgen.cli; sys.exit('reportlab' in sys.modules)"
        clean = subprocess.run([sys.executable, "-c", code]).returncode == 0
        rows.append(("import listgen.cli leaves reportlab unloaded", "yes" if clean else "NO", None))

        sources = sorted(ARMIES.glob("*.yaml"))  # every ruleset's examples, in turn
        many = tmp / "many"
        many.mkdir()
        for i in range(200):
            shutil.copy(sources[i % len(sources)], many / f"list-{i:03d}.yaml")
        files = sorted(str(p) for p in many.glob("*.yaml"))
        rows.append(("validate 200 lists in one call (CLI, wall)", wall(LISTGEN + ["validate"] + files, runs=3), 3.0))

        platoon = fifty_figure_platoon()
        assert figures(platoon) == 50, figures(platoon)
        big = tmp / "platoon50.yaml"
        big.write_text(yaml.safe_dump(platoon, sort_keys=False, allow_unicode=True), encoding="utf-8")
        rows.append(("roster of a 50-figure platoon (CLI, wall)",
                     wall(LISTGEN + ["roster", str(big), "-o", str(tmp / "r.pdf")], runs=3), 1.0))

        from listgen import generate
        from listgen.rulesets import get

        from listgen.rulesets import slugs

        for slug in slugs():
            ruleset = get(slug)
            rows.append((f"{slug} hit tables computed (in process)", best(lambda: ruleset.hit_tables(None)), 1.0))
            rows.append((f"{slug} hit tables as PDF (CLI, wall)",
                         wall(LISTGEN + ["hit-tables", slug, "-o", str(tmp / "h.pdf")], runs=3), 1.0))
        for path in sources:
            rows.append((f"roster {path.name} (CLI, wall)",
                         wall(LISTGEN + ["roster", str(path), "-o", str(tmp / "x.pdf")], runs=3), 1.0))
        rows.append(("build armies/ (CLI, wall)", wall(LISTGEN + ["build", str(ARMIES), "-o", str(tmp / "out")], runs=3), None))
        event = tmp / "event"
        (event / "entries").mkdir(parents=True)
        smle_lists = sorted(ARMIES.glob("smle-*.yaml"))
        for i in range(100):
            text = smle_lists[i % len(smle_lists)].read_text(encoding="utf-8")
            (event / "entries" / f"player-{i:03d}.yaml").write_text(text.replace("player: Club example",
                                                                                 f"player: Player {i:03d}"), encoding="utf-8")
        shutil.copy(ARMIES / "tournament" / "pack.yaml", event / "pack.yaml")
        rows.append(("tournament of 100 lists: report and booklet (CLI, wall)",
                     wall(LISTGEN + ["tournament", str(event / "pack.yaml"), "-o", str(event / "out")], runs=1), 15.0))
        if "--keep" in sys.argv:
            shutil.copy(tmp / "r.pdf", ROOT / "output" / "bench-platoon50-roster.pdf")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    width = max(len(r[0]) for r in rows)
    print(f"{'measure':<{width}}  {'seconds':>8}  target")
    for name, seconds, target in rows:
        if isinstance(seconds, str):
            print(f"{name:<{width}}  {seconds:>8}")
            continue
        verdict = "" if target is None else ("ok" if seconds <= target else "SLOW")
        print(f"{name:<{width}}  {seconds:8.3f}  {'' if target is None else f'< {target}s'} {verdict}")


if __name__ == "__main__":
    main()
