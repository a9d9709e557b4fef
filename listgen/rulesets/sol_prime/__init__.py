"""Sol Prime (John P Kelly): science-fiction microarmour, d4-d20."""

from .. import Ruleset
from . import tables
from .army import SolPrimeList

RULESET = Ruleset.assemble(
    __name__,
    slug="sol-prime",
    title="Sol Prime",
    authors="John P Kelly",
    period="Science-fiction microarmour",
    dice="d4 to d20 (0 on a d10 or d20 reads 10 or 20)",
    source=tables.SOURCE,
    data_version=tables.DATA_VERSION,
    points="assault armour +1 printed; the rest from a supplied points_table (the price lists are missing)",
    army_model=SolPrimeList,
    weapons=lambda: list(tables.WEAPONS),
)
