"""A hit certain to take a figure out (issue 49): core/matchup.py's ``range(n + 1)`` was marked an equivalent
mutant, but ``range(n + 2)`` divides by zero wherever a hit always takes its figure out of the fight, and no test
used a pairing where one does. S.M.L.E.'s British rifle platoon against the partisan band is one."""

from __future__ import annotations

import json
from fractions import Fraction

from conftest import ARMIES, listgen_run

from listgen.core.matchup import thin


def test_each_count_kept_for_certain_is_kept_whole():
    """thin keeps each of n with chance p on its own: the binomial. With p = 1 every one is kept (the count is
    unchanged); with p = 0 none is."""
    counts = {0: Fraction(1, 36), 1: Fraction(35, 36)}
    assert thin(counts, Fraction(1)) == counts
    assert thin({0: Fraction(1, 4), 3: Fraction(3, 4)}, Fraction(1)) == {0: Fraction(1, 4), 3: Fraction(3, 4)}
    assert thin({2: Fraction(1)}, Fraction(0)) == {0: Fraction(1)}


def test_a_bazooka_always_takes_out_the_unarmoured_untrained_partisan_it_hits():
    """S.M.L.E.: the Bazooka/Panzerfaust is X, 2D+2 (4 at the least); a figure defends with 1D6 + Table 4's
    unarmoured -2 against explosives + -1 untrained (3 at the most): every hit is more than the defence, so takes
    the figure out. To hit: 2D6 + Direct Fire +2 + untrained target +2 (no close factor: N/A) against the firer's 7,
    snake eyes a miss: 35/36 in the open. So the one-figure PIAT team puts out 0 partisans with chance 1/36, one with
    35/36: the hits themselves, whole."""
    done = listgen_run(
        "hit-tables", "--army", ARMIES / "smle-british-rifle-platoon.yaml",
        "--against", ARMIES / "smle-partisan-band.yaml", "--format", "json", text=True,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    tables = json.loads(done.stdout)["tables"]
    (at,) = [t for t in tables if t["title"].startswith("At Chłopi z Zalesia: 10 figures, untrained, none armour")]
    (row,) = [i for i, label in enumerate(at["rows"]) if label.startswith("PIAT team: 1 x Bazooka/Panzerfaust")]
    cell = at["cells"][row][at["columns"].index("Close, in the open")]
    assert cell["distribution"] == {"0": "1/36", "1": "35/36"}
