"""Close Action (Wes Rogers): WW1/WW2 squad-level infantry rules, d6."""

from .. import Ruleset

RULESET = Ruleset(
    __name__,
    code="CA",
    title="Close Action",
    authors="Wes Rogers",
    period="WW1/WW2 squad level, infantry only",
    dice="d6",
    source="close-action.txt",
    data_version="text-1",  # the text carries no date or edition
    points="none printed: a fire-dice rating computed from the Fire Table, or a supplied points_table",
)
