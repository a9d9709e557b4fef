"""The campaign log fuzzed (issue 50): text edits of a sealed log, and hand-typed events sealed as a forger would
seal them (so that they reach the rules), give a located error or a campaign, never an internal error."""

from __future__ import annotations

import contextlib
import functools
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from listgen.core.loader import parse
from listgen.events import campaign as C
from listgen.events.campaign_seal import event_seal

ARMIES = Path(__file__).resolve().parents[2] / "armies"
FUZZ = settings(
    max_examples=200, deadline=None, database=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)


@functools.cache
def _base(ruleset: str) -> str:
    """A small sealed campaign's text: Bounce (battle, casualty, undo) or S.M.L.E. (casualty, replace, promote)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "campaign.yaml"
        if ruleset == "bounce-into-action":
            forces = {"A": ARMIES / "bounce-militia-defence.yaml", "B": ARMIES / "bounce-gf-hma-company.yaml"}
            events: list[dict] = [
                {"kind": "battle", "under_fire": {"A": ["Settlers"]}},
                {"kind": "casualty", "force": "B", "unit": "Pathfinders"},
                {"kind": "undo", "cancels": 1},
            ]
        else:
            forces = {"A": ARMIES / "smle-british-rifle-platoon.yaml"}
            team = "1 Section rifle group"
            events = [
                {"kind": "casualty", "force": "A", "unit": team, "figures": 2},
                {"kind": "replace", "force": "A", "unit": team, "figures": 1},
                {"kind": "promote", "force": "A", "unit": team, "to": "veteran", "why": "held", "figures": 1},
            ]
        C.new(ruleset, "Fuzz", forces, 3, path)
        for event in events:
            C.add(path, event)
        return path.read_text(encoding="utf-8")


def _read(text: str) -> None:
    """Read the text as a campaign file, print its status and add an event to it: a campaign or a located
    CampaignFileError, nothing else."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "campaign.yaml"
        path.write_text(text, encoding="utf-8", newline="")
        try:
            C.status(path)
        except C.CampaignFileError as exc:
            assert "campaign.yaml:" in str(exc) and "Traceback" not in str(exc)
            return
        with contextlib.suppress(C.CampaignFileError):
            C.add(path, {"kind": "battle"})


RULESETS = st.sampled_from(["bounce-into-action", "smle"])


@settings(FUZZ, max_examples=100)
@given(
    RULESETS,
    st.lists(
        st.tuples(
            st.floats(0, 1),
            st.sampled_from(["delete", "insert", "copy", "line-out", "line-twice"]),
            st.text(alphabet=st.characters(codec="utf-8"), min_size=1, max_size=4),
        ),
        min_size=1,
        max_size=3,
    ),
)
def test_text_edits_of_the_log_are_a_located_error_or_read(ruleset, edits):
    text = _base(ruleset)
    head, log = text.split("\nlog:\n")
    for where, how, chars in edits:
        i = int(where * len(log))
        lines = log.splitlines(keepends=True)
        n = int(where * len(lines)) if lines else 0
        if how == "delete":
            log = log[:i] + log[i + len(chars) :]
        elif how == "insert":
            log = log[:i] + chars + log[i:]
        elif how == "copy":
            log = log[:i] + log[i : i + 30] + log[i:]
        elif how == "line-out":
            log = "".join(lines[:n] + lines[n + 1 :])
        else:
            log = "".join(lines[: n + 1] + lines[n:])
    _read(head + "\nlog:\n" + log)


VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 12),
    st.integers(0, 9),
    st.integers(-(10**20), 10**20),
    st.text(max_size=12),
    st.sampled_from(["Settlers", "A", "B", "Pathfinders", "1 Section rifle group", "veteran"]),
    st.lists(st.sampled_from(["Settlers", "Pathfinders", "Recruit levy", "1 Section rifle group"]), max_size=3),
    st.dictionaries(st.sampled_from(["A", "B"]), st.lists(st.text(max_size=8), max_size=3)),
)
# each campaign's forces and some of their units (and a name that is none)
UNITS_OF = {
    "bounce-into-action": {
        "A": ["Settlers", "Recruit levy", "Ford squad A", "AT missile teams"],
        "B": ["Pathfinders", "1 Platoon fire teams"],
    },
    "smle": {"A": ["1 Section rifle group", "1 Section Bren group", "2 Section rifle group", "Nobody"]},
}
SMALL = st.integers(-1, 10)
# each key's own kind of value, so that most events reach the rules' checks
VALUE_OF = {
    "die": SMALL,
    "figures": SMALL,
    "line": SMALL,
    "cancels": SMALL,
    "rolled": st.booleans(),
    "quality": st.sampled_from(["green", "trained", "veteran", "elite", "raw", "seasoned"]),
    "to": st.sampled_from(["green", "trained", "veteran", "elite", "raw", "seasoned", "special-forces"]),
    "hits_left": st.lists(SMALL, max_size=4),
    "breaks": st.lists(SMALL, max_size=3),
}
NAMED = ("force", "unit", "stands", "hits_left", "to", "why", "cancels")  # what an event of its kind names


def _mostly(own):
    """The key's own kind of value four times in five, else any value."""
    return st.integers(0, 4).flatmap(lambda n: VALUES if n == 0 else own)


def _of_its_kind(kind: str, ruleset: str):
    forces = UNITS_OF[ruleset]
    force = st.sampled_from([*forces, "Nobody"])
    units = st.sampled_from(sorted({u for names in forces.values() for u in names}))
    by_force = st.dictionaries(force, st.lists(units, max_size=3), max_size=2)
    own = {**VALUE_OF, "force": force, "unit": units, "stands": st.lists(units, max_size=4)}
    own |= {"under_fire": by_force, "wounded": by_force}
    values = {k: _mostly(own.get(k, st.text(max_size=12))) for k in sorted(C.KIND_KEYS[kind])}
    named = {k: values.pop(k) for k in NAMED if k in values}
    # mostly a force and units of its own, so that the rules, not the names, are what is tried
    pairs = st.sampled_from([(f, u) for f, names in forces.items() for u in names])
    own_units = pairs.flatmap(lambda p: st.tuples(st.just(p), st.lists(st.sampled_from(forces[p[0]]), max_size=4)))

    def placed(drawn: tuple) -> dict:
        event, ((force_name, unit), stands) = drawn
        if "force" in event and isinstance(event["force"], str) and event["force"] != "Nobody":
            event |= {"force": force_name} | ({"unit": unit} if "unit" in event else {})
            event |= {"stands": stands} if "stands" in event else {}
        return event

    return st.tuples(st.just(kind), st.tuples(st.fixed_dictionaries(named, optional=values), own_units).map(placed))


STRAY = st.tuples(st.sampled_from(["nothing", "battle"]), st.dictionaries(st.sampled_from(["stray", "id"]), VALUES))


def _events(ruleset: str):
    """Mostly the keys each kind takes, so that most events reach the rules; now and then a kind or key none takes."""
    one = st.integers(0, 9).flatmap(
        lambda n: STRAY if n == 0 else st.sampled_from(C.KINDS).flatmap(lambda kind: _of_its_kind(kind, ruleset))
    )
    return st.tuples(st.just(ruleset), st.lists(one, min_size=1, max_size=4))


@FUZZ
@given(RULESETS.flatmap(_events))
def test_hand_typed_events_sealed_as_a_forger_would_reach_the_rules_and_are_refused_or_read(drawn):
    """Each event given its next id and a seal computed over the log before it, as listgen's own writer would:
    the seals hold, so what decides is the rules' reading of the event."""
    import yaml

    ruleset, events = drawn
    text = _base(ruleset)
    data = parse(text, "campaign.yaml").data
    before = [e for e in data["log"] if e.get("seal")][-1]["seal"]
    next_id = len(data["log"]) + 1
    for kind, values in events:
        event = {"id": next_id, "kind": kind, **values}
        read_back = parse(yaml.safe_dump([event], sort_keys=False, allow_unicode=True), "e.yaml").data[0]
        event["seal"] = before = event_seal(before, read_back)
        text += yaml.safe_dump([event], sort_keys=False, allow_unicode=True)
        next_id += 1
    _read(text)


@settings(FUZZ, max_examples=60)
@given(
    st.text(max_size=40),
    st.text(alphabet=st.characters(codec="utf-8", exclude_categories=["Cs"]), max_size=40),
    st.sampled_from(["2026-12-01", "yes", "1944", "0x1F", "1_000", "~", "null", "'", '"', "- a", "# b", "a: b"]),
)
def test_what_a_command_adds_is_sealed_as_it_reads_back(scenario, result, date):
    """Whatever text a command is given, the event it writes reads back under its own seal: written, or refused for
    what it is, never for its seal."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "campaign.yaml"
        path.write_text(_base("smle"), encoding="utf-8")
        try:
            C.add(path, {"kind": "battle", "scenario": scenario, "result": result, "date": date})
        except C.CampaignFileError as exc:
            assert "seal" not in str(exc), str(exc)
            return
        C.read(path)
