"""Sol Prime (John P Kelly): science-fiction microarmour, d4-d20."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import Ruleset


class SolPrime(Ruleset):
    """Sol Prime (John P Kelly): science-fiction microarmour, d4-d20."""

    code = "SP"
    title = "Sol Prime"
    authors = "John P Kelly"
    period = "Science-fiction microarmour"
    dice = "d4 to d20 (0 on a d10 or d20 reads 10 or 20)"
    source = "sol-prime.txt"
    data_version = "text-1"  # no edition or date in the text
    points = "assault armour +1 printed; the rest from a supplied points_table (the price lists are missing)"
    # "Each Platoon will have from 1 to 6 stands in it" (30 breaks it); the text prices nothing but assault armour (+1 a stand), so the
    # points change when it is ticked
    # built from the catalogue only: an armoured platoon at the starter's Laser technology: (place, name to find) steps from the starter
    catalogue_flow = ((("platoons",), "armoured platoon"),)
    page_flow = {
        "add": ("platoons", 0, "stands"),
        "tick": ("platoons", 1, "stands", 1, "assault_armour"),
        "break": (("platoons", 0, "stands", 1, "count"), "30"),
        "code": "SP-PLATOON-SIZE",
        "at": ("platoons", 0),
    }


RULESET = SolPrime(__name__)

if TYPE_CHECKING:  # the contract, checked by mypy; nothing here is imported when listgen runs
    from .. import contract
    from . import army, balance, catalogue, checks, odds, points, roster, sheet

    _PARTS: contract.Parts[army.SolPrimeList] = contract.Parts(
        army, points, checks, roster, sheet, odds, balance, catalogue
    )
