"""A club's season as `listgen tournament export --format json` writes its events: the ladder's tests
(tests/events/test_ladder.py) and the page's and site's ladder (tests/web/test_ladder_page.py) read it."""

from __future__ import annotations

import datetime
import hashlib
import itertools
import json
import random
from pathlib import Path
from typing import Any

PLAYERS = [f"{first} {last}" for first, last in itertools.product(
    ("Ann", "Ben", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"), ("Archer", "Baker", "Cooper", "Draper", "Fletcher")
)]  # fmt: skip
ALIAS = ("Hal Fletcher", "Hal Fletcher-Smith")  # one player, entered under two spellings
LADDER_FILE = "ladder: Humber season 2026\nprovisional_below: 6\naliases:\n  Hal Fletcher: [Hal Fletcher-Smith]\n"


def player_id(name: str) -> str:
    return "p-" + hashlib.sha256(name.casefold().encode("utf-8")).hexdigest()[:10]


def make_event(n: int, rng: random.Random) -> dict:
    """One event as `tournament export --format json` writes it: 4 rounds of Swiss-like random pairings."""
    date = datetime.date(2026, 1, 10) + datetime.timedelta(days=14 * n)
    field = rng.sample(PLAYERS, rng.randint(21, 30))  # an odd field some weeks: byes
    late = field.pop() if n % 2 else None  # a late entry from round 2
    names = [ALIAS[1] if (name == ALIAS[0] and n % 3 == 1) else name for name in field]
    dropped = {names[0]: 2} if n % 2 == 0 else {}
    games, points = [], dict.fromkeys(names + ([late] if late else []), 0)
    for rnd in range(1, 5):
        playing = [p for p in points if dropped.get(p, 99) >= rnd and (p != late or rnd >= 2)]
        rng.shuffle(playing)
        if len(playing) % 2:
            bye = playing.pop()
            points[bye] += 2
            games.append(
                {
                    "round": rnd,
                    "table": None,
                    "players": [bye],
                    "score": None,
                    "result": "bye",
                    "bye": True,
                    "forfeit": None,
                }
            )
        for t, (a, b) in enumerate(zip(playing[::2], playing[1::2]), start=1):
            game: dict[str, Any] = {"round": rnd, "table": t, "players": [a, b], "bye": False, "forfeit": None}
            roll = rng.random()
            if roll < 0.05:
                game.update(score=[0, 1], result="second", forfeit=a)
            elif roll < 0.07:
                game.update(score=None, result="unplayed")
            else:
                score = [rng.randint(0, 6), rng.randint(0, 6)]
                game.update(
                    score=score,
                    result="draw" if score[0] == score[1] else ("first" if score[0] > score[1] else "second"),
                )
            if game["result"] in ("first", "second"):
                points[game["players"][0 if game["result"] == "first" else 1]] += 3
            elif game["result"] == "draw":
                points[a] += 1
                points[b] += 1
            games.append(game)
    order = sorted(points, key=lambda p: (-points[p], p))
    standings, rank = [], 0
    for i, p in enumerate(order):
        rank = rank if i and points[order[i - 1]] == points[p] else i + 1
        standings.append({"rank": rank, "id": player_id(p), "name": p, "points": points[p]})
    return {
        "listgen_results": 1,
        "event": {
            "name": f"Humber Open {n + 1}",
            "date": str(date),
            "organiser": "HWS",
            "rulesets": ["smle"],
            "rounds": 4,
            "rounds_played": 4,
        },
        "players": [
            {
                "id": player_id(p),
                "name": p,
                "club": None,
                "list_hash": None,
                "legal": True,
                "dropped_after": dropped.get(p),
            }
            for p in sorted(points)
        ],
        "games": games,
        "standings": standings,
    }


def write_season(folder: Path, events: int = 8, seed: int = 54) -> list[dict]:
    """The season's exports written into folder (named not in date order), with its ladder file; the events."""
    rng = random.Random(seed)
    made = [make_event(n, rng) for n in range(events)]
    for n, event in enumerate(made):
        (folder / f"event-{events - 1 - n}.json").write_text(json.dumps(event, indent=2), encoding="utf-8")
    (folder / "ladder.yaml").write_text(LADDER_FILE, encoding="utf-8")
    return made
