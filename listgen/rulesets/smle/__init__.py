"""S.M.L.E. (Chris & Alex Nicole): WW2 and twentieth-century skirmish, d6."""

from .. import Ruleset
from . import stats, tables
from .army import SmleList

RULESET = Ruleset.assemble(
    __name__,
    slug="smle",
    title="S.M.L.E.",
    authors="Chris & Alex Nicole, 2004-2015",
    period="WW2 and twentieth-century skirmish",
    dice="d6",
    source=tables.SOURCE,
    data_version=tables.DATA_VERSION,
    points="printed: SMLE Unit Points Costs and Force Multipliers",
    army_model=SmleList,
    weapons=stats.weapon_names,
)
