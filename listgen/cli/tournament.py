"""`listgen tournament`: an event's entries checked and locked (`tournament PACK`), then its rounds and the
organiser's moves (`tournament pair|result|void|drop|admit|swap|add|export|standings PACK`, rounds_app)."""

from __future__ import annotations

import sys
from enum import Enum
from pathlib import Path

import typer
from typer.core import TyperCommand

from listgen.output import text
from listgen.output.console import echo, echo_lines

from .common import (
    OUTPUT,
    Paper,
    _emit,
    _fail,
    _finish,
    _friendly,
    _output_file,
    app,
)


class _TournamentCommand(TyperCommand):
    """`listgen tournament`'s help ends with a Commands box of the rounds' subcommands (pair, result, standings),
    as Typer draws one for a group: `tournament PACK` itself stays the entry check it always was."""

    def format_help(self, ctx, formatter) -> None:
        super().format_help(ctx, formatter)
        group = typer.main.get_command(rounds_app)
        commands = [group.get_command(ctx, name) for name in group.list_commands(ctx)]  # type: ignore[attr-defined]
        try:
            from typer import rich_utils

            rich_utils._print_commands_panel(
                name="Commands (after the deadline; each has --help)",
                commands=commands,
                markup_mode=self.rich_markup_mode or "rich",
                console=rich_utils._get_rich_console(),
                cmd_len=max(len(c.name or "") for c in commands),
            )
        except (ImportError, AttributeError, TypeError):  # Typer drawing no boxes, or drawing them otherwise
            echo("Commands (after the deadline; each has --help):")
            for command in commands:
                echo(f"  {command.name:<10} {(command.help or '').splitlines()[0]}")


@app.command(cls=_TournamentCommand)
@_friendly
def tournament(
    pack: Path = typer.Argument(..., metavar="PACK.yaml", help="The event's pack."),
    entries: list[Path] = typer.Argument(
        None, metavar="[LIST_OR_DIR]...", help="Entries (default: the pack's 'lists:' folder)."
    ),
    output: Path = typer.Option(OUTPUT / "tournament", "-o", "--output", help="Folder for the results."),
    paper: Paper = typer.Option(Paper.a4, "--paper", help="a4 or letter."),
    receipts: bool = typer.Option(False, "--receipts", help="Also write receipts/: one page per entry to sign."),
    lock: bool = typer.Option(False, "--lock", help="Lock the event: record every entry's hash (PACK.lock.json)."),
):
    """Check every entry of a club event against its ruleset and the pack; report and print the booklet.

    Writes results.csv and results.json (spreadsheets), report.pdf (one line per player for the
    notice board) and booklet.pdf (every roster in player order), swapped into the folder together
    once all are written. A broken entry is reported and the others still checked. Exit code 0 when
    every list passes, 1 when any fails, 2 when an entry cannot be read or the pack is unusable.
    `listgen schema pack` describes the pack format.

    After the deadline: `listgen tournament pair PACK`, `listgen tournament result PACK CODE SCORE SCORE` and
    `listgen tournament standings PACK` run the rounds (each has --help).

    A player entered twice is an error on both entries. --receipts writes a one-page receipt per entry (verdict,
    findings, points, the list's hash and QR code) for the player to sign. --lock, at the deadline, records each
    entry's hash, verdict and values beside the pack (PACK.lock.json); every later run compares against it and
    reports each entry changed since (and what changed), entered after, or missing.

    Examples:

      listgen tournament armies/tournament/pack.yaml -o output/tournament --receipts

      listgen tournament armies/tournament/pack.yaml --lock
    """
    from listgen.events.event_lock import event_lock

    with event_lock(str(pack), "check of the entries"):
        _tournament(pack, entries, output, paper, receipts, lock)


def _tournament(pack: Path, entries: list[Path], output: Path, paper: Paper, receipts: bool, lock: bool) -> None:
    from listgen.events.tournament import PackError, check_entries, entry_paths, lock_path, open_pack, read_lock, write
    from listgen.events.tournament import lock as lock_event

    try:
        event = open_pack(str(pack))
    except PackError as exc:
        _finish(text.Output([], [f.format(exc.file) for f in exc.findings], text.UNREADABLE))
    paths = entry_paths(event, str(pack), entries or ())
    locked = read_lock(str(pack))
    if lock and locked is not None:
        _fail(f"{lock_path(str(pack))}: the event is locked already; delete the lock file to lock it again")
    with _progress("Checking lists", len(paths)) as tick:
        result = check_entries(event, str(pack), paths, tick, locked)
    result.receipts = receipts
    if receipts:  # each player's personal code for the room, where the event has its secret (or makes it now)
        from listgen.events.room import receipt_codes

        result.personal = receipt_codes(str(pack), result, lock)
    with _progress("Printing rosters", len(result.entries)) as tick:
        written = write(result, output, paper.value, tick)
    if not result.entries:
        _fail("no entries found")
    if lock:
        from listgen.events.event_state import secret_for_lock

        written.append(lock_event(result, secret_for_lock(str(pack), result)))  # the lock keeps a check of it
    _finish(text.tournament(result, written))


# `listgen tournament pair|result|standings ...`: the rounds after the deadline. `tournament PACK` stays the list
# check it always was; __main__ sends these three words here.
rounds_app = typer.Typer(
    name="listgen tournament",
    help="Run an event's rounds: pair a round, record a slip's result, print the standings.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


@rounds_app.command("pair", short_help="Pair the next round: the round file, pairings and result slips.")
@_friendly
def tournament_pair(
    pack: Path = typer.Argument(..., metavar="PACK.yaml", help="The event's pack."),
    round_: int | None = typer.Option(None, "--round", "-r", min=1, help="The round to pair (default: the next)."),
    output: Path = typer.Option(OUTPUT / "rounds", "-o", "--output", help="Folder for the printouts."),
    paper: Paper = typer.Option(Paper.a4, "--paper", help="a4 or letter."),
    seed: int | None = typer.Option(
        None, "--seed", help="Round 1's draw from this number instead of the pack's (refused for a later round)."
    ),
    new_secret: bool = typer.Option(
        False, "--new-secret", help="The event's state file is lost for good: key the codes anew (old slips void)."
    ),
):
    """Pair a round: Swiss by event points from the results so far (round 1 at random from the pack's seed, or
    with clubs apart), no rematch where any pairing avoids it, the bye to the lowest ranked who has had none.

    Writes the round file beside the pack (results/round-N.yaml: the pairings, a score to fill in per table, each
    slip's code) and, in the output folder, round-N-pairings.pdf (by table and by name), .csv and .json, and
    round-N-slips.pdf (a result slip per table with its code and QR code). A round is paired once: delete its
    file to pair it again. The pack's 'rounds:' sets the seed, scoring, tie-breakers, clubs, fixed tables, drops.

    --new-secret, where the event's state file (PACK.event.json) is lost for good and each table's scores are typed
    into the round files by hand: a new secret keys the codes, every round file's codes are written anew with it and
    the slips printed before no longer record.

    Example: listgen tournament pair armies/tournament/pack.yaml --round 1
    """
    from dataclasses import replace

    from listgen.events.event import open_event
    from listgen.events.event_lock import event_lock
    from listgen.events.event_state import keyed
    from listgen.events.round_pairing import pair_round

    with event_lock(str(pack), "pair"):
        event = open_event(str(pack), keyed=not new_secret)
        on_file, earlier = event.rounds()
        if seed is not None and (round_ or len(on_file) + 1) != 1:
            _fail(
                f"--seed draws round 1 only; round {round_ or len(on_file) + 1} is paired on the standings (its "
                "last tie-break is the closeness of places, not a draw): nothing was paired"
            )
        event, renewed = keyed(event, on_file, new_secret)  # the event's secret, made when it has none
        if renewed:
            on_file, earlier = event.rounds()
        echo_lines(renewed)
        if seed is not None:
            event = replace(event, pack=event.pack.replace(rounds=event.rules.replace(seed=seed)))
        pairing, written = pair_round(event, round_, output, paper.value)
    left = " (left out of the pairing: the pack says entries: exclude)" if event.rules.entries == "exclude" else ""
    for note in event.notes:
        echo(f"note: {note}{left}")
    for note in earlier + pairing.notes:
        echo(f"note: {note}")
    for table, players in pairing.games:
        echo(f"table {table:>3}: {players[0]} v {players[1]}" if table else f"bye:       {players[0]}")
    for path in written:
        echo(f"wrote {path}")


@rounds_app.command("result", short_help="Record a table's result from its slip's code (or a forfeit, or a sheet).")
@_friendly
def tournament_result(
    pack: Path = typer.Argument(..., metavar="PACK.yaml", help="The event's pack."),
    code: str | None = typer.Argument(None, metavar="[CODE]", help="The slip's code, e.g. R2-T5-K7QM."),
    # scores are taken as typed and held to the round file's bounds by the library (score_of): a 20-digit or a
    # negative score, or one in other digits than 0-9, is refused there, as the round file and a sheet refuse it
    first: str | None = typer.Argument(
        None, metavar="[SCORE]", help="The first player's score, as on the slip (0 to 10,000)."
    ),
    second: str | None = typer.Argument(None, metavar="[SCORE]", help="The second player's score."),
    forfeit: str | None = typer.Option(
        None, "--forfeit", metavar="PLAYER", help="PLAYER forfeits (a no-show): 0 to the pack's forfeit_score."
    ),
    sheet: Path | None = typer.Option(
        None, "--sheet", metavar="FILE.csv", help="A whole round's results: code, score, score a line."
    ),
    correct: bool = typer.Option(
        False, "--correct", help="The table has a wrong result recorded: this one replaces it."
    ),
):
    """Record a table's result from its slip: the code (typed, or scanned off the slip's QR code) and both scores,
    in the slip's order. A code typed wrong, of another round or event, or a table recorded already with another
    result is a plain error and changes nothing. To change a recorded result, give it again with --correct (the
    line said names the old result and the new); `listgen tournament void PACK CODE` takes one back.

    --forfeit PLAYER records a forfeit or no-show (no scores): that player scores 0, the other the pack's
    forfeit_score (1 unless it says), a win. --sheet FILE.csv records a whole round from one sheet, every line
    checked first: all recorded, or none.

    Example: listgen tournament result armies/tournament/pack.yaml R1-T2-K7QM 12 4

    Example: listgen tournament result armies/tournament/pack.yaml R1-T3-PQ7M --forfeit "Dave Dodd"

    Example: listgen tournament result armies/tournament/pack.yaml --sheet round-3.csv
    """
    from listgen.events.event import open_event
    from listgen.events.event_lock import event_lock
    from listgen.events.slips import record, record_sheet

    if sheet is not None:
        if code is not None or forfeit is not None:
            _fail("--sheet takes the codes and scores from the sheet: give no CODE, SCORE or --forfeit with it")
    elif code is None:
        _fail("give a slip's CODE and both SCOREs, CODE --forfeit PLAYER, or --sheet FILE.csv")
    elif forfeit is not None and (first is not None or second is not None):
        _fail("a forfeit has no scores: the pack's forfeit_score and 0 are recorded")
    elif forfeit is None and (first is None or second is None):
        _fail(f"{code}: give both players' scores, in the slip's order (or --forfeit PLAYER)")
    if sheet is not None and correct:
        _fail("--correct changes one table's result: give its CODE and SCOREs, not a --sheet")
    with event_lock(str(pack), "result"):
        event = open_event(str(pack))
        if sheet is not None:
            echo_lines(record_sheet(event, sheet))
        else:
            assert code is not None
            scores = (first, second) if first is not None and second is not None else None  # both, checked above
            echo(record(event, code, None if forfeit else scores, forfeit, correct))


@rounds_app.command("void", short_help="Void a table's recorded result: it is recorded again.")
@_friendly
def tournament_void(
    pack: Path = typer.Argument(..., metavar="PACK.yaml", help="The event's pack."),
    code: str = typer.Argument(..., metavar="CODE", help="The table's slip code, e.g. R2-T5-K7QM."),
):
    """Void a table's recorded result (a result recorded on the wrong table, a game to be replayed): its scores go
    back to none, and the table is recorded again from the same slip. Refused where the next round is paired on it
    (give the right result with `tournament result ... --correct` instead).

    Example: listgen tournament void armies/tournament/pack.yaml R1-T2-K7QM
    """
    from listgen.events.event import open_event
    from listgen.events.event_lock import event_lock
    from listgen.events.slips import void

    with event_lock(str(pack), "void"):
        echo(void(open_event(str(pack)), code))


@rounds_app.command("drop", short_help="Drop a player after a round: paired in no later round.")
@_friendly
def tournament_drop(
    pack: Path = typer.Argument(..., metavar="PACK.yaml", help="The event's pack."),
    player: str = typer.Argument(..., metavar="PLAYER", help="The player, as his list names him."),
    after: int | None = typer.Option(
        None, "--after", min=0, help="The last round he plays (default: the last paired)."
    ),
):
    """Drop a player: he is paired in no round after --after (the last round paired, unless given) and the
    standings mark him. Kept beside the pack (PACK.event.json): no edit of the pack.

    Example: listgen tournament drop armies/tournament/pack.yaml "Pam Pike" --after 3
    """
    from listgen.events.entrants import drop
    from listgen.events.event import open_event
    from listgen.events.event_lock import event_lock

    with event_lock(str(pack), "drop"):
        echo(drop(open_event(str(pack)), player, after))


@rounds_app.command("admit", short_help="Admit a re-submitted or late list into the lock.")
@_friendly
def tournament_admit(
    pack: Path = typer.Argument(..., metavar="PACK.yaml", help="The event's pack."),
    player: str = typer.Argument(..., metavar="PLAYER", help="The player whose list is admitted."),
):
    """Admit a player's list as it is now: a list re-submitted after the lock, or a late entry. Its hash and
    values join the lock (PACK.lock.json) with the date; every later check reports it 'admitted', not changed or
    late. The list must read. A player entered after round 1 was paired is kept with the first round he could
    play, so that the rounds before need not hold him (on an event not locked, that is all admit does).

    Example: listgen tournament admit armies/tournament/pack.yaml "Alice Archer"
    """
    from listgen.events.entrants import admit
    from listgen.events.event import open_event
    from listgen.events.event_lock import event_lock

    with event_lock(str(pack), "admit"):
        echo(admit(open_event(str(pack)), player))


@rounds_app.command("swap", short_help="Swap the opponents of two tables of a round, before results.")
@_friendly
def tournament_swap(
    pack: Path = typer.Argument(..., metavar="PACK.yaml", help="The event's pack."),
    round_: int = typer.Argument(..., metavar="ROUND", min=1, help="The round."),
    first: int = typer.Argument(..., metavar="TABLE", min=1, help="One table."),
    second: int = typer.Argument(..., metavar="TABLE", min=1, help="The other table."),
    output: Path = typer.Option(OUTPUT / "rounds", "-o", "--output", help="Folder for the printouts."),
    paper: Paper = typer.Option(Paper.a4, "--paper", help="a4 or letter."),
    player: list[str] = typer.Option(
        None, "--player", "-p", metavar="PLAYER", help="A player who moves: give two, one of each table."
    ),
):
    """Swap players of two tables before either has a result: by default the first table's second player and the
    second table's change places; --player twice names the two who do (one of each table), so that any two of
    the four can be paired. Refused where it makes a rematch, moves a player off his fixed table, or puts
    clubmates together in a round 1 that keeps clubs apart. The round file is written anew, each table's code is its
    new players' (the old slips' codes no longer record), and the round's pairings and slips are printed again.

    Example: listgen tournament swap armies/tournament/pack.yaml 2 3 5

    Example: listgen tournament swap armies/tournament/pack.yaml 2 3 5 --player "Bob Baker" --player "Dave Dodd"
    """
    from listgen.events.event import open_event
    from listgen.events.event_lock import event_lock
    from listgen.events.round_pairing import swap

    with event_lock(str(pack), "swap"):
        said, written = swap(open_event(str(pack)), round_, first, second, output, paper.value, player or None)
    echo_lines(said)
    for path in written:
        echo(f"wrote {path}")


@rounds_app.command("add", short_help="Enter a player by command: his list into the entries, admitted.")
@_friendly
def tournament_add(
    pack: Path = typer.Argument(..., metavar="PACK.yaml", help="The event's pack."),
    player: str = typer.Argument(..., metavar="PLAYER", help="The player, as his list names him."),
    list_file: Path = typer.Argument(..., metavar="LIST", help="His list."),
    club: str | None = typer.Option(None, "--club", metavar="CLUB", help="His club (kept apart in round 1)."),
):
    """Enter a player after the deadline: his list (read as any list is; its 'player:' must name him) is copied
    into the pack's entries folder under a name made from his, never over a file there, and, if the event is
    locked, admitted into the lock. He is paired from the next round. --club gives his club, as the pack's
    'rounds: players:' would. A player entered already is refused (nothing written): a new list of his goes in
    place of his entry and `tournament admit` takes it.

    Example: listgen tournament add armies/tournament/pack.yaml "Quinn Quill" quinn.yaml --club "Hull Wargamers"
    """
    from listgen.events.entrants import add
    from listgen.events.event_lock import event_lock

    with event_lock(str(pack), "add"):
        said = add(str(pack), player, list_file, club)
    echo_lines(said)


class EventFormat(str, Enum):
    json = "json"
    csv = "csv"
    t3 = "t3"


@rounds_app.command("export", short_help="Write the whole event: players, games, standings.")
@_friendly
def tournament_export(
    pack: Path = typer.Argument(..., metavar="PACK.yaml", help="The event's pack."),
    format: EventFormat = typer.Option(EventFormat.json, "--format", "-f", help="json, csv or t3."),
    output: Path | None = typer.Option(
        None, "-o", "--output", parser=_output_file, metavar="FILE", help="Write here instead of stdout."
    ),
):
    """Write the event for a ranking or a club ladder: json (the event, its players with stable ids, club, list
    hash and verdict, drops; every game with its scores, result, bye and forfeit; the standings: `listgen schema
    results` describes it), csv (a line a player a game) or t3 (a line a player: placing, first name, last name,
    army, the per-player layout national rankings take).

    Example: listgen tournament export armies/tournament/pack.yaml --format json -o event.json
    """
    from listgen.events.event import open_event
    from listgen.events.event_export import export_text
    from listgen.events.event_lock import event_lock
    from listgen.output.files import check_output

    if output is not None:
        check_output(output, [pack])  # before the event is read: nothing of it is written over, however named
    with event_lock(str(pack), "export"):
        event = open_event(str(pack), keyed=False)  # no code is made or checked: said in a note
        text_out = export_text(event, format.value)
    if event.problem:
        echo(f"note: {event.problem}", err=True)
    _emit(text_out, output)


@rounds_app.command("standings", short_help="Print the standings after the last finished round.")
@_friendly
def tournament_standings(
    pack: Path = typer.Argument(..., metavar="PACK.yaml", help="The event's pack."),
    output: Path = typer.Option(OUTPUT / "rounds", "-o", "--output", help="Folder for the standings."),
    paper: Paper = typer.Option(Paper.a4, "--paper", help="a4 or letter."),
):
    """Print the standings after the last round with every result in: event points and the pack's tie-breakers in
    its order (wins, points difference, strength of schedule, extended SoS, head to head; byes count in neither
    SoS nor difference), each player's list verdict and hash beside the name.

    Writes standings-round-N.pdf, .csv and .json in the output folder.

    Example: listgen tournament standings armies/tournament/pack.yaml
    """
    from listgen.events.event import open_event
    from listgen.events.event_lock import event_lock
    from listgen.events.event_printouts import write_standings

    with event_lock(str(pack), "standings"):
        event = open_event(str(pack), keyed=False)  # no code is made or checked: said in a note
        _, notes = event.rounds()
        rows, written = write_standings(event, output, paper.value)
    for note in notes:
        echo(f"note: {note}")
    for row in rows:
        dropped = f", dropped after round {row['dropped_after']}" if row["dropped_after"] is not None else ""
        echo(f"{row['rank']:>3}. {row['player']}: {row.get('points', '')} points ({row['list']}{dropped})")
    for path in written:
        echo(f"wrote {path}")


@rounds_app.command("serve", short_help="Serve the event in the room: the board, players' phones, the desk.")
@_friendly
def tournament_serve(
    pack: Path = typer.Argument(..., metavar="PACK.yaml", help="The event's pack."),
    port: int = typer.Option(8000, "--port", min=0, max=65535, help="The port (0: any free one)."),
    lan: str | None = typer.Option(
        None, "--lan", metavar="ADDR", help="Answer on the club's network at this address of this computer."
    ),
    output: Path = typer.Option(OUTPUT / "rounds", "-o", "--output", help="Folder for the printouts."),
    paper: Paper = typer.Option(Paper.a4, "--paper", help="a4 or letter."),
):
    """Serve the event in the room from this computer: the board for a projector (/board: pairings, clubs, the
    round clock, standings, the tables still playing; it updates itself), the players' phones (/report: a table's
    result reported with the slip's code and the player's personal code, counted when the other player confirms it
    with his own; a disagreement goes to the desk) and the organiser's desk (/desk, behind the event's token:
    accept, decide, correct, void, forfeit, drop, admit, pair the next round and print it, the clock).

    Answers on 127.0.0.1 only unless --lan names this computer's address on the club's network; prints the
    players' address with its QR code and the desk's address (keep that one to yourself). With --lan, the slips
    and pairings printed from then on carry the address: the slip's QR code opens its table's form. Every move
    takes the event's lock, as the commands do: the command line works beside the page at any time.

    Example: listgen tournament serve armies/tournament/pack.yaml --lan 192.168.1.20
    """
    from listgen.web.room.serve import run

    run(str(pack), port, lan, output, paper.value, echo)


class _progress:
    """A progress bar on a terminal; silent when stderr is a file or a pipe."""

    def __init__(self, label: str, length: int):
        self.bar = typer.progressbar(length=length, label=label, file=sys.stderr) if sys.stderr.isatty() else None

    def __enter__(self):
        if self.bar is None:
            return lambda _item: None
        bar = self.bar.__enter__()
        return lambda _item: bar.update(1)

    def __exit__(self, *exc):
        if self.bar is not None:
            self.bar.__exit__(*exc)
        return False
