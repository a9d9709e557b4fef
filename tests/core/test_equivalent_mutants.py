"""Every '# equivalent mutant (kind): why' mark proved (issue 49): a mark is a claim that no input could show the
mutant, so it is tried. For each marked site, the mutants of the marked kind there (made by benchmarks/mutants.py's
own code, never a second mutator) each run, in a process of their own, over what that module feeds: every example
list in armies/, the matchup pairs of the examples, and the inputs the suite holds for the module (the loader's
sizes at its limit, the share codes at MAX_LIST and the suite's damaged codes, standard input at MAX_INPUT, the
pairing's events). The test fails where any output differs from the unmutated module's or the mutant raises. A
process per mutant, because swapping a module in a running process is not sound: other modules hold what they
imported from it (``from listgen.core.matchup import thin``), and a dataclass's defaults are fixed when its class is
made. The unmutated run also notes that the probe runs each marked line, or it would prove nothing.

The marks are known here by their module, kind and the code of their line (MARKS): a mark added, or a marked
line changed, with no proof case here fails the fast test below, so that it is proved (or judged again).

Two marks did not hold, and are gone: core/matchup.py's ``range(n + 1)`` (with a hit certain to take a figure out
its mutant divides by zero: the matchup probe shows it, tests/odds/test_certain_casualty.py kills it fast) and
core/share.py's ``MAX_LIST + 1`` (a code that unpacks to MAX_LIST + 2 bytes with a changed checksum is called
damaged, not too big: the share probe shows it, tests/core/test_share_inflate_bound.py kills it fast).

By hand: ``python tests/core/test_equivalent_mutants.py core/share.py '["constant", 163, 52]'`` prints the probe's
outputs as JSON with the mutant at that site (with no site, unmutated).
"""

from __future__ import annotations

import ast
import hashlib
import importlib.abc
import importlib.util
import io
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARMIES = ROOT / "armies"
sys.path.insert(0, str(ROOT / "benchmarks"))
import mutants  # type: ignore[import-not-found]  # noqa: E402 - benchmarks/ is no package

# Each mark: (module under listgen/, kind, the code of the marked line without its comment). The probe is the
# module's (PROBES below).
MARKS = {
    ("core/loader.py", "constant", "raw = sys.stdin.buffer.read(MAX_BYTES + 1)"),
    ("core/loader.py", "constant", "raw = handle.read(MAX_BYTES + 1)"),
    ("core/share.py", "constant", "code = stream.read(MAX_INPUT + 1)"),
    ("core/findings.py", "constant", "near = difflib.get_close_matches(str(word), choices, n=1, cutoff=0.6)"),
    ("core/edit.py", "compare", 'while i > column and line[i - 1] in " \\t":'),
    ("core/catalogue.py", "constant", "return order.get(path, 0)"),
    ("events/rounds.py", "constant", "scored: int = 0"),
    ("events/rounds.py", "constant", "conceded: int = 0"),
    ("events/rounds.py", "constant", 'units["rematch"] = top + 1'),
    (
        "events/rounds.py",
        "constant",
        "games = [sorted(pair_, key=lambda p: place.get(p, 10**6)) for pair_ in matching]",
    ),
}
TIMEOUT = 300  # seconds a probe may take in its process (the slowest, the edits' traced, takes about 15 of CPU)


# --- the marks in the code ------------------------------------------------------------------------------------


def _code(line: str) -> str:
    return re.sub(r"\s+#.*$", "", line).strip()


def marks_in_code() -> dict:
    """(module, kind, code) -> [(kind, line, col) of each mutant the mark sets aside], over every module of listgen
    (not only those the sampler draws from)."""
    found: dict = {}
    for path in sorted((ROOT / "listgen").rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        marked = mutants.judged_equivalent(source)
        if not marked:
            continue
        lines = source.splitlines()
        module = path.relative_to(ROOT / "listgen").as_posix()
        for site in mutants.sites(ast.parse(source)):
            if (site[0], site[1]) in marked:
                found.setdefault((module, site[0], _code(lines[site[1] - 1])), []).append(site)
        for kind, line in marked:  # a mark at no site of its kind: test_mutation_sampler.py says so
            found.setdefault((module, kind, _code(lines[line - 1])), [])
    return found


# --- what each module feeds -----------------------------------------------------------------------------------


def _examples() -> list[Path]:
    """Every example list in armies/ (the event's entries too)."""
    return sorted(ARMIES.glob("*.yaml")) + sorted((ARMIES / "tournament" / "entries").glob("*.yaml"))


def _case(out: dict, label: str, make: Callable) -> None:
    """One output, as JSON: its value, or the error listgen means to give (ListgenError), or 'RAISED' and what."""
    from listgen.core.exceptions import ListgenError

    try:
        value = make()
    except ListgenError as exc:
        value = ["refused", type(exc).__name__, str(exc), repr(getattr(exc, "finding", None))]
    except Exception as exc:  # noqa: BLE001 - what the mutant raises is the output compared
        value = ["RAISED", type(exc).__name__, str(exc)]
    out[label] = json.dumps(value, default=repr, sort_keys=True, ensure_ascii=False)


def _cli(*args: str, given: bytes | None = None) -> list:
    """A command's exit code and what it printed, run in this process as the CLI's tests run it."""
    from typer.testing import CliRunner

    from listgen.cli import app

    done = CliRunner().invoke(app, list(args), input=given)
    return [done.exit_code, done.output]


def _digest(text: str) -> str:
    return f"{len(text)} chars, sha256 {hashlib.sha256(text.encode('utf-8', 'surrogatepass')).hexdigest()}"


def _tests_on_path() -> None:
    for folder in ("tests", "tests/core", "tests/events", "tests/rulesets"):
        if str(ROOT / folder) not in sys.path:
            sys.path.insert(0, str(ROOT / folder))


def every_example() -> dict:
    """What every probe holds: validate's and points' JSON of every example list."""
    out: dict = {}
    for path in _examples():
        name = path.relative_to(ROOT).as_posix()
        for command in ("validate", "points"):
            _case(out, f"{command} {name}", lambda c=command, p=path: _cli(c, "--format", "json", str(p)))
    return out


def probe_loader() -> dict:
    """read_text: every example by standard input too (validate's JSON), and the sizes at the limit the suite holds
    (test_loader, test_hostile_values, test_safe_writes) with more around them: a byte under,
    at, one, two, three and ten over, a line break or a multi-byte character at the limit, by file and by standard
    input."""
    from listgen.core import loader

    out: dict = {}
    for path in _examples():
        name = path.relative_to(ROOT).as_posix()
        _case(
            out,
            f"validate - < {name}",
            lambda path=path: _cli("validate", "--format", "json", "-", given=path.read_bytes()),
        )
    m = loader.MAX_BYTES
    head = b"ruleset: smle\nname: Big\n#"
    bodies = {}
    for size in (m - 1, m, m + 1, m + 2, m + 3, m + 10):
        bodies[f"#x{size}"] = b"#" * size
        bodies[f"a list and a comment, {size} bytes"] = head + b"#" * (size - len(head) - 1) + b"\n"
        bodies[f"a line break first, {size} bytes"] = b"\n" + b"x" * (size - 1)
        bodies[f"a line break at the limit, {size} bytes"] = b"#" * (m - 1) + b"\n" + b"#" * (size - m)
        bodies[f"a character across the limit, {size} bytes"] = b"#" * (m - 1) + "é".encode() + b"#" * (size - m - 1)
    with tempfile.TemporaryDirectory() as tmp:
        here = os.getcwd()
        os.chdir(tmp)  # the files by relative names: the same outputs in every process
        try:
            for label, body in bodies.items():
                Path("big.yaml").write_bytes(body)
                _case(out, f"read_text {label}", lambda: _digest(loader.read_text("big.yaml")))
                _case(out, f"read_text - {label}", lambda body=body: _stdin_read(body))
            for label in ("#x1048576", "#x1048577", "a list and a comment, 1048577 bytes"):
                Path("big.yaml").write_bytes(bodies[label])
                _case(out, f"validate {label}", lambda: _cli("validate", "--format", "json", "big.yaml"))
                _case(out, f"validate - {label}", lambda label=label: _cli("validate", "-", given=bodies[label]))
        finally:
            os.chdir(here)
    return out


def _stdin_read(body: bytes) -> str:
    from listgen.core import loader

    was = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(body), encoding="utf-8")
    try:
        return _digest(loader.read_text(loader.STDIN))
    finally:
        sys.stdin = was


def probe_share() -> dict:
    """decode: every example's code read back, the suite's damaged codes (test_share), and codes that unpack to
    a byte under, at, one, two and three over MAX_LIST: whole, with the checksum changed, cut short, with a byte
    added. read_code (`import -`): standard input of a character under, at, one, two, three and ten over
    MAX_INPUT: a code with spaces or line breaks after it, no code, characters of two bytes."""
    import zlib

    from listgen import rulesets
    from listgen.core import share
    from listgen.core.exceptions import InputError
    from listgen.core.loader import load

    _tests_on_path()
    import test_share

    out: dict = {}
    codes = {f"damaged: {k}": v for k, v in test_share.damaged_codes().items()}
    for path in _examples():
        try:
            data = load(str(path)).data
        except InputError:  # an entry the event's example leaves unfinished: no code
            continue
        code = share.encode(data, rulesets.get(data["ruleset"]).code)
        codes[path.relative_to(ROOT).as_posix()] = code
        codes[f"{path.name} wrapped, with spaces after"] = code[:60] + "\n" + code[60:] + "  \n"
    m = share.MAX_LIST
    for size in (m - 1, m, m + 1, m + 2, m + 3):
        packed = zlib.compress(b"#" * size, 9)
        checksum = packed[:-1] + bytes([packed[-1] ^ 1])
        for label, body in (("", packed), (" checksum changed", checksum), (" cut short", packed[:-1]),
                            (" a byte added", packed + b"\0")):  # fmt: skip
            codes[f"{size} bytes{label}"] = "LG1:SMLE:" + share.b45encode(body)
    for label, code in codes.items():
        _case(out, f"decode {label}", lambda code=code: share.decode(code))
        _case(out, f"import {label}", lambda code=code: _cli("import", "-", given=code.encode()))
    whole = codes["armies/smle-british-rifle-platoon.yaml"]
    m = share.MAX_INPUT
    for size in (m - 1, m, m + 1, m + 2, m + 3, m + 10):
        given = {
            f"a code and spaces, {size} characters": whole + " " * (size - len(whole)),
            f"a code and line breaks, {size} characters": whole + "\n" * (size - len(whole)),
            f"no code, {size} characters": "#" * size,
            f"characters of two bytes, {size} characters": "\u00e9" * size,
        }
        for label, text in given.items():
            _case(out, f"read_code {label}", lambda text=text: _digest(share.read_code(io.StringIO(text))))
            _case(out, f"import - {label}", lambda text=text: _cli("import", "-", given=text.encode()))
    return out


# the keys whose values a ruleset names from its tables (weapons, qualities...): a misspelt one gets 'did you mean'
NAMED = re.compile(
    r"(?:weapon|quality|armour|training|experience|equipment|type|kind|motivation|ruleset|vehicle|size|tech|troops)"
    r": ([a-z][a-z0-9-]+)"
)


def probe_findings() -> dict:
    """did_you_mean: every example's findings with each value it names from its ruleset's tables misspelt (a letter
    dropped), one at a time; and the examples' words misspelt five ways against the examples' own words."""
    from listgen.core.findings import did_you_mean
    from listgen.core.validate import check_text

    out: dict = {}
    words: set = set()
    for path in _examples():
        text = path.read_text(encoding="utf-8")
        name = path.relative_to(ROOT).as_posix()
        values = sorted(set(NAMED.findall(text)))
        words |= set(values)
        for value in values:
            typo = value[:-1]
            bad = re.sub(rf"(: ){re.escape(value)}\b", rf"\g<1>{typo}", text, count=1)
            _case(out, f"{name} with '{typo}'", lambda bad=bad: [
                [f.code, f.message, f.line, f.column] for f in check_text(bad, "t.yaml").findings
            ])  # fmt: skip
    choices = sorted(words)
    for word in choices:
        for typo in (word[:-1], word[1:], word[::-1], word + "s", word.upper()):
            _case(out, f"did_you_mean {typo}", lambda typo=typo: did_you_mean(typo, choices))
    return out


def probe_edit() -> dict:
    """_scalar_end (the page's edits set in place): where a scalar ends, at every column of every line of every
    example (block and flow), of lines with trailing spaces, tabs and comments; and the page's edit of every
    number of every example (to one more), read back."""
    from listgen.core.edit import Editor, _scalar_end, walk_paths
    from listgen.core.loader import load
    from listgen.web.workspace import schema_of, starter_of

    out: dict = {}
    held = ["a: b  ", "a: b\t", "a: 'b'  # c", '- {x: "y\\"", z: 1 }', "k:  \t ", " \t", "", "x", "a: b #c", "\t\tv"]
    for path in _examples():
        name = path.relative_to(ROOT).as_posix()
        text = path.read_text(encoding="utf-8")
        lines = text.splitlines(keepends=True) + held
        for flow in (False, True):
            _case(out, f"_scalar_end {name} flow={flow}", lambda lines=lines, flow=flow: [
                [_scalar_end(line, column, flow) for column in range(len(line) + 1)] for line in lines
            ])  # fmt: skip
        if path.parent != ARMIES:
            continue
        data = load(str(path)).data
        slug = data["ruleset"]
        for where in walk_paths(data):
            node = data
            for key in where:
                node = node[key]
            if type(node) is int:
                _case(out, f"edit {name} {where}", lambda text=text, slug=slug, where=where, node=node: _digest(
                    Editor(text, schema_of(slug), starter_of(slug)).apply("set", list(where), str(node + 1))
                ))  # fmt: skip
    return out


def probe_catalogue() -> dict:
    """_line_of (the order of an offer's problems): the catalogue's offers at every list of entries of every
    example and of each ruleset's starter, as the page shows them (cost and problems)."""
    from listgen import rulesets
    from listgen.commands.new import starter_list
    from listgen.core.catalogue import offers
    from listgen.core.edit import resolve, schema_at, walk_paths
    from listgen.core.loader import parse
    from listgen.web.workspace import schema_of, starter_of

    out: dict = {}
    texts = {p.relative_to(ROOT).as_posix(): p.read_text(encoding="utf-8") for p in sorted(ARMIES.glob("*.yaml"))}
    texts |= {f"starter {slug}": starter_list(slug) for slug in rulesets.slugs()}
    for name, text in texts.items():
        data = parse(text).data
        slug = data["ruleset"]
        schema = schema_of(slug)
        seen: set = set()
        for where in walk_paths(data):
            node = data
            for key in where:
                node = node[key]
            if not isinstance(node, list):
                continue
            try:
                kind = str(resolve(schema, schema_at(schema, where).get("items", {})).get("title", ""))
            except Exception:  # noqa: BLE001 - a place the schema has no list at
                continue
            entries = rulesets.get(slug).catalogue(kind)
            shape = (kind, tuple(k for k in where if isinstance(k, str)))
            if not entries or shape in seen:  # one place of each kind and shape: the same entries, the same rules
                continue
            seen.add(shape)
            _case(out, f"offers {name} {where}", lambda text=text, where=where, entries=entries, s=slug: [
                [o.entry.name, o.cost, o.problems] for o in offers(entries, text, where, schema_of(s), starter_of(s))
            ])  # fmt: skip
    return out


def probe_rounds() -> dict:
    """Result's defaults, the rematch unit, the bye's place: every round's pairing and the standings (every
    tie-breaker's value) of the suite's events: the sixty simulated ones (test_rounds.simulate's draw: 8-24 players,
    3-7 rounds, drops), the event of sixteen (clubs apart, a fixed table, a drop), the event of eight, and odd
    fields with clubs kept apart absolutely."""
    import random

    from listgen.events.rounds import RoundsError, pair, ranking

    _tests_on_path()
    from conftest import PLAYERS
    from test_rounds import game, round_file, rules

    out: dict = {}

    def run(label: str, names: list, rr, played: int, seed: int) -> None:
        try:
            event(label, names, rr, played, seed)
        except Exception as exc:  # noqa: BLE001 - what the mutant raises is the output compared
            out[f"{label} raised"] = json.dumps(["RAISED", type(exc).__name__, str(exc)])

    def event(label: str, names: list, rr, played: int, seed: int) -> None:
        r = random.Random(seed)
        rounds: list = []
        for n in range(1, played + 1):
            try:
                p = pair(names, rounds, rr, n)
            except RoundsError as exc:
                out[f"{label} round {n}"] = json.dumps(["refused", str(exc)])
                return
            games = [
                game(t, ps, None if t is None else (r.randint(0, 3), r.randint(0, 3)))
                if len(ps) == 2
                else game(None, ps)
                for t, ps in p.games
            ]
            rounds.append(round_file(n, games))
            out[f"{label} round {n}"] = json.dumps([[t, list(ps)] for t, ps in p.games] + [p.notes], default=repr)
            out[f"{label} standings {n}"] = json.dumps(
                [[s.rank, s.name, s.values] for s in ranking(names, rounds, rr)], default=repr, sort_keys=True
            )

    for seed in range(60):
        r = random.Random(seed)
        players, total = r.randint(8, 24), r.randint(3, 7)
        names = [f"P{i:02d}" for i in range(players)]
        drops = r.random() < 0.3
        dropped = {r.choice(names): {"dropped_after": r.randint(1, total)}} if drops else {}
        run(f"simulated {seed}", names, rules(seed=seed, players=dropped), total, seed)
    sixteen = {"Alice Archer": {"club": "Hull"}, "Bob Baker": {"club": "Hull"}, "Dave Dodd": {"table": 8},
               "Pam Pike": {"dropped_after": 3}}  # fmt: skip
    run("sixteen", PLAYERS, rules(seed=5, first_round="clubs", players=sixteen), 5, 5)
    run("eight", PLAYERS[:8], rules(seed=3), 4, 3)
    for players in (3, 5, 7, 9):
        names = PLAYERS[:players]
        clubs = {name: {"club": "Hull" if i % 2 else "York"} for i, name in enumerate(names)}
        for apart in ("absolute", "where-possible"):
            rr = rules(seed=players, first_round="clubs", clubs_apart=apart, players=clubs)
            run(f"{players} players, clubs apart {apart}", names, rr, players, players)
    return out


def matchups() -> dict:
    """The matchup sheet of every pair of examples of one ruleset (each way, and a list against itself) and each
    example's own hit tables, as JSON."""
    import itertools

    from listgen.commands.hit_tables import hit_tables_text
    from listgen.core.validate import check_file

    out: dict = {}
    by_ruleset: dict = {}
    for path in sorted(ARMIES.glob("*.yaml")):
        rep = check_file(str(path))
        by_ruleset.setdefault(rep.document.data["ruleset"], []).append((path.name, rep))
    for slug, reports in by_ruleset.items():
        for (a, ra), (b, rb) in itertools.product(reports, reports):
            _case(
                out,
                f"hit-tables --army {a} --against {b}",
                lambda ra=ra, rb=rb, s=slug: hit_tables_text(s, ra, "json", rb),
            )
        for a, ra in reports:
            _case(out, f"hit-tables --army {a}", lambda ra=ra, s=slug: hit_tables_text(s, ra, "json"))
    return out


# the modules a matchup sheet reads its lists through (the loader reads them, findings name what is wrong): their
# probes hold the examples' matchup sheets too (untraced)
READ_BY_MATCHUPS = {"core/loader.py", "core/findings.py"}
PROBES: dict[str, Callable[[], dict]] = {
    "core/loader.py": probe_loader,
    "core/share.py": probe_share,
    "core/findings.py": probe_findings,
    "core/edit.py": probe_edit,
    "core/catalogue.py": probe_catalogue,
    "events/rounds.py": probe_rounds,
    "core/matchup.py": matchups,
}


# --- a probe in a process of its own, with the mutant or without ------------------------------------------------


class _Mutant(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Imports one listgen module from the mutated source: everything that imports it gets the mutant."""

    def __init__(self, name: str, path: Path, source: str):
        self.name, self.path, self.source, self.loaded = name, path, source, False

    def find_spec(self, fullname, path=None, target=None):
        return importlib.util.spec_from_loader(fullname, self, origin=str(self.path)) if fullname == self.name else None

    def create_module(self, spec):
        return None

    def exec_module(self, module) -> None:
        module.__file__ = str(self.path)
        exec(compile(self.source, str(self.path), "exec"), module.__dict__)  # noqa: S102 - the mutant, on purpose
        self.loaded = True


def _lines_run(path: Path, lines: set) -> Callable:
    """A tracer noting which of these lines of this file run (only frames of that file are traced)."""
    ran: set = set()
    target = str(path)

    def local(frame, event, _arg):
        if event == "line" and frame.f_lineno in lines:
            ran.add(frame.f_lineno)
        return local

    def tracer(frame, _event, _arg):
        return local if frame.f_code.co_filename == target else None

    tracer.ran = ran  # type: ignore[attr-defined]
    return tracer


def child(module: str, site: tuple | None, watch: set) -> dict:
    """The probe's outputs (with every example's validate and points JSON); with a site, the mutant there in place
    of the module; the watched lines that ran."""
    path = ROOT / "listgen" / module
    name = "listgen." + module.removesuffix(".py").replace("/", ".")
    finder = None
    if site is not None:
        finder = _Mutant(name, path, mutants.mutant(path, site)[0])
        sys.meta_path.insert(0, finder)
    tracer = _lines_run(path, watch)
    if watch:
        sys.settrace(tracer)
    try:
        outputs = every_example() | PROBES[module]()
    finally:
        sys.settrace(None)  # the matchups untraced: tracing would double their time
    if module in READ_BY_MATCHUPS:
        outputs |= matchups()
    return {"outputs": outputs, "mutated": finder is not None and finder.loaded, "ran": sorted(tracer.ran)}  # type: ignore[attr-defined]


def run_probe(module: str, site: tuple | None = None, watch: tuple = ()) -> dict:
    cmd = [sys.executable, __file__, module, json.dumps(site), json.dumps(list(watch))]
    env = {**os.environ, "SOURCE_DATE_EPOCH": "1780000000", "PYTHONHASHSEED": "0"}
    started = time.monotonic()
    done = subprocess.run(cmd, capture_output=True, text=True, env=env, timeout=TIMEOUT, cwd=ROOT)
    assert done.returncode == 0, f"the probe of {module} with {site} failed:\n{done.stderr[-3000:]}"
    said = json.loads(done.stdout)
    said["seconds"] = time.monotonic() - started
    return said


_CONTROL: dict = {}


def control(module: str) -> dict:
    """The unmutated module's outputs (once a module), with the marked lines that the probe runs."""
    if module not in _CONTROL:
        lines = {site[1] for key, found in marks_in_code().items() if key[0] == module for site in found}
        _CONTROL[module] = run_probe(module, watch=tuple(sorted(lines)))
    return _CONTROL[module]


def differences(was: dict, now: dict) -> list:
    """What a mutant changed: each output that differs, and each the mutant raised."""
    out = []
    for label in sorted(set(was) | set(now)):
        if was.get(label) != now.get(label):
            out.append(f"{label}:\n  unmutated: {str(was.get(label))[:300]}\n  mutant:    {str(now.get(label))[:300]}")
    return out


# --- the tests ----------------------------------------------------------------------------------------------


def test_every_mark_has_a_proof_case_and_every_case_a_mark():
    """A mark added (or a marked line changed) with no case in MARKS fails here, and a case left in MARKS whose mark
    is gone too: each marked site is proved by the test below, by its module's probe."""
    found = marks_in_code()
    assert set(found) == MARKS, {
        "marked, with no proof case": set(found) - MARKS,
        "no longer marked": MARKS - set(found),
    }
    assert all(module in PROBES for module, _kind, _code in found)
    assert all(found[key] for key in found)  # each mark stands at a mutant of its kind


def test_a_mark_not_in_the_cases_is_found(tmp_path, monkeypatch):
    """The check above sees a new mark: one added to a copy of a module is a mark with no case."""
    copy = tmp_path / "listgen" / "core"
    copy.mkdir(parents=True)
    (copy / "dice.py").write_text("a = 1  # equivalent mutant (constant): why\n", encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    assert marks_in_code() == {("core/dice.py", "constant", "a = 1"): [("constant", 1, 4)]}


@pytest.mark.slow
@pytest.mark.parametrize("mark", sorted(MARKS), ids=lambda m: f"{m[0]}:{m[2][:40]}")
def test_a_marked_mutant_changes_no_output(mark):
    """Each mutant the mark sets aside, over every output of its module's probe, against the unmutated module:
    the same outputs, nothing raised; and the probe runs the marked line (or it would prove nothing)."""
    module = mark[0]
    sites = marks_in_code().get(mark)
    assert sites, f"no mutant stands at {mark}"
    was = control(module)
    assert was["outputs"], module
    assert not [label for label, value in was["outputs"].items() if value.startswith('["RAISED"')], module
    assert {site[1] for site in sites} <= set(was["ran"]), f"the probe of {module} never runs {mark[2]}"
    for site in sites:
        now = run_probe(module, tuple(site))
        assert now["mutated"], f"the probe of {module} never imported the mutant at {site}"
        changed = differences(was["outputs"], now["outputs"])
        assert not changed, f"{module}:{site[1]}:{site[2]} {site[0]} is no equivalent mutant:\n" + "\n".join(
            changed[:5]
        )


if __name__ == "__main__":  # a probe in its own process: module, site (JSON or null), lines to watch (JSON)
    given = json.loads(sys.argv[2]) if len(sys.argv) > 2 else None
    watched = set(json.loads(sys.argv[3])) if len(sys.argv) > 3 else set()
    print(json.dumps(child(sys.argv[1], tuple(given) if given else None, watched)))
