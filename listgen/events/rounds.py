"""The event after the deadline: Swiss rounds, results and standings, offline.

An event's rounds live beside its pack, one YAML file a round (``results/round-N.yaml`` unless the pack says
another folder): ``listgen tournament pair`` writes round N's pairings there, players' scores are recorded into
it from their result slips (``listgen tournament result``, or typed by hand), and ``listgen tournament
standings`` reads every round to rank the players. Nothing is kept anywhere else, so an organiser can read,
fix and back up the whole event as text.

A pairing is a maximum-weight matching over who may meet whom, solved exactly by networkx's
``max_weight_matching`` (imported by the pairing only). Each constraint is a penalty on a pair, and the
penalties are of such different sizes that the matching satisfies them in order: no rematch where any pairing
avoids it, then clubs kept apart in round 1 (where possible), then at most one bye a player, then the bye to the
lowest ranked, then the smallest score differences, then the seed's random order (round 1) or the ranks' distance.
Over every pair that matching takes minutes at 1,024 players, so round 1 is drawn and later rounds are matched over
nearby players' pairs, each kept only where it meets the least of every level above the last (_Field.bounds).
Tables are then assigned the same way: fixed tables first, no player on a table twice where avoidable, top tables
to the top of the field (an exact assignment, assignment.py).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

from listgen.core.exceptions import ListgenError
from listgen.core.findings import Findings
from listgen.core.model import Count, Field, Model, Name, Number, OneOf

if TYPE_CHECKING:
    from listgen.events.pack import Pack

TIE_BREAKERS = ("points", "wins", "points_difference", "sos", "extended_sos", "head_to_head")
TieBreaker = Annotated[str, OneOf(TIE_BREAKERS, description="A tie-breaker, in the order they are applied.")]
MAX_SCORE = 10_000  # a game's score: a whole number from 0 (the round file and a sheet of results alike)
SCORE_BOUNDS = Number(ge=0, le=MAX_SCORE)  # the one definition: a round file's score, a sheet's, a command's
Score = Annotated[int, SCORE_BOUNDS]
SCORE_WORDS = f"a score is a whole number from 0 to {MAX_SCORE:,}, in the digits 0-9"
BYE = "(bye)"  # the bye's node in the pairing graph; never a player's name (names hold no parentheses first)


class RoundsError(ListgenError):
    """Raised when rounds cannot be paired, a result cannot be recorded, or a round file cannot be read: a plain
    message (exit code 2); nothing is written."""


class Player(Model):
    """What the pack says of one player for the rounds."""

    club: Name | None = Field(None, description="The player's club: kept apart from clubmates in round 1.")
    table: Count | None = Field(None, description="A fixed table for a player who cannot move.")
    dropped_after: Count | None = Field(None, description="The last round the player plays (not paired after it).")


class Rounds(Model):
    """How the event's rounds are paired and scored (the pack's 'rounds:')."""

    count: Count | None = Field(None, description="How many rounds the event has (printed).")
    seed: int = Field(1, description="Round 1's random order comes from this number: the same seed, the same draw.")
    first_round: Annotated[
        str, OneOf("random", "clubs", description="Round 1: random, or random with clubs apart.")
    ] = "random"
    clubs_apart: Annotated[
        str, OneOf("absolute", "where-possible", description="Round 1 with clubs: never, or only where unavoidable.")
    ] = "where-possible"
    win: Count = Field(3, description="Event points for a win.")
    draw: Count = Field(1, description="Event points for a draw.")
    loss: Count = Field(0, description="Event points for a loss.")
    bye: Count = Field(3, description="Event points for a bye.")
    forfeit_score: Annotated[int, Number(ge=1, le=MAX_SCORE)] = Field(
        1, description="The score of a player whose opponent forfeits (the one who forfeits scores 0): a win."
    )
    score: Name = Field("victory points", description="What each player's score in a game is called (on the slips).")
    tie_breakers: list[TieBreaker] = Field(
        default_factory=lambda: ["points", "wins", "sos", "points_difference", "head_to_head"],
        description="The order of the standings: points, wins, points_difference, sos, extended_sos, head_to_head "
        "(byes count no score and no opponent).",
    )
    entries: Annotated[
        str,
        OneOf(
            "warn",
            "exclude",
            description="An entry not LEGAL, unreadable, changed since the lock or late: paired and named (warn), or "
            "left out of the pairing until it is mended or admitted (exclude).",
        ),
    ] = "warn"
    scenarios: list[Name] = Field(
        default_factory=list,
        description="The scenario of each round, round 1 first: printed on its pairings and result slips.",
    )
    results: Name = Field("results", description="Folder of the round files, beside the pack.")
    players: dict[Name, Player] = Field(default_factory=dict, description="Clubs, fixed tables and drops, by name.")


def scenario_of(rules: Rounds, n: int) -> str | None:
    """The scenario the pack names for round n, if it names one."""
    return rules.scenarios[n - 1] if 0 < n <= len(rules.scenarios) else None


def rules_of(pack: Pack) -> Rounds:
    """The pack's rounds, or every default where it has none."""
    if pack.rounds is not None:
        return pack.rounds
    built = Rounds._build({}, ("rounds",), Findings())
    assert isinstance(built, Rounds)
    return built


def score_of(given: str | int) -> int:
    """A score as typed (a command's argument, a sheet's cell) or handed over as a number: within the bounds a
    round file's score has (SCORE_BOUNDS), written in the digits 0-9 only (not '²', '٣' or '-5'); RoundsError,
    saying the bounds, for anything else."""
    shown = f"'{given}'" if isinstance(given, str) else str(given)
    if isinstance(given, int) and not isinstance(given, bool):
        value = given
    else:
        text = str(given).strip()
        # at most 12 digits are read: a 20-digit score is refused as too big, never converted at length
        if not (text.isascii() and text.isdigit()) or len(text) > 12:
            raise RoundsError(f"{shown[:22]} is not a score: {SCORE_WORDS}")
        value = int(text)
    assert SCORE_BOUNDS.ge is not None and SCORE_BOUNDS.le is not None  # both bounds given, above
    if not SCORE_BOUNDS.ge <= value <= SCORE_BOUNDS.le:
        raise RoundsError(f"{shown[:22]} is not a score: {SCORE_WORDS}")
    return value


class Game(Model):
    """One table of a round, or a bye."""

    table: Count | None = Field(None, description="The table (none for a bye).")
    players: list[Name] = Field(min_length=1, max_length=2, description="The two players, or one for a bye.")
    score: list[Score | None] | None = Field(
        None, description="Each player's score, in the players' order: a whole number from 0 to 10,000."
    )
    code: Name | None = Field(None, description="The result slip's code.")
    forfeit: Name | None = Field(
        None,
        description="The player who forfeited the game (listgen tournament result "
        "--forfeit): scored 0, the other the pack's forfeit_score.",
    )


class RoundFile(Model):
    """results/round-N.yaml: a round's pairings and results."""

    event: Name | None = None
    round: Count
    games: list[Game] = Field(default_factory=list)
    left_out: list[Name] = Field(
        default_factory=list,
        description="Players entered and not dropped whom this round leaves out (the pack's entries: exclude): "
        "listgen names them when it pairs the round, so that the file accounts for every player.",
    )


@dataclass(frozen=True)
class Roll:
    """Who an event's rounds must account for: its entrants; each dropped player's last round; each player entered
    after round 1 was paired and the first round he could play (`tournament add`, `admit`); and those the pairing
    leaves out of every round (a late entry not admitted, an entry out of order under entries: exclude)."""

    entrants: frozenset[str]
    dropped: dict[str, int] = field(default_factory=dict)
    entered: dict[str, int] = field(default_factory=dict)
    excused: frozenset[str] = frozenset()

    def active(self, n: int) -> set[str]:
        """The players round n must account for: entered by then, not dropped before it, not excused."""
        return {
            p
            for p in self.entrants
            if self.dropped.get(p, n) >= n and self.entered.get(p, 1) <= n and p not in self.excused
        }


@dataclass
class Result:
    """One player's game as the standings count it."""

    opponent: str | None  # None for a bye
    scored: int = 0  # equivalent mutant (constant): only a bye goes without, and the difference leaves byes out
    conceded: int = 0  # equivalent mutant (constant): as scored
    points: int = 0
    outcome: str = ""  # win, draw, loss or bye


@dataclass
class Record:
    """One player's event so far."""

    name: str
    results: list[Result] = field(default_factory=list)

    @property
    def points(self) -> int:
        return sum(r.points for r in self.results)

    @property
    def wins(self) -> int:
        return sum(1 for r in self.results if r.outcome == "win")

    @property
    def byes(self) -> int:
        return sum(1 for r in self.results if r.outcome == "bye")

    @property
    def opponents(self) -> list[str]:
        return [r.opponent for r in self.results if r.opponent is not None]

    @property
    def points_difference(self) -> int:
        return sum(r.scored - r.conceded for r in self.results if r.opponent is not None)


# --- reading the rounds ---------------------------------------------------------------------------------------


def round_path(folder: Path, n: int) -> Path:
    return folder / f"round-{n}.yaml"


def read_round(path: Path, entrants: Iterable[str] | Roll | None = None) -> RoundFile:
    """A round file, read as a list is (bounded, located errors); RoundsError when it does not read. Given the
    event's entrants, what the file says is checked against them too (check_round); given its Roll, the round must
    also account for every player active in it (check_roll)."""
    from listgen.core.exceptions import InputError
    from listgen.core.loader import load
    from listgen.core.model import parse_army

    try:
        doc = load(str(path))
    except InputError as exc:
        raise RoundsError(exc.finding.format(str(path))) from None
    out = Findings(locate=doc.locate)
    if not isinstance(doc.data, dict):
        raise RoundsError(f"{path}:1:1: error: a round file is a mapping with 'round:' and 'games:'")
    parsed = parse_army(RoundFile, doc.data, out)
    if parsed is None:
        raise RoundsError("\n".join(f.format(str(path)) for f in out.items[:10]))
    if parsed.round < 1:
        out.error("ROUND-NUMBER", "rounds are numbered from 1", ("round",))
    for i, game in enumerate(parsed.games):
        check_game(game, i, out)
    if isinstance(entrants, Roll):
        check_round(parsed, set(entrants.entrants), out)
        check_roll(parsed, entrants, out)
    elif entrants is not None:
        check_round(parsed, set(entrants), out)
    if out.items:
        raise RoundsError("\n".join(f.format(str(path)) for f in out.items[:10]))
    return parsed


def check_game(game: Game, i: int, out: Findings) -> None:
    """One game's shape: two players at a table, or one on a bye with no score; a score for each player."""
    if len(game.players) not in (1, 2):
        out.error(
            "ROUND-PLAYERS",
            f"a game has two players, or one for a bye (this one has {len(game.players)})",
            ("games", i, "players"),
        )
    elif len(game.players) == 2 and game.table is None:
        out.error("ROUND-TABLE", "two players need a table", ("games", i))
    elif len(game.players) == 1 and game.score is not None:
        out.error("ROUND-BYE", "a bye has no score (it scores the pack's bye points)", ("games", i, "score"))
    elif len(game.players) == 1 and game.forfeit is not None:
        out.error("ROUND-BYE", "a bye is not forfeited: it has no opponent", ("games", i, "forfeit"))
    elif game.score is not None and len(game.score) != len(game.players):
        out.error("ROUND-SCORE", "give a score for each player, in the players' order", ("games", i, "score"))


def check_roll(rnd: RoundFile, roll: Roll, out: Findings) -> None:
    """The round accounts for every player active in it (a game, the bye, or 'left_out:'), and for nobody who
    dropped before it; the bye only where the round has an odd number of players. A table deleted by hand or
    'games: []' would otherwise rank its players as if they had lost."""
    n = rnd.round
    playing = {p: (i, j) for i, g in enumerate(rnd.games) for j, p in enumerate(g.players)}
    for name, (i, j) in playing.items():
        last = roll.dropped.get(name)
        if last is not None and last < n:
            out.error(
                "ROUND-DROPPED",
                f"'{name}' dropped after round {last}: he plays in no later round",
                ("games", i, "players", j),
            )
    for k, name in enumerate(rnd.left_out):
        if name in playing:
            out.error("ROUND-LEFT-OUT", f"'{name}' is left out of round {n} and plays in it too", ("left_out", k))
        elif name not in roll.entrants:
            out.error("ROUND-LEFT-OUT", f"'{name}' is not an entrant of the event", ("left_out", k))
    missing = sorted(roll.active(n) - set(playing) - set(rnd.left_out), key=str.casefold)
    if missing:
        names = ", ".join(missing[:10]) + (f" and {len(missing) - 10} more" if len(missing) > 10 else "")
        out.error(
            "ROUND-MISSING",
            f"round {n} leaves out {names}: give each a game or the bye, or name under 'left_out:' one the round "
            f"did not pair (one who entered after round {n}: listgen tournament admit PACK PLAYER)",
            ("games",),
        )
    byes = [i for i, g in enumerate(rnd.games) if len(g.players) == 1]
    count = len(set(playing) | (roll.active(n) - set(rnd.left_out)))  # who plays, and who should
    if byes and count % 2 == 0:
        out.error(
            "ROUND-BYE",
            f"round {n} has {count} players to pair, an even number: nobody has the bye",
            ("games", byes[0]),
        )


def check_round(rnd: RoundFile, entrants: set[str], out: Findings) -> None:
    """What a hand edit can break in a round that still reads, each an error where it stands: a player who is not
    an entrant (a typo of a name), a player twice in the round (against herself too), a table numbered 0 or
    holding two games, more than one bye."""
    from listgen.core.findings import did_you_mean

    seen: dict[str, int] = {}
    tables: dict[int, int] = {}
    for i, game in enumerate(rnd.games):
        for j, name in enumerate(game.players):
            if name not in entrants:
                near = did_you_mean(name, entrants)
                out.error("ROUND-PLAYER", f"'{name}' is not an entrant of the event{near}", ("games", i, "players", j))
            elif name in seen:
                where = "in this game too" if seen[name] == i else f"in game {seen[name] + 1} too"
                out.error(
                    "ROUND-PLAYER", f"'{name}' plays twice in round {rnd.round} ({where})", ("games", i, "players", j)
                )
            else:
                seen[name] = i
        if game.forfeit is not None and game.forfeit not in game.players:
            out.error("ROUND-FORFEIT", f"'{game.forfeit}' forfeits a game he does not play", ("games", i, "forfeit"))
        if game.table is not None:
            if game.table < 1:
                out.error("ROUND-TABLE", "tables are numbered from 1", ("games", i, "table"))
            elif game.table in tables:
                out.error(
                    "ROUND-TABLE",
                    f"table {game.table} holds two games (game {tables[game.table] + 1} is there too)",
                    ("games", i, "table"),
                )
            else:
                tables[game.table] = i
    byes = [i for i, g in enumerate(rnd.games) if len(g.players) == 1]
    if len(byes) > 1:
        out.error("ROUND-BYE", f"round {rnd.round} has {len(byes)} byes; a round has one at most", ("games", byes[1]))


def round_notes(rounds: list[RoundFile], rules: Rounds, event: str, secret: str = "") -> list[str]:
    """What a hand edit did that the event goes on with but the organiser should know: a rematch, a fixed table
    not kept, a table whose players changed since its slip was printed (its new code said)."""
    notes = []
    met: dict[frozenset[str], int] = {}
    for rnd in rounds:
        for game in rnd.games:
            if len(game.players) != 2:
                continue
            pair_ = frozenset(game.players)
            if pair_ in met:
                notes.append(f"round {rnd.round}: {' and '.join(game.players)} met in round {met[pair_]} too")
            met.setdefault(pair_, rnd.round)
            for name in game.players:
                fixed = _said(rules, name, "table")
                if fixed is not None and game.table != fixed:
                    notes.append(f"round {rnd.round}: {name} has fixed table {fixed} but plays at table {game.table}")
            code = result_code(rnd.event or event, rnd.round, game.table, game.players, secret)
            if game.code and game.code.upper() != code:
                notes.append(
                    f"round {rnd.round}, table {game.table}: its players changed since its slip was printed; the "
                    f"slip's code no longer records a result: use {code}"
                )
    return notes


def played_rounds(folder: Path, entrants: Iterable[str] | Roll | None = None) -> list[RoundFile]:
    """Every round file, in order, from round 1 (each checked against the entrants or the event's Roll, when
    given); a gap (round 3 without round 2) is an error."""
    rounds = []
    n = 1
    names = entrants if entrants is None or isinstance(entrants, Roll) else set(entrants)
    while round_path(folder, n).exists():
        rounds.append(read_round(round_path(folder, n), names))
        if rounds[-1].round != n:
            raise RoundsError(f"{round_path(folder, n)}: says round {rounds[-1].round}; the file is round {n}")
        n += 1
    later = sorted(
        p.name for p in folder.glob("round-*.yaml") if p.name not in {f"round-{i}.yaml" for i in range(1, n)}
    )
    if later:
        raise RoundsError(f"{folder}: {', '.join(later)} without round {n} before it")
    return rounds


def unfinished(rnd: RoundFile) -> list[int | None]:
    """Tables of a round with no result recorded."""
    return [g.table for g in rnd.games if len(g.players) == 2 and (g.score is None or None in g.score)]


def records(players: Iterable[str], rounds: list[RoundFile], rules: Rounds) -> dict[str, Record]:
    """name -> Record, from every game with a result (a bye scores the pack's bye points and no opponent)."""
    out = {name: Record(name) for name in players}
    for rnd in rounds:
        for game in rnd.games:
            for name in game.players:
                out.setdefault(name, Record(name))
            if len(game.players) == 1:
                out[game.players[0]].results.append(Result(None, points=rules.bye, outcome="bye"))
                continue
            score = recorded(game)  # both scores, or None where the result is not in
            if score is None:
                continue
            (a, b), (sa, sb) = game.players, score
            for me, them, mine, theirs in ((a, b, sa, sb), (b, a, sb, sa)):
                outcome = "win" if mine > theirs else "draw" if mine == theirs else "loss"
                points = {"win": rules.win, "draw": rules.draw, "loss": rules.loss}[outcome]
                out[me].results.append(Result(them, mine, theirs, points, outcome))
    return out


# --- standings ------------------------------------------------------------------------------------------------


@dataclass
class Standing:
    rank: int
    name: str
    values: dict[str, int]  # tie-breaker -> value


def standings(recs: dict[str, Record], order: Iterable[str]) -> list[Standing]:
    """Players ranked by the tie-breakers in the pack's order; head to head decides only among players tied on
    every tie-breaker before it (the points each scored in games between them); the rest of a tie shares a rank."""
    sos = {n: sum(recs[o].points for o in r.opponents if o in recs) for n, r in recs.items()}
    extended = {n: sum(sos[o] for o in r.opponents if o in sos) for n, r in recs.items()}
    values = {
        n: {
            "points": r.points,
            "wins": r.wins,
            "points_difference": r.points_difference,
            "sos": sos[n],
            "extended_sos": extended[n],
        }
        for n, r in recs.items()
    }
    groups = [sorted(recs, key=str.casefold)]
    for breaker in order:
        split = []
        for group in groups:
            if len(group) == 1:
                split.append(group)
                continue
            if breaker == "head_to_head":
                h2h = _head_to_head(group, recs)
                for n in group:
                    values[n]["head_to_head"] = h2h[n]
                key = h2h
            else:
                key = {n: values[n][breaker] for n in group}
            for value in sorted({key[n] for n in group}, reverse=True):
                split.append([n for n in group if key[n] == value])
        groups = split
    out, rank = [], 1
    for group in groups:
        for n in group:
            out.append(Standing(rank, n, values[n]))
        rank += len(group)
    return out


def _head_to_head(group: list[str], recs: dict[str, Record]) -> dict[str, int]:
    """Event points each player of a tied group scored in its games against the others of the group."""
    inside = set(group)
    return {n: sum(r.points for r in recs[n].results if r.opponent in inside) for n in group}


# --- pairing --------------------------------------------------------------------------------------------------

# The pairing's rules, in the order they are met: each is a level of the matching's cost, and each level's unit
# outweighs the most that every level below it can add up to over a whole pairing (computed for the round at
# hand, with Python's whole numbers, so the order holds for any points the pack allows: lexicographic, never
# overlapping). From the top: no rematch where any pairing avoids it; players with fixed tables apart (two fixed
# tables cannot both be kept); clubmates apart in round 1 (where possible); no second bye; the bye to the lowest
# ranked (by the rank `standings` prints, equals alike); the smallest sum of squared score differences; then the
# seed's draw (round 1) or the ranks' distance (_units).


@dataclass
class Pairing:
    round: int
    games: list[tuple[int | None, list[str]]]  # (table, [a, b]) in table order; a bye is (None, [name])
    notes: list[str] = field(default_factory=list)  # what the organiser is told: a fixed table that could not be kept


def _said(rules: Rounds, name: str, key: str) -> Any:
    """What the pack's rounds say of a player (club, table, dropped_after), or None."""
    info = rules.players.get(name)
    return None if info is None else getattr(info, key)


def active_players(players: Iterable[str], rules: Rounds, n: int) -> list[str]:
    """Who is paired in round n: every player but those dropped after an earlier round."""
    out = []
    for name in players:
        dropped = _said(rules, name, "dropped_after")
        if dropped is not None and dropped < n:
            continue
        out.append(name)
    return out


def ranking(players: Iterable[str], rounds: list[RoundFile], rules: Rounds) -> list[Standing]:
    """The standings as `listgen tournament standings` prints them (every player's record, dropped opponents
    counted in strength of schedule as the standings count them): [Standing], best first."""
    return standings(records(players, rounds, rules), rules.tie_breakers)


def _units(n_nodes: int, spread: int, rounds: int) -> dict[str, int]:
    """The unit of each level of the cost: each outweighs the most that all the levels below can sum to."""
    pairs = n_nodes // 2
    draw = max(1000, n_nodes)  # the last tie-break (seed's draw or ranks' distance) is below this on each pair
    units = {"score": draw * (pairs + 1)}
    top = pairs * (units["score"] * spread + draw)  # the most the score and draw levels can add
    for level, most in (("bye rank", n_nodes), ("second bye", rounds + 1), ("clubs", pairs), ("fixed tables", pairs)):
        units[level] = top + 1
        top += units[level] * most
    units["rematch"] = top + 1  # equivalent mutant (constant): any unit above top outweighs all below it
    units["whole"] = top + units["rematch"] * pairs + 1
    return units


def pair(players: Iterable[str], rounds: list[RoundFile], rules: Rounds, n: int) -> Pairing:
    """Round n's pairing from the rounds before it (each finished): drawn directly in round 1, or matched over the
    pairs of nearby players later, each kept only where it is proved as good as the matching over every pair (the
    rules' levels 1 to 6 at their least, _proved); otherwise that whole matching."""
    players = list(players)
    if n != len(rounds) + 1:
        raise RoundsError(
            f"round {n} cannot be paired: {len(rounds)} round(s) are on file, so the next is {len(rounds) + 1}"
        )
    for rnd in rounds:
        open_tables = unfinished(rnd)
        if open_tables:
            raise RoundsError(
                f"round {rnd.round} has no result for table{'s' * (len(open_tables) > 1)} "
                f"{', '.join(map(str, open_tables))}: record them first (listgen tournament result)"
            )
    active = active_players(players, rules, n)
    if len(active) < 2:
        raise RoundsError(f"round {n} has {len(active)} player(s) to pair; a game needs two")
    field_ = _field(players, rounds, rules, n, active)
    if field_.clubs_round and rules.clubs_apart == "absolute" and field_.bounds()[2]:
        raise RoundsError(
            f"round {n} cannot be paired with clubs kept apart absolutely (too many players of one club): "
            "set 'clubs_apart: where-possible' in the pack's rounds"
        )
    found = _drawn(field_, rules.seed) if n == 1 else _near(field_, NEAR)
    matching = found if _proved(field_, found) else _whole(field_, rules.seed)
    place = field_.place
    # equivalent mutant (constant): any number past every real place sorts the bye last alike
    games = [sorted(pair_, key=lambda p: place.get(p, 10**6)) for pair_ in matching]
    byes = [[g[0]] for g in games if BYE in g]
    tables = [g for g in games if BYE not in g]
    tables.sort(key=lambda g: min(place[p] for p in g))
    notes: list[str] = []
    placed = sorted(zip(assign_tables(tables, rounds, rules, notes), tables))
    return Pairing(n, placed + [(None, b) for b in byes], notes)


@dataclass
class _Field:
    """What one round's pairing weighs, the same for every way of finding it: each player's points, byes, place
    and shared rank among the active, who has met whom, clubs and fixed tables, and the cost's units (_units)."""

    n: int
    clubs_round: bool  # round 1 with clubmates apart
    absolute: bool  # clubmates never paired (clubs_apart: absolute)
    nodes: list[str]  # the active players by name, and the bye's node where their number is odd
    points: dict[str, int]
    byes: dict[str, int]
    place: dict[str, int]  # the order of the printed standings, among the active
    shared: dict[str, int]  # the printed rank: equals share one, so the bye's level does not tell them apart
    met: set[frozenset[str]]
    clubs: dict[str, Any]
    fixed: dict[str, Any]
    unit: dict[str, int]
    lowest: int

    def cost(self, a: str, b: str) -> int | None:
        """The pair's cost on the rules' levels 1 to 6 (rematch, fixed tables, clubs, second bye, bye's rank, score
        difference); None for clubmates kept apart absolutely."""
        unit = self.unit
        if BYE in (a, b):
            who = a if b == BYE else b
            return unit["second bye"] * self.byes[who] + unit["bye rank"] * (self.lowest - self.shared[who])
        cost = unit["rematch"] if frozenset((a, b)) in self.met else 0
        if self.fixed[a] is not None and self.fixed[b] is not None:
            cost += unit["fixed tables"]
        if self.clubs_round and self.clubs[a] and self.clubs[a] == self.clubs[b]:
            if self.absolute:
                return None
            cost += unit["clubs"]
        return cost + unit["score"] * (self.points[a] - self.points[b]) ** 2

    def levels(self, matching: list[tuple[str, str]]) -> tuple[int, ...]:
        """The rules' levels 1 to 6 of a pairing: rematches, fixed-table players paired, clubmates paired (round 1),
        the bye's player's earlier byes and his rank above the lowest, the sum of squared score differences."""
        pairs = [(a, b) for a, b in matching if BYE not in (a, b)]
        bye = [a if b == BYE else b for a, b in matching if BYE in (a, b)]
        return (
            sum(1 for a, b in pairs if frozenset((a, b)) in self.met),
            sum(1 for a, b in pairs if self.fixed[a] is not None and self.fixed[b] is not None),
            sum(1 for a, b in pairs if self.clubs_round and self.clubs[a] and self.clubs[a] == self.clubs[b]),
            sum(self.byes[p] for p in bye),
            sum(self.lowest - self.shared[p] for p in bye),
            sum((self.points[a] - self.points[b]) ** 2 for a, b in pairs),
        )

    def bounds(self) -> tuple[int, ...]:
        """The least each level can be over every pairing of these players, each bound without the levels above it:
        no rematch; as many fixed-table players paired as outnumber the rest, and clubmates as one club outnumbers
        the rest; the bye's player the least (earlier byes, rank above the lowest) of any; the score differences of
        the players in score order, paired neighbour with neighbour (the least sum of squares: any crossing pair
        costs more), the bye's player taken out. A pairing at every bound is the best there is, level by level."""
        count = len(self.nodes)
        fixed = sum(1 for p in self.nodes if p != BYE and self.fixed[p] is not None)
        clubs: dict[Any, int] = {}
        for p in self.nodes:
            if p != BYE and self.clubs_round and self.clubs[p]:
                clubs[self.clubs[p]] = clubs.get(self.clubs[p], 0) + 1
        biggest = max(clubs.values(), default=0)
        players = [p for p in self.nodes if p != BYE]
        bye: tuple[int, int] = (0, 0)
        spreads = [_neighbours(sorted(self.points[p] for p in players))]
        if BYE in self.nodes:
            bye = min((self.byes[p], self.lowest - self.shared[p]) for p in players)
            taken = {self.points[p] for p in players if (self.byes[p], self.lowest - self.shared[p]) == bye}
            every = sorted(self.points[p] for p in players)
            spreads = [_neighbours(every[: every.index(q)] + every[every.index(q) + 1 :]) for q in taken]
        return (0, max(0, 2 * fixed - count) // 2, max(0, 2 * biggest - count) // 2, *bye, min(spreads))


def _neighbours(points: list[int]) -> int:
    """The sum of squared differences of a sorted list paired first with second, third with fourth..."""
    return sum((points[i] - points[i + 1]) ** 2 for i in range(0, len(points) - 1, 2))


def _field(players: list[str], rounds: list[RoundFile], rules: Rounds, n: int, active: list[str]) -> _Field:
    everyone = list(dict.fromkeys(players + [p for rnd in rounds for g in rnd.games for p in g.players]))
    recs = records(everyone, rounds, rules)
    ranked = [s for s in standings(recs, rules.tie_breakers) if s.name in set(active)]
    points = {name: recs[name].points for name in active}
    nodes = sorted(active, key=str.casefold) + ([BYE] if len(active) % 2 else [])
    spread = (max(points.values()) - min(points.values())) ** 2  # the most a pair's squared difference can be
    shared = {s.name: s.rank for s in ranked}
    return _Field(
        n=n,
        clubs_round=n == 1 and rules.first_round == "clubs",
        absolute=rules.clubs_apart == "absolute",
        nodes=nodes,
        points=points,
        byes={name: recs[name].byes for name in active},
        place={s.name: i for i, s in enumerate(ranked)},
        shared=shared,
        met={frozenset((name, o)) for name in active for o in recs[name].opponents},
        clubs={name: _said(rules, name, "club") for name in active},
        fixed={name: _said(rules, name, "table") for name in active},
        unit=_units(len(nodes), spread, len(rounds)),
        lowest=max(shared.values()),
    )


def _proved(field_: _Field, matching: list[tuple[str, str]]) -> bool:
    """A pairing of every node at the least of each of the rules' levels 1 to 6 (_Field.bounds): none over all
    pairs does better on any level before doing worse on one above it, so it is as good as the whole matching."""
    paired = [p for pair_ in matching for p in pair_]
    return sorted(paired) == sorted(field_.nodes) and field_.levels(matching) == field_.bounds()


def _drawn(field_: _Field, seed: int) -> list[tuple[str, str]]:
    """Round 1 without a matching: the players in the seed's random order, first with second, third with fourth...,
    then each pair of fixed-table players or clubmates (round 1 with clubs) exchanging partners with another pair
    where that lowers the two pairs' (fixed tables, clubs) together, until none does. Round 1 has no rematch, no
    bye before it and no points, so the draw is the best there is where it has as few fixed-table players and
    clubmates paired as the bounds allow (_proved checks it)."""
    order = list(field_.nodes)
    random.Random(f"{seed}:{field_.n}:drawn").shuffle(order)
    pairs = [[order[i], order[i + 1]] for i in range(0, len(order), 2)]

    def bad(a: str, b: str) -> tuple[int, int]:
        if BYE in (a, b):
            return (0, 0)
        both_fixed = field_.fixed[a] is not None and field_.fixed[b] is not None
        return (
            int(both_fixed),
            int(field_.clubs_round and bool(field_.clubs[a]) and field_.clubs[a] == field_.clubs[b]),
        )

    changed = True
    while changed:
        changed = False
        for i, (a, b) in enumerate(pairs):
            if bad(a, b) != (0, 0):
                changed |= _exchange(pairs, i, bad)
    return [(p[0], p[1]) for p in pairs]


def _exchange(pairs: list[list[str]], i: int, bad: Callable[[str, str], tuple[int, int]]) -> bool:
    """Pair i swaps partners with the first other pair where that lowers the two pairs' badness together."""
    a, b = pairs[i]
    for j, (c, d) in enumerate(pairs):
        if j == i:
            continue
        before = tuple(x + y for x, y in zip(bad(a, b), bad(c, d)))
        for new in (([a, c], [b, d]), ([a, d], [b, c])):
            if tuple(x + y for x, y in zip(bad(*new[0]), bad(*new[1]))) < before:
                pairs[i], pairs[j] = new
                return True
    return False


NEAR = 8  # later rounds: each player is matched over the next NEAR players in score order (and the bye's node)


def _near(field_: _Field, near: int) -> list[tuple[str, str]]:
    """A later round matched over the pairs of nearby players only: each with the next `near` in score order (most
    points first, then the standings' order), the bye's node with every player it may go to at its least and the
    `near` lowest. A Swiss round's best pairing is made of such pairs; _proved says when this one is."""
    import networkx as nx

    order = sorted((p for p in field_.nodes if p != BYE), key=lambda p: (-field_.points[p], field_.place[p]))
    graph = nx.Graph()
    whole, place = field_.unit["whole"], field_.place
    for i, a in enumerate(order):
        for b in order[i + 1 : i + 1 + near]:
            cost = field_.cost(a, b)
            if cost is not None:
                graph.add_edge(a, b, weight=whole - cost - abs(place[a] - place[b]))
    if BYE in field_.nodes:
        least = min(field_.cost(p, BYE) or 0 for p in order)
        for p in order[-near:] + [p for p in order if field_.cost(p, BYE) == least]:
            graph.add_edge(p, BYE, weight=whole - (field_.cost(p, BYE) or 0))
    return [(a, b) for a, b in nx.max_weight_matching(graph, maxcardinality=True)]


def _whole(field_: _Field, seed: int) -> list[tuple[str, str]]:
    """The maximum-weight matching over every pair (networkx): exact on every level, the seed's draw (round 1) or
    the ranks' distance last; its time grows with the cube of the players."""
    import networkx as nx

    draw = random.Random(f"{seed}:{field_.n}")
    nodes, place, whole = field_.nodes, field_.place, field_.unit["whole"]
    graph = nx.Graph()
    for i, a in enumerate(nodes):
        for b in nodes[i + 1 :]:
            cost = field_.cost(a, b)
            if cost is None:
                continue
            if BYE not in (a, b):
                cost += draw.randrange(1000) if field_.n == 1 else abs(place[a] - place[b])
            graph.add_edge(a, b, weight=whole - cost)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matching) != len(nodes):
        raise RoundsError(
            f"round {field_.n} cannot be paired with clubs kept apart absolutely (too many players of one club): "
            "set 'clubs_apart: where-possible' in the pack's rounds"
        )
    return [(a, b) for a, b in matching]


def assign_tables(
    games: list[list[str]], rounds: list[RoundFile], rules: Rounds, notes: list[str] | None = None
) -> list[int]:
    """A table for each game (games in rank order): a player's fixed table first, then no player on a table he
    has played on where avoidable, then the top tables to the top games (the least sum of each game's distance
    from its rank's table). Two players with fixed tables drawn together (the pairing keeps them apart wherever
    it can): the higher ranked keeps his, and notes say so. The rest is an exact assignment (assignment.assign)."""
    from bisect import bisect_left

    from listgen.events.assignment import assign

    sat: dict[str, set[int]] = {}
    for rnd in rounds:
        for game in rnd.games:
            for name in game.players:
                if game.table is not None:
                    sat.setdefault(name, set()).add(game.table)
    fixed: dict[int, int] = {}
    for i, players in enumerate(games):
        wanted = [(p, t) for p in players if (t := _said(rules, p, "table")) is not None]
        if len(wanted) > 1 and wanted[0][1] != wanted[1][1] and notes is not None:
            (keeps, table), (moves, other) = wanted
            notes.append(
                f"{keeps} and {moves} both have fixed tables and had to be paired: {keeps} keeps table "
                f"{table}, {moves} plays there instead of table {other}"
            )
        if wanted:
            fixed[i] = wanted[0][1]
    taken = list(fixed.values())
    if len(taken) != len(set(taken)):
        raise RoundsError(
            f"two games this round want the same fixed table {sorted(taken)}: give each player "
            "his own table in the pack's rounds"
        )
    count = max([len(games)] + taken)
    free = [t for t in range(1, count + 1) if t not in taken]
    loose = [i for i in range(len(games)) if i not in fixed]

    def cost(k: int, t: int) -> int:
        i = loose[k]
        return sum(10**6 for p in games[i] if t in sat.get(p, ())) + abs(t - 1 - i)

    def near(k: int) -> list[int]:
        at = bisect_left(free, loose[k] + 1)
        return free[max(0, at - 8) : at + 8]

    out = dict(fixed)
    for k, t in enumerate(assign(len(loose), free, cost, near)):
        out[loose[k]] = t
    return [out[i] for i in range(len(games))]


# --- result codes ---------------------------------------------------------------------------------------------

_CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I to misread from a slip


def result_code(event: str, n: int, table: int | None, players: list[str], secret: str = "") -> str:
    """A slip's code: 'R2-T5-K7QM', its round and table and a check of the event, round, table and players (a
    code typed wrong, from another round or another event does not match), keyed by the event's secret (made
    when it is locked or first paired, kept beside the pack): nobody can work a table's code out from the printed
    pairings and record a result for it."""
    keyed = f"{secret}\n" if secret else ""  # events paired before codes were keyed keep their codes
    digest = hashlib.sha256(f"{keyed}{event}\n{n}\n{table}\n{players[0]}\n{players[1]}".encode()).digest()
    check = "".join(_CODE_ALPHABET[b % len(_CODE_ALPHABET)] for b in digest[:4])
    return f"R{n}-T{table}-{check}"


def parse_code(code: str) -> tuple[int, int]:
    """(round, table) of a result code; RoundsError for anything else."""
    import re

    found = re.fullmatch(r"R(\d{1,3})-T(\d{1,4})-([A-Z2-9]{4})", code.strip().upper())
    if not found:
        raise RoundsError(f"'{code[:40]}' is not a result code (a slip's code reads like R2-T5-K7QM)")
    return int(found.group(1)), int(found.group(2))


def record_result(
    rnd: RoundFile, event: str, code: str, scores: tuple[str | int, ...], secret: str = "", correct: bool = False
) -> tuple[list[int] | None, Game, bool]:
    """The round with one table's scores recorded from its slip's code: (new round data as a dict, game, whether
    it was recorded already with the same scores). RoundsError for a wrong code, a code of another round, or a
    table already recorded with other scores, unless `correct` (the organiser corrects a wrong result)."""
    game = game_of_code(rnd, event, code, secret)
    new = [score_of(s) for s in scores]
    was = recorded(game)
    if was:
        if was == new:
            return None, game, True
        if not correct:
            raise RoundsError(
                f"table {game.table} of round {rnd.round} has a result already ({game.players[0]} {was[0]}, "
                f"{game.players[1]} {was[1]}); to change it, give --correct (or void it: listgen tournament void)"
            )
    return new, game, False


def recorded(game: Game) -> list[int] | None:
    """A table's result, where it is in (both scores); None where it is not."""
    if game.score is None or None in game.score:
        return None
    return [int(s) for s in game.score if s is not None]


def game_of_code(rnd: RoundFile, event: str, code: str, secret: str = "") -> Game:
    """The table of round `rnd` a slip's code names, its code checked (RoundsError for a wrong code, a code of
    another round, a table that is not there)."""
    n, table = parse_code(code)
    if n != rnd.round:
        raise RoundsError(f"{code} is a slip of round {n}; this is round {rnd.round}")
    game = next((g for g in rnd.games if g.table == table and len(g.players) == 2), None)
    if game is None:
        raise RoundsError(f"round {n} has no table {table}")
    given = code.strip().upper()
    # the code of the players the file holds at that table, from the event's name as the round was paired: a slip
    # printed before a hand edit changed the table's players no longer records (round_notes gives the new code)
    if given != result_code(rnd.event or event, n, table, game.players, secret):
        raise RoundsError(f"{code} does not match round {n}, table {table} of {event}: check the code on the slip")
    return game
