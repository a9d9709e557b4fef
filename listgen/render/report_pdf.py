"""The tournament report for the notice board: one line per player, and the booklet's cover."""

from __future__ import annotations

from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import (
    BaseDocTemplate,
    Frame,
    PageTemplate,
    Spacer,
    Table,
    TableStyle,
)

from listgen.core.exceptions import RenderError

from . import pdf


def _title(result) -> list:
    pack = result.pack
    facts = [f"Rulesets: {', '.join(pack.rulesets)}"]
    if pack.date:
        facts.insert(0, str(pack.date))
    if pack.points_limit is not None:
        facts.append(f"Points limit: {pack.points_limit}")
    if pack.organiser:
        facts.append(f"Organiser: {pack.organiser}")
    if pack.strict:
        facts.append("Strict: warnings count as failures")
    legal = sum(1 for e in result.entries if e.legal)
    facts.append(f"{legal} of {len(result.entries)} lists legal")
    return [
        pdf.para(pack.event, pdf.style(16, bold=True, color=pdf.HEAD, leading=19)),
        pdf.para(" · ".join(facts), pdf.style(9, color=pdf.MUTED, space_after=6)),
    ]


MAX_FINDINGS = 30  # findings on one entry's receipt page before "and N more" (the receipt runs on over pages)
ROW_FINDINGS = 6  # findings in one entry's row of the report: a row must fit a page whatever an entry holds
ROW_CHARACTERS = 240  # of each message, name and file in a row (the entry's receipt and results.csv have them whole)


def _cut(text: str, most: int = ROW_CHARACTERS) -> str:
    return text if len(text) <= most else text[: most - 1] + "\u2026"


def _row_findings(entry, brief: bool) -> str:
    """The first findings of an entry, each cut to a bounded length, and how many more there are: however
    many or long an entry's findings, its row fits a page (the receipt and results.csv carry them whole)."""
    findings = [f for f in entry.report.findings if f.severity != "info"]
    shown = [] if brief else findings[:ROW_FINDINGS]
    lines = [f"<b>{f.severity}</b>: {escape(_cut(f.message))}" + (f" (line {f.line})" if f.line else "") for f in shown]
    if len(findings) > len(shown):
        rest = len(findings) - len(shown)
        lines.append(
            f"{'... and ' if shown else ''}{rest} {'more ' if shown else ''}finding{'s' if rest != 1 else ''}"
            " (all of them in results.csv and the entry's receipt)"
        )
    return "<br/>".join(lines) or "-"


def _table(result, width: float, brief: bool = False) -> Table:
    body = pdf.style(9, leading=11)
    small = pdf.style(8, leading=9.8)
    rows = [["#", "Player", "List", "Points", "Verdict", "Findings"]]
    styles = [
        ("FONT", (0, 0), (-1, 0), pdf.BOLD, 9),
        ("FONT", (0, 1), (-1, -1), pdf.FONT, 9, 11),
        ("LINEBELOW", (0, 0), (-1, 0), 0.8, pdf.HEAD),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LINEBELOW", (0, 1), (-1, -1), 0.25, pdf.RULE),
        ("TOPPADDING", (0, 0), (-1, -1), 2),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
    ]
    for i, entry in enumerate(result.entries, start=1):
        r = entry.report
        list_cell = (
            f"<b>{escape(_cut(r.name or 'unreadable', 120))}</b><br/><font size='7.5' color='#5b5b57'>"
            f"{escape(_cut(r.file, 120))} · {escape(r.ruleset or '?')}"
            + (f" · list&nbsp;{entry.hash}" if entry.hash else "")
            + "</font>"
        )
        points = "-" if r.valuation is None else r.valuation.total_words(r.points_limit)  # the limit applied
        verdict = "LEGAL" if entry.legal else ("UNREADABLE" if r.unreadable else "NOT LEGAL")
        rows.append(
            [
                str(i),
                pdf.para(_cut(entry.player, 120), body),
                pdf.markup(list_cell, body),
                pdf.para(points, body),
                pdf.markup(f"<b>{verdict}</b>", pdf.style(9, color=colors.white)),
                pdf.markup(_row_findings(entry, brief), small),
            ]
        )
        styles.append(("BACKGROUND", (4, i), (4, i), pdf.LEGAL if entry.legal else pdf.ILLEGAL))
    table = Table(rows, colWidths=[16, width * 0.14, width * 0.24, 62, 80, None], repeatRows=1)
    table.setStyle(TableStyle(styles))
    return table


def render(result, path, paper: str = "a4", footer: str = "") -> int:
    size = pdf.page_size(paper, "landscape")
    margin = 12 * mm
    width = size[0] - 2 * margin

    def make_doc(buffer):
        doc = BaseDocTemplate(
            buffer,
            pagesize=size,
            invariant=1,
            title=f"{result.pack.event}: list check",
            author="listgen",
            creator="listgen",
        )
        frame = Frame(
            margin,
            12 * mm,
            width,
            size[1] - margin - 12 * mm,
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
        )
        doc.addPageTemplates([PageTemplate(id="page", frames=[frame])])
        return doc

    try:
        return pdf.build(path, make_doc, _title(result) + [_table(result, width)] + _missing(result), footer)
    except RenderError:  # a row still too tall for a page (a font's fallback glyphs, say): counts only, never none
        return pdf.build(
            path, make_doc, _title(result) + [_table(result, width, brief=True)] + _missing(result), footer
        )


def _missing(result) -> list:
    """Entries the lock holds that are no longer entered: what the lock is for, printed, never left out."""
    if not result.missing:
        return []
    return [
        Spacer(1, 4 * mm),
        pdf.para(
            "MISSING since the lock (locked, and no longer among the entries): " + "; ".join(result.missing),
            pdf.style(9, bold=True, color=pdf.ILLEGAL, leading=11),
        ),
    ]


def cover(result, rosters) -> list:
    """The booklet's first page: the event and who is in it, in player order."""
    flow = _title(result) + [Spacer(1, 4 * mm)]
    body = pdf.style(9, leading=12)
    for i, entry in enumerate(e for e in result.entries if e.report.army is not None and not e.report.unreadable):
        mark = "" if entry.legal else "  (NOT LEGAL)"
        flow.append(pdf.para(f"{i + 1}. {entry.player}: {entry.report.name}{mark}", body))
    flow += _missing(result)
    missing = [e for e in result.entries if e.report.army is None or e.report.unreadable]
    if missing:
        flow.append(Spacer(1, 3 * mm))
        flow.append(
            pdf.para(
                "Not in the booklet (unreadable): " + ", ".join(e.report.file for e in missing),
                pdf.style(8, color=pdf.ILLEGAL),
            )
        )
    return flow


def receipt(
    entry, event: str, path, paper: str = "a4", footer: str = "", code: str | None = None, personal: str | None = None
) -> int:
    """One entry's receipt, on one page: what the player signs off at submission (verdict, findings, points, the
    list's hash and its share code, ``code``, as a QR code: none for a list that could not be read), and his
    personal code for reporting results from his phone (``personal``), where the event has one."""
    size = pdf.page_size(paper)
    margin = 15 * mm
    width = size[0] - 2 * margin
    r = entry.report

    def make_doc(buffer):
        doc = BaseDocTemplate(
            buffer, pagesize=size, invariant=1, title=f"{event}: receipt", author="listgen", creator="listgen"
        )
        frame = Frame(margin, 14 * mm, width, size[1] - margin - 14 * mm, leftPadding=0, rightPadding=0)
        doc.addPageTemplates([PageTemplate(id="page", frames=[frame])])
        return doc

    head = pdf.style(9, color=pdf.MUTED, leading=12)
    verdict = "LEGAL" if entry.legal else ("UNREADABLE" if r.unreadable else "NOT LEGAL")
    bar = Table([[pdf.markup(f"<b>{verdict}</b>", pdf.style(12, color=colors.white))]], colWidths=[width])
    bar.setStyle(TableStyle([("BACKGROUND", (0, 0), (-1, -1), pdf.LEGAL if entry.legal else pdf.ILLEGAL)]))
    points = "-" if r.valuation is None else r.valuation.total_words(r.points_limit)
    story = [
        pdf.para(f"{event}: list receipt", pdf.style(15, bold=True, color=pdf.HEAD, leading=19)),
        pdf.para(f"Player: {entry.player}", pdf.style(11, leading=15)),
        pdf.para(f"List: {r.name or 'unreadable'} ({r.ruleset or '?'}) · file {r.file}", head),
        pdf.para(f"Points: {points} · list {entry.hash or '-'}", head),
        Spacer(1, 3 * mm),
        bar,
        Spacer(1, 3 * mm),
    ]
    findings = [f for f in r.findings if f.severity != "info"]
    body = pdf.style(9, leading=11.5, space_after=2)
    for f in findings[:MAX_FINDINGS]:
        story.append(
            pdf.markup(f"<b>{f.severity}</b>: {escape(f.message)}" + (f" (line {f.line})" if f.line else ""), body)
        )
    if len(findings) > MAX_FINDINGS:
        story.append(pdf.para(f"... and {len(findings) - MAX_FINDINGS} more (all of them in results.csv)", body))
    if not findings:
        story.append(pdf.para("No findings.", body))
    story.append(Spacer(1, 6 * mm))
    if code is not None:
        story.append(pdf.ShareQr(code, entry.hash))
        story.append(Spacer(1, 2 * mm))
        story.append(
            pdf.para(
                "The code is the list as checked: `listgen import` of it gives the list back, and its hash changes "
                "if any value of the list does.",
                pdf.style(8, color=pdf.MUTED, leading=10),
            )
        )
    if personal:
        story.append(Spacer(1, 4 * mm))
        story.append(
            pdf.markup(
                f"Your personal code: <b>{personal}</b>. Keep it to yourself: you confirm your table's results with "
                "it from your phone (listgen tournament serve).",
                pdf.style(10, leading=13),
            )
        )
    story.append(Spacer(1, 12 * mm))
    story.append(pdf.para("Signed (player): ______________________________    Date: ______________", body))
    return pdf.build(path, make_doc, story, footer)
