"""S.M.L.E. (Chris & Alex Nicole): WW2 and twentieth-century skirmish, d6."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import Ruleset


class SMLE(Ruleset["army.SmleList"]):
    """S.M.L.E. (Chris & Alex Nicole): WW2 and twentieth-century skirmish, d6."""

    code = "SMLE"
    title = "S.M.L.E."
    authors = "Chris & Alex Nicole, 2004-2015"
    period = "WW2 and twentieth-century skirmish"
    dice = "d6"
    source = "smle.txt"
    data_version = "2015-06-03"  # the text's own date (Chris Nicole, 3rd June 2015)
    points = "printed: SMLE Unit Points Costs and Force Multipliers"


RULESET = SMLE(__name__)

if TYPE_CHECKING:  # the contract, checked by mypy; nothing here is imported when listgen runs
    from .. import contract
    from . import army, balance, catalogue, checks, odds, points, roster, sheet

    contract.bind(RULESET, contract.Parts(army, points, checks, roster, sheet, odds, balance, catalogue))
