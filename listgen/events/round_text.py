"""The text of a round file as listgen writes it: the pairings, each table's score to fill in and its slip's code,
and a round written anew from its data (a result recorded, codes renewed)."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

from listgen.events.rounds import Pairing, RoundFile, result_code
from listgen.output.files import print_date


def round_text(event: str, pairing: Pairing, secret: str = "", left_out: list[str] | None = None) -> str:
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


def _left_out_line(left_out: list[str] | None) -> list[str]:
    if not left_out:
        return []
    names = ", ".join(json.dumps(p, ensure_ascii=False) for p in left_out)
    return [f"left_out: [{names}]  # entered, not paired this round (the pack's entries: exclude)"]


def _game_line(
    event: str,
    n: int,
    table: int | None,
    players: list[str],
    score: Sequence[int | None] | None,
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


def _round_text_of(
    event: str,
    rnd: RoundFile,
    recorded: Mapping[int | None, Sequence[int | None] | None],
    secret: str = "",
    forfeits: Mapping[int | None, str | None] | None = None,
) -> str:
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
