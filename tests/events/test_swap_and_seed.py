"""The organiser's pairing moves (issue 52): `pair --seed` on a later round is refused, not ignored in silence (the
seed draws round 1 only); `swap --player A --player B` names the two players who change places, so that two
first-listed players can be paired, with every guard of a swap kept."""

from __future__ import annotations

import yaml
from test_event_day import event8, paired  # noqa: F401 - the fixture
from test_rounds import cli


def _games(event, n: int) -> list:
    return yaml.safe_load((event / "results" / f"round-{n}.yaml").read_text(encoding="utf-8"))["games"]


def _round_one_played(event) -> list:
    games = paired(event)["games"]
    for g in games:
        assert cli("tournament", "result", event / "pack.yaml", g["code"], 1, 0) == 0
    return games


def test_a_seed_for_a_later_round_is_refused_and_pairs_nothing(event8, capsys):  # noqa: F811
    pack = event8 / "pack.yaml"
    _round_one_played(event8)
    capsys.readouterr()
    assert cli("tournament", "pair", pack, "-o", event8 / "out", "--seed", 7) == 2
    assert "--seed draws round 1 only" in capsys.readouterr().err
    assert not (event8 / "results" / "round-2.yaml").exists()
    assert cli("tournament", "pair", pack, "-o", event8 / "out", "--round", 1, "--seed", 7) == 2  # on file: refused
    assert cli("tournament", "pair", pack, "-o", event8 / "out") == 0


def test_a_seed_for_round_one_is_taken(event8, capsys):  # noqa: F811
    pack = event8 / "pack.yaml"
    draws = set()
    for seed in (1, 2, 3, 4):
        (event8 / "results" / "round-1.yaml").unlink(missing_ok=True)
        assert cli("tournament", "pair", pack, "-o", event8 / "out", "--seed", seed) == 0
        draws.add(str(_games(event8, 1)))
    assert len(draws) > 1


def test_naming_the_players_swaps_the_two_named(event8, capsys):  # noqa: F811
    pack, out = event8 / "pack.yaml", event8 / "out"
    one, two = paired(event8)["games"][:2]
    (a1, b1), (a2, b2) = one["players"], two["players"]
    capsys.readouterr()
    assert cli("tournament", "swap", pack, 1, one["table"], two["table"], "-p", b1, "-p", a2, "-o", out) == 0
    games = _games(event8, 1)
    assert games[0]["players"] == [a1, a2] and games[1]["players"] == [b1, b2]  # two first-listed paired
    assert games[0]["code"] in capsys.readouterr().out
    assert cli("tournament", "result", pack, games[0]["code"], 1, 0) == 0


def test_named_players_must_be_one_of_each_table(event8, capsys):  # noqa: F811
    pack, out = event8 / "pack.yaml", event8 / "out"
    one, two = paired(event8)["games"][:2]
    before = (event8 / "results" / "round-1.yaml").read_bytes()
    capsys.readouterr()
    a1, b1 = one["players"]
    for names in ([a1, b1], [a1], [a1, "Nobody Known"]):
        args = [x for name in names for x in ("-p", name)]
        assert cli("tournament", "swap", pack, 1, one["table"], two["table"], *args, "-o", out) == 2
        assert "swap" in capsys.readouterr().err
    assert (event8 / "results" / "round-1.yaml").read_bytes() == before


def test_a_named_swap_keeps_the_rematch_and_fixed_table_guards(event8, capsys):  # noqa: F811
    pack, out = event8 / "pack.yaml", event8 / "out"
    first = {frozenset(g["players"]) for g in _round_one_played(event8)}
    assert cli("tournament", "pair", pack, "-o", out) == 0
    r2 = [g for g in _games(event8, 2) if "code" in g]
    tried = 0
    for x in r2:
        for y in r2:
            if x["table"] >= y["table"]:
                continue
            for p in x["players"]:
                for q in y["players"]:
                    stays = next(o for o in x["players"] if o != p)
                    if frozenset([stays, q]) in first:  # q would meet again the one p leaves
                        capsys.readouterr()
                        assert (
                            cli("tournament", "swap", pack, 2, x["table"], y["table"], "-p", p, "-p", q, "-o", out) == 2
                        )
                        assert "rematch" in capsys.readouterr().err
                        tried += 1
    assert tried  # eight players, three rounds' worth of opponents: some swap would make a rematch
    x, y = r2[0], r2[1]
    moved = x["players"][0]
    pack.write_text(pack.read_text() + f"  players:\n    {moved}: {{table: {x['table']}}}\n", encoding="utf-8")
    capsys.readouterr()
    assert (
        cli("tournament", "swap", pack, 2, x["table"], y["table"], "-p", moved, "-p", y["players"][0], "-o", out) == 2
    )
    assert "fixed table" in capsys.readouterr().err
