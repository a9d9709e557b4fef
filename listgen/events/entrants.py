"""The organiser's moves on the entrants: drop a player, admit a re-submitted or late list, add an entry by
command."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from listgen.events.event import Event, open_event
from listgen.events.event_state import read_state, state_of, state_path, write_state
from listgen.events.rounds import RoundsError, read_round, round_path, rules_of
from listgen.output.files import print_date, write_atomic

if TYPE_CHECKING:
    from listgen.events.pack import Pack


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


def _entered(state: dict[str, Any], player: str, first: int) -> dict[str, Any]:
    """The state with the player entered from round `first` (kept only past round 1; the earliest, if twice)."""
    if first <= 1:
        return state
    entered = dict(state.get("entered", {}))
    entered[player] = min(first, entered.get(player, first))
    return {**state, "entered": entered}


def add(pack_file: str, player: str, list_file: Path, club: str | None = None) -> list[str]:
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
