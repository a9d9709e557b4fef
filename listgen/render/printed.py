"""What a printout holds before it is drawn: the ruleset's roster stamped with the verdict, the findings, the share
code and hash (``make_roster``), cut to the printout's bounds (``printed_roster``); the texts no embedded font
prints (``unprintable``); a printout's footer. Every surface that prints a roster (the commands, a tournament's
booklet, a campaign's roster, the page) starts here."""

from __future__ import annotations

from dataclasses import replace

from listgen.core.exceptions import ContractError
from listgen.core.roster import Roster, bounded, unprinted_costs
from listgen.core.validate import ListReport
from listgen.output.files import print_date
from listgen.output.text import verdict


def footer(ruleset) -> str:
    """A printout's footer: listgen's version, the ruleset's data version and the date printed."""
    from .pdf import footer_text

    return footer_text(ruleset.title, ruleset.data_version, print_date())


def make_roster(report: ListReport, strict: bool = False, shared: tuple[str, str] | None = None) -> Roster:
    """The ruleset's roster of the list, every price on it checked, stamped with the verdict and findings (and
    its share code and hash: ``shared`` when the caller has them already, as a tournament's entries do)."""
    from listgen.core.value import subtotals

    ruleset = report.rules
    roster = ruleset.roster(report.army, report)
    if report.valuation is not None:
        missing = unprinted_costs(roster.units, report.valuation)
        if missing:
            raise ContractError(f"the {ruleset.slug} roster prints no price for: {'; '.join(missing)}")
        units = list(roster.units)
        heading = {u.path: i for i, u in enumerate(units) if u.path is not None}  # a group's (the last at its path)
        for path, _name, words in subtotals(report.force, report.valuation.unit):
            if path not in heading:
                raise ContractError(f"the {ruleset.slug} roster has no heading for {'/'.join(map(str, path))}")
            if not units[heading[path]].points:  # a heading with no points of its own says what its group comes to
                units[heading[path]] = replace(units[heading[path]], points=f"{words} (subtotal)")
        roster = replace(roster, units=units)
    from listgen.core import share

    data = report.document.data if report.document is not None else None
    if shared is None:
        shared = share.code_and_hash(data, ruleset.code) if data is not None else ("", "")
    code, list_hash = shared
    return replace(
        roster,
        title=report.army.name,
        player=report.army.player,
        share_code=code,
        list_hash=list_hash,
        ruleset=f"{ruleset.title} (data {ruleset.data_version})",
        verdict=f"{verdict(report, strict)} · checked by listgen on {print_date()}",
        legal=report.legal(strict),
        findings=[
            f"{f.severity.upper()}: {f.message}"
            + (f" (line {f.line})" if f.line else "")
            + (f" [{f.ref}]" if f.ref else "")
            for f in report.findings
            if f.severity != "info"
        ],
    )


def printed_roster(report: ListReport, strict: bool = False, shared: tuple[str, str] | None = None):
    """The roster as a PDF prints it: within the printout's bounds (``roster.bounded``), each cut stated."""
    return bounded(make_roster(report, strict, shared))


def unprintable(report: ListReport) -> list:
    """'file:line: field: ...' for each text of the list holding characters no embedded font prints, which
    would show in a PDF as empty boxes (warned about, never silent). Callers render, so reportlab is loaded."""
    from . import glyphs, pdf

    if report.document is None:
        return []
    pdf.register_fonts()
    out = []
    positions = report.document.positions

    def walk(value, path):
        if isinstance(value, dict):
            for key, item in value.items():
                walk(item, path + (key,))
        elif isinstance(value, list):
            for i, item in enumerate(value):
                walk(item, path + (i,))
        elif isinstance(value, str):
            missing = glyphs.unprintable(value, pdf.FONT)
            if missing:
                line = (positions.get(path) or (None,))[0]
                where = f"{report.file}:{line}" if line else report.file
                field_name = ".".join(str(p) for p in path) or "(document)"
                chars = ", ".join(f"U+{ord(c):04X}" for c in missing)
                out.append(
                    f"{where}: {field_name} {value!r}: no embedded font prints {chars}; "
                    f"{'it prints as an empty box' if len(missing) == 1 else 'they print as empty boxes'}"
                )

    walk(report.document.data, ())
    return out
