from fractions import Fraction

from ...odds import Table


def hit_tables(army=None):
    return [
        Table(
            id="toy-hit",
            title="Chance to hit",
            ref="Toy Skirmish: Shooting",
            row_header="Roll",
            col_header="Needs",
            rows=["1D6"],
            cols=["4+"],
            cells=[[Fraction(1, 2)]],
        )
    ]
