"""Close Action (Wes Rogers): WW1/WW2 squad-level infantry rules, d6."""

from __future__ import annotations

from typing import TYPE_CHECKING

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
    # Squads are "6-12 men" (30 breaks it)
    # built from the catalogue only: a platoon with a mortar and its spotter: (place, name to find) steps from the starter
    catalogue_flow = ((("squads",), "mortar and its spotter"),)
    page_flow = {
        "add": ("squads",),
        "break": (("squads", 0, "men", 1, "count"), "30"),
        "code": "CA-SQUAD-SIZE",
        "at": ("squads", 0),
    }


RULESET = CloseAction(__name__)

if TYPE_CHECKING:  # the contract, checked by mypy; nothing here is imported when listgen runs
    from .. import contract
    from . import army, balance, catalogue, checks, odds, points, roster, sheet

    _PARTS: contract.Parts[army.CloseActionList] = contract.Parts(
        army, points, checks, roster, sheet, odds, balance, catalogue
    )
