"""Close Action (Wes Rogers): WW1/WW2 squad-level infantry rules, d6."""

from __future__ import annotations

from .. import Ruleset


class CloseAction(Ruleset):
    """Close Action (Wes Rogers): WW1/WW2 squad-level infantry rules, d6."""

    code = "CA"
    title = "Close Action"
    authors = "Wes Rogers"
    period = "WW1/WW2 squad level, infantry only"
    dice = "d6"
    source = "close-action.txt"
    data_version = "text-1"  # the text carries no date or edition
    points = "none printed: a fire-dice rating computed from the Fire Table, or a supplied points_table"


RULESET = CloseAction(__name__)
