import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from listgen.cli import app

ROOT = Path(__file__).resolve().parent.parent
ARMIES = ROOT / "armies"
# tests of another folder reuse a ruleset's test lists by module name (from test_bounce import BASE): the
# rulesets' folder is on the path whichever folder runs, so that each folder's tests run alone too
sys.path.append(str(ROOT / "tests" / "rulesets"))
LISTGEN = [sys.executable, "-m", "listgen"]  # the command as a user runs it, in a process of its own


def listgen_run(*args, wait: bool = True, **kwargs):
    """listgen in a process of its own, as a shell runs it (exit codes, streams and signals as they really are):
    the one way the tests start it. SOURCE_DATE_EPOCH is fixed unless env= says otherwise; output is captured
    (as bytes, unless text=True) unless told where it goes. wait=False starts it and hands back the running process
    (a ``subprocess.Popen``), for tests that race several."""
    env = {**os.environ, "SOURCE_DATE_EPOCH": "1780000000", **kwargs.pop("env", {})}
    if not wait:
        kwargs.setdefault("stdout", subprocess.PIPE)
        kwargs.setdefault("stderr", subprocess.PIPE)
        return subprocess.Popen([*LISTGEN, *map(str, args)], env=env, **kwargs)
    if "stdout" not in kwargs and "stderr" not in kwargs:
        kwargs.setdefault("capture_output", True)
    return subprocess.run([*LISTGEN, *map(str, args)], env=env, **kwargs)


def listgen_invoke(*args) -> Result:
    """listgen in this process, through its own entry point (``listgen.__main__.main``: the plain validate, the
    organiser's rounds, errors turned into exit codes, as the ``listgen`` command runs): typer's test runner's
    result (exit_code; stdout, stderr, and output as a terminal shows both). The one in-process runner of the
    event tests; fast enough for hundreds of calls, where a process each (``listgen_run``) is not."""
    from listgen.__main__ import main

    runner = CliRunner()
    with runner.isolation() as (out, err, both):
        try:
            code = main([str(a) for a in args])
        except SystemExit as exc:  # the command line leaves by SystemExit, as a shell sees it
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
        return Result(runner, out.getvalue(), err.getvalue(), both.getvalue(), None, int(code or 0), None)


def cli(*args) -> int:
    """``listgen_invoke``'s exit code, its output written on as it came (for tests that read it with capsys)."""
    ran = listgen_invoke(*args)
    sys.stdout.write(ran.stdout)
    sys.stderr.write(ran.stderr)
    return ran.exit_code


# A small legal S.M.L.E. section (30 points): variants break one rule each.
BASE = textwrap.dedent("""\
    ruleset: smle
    name: Test section
    points_limit: 100
    sections:
      - name: A Section
        leader: {name: Cpl A, quality: veteran, weapon: smg}
        teams:
          - name: Bren
            quality: trained
            figures:
              - {count: 1, weapon: lmg}
              - {count: 2, weapon: rifle}
          - name: Rifles
            quality: trained
            figures:
              - {count: 4, weapon: rifle}
    """)


def report(text: str):
    """Check a list given as text."""
    from listgen.core.validate import check_text

    return check_text(text, "t.yaml")


def only(rep, code: str):
    """The first finding with this code (failing the test, with the codes found, if there is none)."""
    found = [f for f in rep.findings if f.code == code]
    assert found, f"{code} not in {[f.code for f in rep.findings]}"
    return found[0]


def broken(rep, code: str):
    """The rule a one-rule-broken list breaks: its first finding with this code, and no error of another code."""
    others = sorted({f.code for f in rep.findings if f.severity == "error" and f.code != code})
    assert not others, f"{code} expected alone, also found {others}"
    return only(rep, code)


def shift_band(index: int, motivation, bands: list) -> int:
    """Slammer's motivation shift, restated from the texts: Elite up one band, Reluctant down one,
    Steady one band towards '7'. bands are the Table 1 labels from the lowest up."""
    seven = bands.index("7")
    if motivation == "elite":
        return min(index + 1, len(bands) - 1)
    if motivation == "reluctant":
        return max(index - 1, 0)
    if motivation == "steady":
        return index + (index < seven) - (index > seven)
    return index


def line_of(text: str, needle: str) -> int:
    """1-based line of the first line containing needle."""
    for number, line in enumerate(text.splitlines(), start=1):
        if needle in line:
            return number
    raise AssertionError(f"{needle!r} not in text")


@pytest.fixture
def runner():
    return CliRunner()


@pytest.fixture
def invoke(runner):
    def run(*args):
        return runner.invoke(app, [str(a) for a in args], catch_exceptions=False)

    return run


@pytest.fixture
def write(tmp_path):
    def make(text: str, name: str = "list.yaml") -> Path:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return path

    return make


@pytest.fixture(autouse=True)
def fixed_date(monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1780000000")


# The browser tests: Debian's Chromium, driven by Playwright (no browser download). A missing browser is a
# failure, never a skip (.ci/run installs it).
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_FLAGS = [
    "--no-sandbox",  # CI runs as root
    "--disable-gpu",
    "--disable-background-networking",  # this machine's network is closed: no calls home
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


EXPECT_BOUND = 60_000  # ms


@pytest.fixture(scope="module")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"no Chromium at {CHROMIUM}: install it (apt-get install chromium); the browser tests must run")
    from playwright.sync_api import expect, sync_playwright

    # every expect waits for the state it asserts; its bound is a hang guard, not a time the page must meet: on a
    # machine kept busy (both cores running tests, the site's Python under Pyodide) a state can take seconds
    expect.set_options(timeout=EXPECT_BOUND)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_FLAGS)
        yield browser
        browser.close()


def scan(pdf_path, tmp_path) -> str:
    """The QR code on a PDF's first page, as a phone would read it (poppler renders, zbar scans)."""
    for tool in ("pdftoppm", "zbarimg"):
        assert shutil.which(tool), f"{tool} is needed (apt-get install poppler-utils zbar-tools; .ci/run does)"
    subprocess.run(
        ["pdftoppm", "-png", "-r", "300", "-f", "1", "-l", "1", str(pdf_path), str(tmp_path / "page")], check=True
    )
    page = next(tmp_path.glob("page*.png"))
    found = subprocess.run(["zbarimg", "-q", "--raw", str(page)], capture_output=True, text=True)
    assert found.returncode == 0, found.stderr
    return found.stdout.strip()


# --- an event of sixteen players (tests/events) ---------------------------------------------------------------

PLAYERS = [
    "Alice Archer", "Bob Baker", "Carol Clark", "Dave Dodd", "Erin Evans", "Frank Fisher", "Gina Gray", "Hal Hunt",
    "Ivy Irwin", "Jon Jones", "Kay King", "Leo Lane", "Mia Moss", "Ned Nash", "Oli Owen", "Pam Pike",
]  # fmt: skip


@pytest.fixture
def event16(tmp_path):
    base = (ARMIES / "smle-german-section.yaml").read_text(encoding="utf-8")
    (tmp_path / "entries").mkdir()
    for name in PLAYERS:
        (tmp_path / "entries" / f"{name.split()[0].lower()}.yaml").write_text(
            base.replace("player: Club example", f"player: {name}"), encoding="utf-8"
        )
    (tmp_path / "pack.yaml").write_text(
        "event: Sixteen\nrulesets: [smle]\nlists: entries\nrounds:\n  seed: 5\n  first_round: clubs\n  players:\n"
        "    Alice Archer: {club: Hull}\n    Bob Baker: {club: Hull}\n    Dave Dodd: {table: 8}\n"
        "    Pam Pike: {dropped_after: 3}\n",
        encoding="utf-8",
    )
    return tmp_path


def ruleset_testing(slug: str):
    """What the tests need of a ruleset, from its package's ``testing`` module: a ruleset is its package, and a
    renamed copy brings its own.

    PAGE_FLOW: the page's browser test, from the starter list: where a unit is added ("add"), one value that breaks
    one rule of the text ("break": (path, value)), the rule's finding code and the unit it is reported at ("code",
    "at"); "tick", a box whose ticking changes the points where adding a unit does not.
    CATALOGUE_FLOW: the builder's browser test: (place in the starter, words that find one entry) steps that leave
    a legal list of the text's own kind.
    CATALOGUE_PROBLEMS: catalogue entries the starter cannot take as they are -> the rule their note tells the
    player of."""
    import importlib

    from listgen import rulesets

    return importlib.import_module(f"{rulesets.get(slug).package}.testing")


def recording(seen: list, real, what=lambda *args: args):
    """``real``, noting ``what(*args)`` of each call in ``seen`` first (a spy for monkeypatch)."""

    def spy(*args, **kwargs):
        seen.append(what(*args))
        return real(*args, **kwargs)

    return spy
