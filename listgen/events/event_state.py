"""The event's own state, kept beside the pack (pack.event.json): the secret every slip's code is made with, the
drops, admissions, clubs and the rounds players entered; read, checked against the slips and the lock, written."""

from __future__ import annotations

import contextlib
import json
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from listgen.events.round_text import _round_text_of
from listgen.events.rounds import Game, RoundFile, RoundsError, read_round, result_code, round_path, rules_of
from listgen.output.files import STATE_SUFFIX, write_atomic

if TYPE_CHECKING:
    from listgen.events.event import Event
    from listgen.events.pack import Pack
    from listgen.events.tournament import Result

MAX_STATE_BYTES = 1 << 20


def state_path(pack_file: str) -> Path:
    """pack.yaml -> pack.event.json: the event's secret, drops and admissions (listgen writes it; no edit needed)."""
    pack = Path(pack_file)
    return pack.with_name(pack.stem + STATE_SUFFIX)


def read_state(pack_file: str, folder: Path | None = None) -> dict[str, Any]:
    """The event's state ({} before any): a file that does not read, or not of the shape listgen writes, is refused
    plainly (a hand edit gone wrong), never taken as empty."""
    path = state_path(pack_file)
    if not path.exists():
        return {}
    try:
        if not path.is_file() or path.stat().st_size > MAX_STATE_BYTES:
            raise ValueError("not a file of the size listgen writes")
        state = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(state, dict):
            raise ValueError("not a mapping")
        if not isinstance(state.get("secret", ""), str) or not isinstance(state.get("dropped", {}), dict):
            raise ValueError("'secret' is text and 'dropped' a mapping of players")
        for name, drop in state.get("dropped", {}).items():
            if not isinstance(drop, dict) or not isinstance(drop.get("after"), int) or drop["after"] < 0:
                raise ValueError(f"the drop of {str(name)[:40]} says no round it is after")
        clubs = state.get("clubs", {})
        if not isinstance(clubs, dict) or not all(isinstance(c, str) for c in clubs.values()):
            raise ValueError("'clubs' gives each player added with a club his club's name")
        if not isinstance(state.get("admitted", []), list):
            raise ValueError("'admitted' is a list")
        entered = state.get("entered", {})
        if not isinstance(entered, dict) or not all(type(n) is int and n >= 1 for n in entered.values()):
            raise ValueError("'entered' gives each player entered late the first round he could play")
    except (OSError, ValueError, RecursionError) as exc:
        raise RoundsError(f"{path}: the event's state cannot be read ({exc}){_holds(path, folder)}") from None
    return state


def _holds(path: Path, folder: Path | None) -> str:
    """What the state holds, what is lost without it and how to restore it (folder: the rounds', the pack's
    `results:`)."""
    folder = folder if folder is not None else path.parent / "results"
    return _STATE_HOLDS.format(name=path.name, folder=folder)


_STATE_HOLDS = (
    ". The event's state holds the secret every slip's code is made with, and its drops and admissions: without it no "
    "printed slip can be checked, so no result is recorded and no round paired. Copy the event's own {name} back "
    "beside the pack (from a backup, or from the laptop the event was run on). Lost for good? Type each table's "
    "scores into its round file by hand ({folder}/round-N.yaml: no code is checked there), move any {name} that is "
    "there aside, and pair the next round with `listgen tournament pair PACK --new-secret` (the slips printed "
    "before no longer record)"
)


def key_check(secret: str) -> str:
    """What the event's lock keeps of its secret, to know the state file again: a hash of it (never the secret,
    from which every slip's code could be made)."""
    import hashlib

    return hashlib.sha256(f"listgen event secret\n{secret}".encode()).hexdigest()[:16]


def state_problem(
    pack_file: str,
    folder: Path,
    state: dict[str, Any],
    locked: dict[str, Any] | None,
    rounds: list[RoundFile],
    names: list[str],
) -> str | None:
    """Why the event's state file is not the one its slips were printed with, or None when it is (or nothing tells).
    The lock's check of the secret decides (key_check); an event locked without one, or not locked, is told by the
    codes of the slips on its round files: one that matches under the state's secret (an event paired before codes
    were keyed: under none) is enough, so that a table changed by hand does not say the state is lost. Never a
    fall-back to codes made without the secret: those anyone can work out from the printed pairings."""
    import hmac

    path = state_path(pack_file)
    secret = str(state.get("secret", ""))
    wanted = (locked or {}).get("key")
    if isinstance(wanted, str) and wanted:
        if secret and hmac.compare_digest(key_check(secret), wanted):
            return None
        how = "the event's lock keeps a check of"
    else:
        printed = [(r, g) for r in rounds for g in r.games if g.code and g.table is not None and len(g.players) == 2]
        if not printed or _codes_match(printed, secret, names):
            return None
        how = "the slips on its round files were printed with"
    said = (
        "the event's state file is missing"
        if not path.exists()
        else f"this is not the event's own state file: its secret is not the one {how}"
    )
    return f"{path}: {said}{_holds(path, folder)}"


def _codes_match(printed: list[tuple[RoundFile, Game]], secret: str, names: list[str]) -> bool:
    return any(
        (game.code or "").upper() == result_code(name, rnd.round, game.table, game.players, secret)
        for rnd, game in printed
        for name in dict.fromkeys([rnd.event, *names])
        if name
    )


def write_state(pack_file: str, state: dict[str, Any]) -> Path:
    return write_atomic(state_path(pack_file), json.dumps(state, indent=2, ensure_ascii=False, sort_keys=True) + "\n")


def with_secret(pack_file: str, state: dict[str, Any], event: str = "") -> dict[str, Any]:
    """The state with the event's secret (made once: the key of every slip's code), and the event's name then."""
    if state.get("secret"):
        return state
    import secrets

    new = {**state, "secret": secrets.token_hex(16), **({"event": event} if event else {})}
    write_state(pack_file, new)
    return new


def printed_codes(rounds: list[RoundFile]) -> bool:
    """Whether any round on file holds a slip's code (printed slips that a new secret would refuse)."""
    return any(g.code for r in rounds for g in r.games)


def keyed(event: Event, rounds: list[RoundFile], renew: bool = False) -> tuple[Event, list[str]]:
    """The event with its secret, made when it has none and no slip is on file (an event paired before codes were
    keyed keeps its unkeyed codes to its end), and (the lines said) where the organiser renews it: a state file lost
    for good. Renewing makes a new secret, keeps what the state file there holds besides, writes every round file's
    codes anew with it (the scores typed in by hand kept) and the lock's check of it: the slips printed before no
    longer record. Refused where the state is the event's own (nothing is lost)."""
    if not renew:
        if event.secret or printed_codes(rounds):
            return event, []
        return replace(event, state=with_secret(event.pack_file, event.state, event.pack.event)), []
    if not event.problem:
        raise RoundsError(
            f"{state_path(event.pack_file)}: is the event's own state; its secret is kept (nothing to renew)"
        )
    state = with_secret(event.pack_file, {k: v for k, v in event.state.items() if k != "secret"}, event.pack.event)
    said = [
        f"a new secret for the slips' codes ({state_path(event.pack_file)}): the slips printed before no longer record"
    ]
    for rnd in rounds:
        anew = rnd.replace(games=[g.replace(code=None) for g in rnd.games])
        write_atomic(
            round_path(event.folder, rnd.round),
            _round_text_of(rnd.event or event.pack.event, anew, {}, state["secret"]),
        )
        said.append(f"round {rnd.round}: its codes written anew ({round_path(event.folder, rnd.round)})")
    from listgen.events.tournament import set_lock_key

    if set_lock_key(event.pack_file, key_check(state["secret"])) is not None:
        said.append("the lock keeps the check of the new secret")
    return replace(event, state=state, problem=None), said


def secret_for_lock(pack_file: str, checked: Result) -> str | None:
    """The check of the event's secret for its lock (key_check), the secret made if the event has none. Refused
    where the state is not the one the round files' slips were printed with (a lock must not bless a wrong one); an
    event paired before codes were keyed keeps its codes unkeyed to the end, and its lock no check."""
    folder, state, problem, _names = state_of(pack_file, checked.pack, None)
    if problem:
        raise RoundsError(problem)
    if not state.get("secret") and printed_codes(_readable_rounds(folder)):
        return None
    return key_check(with_secret(pack_file, state, checked.pack.event)["secret"])


def state_of(
    pack_file: str, pack: Pack, locked: dict[str, Any] | None
) -> tuple[Path, dict[str, Any], str | None, list[str]]:
    """The rounds' folder, the event's state, why it is not the one the slips were printed with (state_problem; None
    when it is) and the names the event was paired, locked and keyed under."""
    folder = Path(pack_file).parent / rules_of(pack).results
    state = read_state(pack_file, folder)
    said = [pack.event, (locked or {}).get("event"), state.get("event")]
    names = list(dict.fromkeys(str(n) for n in said if n))
    return folder, state, state_problem(pack_file, folder, state, locked, _readable_rounds(folder), names), names


def _readable_rounds(folder: Path) -> list[RoundFile]:
    """Every round file that reads, whatever else a hand edit broke in it: the codes printed on the slips (the
    command that reads the rounds says what is wrong with one, at its line)."""
    rounds = []
    for path in sorted(folder.glob("round-*.yaml")) if folder.is_dir() else ():
        with contextlib.suppress(RoundsError):
            rounds.append(read_round(path))
    return rounds
