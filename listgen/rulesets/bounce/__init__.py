"""Bounce into Action (James Kemp / Jim Wallman, draft): science-fiction combined arms, d10 and 2d6."""

from .. import Ruleset
from . import balance, checks, odds, points, roster, sheet, tables
from .army import BounceList, inventory

RULESET = Ruleset(
    slug="bounce-into-action",
    title="Bounce into Action",
    authors="James Kemp / Jim Wallman (draft)",
    period="Science-fiction combined arms",
    dice="d10 (0 reads 10), 2d6 for morale",
    source=tables.SOURCE,
    data_version=tables.DATA_VERSION,
    points="none printed: a firepower rating computed from the Weapon Range Bands, or a supplied points_table",
    army_model=BounceList,
    value=points.value,
    check=checks.check,
    roster=roster.roster,
    reference=sheet.reference,
    hit_tables=odds.hit_tables,
    weapons=lambda: list(tables.WEAPONS),
    inventory=inventory,
    balance_advice=balance.advice,
)
