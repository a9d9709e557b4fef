"""The room's state file and the players' personal codes (room.py runs the room on them; the round printouts print
the codes): kept below both, so that neither imports the other.

A personal code is HMAC-SHA256 of a player's name under the event's secret: only the printouts made with the secret
carry it, and nobody works it out from the names. The room's state (PACK.room.json) is an event's own file, known
by its first key (event_files.py) and its name (output/files.py): kept off the site and the folder's page.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from pathlib import Path
from typing import Any

from listgen.events.rounds import RoundsError
from listgen.output.files import ROOM_SUFFIX, write_atomic

ROOM_KEY = "listgen_room"  # the room state's first key: what makes the file known as an event's (event_files.py)
ROOM_VERSION = 1
PERSONAL_LENGTH = 6  # characters of a personal code: 32**6, about a billion, against room.TABLE_GUESSES tries
MAX_ROOM_BYTES = 1 << 20
_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # as a slip's code: no 0/O or 1/I to misread


class RoomError(RoundsError):
    """What a phone or the desk is told when a report or a move is refused; nothing was recorded."""


# --- codes -------------------------------------------------------------------------------------------------------


def personal_code(secret: str, player: str) -> str:
    """A player's personal code for the event: HMAC-SHA256 of his name under the event's secret, PERSONAL_LENGTH
    characters of an alphabet with nothing to misread. The same all event (on his receipt and each slip)."""
    if not secret:
        raise RoomError("the event has no secret yet (it is made when it is locked or first paired): no personal code")
    digest = hmac.new(secret.encode(), f"listgen personal code\n{player}".encode(), hashlib.sha256).digest()
    return "".join(_ALPHABET[b % len(_ALPHABET)] for b in digest[:PERSONAL_LENGTH])


def personal_codes(secret: str, players: list[Any]) -> dict[str, Any]:
    return {p: personal_code(secret, p) for p in players} if secret else {}


def _typed(code: str) -> str:
    """A code as typed on a phone: spaces and dashes a player may add, lower case, O for 0 and I for 1 forgiven."""
    kept = "".join(c for c in code.upper() if c.isalnum())
    return kept.replace("0", "O").replace("1", "I")


def same_code(given: str, wanted: str) -> bool:
    return hmac.compare_digest(_typed(given).encode(), _typed(wanted).encode())


# --- the room's state ----------------------------------------------------------------------------------------------


def room_path(pack_file: str) -> Path:
    pack = Path(pack_file)
    return pack.with_name(pack.stem + ROOM_SUFFIX)


def read_room(pack_file: str) -> dict[str, Any]:
    """The room's state ({} parts before any): refused plainly where it does not read as listgen writes it."""
    path = room_path(pack_file)
    empty: dict[str, Any] = {
        ROOM_KEY: ROOM_VERSION,
        "pending": {},
        "disputed": {},
        "held": {},
        "wrong": {},
        "clients": {},
    }
    if not path.exists():
        return empty
    try:
        if not path.is_file() or path.stat().st_size > MAX_ROOM_BYTES:
            raise ValueError("not a file of the size listgen writes")
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or data.get(ROOM_KEY) != ROOM_VERSION:
            raise ValueError(f"not a room state of version {ROOM_VERSION}")
        for part in ("pending", "disputed", "held", "wrong", "clients"):
            if not isinstance(data.get(part, {}), dict):
                raise ValueError(f"'{part}' is a mapping")
    except (OSError, ValueError, RecursionError) as exc:
        raise RoomError(
            f"{path}: the room's state cannot be read ({exc}); move it aside to start the room afresh (the results "
            "recorded are in the round files; reports still pending are then reported again)"
        ) from None
    return {**empty, **data}


def write_room(pack_file: str, room: dict[str, Any]) -> Path:
    return write_atomic(room_path(pack_file), json.dumps(room, indent=1, ensure_ascii=False, sort_keys=True) + "\n")


def slip_extras(pack_file: str, secret: str, players: list[Any]) -> tuple[Any, ...]:
    """(each player's personal code, the room's address or None) for a round's slips and pairings."""
    try:
        address = read_room(pack_file).get("address")
    except RoomError:
        address = None
    return personal_codes(secret, players), address if isinstance(address, str) else None
