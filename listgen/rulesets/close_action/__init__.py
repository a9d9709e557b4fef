"""Close Action (Wes Rogers): WW1/WW2 squad-level infantry rules, d6."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import Ruleset


class CloseAction(Ruleset["army.CloseActionList"]):
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

if TYPE_CHECKING:  # the contract, checked by mypy; nothing here is imported when listgen runs
    from .. import contract
    from . import army, balance, catalogue, checks, odds, points, roster, sheet

    contract.bind(RULESET, contract.Parts(army, points, checks, roster, sheet, odds, balance, catalogue))
