"""`listgen cards`: a card per unit of a list's roster."""

from __future__ import annotations

from listgen.core.validate import ListReport
from listgen.output.files import Target, check_output

from . import footer
from .roster import printed_roster


def cards_pdf(
    report: ListReport,
    out: Target,
    paper: str = "a4",
    size: str = "nine-up",
    large: bool = False,
    combine: bool = False,
) -> int:
    """The cards PDF; large: large print (render/pdf.LARGE); combine: identical units and figures combined."""
    from ..render import cards_pdf as renderer

    check_output(out, [report.file])
    ruleset = report.rules
    return renderer.render(printed_roster(report, combine=combine), out, paper, footer(ruleset), size, large)
