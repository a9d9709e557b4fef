"""Sol Prime (John P Kelly): science-fiction microarmour, d4-d20."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import Ruleset


class SolPrime(Ruleset["army.SolPrimeList"]):
    """Sol Prime (John P Kelly): science-fiction microarmour, d4-d20."""

    code = "SP"
    title = "Sol Prime"
    authors = "John P Kelly"
    period = "Science-fiction microarmour"
    dice = "d4 to d20 (0 on a d10 or d20 reads 10 or 20)"
    source = "sol-prime.txt"
    data_version = "text-1"  # no edition or date in the text
    points = "assault armour +1 printed; the rest from a supplied points_table (the price lists are missing)"


RULESET = SolPrime(__name__)

if TYPE_CHECKING:  # the contract, checked by mypy; nothing here is imported when listgen runs
    from .. import contract
    from . import army, balance, catalogue, checks, odds, points, roster, sheet

    contract.bind(RULESET, contract.Parts(army, points, checks, roster, sheet, odds, balance, catalogue))
