"""`listgen reference`: a ruleset's quick-reference sheet, tailored to a list when given one."""

from __future__ import annotations

from listgen.core.validate import ListReport
from listgen.output.files import Target, check_output

from .. import rulesets
from . import footer


def reference_pdf(ruleset_slug: str, out: Target, army_report: ListReport | None = None, paper: str = "a4") -> int:
    from ..render import sheet_pdf

    ruleset = rulesets.get(ruleset_slug)
    check_output(out, [army_report.file] if army_report else [])
    sheet = ruleset.reference(army_report.army if army_report else None)
    return sheet_pdf.render(sheet, out, paper, footer(ruleset))
