"""A 16-player event, locked and round 1 paired, made once and copied for each test of the room (tests/events,
tests/web, benchmarks): its pack, round file, secret and each player's personal code."""

from __future__ import annotations

import atexit
import functools
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

import yaml
from conftest import ARMIES, PLAYERS, cli

from listgen.events.event_state import read_state
from listgen.events.room_state import personal_code

PACK = (
    "event: Sixteen\nrulesets: [smle]\nlists: entries\nrounds:\n  seed: 5\n  count: 3\n  first_round: clubs\n"
    "  players:\n    Alice Archer: {club: Hull}\n    Bob Baker: {club: Hull}\n    Carol Clark: {club: York}\n"
)


@functools.cache
def _made(name: str = "Sixteen") -> Path:
    folder = Path(tempfile.mkdtemp(prefix="listgen-room-event-"))
    atexit.register(shutil.rmtree, folder, True)
    base = (ARMIES / "smle-german-section.yaml").read_text(encoding="utf-8")
    (folder / "entries").mkdir()
    for player in PLAYERS:
        (folder / "entries" / f"{player.split()[0].lower()}.yaml").write_text(
            base.replace("player: Club example", f"player: {player}"), encoding="utf-8"
        )
    (folder / "pack.yaml").write_text(PACK.replace("Sixteen", name), encoding="utf-8")
    assert cli("tournament", folder / "pack.yaml", "--lock", "-o", folder / "check") == 0
    assert cli("tournament", "pair", folder / "pack.yaml", "-o", folder / "out") == 0
    return folder


@dataclass
class RoomEvent:
    folder: Path

    @property
    def pack(self) -> str:
        return str(self.folder / "pack.yaml")

    @property
    def secret(self) -> str:
        return read_state(self.pack)["secret"]

    def personal(self, player: str) -> str:
        return personal_code(self.secret, player)

    def games(self, n: int = 1) -> list:
        """Round n's tables: [{table, players, score, code}]."""
        data = yaml.safe_load((self.folder / "results" / f"round-{n}.yaml").read_text(encoding="utf-8"))
        return [g for g in data["games"] if g.get("table")]

    def table(self, t: int, n: int = 1) -> dict:
        return next(g for g in self.games(n) if g["table"] == t)

    def wrong_code(self, t: int, n: int = 1) -> str:
        """A code for table t that is not its slip's: a fixed guess could be the real code (one in 32**4 for a
        secret made at random), and a test of wrong codes must never guess right."""
        real = self.table(t, n)["code"]
        return f"R{n}-T{t}-" + ("YYYY" if real.endswith("ZZZZ") else "ZZZZ")

    def codes(self) -> list:
        """Every secret of the event: the slips' codes, the personal codes, the secret."""
        return [g["code"] for g in self.games()] + [self.personal(p) for p in PLAYERS] + [self.secret]


def room_event(tmp_path: Path, name: str = "Sixteen") -> RoomEvent:
    target = tmp_path / name.lower()
    shutil.copytree(_made(name), target)
    return RoomEvent(target)
