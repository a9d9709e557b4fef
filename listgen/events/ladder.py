"""A club's ladder: a season of events' exported results (`listgen tournament export --format json`) into one ranking
that anyone can recompute (`listgen ladder`, docs/ladder.md).

Ratings are openskill's Plackett-Luce model (a Bayesian skill rating, as TrueSkill, MIT-licensed, pure Python): each
player's skill is a mean (mu) and an uncertainty (sigma), and the ladder ranks by the conservative rating mu - 3
sigma (openskill's ``ordinal``), so that a player with few games sits low until the games say otherwise. Ratings
depend on the order of the games, so events are taken in date order (then by name), and each event's games in
round order, then table order: the same files always give the same ladder, whatever order they are named in.
Byes, forfeits and games not played move no rating; draws do. A league-points table (points per place or per
result, best N of M events, a minimum of events to rank) stands beside the ratings when ``ladder.yaml`` asks for it.
"""

from __future__ import annotations

import datetime
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any

from listgen.core.exceptions import InputError, ListgenError
from listgen.core.findings import Findings
from listgen.core.loader import load
from listgen.core.model import Count, Field, Model, Name, Number, parse_army
from listgen.events.results import Results, ResultsError, read_results

MU, SIGMA = 25.0, 25.0 / 3  # openskill's defaults: every player starts alike
MAX_POINTS = 1000


class League(Model):
    """A league-points table: points per place in each event, or per game's result, summed over a player's best
    events."""

    per_place: list[Annotated[int, Number(ge=0, le=MAX_POINTS)]] | None = Field(
        None, description="Points for 1st, 2nd, 3rd... place in an event; a place past the list scores 0."
    )
    win: Annotated[int, Number(ge=0, le=MAX_POINTS)] | None = Field(None, description="Points per game won.")
    draw: Annotated[int, Number(ge=0, le=MAX_POINTS)] = Field(0, description="Points per game drawn (with win).")
    loss: Annotated[int, Number(ge=0, le=MAX_POINTS)] = Field(0, description="Points per game lost (with win).")
    bye: Annotated[int, Number(ge=0, le=MAX_POINTS)] | None = Field(
        None, description="Points for a bye (with win); absent: a bye scores as a win."
    )
    best: Annotated[int, Number(ge=1, le=1000)] | None = Field(None, description="Count a player's best N events.")
    min_events: Count = Field(1, description="Events a player must have played to be ranked in the league.")


class LadderFile(Model):
    """A club's ladder: its name, the events it counts, aliases and the league table."""

    ladder: Name = Field(description="The ladder's name, printed on it.")
    events: list[Name] | None = Field(None, description="The events it counts, by name; absent: every event given.")
    provisional_below: Annotated[int, Number(ge=0, le=1000)] = Field(
        5, description="A player with fewer rated games than this is shown apart, as provisional."
    )
    aliases: dict[Name, list[Name]] = Field(
        default_factory=dict, description="A player's name -> the other spellings of it, one player across events."
    )
    league: League | None = Field(None, description="A league-points table beside the ratings.")
    exports: list[Name] = Field(
        default_factory=lambda: ["."],
        description="Where the events' exports are, as files or folders inside the ladder file's folder (a folder: "
        "every *.json in it); read when no exports are named on the command line, and by the page.",
    )
    publish: bool = Field(
        False,
        description="The club's site (listgen site) carries the ladder's PDF: its names, ratings and records are "
        "the club's to publish; the exports it is made from are never put on the site.",
    )


@dataclass
class Player:
    """One player's season."""

    key: str  # the export's stable id (or the alias's)
    name: str
    mu: float = MU
    sigma: float = SIGMA
    games: int = 0  # rated games
    wins: int = 0
    draws: int = 0
    losses: int = 0
    events: list[str] = field(default_factory=list)
    last_played: str = ""
    before_last: float | None = None  # the rating before the season's last event, where the player played it
    league: list[int] = field(default_factory=list)  # league points per event played

    @property
    def rating(self) -> float:
        """The conservative rating the ladder ranks by: mu - 3 sigma (openskill's ordinal)."""
        return self.mu - 3 * self.sigma

    @property
    def change(self) -> float | None:
        return None if self.before_last is None else self.rating - self.before_last


@dataclass
class Ladder:
    name: str
    events: list[Results]
    players: list[Player]  # ranked: rated players first, then provisional ones
    provisional_below: int
    notes: list[str]
    league: list[tuple[Player, int, int]] | None  # (player, points, events counted), ranked


class LadderError(ListgenError):
    """Input a ladder cannot be made from: every problem, located."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("\n".join(problems))


def read_ladder_file(path: str) -> LadderFile:
    try:
        doc = load(path)
    except InputError as exc:
        raise LadderError([exc.finding.format(path)]) from exc
    out = Findings(locate=doc.locate)
    if not isinstance(doc.data, dict):
        out.error("INPUT-NOT-A-LADDER", "a ladder file is a mapping of keys starting with 'ladder:'")
        raise LadderError([f.format(path) for f in out.items])
    made = parse_army(LadderFile, doc.data, out)
    if made is not None and made.league is not None and (made.league.per_place is None) == (made.league.win is None):
        out.error(
            "LADDER-BAD-LEAGUE",
            "a league gives points per place (per_place) or per result (win), not both",
            ("league",),
        )
    seen: dict[str, str] = {}
    for name, others in made.aliases.items() if made is not None else ():
        for other in [name, *others]:
            if other.casefold() in seen and seen[other.casefold()] != name:
                out.error(
                    "LADDER-BAD-ALIAS",
                    f"'{other}' is an alias of both '{seen[other.casefold()]}' and '{name}'",
                    ("aliases", name),
                )
            seen[other.casefold()] = name
    if made is None or out.items:
        raise LadderError([f.format(path) for f in out.items])
    return made


LADDER_FILE = "ladder.yaml"  # the ladder of a folder: the page offers its PDF, and the site carries it if published


def exports_of(ladder_file: str, made: LadderFile) -> list[str]:
    """The exports a ladder file names (``exports:``), each inside its folder; LadderError for one that leads out
    of it (a ladder on the page reads only its folder's files)."""
    folder = Path(ladder_file).resolve().parent
    found: list[str] = []
    for i, name in enumerate(made.exports):
        path = (folder / name).resolve()
        if path != folder and folder not in path.parents:
            where = load(ladder_file).locate(("exports", i))
            at = f"{ladder_file}:{where[0]}:{where[1]}" if where else ladder_file
            raise LadderError(
                [
                    f"{at}: error: '{name}' leads out of the ladder file's folder: name exports inside it [LADDER-EXPORTS-OUTSIDE]"
                ]
            )
        found.append(str(path))
    return found


def folder_ladder(folder: Path, today: datetime.date) -> dict[str, Any]:
    """The ladder of a folder's ladder file (``LADDER_FILE``), from the exports it names: ladder_data's dict;
    LadderError with every problem located, as `listgen ladder` says them."""
    path = str(folder / LADDER_FILE)
    made = read_ladder_file(path)
    season = read_season(exports_of(path, made), today, made.events)
    data = ladder_data(make_ladder(season, made))
    data["provisional_below"] = made.provisional_below
    return data


def export_files(paths: Iterable[str]) -> list[str]:
    """The files named, a folder standing for every *.json in it (not below it), sorted."""
    found: list[str] = []
    for path in paths:
        if os.path.isdir(path):
            found += sorted(str(p) for p in Path(path).glob("*.json") if p.is_file())
        else:
            found.append(str(path))
    return found


def read_season(paths: Iterable[str], today: datetime.date, counted: list[str] | None = None) -> list[Results]:
    """Every export read, checked and put in date order; LadderError with every problem otherwise (an export that
    does not read, two exports of one event, an event dated after today, an event the ladder names but no file)."""
    problems: list[str] = []
    season: list[Results] = []
    for path in export_files(paths):
        try:
            season.append(read_results(path))
        except ResultsError as exc:
            problems += [f.format(path) for f in exc.findings]
    problems += _season_problems(season, today)
    if counted is not None:
        names = {r.data.event.name for r in season}
        problems += [
            f"the ladder counts the event '{n}', but no export of it was given" for n in counted if n not in names
        ]
        season = [r for r in season if r.data.event.name in counted]
    if problems:
        raise LadderError(problems)
    if not season:
        raise LadderError(
            ["no events: name exported results (listgen tournament export --format json) or folders of them"]
        )
    return sorted(season, key=lambda r: (r.date, r.data.event.name.casefold(), r.data.event.name))


def _season_problems(season: list[Results], today: datetime.date) -> list[str]:
    problems: list[str] = []
    seen: dict[tuple[str, datetime.date], str] = {}
    for r in season:
        where = _at(r, ("event", "date"))
        if r.date > today:
            problems.append(
                f"{where}: error: the event is dated {r.date}, after today ({today}): a ladder rates what has been played [LADDER-FUTURE-EVENT]"
            )
        key = (r.data.event.name.casefold(), r.date)
        if key in seen:
            problems.append(
                f"{_at(r, ('event', 'name'))}: error: the same event as {seen[key]} ({r.data.event.name}, {r.date}): each event once [LADDER-SAME-EVENT]"
            )
        seen.setdefault(key, r.file)
    return problems


def _at(r: Results, path: tuple[str | int, ...]) -> str:
    """'file:line:column' of a value of an export (as read again: the export has been read once already)."""
    doc = load(r.file)
    where = doc.locate(path)
    return f"{r.file}:{where[0]}:{where[1]}" if where else r.file


def make_ladder(
    season: list[Results], config: LadderFile | None = None, previous: dict[str, Any] | None = None
) -> Ladder:
    """The season's ladder (ratings, and the league table when the ladder file asks for one)."""
    from openskill.models import PlackettLuce

    config = config or parse_army(LadderFile, {"ladder": "Club ladder"}, Findings())
    assert config is not None  # the default ladder file reads
    model = PlackettLuce(mu=MU, sigma=SIGMA)
    aliases = {other.casefold(): name for name, others in config.aliases.items() for other in [name, *others]}
    players: dict[str, Player] = {}
    for n, results in enumerate(season):
        last = n == len(season) - 1
        named = _players_of(results, aliases, players)
        if last:
            for p in {id(p): p for p in named.values()}.values():
                p.before_last = p.rating
        _rate_event(model, results, named)
        if config.league is not None:
            _score_league(config.league, results, named)
    ranked = sorted(
        players.values(), key=lambda p: (p.games < config.provisional_below, -p.rating, p.name.casefold(), p.key)
    )
    notes = _near_names(ranked) + _late_events(season, previous)
    league = _league_table(config.league, ranked) if config.league is not None else None
    return Ladder(config.ladder, season, ranked, config.provisional_below, notes, league)


def _players_of(results: Results, aliases: dict[str, str], players: dict[str, Player]) -> dict[str, Player]:
    """The event's names -> the season's players (one player per stable id, or per alias)."""
    from listgen.events.event_export import player_id

    named: dict[str, Player] = {}
    for exported in results.data.players:
        canonical = aliases.get(exported.name.casefold())
        key = player_id(canonical) if canonical is not None else exported.id
        player = players.setdefault(key, Player(key, canonical or exported.name))
        if canonical is None:
            player.name = exported.name  # the spelling of the latest event
        named[exported.name] = player
        player.events.append(results.data.event.name)
        player.last_played = str(results.date)
    return named


def _rate_event(model: Any, results: Results, named: dict[str, Player]) -> None:
    """Each game played, in round then table order, rated; byes, forfeits and games unplayed are not."""
    games = sorted(results.data.games, key=lambda g: (g.round, g.table if g.table is not None else 10**6))
    for game in games:
        if game.bye or game.forfeit is not None or game.score is None:
            continue
        one, two = (named[name] for name in game.players)
        ranks = {"first": [0, 1], "second": [1, 0], "draw": [0, 0]}[game.result]
        rated = model.rate(
            [[model.rating(mu=one.mu, sigma=one.sigma)], [model.rating(mu=two.mu, sigma=two.sigma)]], ranks=ranks
        )
        (one.mu, one.sigma), (two.mu, two.sigma) = ((team[0].mu, team[0].sigma) for team in rated)
        for player, rank, other in ((one, ranks[0], ranks[1]), (two, ranks[1], ranks[0])):
            player.games += 1
            if rank == other:
                player.draws += 1
            elif rank < other:
                player.wins += 1
            else:
                player.losses += 1


def _score_league(league: League, results: Results, named: dict[str, Player]) -> None:
    """Each player's league points for the event: by place (ties share the place's points) or by game result."""
    points = {id(p): 0 for p in named.values()}
    if league.per_place is not None:
        for line in results.data.standings:
            if line.name in named and 1 <= line.rank <= len(league.per_place):
                points[id(named[line.name])] = league.per_place[line.rank - 1]
    else:
        for game in results.data.games:
            for i, name in enumerate(game.players):
                points[id(named[name])] += _result_points(league, game, i)
    for player in {id(p): p for p in named.values()}.values():
        player.league.append(points[id(player)])


def _result_points(league: League, game: Any, i: int) -> int:
    """A player's league points for one game: a bye as the ladder says (a win by default), a forfeit as the game's
    result (the one who forfeits loses), a game unplayed nothing."""
    assert league.win is not None
    if game.bye:
        return league.bye if league.bye is not None else league.win
    if game.forfeit is not None:
        return league.loss if game.forfeit == game.players[i] else league.win
    if game.score is None:
        return 0
    if game.result == "draw":
        return league.draw
    return league.win if (game.result == "first") == (i == 0) else league.loss


def _league_table(league: League, players: list[Player]) -> list[tuple[Player, int, int]]:
    rows = []
    for p in players:
        counted = sorted(p.league, reverse=True)[: league.best] if league.best else p.league
        if len(p.league) >= league.min_events:
            rows.append((p, sum(counted), len(counted)))
    return sorted(rows, key=lambda row: (-row[1], -row[0].rating, row[0].name.casefold(), row[0].key))


def _near_names(players: list[Player]) -> list[str]:
    """Two players whose names nearly match: said, never merged (an alias in the ladder file merges them)."""
    notes = []
    names = sorted({p.name for p in players}, key=str.casefold)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            if _near(a, b):
                notes.append(
                    f"'{a}' and '{b}' may be one player: they are rated apart; if they are one, give the ladder file an alias (aliases: {{{a}: [{b}]}})"
                )
    return notes


def _near(a: str, b: str) -> bool:
    """Two names that may be one player's: the same but for case, spaces and punctuation; one's words within the
    other's ('Hal Fletcher', 'Hal Fletcher-Smith'); or the same words but for one letter ('Jon Smith', 'John
    Smith'; not 'Ann Archer', 'Dan Archer', two letters apart)."""
    words = [re.findall(r"\w+", name.casefold()) for name in (a, b)]
    if "".join(words[0]) == "".join(words[1]):
        return True
    shared = set(words[0]) & set(words[1])
    if len(shared) >= 2 and (set(words[0]) <= set(words[1]) or set(words[1]) <= set(words[0])):
        return True
    return len(words[0]) == len(words[1]) and sum(_edits(x, y) for x, y in zip(words[0], words[1])) == 1


def _edits(a: str, b: str) -> int:
    """Levenshtein distance: the letters added, removed or changed between two words."""
    row = list(range(len(b) + 1))
    for i, x in enumerate(a, start=1):
        previous, row[0] = row[0], i
        for j, y in enumerate(b, start=1):
            previous, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, previous + (x != y))
    return row[-1]


def _late_events(season: list[Results], previous: dict[str, Any] | None) -> list[str]:
    """An event older than one the previous ladder had rated re-rates everything after it: said so."""
    if not previous:
        return []
    before = {(e.get("name"), e.get("date")) for e in previous.get("events", []) if isinstance(e, dict)}
    latest = max((str(d) for _n, d in before if d), default="")
    notes = []
    for r in season:
        if (r.data.event.name, str(r.date)) not in before and str(r.date) < latest:
            notes.append(
                f"'{r.data.event.name}' ({r.date}) is older than events the previous ladder had rated: every rating from {r.date} on is rated again"
            )
    return notes


def ladder_data(ladder: Ladder) -> dict[str, Any]:
    """The ladder as plain data (its JSON), every number rounded as printed."""

    def row(rank: int | None, p: Player) -> dict[str, Any]:
        change = p.change
        return {
            "rank": rank,
            "id": p.key,
            "name": p.name,
            "rating": round(p.rating, 2),
            "mu": round(p.mu, 2),
            "sigma": round(p.sigma, 2),
            "games": p.games,
            "wins": p.wins,
            "draws": p.draws,
            "losses": p.losses,
            "events": len(p.events),
            "last_played": p.last_played,
            "change": None if change is None else round(change, 2),
            "provisional": p.games < ladder.provisional_below,
        }

    rated = [p for p in ladder.players if p.games >= ladder.provisional_below]
    data: dict[str, Any] = {
        "ladder": ladder.name,
        "model": "openskill Plackett-Luce (mu 25, sigma 25/3); rating = mu - 3 sigma",
        "events": [{"name": r.data.event.name, "date": str(r.date), "file": Path(r.file).name} for r in ladder.events],
        "players": [row(n, p) for n, p in enumerate(rated, start=1)]
        + [row(None, p) for p in ladder.players if p.games < ladder.provisional_below],
        "notes": ladder.notes,
    }
    if ladder.league is not None:
        data["league"] = [
            {"rank": n, "id": p.key, "name": p.name, "points": points, "events_counted": counted}
            for n, (p, points, counted) in enumerate(ladder.league, start=1)
        ]
    return data


def ladder_text(data: dict[str, Any]) -> str:
    """The ladder as a terminal shows it."""
    lines = [data["ladder"], f"ranked by {data['model']}", ""]
    head = f"{'#':>3}  {'player':<28} {'rating':>7} {'mu':>6} {'sigma':>6} {'games':>5}  {'W-D-L':<9} {'events':>6}  {'last played':<11} {'change':>7}"

    def line(p: dict[str, Any]) -> str:
        change = "" if p["change"] is None else f"{p['change']:+.2f}"
        rank = "-" if p["rank"] is None else str(p["rank"])
        wdl = f"{p['wins']}-{p['draws']}-{p['losses']}"
        return (
            f"{rank:>3}  {p['name'][:28]:<28} {p['rating']:>7.2f} {p['mu']:>6.2f} {p['sigma']:>6.2f} {p['games']:>5}  "
            f"{wdl:<9} {p['events']:>6}  {p['last_played']:<11} {change:>7}"
        )

    rated = [p for p in data["players"] if not p["provisional"]]
    provisional = [p for p in data["players"] if p["provisional"]]
    lines += [head, *(line(p) for p in rated)] if rated else ["no player has enough games yet"]
    if provisional:
        lines += ["", f"provisional (fewer than {data['provisional_below']} rated games):", head]
        lines += [line(p) for p in provisional]
    if data.get("league") is not None:
        lines += ["", "league table:", f"{'#':>3}  {'player':<28} {'points':>6}  events counted"]
        lines += [
            f"{r['rank']:>3}  {r['name'][:28]:<28} {r['points']:>6}  {r['events_counted']}" for r in data["league"]
        ]
    lines += ["", "events, in date order: " + "; ".join(f"{e['name']} ({e['date']})" for e in data["events"])]
    lines += [f"note: {n}" for n in data["notes"]]
    return "\n".join(lines) + "\n"


CSV_COLUMNS = (
    "rank",
    "id",
    "name",
    "rating",
    "mu",
    "sigma",
    "games",
    "wins",
    "draws",
    "losses",
    "events",
    "last_played",
    "change",
    "provisional",
)


def ladder_csv(data: dict[str, Any]) -> str:
    """A line a player, rated ones ranked first (cells made safe for a spreadsheet, as every export's are)."""
    import csv
    import io

    from listgen.events.tournament import csv_cell

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for p in data["players"]:
        writer.writerow([csv_cell("" if p[c] is None else p[c]) for c in CSV_COLUMNS])
    return out.getvalue()
