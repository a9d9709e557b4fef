"""The rounds of an event as files: pair a round, record a slip's result, print the standings.

``rounds.py`` decides (pairings, standings, codes) on data; this module reads the pack, its entries and its round
files, and writes the round file, the printouts and the spreadsheets, each atomically. A round file is written
only where there is none (a pairing never replaces one), and a result is recorded by writing the whole round
file anew with that one table's scores: a failure leaves the file as it was.
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
import os
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from .exceptions import OutputPathError
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
    round_notes,
    round_path,
    rules_of,
    scenario_of,
    standings,
    unfinished,
)

if TYPE_CHECKING:
    from .pack import Pack
    from .tournament import Result


WAIT = 10.0  # seconds a second writer of an event waits for the first before it is told who is writing


@contextlib.contextmanager
def event_lock(pack_file: str, doing: str, wait: float = WAIT) -> Iterator[None]:
    """One writer at a time for the whole event: `pair`, `result`, `standings` and the entry check hold
    '.PACK.writing' beside the pack (an fcntl lock, let go of by the system however the holder ends) from the
    first read to the last write, so that no result recorded beside another is lost. A second waits up to `wait`
    seconds, then is told which process is writing what, and writes nothing."""
    try:
        import fcntl
    except ImportError:  # Windows has no fcntl: one command at a time is then the organiser's to keep
        yield
        return
    pack = Path(pack_file)
    if not pack.is_file():  # nothing to guard: the command says the pack is missing when it reads it
        yield
        return
    path = pack.parent / f".{pack.name}.writing"
    try:
        fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)
    except OSError as exc:
        raise RoundsError(f"{path}: cannot take the event's lock: {(exc.strerror or str(exc)).lower()}") from None
    try:
        deadline = time.monotonic() + wait
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    holder = os.pread(fd, 200, 0).decode("utf-8", "replace").strip() or "another listgen"
                    raise RoundsError(
                        f"{pack}: {holder} is writing this event; run again when it has finished (nothing was written)"
                    ) from None
                time.sleep(0.05)
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"process {os.getpid()} (listgen tournament {doing})\n".encode(), 0)
        yield
    finally:
        os.close(fd)  # lets go of the lock; the file stays, so that every writer locks the same file


@dataclass
class Event:
    """An event's pack, its entries as checked, and its round files' folder."""

    pack: Pack
    pack_file: str
    checked: Result  # every entry, checked as `listgen tournament` checks it
    folder: Path
    notes: list = field(default_factory=list)  # what the organiser should know of the entries (said by pair)

    @property
    def rules(self) -> Rounds:
        return rules_of(self.pack)

    @property
    def players(self) -> list:
        return [e.player for e in self.checked.entries]

    def rounds(self) -> tuple[list, list]:
        """Every round on file, each checked against the entrants (a located error for what a hand edit broke),
        and the notes of what the event goes on with (a rematch, a fixed table not kept, a changed table)."""
        rounds = played_rounds(self.folder, self.players)
        return rounds, round_notes(rounds, self.rules, self.pack.event)


def open_event(pack_file: str) -> Event:
    """The pack, every entry checked as `listgen tournament` checks it, and the rounds' folder. An entry whose
    list is missing since the lock (deleted, moved) is an error, never a player silently left unpaired."""
    from .tournament import check_entries, entry_paths, open_pack, read_lock

    pack = open_pack(pack_file)
    checked = check_entries(pack, pack_file, entry_paths(pack, pack_file, ()), lock=read_lock(pack_file))
    if not checked.entries:
        raise RoundsError(f"{pack_file}: the event has no entries to pair")
    names = [e.player.casefold() for e in checked.entries]
    twice = sorted({e.player for e in checked.entries if names.count(e.player.casefold()) > 1})
    if twice:
        raise RoundsError(f"{', '.join(twice)} entered twice: the rounds pair each player once (fix the entries)")
    if checked.missing:
        raise RoundsError(
            f"{pack_file}: the list of {', '.join(checked.missing)} is missing since the event was locked: restore "
            "it (its player would otherwise drop out of the rounds unseen)"
        )
    folder = Path(pack_file).parent / rules_of(pack).results
    return Event(pack, pack_file, checked, folder, _entry_notes(checked))


def _entry_notes(checked: Result) -> list:
    """Each entry the organiser should decide about before pairing it: not legal, unreadable, changed since the
    lock or entered after it."""
    notes = []
    for entry in checked.entries:
        codes = {f.code for f in entry.report.findings}
        file = entry.report.file
        if "TOURNAMENT-AFTER-LOCK" in codes:
            notes.append(f"{entry.player}: entered after the event was locked ({file})")
        if "TOURNAMENT-CHANGED-SINCE-LOCK" in codes:
            notes.append(f"{entry.player}: the list changed since the event was locked ({file})")
        if entry.data is None:
            notes.append(f"{entry.player}: the list does not read ({file})")
        elif not entry.legal:
            notes.append(f"{entry.player}: the list is NOT LEGAL ({file})")
    return notes


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

    rounds, _notes = event.rounds()
    n = len(rounds) + 1 if n is None else n
    path = round_path(event.folder, n)
    if path.exists():
        raise RoundsError(f"{path}: round {n} is paired already; delete the file to pair it again")
    if out_dir.exists() and not out_dir.is_dir():
        raise RoundsError(f"{out_dir}: is a file; -o names the folder for the printouts (nothing was paired)")
    pairing = pair(event.players, rounds, event.rules, n)
    recs = records(active_players(event.players, event.rules, n), rounds, event.rules)
    # the printouts first and the round file last: a run stopped anywhere leaves the round unpaired, and the
    # next run pairs it again (the same draw) and writes everything; never a paired round without its slips
    try:
        written = _printouts(event, pairing, recs, out_dir, paper)
    except (OSError, OutputPathError) as exc:
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise RoundsError(
            f"the printouts could not be written ({why}): round {n} was not paired; run "
            "`listgen tournament pair` again once that is mended"
        ) from None
    written.append(write_atomic(path, round_text(event.pack.event, pairing)))
    return pairing, written


def _printouts(event: Event, pairing: Pairing, recs: dict, out_dir: Path, paper: str) -> list:
    """A round's pairings (CSV, JSON, PDF) and result slips, each written atomically."""
    from .render import rounds_pdf

    n = pairing.round
    written = []
    stem = out_dir / f"round-{n}"
    rows = pairing_rows(event, pairing, recs)
    written.append(write_atomic(Path(f"{stem}-pairings.csv"), _csv(rows)))
    written.append(write_atomic(Path(f"{stem}-pairings.json"), json.dumps(rows, indent=2, ensure_ascii=False) + "\n"))
    footer = f"listgen · {event.pack.event} · printed {print_date()}"
    scenario = scenario_of(event.rules, n)
    rounds_pdf.pairings(event.pack.event, pairing, recs, Path(f"{stem}-pairings.pdf"), paper, footer, scenario)
    written.append(Path(f"{stem}-pairings.pdf"))
    rounds_pdf.slips(event.pack.event, pairing, event.rules, Path(f"{stem}-slips.pdf"), paper, footer)
    written.append(Path(f"{stem}-slips.pdf"))
    return written


def pairing_rows(event: Event, pairing: Pairing, recs: dict) -> list:
    rows = []
    for table, players in pairing.games:
        a = players[0]
        b = players[1] if len(players) > 1 else None
        rows.append(
            {
                "round": pairing.round,
                "scenario": scenario_of(event.rules, pairing.round),
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
    rnd = read_round(path, event.players)
    new, game, same = record_result(rnd, event.pack.event, code, scores)
    if same:
        return f"table {game.table} of round {n} already has this result: nothing to do"
    write_atomic(path, _round_text_of(event.pack.event, rnd, {game.table: new}))
    a, b = game.players
    return f"recorded round {n}, table {game.table}: {a} {new[0]}, {b} {new[1]} ({path})"


# --- standings ------------------------------------------------------------------------------------------------


def standings_rows(event: Event) -> tuple:
    """(rounds read, rows): every player ranked, with each tie-breaker's value, the list's verdict and hash."""
    rounds, _notes = event.rounds()
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
