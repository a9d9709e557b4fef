"""Close Action (Wes Rogers): WW1/WW2 squad-level infantry rules, d6."""

from .. import Ruleset
from . import checks, odds, points, roster, sheet, tables
from . import balance
from .army import CloseActionList, inventory

RULESET = Ruleset(
    slug="close-action",
    title="Close Action",
    authors="Wes Rogers",
    period="WW1/WW2 squad level, infantry only",
    dice="d6",
    source=tables.SOURCE,
    data_version=tables.DATA_VERSION,
    points="none printed: a fire-dice rating computed from the Fire Table, or a supplied points_table",
    army_model=CloseActionList,
    value=points.value,
    check=checks.check,
    roster=roster.roster,
    reference=sheet.reference,
    hit_tables=odds.hit_tables,
    weapons=lambda: list(tables.PERSONAL_WEAPONS) + list(tables.SUPPORT_WEAPONS),
    inventory=inventory,
    balance_advice=balance.advice,
)
