"""The club's ladder (issue 54): a season of exported events into one ranking anyone can recompute.

A season of 8 generated events, 40 players, with drops, late entries, byes, forfeits, a game left unplayed and two
spellings of one player, each export valid against `listgen schema results`. Checked against independent
computations: openskill fed the games by hand, the league tables counted here from the exports."""

from __future__ import annotations

import json
import random
from pathlib import Path

import jsonschema  # type: ignore[import-untyped]
import pytest
from openskill.models import PlackettLuce
from seasons import ALIAS, LADDER_FILE, make_event, player_id, write_season

from listgen.events.results import results_schema


@pytest.fixture(scope="module")
def season(tmp_path_factory) -> tuple[Path, list[dict]]:
    folder = tmp_path_factory.mktemp("season")
    events = write_season(folder)  # names not in date order
    for event in events:
        jsonschema.validate(event, results_schema())  # the generator writes what the published schema takes
    return folder, events


def ladder_json(invoke, files, *more) -> dict:
    result = invoke("ladder", *files, "--ladder", files[0].parent / "ladder.yaml", "--format", "json", *more)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_the_same_files_in_any_order_give_the_same_ladder_byte_for_byte(season, invoke):

    folder, _events = season
    files = sorted(folder.glob("*.json"))
    outputs = set()
    for seed in range(6):
        shuffled = files[:]
        random.Random(seed).shuffle(shuffled)
        args = ["ladder", *map(str, shuffled), "--ladder", str(folder / "ladder.yaml"), "--format", "json"]
        result = invoke(*args)
        assert result.exit_code == 0, result.output
        outputs.add(result.stdout)
    as_folder = invoke("ladder", folder, "--ladder", folder / "ladder.yaml", "--format", "json")
    outputs.add(as_folder.stdout)
    assert len(outputs) == 1


def test_ratings_equal_openskill_fed_the_games_by_hand(season, invoke):
    """Restated from issue 54: events in date order, each round's games in table order; byes, forfeits and games
    unplayed move no rating, draws do; two spellings joined by the ladder's alias are one player."""
    folder, events = season
    model = PlackettLuce(mu=25.0, sigma=25.0 / 3)
    ratings: dict[str, tuple[float, float]] = {}
    games_played: dict[str, int] = {}
    one = {ALIAS[1]: ALIAS[0]}
    for event in sorted(events, key=lambda e: e["event"]["date"]):
        for game in sorted(event["games"], key=lambda g: (g["round"], g["table"] or 0)):
            if game["bye"] or game["forfeit"] or game["score"] is None:
                continue
            a, b = (one.get(p, p) for p in game["players"])
            ra, rb = (
                model.rating(mu=mu, sigma=sigma) for mu, sigma in (ratings.get(p, (25.0, 25.0 / 3)) for p in (a, b))
            )
            ranks = {"first": [1.0, 2.0], "second": [2.0, 1.0], "draw": [1.0, 1.0]}[game["result"]]
            [[na], [nb]] = model.rate([[ra], [rb]], ranks=ranks)
            ratings[a], ratings[b] = (na.mu, na.sigma), (nb.mu, nb.sigma)
            for p in (a, b):
                games_played[p] = games_played.get(p, 0) + 1
    data = ladder_json(invoke, sorted(folder.glob("*.json")))
    by_name = {p["name"]: p for p in data["players"]}
    assert ALIAS[1] not in by_name and ALIAS[0] in by_name  # one player, one row
    assert len(data["players"]) == len(ratings) == 40
    for name, (mu, sigma) in ratings.items():
        row = by_name[name]
        assert row["mu"] == round(mu, 2) and row["sigma"] == round(sigma, 2), name
        assert row["rating"] == round(mu - 3 * sigma, 2) and row["games"] == games_played[name]
    rated = [p for p in data["players"] if not p["provisional"]]
    assert [p["rating"] for p in rated] == sorted((p["rating"] for p in rated), reverse=True)
    assert [p["rank"] for p in rated] == list(range(1, len(rated) + 1))
    assert all(p["rank"] is None and p["games"] < 6 for p in data["players"] if p["provisional"])


def test_win_draw_loss_and_events_counted_from_the_exports(season, invoke):
    folder, events = season
    data = ladder_json(invoke, sorted(folder.glob("*.json")))
    wins: dict[str, int] = {}
    played_in: dict[str, int] = {}
    for event in events:
        for p in event["players"]:
            name = ALIAS[0] if p["name"] == ALIAS[1] else p["name"]
            played_in[name] = played_in.get(name, 0) + 1
        for g in event["games"]:
            if g["result"] in ("first", "second") and not g["forfeit"]:
                winner = g["players"][0 if g["result"] == "first" else 1]
                winner = ALIAS[0] if winner == ALIAS[1] else winner
                wins[winner] = wins.get(winner, 0) + 1
    for row in data["players"]:
        assert row["wins"] == wins.get(row["name"], 0) and row["events"] == played_in[row["name"]], row["name"]


LEAGUES = {
    "per_result": "league: {win: 3, draw: 1, loss: 0, best: 5, min_events: 3}\n",
    "per_place": "league: {per_place: [10, 8, 6, 5, 4, 3, 2, 1], best: 4, min_events: 2}\n",
}


@pytest.mark.parametrize("kind", sorted(LEAGUES))
def test_the_league_table_equals_an_independent_count(season, invoke, tmp_path, kind):
    folder, events = season
    (folder / "ladder.yaml").write_text(LADDER_FILE + LEAGUES[kind], encoding="utf-8")
    try:
        data = ladder_json(invoke, sorted(folder.glob("*.json")))
    finally:
        (folder / "ladder.yaml").write_text(LADDER_FILE, encoding="utf-8")
    per_event: dict[str, list[int]] = {}
    for event in events:
        got: dict[str, int] = {}
        if kind == "per_place":
            for line in event["standings"]:
                got[line["name"]] = [10, 8, 6, 5, 4, 3, 2, 1][line["rank"] - 1] if line["rank"] <= 8 else 0
        else:
            for g in event["games"]:
                for i, p in enumerate(g["players"]):
                    got.setdefault(p, 0)
                    if g["bye"]:
                        got[p] += 3  # a bye scores as a win unless the ladder says otherwise
                    elif g["forfeit"]:
                        got[p] += 0 if g["forfeit"] == p else 3
                    elif g["result"] == "draw":
                        got[p] += 1
                    elif g["result"] in ("first", "second"):
                        got[p] += 3 if (g["result"] == "first") == (i == 0) else 0
        for p in event["players"]:
            per_event.setdefault(ALIAS[0] if p["name"] == ALIAS[1] else p["name"], []).append(got.get(p["name"], 0))
    best, least = (5, 3) if kind == "per_result" else (4, 2)
    expected = {name: sum(sorted(pts, reverse=True)[:best]) for name, pts in per_event.items() if len(pts) >= least}
    assert {row["name"]: row["points"] for row in data["league"]} == expected
    assert [row["points"] for row in data["league"]] == sorted(expected.values(), reverse=True)


def test_a_near_name_is_reported_never_merged(season, invoke, tmp_path):
    folder, _events = season
    plain = tmp_path / "ladder.yaml"
    plain.write_text("ladder: No aliases\n", encoding="utf-8")
    result = invoke("ladder", folder, "--ladder", plain, "--format", "json")
    data = json.loads(result.stdout)
    names = {p["name"] for p in data["players"]}
    assert {ALIAS[0], ALIAS[1]} <= names  # two rows: never merged silently
    assert any(f"'{ALIAS[0]}' and '{ALIAS[1]}' may be one player" in note for note in data["notes"])


def test_an_older_event_added_late_is_said_to_re_rate(season, invoke, tmp_path):
    folder, events = season
    files = sorted(folder.glob("*.json"))
    early = next(f for f in files if json.loads(f.read_text())["event"]["name"] == "Humber Open 1")
    rest = [f for f in files if f != early]
    before = tmp_path / "before.json"
    assert invoke("ladder", *rest, "--format", "json", "-o", before).exit_code == 0
    after = invoke("ladder", *files, "--previous", before)
    assert after.exit_code == 0
    assert "'Humber Open 1' (2026-01-10) is older than events the previous ladder had rated" in after.stdout
    again = invoke("ladder", *files, "--previous", before, "--format", "json")
    assert json.loads(again.stdout)["players"] != json.loads(before.read_text())["players"]
    quiet = invoke("ladder", *rest, "--previous", before)
    assert "older than" not in quiet.stdout


def broken(tmp_path: Path, event: dict, name: str = "bad.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(event, indent=2), encoding="utf-8")
    return path


def refused(invoke, tmp_path, *files) -> str:
    out = tmp_path / "ladder.json"
    result = invoke("ladder", *files, "--format", "json", "-o", out)
    assert result.exit_code == 2 and not out.exists(), result.output  # nothing written
    assert "Traceback" not in result.output
    assert "listgen: error: " not in result.output  # each problem said as validate says a list's: file:line:col
    return result.output


def test_bad_exports_are_located_and_no_ladder_is_written(season, invoke, tmp_path):
    folder, events = season
    good = sorted(folder.glob("*.json"))
    event = json.loads(json.dumps(events[0]))
    event["games"][3]["score"] = [2, "x"]
    said = refused(invoke, tmp_path, *good, broken(tmp_path, event))
    line = next(n for n, text in enumerate((tmp_path / "bad.json").read_text().splitlines(), 1) if '"x"' in text)
    assert f"bad.json:{line}:" in said and "must be a whole number" in said
    event = json.loads(json.dumps(events[0]))
    event["games"][0]["extra"] = 1  # a key the schema does not have
    assert "unknown key 'extra'" in refused(invoke, tmp_path, broken(tmp_path, event))
    event = json.loads(json.dumps(events[0]))
    event["games"][5]["players"][1] = "Nobody"
    assert "'Nobody' plays a game but is not among the players" in refused(invoke, tmp_path, broken(tmp_path, event))
    (tmp_path / "text.json").write_text("{not json", encoding="utf-8")
    assert "text.json:1:" in refused(invoke, tmp_path, tmp_path / "text.json")


def test_the_same_event_twice_is_refused(season, invoke, tmp_path):
    folder, events = season
    copy = broken(tmp_path, events[2], "copy.json")
    said = refused(invoke, tmp_path, folder, copy)
    assert "the same event as" in said and "Humber Open 3" in said and "copy.json" in said


def test_an_event_in_the_future_or_undated_is_refused(season, invoke, tmp_path):
    """Today is SOURCE_DATE_EPOCH's date in the tests (2026-05-28): an event on it is rated, one a day later not."""
    _folder, events = season
    today = json.loads(json.dumps(events[0]))
    today["event"]["date"], today["event"]["name"] = "2026-05-28", "Today"
    assert invoke("ladder", broken(tmp_path, today, "today.json")).exit_code == 0
    future = json.loads(json.dumps(events[0]))
    future["event"]["date"] = "2026-05-29"
    said = refused(invoke, tmp_path, broken(tmp_path, future))
    assert "dated 2026-05-29, after today (2026-05-28)" in said and "bad.json:" in said
    undated = json.loads(json.dumps(events[0]))
    undated["event"]["date"] = None
    assert "the event has no date" in refused(invoke, tmp_path, broken(tmp_path, undated))


def test_byes_forfeits_and_unplayed_games_move_no_rating(invoke, tmp_path):
    """Two players: a bye each, a forfeit and a game unplayed leave them at the start; one draw then moves
    neither (equal ratings); a win moves both."""
    base = make_event(0, random.Random(1))
    a, b = "Ann Archer", "Ben Baker"
    base["players"] = [
        {"id": player_id(p), "name": p, "club": None, "list_hash": None, "legal": True, "dropped_after": None}
        for p in (a, b)
    ]
    base["standings"] = [
        {"rank": 1, "id": player_id(a), "name": a, "points": 0},
        {"rank": 1, "id": player_id(b), "name": b, "points": 0},
    ]
    base["games"] = [
        {"round": 1, "table": None, "players": [a], "score": None, "result": "bye", "bye": True, "forfeit": None},
        {"round": 2, "table": 1, "players": [a, b], "score": [0, 1], "result": "second", "bye": False, "forfeit": a},
        {"round": 3, "table": 1, "players": [a, b], "score": None, "result": "unplayed", "bye": False, "forfeit": None},
    ]
    path = broken(tmp_path, base, "quiet.json")
    data = json.loads(invoke("ladder", path, "--format", "json").stdout)
    assert {(p["mu"], p["sigma"], p["games"]) for p in data["players"]} == {(25.0, 8.33, 0)}
    base["games"].append(
        {"round": 4, "table": 1, "players": [a, b], "score": [3, 1], "result": "first", "bye": False, "forfeit": None}
    )
    data = json.loads(invoke("ladder", broken(tmp_path, base, "won.json"), "--format", "json").stdout)
    assert [p["name"] for p in data["players"]] == [a, b] and data["players"][0]["mu"] > 25 > data["players"][1]["mu"]


def test_text_csv_and_pdf(season, invoke, tmp_path):
    folder, _events = season
    (tmp_path / "l.yaml").write_text("ladder: Humber season 2026\nprovisional_below: 14\n", encoding="utf-8")
    text = invoke("ladder", folder, "--ladder", tmp_path / "l.yaml")
    assert text.exit_code == 0 and text.stdout.startswith("Humber season 2026\n")
    assert "provisional (fewer than 14 rated games):" in text.stdout
    table = invoke("ladder", folder, "--format", "csv").stdout.splitlines()
    assert table[0].startswith("rank,id,name,rating,mu,sigma,games") and len(table) == 1 + 41  # 40 and the alias apart
    pdf = tmp_path / "ladder.pdf"
    printed = invoke("ladder", folder, "--ladder", folder / "ladder.yaml", "--format", "pdf", "-o", pdf)
    assert printed.exit_code == 0 and pdf.read_bytes().startswith(b"%PDF")


def test_a_bad_ladder_file_is_located(season, invoke, tmp_path):
    folder, _events = season
    bad = tmp_path / "l.yaml"
    bad.write_text("ladder: X\nleague: {win: 3, per_place: [3, 2]}\n", encoding="utf-8")
    said = refused(invoke, tmp_path, folder, "--ladder", bad)
    assert "l.yaml:2:" in said and "per place (per_place) or per result (win), not both" in said
    bad.write_text("ladder: X\nprovisonal_below: 3\n", encoding="utf-8")
    said = refused(invoke, tmp_path, folder, "--ladder", bad)
    assert "l.yaml:2:1" in said and "did you mean 'provisional_below'" in said
    bad.write_text("ladder: X\naliases: {A B: [C D], E F: [c d]}\n", encoding="utf-8")
    assert "'c d' is an alias of both 'A B' and 'E F'" in refused(invoke, tmp_path, folder, "--ladder", bad)


def test_a_ladder_file_names_where_its_exports_are(season, invoke, tmp_path):
    folder, _events = season
    whole = ladder_json(invoke, sorted(folder.glob("*.json")))
    by_file = invoke("ladder", "--ladder", folder / "ladder.yaml", "--format", "json")  # exports: . (its folder)
    assert by_file.exit_code == 0, by_file.output
    assert json.loads(by_file.stdout) == whole
    club = tmp_path / "club"
    (club / "season").mkdir(parents=True)
    for export in folder.glob("*.json"):
        (club / "season" / export.name).write_bytes(export.read_bytes())
    (club / "ladder.yaml").write_text(LADDER_FILE + "exports: [season]\n", encoding="utf-8")
    named = invoke("ladder", "--ladder", club / "ladder.yaml", "--format", "json")
    assert named.exit_code == 0 and json.loads(named.stdout) == whole


def test_a_ladder_file_reads_no_exports_outside_its_folder(season, invoke, tmp_path):
    folder, _events = season
    club = tmp_path / "club"
    club.mkdir()
    (club / "ladder.yaml").write_text(f"ladder: X\nexports: [ok, ../{folder.name}]\n", encoding="utf-8")
    (club / "ok").mkdir()
    said = refused(invoke, tmp_path, "--ladder", club / "ladder.yaml")
    assert "ladder.yaml:2:" in said and "leads out of the ladder file's folder" in said
    assert "[LADDER-EXPORTS-OUTSIDE]" in said


def test_no_exports_and_no_ladder_file_is_said(invoke):
    result = invoke("ladder")
    assert result.exit_code == 2 and "name the events' exports, or a ladder file" in result.output
