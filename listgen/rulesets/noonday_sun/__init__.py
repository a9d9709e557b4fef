"""...In the Noonday Sun (Olaf Meys, adapted from Slammer): colonial skirmish."""

from .. import Ruleset
from . import checks, odds, points, roster, sheet, tables
from . import balance
from .army import NoondayList, inventory

RULESET = Ruleset(
    slug="noonday-sun",
    title="...In the Noonday Sun",
    authors="Olaf Meys, adapted from Slammer",
    period="Colonial skirmish",
    dice="d6 for activation (the text also says d10: see the sheet)",
    source=tables.SOURCE,
    data_version=tables.DATA_VERSION,
    points="none printed: S.M.L.E.'s scheme borrowed and labelled, or a supplied points_table",
    army_model=NoondayList,
    value=points.value,
    check=checks.check,
    roster=roster.roster,
    reference=sheet.reference,
    hit_tables=odds.hit_tables,
    weapons=lambda: ["(free text: the text has no weapons table)"],
    inventory=inventory,
    balance_advice=balance.advice,
)
