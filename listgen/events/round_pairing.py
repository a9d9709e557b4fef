"""Pair a round (the round file written last, after its printouts, so a run stopped anywhere leaves it unpaired)
and swap two tables' players by hand before their results."""

from __future__ import annotations

from pathlib import Path

from listgen.events.event import Event
from listgen.events.event_printouts import _printouts
from listgen.events.round_text import _round_text_of, round_text
from listgen.events.rounds import (
    Game,
    Pairing,
    RoundFile,
    RoundsError,
    active_players,
    pair,
    records,
    result_code,
    round_path,
)
from listgen.output.files import write_atomic


def pair_round(event: Event, n: int | None, out_dir: Path, paper: str = "a4") -> tuple[Pairing, list[Path]]:
    """Pair round n (the next one when None): the round file, then its pairings (PDF, CSV, JSON) and result slips
    in out_dir. Returns (pairing, paths written)."""

    rounds, _notes = event.rounds()
    n = len(rounds) + 1 if n is None else n
    path = round_path(event.folder, n)
    if path.exists():
        raise RoundsError(f"{path}: round {n} is paired already; delete the file to pair it again")
    pairing = pair(event.paired_players, rounds, event.rules, n)
    recs = records(active_players(event.players, event.rules, n), rounds, event.rules)
    # the printouts first and the round file last: a run stopped anywhere leaves the round unpaired, and the
    # next run pairs it again (the same draw) and writes everything; never a paired round without its slips
    written = _printouts(event, pairing, recs, out_dir, paper, f"round {n} was not paired", "pair")
    paired = {p for _t, players in pairing.games for p in players}
    left_out = [p for p in active_players(event.players, event.rules, n) if p not in paired]
    written.append(write_atomic(path, round_text(event.pack.event, pairing, event.secret, left_out)))
    return pairing, written


def swap(
    event: Event, n: int, first: int, second: int, out_dir: Path, paper: str = "a4", players: list[str] | None = None
) -> tuple[list[str], list[Path]]:
    """Swap players of two tables of round n before either has a result: the two `players` named (one of each
    table) change places, or, none named, table first's second player and table second's. Refused where it makes a rematch, moves a player off his fixed table, or puts
    clubmates together in round 1 when the pack keeps clubs apart. The round file is written anew (each table's code
    is its new players': the old slips' codes no longer record) and the round's pairings and slips printed again.
    Returns (the lines said, the files written)."""
    rounds, _notes = event.rounds()
    if not 1 <= n <= len(rounds):
        raise RoundsError(f"round {n} is not on file ({len(rounds)} round(s) are)")
    rnd = rounds[n - 1]
    games = {g.table: g for g in rnd.games if g.table is not None and len(g.players) == 2}
    for table in (first, second):
        if table not in games:
            raise RoundsError(f"round {n} has no table {table} of two players")
        score = games[table].score
        if score is not None and None not in score:
            raise RoundsError(f"table {table} of round {n} has a result already: a swap is made before results")
    if first == second:
        raise RoundsError("give two different tables")
    new = _swapped(games[first].players, games[second].players, first, second, players)
    _swap_allowed(event, rounds[: n - 1], n, new)
    changed = [replace_game(g, new[g.table]) if g.table in new else g for g in rnd.games]
    swapped = rnd.replace(games=changed)
    path = round_path(event.folder, n)
    recs = records(active_players(event.players, event.rules, n), rounds[: n - 1], event.rules)
    pairing = Pairing(n, [(g.table, list(g.players)) for g in changed])
    named = rnd.event or event.pack.event  # the name the round was paired under, which its other slips' codes keep
    written = _printouts(event, pairing, recs, out_dir, paper, f"round {n} was not changed", "swap", named)
    written.append(write_atomic(path, _round_text_of(named, swapped, {}, event.secret)))
    said = [f"round {n}, table {t}: {' v '.join(ps)} (new code {result_code(named, n, t, ps, event.secret)})"
            for t, ps in sorted(new.items())]  # fmt: skip
    return said + ["the old slips of these tables no longer record: hand out the new ones"], written


def _swapped(one: list[str], two: list[str], first: int, second: int, named: list[str] | None) -> dict[int, list[str]]:
    """{table: its players} after the swap: the named player of each table takes the other's place (by default
    the second-listed of each)."""
    if not named:
        moving = (one[1], two[1])
    else:
        if len(named) != 2:
            raise RoundsError(f"name two players to swap, one of table {first} and one of table {second}")
        by_table = {first: [p for p in named if p in one], second: [p for p in named if p in two]}
        for table, found in by_table.items():
            if len(found) != 1:
                at = " v ".join(one if table == first else two)
                raise RoundsError(f"name one player of table {table} ({at}) to swap; nothing was changed")
        moving = (by_table[first][0], by_table[second][0])
    return {
        first: [moving[1] if p == moving[0] else p for p in one],
        second: [moving[0] if p == moving[1] else p for p in two],
    }


def replace_game(game: Game, players: list[str]) -> Game:
    return game.replace(players=list(players), code=None, score=None)


def _swap_allowed(event: Event, before: list[RoundFile], n: int, new: dict[int, list[str]]) -> None:
    met = {frozenset(g.players) for r in before for g in r.games if len(g.players) == 2}
    rules = event.rules
    for table, players in new.items():
        if frozenset(players) in met:
            raise RoundsError(f"{' and '.join(players)} have met already: the swap would make a rematch")
        for name in players:
            fixed = rules.players.get(name)
            if fixed is not None and fixed.table is not None and fixed.table != table:
                raise RoundsError(f"{name} has fixed table {fixed.table}: the swap would move him to table {table}")
        clubs = [getattr(rules.players.get(p), "club", None) for p in players]
        if n == 1 and rules.first_round == "clubs" and clubs[0] and clubs[0] == clubs[1]:
            raise RoundsError(f"{' and '.join(players)} are both of {clubs[0]}: round 1 keeps clubs apart")
