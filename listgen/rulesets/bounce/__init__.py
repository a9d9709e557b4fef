"""Bounce into Action (James Kemp / Jim Wallman, draft): science-fiction combined arms, d10 and 2d6."""

from .. import Ruleset
from . import tables
from .army import BounceList

RULESET = Ruleset.assemble(
    __name__,
    slug="bounce-into-action",
    title="Bounce into Action",
    authors="James Kemp / Jim Wallman (draft)",
    period="Science-fiction combined arms",
    dice="d10 (0 reads 10), 2d6 for morale",
    source=tables.SOURCE,
    data_version=tables.DATA_VERSION,
    points="none printed: a firepower rating computed from the Weapon Range Bands, or a supplied points_table",
    army_model=BounceList,
    weapons=lambda: list(tables.WEAPONS),
)
