"""Gaps the mutation samples of seeds 6161, 7070 and 1212 found in the rounds (issue 40): each test fails on the mutant it names."""

from __future__ import annotations

from test_rounds import game, round_file, rules


def test_a_player_away_from_his_fixed_table_is_noted_and_one_at_it_is_not():
    from listgen.events.rounds import round_notes

    rr = rules(players={"C": {"table": 7}, "A": {"table": 1}})
    r1 = round_file(1, [game(1, ["A", "B"], (5, 1)), game(2, ["C", "D"], (5, 1))])
    notes = round_notes([r1], rr, "Club night")
    assert notes == ["round 1: C has fixed table 7 but plays at table 2"]


def test_each_level_of_the_pairing_cost_outweighs_all_below_it():
    # _units: 'each outweighs the most that all the levels below can sum to'. A pairing of n players has at
    # most n // 2 games; the draw level adds under max(1000, n) on each, the score level up to spread units each
    from listgen.events.rounds import _units

    for n, spread, rounds_ in ((2, 1, 1), (9, 3, 4), (128, 5, 7), (1025, 2, 10)):
        units = _units(n, spread, rounds_)
        games, draw = n // 2, max(1000, n)
        assert units["score"] > games * (draw - 1)
        below = games * (units["score"] * spread + draw)
        for level, most in (("bye rank", n), ("second bye", rounds_ + 1), ("clubs", games), ("fixed tables", games)):
            assert units[level] > below, (n, level)
            below += units[level] * most
        assert units["rematch"] > below


def test_a_table_holding_two_games_names_the_game_already_there():
    from listgen.core.findings import Findings
    from listgen.events.rounds import check_round

    rnd = round_file(1, [game(1, ["A", "B"]), game(2, ["C", "D"]), game(1, ["E", "F"])])
    out = Findings()
    check_round(rnd, {"A", "B", "C", "D", "E", "F"}, out)
    said = [f for f in out.items if f.code == "ROUND-TABLE"]
    assert [(f.message, f.path) for f in said] == [
        ("table 1 holds two games (game 1 is there too)", ("games", 2, "table"))
    ]


# --- seed 1212 ---


def test_a_slip_whose_players_changed_is_noted_and_one_that_still_matches_is_not():
    # a table's code checks its event, round, table and players: the slip printed for A and B, typed in any case,
    # still records the game; once a hand edit seats C there, the note gives the code that now records it
    # (mutant: the note said of the matching slip and not of the changed one)
    from listgen.events.rounds import result_code, round_notes

    printed = result_code("Club night", 1, 1, ["A", "B"], "s3cret")
    kept = game(1, ["A", "B"], (5, 1)).replace(code=printed.lower())
    assert round_notes([round_file(1, [kept])], rules(), "Club night", "s3cret") == []
    changed = game(1, ["A", "C"], (5, 1)).replace(code=printed)
    now = result_code("Club night", 1, 1, ["A", "C"], "s3cret")
    assert now != printed
    assert round_notes([round_file(1, [changed])], rules(), "Club night", "s3cret") == [
        "round 1, table 1: its players changed since its slip was printed; the slip's code no longer records a "
        f"result: use {now}"
    ]
