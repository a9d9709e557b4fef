"""Close Action (Wes Rogers): WW1/WW2 squad-level infantry rules, d6."""

from .. import Ruleset
from . import tables
from .army import CloseActionList

RULESET = Ruleset.assemble(
    __name__,
    slug="close-action",
    title="Close Action",
    authors="Wes Rogers",
    period="WW1/WW2 squad level, infantry only",
    dice="d6",
    source=tables.SOURCE,
    data_version=tables.DATA_VERSION,
    points="none printed: a fire-dice rating computed from the Fire Table, or a supplied points_table",
    army_model=CloseActionList,
    weapons=lambda: list(tables.PERSONAL_WEAPONS) + list(tables.SUPPORT_WEAPONS),
)
