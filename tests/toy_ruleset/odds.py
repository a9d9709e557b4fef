from fractions import Fraction

from listgen.core import matchup
from listgen.core.odds import Table


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


def _firers(army):
    return [matchup.Firer(b.name, f"{b.figures} figures", b.figures) for b in army.bands]


def _targets(army):
    return [matchup.Target(b.name, f"{b.figures} figures", b.figures) for b in army.bands]


def _odds(figures, target, _column):
    """Each band's figures roll 1D6 each and remove one enemy figure on a 4+ (the toy's Shooting)."""
    return matchup.capped(matchup.thin({figures: Fraction(1)}, Fraction(1, 2)), target)


MATCHUP = matchup.Spec(
    prefix="toy-matchup",
    firers=_firers,
    targets_of=_targets,
    columns=[matchup.Column("Any range", None)],
    odds=_odds,
    ref="Toy Skirmish: Shooting",
    counting="figures removed",
    assumptions=["One 1D6 per figure, 4+ removes one enemy figure."],
    targets={"band-of-five": matchup.Target("Band of five", "5 figures", 5)},
)
