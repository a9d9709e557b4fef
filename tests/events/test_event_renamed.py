"""The pack's `event:` edited during the event (issue 50: the first result recorded after it wrote the new name into
the round file, and from then on every other slip of the round was refused, the notes saying each table's "players
changed"). A round keeps the name it was paired under, and what changed is said: the name, old and new."""

from __future__ import annotations

import pytest
import yaml
from conftest import cli
from test_event_state_lost import _tables, make_event

PLAYERS_CHANGED = "players changed"


@pytest.fixture
def event4(tmp_path):
    return make_event(tmp_path)


def _rename(event, new: str) -> None:
    pack = event / "pack.yaml"
    pack.write_text(pack.read_text().replace("event: Four", f"event: {new}"))


def test_every_slip_of_a_round_paired_before_a_rename_records_and_the_change_is_said(event4, capsys):
    pack = event4 / "pack.yaml"
    assert cli("tournament", "pair", pack, "-o", event4 / "out") == 0
    _rename(event4, "Four Open")
    first, second = _tables(event4)
    assert cli("tournament", "result", pack, first["code"], "3", "1") == 0
    assert cli("tournament", "result", pack, second["code"], "3", "1") == 0  # refused before: the name was rewritten
    assert yaml.safe_load((event4 / "results" / "round-1.yaml").read_text())["event"] == "Four"
    capsys.readouterr()
    assert cli("tournament", "standings", pack, "-o", event4 / "out") == 0
    out = capsys.readouterr().out
    assert "the event's name changed: the pack says 'Four Open', round 1 was paired as 'Four'" in out
    assert PLAYERS_CHANGED not in out
    assert cli("tournament", "pair", pack, "-o", event4 / "out") == 0  # later rounds take the new name
    assert yaml.safe_load((event4 / "results" / "round-2.yaml").read_text())["event"] == "Four Open"
    for game in _tables(event4, 2):
        assert cli("tournament", "result", pack, game["code"], "1", "1") == 0


def test_a_round_file_rewritten_with_the_new_name_gets_its_slips_back(event4, capsys):
    """As an earlier listgen left it (or a hand edit of its `event:` line): the codes were made with the old name,
    which the event's state keeps; its slips record, and the note names both names, not the players."""
    pack = event4 / "pack.yaml"
    assert cli("tournament", "pair", pack, "-o", event4 / "out") == 0
    _rename(event4, "Four Open")
    path = event4 / "results" / "round-1.yaml"
    path.write_text(path.read_text().replace('event: "Four"', 'event: "Four Open"'))
    capsys.readouterr()
    assert cli("tournament", "standings", pack, "-o", event4 / "out") == 0
    out = capsys.readouterr().out
    assert "the pack says 'Four Open', round 1 was paired as 'Four'" in out and PLAYERS_CHANGED not in out
    for game in _tables(event4):
        assert cli("tournament", "result", pack, game["code"], "3", "1") == 0
    assert yaml.safe_load(path.read_text())["event"] == "Four"  # the round file says its name again


def test_a_swap_after_a_rename_keeps_the_other_tables_slips(tmp_path):
    base = make_event(tmp_path, 6, "Six")
    pack = base / "pack.yaml"
    assert cli("tournament", "pair", pack, "-o", base / "out") == 0
    pack.write_text(pack.read_text().replace("event: Six", "event: Six Open"))
    assert cli("tournament", "swap", pack, "1", "1", "2", "-o", base / "out") == 0
    for game in _tables(base):
        assert cli("tournament", "result", pack, game["code"], "2", "2") == 0  # table 3's printed slip among them
