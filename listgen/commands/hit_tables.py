"""`listgen hit-tables`: exact hit tables, a list's, or the matchup sheet of two lists (or of one against
named targets), as PDF, JSON or CSV."""

from __future__ import annotations

from listgen.core.validate import ListReport
from listgen.output.files import Target, check_output, write_output

from .. import rulesets
from . import footer


def hit_tables(
    ruleset_slug: str,
    out: Target,
    army_report: ListReport | None = None,
    fmt: str = "pdf",
    paper: str = "a4",
    against: ListReport | list[str] | None = None,
) -> int | None:
    """The hit tables (for a list when given one), or with ``against`` the matchup sheet of the two lists (or of the
    list against the ruleset's named targets, when ``against`` is their names)."""
    from listgen.core import odds

    ruleset = rulesets.get(ruleset_slug)
    check_output(out, [r.file for r in (army_report, against) if isinstance(r, ListReport)])
    tables = _tables(ruleset_slug, army_report, against)
    if fmt == "json":
        write_output(out, odds.to_json(tables, ruleset.slug))
        return None
    if fmt == "csv":
        write_output(out, odds.to_csv(tables))
        return None
    from ..render import tables_pdf

    if isinstance(against, ListReport) and army_report is not None:
        title = f"{ruleset.title} matchup: {army_report.army.name} and {against.army.name}"
    elif against is not None and army_report is not None:
        title = f"{ruleset.title} matchup: {army_report.army.name} against named targets"
    else:
        title = f"{ruleset.title} hit tables" + (f": {army_report.army.name}" if army_report is not None else "")
    return tables_pdf.render(tables, out, title, paper, footer(ruleset))


def _tables(ruleset_slug: str, army_report: ListReport | None, against: ListReport | list[str] | None) -> list:
    ruleset = rulesets.get(ruleset_slug)
    if against is not None:
        if army_report is None:
            raise ValueError("a matchup needs both lists")  # pragma: no cover - the CLI asks for --army
        if isinstance(against, list):
            return ruleset.target_tables(army_report.army, against)
        return ruleset.matchup_tables(army_report.army, against.army)
    return ruleset.hit_tables(army_report.army if army_report else None)


def hit_tables_text(
    ruleset_slug: str, army_report: ListReport | None, fmt: str, against: ListReport | list[str] | None = None
) -> str:
    from listgen.core import odds

    ruleset = rulesets.get(ruleset_slug)
    tables = _tables(ruleset_slug, army_report, against)
    return odds.to_json(tables, ruleset.slug) if fmt == "json" else odds.to_csv(tables)
