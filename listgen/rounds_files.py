"""The rounds of an event as files: pair a round, record a slip's result, print the standings.

``rounds.py`` decides (pairings, standings, codes) on data; this module reads the pack, its entries and its round
files, and writes the round file, the printouts and the spreadsheets, each atomically. A round file is written
only where there is none (a pairing never replaces one), and a result is recorded by writing the whole round
file anew with that one table's scores: a failure leaves the file as it was.
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from .files import print_date, write_atomic
from .rounds import (
    Pairing,
    RoundFile,
    Rounds,
    RoundsError,
    active_players,
    pair,
    parse_code,
    played_rounds,
    read_round,
    record_result,
    records,
    result_code,
    round_path,
    rules_of,
    standings,
    unfinished,
)

if TYPE_CHECKING:
    from .pack import Pack
    from .tournament import Result


@dataclass
class Event:
    """An event's pack, its entries as checked, and its round files' folder."""

    pack: Pack
    pack_file: str
    checked: Result  # every entry, checked as `listgen tournament` checks it
    folder: Path

    @property
    def rules(self) -> Rounds:
        return rules_of(self.pack)

    @property
    def players(self) -> list:
        return [e.player for e in self.checked.entries]


def open_event(pack_file: str) -> Event:
    """The pack, every entry checked as `listgen tournament` checks it, and the rounds' folder."""
    from .tournament import check_entries, entry_paths, open_pack, read_lock

    pack = open_pack(pack_file)
    checked = check_entries(pack, pack_file, entry_paths(pack, pack_file, ()), lock=read_lock(pack_file))
    if not checked.entries:
        raise RoundsError(f"{pack_file}: the event has no entries to pair")
    names = [e.player.casefold() for e in checked.entries]
    twice = sorted({e.player for e in checked.entries if names.count(e.player.casefold()) > 1})
    if twice:
        raise RoundsError(f"{', '.join(twice)} entered twice: the rounds pair each player once (fix the entries)")
    folder = Path(pack_file).parent / rules_of(pack).results
    return Event(pack, pack_file, checked, folder)


# --- pair -----------------------------------------------------------------------------------------------------


def round_text(event: str, pairing: Pairing) -> str:
    """The round file listgen writes: the pairings, a 'score' to fill in for each table, the slip's code."""
    lines = [
        f"# {event}, round {pairing.round}: paired by listgen on {print_date()}.",
        "# Record each table's result from its slip: listgen tournament result PACK CODE SCORE SCORE",
        "# (or type the scores below, in the players' order). A bye has one player and no score.",
        f"event: {json.dumps(event, ensure_ascii=False)}",
        f"round: {pairing.round}",
        "games:",
    ]
    lines += [_game_line(event, pairing.round, table, players, None, None) for table, players in pairing.games]
    return "\n".join(lines) + "\n"


def _game_line(event: str, n: int, table: int | None, players: list, score: list | None, code: str | None) -> str:
    """One game of a round file: a bye's one player, or a table's players, scores (null until recorded) and code."""
    names = ", ".join(json.dumps(p, ensure_ascii=False) for p in players)
    if table is None:
        return f"  - {{players: [{names}]}}  # bye"
    scores = ", ".join("null" if s is None else str(s) for s in score or [None, None])
    code = code or result_code(event, n, table, players)
    return f"  - {{table: {table}, players: [{names}], score: [{scores}], code: {code}}}"


def _round_text_of(event: str, rnd: RoundFile, recorded: dict) -> str:
    """A round file written anew from its data, results kept, with recorded {table: scores} set (recording a
    result rewrites the file so)."""
    games = [
        _game_line(event, rnd.round, g.table, g.players, recorded.get(g.table, g.score), g.code) for g in rnd.games
    ]
    head = [
        f"# {event}, round {rnd.round}: listgen keeps each table's result here (in the players' order).",
        f"event: {json.dumps(event, ensure_ascii=False)}",
        f"round: {rnd.round}",
        "games:",
    ]
    return "\n".join(head + games) + "\n"


def pair_round(event: Event, n: int | None, out_dir: Path, paper: str = "a4") -> tuple:
    """Pair round n (the next one when None): the round file, then its pairings (PDF, CSV, JSON) and result slips
    in out_dir. Returns (pairing, paths written)."""
    from .render import rounds_pdf

    rounds = played_rounds(event.folder)
    n = len(rounds) + 1 if n is None else n
    path = round_path(event.folder, n)
    if path.exists():
        raise RoundsError(f"{path}: round {n} is paired already; delete the file to pair it again")
    pairing = pair(event.players, rounds, event.rules, n)
    recs = records(active_players(event.players, event.rules, n), rounds, event.rules)
    written = [write_atomic(path, round_text(event.pack.event, pairing))]
    stem = out_dir / f"round-{n}"
    rows = pairing_rows(event, pairing, recs)
    written.append(write_atomic(Path(f"{stem}-pairings.csv"), _csv(rows)))
    written.append(write_atomic(Path(f"{stem}-pairings.json"), json.dumps(rows, indent=2, ensure_ascii=False) + "\n"))
    footer = f"listgen · {event.pack.event} · printed {print_date()}"
    rounds_pdf.pairings(event.pack.event, pairing, recs, Path(f"{stem}-pairings.pdf"), paper, footer)
    written.append(Path(f"{stem}-pairings.pdf"))
    rounds_pdf.slips(event.pack.event, pairing, event.rules, Path(f"{stem}-slips.pdf"), paper, footer)
    written.append(Path(f"{stem}-slips.pdf"))
    return pairing, written


def pairing_rows(event: Event, pairing: Pairing, recs: dict) -> list:
    rows = []
    for table, players in pairing.games:
        a = players[0]
        b = players[1] if len(players) > 1 else None
        rows.append(
            {
                "round": pairing.round,
                "table": table,
                "player": a,
                "points": recs[a].points,
                "opponent": b,
                "opponent_points": recs[b].points if b else None,
                "code": result_code(event.pack.event, pairing.round, table, players) if b and table else None,
            }
        )
    return rows


def _csv(rows: list) -> str:
    from .tournament import csv_cell

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    if rows:
        writer.writerow(list(rows[0]))
        for row in rows:
            writer.writerow([csv_cell("" if v is None else v) for v in row.values()])
    return out.getvalue()


# --- record ---------------------------------------------------------------------------------------------------


def record(event: Event, code: str, scores: tuple) -> str:
    """Record one slip's result in its round file; the line said to the organiser."""
    n, _table = parse_code(code)
    path = round_path(event.folder, n)
    if not path.exists():
        raise RoundsError(f"{code} is a slip of round {n}, which has not been paired ({path} is not there)")
    rnd = read_round(path)
    new, game, same = record_result(rnd, event.pack.event, code, scores)
    if same:
        return f"table {game.table} of round {n} already has this result: nothing to do"
    write_atomic(path, _round_text_of(event.pack.event, rnd, {game.table: new}))
    a, b = game.players
    return f"recorded round {n}, table {game.table}: {a} {new[0]}, {b} {new[1]} ({path})"


# --- standings ------------------------------------------------------------------------------------------------


def standings_rows(event: Event) -> tuple:
    """(rounds read, rows): every player ranked, with each tie-breaker's value, the list's verdict and hash."""
    rounds = played_rounds(event.folder)
    finished = [r for r in rounds if not unfinished(r)]
    recs = records(event.players, finished, event.rules)
    entries = {e.player: e for e in event.checked.entries}
    rows = []
    for s in standings(recs, event.rules.tie_breakers):
        entry = entries.get(s.name)
        rows.append(
            {
                "rank": s.rank,
                "player": s.name,
                **{k: s.values.get(k) for k in event.rules.tie_breakers},
                "games": len(recs[s.name].results) - recs[s.name].byes,  # played: a bye is no game
                "byes": recs[s.name].byes,
                "list": "LEGAL" if entry and entry.legal else "NOT LEGAL",
                "hash": entry.hash if entry else None,
            }
        )
    return finished, rows


def write_standings(event: Event, out_dir: Path, paper: str = "a4") -> tuple:
    from .render import rounds_pdf

    finished, rows = standings_rows(event)
    n = len(finished)
    stem = out_dir / f"standings-round-{n}"
    written = [write_atomic(Path(f"{stem}.csv"), _csv(rows))]
    data = {"event": event.pack.event, "after_round": n, "tie_breakers": event.rules.tie_breakers, "players": rows}
    written.append(write_atomic(Path(f"{stem}.json"), json.dumps(data, indent=2, ensure_ascii=False) + "\n"))
    footer = f"listgen · {event.pack.event} · printed {print_date()}"
    rounds_pdf.standings(event.pack.event, n, event.rules, rows, Path(f"{stem}.pdf"), paper, footer)
    written.append(Path(f"{stem}.pdf"))
    return rows, written
