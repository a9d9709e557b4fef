"""`listgen roster`: the ruleset's roster of a list, every price on it checked (render/printed.py), and its PDF."""

from __future__ import annotations

from listgen.core.validate import ListReport
from listgen.output.files import Target, check_output
from listgen.render.printed import footer, make_roster, printed_roster, unprintable

__all__ = ["make_roster", "printed_roster", "roster_pdf", "unprintable"]


def roster_pdf(report: ListReport, out: Target, paper: str = "a4", large: bool = False, combine: bool = False) -> int:
    """The roster PDF; large: large print (render/pdf.LARGE); combine: identical units and figures combined."""
    from ..render import roster_pdf as renderer

    check_output(out, [report.file])
    ruleset = report.rules
    return renderer.render(printed_roster(report, combine=combine), out, paper, footer(ruleset), large)
