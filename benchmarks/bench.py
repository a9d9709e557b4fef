"""Speed figures named in the issues, measured as a user would see them (wall clock).

    python benchmarks/bench.py                 every figure below but --sizes' (several minutes)
    python benchmarks/bench.py --startup       validate's start-up beside `python -c "import yaml"`
    python benchmarks/bench.py --sizes         issue 39's table: a change on the page at 100 and 500 units, roster
                                               and cards of the largest list, a matchup of two 300-team lists, a
                                               100-entry tournament --lock (--big-event: and 500), round 1 of 128
    python benchmarks/bench.py --changes       issue 55: a change on a flat list and on platoons carrying findings at
                                               25, 100 and 500 units, server CPU and on screen, beside a full check
    python benchmarks/bench.py --catalogue     the builder's catalogue at the example, 100 and 500 units
    python benchmarks/bench.py --ladder        issue 54: a 4,000-game season's ladder (CLI), beside reading its exports
    python benchmarks/bench.py --campaign | --matchup | --rounds | --serve | --lock   one part alone
    python benchmarks/bench.py --pairing       issue 52: rounds 1 and 5 paired at 128, 256, 512 and 1,024 players
    python benchmarks/bench.py --lock-memory   issue 52: the lock's peak memory at 500 and 1,000 entries

Run from the repository root with listgen installed, using the venv's python. Prints each
figure beside its target. Not a test: timings vary by machine; the targets are for this
project's 2-core machine. Validation is measured as a ratio to `python -c "import yaml"` in
the same venv and the same run, so that the machine's speed cancels out.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
ARMIES = ROOT / "armies"
LISTGEN = [str(Path(sys.executable).parent / "listgen")]
# Python caches compiled modules unless told not to; a user's machine does, so the benchmark does too.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def wall(cmd, runs=5, **kwargs) -> float:
    """Best of several runs of a command (after one to warm the caches), in seconds."""
    subprocess.run(cmd, check=False, capture_output=True, env=ENV, **kwargs)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(cmd, check=False, capture_output=True, env=ENV, **kwargs)
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

    def team(name, q, figs):
        return {"name": name, "quality": q, "figures": figs, "grenades": 2}

    sections = []
    for s in range(1, 5):
        sections.append(
            {
                "name": f"{s} Section",
                "leader": {"name": f"Cpl. {s}", "quality": "veteran", "weapon": "smg"},
                "teams": [
                    team(f"{s} Bren", "trained", [{"count": 1, "weapon": "lmg"}, {"count": 2, "weapon": "rifle"}]),
                    team(f"{s} Rifles", "trained", [{"count": 4, "weapon": "rifle"}]),
                    team(f"{s} Assault", "trained", [{"count": 3, "weapon": "rifle"}]),
                ],
            }
        )
    return {
        "ruleset": "smle",
        "name": "Benchmark platoon (50 figures)",
        "points_limit": 400,
        "platoons": [
            {
                "name": "Bench",
                "leader": {"name": "Lt. Bench", "quality": "veteran", "weapon": "smg"},
                "command_team": team("HQ", "trained", [{"count": 3, "weapon": "rifle"}]),
                "support_teams": [
                    team("Mortar", "trained", [{"count": 1, "weapon": "light-mortar"}, {"count": 1, "weapon": "rifle"}])
                ],
                "sections": sections,
            }
        ],
    }


def figures(data) -> int:
    p = data["platoons"][0]
    count = 1 + sum(f["count"] for f in p["command_team"]["figures"])
    count += sum(f["count"] for t in p["support_teams"] for f in t["figures"])
    for s in p["sections"]:
        count += 1 + sum(f["count"] for t in s["teams"] for f in t["figures"])
    return count


# Runs one listgen command in a child and prints its peak memory (KB) last on stderr.
_MEASURED = (
    "import resource, sys\nfrom listgen.__main__ import main\ntry:\n    code = main(sys.argv[1:])\n"
    "finally:\n    print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, file=sys.stderr)\n"
    "sys.exit(code)"
)


def hostile_sizes(tmp: Path) -> list:
    """Issue 19's bound: any list the loader accepts renders roster and cards in under 10 s and 500 MB."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import hostile

    rows = []
    for name, make in hostile.CASES.items():
        path = tmp / "hostile.yaml"
        path.write_text(make(), encoding="utf-8")
        start = time.perf_counter()
        subprocess.run(LISTGEN + ["validate", str(path)], capture_output=True, env=ENV)
        rows.append((f"validate {name}", time.perf_counter() - start, 1.0))
        for command in ("roster", "cards"):
            start = time.perf_counter()
            done = subprocess.run(
                [sys.executable, "-c", _MEASURED, command, str(path), "-o", str(tmp / "h.pdf")],
                capture_output=True,
                env=ENV,
                text=True,
            )
            seconds = time.perf_counter() - start
            peak_mb = int(done.stderr.strip().splitlines()[-1]) / 1024
            rows.append((f"{command} {name}", seconds, 10.0))
            rows.append((f"{command} {name}: peak memory", peak_mb, 500.0, " MB"))
    event = tmp / "hostile-event"
    shutil.copytree(ARMIES / "tournament", event)
    (event / "entries" / "zz-hostile.yaml").write_text(hostile.teams(5000, extra=", grenades: 10000"), encoding="utf-8")
    start = time.perf_counter()
    subprocess.run(
        LISTGEN + ["tournament", str(event / "pack.yaml"), "-o", str(tmp / "hostile-out")], capture_output=True, env=ENV
    )
    rows.append(("tournament: the example event and one 5,000-team entry", time.perf_counter() - start, 10.0))
    return rows


def serve_figures(tmp: Path) -> list:
    """Issue 17: server start to first page under 1 s; a change to findings and points on screen under 100 ms
    for the largest example; roster preview under 1 s."""
    import http.cookiejar
    import json
    import threading
    import urllib.parse
    import urllib.request

    largest = max(ARMIES.glob("*.yaml"), key=lambda p: p.stat().st_size)
    folder = tmp / "served"
    folder.mkdir()
    shutil.copy(largest, folder / largest.name)
    rows: list = []
    starts = []
    for _ in range(3):
        began = time.perf_counter()
        server = subprocess.Popen(
            LISTGEN + ["serve", str(folder), "--port", "0", "--no-browser"], stdout=subprocess.PIPE, text=True, env=ENV
        )
        try:
            url = server.stdout.readline().split(" at ", 1)[1].strip()  # type: ignore[union-attr]
            opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
            assert opener.open(url).status == 200
            starts.append(time.perf_counter() - began)
        finally:
            server.terminate()
            server.wait()
    rows.append(("serve: start to first page (CLI, wall)", min(starts), 1.0))

    from listgen.web.serve import start

    server, url = start(folder, port=0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = url.split("?")[0].rsplit("/", 1)[0]
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    opener.open(url)
    text = largest.read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    count_path = next(_count_paths(data))

    def post(path: str, fields: dict) -> tuple:
        body = urllib.parse.urlencode(fields).encode()
        request = urllib.request.Request(base + path, data=body, headers={"Origin": base})
        with opener.open(request) as answer:
            return answer.read(), answer.headers

    import statistics

    from listgen.web.changes import text_after

    # as the page goes: each change is sent with the text the one before it returned
    current, times = text, []
    for value in ("3", "2") * 6:
        began = time.perf_counter()
        answer, headers = post(
            "/change", {"yaml": current, "op": "set", "path": json.dumps(count_path), "value": value}
        )
        times.append(time.perf_counter() - began)
        current = text_after(current, answer.decode(), headers)
    rows.append((f"serve: a form change, {largest.name} (HTTP round trip, median)", statistics.median(times), 0.1))
    first = {"yaml": text, "op": "set", "path": json.dumps(count_path), "value": "3"}
    rows.append(
        ("serve: a form change on a text not yet read (HTTP, best)", best(lambda: post("/change", first), 5), None)
    )
    typed = {"yaml": text, "op": "text"}
    rows.append(
        (f"serve: a YAML pane edit, {largest.name} (HTTP round trip)", best(lambda: post("/change", typed), 9), 0.1)
    )
    rows.append(
        (
            f"serve: roster preview, {largest.name} (HTTP round trip)",
            best(lambda: post("/api/render/roster", typed), 3),
            1.0,
        )
    )
    rows += _on_screen(base, url, largest.name, count_path)
    server.shutdown()
    return rows


def _count_paths(data, path=()):
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "count" and isinstance(value, int):
                yield list(path + (key,))
            yield from _count_paths(value, path + (key,))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _count_paths(value, path + (i,))


def _on_screen(base: str, url: str, name: str, count_path: list) -> list:
    """From a change in the form to the redrawn findings and points in the page, in headless Chromium: a value
    changed, and an entry added then removed (the list whose count_path is in)."""
    chromium = shutil.which("chromium")
    if chromium is None:
        return [("serve: a form change on screen (Chromium)", "no chromium", None)]
    import json
    import statistics

    from playwright.sync_api import sync_playwright

    from listgen.web.form import anchor

    timed = """([selector, value]) => new Promise(resolve => {
        const control = document.querySelector(selector);
        const began = performance.now();
        document.body.addEventListener("htmx:afterSettle",
            () => resolve((performance.now() - began) / 1000), {once: true});
        if (value === null) { control.click(); return; }
        control.value = value;
        control.dispatchEvent(new Event("change", {bubbles: true}));
    })"""
    entries = json.dumps(count_path[:-2], separators=(",", ":"))  # the figures lines the count is in
    added = json.dumps(count_path[:-2] + [1], separators=(",", ":"))
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-background-networking"])
        page = browser.new_page()
        page.goto(url)
        page.goto(f"{base}/edit/{name}")
        values, shapes = [], []
        for value in ("3", "2") * 4 + ("3",):
            page.wait_for_timeout(300)  # a user looks before the next change
            values.append(page.evaluate(timed, ["#f" + anchor(tuple(count_path)), value]))
        for i in range(8):
            page.wait_for_timeout(300)
            button = (
                f"button[data-op=add][data-path='{entries}']"
                if i % 2 == 0
                else (f"button[data-op=remove][data-path='{added}']")
            )
            shapes.append(page.evaluate(timed, [button, None]))
        browser.close()
    print("on screen:", [round(t * 1000) for t in values], [round(t * 1000) for t in shapes], file=sys.stderr)
    return [
        (f"serve: a value changed, on screen, {name} (Chromium, median of 9)", statistics.median(values), 0.1),
        ("serve: an entry added or removed, on screen (Chromium, median of 8)", statistics.median(shapes), 0.1),
    ]


@contextlib.contextmanager
def served_edit(browser, text: str) -> Iterator:
    """A page of ``browser`` (a Playwright browser or context) on the editor of ``text``, saved as list.yaml in a
    folder of its own and served by `listgen serve`'s own server; closed, and the server shut down, after."""
    import threading

    from listgen.web.serve import start

    with scratch() as folder:
        (folder / "list.yaml").write_text(text, encoding="utf-8")
        server, url = start(folder, port=0)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        page = browser.new_page()
        try:
            page.goto(url)
            page.goto(url.split("?")[0].rsplit("/", 1)[0] + "/edit/list.yaml")
            yield page
        finally:
            page.close()
            server.shutdown()


def on_page(page) -> tuple:
    """(evaluate, pause) of a Playwright page, as the shared series below take them: a script given one array of
    arguments, and a user's look before the next step (300 ms, as each series here has always paused)."""
    return (lambda script, args: page.evaluate(script, args)), (lambda: page.wait_for_timeout(300))


def _on_screen_at_sizes(tmp: Path, what: str, aims: tuple, measure, sizes=(100, 500)) -> None:
    """Each size's S.M.L.E. list of teams served by `listgen serve`'s own server and opened in headless Chromium;
    ``measure(page, n)`` gives its timings in seconds, printed min/median beside the aim."""
    import statistics

    chromium = shutil.which("chromium")
    if chromium is None:
        print(f"{what} on screen: not measured (no chromium on this machine)")
        return
    import logging

    from playwright.sync_api import sync_playwright

    from listgen.__main__ import collect_less

    collect_less()  # as `listgen serve` runs (listgen.__main__.main)
    logging.getLogger("werkzeug").setLevel(logging.ERROR)  # each request's line: the figures are what is read
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-background-networking"])
        for n, aim in zip(sizes, aims):
            with served_edit(browser, teams_list(n)) as page:
                times = measure(page, n)
            verdict = "ok" if statistics.median(times) <= aim else "SLOW"
            print(f"{what + ' on screen, ' + str(n) + ' units (Chromium)':<52} {min(times):7.3f}/{statistics.median(times):.3f} s"
                  f"{'':<14}<= {aim:g} s {verdict}")  # fmt: skip
        browser.close()


# the teams' catalogue: on a list of teams, every team priced at the list's 100 or 500; on the platoon-shaped list,
# the first section's (every team priced in that section of the company): not the empty sections list's
CATALOGUE = "button.catalogue-open[hx-vals*='teams']"
# From the click to the panel drawn (ms); a page that does not settle in 120 s fails the run (a hang guard)
_OPENED = """([selector]) => new Promise((resolve, reject) => {
    const began = performance.now();
    const guard = setTimeout(() => reject(new Error("the catalogue did not settle in 120 s")), 120000);
    document.body.addEventListener("htmx:afterSettle", (e) => {
        clearTimeout(guard);
        const panel = e.detail.target;
        if (!panel || !panel.classList.contains("catalogue-panel") || !panel.children.length) {
            reject(new Error("the catalogue's panel was not drawn")); return;
        }
        resolve(performance.now() - began);
    }, {once: true});
    document.querySelector(selector).click();
})"""


def catalogue_times(evaluate, pause, runs: int, warm: bool = False) -> list:
    """The teams' catalogue opened ``runs`` times, from the click to the panel drawn, in seconds; ``warm``: once
    first, not counted (the modules a first catalogue imports)."""
    if warm:
        pause()
        evaluate(_OPENED, [CATALOGUE])
    times = []
    for _ in range(runs):
        pause()  # a user looks before clicking again
        times.append(evaluate(_OPENED, [CATALOGUE]) / 1000)
    return times


def catalogue_on_screen(tmp: Path, runs: int = 7) -> None:
    """Issue 39: the catalogue opened on a 100- and a 500-unit list, from the click to the panel drawn (min and
    median of ``runs``); aims 0.5 s and 2 s. Its server-side part, beside one check of the list, is --catalogue's."""

    def measure(page, _n: int) -> list:
        return catalogue_times(*on_page(page), runs)

    _on_screen_at_sizes(tmp, "catalogue opened", (0.5, 2.0), measure)


@contextlib.contextmanager
def scratch() -> Iterator[Path]:
    """A folder of the bench's own, removed after, whatever happens in it."""
    with tempfile.TemporaryDirectory(prefix="listgen-bench-", ignore_cleanup_errors=True) as name:
        yield Path(name)


def round_one_cli(players: int) -> float:
    """Issue 36: `listgen tournament pair` of round 1 for an event of players entries, as an organiser runs it: the
    best of three runs' wall time, each from a fresh rounds folder."""
    with scratch() as tmp:
        (tmp / "entries").mkdir()
        base = (ARMIES / "smle-german-section.yaml").read_text(encoding="utf-8")
        for i in range(players):
            (tmp / "entries" / f"p{i}.yaml").write_text(base.replace("Club example", f"Player {i}"), encoding="utf-8")
        (tmp / "pack.yaml").write_text("event: Bench\nrulesets: [smle]\nlists: entries\n", encoding="utf-8")
        times = []
        for _ in range(3):
            for stale in ("results", "out"):  # a fresh round 1 each time, its secret made anew
                shutil.rmtree(tmp / stale, ignore_errors=True)
            (tmp / "pack.event.json").unlink(missing_ok=True)
            started = time.perf_counter()
            subprocess.run(LISTGEN + ["tournament", "pair", str(tmp / "pack.yaml"), "-o", str(tmp / "out")],
                           check=True, capture_output=True, env=ENV)  # fmt: skip
            times.append(time.perf_counter() - started)
        return min(times)


def rounds_figures(events: int = 10_000) -> list:
    """Issue 30: 128 players paired (after six rounds of results), and the simulator at full size: random events of
    8 to 128 players, 3 to 7 rounds, random results and drops, each checked as tests/test_rounds.py checks one."""
    sys.path.insert(0, str(ROOT / "tests"))
    from test_rounds import random_event, simulate

    from listgen.events.rounds import pair

    names, rounds, rules = random_event(1, 128, 6)
    rows = [("pair round 7 of 128 players (library)", best(lambda: pair(names, rounds, rules, 7), runs=3), 2.0)]
    rows.append(("pair round 1 of 128 players (CLI, start-up and entry check included)", round_one_cli(128), 2.0))
    started = time.perf_counter()
    for seed in range(events):
        simulate(seed)
    rows.append((f"simulated events checked ({events:,}, 8-24 players)", time.perf_counter() - started, None))
    started = time.perf_counter()
    for seed in range(events // 50):
        simulate(seed, 25, 128)
    rows.append((f"simulated events checked ({events // 50:,}, 25-128 players)", time.perf_counter() - started, None))
    return rows


def matchup_figures(tmp: Path) -> list:
    """Issue 29: a matchup sheet of the two largest examples of each ruleset that gives one, under 1 s."""
    from listgen.core.validate import check_file
    from listgen.rulesets import get, slugs

    rows = []
    examples = {p: check_file(str(p)).ruleset for p in ARMIES.glob("*.yaml")}
    for slug in slugs():
        if get(slug).matchup_refusal():
            continue
        ours = [p for p, ruleset in examples.items() if ruleset == slug]
        lists = sorted(ours, key=lambda p: p.stat().st_size, reverse=True)[:2]
        if len(lists) < 2:
            continue
        mine, theirs = (check_file(str(p)) for p in lists)
        rows.append(
            (
                f"{slug} matchup computed, two largest examples (in process)",
                best(lambda mine=mine, theirs=theirs, slug=slug: get(slug).matchup_tables(mine.army, theirs.army)),
                1.0,
            )
        )
        cmd = ["hit-tables", "--army", str(lists[0]), "--against", str(lists[1]), "-o", str(tmp / "m.pdf")]
        rows.append((f"{slug} matchup sheet as PDF (CLI, wall)", wall(LISTGEN + cmd, runs=3), 1.0))
    return rows


def timed(fn, runs: int = 5) -> tuple:
    """(min wall, median wall, min CPU, median CPU) of runs, in seconds."""
    import statistics

    walls, cpus = [], []
    for _ in range(runs):
        w, c = time.perf_counter(), time.process_time()
        fn()
        walls.append(time.perf_counter() - w)
        cpus.append(time.process_time() - c)
    return min(walls), statistics.median(walls), min(cpus), statistics.median(cpus)


def teams_list(n: int) -> str:
    """An S.M.L.E. list of n independent rifle teams (what a company game grown to n units reads like)."""
    teams = "".join(
        f"  - name: Team {i}\n    quality: trained\n    figures:\n      - {{count: 4, weapon: rifle}}\n"
        for i in range(n)
    )
    return f"ruleset: smle\nname: {n} teams\nteams:\n{teams}"


def platoon_list(n: int) -> str:
    """An S.M.L.E. company of about n units (teams and leaders) in the shape of a real one, carrying findings:
    platoons of a leader, a command team and four sections of a leader and three teams (one of them green, so
    that each section mixes qualities: SMLE-COMPANY-SECTION-MIXED; each section leader warned of in a company
    game: SMLE-COMPANY-SECTION-LEADER; past four platoons, SMLE-COMPANY-PLATOONS)."""
    out = ["ruleset: smle", f"name: {n} units in platoons", "points_limit: 5000",
           "company_leader: {name: Capt. Bench, quality: veteran, weapon: smg}", "platoons:"]  # fmt: skip
    teams = (("trained", ["{count: 1, weapon: lmg}", "{count: 2, weapon: rifle}"]),
             ("trained", ["{count: 4, weapon: rifle}"]), ("green", ["{count: 3, weapon: rifle}"]))  # fmt: skip
    units, p = 0, 0
    while units < n:
        out += [f"  - name: {p} Platoon", f"    leader: {{name: Lt. {p}, quality: veteran, weapon: smg}}",
                "    command_team:", f"      name: {p} HQ", "      quality: trained", "      figures:",
                "        - {count: 2, weapon: rifle}", "    sections:"]  # fmt: skip
        units += 2
        for s in range(4):
            if units >= n:
                break
            out += [f"      - name: {p}.{s} Section", f"        leader: {{name: Cpl. {p}.{s}, quality: trained, weapon: smg}}",
                    "        teams:"]  # fmt: skip
            for t, (quality, figures) in enumerate(teams):
                out += [
                    f"          - name: {p}.{s}.{t} Team",
                    f"            quality: {quality}",
                    "            figures:",
                ]
                out += [f"              - {f}" for f in figures]
            units += 1 + len(teams)
        p += 1
    return "\n".join(out) + "\n"


# the two shapes a change is timed on: (name, the list of about n units, the count a change sets)
SHAPES = (
    ("flat", teams_list, lambda n: ("teams", n // 2, "figures", 0, "count")),
    (
        "platoons",
        platoon_list,
        lambda n: ("platoons", (n // 18) // 2, "sections", 1, "teams", 1, "figures", 0, "count"),
    ),
)
CHANGE_AIMS = {25: 0.1, 100: 0.1, 500: 0.3}  # issue 55: on screen at the page (the site: twice that)


def _stats(times: list) -> tuple:
    import statistics

    return min(times), statistics.median(times)


def change_on_server(n: int, make, where) -> None:
    """A change on `listgen serve`'s server (its own Flask app, as `serve` runs it): wall and CPU of the /change
    request, beside a full check of the same list and a full answer (the whole form drawn, as typing in the YAML
    gets), min and median of each, in the same run."""
    import json

    from listgen.core.validate import check_text
    from listgen.web.app import create_app
    from listgen.web.changes import text_after

    host = "127.0.0.1:8123"
    with scratch() as folder:
        text = make(n)
        (folder / "list.yaml").write_text(text, encoding="utf-8")
        client = create_app(folder, "k", hosts={host}).test_client()
        client.get("/?key=k", headers={"Host": host})
        client.get("/edit/list.yaml", headers={"Host": host})
        headers = {"Host": host, "Origin": f"http://{host}"}

        def post(fields: dict) -> tuple:
            # the request's own thread's CPU: not the text read in the background after a full answer
            w, c = time.perf_counter(), time.thread_time()
            answer = client.post("/change", data=fields, headers=headers)
            return time.perf_counter() - w, time.thread_time() - c, answer

        changes, fulls, checks, current, size = [], [], [], text, 0
        for value in ("3", "5", "6", "2", "1") * 3:  # each text new: none is one the page has kept
            wall_s, cpu_s, answer = post(
                {"yaml": current, "op": "set", "path": json.dumps(list(where)), "value": value}
            )
            changes.append((wall_s, cpu_s))
            size = len(answer.get_data())
            current = text_after(current, answer.get_data(as_text=True), answer.headers)
        for i in range(5):
            typed = current.replace(f"name: {n} ", f"name: {n + 1 + i} ", 1)  # a new text, typed in the YAML
            fulls.append(post({"yaml": typed, "op": "text"})[:2])
        for _ in range(5):
            c = time.thread_time()
            check_text(current, "x.yaml")
            checks.append(time.thread_time() - c)
    cpu, full, check = _stats([c for _w, c in changes]), _stats([c for _w, c in fulls]), _stats(checks)
    print(f"  server CPU: change {cpu[0] * 1000:6.1f}/{cpu[1] * 1000:6.1f} ms ({size // 1024} KB answer); "
          f"full answer {full[0] * 1000:6.1f}/{full[1] * 1000:6.1f} ms; "
          f"one check {check[0] * 1000:6.1f}/{check[1] * 1000:6.1f} ms")  # fmt: skip


# From the change to the page settled, in the page: the request sent, the answer in, swapped, settled (ms). What was
# asked must be on screen once painted (a change: the YAML pane edited; the YAML typed: the form's name field drawn
# from it), else the run fails, as it does for a page that has not settled in 120 s (a hang guard, not a figure).
_TIMED_CHANGE = """([selector, value, typed]) => new Promise((resolve, reject) => {
    const marks = {};
    const began = performance.now();
    const guard = setTimeout(() => reject(new Error("the page did not settle in 120 s")), 120000);
    const before = document.getElementById("yaml").value;
    const mark = (name) => (e) => { marks[name] = performance.now() - began; };
    const names = ["htmx:beforeOnLoad"];
    const handlers = names.map(n => [n, mark(n)]);
    handlers.forEach(([n, h]) => document.body.addEventListener(n, h, {once: true}));
    document.body.addEventListener("htmx:afterSettle", () => {
        marks.settled = performance.now() - began;
        handlers.forEach(([n, h]) => document.body.removeEventListener(n, h));
        requestAnimationFrame(() => setTimeout(() => {
            marks.painted = performance.now() - began;
            clearTimeout(guard);
            if (typed === null ? document.getElementById("yaml").value !== before
                               : document.querySelector(selector)?.value === typed) { resolve(marks); return; }
            reject(new Error(typed === null ? "the change did not reach the YAML pane" : "the form was not redrawn"));
        }));
    }, {once: true});
    if (typed !== null) {
        const yaml = document.getElementById("yaml");
        yaml.value = yaml.value.replace(/^name: .*$/m, "name: " + typed);
        htmx.ajax("POST", document.getElementById("form-pane").getAttribute("hx-post"),
                  {source: "#yaml", target: "#form-pane", swap: "morph:innerHTML", values: {op: "text"}});
        return;
    }
    const control = document.querySelector(selector);
    control.value = value;
    control.dispatchEvent(new Event("change", {bubbles: true}));
})"""
# the values a change sets in turn, each unlike the one before it (the count SHAPES change starts at 4 in both)
CHANGE_VALUES = ("3", "5", "6", "2", "1", "3", "5", "6", "2")


def change_times(evaluate, pause, control: str, runs: int = 9, warm: bool = False, busy=None, typed: bool = True):
    """A change of ``control`` then a full answer (the YAML typed: every part of the form checked and redrawn),
    ``runs`` times, each after a user's pause: (the changes' marks, the full answers' marks), in ms. ``typed``
    False: the changes alone, in a row (no full answers). ``warm``: one of each first, not counted (what the first
    of each imports); ``busy()``: seconds the page's main thread has run, read around each change ("busy")."""
    from listgen.web.form import anchor

    name = "#f" + anchor(("name",))  # the list's name field: what a full answer redraws from the YAML typed
    if warm:
        for args in ([control, "7", None], [name, None, "warm"])[: 2 if typed else 1]:
            pause()
            evaluate(_TIMED_CHANGE, args)
    changes, fulls = [], []
    for i in range(runs):
        pause()  # a user looks before the next change
        began = busy() if busy else 0.0
        changes.append(evaluate(_TIMED_CHANGE, [control, CHANGE_VALUES[i % len(CHANGE_VALUES)], None]))
        if busy:
            changes[-1]["busy"] = (busy() - began) * 1000
        if typed:
            pause()
            fulls.append(evaluate(_TIMED_CHANGE, [name, None, f"typed {i}"]))
    return changes, fulls


def change_on_screen(browser, n: int, make, where, runs: int = 9, warm: bool = False) -> dict:
    """A change on screen in headless Chromium against `listgen serve`'s own server: from the change to the page
    settled (and painted), the answer's arrival and its swap apart; beside a full answer (the YAML typed: every
    part of the form checked and redrawn), min and median of ``runs`` each (``warm``: see change_times). Gives
    (min, median) in ms of the change settled ("change"), of its answer's arrival ("answer") and of the full answer
    settled ("full")."""
    from listgen.web.form import anchor

    with served_edit(browser, make(n)) as page:
        cdp = page.context.new_cdp_session(page)
        cdp.send("Performance.enable")

        def busy() -> float:  # seconds the page's main thread has run tasks (script, style, layout): its CPU share
            return next(
                m["value"] for m in cdp.send("Performance.getMetrics")["metrics"] if m["name"] == "TaskDuration"
            )

        changes, fulls = change_times(*on_page(page), "#f" + anchor(tuple(where)), runs, warm, busy)
    settled, painted = _stats([m["settled"] for m in changes]), _stats([m["painted"] for m in changes])
    answer = _stats([m["htmx:beforeOnLoad"] for m in changes])
    swapped = _stats([m["settled"] - m["htmx:beforeOnLoad"] for m in changes])
    full = _stats([m["settled"] for m in fulls])
    busy_ms = _stats([m["busy"] for m in changes])
    aim = CHANGE_AIMS[n] * 1000
    verdict = "ok" if settled[1] <= aim else "SLOW"
    print(f"  on screen (Chromium): change settled {settled[0]:5.0f}/{settled[1]:5.0f} ms  <= {aim:g} ms {verdict}; "
          f"painted {painted[0]:5.0f}/{painted[1]:5.0f}; answer in {answer[0]:4.0f}/{answer[1]:4.0f}, "
          f"then swapped and settled {swapped[0]:4.0f}/{swapped[1]:4.0f}; the page's main thread busy "
          f"{busy_ms[0]:4.0f}/{busy_ms[1]:4.0f}; full answer settled {full[0]:5.0f}/{full[1]:5.0f} ms")  # fmt: skip
    return {"change": settled, "answer": answer, "full": full}


def changes_figures(sizes=(25, 100, 500), screen: bool = True) -> None:
    """Issue 55: a change on both shapes (flat teams; platoons carrying findings) at each size, on the server and
    on screen, each beside a full check / full answer of the same list in the same run (min/median)."""
    import logging

    from listgen.__main__ import collect_less

    collect_less()  # as `listgen serve` runs (listgen.__main__.main)
    logging.getLogger("werkzeug").setLevel(logging.ERROR)
    chromium = shutil.which("chromium")
    with contextlib.ExitStack() as stack:
        browser = None
        if screen and chromium is not None:
            from playwright.sync_api import sync_playwright

            p = stack.enter_context(sync_playwright())
            browser = p.chromium.launch(
                executable_path=chromium, args=["--no-sandbox", "--disable-background-networking"]
            )
        for shape, make, where in SHAPES:
            for n in sizes:
                print(f"a change, {shape}, {n} units (min/median)")
                change_on_server(n, make, where(n))
                if browser is not None:
                    change_on_screen(browser, n, make, where(n))
                elif screen:
                    print("  on screen: not measured (no chromium on this machine)")


def catalogue_figures() -> None:
    """Issue 39: the catalogue opened at a place of a list (every entry priced there), beside its anchor (one check
    of the list), min and median of wall and CPU time; aims 0.15 s (the example), 0.5 s (100 units), 2 s (500)."""
    from listgen import rulesets
    from listgen.commands.schema import schema
    from listgen.core.catalogue import offers
    from listgen.core.edit import starter_examples
    from listgen.core.validate import check_text

    sch = schema("smle")
    entries = [e for e in rulesets.get("smle").catalogue() if e.kind == "Team"]
    cases = [
        ("example (rifle platoon)", (ARMIES / "smle-british-rifle-platoon.yaml").read_text(), ("platoons", 0, "support_teams"), 0.15),
        ("100 units", teams_list(100), ("teams",), 0.5),
        ("500 units", teams_list(500), ("teams",), 2.0),
    ]  # fmt: skip
    print(
        f"{'catalogue opened (' + str(len(entries)) + ' entries)':<34} {'wall min/median':>17} {'CPU min/median':>17}  aim"
    )
    for name, text, path, aim in cases:
        starter = starter_examples(sch, text)
        anchor = timed(lambda text=text: check_text(text, "x.yaml"))
        got = timed(lambda text=text, path=path, starter=starter: offers(entries, text, path, sch, starter))
        ratio = got[1] / anchor[1]
        verdict = "ok" if got[1] <= aim else "SLOW"
        print(f"{name:<34} {got[0]:7.3f}/{got[1]:.3f} s {got[2]:7.3f}/{got[3]:.3f} s  <= {aim} s {verdict}")
        print(f"{'  anchor: one check of the list':<34} {anchor[0]:7.3f}/{anchor[1]:.3f} s {anchor[2]:7.3f}/{anchor[3]:.3f} s  "
              f"(the catalogue: {ratio:.1f} checks)")  # fmt: skip


def ran(cmd: list, runs: int = 3, before=None) -> tuple:
    """(min wall, median wall, min CPU, median CPU) of a command run ``runs`` times (its children's CPU), in seconds;
    ``before`` runs ahead of each run, untimed (a fresh output folder)."""
    import resource
    import statistics

    walls, cpus = [], []
    for _ in range(runs):
        if before is not None:
            before()
        used, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
        subprocess.run(cmd, capture_output=True, env=ENV, check=False)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        walls.append(time.perf_counter() - start)
        cpus.append(after.ru_utime + after.ru_stime - used.ru_utime - used.ru_stime)
    return min(walls), statistics.median(walls), min(cpus), statistics.median(cpus)


def largest_list() -> str:
    """The largest list issue 39 names: 120 teams of 40 figure rows, each name 100 characters (the loader takes
    it; no force the rules allow comes near)."""
    teams = []
    for t in range(120):
        rows = "".join(
            f"          - {{count: 1, weapon: rifle, role: {(f'r{t}-{i} ' + 'y' * 100)[:100]}}}\n" for i in range(40)
        )
        teams.append(
            f"      - name: {(f'Team {t} ' + 'x' * 100)[:100]}\n        quality: trained\n        figures:\n{rows}"
        )
    return (
        "ruleset: smle\nname: Largest\nsections:\n  - name: S\n    leader: {name: L, quality: veteran, weapon: smg}\n"
        "    teams:\n" + "".join(teams)
    )


def differing_teams(side: str, n: int = 300) -> str:
    """An S.M.L.E. list of n teams that differ in size, quality, motivation and weapons (what keeps a matchup's rows
    and targets from being shared)."""
    from listgen.rulesets.smle import tables as T

    weapons = [w for w in T.WEAPONS if w not in ("tank-gun", "atm", "medium-mortar")]
    qualities, motivations = ["untrained", "green", "trained", "veteran"], [None, "elite", "fanatic"]
    teams = []
    for i in range(n):
        motivation = motivations[(i // 3) % 3]
        teams.append(
            f"  - name: {side} Team {i}\n    quality: {qualities[(i // 2) % 4]}\n"
            + (f"    motivation: {motivation}\n" if motivation else "")
            + f"    figures:\n      - {{count: {2 + (i // len(weapons)) % 4}, weapon: {weapons[i % len(weapons)]}}}\n"
            f"      - {{count: 1, weapon: {weapons[(i * 7 + 3) % len(weapons)]}}}\n"
        )
    return f"ruleset: smle\nname: Side {side}\nteams:\n" + "".join(teams)


def event_of(folder: Path, players: int) -> Path:
    """An event of ``players`` entries, the S.M.L.E. examples in turn, with the example pack: its pack's path.
    Every name in an entry (the force's, each unit's and leader's) carries the player's number, so that no two
    entries print alike: a club's lists share weapons and labels, not names, and nothing kept per text gains
    from a list seen twice."""
    import re

    (folder / "entries").mkdir(parents=True)
    smle_lists = sorted(ARMIES.glob("smle-*.yaml"))
    for i in range(players):
        text = smle_lists[i % len(smle_lists)].read_text(encoding="utf-8")
        text = re.sub(r"(\bname: )([^,}\n]+)", rf"\g<1>\g<2> {i:03d}", text)
        (folder / "entries" / f"player-{i:03d}.yaml").write_text(
            text.replace("player: Club example", f"player: Player {i:03d}"), encoding="utf-8"
        )
    shutil.copy(ARMIES / "tournament" / "pack.yaml", folder / "pack.yaml")
    return folder / "pack.yaml"


def _row(name: str, got: tuple, aim: float | None, anchor: tuple, anchor_name: str) -> None:
    verdict = "" if aim is None else ("ok" if got[1] <= aim else "SLOW")
    aim_text = "" if aim is None else f"<= {aim:g} s {verdict}"
    print(f"{name:<46} {got[0]:7.3f}/{got[1]:.3f} s {got[2]:7.3f}/{got[3]:.3f} s  {aim_text}")
    print(f"{'  anchor: ' + anchor_name:<46} {anchor[0]:7.3f}/{anchor[1]:.3f} s {anchor[2]:7.3f}/{anchor[3]:.3f} s  "
          f"({got[1] / anchor[1]:.1f}x)")  # fmt: skip


def lock_figures(tmp: Path, big_event: bool = False) -> None:
    """A tournament --lock of 100 entries (and of 500 with --big-event), beside validating the same entries."""
    for players, aim in ((100, 5.0), (500, 25.0)) if big_event else ((100, 5.0),):
        pack = event_of(tmp / f"event-{players}", players)

        def fresh(pack=pack):
            pack.with_name("pack.lock.json").unlink(missing_ok=True)
            shutil.rmtree(pack.parent / "out", ignore_errors=True)

        cmd = LISTGEN + ["tournament", str(pack), "-o", str(pack.parent / "out"), "--lock"]
        got = ran(cmd, runs=1 if players > 100 else 3, before=fresh)
        entries = sorted(str(p) for p in (pack.parent / "entries").glob("*.yaml"))
        anchor = ran(LISTGEN + ["validate", *entries], runs=1 if players > 100 else 3)
        _row(f"tournament --lock of {players} entries (CLI)", got, aim, anchor, "validate of the entries")


def sizes_figures(tmp: Path, big_event: bool = False) -> None:
    """Issue 39's table at the sizes a club meets: the page's change on 100- and 500-unit lists, roster and cards of
    the largest list the loader takes, a matchup of two 300-team lists, a tournament --lock of 100 entries (500 with
    --big-event), min and median of wall and CPU time, each beside its anchor in the same run."""

    from listgen.__main__ import collect_less

    collect_less()  # the page's server side as `listgen serve` runs it (the commands timed below run as users run them)
    changes_figures(sizes=(100, 500))  # the page's change, both shapes, server and screen, beside a full check
    print(f"{'at the sizes a club meets':<46} {'wall min/median':>17} {'CPU min/median':>17}  aim")
    largest = tmp / "largest.yaml"
    largest.write_text(largest_list(), encoding="utf-8")
    anchor = ran(LISTGEN + ["validate", str(largest)])
    for command in ("roster", "cards"):
        got = ran(LISTGEN + [command, str(largest), "-o", str(tmp / f"largest-{command}.pdf")])
        _row(f"{command} of the largest list (CLI)", got, 10.0, anchor, "validate of it")
    mine, theirs = tmp / "a.yaml", tmp / "b.yaml"
    mine.write_text(differing_teams("A"), encoding="utf-8")
    theirs.write_text(differing_teams("B"), encoding="utf-8")
    got = ran(LISTGEN + ["hit-tables", "--army", str(mine), "--against", str(theirs), "-o", str(tmp / "m.pdf")])
    _row("matchup of two 300-team lists (CLI)", got, 10.0, ran(LISTGEN + ["validate", str(mine), str(theirs)]),
         "validate of both")  # fmt: skip
    lock_figures(tmp, big_event)
    catalogue_on_screen(tmp)
    best = round_one_cli(128)  # its own best of three, fresh rounds each
    print(
        f"{'round 1 of 128 players (CLI, best of 3)':<46} {best:7.3f} s{'':<29}<= 2 s {'ok' if best <= 2 else 'SLOW'}"
    )
    print("not measured here: a list added or removed on screen at these sizes (--serve times it on the largest "
          "example); the lock of 500 entries without --big-event")  # fmt: skip


def played_event(players: int, played: int, seed: int = 52) -> tuple:
    """An event of ``players`` (no clubs), ``played`` rounds paired by listgen with random results: (names, rounds,
    rules)."""
    import random

    sys.path.insert(0, str(ROOT / "tests" / "events"))
    sys.path.insert(0, str(ROOT / "tests"))
    from test_rounds import game, round_file, rules

    from listgen.events.rounds import pair

    names = [f"Player {i:04d}" for i in range(players)]
    rr, r, rounds = rules(seed=seed), random.Random(seed), []
    for n in range(1, played + 1):
        paired = pair(names, rounds, rr, n)
        rounds.append(round_file(n, [
            game(t, ps, (r.randint(0, 3), r.randint(0, 3))) if t else game(None, ps) for t, ps in paired.games
        ]))  # fmt: skip
    return names, rounds, rr


def pairing_figures(runs: int = 3) -> None:
    """Issue 52: `pair` of round 1 and of round 5 (after four rounds of random results) at 128 to 1,024 players
    (library, in process), min and median of wall and CPU time, each beside its anchor in the same run: the
    standings of the same players and rounds (what `pair` ranks them by). Round 1 of 128 and 256 players is also
    timed over every pair (the matching as it was before issue 52). Aim: 10 s at 1,024 players."""
    from listgen.events import rounds as R

    print(f"{'pairing (library)':<46} {'wall min/median':>17} {'CPU min/median':>17}  aim")
    for players in (128, 256, 512, 1024):
        for n in (1, 5):
            names, rounds, rr = played_event(players, n - 1)
            got = timed(lambda names=names, rounds=rounds, rr=rr, n=n: R.pair(names, rounds, rr, n), runs)
            anchor = timed(lambda names=names, rounds=rounds, rr=rr: R.ranking(names, rounds, rr), runs)
            _row(f"round {n} of {players:,} players", got, 10.0 if players == 1024 else None, anchor,
                 "the standings of them")  # fmt: skip
    for players in (128, 256):
        names, _rounds, rr = played_event(players, 0)
        field = R._field(names, [], rr, 1, names)
        got = timed(lambda field=field, rr=rr: R._whole(field, rr.seed), 1)
        print(f"{f'  round 1 of {players} over every pair (before)':<46} {got[0]:7.3f}/{got[1]:.3f} s "
              f"{got[2]:7.3f}/{got[3]:.3f} s")  # fmt: skip


def peak_memory(cmd: list, before=None) -> tuple:
    """(wall, CPU, peak resident memory in MB) of one run of a command, the child's own (os.wait4)."""
    if before is not None:
        before()
    start = time.perf_counter()
    child = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV)
    _pid, _status, used = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(_status)
    return time.perf_counter() - start, used.ru_utime + used.ru_stime, used.ru_maxrss / 1024


def lock_memory_figures(tmp: Path) -> None:
    """Issue 52: the peak memory of `listgen tournament PACK -o DIR --lock` (the entry check of every list: results,
    report, booklet and lock) at 500 and 1,000 entries, beside its anchor, `listgen validate` of the same entries, in
    the same run. Aim: under 500 MB at 1,000 entries."""
    print(f"{'the lock (CLI, one run each)':<46} {'wall':>8} {'CPU':>8} {'peak':>8}  aim")
    for players in (500, 1000):
        pack = event_of(tmp / f"memory-{players}", players)

        def fresh(pack=pack):
            pack.with_name("pack.lock.json").unlink(missing_ok=True)
            shutil.rmtree(pack.parent / "out", ignore_errors=True)

        got = peak_memory(LISTGEN + ["tournament", str(pack), "-o", str(pack.parent / "out"), "--lock"], fresh)
        entries = sorted(str(p) for p in (pack.parent / "entries").glob("*.yaml"))
        anchor = peak_memory(LISTGEN + ["validate", *entries])
        aim = f"<= 500 MB {'ok' if got[2] <= 500 else 'OVER'}" if players == 1000 else ""
        print(f"{f'tournament --lock of {players:,} entries':<46} {got[0]:7.1f}s {got[1]:7.1f}s {got[2]:6.0f}MB  {aim}")
        print(f"{'  anchor: validate of the entries':<46} {anchor[0]:7.1f}s {anchor[1]:7.1f}s {anchor[2]:6.0f}MB")


def startup_figures(runs: int = 21) -> None:
    """Issue 39: `listgen validate` of one example beside its anchor, `python -c "import yaml"`, the two run in
    turn (so that the machine's load falls on both alike), min and median of wall and CPU time; aim 1.3x."""
    import resource
    import statistics

    core = "import yaml, listgen.__main__, listgen.core.validate, listgen.output.text"
    package = (
        "\nfrom listgen.rulesets import get\nfor part in ('army', 'points', 'checks'):\n    get('smle')._module(part)"
    )
    commands = {
        'python -c "import yaml" (anchor)': [sys.executable, "-c", "import yaml"],
        "listgen validate smle-german-section.yaml": LISTGEN + ["validate", str(ARMIES / "smle-german-section.yaml")],
        # where validate's time goes, stage by stage: what each adds to the one before
        "  stage: python -c pass": [sys.executable, "-c", "pass"],
        "  stage: + listgen's own imports": [sys.executable, "-c", core],
        "  stage: + the ruleset's package (smle)": [sys.executable, "-c", core + package],
    }
    walls: dict = {name: [] for name in commands}
    cpus: dict = {name: [] for name in commands}
    for _ in range(runs):
        for name, command in commands.items():
            before, start = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
            subprocess.run(command, stdout=subprocess.DEVNULL, check=True)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            walls[name].append(time.perf_counter() - start)
            cpus[name].append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
    print(f"{'start-up (' + str(runs) + ' runs each, in turn)':<44} {'wall min/median':>17} {'CPU min/median':>17}")
    for name in commands:
        w, c = walls[name], cpus[name]
        print(f"{name:<44} {min(w):7.3f}/{statistics.median(w):.3f} s {min(c):7.3f}/{statistics.median(c):.3f} s")
    anchor, validate = list(commands)[:2]
    ratio = statistics.median(walls[validate]) / statistics.median(walls[anchor])
    print(f"{'validate / anchor, median wall':<44} {ratio:.2f}x (aim 1.3x)")


def campaign_figures() -> None:
    """Issue 41: a 30-battle Bounce into Action campaign (both forces under fire each battle, a casualty every
    third) replayed and written as tonight's lists, beside its anchor (checking the two starting lists once, as
    any command does), min and median of wall and CPU time; aim 1 s; the same log must give the same bytes."""
    from listgen.core.validate import check_file
    from listgen.events import campaign as C

    with scratch() as tmp:
        militia, gf = ARMIES / "bounce-militia-defence.yaml", ARMIES / "bounce-gf-hma-company.yaml"
        path = tmp / "campaign.yaml"
        C.new("bounce-into-action", "Bench", {"Militia": militia, "GF": gf}, 41, path)
        for n in range(30):
            fire = {
                "Militia": ["Settlers", "Ford squads", "Recruit levy"],
                "GF": ["1 Platoon fire teams", "Pathfinders"],
            }
            C.add(path, {"kind": "battle", "under_fire": fire})
            if n % 3 == 0:
                C.add(path, {"kind": "casualty", "force": "GF", "unit": "2 Platoon fire teams"})
        events = len(C.read(path).events)
        got = timed(lambda: C.apply_to(path, tmp / "a"))
        anchor = timed(lambda: (check_file(str(militia)), check_file(str(gf))))
        C.apply_to(path, tmp / "b")
        same = all((tmp / "a" / f).read_bytes() == (tmp / "b" / f).read_bytes() for f in ("militia.yaml", "gf.yaml"))
        verdict = "ok" if got[1] <= 1.0 else "SLOW"
        print(f"{'campaign of ' + str(events) + ' events':<34} {'wall min/median':>17} {'CPU min/median':>17}  aim")
        print(
            f"{'  replayed and written':<34} {got[0]:7.3f}/{got[1]:.3f} s {got[2]:7.3f}/{got[3]:.3f} s  <= 1 s {verdict}"
        )
        print(f"{'  anchor: the two lists checked':<34} {anchor[0]:7.3f}/{anchor[1]:.3f} s {anchor[2]:7.3f}/{anchor[3]:.3f} s  "
              f"(same bytes twice: {same})")  # fmt: skip


def ladder_figures(tmp: Path) -> None:
    """Issue 54: `listgen ladder` over a season of 4,000 games (40 events of 50 players, 4 rounds, 25 tables), beside
    its anchor in the same run: `listgen validate` of one example, a command's start-up and one file read."""
    import json
    import random

    sys.path.insert(0, str(ROOT / "tests" / "events"))
    from test_ladder import PLAYERS, player_id

    rng, names = random.Random(54), PLAYERS + [f"{p} II" for p in PLAYERS[:10]]
    for n in range(40):
        games = []
        for rnd in range(1, 5):
            playing = rng.sample(names, 50)
            for t in range(25):
                a, b = playing[2 * t], playing[2 * t + 1]
                score = [rng.randint(0, 6), rng.randint(0, 6)]
                result = "draw" if score[0] == score[1] else ("first" if score[0] > score[1] else "second")
                games.append({"round": rnd, "table": t + 1, "players": [a, b], "score": score, "result": result,
                              "bye": False, "forfeit": None})  # fmt: skip
        event = {
            "listgen_results": 1,
            "event": {"name": f"Season event {n + 1}", "date": f"2025-{1 + n // 4:02d}-{1 + n % 4 * 7:02d}",
                      "organiser": None, "rulesets": ["smle"], "rounds": 4, "rounds_played": 4},
            "players": [{"id": player_id(p), "name": p, "club": None, "list_hash": None, "legal": True,
                         "dropped_after": None} for p in names],
            "games": games,
            "standings": [{"rank": i + 1, "id": player_id(p), "name": p, "points": 0} for i, p in enumerate(names)],
        }  # fmt: skip
        (tmp / f"event-{n:02d}.json").write_text(json.dumps(event, indent=2), encoding="utf-8")
    games = sum(len(json.loads(p.read_text())["games"]) for p in tmp.glob("event-*.json"))
    print(f"a season of {games:,} games in 40 exports; min/median of wall, then of CPU")
    got = ran(LISTGEN + ["ladder", str(tmp), "--format", "json", "-o", str(tmp / "ladder.json")], runs=5)
    anchor = ran(LISTGEN + ["validate", str(sorted(ARMIES.glob("*.yaml"))[0])], runs=5)
    _row(f"ladder of {games:,} games (CLI)", got, None, anchor, "validate of one example")


def main():
    os.environ.setdefault("SOURCE_DATE_EPOCH", "1780000000")
    if "--help" in sys.argv or "-h" in sys.argv:
        print(__doc__)
        return
    if "--startup" in sys.argv:  # validate's start-up beside importing yaml
        startup_figures()
        return
    if "--sizes" in sys.argv:  # issue 39's table: the page, the renders, the matchup, the lock, round one
        with scratch() as tmp:
            sizes_figures(tmp, big_event="--big-event" in sys.argv)
        return
    if "--changes" in sys.argv:  # issue 55: a change on both shapes, server and screen, beside a full check
        changes_figures(screen="--no-screen" not in sys.argv)
        return
    if "--lock" in sys.argv:  # the tournament --lock alone (--big-event: and of 500 entries)
        with scratch() as tmp:
            lock_figures(tmp, big_event="--big-event" in sys.argv)
        return
    if "--pairing" in sys.argv:  # rounds 1 and 5 paired at 128 to 1,024 players
        pairing_figures()
        return
    if "--lock-memory" in sys.argv:  # the lock's peak memory at 500 and 1,000 entries
        with scratch() as tmp:
            lock_memory_figures(tmp)
        return
    if "--ladder" in sys.argv:  # a 4,000-game season's ladder
        with scratch() as tmp:
            ladder_figures(tmp)
        return
    if "--campaign" in sys.argv:  # a 30-battle campaign replayed
        campaign_figures()
        return
    if "--catalogue" in sys.argv:  # the builder's catalogue alone, server side and on screen
        catalogue_figures()
        with scratch() as tmp:
            catalogue_on_screen(tmp)
        return
    if "--matchup" in sys.argv:  # the matchup sheets' figures alone
        with scratch() as tmp:
            _print(matchup_figures(tmp))
        return
    if "--rounds" in sys.argv:  # the rounds' figures alone (the simulator at full size takes minutes)
        _print(rounds_figures())
        return
    if "--serve" in sys.argv:  # the page's figures alone
        with scratch() as tmp:
            _print(serve_figures(tmp))
        return
    rows = []
    with scratch() as tmp:
        sources = sorted(ARMIES.glob("*.yaml"))  # every ruleset's examples, in turn
        yaml_alone = wall([sys.executable, "-c", "import yaml"], runs=15)
        rows.append(('python -c "import yaml" (the yardstick)', yaml_alone, None))
        ratios = [wall(LISTGEN + ["validate", str(path)], runs=9) / yaml_alone for path in sources]
        rows.append(("validate one list, worst example: ratio to importing yaml", max(ratios), 1.5, "x"))
        rows.append(("validate one list, best example: ratio to importing yaml", min(ratios), 1.5, "x"))

        code = (
            f"import sys\nfrom listgen.__main__ import main\nmain(['validate', {str(sources[0])!r}])\n"
            "sys.exit(bool({m.split('.')[0] for m in sys.modules} & {'typer', 'reportlab', 'jinja2'}))"
        )
        clean = subprocess.run([sys.executable, "-c", code], capture_output=True).returncode == 0
        rows.append(("validate loads no typer, reportlab or jinja2", "yes" if clean else "NO", None))

        many = tmp / "many"
        many.mkdir()
        for i in range(1000):
            shutil.copy(sources[i % len(sources)], many / f"list-{i:04d}.yaml")
        files = sorted(str(p) for p in many.glob("*.yaml"))
        rows.append(("validate 1,000 lists in one call (CLI, wall)", wall(LISTGEN + ["validate"] + files, runs=3), 3.0))

        platoon = fifty_figure_platoon()
        assert figures(platoon) == 50, figures(platoon)
        big = tmp / "platoon50.yaml"
        big.write_text(yaml.safe_dump(platoon, sort_keys=False, allow_unicode=True), encoding="utf-8")
        rows.append(
            (
                "roster of a 50-figure platoon (CLI, wall)",
                wall(LISTGEN + ["roster", str(big), "-o", str(tmp / "r.pdf")], runs=3),
                1.0,
            )
        )

        from listgen.rulesets import get, slugs

        for slug in slugs():
            ruleset = get(slug)
            rows.append(
                (
                    f"{slug} hit tables computed (in process)",
                    best(lambda ruleset=ruleset: ruleset.hit_tables(None)),
                    1.0,
                )
            )
            rows.append(
                (
                    f"{slug} hit tables as PDF (CLI, wall)",
                    wall(LISTGEN + ["hit-tables", slug, "-o", str(tmp / "h.pdf")], runs=3),
                    1.0,
                )
            )
        for path in sources:
            rows.append(
                (
                    f"roster {path.name} (CLI, wall)",
                    wall(LISTGEN + ["roster", str(path), "-o", str(tmp / "x.pdf")], runs=3),
                    1.0,
                )
            )
        rows.append(
            ("build armies/ (CLI, wall)", wall(LISTGEN + ["build", str(ARMIES), "-o", str(tmp / "out")], runs=3), None)
        )
        pack = event_of(tmp / "event", 100)
        rows.append(
            (
                "tournament of 100 lists: report and booklet (CLI, wall)",
                wall(LISTGEN + ["tournament", str(pack), "-o", str(pack.parent / "out")], runs=2),
                10.0,
            )
        )
        rows += hostile_sizes(tmp)
        rows += matchup_figures(tmp)
        rows += serve_figures(tmp)
        if "--keep" in sys.argv:
            shutil.copy(tmp / "r.pdf", ROOT / "output" / "bench-platoon50-roster.pdf")

    _print(rows)


def _print(rows: list) -> None:
    width = max(len(r[0]) for r in rows)
    print(f"{'measure':<{width}}  {'figure':>8}  target")
    for name, value, target, *unit in rows:
        unit = unit[0] if unit else "s"
        if isinstance(value, str):
            print(f"{name:<{width}}  {value:>8}")
            continue
        verdict = "" if target is None else ("ok" if value <= target else "SLOW")
        shown = f"{value:7.2f}x" if unit == "x" else (f"{value:6.0f}MB" if unit == " MB" else f"{value:7.3f}s")
        print(f"{name:<{width}}  {shown:>8}  {'' if target is None else f'<= {target}{unit}'} {verdict}")


if __name__ == "__main__":
    main()
