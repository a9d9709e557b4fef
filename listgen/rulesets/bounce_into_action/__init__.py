"""Bounce into Action (James Kemp / Jim Wallman, draft): science-fiction combined arms, d10 and 2d6."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import Ruleset


class BounceIntoAction(Ruleset["army.BounceList"]):
    """Bounce into Action (James Kemp / Jim Wallman, draft): science-fiction combined arms, d10 and 2d6."""

    code = "BIA"
    title = "Bounce into Action"
    authors = "James Kemp / Jim Wallman (draft)"
    period = "Science-fiction combined arms"
    dice = "d10 (0 reads 10), 2d6 for morale"
    source = "bounce-into-action.txt"
    data_version = "draft-1"  # the text is marked DRAFT and carries no date
    points = "none printed: a firepower rating computed from the Weapon Range Bands, or a supplied points_table"


RULESET = BounceIntoAction(__name__)

if TYPE_CHECKING:  # the contract, checked by mypy; nothing here is imported when listgen runs
    from .. import contract
    from . import army, balance, catalogue, checks, odds, points, roster, sheet

    contract.bind(RULESET, contract.Parts(army, points, checks, roster, sheet, odds, balance, catalogue))
