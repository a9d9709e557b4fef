"""S.M.L.E. (Chris & Alex Nicole): WW2 and twentieth-century skirmish, d6."""

from .. import Ruleset
from . import checks, odds, points, roster, sheet, stats, tables
from . import balance
from .army import SmleList, inventory

RULESET = Ruleset(
    slug="smle",
    title="S.M.L.E.",
    authors="Chris & Alex Nicole, 2004-2015",
    period="WW2 and twentieth-century skirmish",
    dice="d6",
    source=tables.SOURCE,
    data_version=tables.DATA_VERSION,
    points="printed: SMLE Unit Points Costs and Force Multipliers",
    army_model=SmleList,
    value=points.value,
    check=checks.check,
    roster=roster.roster,
    reference=sheet.reference,
    hit_tables=odds.hit_tables,
    weapons=stats.weapon_names,
    inventory=inventory,
    balance_advice=balance.advice,
)
