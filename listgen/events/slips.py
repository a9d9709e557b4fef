"""A slip's result recorded in its round file (the whole file written anew with that table's scores: a failure
leaves it as it was), corrected or voided, and a whole round's results from one sheet, every line checked first."""

from __future__ import annotations

import csv
from collections.abc import Sequence
from pathlib import Path

from listgen.events.event import Event
from listgen.events.round_text import _round_text_of
from listgen.events.rounds import (
    RoundFile,
    RoundsError,
    game_of_code,
    parse_code,
    read_round,
    record_result,
    recorded,
    round_path,
    score_of,
)
from listgen.output.files import write_atomic

# a sheet's line of results: (line, code, score, score)
SheetRow = tuple[int, str, int, int]


def record(
    event: Event, code: str, scores: tuple[str | int, ...] | None, forfeit: str | None = None, correct: bool = False
) -> str:
    """Record one slip's result in its round file (scores, or a forfeit: that player 0, the other the pack's
    forfeit_score); the line said to the organiser. Each score is held to the bounds a round file's score has
    (score_of) before anything is read: a score the round file would refuse is never written into it. `correct`:
    a table recorded already with another result takes the new one (the organiser corrects a wrong result)."""
    if scores is not None:
        try:
            scores = tuple(score_of(s) for s in scores)
        except RoundsError as exc:
            raise RoundsError(f"{code}: {exc}; nothing was recorded") from None
    n, _table = parse_code(code)
    path = round_path(event.folder, n)
    if not path.exists():
        raise RoundsError(f"{code} is a slip of round {n}, which has not been paired ({path} is not there)")
    rnd = event.as_printed(read_round(path, event.roll))
    if forfeit is not None:
        scores = _forfeit_scores(rnd, code, forfeit, event.rules.forfeit_score)
    assert scores is not None
    new, game, same = record_result(rnd, event.pack.event, code, scores, event.secret, correct)
    if same and (not correct or (game.forfeit or None) == forfeit):  # a forfeit said anew is a correction too
        return f"table {game.table} of round {n} already has this result: nothing to do"
    was = recorded(game)
    new = new if new is not None else was
    assert new is not None  # recorded anew, or the same result said again (was)
    forfeits = {game.table: forfeit} if forfeit or correct else {}  # a correction clears a forfeit it replaces
    write_atomic(path, _round_text_of(rnd.event or event.pack.event, rnd, {game.table: new}, event.secret, forfeits))
    a, b = game.players
    gave_up = f" ({forfeit} forfeited)" if forfeit else ""
    if was:
        then = f"{a} {was[0]}, {b} {was[1]}" + (f" ({game.forfeit} forfeited)" if game.forfeit else "")
        return (
            f"corrected round {n}, table {game.table}: {a} {new[0]}, {b} {new[1]}{gave_up} (was {then}; {path})"
            + _paired_since(event, n)
        )
    return f"recorded round {n}, table {game.table}: {a} {new[0]}, {b} {new[1]}{gave_up} ({path})"


def _paired_since(event: Event, n: int) -> str:
    """What a changed result of round n leaves as it was: the rounds paired after it."""
    later = [m for m in range(n + 1, n + 1000) if round_path(event.folder, m).exists()]
    if not later:
        return ""
    return (
        f". Round {', '.join(map(str, later))} was paired before this change and stands as paired; the standings "
        "take the new result"
    )


def void(event: Event, code: str) -> str:
    """Void a table's recorded result (its slip's code checked): its scores back to none, as before it was
    recorded, so that it is recorded again. Refused where a later round is paired on it (correct it instead)."""
    n, _table = parse_code(code)
    path = round_path(event.folder, n)
    if not path.exists():
        raise RoundsError(f"{code} is a slip of round {n}, which has not been paired ({path} is not there)")
    rnd = event.as_printed(read_round(path, event.roll))
    game = game_of_code(rnd, event.pack.event, code, event.secret)
    was = recorded(game)
    if not was:
        raise RoundsError(f"table {game.table} of round {n} has no result to void: nothing was changed")
    if round_path(event.folder, n + 1).exists():
        raise RoundsError(
            f"round {n + 1} is paired on this result: it cannot be voided (nothing was changed); correct it "
            f"instead: listgen tournament result PACK {code} SCORE SCORE --correct"
        )
    text = _round_text_of(
        rnd.event or event.pack.event, rnd, {game.table: [None, None]}, event.secret, {game.table: None}
    )
    write_atomic(path, text)
    a, b = game.players
    return (
        f"voided round {n}, table {game.table}: {a} {was[0]}, {b} {was[1]} is no longer recorded; "
        f"record its result again with the same slip ({path})"
    )


def _forfeit_scores(rnd: RoundFile, code: str, player: str, score: int) -> tuple[int, ...]:
    _n, table = parse_code(code)
    game = next((g for g in rnd.games if g.table == table and len(g.players) == 2), None)
    if game is None:
        raise RoundsError(f"round {rnd.round} has no table {table}")
    if player not in game.players:
        raise RoundsError(f"{player} does not play at table {table} of round {rnd.round} ({' v '.join(game.players)})")
    return tuple(0 if p == player else score for p in game.players)


def record_sheet(event: Event, sheet: Path) -> list[str]:
    """A whole round's results from one CSV sheet (code, score, score a line; a first line of words is its
    header), every line checked before any is written: all recorded, or none. Each error is located at its line
    and cell (sheet:line:column). The lines said to the organiser."""
    rows = sheet_rows(sheet)
    n = parse_code(rows[0][1])[0]
    for line, code, _a, _b in rows:
        if parse_code(code)[0] != n:
            raise RoundsError(
                f"{sheet}:{line}:1: error: {code} is a slip of round {parse_code(code)[0]}; a sheet is one round's "
                f"results (its first line is round {n}); nothing was recorded"
            )
    path = round_path(event.folder, n)
    if not path.exists():
        raise RoundsError(
            f"{sheet}:{rows[0][0]}:1: error: round {n} has not been paired ({path} is not there); nothing was recorded"
        )
    rnd = event.as_printed(read_round(path, event.roll))
    recorded: dict[int | None, Sequence[int | None] | None] = {}
    said = []
    for line, code, a, b in rows:  # each checked against the round as listgen would record it alone
        try:
            new, game, same = record_result(rnd, event.pack.event, code, (a, b), event.secret)
        except RoundsError as exc:
            raise RoundsError(f"{sheet}:{line}:1: error: {exc}; nothing was recorded") from None
        if game.table in recorded:
            raise RoundsError(
                f"{sheet}:{line}:1: error: table {game.table} is on the sheet twice; nothing was recorded"
            )
        if not same:
            assert new is not None  # not the same: recorded anew
            recorded[game.table] = new
            said.append(f"round {n}, table {game.table}: {game.players[0]} {new[0]}, {game.players[1]} {new[1]}")
    if recorded:
        write_atomic(path, _round_text_of(rnd.event or event.pack.event, rnd, recorded, event.secret))
    return said or [f"every result on {sheet} is recorded already: nothing to do"]


def sheet_rows(sheet: Path) -> list[SheetRow]:
    """A sheet's results as (line, code, score, score), each line's code and scores checked where they stand. Line
    ends of any kind (CR LF, LF, a lone CR as old spreadsheets write); blank lines skipped; the first line is a
    header when it is words (every cell has a letter, the first no digit), never because it fails to read as a
    result: a first code typed wrong is an error, not a header dropped in silence."""
    from listgen.core.exceptions import InputError
    from listgen.core.loader import read_text

    try:
        text = read_text(str(sheet))  # bounded, a regular file, UTF-8: as a list is read
    except InputError as exc:
        raise RoundsError(exc.finding.format(str(sheet))) from None
    rows: list[SheetRow | None] = []
    for number, line in enumerate(_lines(text.removeprefix("\ufeff")), start=1):
        cells = _cells(line)
        if not any(cell.strip() for _col, cell in cells):
            continue
        if not rows and _is_header(cells):
            rows.append(None)  # the header: taken, and only once, as the first line
            continue
        rows.append(_result_row(sheet, number, cells))
    found = [row for row in rows if row is not None]
    if not found:
        raise RoundsError(f"{sheet}:1:1: error: no result on it (a line is: code, score, score)")
    return found


def _lines(text: str) -> list[str]:
    import re

    return re.split(r"\r\n|\r|\n", text)


def _cells(line: str) -> list[tuple[int, str]]:
    """(column, text) of each cell of one CSV line (quotes as a spreadsheet writes them)."""
    try:
        values = next(csv.reader([line.replace("\0", "")]), [])
    except csv.Error:  # a cell past csv's size limit: said as one cell, too long to be a code or a score
        values = [line]
    out, at = [], 0
    for value in values:
        found = line.find(value, at) if value else -1
        column = (found if found >= 0 else at) + 1
        out.append((column, value))
        at = max(at, (found if found >= 0 else at) + len(value)) + 1
    return out


def _is_header(cells: list[tuple[int, str]]) -> bool:
    """A header is words: every cell holds a letter, and the first (where a code stands) no digit."""
    return all(any(c.isalpha() for c in cell) for _col, cell in cells) and not any(c.isdigit() for c in cells[0][1])


def _result_row(sheet: Path, number: int, cells: list[tuple[int, str]]) -> SheetRow:
    where = f"{sheet}:{number}"
    if len(cells) != 3:
        raise RoundsError(
            f"{where}:1: error: a line is code, score, score (it has {len(cells)} cells); nothing was recorded"
        )
    (code_at, code), *given = ((col, cell.strip()) for col, cell in cells)
    if parse_code_or_none(code) is None:
        raise RoundsError(
            f"{where}:{code_at}: error: '{code[:40]}' is not a result code (a slip's code reads like R2-T5-K7QM); "
            "nothing was recorded"
        )
    scores = []
    for column, cell in given:
        try:
            scores.append(score_of(cell))
        except RoundsError as exc:
            raise RoundsError(f"{where}:{column}: error: {exc}; nothing was recorded") from None
    return number, code, scores[0], scores[1]


def parse_code_or_none(text: str) -> tuple[int, int] | None:
    try:
        return parse_code(text)
    except RoundsError:
        return None
