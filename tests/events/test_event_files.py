"""What a file of an event is, by its content (events/event_files.py, issue 50): each kind listgen writes, told
when it reads and when it does not (broken, past the loader's limit), and never a list. The folder layouts, on the
site and the folder page, are tests/web/test_event_files_kept_off.py."""

from __future__ import annotations

import json

import pytest
from conftest import BASE

from listgen.core.exceptions import InputError
from listgen.core.loader import MAX_BYTES, load
from listgen.events import event_files
from listgen.events.event_files import (
    CAMPAIGN,
    EXPORT,
    LOCK,
    PACK,
    RESULTS,
    ROUND,
    SHEET,
    STANDINGS,
    STATE,
    Shape,
    event_part,
    events_among,
    shape_of,
)

PACK_TEXT = "event: Open\nrulesets: [smle]\nlists: players  # the entries\nrounds:\n  results: played\n"
ROUND_TEXT = (
    'event: "Open"\nround: 1\ngames:\n  - {table: 1, players: ["A", "B"], score: [null, null], code: R1-T1-ABCD}\n'
)


@pytest.mark.parametrize(
    ("name", "text", "kind"),
    [
        ("pack.yaml", PACK_TEXT, PACK),
        ("c.yaml", "campaign: Autumn\nformat: 1\nruleset: smle\nseed: 1\nforces: []\n", CAMPAIGN),
        ("round-1.yaml", ROUND_TEXT, ROUND),
        ("pack.event.json", json.dumps({"secret": "ab" * 16, "dropped": {}}), STATE),
        ("pack.lock.json", json.dumps({"event": "Open", "locked": "2026-01-01", "entries": {}}), LOCK),
        ("e.json", json.dumps({"listgen_results": 1, "event": {}, "players": []}), EXPORT),
        (
            "results.json",
            json.dumps({"event": "Open", "rulesets": ["smle"], "all_legal": True, "entries": []}),
            RESULTS,
        ),
        (
            "standings-round-1.json",
            json.dumps({"event": "O", "after_round": 1, "tie_breakers": [], "players": []}),
            STANDINGS,
        ),
        ("round-1-pairings.json", json.dumps([{"round": 1, "table": 1, "player": "A", "code": "R1-T1-ABCD"}]), SHEET),
        (
            "round-1-pairings.csv",
            "round,scenario,table,player,points,opponent,opponent_points,code\n1,,1,A,0,B,0,R1",
            SHEET,
        ),
        ("t3.csv", "placing,first_name,last_name,army\n1,Alice,Archer,smle\n", SHEET),
        ("results.csv", "player,file,list,ruleset,points,points_limit,legal,errors,warnings,findings,hash\n", SHEET),
    ],
)
def test_each_file_listgen_writes_for_an_event_is_told_by_its_keys_whatever_its_name(tmp_path, name, text, kind):
    for called in (name, "renamed.yaml"):
        (tmp_path / called).write_text(text, encoding="utf-8")
        assert shape_of(tmp_path / called).kind == kind, called


@pytest.mark.parametrize(
    "text",
    [
        BASE,
        BASE + "event: Club night\nrulesets: [smle]\nround: 1\ngames: []\n",  # a list says its 'ruleset:'
        json.dumps([{"name": "A", "player": "A"}]),  # rows, not of a sheet listgen writes
        "player,name\nA,B\n",
        "event: Open\n",  # half a pack
    ],
)
def test_a_list_or_anything_else_is_no_events(tmp_path, text):
    (tmp_path / "x.yaml").write_text(text, encoding="utf-8")
    assert shape_of(tmp_path / "x.yaml") is None


def test_a_pack_at_the_loaders_limit_is_read_and_one_past_it_is_told_by_its_lines(tmp_path):
    """A pack read gives its folders as it says them; past 1 MiB (the loader refuses it), its top-level keys and
    its 'lists:' and 'results:' lines say the same."""
    for size in (MAX_BYTES, MAX_BYTES + 1):
        text = PACK_TEXT + "# " + "x" * (size - len(PACK_TEXT) - 3) + "\n"
        assert len(text.encode()) == size
        path = tmp_path / f"pack-{size}.yaml"
        path.write_text(text, encoding="utf-8")
        assert shape_of(path) == Shape(PACK, "players", "played"), size
        if size > MAX_BYTES:
            with pytest.raises(InputError):
                load(str(path))
        else:
            assert load(str(path)).data["lists"] == "players"


def test_a_broken_pack_is_told_by_its_lines_and_a_list_broken_is_not_a_pack(tmp_path):
    (tmp_path / "pack.yaml").write_text(PACK_TEXT + "restrictions: [{id: half\n", encoding="utf-8")
    assert shape_of(tmp_path / "pack.yaml") == Shape(PACK, "players", "played")
    (tmp_path / "list.yaml").write_text(BASE + "  - [half\n", encoding="utf-8")
    assert shape_of(tmp_path / "list.yaml") is None


def test_what_is_read_of_a_file_that_does_not_load_is_bounded(tmp_path, monkeypatch):
    """A key whose colon is the last byte of the first MAX_SCAN is found; one byte further, it is not read."""
    monkeypatch.setattr(event_files, "MAX_SCAN", 4096)
    event_files._shape_at.cache_clear()
    head = "event: Open\n"
    for pad, found in ((4096 - len(head) - 1 - len("rulesets:"), True), (4096 - len(head) - len("rulesets:"), False)):
        path = tmp_path / f"pack-{pad}.yaml"
        path.write_text(head + "#" * pad + "\nrulesets: [smle]\nlists: [half\n", encoding="utf-8")
        assert (shape_of(path) is not None) == found, pad
    event_files._shape_at.cache_clear()


def test_a_file_the_lock_names_is_the_events_and_said_so(tmp_path):
    (tmp_path / "pack.yaml").write_text("event: Open\nrulesets: [smle]\n", encoding="utf-8")
    (tmp_path / "given").mkdir()
    for name in ("a", "b"):
        (tmp_path / "given" / f"{name}.yaml").write_text(BASE, encoding="utf-8")
    lock = {"event": "Open", "locked": "2026-01-01", "entries": {"given/a.yaml": {"player": "A", "hash": None}}}
    (tmp_path / "pack.lock.json").write_text(json.dumps(lock), encoding="utf-8")
    found = sorted(tmp_path.rglob("*.yaml"))
    events = events_among(found, tmp_path)
    assert event_part(tmp_path / "given" / "a.yaml", events) == (
        tmp_path / "given" / "a.yaml",
        "an entry the lock of pack.yaml names",
        False,
    )
    assert event_part(tmp_path / "given" / "b.yaml", events) is None  # not named, beside no pack: the folder's
