"""`tournament add` (issue 52): a player entered already is refused, nothing written, and pointed to `admit` (his
second entry stopped every event command); a late player is given his club (--club), kept apart in round 1 and
exported with it."""

from __future__ import annotations

import json

import pytest
from test_event_day import event8  # noqa: F401 - the fixture
from test_rounds import cli


def _files(event) -> dict:
    return {p.name: p.read_bytes() for p in event.rglob("*") if p.is_file() and not p.name.endswith(".writing")}


def test_adding_a_player_entered_already_is_refused_and_writes_nothing(event8, tmp_path, capsys):  # noqa: F811
    pack = event8 / "pack.yaml"
    assert cli("tournament", pack, "-o", event8 / "checked", "--lock") == 0
    again = tmp_path / "alice.yaml"
    again.write_text((event8 / "entries" / "alice.yaml").read_text())
    before = _files(event8)
    capsys.readouterr()
    assert cli("tournament", "add", pack, "Alice Archer", again) == 2
    captured = capsys.readouterr()
    assert "entered already" in captured.err and "tournament admit" in captured.err and "added" not in captured.out
    assert _files(event8) == before
    assert cli("tournament", "pair", pack, "-o", event8 / "out") == 0  # the event goes on


def test_the_name_is_compared_as_the_entry_check_compares_it(event8, tmp_path, capsys):  # noqa: F811
    pack = event8 / "pack.yaml"
    again = tmp_path / "alice.yaml"
    again.write_text((event8 / "entries" / "alice.yaml").read_text().replace("Alice Archer", "alice archer"))
    assert cli("tournament", "add", pack, "alice archer", again) == 2
    assert "Alice Archer is entered already" in capsys.readouterr().err


def test_a_late_player_is_given_his_club_and_kept_apart_from_clubmates(event8, tmp_path, capsys):  # noqa: F811
    pack = event8 / "pack.yaml"
    alice = event8 / "entries" / "alice.yaml"
    pack.write_text(
        pack.read_text()
        + "  first_round: clubs\n  clubs_apart: absolute\n  players:\n    Alice Archer: {club: Hull}\n",
        encoding="utf-8",
    )
    (event8 / "entries" / "bob.yaml").unlink()  # seven players and the late one: eight, four tables
    late = tmp_path / "quinn.yaml"
    late.write_text(alice.read_text().replace("Alice Archer", "Quinn Quill"))
    capsys.readouterr()
    assert cli("tournament", "add", pack, "Quinn Quill", late, "--club", "Hull") == 0
    assert "Quinn Quill's club: Hull" in capsys.readouterr().out
    for seed in range(1, 9):  # whatever the draw, the two of Hull never meet in round 1
        (event8 / "results" / "round-1.yaml").unlink(missing_ok=True)
        assert cli("tournament", "pair", pack, "-o", event8 / "out", "--seed", seed) == 0
        text = (event8 / "results" / "round-1.yaml").read_text()
        assert not any("Alice Archer" in line and "Quinn Quill" in line for line in text.splitlines())
    capsys.readouterr()
    assert cli("tournament", "export", pack) == 0
    players = {p["name"]: p for p in json.loads(capsys.readouterr().out)["players"]}
    assert players["Quinn Quill"]["club"] == "Hull"


@pytest.mark.parametrize("club, taken", [("x" * 120, True), ("x" * 121, False), ("Hull\nYork", False)])
def test_a_club_is_a_name_or_refused_before_anything_is_written(event8, tmp_path, capsys, club, taken):  # noqa: F811
    """A club as the pack's would be: a name of one line, at most 120 characters (at the limit, and one past)."""
    late = tmp_path / "quinn.yaml"
    late.write_text((event8 / "entries" / "alice.yaml").read_text().replace("Alice Archer", "Quinn Quill"))
    before = _files(event8)
    assert cli("tournament", "add", event8 / "pack.yaml", "Quinn Quill", late, "--club", club) == (0 if taken else 2)
    if taken:
        assert (event8 / "entries" / "quinn-quill.yaml").exists()
    else:
        assert "--club" in capsys.readouterr().err and _files(event8) == before


def test_a_state_holding_a_club_is_still_known_as_the_events(tmp_path):
    """The state `add --club` writes is known by its shape (the page and the site keep it out of what they show)."""
    from listgen.events.event_files import STATE, shape_of

    state = tmp_path / "copy.yaml"
    state.write_text('{"secret": "ab", "dropped": {}, "clubs": {"Quinn Quill": "Hull"}}\n', encoding="utf-8")
    shape = shape_of(state)
    assert shape is not None and shape.kind == STATE
