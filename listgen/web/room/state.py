"""What the room's app serves (the pack, the desk's token, the names it answers to), kept apart from the app so that
the blueprints read it without importing the app."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from pathlib import Path

MAX_REQUEST = 16 * 1024  # a form of a code, two scores and a personal code; the desk's moves are as small


@dataclass
class Room:
    """What the room's app serves: the pack, the desk's token, the Host names it answers to, the printouts' folder."""

    pack_file: str
    token: str
    hosts: set = field(default_factory=set)
    out_dir: Path = Path("output/rounds")
    paper: str = "a4"
    address: str = ""  # where the phones open it (the QR code's address)
    said: list = field(default_factory=list)  # the desk's last moves, newest first
    cache: dict = field(default_factory=dict)  # the board's data by what it was made from (room.stamp)
    lock: threading.Lock = field(default_factory=threading.Lock)
