"""The event in the room: results reported from the players' phones, the round clock, and what the board shows.

A phone on the club's network is a stranger, so a report names its table by the slip's keyed code (rounds.py's
`result_code`) and its player by a personal code only that player holds (printed on his own half of each slip and
on his entry receipt), made from the event's secret with HMAC: nobody can work one out from the names. A report is
pending until the other player of the table confirms it with his own personal code; then it is recorded by the
one function `listgen tournament result` records with (slips.record), under the event's one-writer lock. A
confirmation with another score is a dispute, shown to the desk and never recorded in silence. Wrong codes are
counted: per table (TABLE_GUESSES, then the table is held for the desk) and per client (CLIENT_GUESSES, then it is
refused for CLIENT_PAUSE seconds).

What the room keeps (pending reports, disputes, held tables, the counters, the clock) is PACK.room.json beside the
pack, written atomically under the event's lock: an event's own file, kept off the site and the folder's page.
"""

from __future__ import annotations

import contextlib
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from listgen.events.event import Event, open_event
from listgen.events.event_lock import event_lock
from listgen.events.event_printouts import standings_rows
from listgen.events.room_state import (
    RoomError,
    personal_code,
    personal_codes,
    read_room,
    room_path,
    same_code,
    write_room,
)
from listgen.events.rounds import RoundsError, game_of_code, parse_code, read_round, recorded, result_code, round_path
from listgen.events.slips import record

TABLE_GUESSES = 5  # wrong codes said at one table before it is held for the desk (a player's typo or two, no more)
CLIENT_GUESSES = 20  # wrong codes from one client before it is refused for CLIENT_PAUSE seconds
CLIENT_PAUSE = 600
ROUND_MINUTES = 120  # the round clock's length where the desk gives none when it starts it


def table_key(n: int, table: int) -> str:
    return f"R{n}-T{table}"


# --- the event, opened once for as long as its files are the same ---------------------------------------------------

_OPENED: dict[str, Any] = {}  # pack file -> (what it was opened from, the Event)
_OPENING = threading.Lock()


def opened(pack_file: str, keyed: bool = True) -> Event:
    """The event as open_event opens it, reused while its pack, lock, state and every entry's file are the same
    (their names, sizes and modification times): checking every entry takes a second for 64 players, and a phone's
    report must not wait for it. The round files are read anew by each use (Event.rounds)."""
    from listgen.events.event_state import state_path
    from listgen.events.tournament import entry_paths, lock_path, open_pack

    files = [Path(pack_file), lock_path(pack_file), state_path(pack_file)]
    files += entry_paths(open_pack(pack_file), pack_file, ())
    made_of = tuple(_seen(f) for f in files)
    with _OPENING:
        cached = _OPENED.get(pack_file)
        if cached is None or cached[0] != made_of:
            cached = (made_of, open_event(pack_file, keyed=False))
            _OPENED[pack_file] = cached
    event = cached[1]
    if keyed and event.problem:
        raise RoundsError(event.problem)
    return event


def _seen(path: Path) -> tuple[Any, ...]:
    try:
        info = path.stat()
    except OSError:
        return (str(path), None)
    return (str(path), info.st_mtime_ns, info.st_size, info.st_ino)


# --- a phone's report ---------------------------------------------------------------------------------------------


@dataclass
class Said:
    """What a phone is told: the words, and the table's state after it (pending, recorded, disputed, held)."""

    text: str
    state: str
    table: dict[str, Any] | None = None


def _client_refused(room: dict[str, Any], client: str, now: float) -> None:
    seen = room["clients"].get(client, {})
    if seen.get("until", 0) > now:
        wait = int(seen["until"] - now) // 60 + 1
        raise RoomError(f"too many wrong codes from this phone: ask the organiser's desk, or wait {wait} minute(s)")


def _wrong(pack_file: str, room: dict[str, Any], client: str, key: str | None, now: float, why: str) -> RoomError:
    """Count a wrong code (the client's, the table's) and write it; the error to raise."""
    seen = room["clients"].setdefault(client, {"wrong": 0})
    seen["wrong"] = seen.get("wrong", 0) + 1
    if seen["wrong"] >= CLIENT_GUESSES:
        seen.update(wrong=0, until=now + CLIENT_PAUSE)
    held = ""
    if key is not None:
        room["wrong"][key] = room["wrong"].get(key, 0) + 1
        if room["wrong"][key] >= TABLE_GUESSES and key not in room["held"]:
            room["held"][key] = f"{TABLE_GUESSES} wrong codes"
        if key in room["held"]:
            held = "; the table is held: ask the organiser's desk"
    write_room(pack_file, room)
    return RoomError(why + held)


class _Wrong(RoomError):
    """A wrong code, and the table it named (None where it named none): counted by _counted."""

    def __init__(self, text: str, key: str | None):
        super().__init__(text)
        self.key = key


def _table_of(event: Event, pack_file: str, code: str) -> tuple[Any, ...]:
    """(round file, game) a slip's code names, the code checked (_Wrong where it is not the slip's)."""
    try:
        n, t = parse_code(code)
    except RoundsError:
        raise _Wrong("that is not a slip's code (it reads like R2-T5-K7QM)", None) from None
    key = table_key(n, t)
    path = round_path(event.folder, n)
    if not path.exists():
        raise _Wrong(f"round {n} has not been paired: check the slip's code", None)
    rnd = event.as_printed(read_round(path, event.roll))
    try:
        game = game_of_code(rnd, event.pack.event, code, event.secret)
    except RoundsError:
        raise _Wrong("that code does not match the slip: check it", key) from None
    return rnd, game


def _counted(event: Event, room: dict[str, Any], pack_file: str, code: str, client: str, now: float) -> tuple[Any, ...]:
    """_table_of under the event's lock, a wrong code counted against the client and the table."""
    try:
        return _table_of(event, pack_file, code)
    except _Wrong as wrong:
        raise _wrong(pack_file, room, client, wrong.key, now, str(wrong)) from None


def look(pack_file: str, code: str, client: str, now: float | None = None) -> dict[str, Any]:
    """What a phone that gives a slip's code sees of its table (the code checked, a wrong one counted): the round,
    table, players, the pending report (who and the score), the result if recorded, and whether it is disputed or
    held. Nothing secret."""
    now = time.time() if now is None else now
    event, room = opened(pack_file), read_room(pack_file)  # read without the lock: every file is written whole
    _client_refused(room, client, now)
    try:
        rnd, game = _table_of(event, pack_file, code)
    except _Wrong:  # counted under the lock, with the room's state as it is then
        with event_lock(pack_file, "room: a phone gave a wrong code"):
            room = read_room(pack_file)
            _client_refused(room, client, now)
            rnd, game = _counted(event, room, pack_file, code, client, now)
    return _table_view(room, rnd.round, game)


def _pending(room: dict[str, Any], key: str, game: Any) -> dict[str, Any] | None:
    """The table's pending report, where its reporter still plays there (a swap since makes it nobody's)."""
    pending = room["pending"].get(key)
    return pending if pending is not None and pending["by"] in game.players else None


def _table_view(room: dict[str, Any], n: int, game: Any) -> dict[str, Any]:
    key = table_key(n, game.table)
    pending = _pending(room, key, game)
    return {
        "round": n,
        "table": game.table,
        "players": list(game.players),
        "recorded": recorded(game),
        "forfeit": game.forfeit,
        "pending": {"by": pending["by"], "score": pending["score"]} if pending else None,
        "disputed": key in room["disputed"],
        "held": key in room["held"],
    }


def report(
    pack_file: str, code: str, scores: tuple[Any, ...], personal: str, client: str, now: float | None = None
) -> Said:
    """A player's report of his table's score (in the slip's order), named by the slip's code and his personal
    code. The first report is pending; the other player's report of the same score records it (slips.record,
    as `listgen tournament result` does); of another score, the table is disputed for the desk. One player's
    second report replaces his first. Refused (nothing recorded): a wrong code (counted), a held or disputed
    table, a table recorded already."""
    now = time.time() if now is None else now
    with event_lock(pack_file, "room: a phone reports a result"):
        event = opened(pack_file)
        room = read_room(pack_file)
        _client_refused(room, client, now)
        rnd, game = _counted(event, room, pack_file, code, client, now)
        key = table_key(rnd.round, game.table)
        player = next((p for p in game.players if same_code(personal, personal_code(event.secret, p))), None)
        if player is None:
            raise _wrong(pack_file, room, client, key, now, "that personal code is not one of this table's players'")
        new = _scores(scores)
        return _reported(pack_file, event, room, (rnd, game, code), player, new, now)


def _scores(scores: tuple[Any, ...]) -> list[Any]:
    from listgen.events.rounds import score_of

    try:
        return [score_of(s) for s in scores]
    except RoundsError as exc:
        raise RoomError(f"{exc}; nothing was recorded") from None


def _reported(
    pack_file: str, event: Event, room: dict[str, Any], table: tuple[Any, ...], player: str, new: list[Any], now: float
) -> Said:
    rnd, game, code = table
    key = table_key(rnd.round, game.table)
    a, b = game.players
    if key in room["held"]:
        raise RoomError("this table is held for the organiser's desk: ask there")
    was = recorded(game)
    if was is not None:
        if was == new:
            return Said(f"recorded already: {a} {was[0]}, {b} {was[1]}", "recorded", _table_view(room, rnd.round, game))
        raise RoomError(f"recorded already as {a} {was[0]}, {b} {was[1]}: to change it, ask the organiser's desk")
    if key in room["disputed"]:
        raise RoomError("this table's result is disputed: the organiser's desk decides it")
    pending = _pending(room, key, game)
    if pending is None or pending["by"] == player:
        room["pending"][key] = {"by": player, "score": new, "when": now}
        room["wrong"].pop(key, None)
        write_room(pack_file, room)
        other = b if player == a else a
        return Said(
            f"reported: {a} {new[0]}, {b} {new[1]}. It counts when {other} confirms it from their own phone.",
            "pending",
            _table_view(room, rnd.round, game),
        )
    if pending["score"] != new:
        room["disputed"][key] = {"reports": {pending["by"]: pending["score"], player: new}, "when": now}
        room["pending"].pop(key)
        write_room(pack_file, room)
        return Said(
            f"disputed: {pending['by']} reported {pending['score'][0]}-{pending['score'][1]}, you "
            f"{new[0]}-{new[1]}. Nothing is recorded: the organiser's desk decides it.",
            "disputed",
            _table_view(room, rnd.round, game),
        )
    said = record(event, code, tuple(new))  # as `listgen tournament result PACK CODE A B` records it
    room["pending"].pop(key)
    room["wrong"].pop(key, None)
    write_room(pack_file, room)
    return Said(f"confirmed and {said.split(' (')[0]}", "recorded", None)


# --- the organiser's desk: each move the same code as its command, under the same lock -------------------------------


def _code_of(event: Event, key: str) -> str:
    """The slip's code of a table named R{n}-T{t} (the desk names tables so, never by their codes)."""
    import re

    found = re.fullmatch(r"R(\d{1,3})-T(\d{1,4})", key)
    if not found:
        raise RoomError(f"'{key[:20]}' names no table (R2-T5 does)")
    n, t = int(found.group(1)), int(found.group(2))
    path = round_path(event.folder, n)
    if not path.exists():
        raise RoomError(f"round {n} has not been paired")
    rnd = event.as_printed(read_round(path, event.roll))
    game = next((g for g in rnd.games if g.table == t and len(g.players) == 2), None)
    if game is None:
        raise RoomError(f"round {n} has no table {t}")
    return game.code or result_code(rnd.event or event.pack.event, n, t, list(game.players), event.secret)


def _settled(room: dict[str, Any], key: str) -> None:
    for part in ("pending", "disputed", "held", "wrong"):
        room[part].pop(key, None)


def desk_result(pack_file: str, key: str, scores: tuple[Any, ...] | None = None, forfeit: str | None = None) -> str:
    """The desk records a table: the pending report (no scores given: accepted as reported), a dispute decided or a
    recorded result corrected (scores given), or a forfeit; by slips.record, as `tournament result [--correct]
    [--forfeit]` does. The table's reports and counters are then cleared."""
    with event_lock(pack_file, "room: the desk records a result"):
        event = opened(pack_file)
        room = read_room(pack_file)
        code = _code_of(event, key)
        if scores is None and forfeit is None:
            pending = room["pending"].get(key)
            if pending is None:
                raise RoomError(f"{key} has no pending report to accept")
            scores = tuple(pending["score"])
        n, t = parse_code(code)
        game = next(g for g in read_round(round_path(event.folder, n), event.roll).games if g.table == t)
        said = record(event, code, None if forfeit else scores, forfeit, correct=recorded(game) is not None)
        _settled(room, key)
        write_room(pack_file, room)
        return said


def desk_void(pack_file: str, key: str) -> str:
    """Void a table's recorded result, as `tournament void` does."""
    from listgen.events.slips import void

    with event_lock(pack_file, "room: the desk voids a result"):
        event = opened(pack_file)
        said = void(event, _code_of(event, key))
        room = read_room(pack_file)
        _settled(room, key)
        write_room(pack_file, room)
        return said


def desk_release(pack_file: str, key: str) -> str:
    """A table held for wrong codes, or disputed, is open to its players' reports again."""
    with event_lock(pack_file, "room: the desk releases a table"):
        room = read_room(pack_file)
        if key not in room["held"] and key not in room["disputed"]:
            raise RoomError(f"{key} is neither held nor disputed")
        _settled(room, key)
        write_room(pack_file, room)
        return f"{key} is open to its players' reports again"


def desk_drop(pack_file: str, player: str) -> str:
    from listgen.events.entrants import drop

    with event_lock(pack_file, "room: the desk drops a player"):
        return drop(opened(pack_file), player, None)


def desk_admit(pack_file: str, player: str) -> str:
    from listgen.events.entrants import admit

    with event_lock(pack_file, "room: the desk admits a list"):
        return admit(opened(pack_file), player)


def desk_pair(pack_file: str, out_dir: Path, paper: str = "a4") -> tuple[Any, ...]:
    """Pair the next round, as `tournament pair PACK -o OUT` does (the event keyed first where it has no secret):
    (the lines said, the files written)."""
    from listgen.events.event_state import keyed
    from listgen.events.round_pairing import pair_round

    with event_lock(pack_file, "room: the desk pairs the next round"):
        event = opened(pack_file)
        on_file, _notes = event.rounds()
        event, said = keyed(event, on_file)
        pairing, written = pair_round(event, None, out_dir, paper)
    lines = [*said, *pairing.notes]
    lines += [f"table {t}: {' v '.join(p)}" if t else f"bye: {p[0]}" for t, p in pairing.games]
    return [f"paired round {pairing.round}", *lines], written


# --- the round clock ------------------------------------------------------------------------------------------------


def clock(pack_file: str, action: str, minutes: int | None = None, now: float | None = None) -> str:
    """start (the last round paired, `minutes` long), pause, resume, or extend by `minutes`."""
    now = time.time() if now is None else now
    with event_lock(pack_file, "room: the desk sets the clock"):
        room = read_room(pack_file)
        held = room.get("clock") or {}
        if action == "start":
            n = len(opened(pack_file, keyed=False).rounds()[0])
            if n == 0:
                raise RoomError("no round is paired: pair round 1 first")
            length = (minutes or ROUND_MINUTES) * 60
            room["clock"] = {"round": n, "length": length, "started": now, "paused": None, "stopped_for": 0.0}
        elif not held:
            raise RoomError("the clock has not been started")
        elif action == "pause" and held["paused"] is None:
            held["paused"] = now
        elif action == "resume" and held["paused"] is not None:
            held["stopped_for"] += now - held["paused"]
            held["paused"] = None
        elif action == "extend" and minutes and 0 < minutes <= 600:
            held["length"] += minutes * 60
        elif action not in ("pause", "resume", "extend"):
            raise RoomError(f"'{action[:20]}' is not a move of the clock (start, pause, resume, extend)")
        else:
            raise RoomError(f"the clock cannot {action} now")
        write_room(pack_file, room)
        view = clock_view(room["clock"], now) or {}
    left = -(-view["remaining"] // 60)  # minutes begun
    return f"clock of round {view['round']}: {left} min left" + (" (paused)" if view["paused"] else "")


def clock_view(held: dict[str, Any] | None, now: float) -> dict[str, Any] | None:
    if not held:
        return None
    until = held["paused"] if held["paused"] is not None else now
    left = held["length"] - (until - held["started"] - held["stopped_for"])
    return {"round": held["round"], "remaining": max(0, int(left)), "paused": held["paused"] is not None,
            "over": left <= 0, "length": held["length"]}  # fmt: skip


# --- what the room sees: the board ---------------------------------------------------------------------------------


def stamp(pack_file: str) -> tuple[Any, ...]:
    """What the board's data is made from, as (name, mtime, size) of each file: it is made anew only when one
    changed (the board asks every few seconds)."""
    pack = Path(pack_file)
    files = [pack, pack.with_name(pack.stem + ".event.json"), pack.with_name(pack.stem + ".lock.json"),
             room_path(pack_file)]  # fmt: skip
    from listgen.core.exceptions import ListgenError
    from listgen.events.rounds import rules_of
    from listgen.events.tournament import open_pack

    with contextlib.suppress(ListgenError):  # the board then says what is wrong with the pack
        files += sorted((pack.parent / rules_of(open_pack(pack_file)).results).glob("round-*.yaml"))
    out = []
    for f in files:
        try:
            info = f.stat()
            out.append((f.name, info.st_mtime_ns, info.st_size))
        except OSError:
            out.append((f.name, 0, 0))
    return tuple(out)


def board(pack_file: str, now: float | None = None, lists: bool = False) -> dict[str, Any]:
    """The board's data: the round, its tables (players with their clubs, the score where recorded, each table's
    state: playing, reported, disputed, done), the clock and the standings. `lists`: each player's army too (the
    pack publishes the lists once locked). Names, clubs, tables, scores and standings only: never a code."""
    from listgen.events.event_export import army_of

    now = time.time() if now is None else now
    event = opened(pack_file, keyed=False)
    rounds, _notes = event.rounds()
    room = read_room(pack_file)
    clubs = {name: p.club for name, p in event.rules.players.items()}
    armies = {e.player: army_of(e, event.pack.export_army) for e in event.checked.entries} if lists else {}
    tables = []
    current = rounds[-1] if rounds else None
    for game in current.games if current else []:
        key = table_key(current.round, game.table or 0)  # type: ignore[union-attr]
        score = recorded(game) if game.table is not None else None
        state = "bye" if game.table is None else "done" if score else "disputed" if key in room["disputed"] else (
            "reported" if key in room["pending"] else "playing")  # fmt: skip
        tables.append({"table": game.table, "state": state, "score": score, "forfeit": game.forfeit,
                       "players": [{"name": p, "club": clubs.get(p), **({"army": armies.get(p)} if lists else {})}
                                   for p in game.players]})  # fmt: skip
    _finished, rows = standings_rows(event)
    standing = [{"rank": r["rank"], "player": r["player"], "club": clubs.get(r["player"]), "points": r.get("points"),
                 "dropped": r["dropped_after"] is not None} for r in rows]  # fmt: skip
    return {
        "event": event.pack.event,
        "round": current.round if current else 0,
        "rounds": event.rules.count,
        "tables": tables,
        "playing": [t["table"] for t in tables if t["state"] in ("playing", "reported", "disputed")],
        "clock": clock_view(room.get("clock"), now),
        "standings": standing,
        "after_round": len(_finished),
    }


def desk(pack_file: str, now: float | None = None) -> dict[str, Any]:
    """The desk's data: the board's, with the pending reports, the disputes (each player's score), the held tables,
    the players (to drop) and the entries waiting to be admitted."""
    data = board(pack_file, now)
    event = opened(pack_file, keyed=False)
    room = read_room(pack_file)
    data["pending"] = [{"key": k, **{x: v[x] for x in ("by", "score")}} for k, v in sorted(room["pending"].items())]
    players = {table_key(data["round"], t["table"] or 0): [p["name"] for p in t["players"]] for t in data["tables"]}
    data["disputed"] = [
        {"key": k, "reports": v["reports"], "players": players.get(k, ["first", "second"])}
        for k, v in sorted(room["disputed"].items())
    ]
    data["held"] = [{"key": k, "why": v} for k, v in sorted(room["held"].items())]
    data["players"] = sorted(event.players, key=str.casefold)
    data["dropped"] = sorted(event.dropped)
    data["to_admit"] = [n.split(":", 1)[0] for n in event.notes]
    data["problem"] = event.problem
    return data


def set_address(pack_file: str, address: str | None) -> None:
    """Where the room's phones open it (serve's address): the slips' and the pairings' QR codes lead there."""
    with event_lock(pack_file, "room: the server starts"):
        room = read_room(pack_file)
        if address:
            room["address"] = address
        else:
            room.pop("address", None)
        write_room(pack_file, room)


def receipt_codes(pack_file: str, checked: Any, locking: bool) -> dict[str, Any]:
    """Each entrant's personal code for his receipt: where the event has its secret, or is being locked (the lock
    makes it: made here first, the same one). None before: they are on his half of each slip."""
    from listgen.events.event_state import read_state, with_secret

    state = read_state(pack_file)
    if not state.get("secret") and locking:
        state = with_secret(pack_file, state, checked.pack.event)
    return personal_codes(str(state.get("secret", "")), [e.player for e in checked.entries])
