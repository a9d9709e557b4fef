"""...In the Noonday Sun (Olaf Meys, adapted from Slammer): colonial skirmish."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import Ruleset


class NoondaySun(Ruleset["army.NoondayList"]):
    """...In the Noonday Sun (Olaf Meys, adapted from Slammer): colonial skirmish."""

    code = "NS"
    title = "...In the Noonday Sun"
    authors = "Olaf Meys, adapted from Slammer"
    period = "Colonial skirmish"
    dice = "d6 for activation (the text also says d10: see the sheet)"
    source = "noonday-sun.txt"
    data_version = "text-1"  # the text carries no date or edition; listgen's first transcription
    points = "none printed: S.M.L.E.'s scheme borrowed and labelled, or a supplied points_table"
    borrows = ("smle",)  # its points are S.M.L.E.'s, borrowed and labelled (tables.BORROWED_*)


RULESET = NoondaySun(__name__)

if TYPE_CHECKING:  # the contract, checked by mypy; nothing here is imported when listgen runs
    from .. import contract
    from . import army, balance, catalogue, checks, odds, points, roster, sheet

    contract.bind(RULESET, contract.Parts(army, points, checks, roster, sheet, odds, balance, catalogue))
