"""...In the Noonday Sun (Olaf Meys, adapted from Slammer): colonial skirmish."""

from .. import Ruleset
from . import tables
from .army import NoondayList

RULESET = Ruleset.assemble(
    __name__,
    slug="noonday-sun",
    title="...In the Noonday Sun",
    authors="Olaf Meys, adapted from Slammer",
    period="Colonial skirmish",
    dice="d6 for activation (the text also says d10: see the sheet)",
    source=tables.SOURCE,
    data_version=tables.DATA_VERSION,
    points="none printed: S.M.L.E.'s scheme borrowed and labelled, or a supplied points_table",
    army_model=NoondayList,
    weapons=lambda: ["(free text: the text has no weapons table)"],
)
