"""An event opened for the organiser's commands: its pack, every entry checked as `listgen tournament` checks it
(what the organiser should know of them), its round files' folder and its state."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from listgen.events.event_state import state_of
from listgen.events.rounds import (
    Roll,
    RoundFile,
    Rounds,
    RoundsError,
    played_rounds,
    result_code,
    round_notes,
    rules_of,
)

if TYPE_CHECKING:
    from listgen.events.pack import Pack
    from listgen.events.tournament import Result


@dataclass
class Event:
    """An event's pack, its entries as checked, its round files' folder and its state (secret, drops)."""

    pack: Pack
    pack_file: str
    checked: Result  # every entry, checked as `listgen tournament` checks it
    folder: Path
    notes: list[str] = field(default_factory=list)  # what the organiser should know of the entries (said by pair)
    state: dict[str, Any] = field(default_factory=dict)
    problem: str | None = None  # why the state is not the one the slips were printed with (state_problem)
    # the names the event had when it was locked and keyed (the lock's, the state's) besides the pack's
    names: list[str] = field(default_factory=list)

    @property
    def secret(self) -> str:
        return str(self.state.get("secret", ""))

    @property
    def dropped(self) -> dict[str, int]:
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
    def players(self) -> list[str]:
        return [e.player for e in self.checked.entries]

    @property
    def flagged(self) -> list[str]:
        """The players whose entry the notes name (not LEGAL, unreadable, changed since the lock, late)."""
        return [player for player, _note in _entry_flags(self.checked)]

    @property
    def paired_players(self) -> list[str]:
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

    def renamed(self, rounds: list[RoundFile]) -> list[str]:
        """The note that the pack's `event:` is not the name rounds were paired under, with both: their slips keep
        the codes made with the old name (a round keeps the name it was paired under; later rounds take the new)."""
        old: dict[str, list[str]] = {}
        for rnd in rounds:
            if rnd.event and rnd.event != self.pack.event:
                old.setdefault(rnd.event, []).append(str(rnd.round))
        return [
            f"the event's name changed: the pack says '{self.pack.event}', round {', '.join(ns)} was paired as "
            f"'{name}'; its slips record with the codes printed on them (a round keeps the name it was paired under)"
            for name, ns in old.items()
        ]

    def rounds(self) -> tuple[list[RoundFile], list[str]]:
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


def _entry_flags(checked: Result) -> list[tuple[str, str]]:
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


def _entry_notes(checked: Result) -> list[str]:
    return [f"{player}: {what}" for player, what in _entry_flags(checked)]
