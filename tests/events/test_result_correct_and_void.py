"""A wrong result corrected or voided by command (issue 52), under the event's lock, never by editing the round
file: a different score on a recorded table is refused without --correct, taken with it (the old result and the
new said); void takes a result back so that the same slip records again; the standings follow."""

from __future__ import annotations

import json

import yaml
from test_event_day import event8, paired  # noqa: F401 - the fixture
from test_rounds import cli


def _table(event, n: int = 1) -> dict:
    games = yaml.safe_load((event / "results" / f"round-{n}.yaml").read_text(encoding="utf-8"))["games"]
    return next(g for g in games if "code" in g)


def _points(event, capsys, player: str):
    capsys.readouterr()
    assert cli("tournament", "export", event / "pack.yaml") == 0
    rows = json.loads(capsys.readouterr().out)["standings"]
    return next(r["points"] for r in rows if r["name"] == player)


def test_a_recorded_result_is_changed_only_with_correct(event8, capsys):  # noqa: F811
    pack = event8 / "pack.yaml"
    first = paired(event8)["games"][0]
    code, (a, b) = first["code"], first["players"]
    assert cli("tournament", "result", pack, code, 12, 4) == 0
    before = (event8 / "results" / "round-1.yaml").read_bytes()
    capsys.readouterr()
    assert cli("tournament", "result", pack, code, 4, 12) == 2  # a different score, no --correct
    assert "--correct" in capsys.readouterr().err
    assert (event8 / "results" / "round-1.yaml").read_bytes() == before
    assert cli("tournament", "result", pack, code, 4, 12, "--correct") == 0
    said = capsys.readouterr().out
    assert f"corrected round 1, table {first['table']}: {a} 4, {b} 12 (was {a} 12, {b} 4" in said
    assert _table(event8)["score"] == [4, 12]


def test_a_correction_replaces_a_forfeit_and_the_standings_follow(event8, capsys):  # noqa: F811
    pack = event8 / "pack.yaml"
    for g in paired(event8)["games"]:
        assert cli("tournament", "result", pack, g["code"], 1, 0) == 0
    first = _table(event8)
    a, b = first["players"]
    assert cli("tournament", "result", pack, first["code"], "--forfeit", b) == 0  # the same scores: no change
    assert "forfeit" not in _table(event8)
    assert cli("tournament", "result", pack, first["code"], "--forfeit", b, "--correct") == 0
    assert _table(event8).get("forfeit") == b
    won = _points(event8, capsys, b)
    assert cli("tournament", "result", pack, first["code"], 0, 9, "--correct") == 0
    assert "forfeit" not in _table(event8) and _table(event8)["score"] == [0, 9]
    assert _points(event8, capsys, b) > won  # b lost, now won


def test_void_takes_a_result_back_and_the_same_slip_records_again(event8, capsys):  # noqa: F811
    pack = event8 / "pack.yaml"
    first = paired(event8)["games"][0]
    assert cli("tournament", "void", pack, first["code"]) == 2  # nothing recorded yet
    assert "no result to void" in capsys.readouterr().err
    assert cli("tournament", "result", pack, first["code"], 12, 4) == 0
    wrong = first["code"][:-1] + ("B" if first["code"].endswith("A") else "A")  # never the slip's own code
    assert cli("tournament", "void", pack, wrong) == 2  # a wrong code voids nothing
    assert _table(event8)["score"] == [12, 4]
    capsys.readouterr()
    assert cli("tournament", "void", pack, first["code"]) == 0
    assert "voided round 1" in capsys.readouterr().out
    assert _table(event8)["score"] == [None, None]
    assert cli("tournament", "result", pack, first["code"], 3, 3) == 0
    assert _table(event8)["score"] == [3, 3]


def test_a_result_the_next_round_is_paired_on_is_corrected_not_voided(event8, capsys):  # noqa: F811
    pack = event8 / "pack.yaml"
    for g in paired(event8)["games"]:
        assert cli("tournament", "result", pack, g["code"], 1, 0) == 0
    assert cli("tournament", "pair", pack, "-o", event8 / "out") == 0
    first = _table(event8)
    capsys.readouterr()
    assert cli("tournament", "void", pack, first["code"]) == 2
    assert "round 2 is paired on this result" in capsys.readouterr().err
    assert cli("tournament", "result", pack, first["code"], 0, 1, "--correct") == 0
    assert "Round 2 was paired before this change" in capsys.readouterr().out
