"""The event leaves the laptop: the whole event as data (the export `listgen schema results` describes) and as
JSON, CSV or t3 text."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from listgen.events.event import Event
from listgen.events.event_printouts import _EVERY_VALUE, _csv, standings_rows
from listgen.events.results import EXPORT_VERSION
from listgen.events.rounds import Game, RoundsError

if TYPE_CHECKING:
    from listgen.events.tournament import Entry


def export_data(event: Event) -> dict[str, Any]:
    """The whole event as data: its name, date, place, rulesets, rounds and ranking; each player (a stable id from
    the name, the pack's aliases joining spellings; club, list hash and verdict, army, dropped, final place); every
    game (round, table, players, scores, result, bye, forfeit); and the standings with each tie-breaker's value.
    `listgen schema results` describes it."""
    rounds, _notes = event.rounds()
    finished, rows = standings_rows(event, every=True)
    clubs = {name: p.club for name, p in event.rules.players.items()}
    entries = {e.player: e for e in event.checked.entries}
    ids = player_ids(event)
    place = {r["player"]: i for i, r in enumerate(rows, start=1)}  # the standings' order: ties by name
    players = [
        {
            "id": ids[name],
            "name": name,
            "club": clubs.get(name),
            "list_hash": entries[name].hash,
            "legal": entries[name].legal,
            "dropped_after": event.dropped.get(name),
            "place": place.get(name),
            "army": army_of(entries[name], event.pack.export_army),
        }
        for name in sorted(event.players, key=str.casefold)
    ]
    games = []
    for rnd in rounds:
        for game in rnd.games:
            games.append(_game_data(rnd.round, game))
    return {
        "listgen_results": EXPORT_VERSION,
        "event": {
            "name": event.pack.event,
            "date": str(event.pack.date) if event.pack.date is not None else None,
            "organiser": event.pack.organiser,
            "rulesets": list(event.pack.rulesets),
            "rounds": event.rules.count,
            "rounds_played": len(finished),
            "tie_breakers": list(event.rules.tie_breakers),
        },
        "players": players,
        "games": games,
        "standings": [_standing(r, ids[r["player"]], place[r["player"]]) for r in rows],
    }


def _standing(row: dict[str, Any], pid: str, place: int) -> dict[str, Any]:
    """A line of the exported standings: every value compared; head to head only where the ranking came to it (a
    value left out, not null: an export a reader of an earlier one takes)."""
    values = {k: row[k] for k in _EVERY_VALUE if row[k] is not None or k == "points"}
    return {"rank": row["rank"], "id": pid, "name": row["player"], "place": place, **values}


def army_of(entry: Entry, said: str = "name") -> str:
    """A player's army for the export (the pack's export_army): the list's name, its faction where its ruleset's
    list has one (its name otherwise), or its ruleset; UNREADABLE_ARMY for an entry whose list does not read."""
    from listgen.events.results import UNREADABLE_ARMY

    report = entry.report
    if report.unreadable or report.army is None:
        return UNREADABLE_ARMY
    if said == "ruleset":
        return str(report.ruleset)
    faction = getattr(report.army, "faction", None) if said == "faction" else None
    return str(faction or report.name or report.ruleset)


def player_ids(event: Event) -> dict[str, str]:
    """Each player's id (player_id), the spellings the pack's aliases join given the id of the name they spell; two
    entrants who are one player by the aliases are refused (an export names a player once)."""
    spelt = {o.casefold(): name for name, others in event.pack.aliases.items() for o in [name, *others]}
    ids = {name: player_id(spelt.get(name.casefold(), name)) for name in event.players}
    seen: dict[str, str] = {}
    for name, pid in ids.items():
        if pid in seen:
            raise RoundsError(
                f"{seen[pid]} and {name} are one player by the pack's aliases, and both are entered: mend the aliases "
                "or the entries"
            )
        seen[pid] = name
    return ids


def player_id(name: str) -> str:
    """A player's id: the same for the same name in every export (so that a ladder joins events on it)."""
    import hashlib

    return "p-" + hashlib.sha256(name.casefold().encode("utf-8")).hexdigest()[:10]


def _game_data(n: int, game: Game) -> dict[str, Any]:
    if len(game.players) == 1:
        return {
            "round": n,
            "table": None,
            "players": list(game.players),
            "score": None,
            "result": "bye",
            "bye": True,
            "forfeit": None,
        }
    score = [s for s in game.score or [] if s is not None]
    if len(score) != 2:
        score, result = [], "unplayed"
    else:
        result = "draw" if score[0] == score[1] else ("first" if score[0] > score[1] else "second")
    return {
        "round": n,
        "table": game.table,
        "players": list(game.players),
        "score": score or None,
        "result": result,
        "bye": False,
        "forfeit": game.forfeit,
    }


def export_text(event: Event, fmt: str) -> str:
    """The event as JSON (the published schema), CSV (a line a player a game) or t3 (a line a player: placing,
    first name, last name, army)."""
    data = export_data(event)
    if fmt == "json":
        return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    if fmt == "csv":
        rows = []
        for g in data["games"]:
            for i, name in enumerate(g["players"]):
                other = g["players"][1 - i] if len(g["players"]) == 2 else None
                rows.append(
                    {
                        "round": g["round"],
                        "table": g["table"],
                        "player": name,
                        "opponent": other,
                        "score": g["score"][i] if g["score"] else None,
                        "opponent_score": g["score"][1 - i] if g["score"] else None,
                        "result": "bye" if g["bye"] else _result_for(g, i),
                        "forfeit": g["forfeit"],
                    }
                )
        return _csv(rows)
    armies = {p["name"]: p["army"] for p in data["players"]}
    lines = []
    for s in data["standings"]:  # placing: each player's place (ties in name order), never shared
        first, _sep, last = s["name"].partition(" ")
        lines.append({"placing": s["place"], "first_name": first, "last_name": last, "army": armies[s["name"]]})
    return _csv(lines)


def _result_for(game: dict[str, Any], i: int) -> str:
    if game["result"] in ("unplayed", "draw"):
        return str(game["result"])
    won = (game["result"] == "first") == (i == 0)
    return "win" if won else "loss"
