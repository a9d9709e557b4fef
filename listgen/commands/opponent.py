"""`listgen opponent`: the opponent's summary page, one page of what each of their units does to you."""

from __future__ import annotations

from listgen.core.validate import ListReport
from listgen.output.files import Target, check_output

from . import footer


def opponent_pdf(mine: ListReport, theirs: ListReport, out: Target, paper: str = "a4", large: bool = False) -> int:
    """The opponent's summary page of ``theirs`` against ``mine`` (render/opponent_pdf.py)."""
    from ..render import opponent_pdf as renderer

    check_output(out, [mine.file, theirs.file])
    ruleset = mine.rules
    facing = ruleset.facing(mine.army, theirs.army, copies(mine))
    return renderer.render(facing, out, paper, footer(ruleset), large)


def copies(report: ListReport) -> dict:
    """Each unit's name -> the copies the roster tracks one by one (a stand of three squads: 3), where more than one."""
    from listgen.core.roster import Roster

    roster: Roster = report.rules.roster(report.army, report)
    return {u.title.partition(": ")[2] or u.title: len(u.tracks) for u in roster.units if len(u.tracks) > 1}
