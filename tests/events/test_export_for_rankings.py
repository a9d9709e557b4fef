"""What the export gives a ranking (issue 52): the t3 layout's army column holds each player's army (the list's
name, as the pack's export_army says; said for an unreadable entry too), never the ruleset's slug; each player's
final place is a field of its own, no two alike (ties in name order, as the standings list them); the standings
carry every tie-breaker's value; the pack's aliases make two spellings of one player one id, which the ladder
joins on."""

from __future__ import annotations

import csv
import io
import json

import jsonschema  # type: ignore[import-untyped]
import pytest
from test_event_day import event8, paired  # noqa: F401 - the fixture
from test_rounds import cli

from listgen.events.event_export import player_id
from listgen.events.results import UNREADABLE_ARMY, results_schema

LIST_NAME = "Grenadier-Gruppe Königstiger-Ersatz, 1944"  # the name of every list of event8 (smle-german-section)


def _export(event, capsys, fmt: str = "json"):
    capsys.readouterr()
    assert cli("tournament", "export", event / "pack.yaml", "--format", fmt) == 0
    out = capsys.readouterr().out
    return json.loads(out) if fmt == "json" else list(csv.DictReader(io.StringIO(out)))


def _unreadable(event) -> None:
    (event / "entries" / "zed.yaml").write_text("player: Zed Zane\nruleset: smle\nsections: [\n", encoding="utf-8")


def test_the_t3_army_is_the_lists_name_and_an_unreadable_entry_says_so(event8, capsys):  # noqa: F811
    _unreadable(event8)
    rows = _export(event8, capsys, "t3")
    armies = {(r["first_name"], r["last_name"]): r["army"] for r in rows}
    assert armies[("Alice", "Archer")] == LIST_NAME and armies[("Zed", "Zane")] == UNREADABLE_ARMY
    assert "smle" not in armies.values()
    players = {p["name"]: p for p in _export(event8, capsys)["players"]}
    assert players["Alice Archer"]["army"] == LIST_NAME and players["Zed Zane"]["army"] == UNREADABLE_ARMY


def test_the_pack_may_say_the_army_is_the_ruleset(event8, capsys):  # noqa: F811
    pack = event8 / "pack.yaml"
    pack.write_text(pack.read_text().replace("lists: entries\n", "lists: entries\nexport_army: ruleset\n"))
    assert {r["army"] for r in _export(event8, capsys, "t3")} == {"smle"}
    pack.write_text(pack.read_text().replace("export_army: ruleset", "export_army: faction"))
    assert {r["army"] for r in _export(event8, capsys, "t3")} == {LIST_NAME}  # no smle list has a faction


def test_every_player_has_a_place_of_his_own_and_ties_are_in_name_order(event8, capsys):  # noqa: F811
    data = _export(event8, capsys)  # no round played: all eight tied at rank 1
    assert {s["rank"] for s in data["standings"]} == {1}
    names = sorted((p["name"] for p in data["players"]), key=str.casefold)
    assert [s["name"] for s in data["standings"]] == names
    assert [s["place"] for s in data["standings"]] == list(range(1, 9))
    assert {p["name"]: p["place"] for p in data["players"]} == {n: i for i, n in enumerate(names, start=1)}
    t3 = _export(event8, capsys, "t3")
    assert [int(r["placing"]) for r in t3] == list(range(1, 9))
    jsonschema.validate(data, results_schema())


def test_the_standings_carry_every_tie_breakers_value(event8, capsys):  # noqa: F811
    pack = event8 / "pack.yaml"
    for g in paired(event8)["games"]:
        assert cli("tournament", "result", pack, g["code"], 7, 2) == 0
    data = _export(event8, capsys)
    assert data["event"]["tie_breakers"][0] == "points"
    winners = [s for s in data["standings"] if s["wins"] == 1]
    losers = [s for s in data["standings"] if s["wins"] == 0]
    assert len(winners) == len(losers) == 4
    assert {s["points_difference"] for s in winners} == {5} and {s["points_difference"] for s in losers} == {-5}
    assert all(s["sos"] is not None and s["extended_sos"] is not None for s in data["standings"])
    assert all(s.get("head_to_head", 0) is not None for s in data["standings"])  # absent, never null
    assert all(s["place"] <= 4 for s in winners) and all(s["place"] >= 5 for s in losers)
    jsonschema.validate(data, results_schema())
    capsys.readouterr()
    assert cli("tournament", "standings", pack, "-o", event8 / "out") == 0
    printed = json.loads((event8 / "out" / "standings-round-1.json").read_text())["players"]
    assert {r["player"]: r["sos"] for r in printed} == {s["name"]: s["sos"] for s in data["standings"]}


def test_an_alias_gives_two_spellings_one_id(event8, capsys):  # noqa: F811
    pack = event8 / "pack.yaml"
    alice = event8 / "entries" / "alice.yaml"
    alice.write_text(alice.read_text().replace("Alice Archer", "Alicia Archer"), encoding="utf-8")
    before = {p["name"]: p["id"] for p in _export(event8, capsys)["players"]}
    assert before["Alicia Archer"] == player_id("Alicia Archer")
    pack.write_text(pack.read_text() + "aliases:\n  Alice Archer: [Alicia Archer, A. Archer]\n", encoding="utf-8")
    data = _export(event8, capsys)
    ids = {p["name"]: p["id"] for p in data["players"]}
    assert ids["Alicia Archer"] == player_id("Alice Archer")
    assert {s["name"]: s["id"] for s in data["standings"]}["Alicia Archer"] == player_id("Alice Archer")
    assert all(ids[n] == before[n] for n in ids if n != "Alicia Archer")  # the others' ids are as they were


def test_the_ladder_joins_two_spellings_on_the_packs_id(event8, tmp_path, capsys):  # noqa: F811
    from listgen.events.ladder import make_ladder, read_season

    pack = event8 / "pack.yaml"
    text = pack.read_text()
    pack.write_text(text.replace("event: Eight", "event: Eight\ndate: 2026-03-01"), encoding="utf-8")
    assert cli("tournament", "export", pack, "-o", tmp_path / "one.json") == 0
    alice = event8 / "entries" / "alice.yaml"
    alice.write_text(alice.read_text().replace("Alice Archer", "Alicia Archer"), encoding="utf-8")
    pack.write_text(
        text.replace("event: Eight", "event: Nine\ndate: 2026-04-01") + "aliases:\n  Alice Archer: [Alicia Archer]\n",
        encoding="utf-8",
    )
    assert cli("tournament", "export", pack, "-o", tmp_path / "two.json") == 0
    import datetime

    season = read_season([str(tmp_path / "one.json"), str(tmp_path / "two.json")], datetime.date(2026, 12, 1))
    ladder = make_ladder(season)
    archers = [p for p in ladder.players if "Arch" in p.name]
    assert len(archers) == 1 and archers[0].key == player_id("Alice Archer")


@pytest.mark.parametrize(
    "aliases, refused",
    [
        ("  Alice Archer: [A. Archer]\n  Bob Baker: [A. Archer]\n", True),  # one spelling of two players
        ("  Alice Archer: [A. Archer]\n  Bob Baker: [B. Baker]\n", False),
    ],
)
def test_a_spelling_of_two_players_is_refused_in_the_pack(event8, capsys, aliases, refused):  # noqa: F811
    pack = event8 / "pack.yaml"
    pack.write_text(pack.read_text() + "aliases:\n" + aliases, encoding="utf-8")
    capsys.readouterr()
    assert (cli("tournament", "export", pack) == 2) is refused
    assert ("'A. Archer' is a spelling of both 'Alice Archer' and 'Bob Baker'" in capsys.readouterr().err) is refused


def test_two_entrants_one_player_by_the_aliases_are_refused(event8, capsys):  # noqa: F811
    pack = event8 / "pack.yaml"
    pack.write_text(pack.read_text() + "aliases:\n  Alice Archer: [Bob Baker]\n", encoding="utf-8")
    capsys.readouterr()
    assert cli("tournament", "export", pack) == 2
    assert "one player by the pack's aliases" in capsys.readouterr().err
