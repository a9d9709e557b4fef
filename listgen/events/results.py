"""An event's results as they leave the laptop (`listgen tournament export --format json`), declared once: the
declarations below check an export read back (a ladder reads a season of them), each problem at its line, and give
the published JSON Schema (`listgen schema results`), as a list's model gives a list's."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Annotated, Any

from listgen.core.exceptions import InputError, ListgenError
from listgen.core.findings import Finding, Findings
from listgen.core.loader import load
from listgen.core.model import Count, Field, Model, Name, Number, OneOf, json_schema, parse_army

EXPORT_VERSION = 1
RESULTS = ("first", "second", "draw", "bye", "unplayed")
UNREADABLE_ARMY = "(unreadable list)"  # what the army column holds for an entry whose list does not read
# a tie-breaker's value: a points difference may be below zero; a sum of opponents' points may pass a Count's bound
Value = Annotated[int, Number(ge=-(10**12), le=10**12)]


class ExportedEvent(Model):
    """The event: its name, date and organiser, its rulesets and rounds."""

    name: Name = Field(description="The event's name, as its pack gives it.")
    date: Name | None = Field(description="The event's date (YYYY-MM-DD), as its pack gives it.")
    organiser: Name | None = Field(description="Who ran it.")
    rulesets: list[Name] = Field(description="The rulesets it allowed.")
    rounds: Count | None = Field(description="The rounds the pack plans.")
    rounds_played: Count = Field(description="The rounds with every result in.")
    tie_breakers: list[Name] | None = Field(
        None, description="The pack's ranking: the values the standings compare, in the order it compares them."
    )


class ExportedPlayer(Model):
    """A player of the event."""

    id: Name = Field(description="A stable id: the same player has the same id in every export.")
    name: Name = Field(description="The player's name, as entered.")
    club: Name | None = Field(description="The player's club.")
    list_hash: Name | None = Field(description="The hash of the list the player played (listgen share).")
    legal: bool = Field(description="The list's verdict at the lock.")
    dropped_after: Count | None = Field(description="The round after which the player dropped, if dropped.")
    place: Count | None = Field(
        None,
        description="The player's final place, 1 to the number of players and no two alike: the standings' order, "
        "players tied on every tie-breaker (who share a rank) in the order of their names, case aside.",
    )
    army: Name | None = Field(
        None,
        description="The player's army, as the pack's export_army says: the list's name (the default), its faction "
        f"where its ruleset's list has one (else its name), or its ruleset; '{UNREADABLE_ARMY}' for an entry whose "
        "list does not read.",
    )


class ExportedGame(Model):
    """A game: a table of two players, or a bye of one."""

    round: Count = Field(description="The round it was played in.")
    table: Count | None = Field(description="Its table; none for a bye.")
    players: list[Name] = Field(description="Its player, or its two players.", schema={"minItems": 1, "maxItems": 2})
    score: list[Count] | None = Field(
        description="The two players' scores, in the order of players; none for a bye or a game unplayed.",
        schema={"minItems": 2, "maxItems": 2},
    )
    result: Annotated[str, OneOf(RESULTS)] = Field(description="Who won: the first player, the second, or neither.")
    bye: bool = Field(description="A bye: one player, no opponent.")
    forfeit: Name | None = Field(description="The player who forfeited it, if one did.")


class ExportedStanding(Model):
    """A line of the final standings."""

    rank: Count = Field(description="The place.")
    id: Name = Field(description="The player's id.")
    name: Name = Field(description="The player's name.")
    points: Count | None = Field(description="The player's event points.")
    place: Count | None = Field(None, description="The player's final place (a player's place: no two alike).")
    wins: Value | None = Field(None, description="Games won (a bye is no win).")
    points_difference: Value | None = Field(None, description="Scores for, less scores against (byes not counted).")
    sos: Value | None = Field(None, description="Strength of schedule: the event points of every opponent met.")
    extended_sos: Value | None = Field(None, description="The sum of the opponents' strength of schedule.")
    head_to_head: Value | None = Field(
        None,
        description="Event points scored against the players still tied with this one; absent where the ranking "
        "did not come to it.",
    )


class ExportedResults(Model):
    """listgen tournament results (listgen tournament export --format json)."""

    listgen_results: Annotated[int, Number(ge=EXPORT_VERSION, le=EXPORT_VERSION)] = Field(
        description="The version of this format.", schema={"const": EXPORT_VERSION}
    )
    event: ExportedEvent = Field(description="The event.")
    players: list[ExportedPlayer] = Field(description="Every player entered.")
    games: list[ExportedGame] = Field(description="Every game of every round, byes included.")
    standings: list[ExportedStanding] = Field(description="The final standings.")


def results_schema() -> dict[str, Any]:
    """The JSON Schema of `listgen tournament export --format json` (`listgen schema results`)."""
    return json_schema(
        ExportedResults,
        "listgen tournament results (listgen tournament export --format json)",
        "https://listgen.invalid/schema/results.json",
    )


@dataclass(frozen=True)
class Results:
    """An export read back and checked: where it came from, the event's date, and the export itself."""

    file: str
    date: datetime.date
    data: ExportedResults


class ResultsError(ListgenError):
    """An export that cannot be read as one: every problem, located."""

    def __init__(self, findings: list[Finding], file: str):
        self.findings, self.file = findings, file
        super().__init__("; ".join(f.format(file) for f in findings))


def read_results(path: str) -> Results:
    """An export read and checked (the schema's shape, then what the shape cannot say: a game's players are the
    event's, a played game has two scores that agree with its result, a bye is one player, the date is a date).
    ResultsError (every problem, at its line) otherwise."""
    quick = _read_json(path)  # the common case, fast: an export as listgen wrote it
    if quick is not None:
        return quick
    try:
        doc = load(path)  # JSON is YAML: the bounded loader gives every value its line for the messages
    except InputError as exc:
        raise ResultsError([exc.finding], path) from exc
    out = Findings(locate=doc.locate)
    if not isinstance(doc.data, dict) or "listgen_results" not in doc.data:
        out.error(
            "RESULTS-NOT-AN-EXPORT", "not an event's results: write them with listgen tournament export --format json"
        )
        raise ResultsError(out.items, path)
    data = parse_army(ExportedResults, doc.data, out)
    if data is None:
        raise ResultsError(out.items, path)
    date = _date(data.event.date, out)
    _check_games(data, out)
    if out.items or date is None:
        raise ResultsError(out.items, path)
    return Results(path, date, data)


def _read_json(path: str) -> Results | None:
    """The export read by the json module (bounded as the loader bounds a file), when it holds no problem at all;
    None sends it to the located reading, which says where each problem is."""
    import json

    from listgen.core.loader import read_text

    try:
        data = json.loads(read_text(path))
    except (InputError, ValueError):
        return None
    out = Findings()
    if not isinstance(data, dict) or "listgen_results" not in data:
        return None
    made = parse_army(ExportedResults, data, out)
    date = _date(made.event.date, out) if made is not None else None
    if made is None or date is None:
        return None
    _check_games(made, out)
    return None if out.items else Results(path, date, made)


def _date(text: str | None, out: Findings) -> datetime.date | None:
    if text is None:
        out.error(
            "RESULTS-NO-DATE",
            "the event has no date: a ladder takes events in date order (give the pack a date: and export again)",
            ("event", "date"),
        )
        return None
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        out.error("RESULTS-BAD-DATE", f"'{text}' is not a date (YYYY-MM-DD)", ("event", "date"))
        return None


def _check_games(data: ExportedResults, out: Findings) -> None:
    names = {p.name for p in data.players}
    for i, game in enumerate(data.games):
        for j, name in enumerate(game.players):
            if name not in names:
                out.error(
                    "RESULTS-UNKNOWN-PLAYER",
                    f"'{name}' plays a game but is not among the players",
                    ("games", i, "players", j),
                )
        if game.bye != (len(game.players) == 1) or game.bye != (game.result == "bye"):
            out.error(
                "RESULTS-BAD-GAME", "a bye is one player with the result 'bye'; a game is two players", ("games", i)
            )
            continue
        if len(game.players) == 2 and len(set(game.players)) == 1:
            out.error("RESULTS-BAD-GAME", f"'{game.players[0]}' plays himself", ("games", i, "players"))
        if game.forfeit is not None and game.forfeit not in game.players:
            out.error("RESULTS-BAD-GAME", f"'{game.forfeit}' forfeits a game he does not play", ("games", i, "forfeit"))
        played = game.result in ("first", "second", "draw")
        if played != (game.score is not None) or (game.score is not None and len(game.score) != 2):
            out.error(
                "RESULTS-BAD-SCORE",
                "a game played has two scores; a bye or a game unplayed has none",
                ("games", i, "score"),
            )
        elif game.score is not None and _winner(game.score) != game.result:
            out.error(
                "RESULTS-BAD-SCORE",
                f"the scores {game.score[0]}-{game.score[1]} do not give the result '{game.result}'",
                ("games", i, "result"),
            )


def _winner(score: list[int]) -> str:
    return "draw" if score[0] == score[1] else ("first" if score[0] > score[1] else "second")
