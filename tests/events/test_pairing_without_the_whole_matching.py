"""Issue 52, a national event's size: round 1 drawn without a matching, later rounds matched over nearby players'
pairs, the tables set by an exact assignment. Each shortcut is kept only where it is proved as good as the matching
over every pair; these tests hold the proof to that matching (`_whole`, the pairing as it was), to brute force over
every pairing, and to every way of setting games on tables."""

from __future__ import annotations

import itertools
import random

import pytest
from test_rounds import game, perfect_matchings, round_file, rules

from listgen.events import rounds as R
from listgen.events.assignment import assign


def random_field(seed: int, most: int = 40):
    """A random event (clubs, fixed tables, drops, points up to 10,000) paired by listgen up to a random round, and
    the next round's field: (field, seed of the pack, players, rounds before, rules)."""
    r = random.Random(seed)
    names = [f"P{i:02d}" for i in range(r.randint(2, most))]
    win = r.choice([3, 3, 1000, 10_000])
    clubs = r.sample(["Hull", "York", "Leeds", "Bath", "Ely"], r.randint(1, 5))
    players: dict = {}
    for name in names:
        if r.random() < 0.7:
            players[name] = {"club": r.choice(clubs)}
    for name, table in zip(r.sample(names, r.randint(0, min(4, len(names)))), r.sample(range(1, 60), 4)):
        players.setdefault(name, {})["table"] = table
    played = r.randint(0, 5)
    for name in r.sample(names, r.randint(0, 2)):
        players.setdefault(name, {})["dropped_after"] = r.randint(1, max(1, played))
    rr = rules(
        seed=seed,
        first_round=r.choice(["random", "clubs"]),
        clubs_apart=r.choice(["where-possible", "absolute"]),
        win=win,
        draw=r.randint(0, win),
        bye=r.randint(0, win),
        players=players,
    )
    rounds: list = []
    for n in range(1, played + 1):
        if len(R.active_players(names, rr, n)) < 2:
            break
        try:
            paired = R.pair(names, rounds, rr, n)
        except R.RoundsError:  # clubs apart absolutely where they cannot be: nothing to compare
            break
        rounds.append(round_file(n, [
            game(t, ps, (r.randint(0, 9), r.randint(0, 9))) if t else game(None, ps) for t, ps in paired.games
        ]))  # fmt: skip
    n = len(rounds) + 1
    active = R.active_players(names, rr, n)
    if len(active) < 2:
        return None
    return R._field(names, rounds, rr, n, active), seed, names, rounds, rr


def as_pairs(pairing) -> list:
    return [tuple(ps) if len(ps) == 2 else (ps[0], R.BYE) for _t, ps in pairing.games]


def test_the_shortcuts_are_kept_only_where_they_are_as_good_as_the_whole_matching():
    """Over 300 random events of 2-40 players at every round: where a shortcut's pairing is proved (_proved), its
    rules' levels 1-6 equal the whole matching's, level by level, and `pair`'s always do. The proof is found wherever
    the whole matching meets every bound (round 1), or nearly (later rounds, matched here over the next 3 players
    only, so that the window is narrower than the field: 97%; 100% over the next 8, as `pair` does): the shortcut is
    what runs. Level 7, the ranks' distance, is outside the proof: it equals the whole matching's in 95% at least."""
    proved = {"drawn": 0, "near": 0}
    closest = 0
    tried = {"drawn": 0, "near": 0}  # events where the whole matching meets every bound: a proof is there to find
    for seed in range(300):
        made = random_field(seed)
        if made is None:
            continue
        field_, pack_seed, names, rounds, rr = made
        absolute = field_.clubs_round and field_.absolute and field_.bounds()[2]
        if absolute:  # refused before any matching: the whole one could not pair every player either
            with pytest.raises(R.RoundsError, match="clubs kept apart absolutely"):
                R._whole(field_, pack_seed)
            continue
        whole = R._whole(field_, pack_seed)
        kind = "drawn" if field_.n == 1 else "near"
        fast = R._drawn(field_, pack_seed) if kind == "drawn" else R._near(field_, near=3)
        tried[kind] += field_.levels(whole) == field_.bounds()
        if R._proved(field_, fast):
            proved[kind] += 1
            assert field_.levels(fast) == field_.levels(whole), (seed, field_.levels(fast), field_.levels(whole))
            if kind == "near":  # level 7 is not in the proof: how often it is the whole matching's too
                closest += distance(field_, fast) == distance(field_, whole)
        assert field_.levels(as_pairs(R.pair(names, rounds, rr, field_.n))) == field_.levels(whole), seed
    assert tried["drawn"] > 40 and tried["near"] > 100, tried
    assert proved["drawn"] == tried["drawn"] and proved["near"] > 0.9 * tried["near"], (proved, tried)
    assert closest > 0.95 * proved["near"], (closest, proved)


def distance(field_, matching) -> int:
    """The rules' level 7 in a later round: the sum of the pairs' distances in the standings' order."""
    return sum(abs(field_.place[a] - field_.place[b]) for a, b in matching if R.BYE not in (a, b))


@pytest.mark.parametrize("seed", range(40))
def test_the_brute_force_oracles_hold_over_a_window_narrower_than_the_field(seed, monkeypatch):
    """The oracles of test_rounds and test_event_day pair at most 10 players, whom a window of the next 8 covers
    whole: here later rounds are matched over the next 2 only, so that the proof, not the window, is what keeps
    each pairing the best of every pairing."""
    import test_event_day
    import test_rounds

    monkeypatch.setattr(R, "NEAR", 2)
    test_rounds.test_a_pairing_is_as_good_as_the_best_of_every_pairing(seed)
    test_event_day.test_a_pairing_with_fixed_tables_drops_and_large_points_is_the_best_of_every_pairing(seed)


@pytest.mark.parametrize("seed", range(60))
def test_each_bound_is_no_more_than_the_least_of_its_level_over_every_pairing(seed):
    """_Field.bounds, the proof's other half, against every pairing of up to 10 players: no pairing is below the
    bounds in the rules' order (each level compared only where those above it are equal), so a pairing that meets
    them is the best there is; the fixed tables' and clubs' bounds are met by some pairing, alone."""
    made = random_field(1000 + seed, most=10)
    if made is None:
        return
    field_ = made[0]
    bounds = field_.bounds()
    every = [field_.levels(m) for m in perfect_matchings(field_.nodes)]
    assert min(every) >= bounds, (seed, min(every), bounds)
    for level in (1, 2):  # as many as outnumber the rest, and no fewer: the least of the level on its own
        assert bounds[level] == min(levels[level] for levels in every), (seed, level)


def test_round_one_is_drawn_from_the_seed_with_clubs_and_fixed_tables_apart():
    """A 1,024-player round 1 is drawn, not matched: the same seed draws it again, another seed another; 37 clubs
    and 20 fixed tables are all kept apart (the bounds are 0)."""
    names = [f"Player {i:04d}" for i in range(1024)]
    players: dict = {name: {"club": f"Club {i % 37}"} for i, name in enumerate(names)}
    for i, name in enumerate(names[:20]):
        players[name]["table"] = 500 + i
    rr = rules(seed=11, first_round="clubs", clubs_apart="absolute", players=players)
    field_ = R._field(names, [], rr, 1, names)
    drawn = R._drawn(field_, 11)
    assert R._proved(field_, drawn) and field_.levels(drawn) == (0, 0, 0, 0, 0, 0)
    paired = R.pair(names, [], rr, 1)
    assert {frozenset(ps) for _t, ps in paired.games} == {frozenset(p) for p in drawn}
    assert R._drawn(field_, 11) == drawn and R._drawn(field_, 12) != drawn
    tables = dict((ps[0], t) for t, ps in paired.games) | dict((ps[1], t) for t, ps in paired.games)
    assert all(tables[name] == 500 + i for i, name in enumerate(names[:20]))


def test_one_club_of_more_than_half_meets_itself_only_as_often_as_it_must():
    """Round 1 with clubs apart, 7 of 10 players of one club: the 3 others can face 3 of them, the 4 left make 2
    games of clubmates, the bound, and the draw has no more; clubs apart absolutely refuses the round."""
    names = [f"P{i}" for i in range(10)]
    players = {name: {"club": "Hull" if i < 7 else f"C{i}"} for i, name in enumerate(names)}
    field_ = R._field(names, [], rules(first_round="clubs", players=players), 1, names)
    assert field_.bounds()[2] == 2
    drawn = R._drawn(field_, 1)
    assert R._proved(field_, drawn) and field_.levels(drawn)[2] == 2
    with pytest.raises(R.RoundsError, match="clubs kept apart absolutely"):
        R.pair(names, [], rules(first_round="clubs", clubs_apart="absolute", players=players), 1)


@pytest.mark.parametrize("seed", range(40))
def test_an_assignment_is_the_cheapest_of_every_one(seed):
    """assignment.assign against every assignment of up to 7 rows to up to 8 columns, from candidates that are
    random, too few to assign every row, or none: the least sum every time."""
    r = random.Random(seed)
    rows, cols = r.randint(1, 7), list(range(1, r.randint(1, 3) + 8))[: r.randint(7, 8)]
    rows = min(rows, len(cols))
    costs = {(i, c): r.choice([0, 1, 5, 10**6]) + r.randint(0, 9) for i in range(rows) for c in cols}
    shape = r.choice(["random", "one", "none"])

    def near(i: int) -> list:
        if shape == "none":
            return []
        return [cols[0]] if shape == "one" else r.sample(cols, r.randint(1, len(cols)))

    got = assign(rows, cols, lambda i, c: costs[(i, c)], near)
    assert len(set(got)) == rows and set(got) <= set(cols)
    best = min(sum(costs[(i, c)] for i, c in enumerate(p)) for p in itertools.permutations(cols, rows))
    assert sum(costs[(i, c)] for i, c in enumerate(got)) == best


def test_tables_are_set_as_the_whole_matching_set_them():
    """The tables of 60 games after four rounds, set by the assignment, cost what networkx's matching over every
    game and table (the way tables were set before) costs: no repeat where avoidable, top tables to top games."""
    import networkx as nx

    names = [f"P{i:03d}" for i in range(120)]
    rr = rules(seed=3, players={"P007": {"table": 9}, "P050": {"table": 70}})
    r = random.Random(3)
    rounds: list = []
    for n in range(1, 6):
        paired = R.pair(names, rounds, rr, n)
        games = [ps for t, ps in paired.games if t]
        tables = [t for t, ps in paired.games if t]
        sat: dict = {}
        for rnd in rounds:
            for g in rnd.games:
                for p in g.players:
                    sat.setdefault(p, set()).add(g.table)
        place = {s.name: k for k, s in enumerate(R.ranking(names, rounds, rr))}
        order = sorted(range(len(games)), key=lambda i: min(place[p] for p in games[i]))
        rank = {i: k for k, i in enumerate(order)}  # the game's place in rank order: its table's aim

        def cost(i: int, t: int, sat=sat, games=games, rank=rank) -> int:
            return sum(10**6 for p in games[i] if t in sat.get(p, ())) + abs(t - 1 - rank[i])

        loose = [i for i in range(len(games)) if not any(p in ("P007", "P050") for p in games[i])]
        free = [t for t in range(1, max(len(games), 70) + 1) if t not in (9, 70)]
        graph = nx.Graph()
        for i in loose:
            for t in free:
                graph.add_edge(("g", i), ("t", t), weight=10**9 - cost(i, t))
        best = sum(10**9 - graph.edges[e]["weight"] for e in nx.max_weight_matching(graph, maxcardinality=True))
        assert sum(cost(i, tables[i]) for i in loose) == best, n
        rounds.append(round_file(n, [game(t, ps, (r.randint(0, 3), r.randint(0, 3))) for t, ps in paired.games]))
