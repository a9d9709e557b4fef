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
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

from listgen.core.exceptions import OutputPathError
from listgen.events.rounds import (
    Game,
    Pairing,
    Roll,
    RoundFile,
    Rounds,
    RoundsError,
    active_players,
    game_of_code,
    pair,
    parse_code,
    played_rounds,
    read_round,
    record_result,
    recorded,
    records,
    result_code,
    round_notes,
    round_path,
    rules_of,
    scenario_of,
    score_of,
    standings,
    unfinished,
)
from listgen.output.files import STATE_SUFFIX, print_date, write_atomic

if TYPE_CHECKING:
    from listgen.events.pack import Pack
    from listgen.events.tournament import Entry, Result


# seconds a second writer of an event waits for the first before it is told who is writing: long enough for a
# queue of organiser's commands on a busy laptop (ten slips typed at once, each a second or two), short of a hang
WAIT = 60.0


@contextlib.contextmanager
def event_lock(pack_file: str, doing: str, wait: float = WAIT) -> Iterator[None]:
    """One writer at a time for the whole event: `pair`, `result`, `standings`, the organiser's moves and the entry
    check hold '.PACK.writing' beside the pack (files.one_writer) from the first read to the last write, so that
    no result recorded beside another is lost. A second waits up to `wait` seconds, then is told which process is
    writing what, and writes nothing."""
    from listgen.output.files import Busy, one_writer

    pack = Path(pack_file)
    if not pack.is_file():  # nothing to guard: the command says the pack is missing when it reads it
        yield
        return
    path = pack.parent / f".{pack.name}.writing"
    held = contextlib.ExitStack()  # taking the lock may fail; what the block then raises is the block's own
    try:
        held.enter_context(one_writer(path, f"process {os.getpid()} (listgen tournament {doing})\n", wait))
    except Busy as busy:
        raise RoundsError(
            f"{pack}: {busy or 'another listgen'} is writing this event; run again when it has finished (nothing "
            "was written)"
        ) from None
    except OSError as exc:
        raise RoundsError(f"{path}: cannot take the event's lock: {(exc.strerror or str(exc)).lower()}") from None
    with held:
        yield


# --- the event's own state: what the organiser's commands decide, kept beside the pack -----------------------------

MAX_STATE_BYTES = 1 << 20


def state_path(pack_file: str) -> Path:
    """pack.yaml -> pack.event.json: the event's secret, drops and admissions (listgen writes it; no edit needed)."""
    pack = Path(pack_file)
    return pack.with_name(pack.stem + STATE_SUFFIX)


def read_state(pack_file: str, folder: Path | None = None) -> dict:
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
    pack_file: str, folder: Path, state: dict, locked: dict | None, rounds: list, names: list
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


def _codes_match(printed: list, secret: str, names: list) -> bool:
    return any(
        game.code.upper() == result_code(name, rnd.round, game.table, game.players, secret)
        for rnd, game in printed
        for name in dict.fromkeys([rnd.event, *names])
        if name
    )


def write_state(pack_file: str, state: dict) -> Path:
    return write_atomic(state_path(pack_file), json.dumps(state, indent=2, ensure_ascii=False, sort_keys=True) + "\n")


def with_secret(pack_file: str, state: dict, event: str = "") -> dict:
    """The state with the event's secret (made once: the key of every slip's code), and the event's name then."""
    if state.get("secret"):
        return state
    import secrets

    new = {**state, "secret": secrets.token_hex(16), **({"event": event} if event else {})}
    write_state(pack_file, new)
    return new


def printed_codes(rounds: list) -> bool:
    """Whether any round on file holds a slip's code (printed slips that a new secret would refuse)."""
    return any(g.code for r in rounds for g in r.games)


def keyed(event: Event, rounds: list, renew: bool = False) -> tuple[Event, list]:
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


@dataclass
class Event:
    """An event's pack, its entries as checked, its round files' folder and its state (secret, drops)."""

    pack: Pack
    pack_file: str
    checked: Result  # every entry, checked as `listgen tournament` checks it
    folder: Path
    notes: list = field(default_factory=list)  # what the organiser should know of the entries (said by pair)
    state: dict = field(default_factory=dict)
    problem: str | None = None  # why the state is not the one the slips were printed with (state_problem)
    # the names the event had when it was locked and keyed (the lock's, the state's) besides the pack's
    names: list = field(default_factory=list)

    @property
    def secret(self) -> str:
        return str(self.state.get("secret", ""))

    @property
    def dropped(self) -> dict:
        """player -> the last round he plays: the pack's 'dropped_after' and `listgen tournament drop`'s."""
        out = {name: p.dropped_after for name, p in rules_of(self.pack).players.items() if p.dropped_after is not None}
        out.update({name: drop["after"] for name, drop in self.state.get("dropped", {}).items()})
        return out

    @property
    def rules(self) -> Rounds:
        """The pack's rounds, with the players dropped by command and the clubs given by `add --club` (the state) as
        if the pack said so."""
        rules = rules_of(self.pack)
        drops, clubs = self.state.get("dropped", {}), self.state.get("clubs", {})
        if not drops and not clubs:
            return rules
        from listgen.core.findings import Findings
        from listgen.events.rounds import Player

        players = dict(rules.players)
        for name in [*drops, *clubs]:
            said = players.get(name) or Player._build({}, ("rounds", "players", name), Findings())
            if name in drops:
                said = said.replace(dropped_after=drops[name]["after"])
            if name in clubs:
                said = said.replace(club=clubs[name])
            players[name] = said
        return rules.replace(players=players)

    @property
    def players(self) -> list:
        return [e.player for e in self.checked.entries]

    @property
    def flagged(self) -> list:
        """The players whose entry the notes name (not LEGAL, unreadable, changed since the lock, late)."""
        return [player for player, _note in _entry_flags(self.checked)]

    @property
    def paired_players(self) -> list:
        """Who the pairing takes: every entrant, or (the pack's `entries: exclude`) those whose entry is in order."""
        if self.rules.entries != "exclude":
            return self.players
        flagged = set(self.flagged)
        return [p for p in self.players if p not in flagged]

    @property
    def roll(self) -> Roll:
        """Who each round must account for: every entrant but those dropped before it, entered after it
        (`tournament add`, `admit`), or left out of every pairing (a late entry not admitted; under entries: exclude,
        an entry out of order)."""
        late = {
            e.player for e in self.checked.entries if "TOURNAMENT-AFTER-LOCK" in {f.code for f in e.report.findings}
        }
        excused = late | (set(self.flagged) if self.rules.entries == "exclude" else set())
        entered = dict(self.state.get("entered", {}))
        return Roll(frozenset(self.players), self.dropped, entered, frozenset(excused))

    def as_printed(self, rnd: RoundFile) -> RoundFile:
        """The round under the name its slips' codes were made with. A round file that says another (rewritten with
        the pack's new `event:` by an earlier listgen, or edited by hand) gets back the name that makes its codes
        match, from the names the event had (the lock's, the state's, the pack's): its slips record as printed."""
        said = rnd.event or self.pack.event
        printed = [
            (g.code.upper(), g.table, g.players)
            for g in rnd.games
            if g.code and g.table is not None and len(g.players) == 2
        ]

        def made_as(name: str) -> bool:
            return any(code == result_code(name, rnd.round, t, players, self.secret) for code, t, players in printed)

        if not printed or made_as(said):
            return rnd
        return next((rnd.replace(event=name) for name in self.names if name != said and made_as(name)), rnd)

    def renamed(self, rounds: list) -> list:
        """The note that the pack's `event:` is not the name rounds were paired under, with both: their slips keep
        the codes made with the old name (a round keeps the name it was paired under; later rounds take the new)."""
        old: dict[str, list] = {}
        for rnd in rounds:
            if rnd.event and rnd.event != self.pack.event:
                old.setdefault(rnd.event, []).append(str(rnd.round))
        return [
            f"the event's name changed: the pack says '{self.pack.event}', round {', '.join(ns)} was paired as "
            f"'{name}'; its slips record with the codes printed on them (a round keeps the name it was paired under)"
            for name, ns in old.items()
        ]

    def rounds(self) -> tuple[list, list]:
        """Every round on file, each checked against the entrants and the roll (a located error for what a hand
        edit broke: a player left out, one dropped), and the notes of what the event goes on with (a rematch, a
        fixed table not kept, a changed table, the event's name changed)."""
        rounds = [self.as_printed(r) for r in played_rounds(self.folder, self.roll)]
        notes = round_notes(rounds, self.rules, self.pack.event, self.secret) + self.renamed(rounds)
        if self.problem:  # no code can be checked: the notes of codes that do not match would name every table
            notes = [n for n in notes if "since its slip was printed" not in n] + [self.problem]
        return rounds, notes


def open_event(pack_file: str, keyed: bool = True) -> Event:
    """The pack, every entry checked as `listgen tournament` checks it, the rounds' folder and the event's state. An
    entry whose list is missing since the lock (deleted, moved) is an error, never a player silently left unpaired;
    so is a state file missing or not the event's own (state_problem), unless the command uses no code (`keyed`
    False: the standings and the export, which say it in a note)."""
    from listgen.events.tournament import check_entries, entry_paths, open_pack, read_lock

    pack = open_pack(pack_file)
    locked = read_lock(pack_file)
    checked = check_entries(pack, pack_file, entry_paths(pack, pack_file, ()), lock=locked)
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
    folder, state, problem, names = state_of(pack_file, pack, locked)
    if problem and keyed:
        raise RoundsError(problem)
    return Event(pack, pack_file, checked, folder, _entry_notes(checked), state, problem, names)


def state_of(pack_file: str, pack: Pack, locked: dict | None) -> tuple[Path, dict, str | None, list]:
    """The rounds' folder, the event's state, why it is not the one the slips were printed with (state_problem; None
    when it is) and the names the event was paired, locked and keyed under."""
    folder = Path(pack_file).parent / rules_of(pack).results
    state = read_state(pack_file, folder)
    said = [pack.event, (locked or {}).get("event"), state.get("event")]
    names = list(dict.fromkeys(str(n) for n in said if n))
    return folder, state, state_problem(pack_file, folder, state, locked, _readable_rounds(folder), names), names


def _readable_rounds(folder: Path) -> list:
    """Every round file that reads, whatever else a hand edit broke in it: the codes printed on the slips (the
    command that reads the rounds says what is wrong with one, at its line)."""
    rounds = []
    for path in sorted(folder.glob("round-*.yaml")) if folder.is_dir() else ():
        with contextlib.suppress(RoundsError):
            rounds.append(read_round(path))
    return rounds


def _entry_flags(checked: Result) -> list:
    """(player, what) for each entry the organiser should decide about before pairing it: not legal, unreadable,
    changed since the lock or entered after it."""
    flags = []
    for entry in checked.entries:
        codes = {f.code for f in entry.report.findings}
        file = entry.report.file
        if "TOURNAMENT-AFTER-LOCK" in codes:
            flags.append((entry.player, f"entered after the event was locked ({file})"))
        if "TOURNAMENT-CHANGED-SINCE-LOCK" in codes:
            flags.append((entry.player, f"the list changed since the event was locked ({file})"))
        if entry.data is None:
            flags.append((entry.player, f"the list does not read ({file})"))
        elif not entry.legal:
            flags.append((entry.player, f"the list is NOT LEGAL ({file})"))
    return flags


def _entry_notes(checked: Result) -> list:
    return [f"{player}: {what}" for player, what in _entry_flags(checked)]


# --- pair -----------------------------------------------------------------------------------------------------


def round_text(event: str, pairing: Pairing, secret: str = "", left_out: list | None = None) -> str:
    """The round file listgen writes: the pairings, a 'score' to fill in for each table, the slip's code, and the
    players entered but not paired this round (left_out), so that the file accounts for every player."""
    lines = [
        f"# {event}, round {pairing.round}: paired by listgen on {print_date()}.",
        "# Record each table's result from its slip: listgen tournament result PACK CODE SCORE SCORE",
        "# (or type the scores below, in the players' order). A bye has one player and no score.",
        f"event: {json.dumps(event, ensure_ascii=False)}",
        f"round: {pairing.round}",
        *_left_out_line(left_out),
        "games:",
    ]
    lines += [_game_line(event, pairing.round, table, players, None, None, secret) for table, players in pairing.games]
    return "\n".join(lines) + "\n"


def _left_out_line(left_out: list | None) -> list:
    if not left_out:
        return []
    names = ", ".join(json.dumps(p, ensure_ascii=False) for p in left_out)
    return [f"left_out: [{names}]  # entered, not paired this round (the pack's entries: exclude)"]


def _game_line(
    event: str,
    n: int,
    table: int | None,
    players: list,
    score: list | None,
    code: str | None,
    secret: str = "",
    forfeit: str | None = None,
) -> str:
    """One game of a round file: a bye's one player, or a table's players, scores (null until recorded), code and
    who forfeited, if one did."""
    names = ", ".join(json.dumps(p, ensure_ascii=False) for p in players)
    if table is None:
        return f"  - {{players: [{names}]}}  # bye"
    scores = ", ".join("null" if s is None else str(s) for s in score or [None, None])
    code = code or result_code(event, n, table, players, secret)
    gave_up = f", forfeit: {json.dumps(forfeit, ensure_ascii=False)}" if forfeit else ""
    return f"  - {{table: {table}, players: [{names}], score: [{scores}], code: {code}{gave_up}}}"


def _round_text_of(event: str, rnd: RoundFile, recorded: dict, secret: str = "", forfeits: dict | None = None) -> str:
    """A round file written anew from its data, results kept, with recorded {table: scores} set and {table: the
    player who forfeited} (recording a result rewrites the file so)."""
    forfeits = forfeits or {}
    games = [
        _game_line(
            event,
            rnd.round,
            g.table,
            g.players,
            recorded.get(g.table, g.score),
            g.code,
            secret,
            forfeits.get(g.table, g.forfeit),
        )
        for g in rnd.games
    ]
    head = [
        f"# {event}, round {rnd.round}: listgen keeps each table's result here (in the players' order).",
        f"event: {json.dumps(event, ensure_ascii=False)}",
        f"round: {rnd.round}",
        *_left_out_line(rnd.left_out),
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
    pairing = pair(event.paired_players, rounds, event.rules, n)
    recs = records(active_players(event.players, event.rules, n), rounds, event.rules)
    # the printouts first and the round file last: a run stopped anywhere leaves the round unpaired, and the
    # next run pairs it again (the same draw) and writes everything; never a paired round without its slips
    written = _printouts(event, pairing, recs, out_dir, paper, f"round {n} was not paired", "pair")
    paired = {p for _t, players in pairing.games for p in players}
    left_out = [p for p in active_players(event.players, event.rules, n) if p not in paired]
    written.append(write_atomic(path, round_text(event.pack.event, pairing, event.secret, left_out)))
    return pairing, written


def _printouts(
    event: Event, pairing: Pairing, recs: dict, out_dir: Path, paper: str, undone: str, cmd: str, named: str = ""
) -> list:
    """A round's pairings (CSV, JSON, PDF) and result slips, each written atomically; written before the round
    file, so a failure here says what was left undone (`undone`) and that `listgen tournament cmd` runs again."""
    if out_dir.exists() and not out_dir.is_dir():
        raise RoundsError(f"{out_dir}: is a file; -o names the folder for the printouts ({undone})")
    try:
        return _write_printouts(event, pairing, recs, out_dir, paper, named or event.pack.event)
    except (OSError, OutputPathError) as exc:
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise RoundsError(
            f"the printouts could not be written ({why}): {undone}; run `listgen tournament {cmd}` again once "
            "that is mended"
        ) from None


def _write_printouts(event: Event, pairing: Pairing, recs: dict, out_dir: Path, paper: str, named: str) -> list:
    """The printouts, each slip's code made with the name the round is paired under (`named`)."""
    from listgen.render import rounds_pdf

    n = pairing.round
    written = []
    stem = out_dir / f"round-{n}"
    rows = pairing_rows(event, pairing, recs, named)
    written.append(write_atomic(Path(f"{stem}-pairings.csv"), _csv(rows)))
    written.append(write_atomic(Path(f"{stem}-pairings.json"), json.dumps(rows, indent=2, ensure_ascii=False) + "\n"))
    footer = f"listgen · {event.pack.event} · printed {print_date()}"
    scenario = scenario_of(event.rules, n)
    from listgen.events.room_state import slip_extras  # the players' personal codes, the room's address

    personal, link = slip_extras(event.pack_file, event.secret, event.players)
    pdf = Path(f"{stem}-pairings.pdf")
    rounds_pdf.pairings(event.pack.event, pairing, recs, pdf, paper, footer, scenario, link)
    written.append(pdf)
    codes = {t: result_code(named, n, t, players, event.secret) for t, players in pairing.games if t is not None}
    slips = Path(f"{stem}-slips.pdf")
    rounds_pdf.slips(event.pack.event, pairing, event.rules, slips, paper, footer, codes, scenario, personal, link)
    written.append(Path(f"{stem}-slips.pdf"))
    return written


def pairing_rows(event: Event, pairing: Pairing, recs: dict, named: str = "") -> list:
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
                "code": result_code(named or event.pack.event, pairing.round, table, players, event.secret)
                if b and table
                else None,
            }
        )
    return rows


def _csv(rows: list) -> str:
    from listgen.events.tournament import csv_cell

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    if rows:
        writer.writerow(list(rows[0]))
        for row in rows:
            writer.writerow([csv_cell("" if v is None else v) for v in row.values()])
    return out.getvalue()


# --- record ---------------------------------------------------------------------------------------------------


def record(event: Event, code: str, scores: tuple | None, forfeit: str | None = None, correct: bool = False) -> str:
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


def _forfeit_scores(rnd: RoundFile, code: str, player: str, score: int) -> tuple:
    _n, table = parse_code(code)
    game = next((g for g in rnd.games if g.table == table and len(g.players) == 2), None)
    if game is None:
        raise RoundsError(f"round {rnd.round} has no table {table}")
    if player not in game.players:
        raise RoundsError(f"{player} does not play at table {table} of round {rnd.round} ({' v '.join(game.players)})")
    return tuple(0 if p == player else score for p in game.players)


def record_sheet(event: Event, sheet: Path) -> list:
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
    recorded: dict = {}
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
            recorded[game.table] = new
            said.append(f"round {n}, table {game.table}: {game.players[0]} {new[0]}, {game.players[1]} {new[1]}")
    if recorded:
        write_atomic(path, _round_text_of(rnd.event or event.pack.event, rnd, recorded, event.secret))
    return said or [f"every result on {sheet} is recorded already: nothing to do"]


def sheet_rows(sheet: Path) -> list:
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
    rows: list[tuple | None] = []
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


def _lines(text: str) -> list:
    import re

    return re.split(r"\r\n|\r|\n", text)


def _cells(line: str) -> list:
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


def _is_header(cells: list) -> bool:
    """A header is words: every cell holds a letter, and the first (where a code stands) no digit."""
    return all(any(c.isalpha() for c in cell) for _col, cell in cells) and not any(c.isdigit() for c in cells[0][1])


def _result_row(sheet: Path, number: int, cells: list) -> tuple:
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


def parse_code_or_none(text: str) -> tuple | None:
    try:
        return parse_code(text)
    except RoundsError:
        return None


def drop(event: Event, player: str, after: int | None) -> str:
    """Drop a player after round N (default: the last round on file): he is paired in no later round, and the
    standings mark him. Kept in the event's state, beside the pack: no edit of a YAML file."""
    from listgen.core.findings import did_you_mean

    if player not in event.players:
        raise RoundsError(f"'{player}' is not an entrant of {event.pack.event}{did_you_mean(player, event.players)}")
    rounds, _notes = event.rounds()
    after = len(rounds) if after is None else after
    if after < len(rounds) and any(player in g.players for r in rounds[after:] for g in r.games):
        raise RoundsError(f"{player} plays in round {after + 1}, which is on file: drop him after it, or later")
    state = dict(event.state)
    state["dropped"] = {**state.get("dropped", {}), player: {"after": after, "when": print_date()}}
    write_state(event.pack_file, state)
    return f"dropped {player} after round {after}: paired in no later round ({state_path(event.pack_file)})"


# --- standings ------------------------------------------------------------------------------------------------


# every value the standings compare: the export gives each, whether the pack's ranking lists it or not
_EVERY_VALUE = ("points", "wins", "points_difference", "sos", "extended_sos", "head_to_head")


def standings_rows(event: Event, every: bool = False) -> tuple:
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
                **{k: s.values.get(k) for k in (_EVERY_VALUE if every else event.rules.tie_breakers)},
                "games": len(recs[s.name].results) - recs[s.name].byes,  # played: a bye is no game
                "byes": recs[s.name].byes,
                "list": "LEGAL" if entry and entry.legal else "NOT LEGAL",
                "hash": entry.hash if entry else None,
                "dropped_after": event.dropped.get(s.name),
            }
        )
    return finished, rows


def write_standings(event: Event, out_dir: Path, paper: str = "a4") -> tuple:
    from listgen.render import rounds_pdf

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


# --- admit a re-submitted or late list ------------------------------------------------------------------------


def admit(event: Event, player: str) -> str:
    """Accept a player's re-submitted or late list: its hash and values join the event's lock, with when, so that
    every later check reports it as admitted rather than changed or late. The list must read. A player who entered
    after round 1 was paired is kept in the event's state with the first round he could play (the rounds before it
    need not account for him); on an event not locked, that is all admitting does."""
    from listgen.core.findings import did_you_mean
    from listgen.events.tournament import admit_to_lock, read_lock

    entry = next((e for e in event.checked.entries if e.player == player), None)
    if entry is None:
        raise RoundsError(f"'{player}' has no entry in {event.pack.event}{did_you_mean(player, event.players)}")
    if entry.data is None:
        raise RoundsError(f"{player}'s list ({entry.report.file}) does not read: it cannot be admitted as it is")
    first = first_round(event.folder, player)
    locked = read_lock(event.pack_file) is not None
    state = dict(event.state)
    if locked or first == 1:  # not locked and in round 1: admit_to_lock says there is nothing to admit
        path = admit_to_lock(event.pack_file, entry)
        state["admitted"] = [*state.get("admitted", []), {"player": player, "hash": entry.hash, "when": print_date()}]
        verdict = "LEGAL" if entry.legal else "NOT LEGAL"
        said = f"admitted {player}'s list {entry.hash} ({verdict}) into the lock ({path})"
    else:
        said = f"entered {player} from round {first} (the event is not locked: his list is taken as it is)"
    state = _entered(state, player, first)
    write_state(event.pack_file, state)
    return said


def first_round(folder: Path, player: str) -> int:
    """The first round on file that has the player in a game or left out, or the next round to pair: the round a
    player entered late could first play. A round file that does not read is passed over here (the commands that
    read the rounds say what is wrong with it)."""
    n = 1
    while round_path(folder, n).exists():
        try:
            rnd = read_round(round_path(folder, n))
        except RoundsError:
            rnd = None
        if rnd is not None and (player in rnd.left_out or any(player in g.players for g in rnd.games)):
            return n
        n += 1
    return n


def _entered(state: dict, player: str, first: int) -> dict:
    """The state with the player entered from round `first` (kept only past round 1; the earliest, if twice)."""
    if first <= 1:
        return state
    entered = dict(state.get("entered", {}))
    entered[player] = min(first, entered.get(player, first))
    return {**state, "entered": entered}


# --- the event leaves the laptop: export --------------------------------------------------------------------------

from listgen.events.results import EXPORT_VERSION  # noqa: E402 - the export is declared there


def export_data(event: Event) -> dict:
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


def _standing(row: dict, pid: str, place: int) -> dict:
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


def player_ids(event: Event) -> dict:
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


def _game_data(n: int, game: Game) -> dict:
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


def _result_for(game: dict, i: int) -> str:
    if game["result"] in ("unplayed", "draw"):
        return game["result"]
    won = (game["result"] == "first") == (i == 0)
    return "win" if won else "loss"


# --- a manual swap --------------------------------------------------------------------------------------------


def swap(
    event: Event, n: int, first: int, second: int, out_dir: Path, paper: str = "a4", players: list | None = None
) -> tuple:
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
        if games[table].score is not None and None not in games[table].score:
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


def _swapped(one: list, two: list, first: int, second: int, named: list | None) -> dict:
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


def replace_game(game: Game, players: list) -> Game:
    return game.replace(players=list(players), code=None, score=None)


def _swap_allowed(event: Event, before: list, n: int, new: dict) -> None:
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


# --- add an entry by command ----------------------------------------------------------------------------------


def add(pack_file: str, player: str, list_file: Path, club: str | None = None) -> list:
    """A player entered by command: the list is read as any list is, its `player:` must name him (or be absent:
    the pack's entries are named by their lists), it is copied into the pack's entries folder under a file name
    made from his name (never over a file there), and, where the event is locked, admitted; his club (`club`) is
    kept in the event's state. A player entered already is refused, nothing written (his new list is admitted, not
    added). The lines said."""
    import re

    from listgen.core.exceptions import InputError
    from listgen.core.loader import parse, read_text
    from listgen.events.pack import entry_folder
    from listgen.events.tournament import open_pack, read_lock

    pack = open_pack(pack_file)
    locked = read_lock(pack_file)
    problem = state_of(pack_file, pack, locked)[2] if locked is not None else None
    if problem:  # its admission would be refused: nothing is copied
        raise RoundsError(problem)
    folder = entry_folder(pack, pack_file)
    if folder is None or not folder.is_dir():
        raise RoundsError(f"{pack_file}: the pack names no entries folder (lists:) to add a list to")
    try:
        text = read_text(str(list_file))
        data = parse(text, str(list_file)).data
    except InputError as exc:
        raise RoundsError(exc.finding.format(str(list_file))) from None
    named = data.get("player") if isinstance(data, dict) else None
    if named is None:
        raise RoundsError(f"{list_file}: the list names no player: give it 'player: {player}' (entries are named so)")
    if str(named) != player:
        raise RoundsError(f"{list_file}: the list's player is '{named}', not '{player}'")
    _not_entered(pack, pack_file, player)
    club = _club_name(club)
    stem = re.sub(r"[^A-Za-z0-9]+", "-", player).strip("-").lower()[:60] or "entry"
    target, n = folder / f"{stem}.yaml", 1
    while target.exists() or target.is_symlink():
        n += 1
        target = folder / f"{stem}-{n}.yaml"
    write_atomic(target, text)
    said = [f"added {player}'s list as {target}"]
    if club is not None:
        state = read_state(pack_file)
        write_state(pack_file, {**state, "clubs": {**state.get("clubs", {}), player: club}})
        said.append(f"{player}'s club: {club} ({state_path(pack_file)})")
    if locked is not None:
        said.append(admit(open_event(pack_file), player))
    else:  # the rounds before his first need not account for him
        state = read_state(pack_file)
        entered = _entered(state, player, first_round(Path(pack_file).parent / rules_of(pack).results, player))
        if entered is not state:
            write_state(pack_file, entered)
    return said


def _not_entered(pack: Pack, pack_file: str, player: str) -> None:
    """Refuse a player entered already (one name, as the entry check compares them): a second entry of his would
    stop every event command, so his new list goes over his entry and is admitted."""
    from listgen.events.tournament import check_entries, entry_paths

    entries = check_entries(pack, pack_file, entry_paths(pack, pack_file, ())).entries
    there = next((e for e in entries if e.player.casefold() == player.casefold()), None)
    if there is not None:
        raise RoundsError(
            f"{there.player} is entered already ({there.report.file}): nothing was added. For a new list of his, "
            f'put it in place of that file and run `listgen tournament admit PACK "{there.player}"`'
        )


def _club_name(club: str | None) -> str | None:
    """A club as `add --club` gives it, held to what a club in the pack may be (a name)."""
    if club is None:
        return None
    from listgen.core.findings import Findings
    from listgen.events.rounds import Player

    out = Findings()
    made = Player._build({"club": club}, ("club",), out)
    errors = [f for f in out.items if f.severity == "error"]
    if errors or not isinstance(made, Player) or made.club is None:
        why = "; ".join(f.message for f in errors) or "not a club's name"
        raise RoundsError(f"--club: {why}; nothing was added")
    return made.club
