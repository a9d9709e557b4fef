"""The opponent's summary page: one page, each of the opponent's units (its size and quality, its weapons) and what
each weapon does to the unit of yours there are most of, from the matchup (``core/matchup.facing``).

One page always: a long list is set smaller to fit (never under what a table can be read at, then its last units
are named, not printed: the matchup sheet has every one)."""

from __future__ import annotations

from xml.sax.saxutils import escape

from reportlab.lib.enums import TA_LEFT, TA_RIGHT
from reportlab.lib.units import mm
from reportlab.platypus import BaseDocTemplate, Frame, KeepInFrame, PageTemplate, Table, TableStyle

from listgen.core.odds import at_least, mean, percent

from . import pdf

MARGIN = 10 * mm
BODY = 9  # a page read across the table before the game: larger than a roster's, which holds much more
MOST_ROWS = 60  # weapon lines on the page; past them the units left are named (the matchup sheet has them all)


def _cell(counts: dict | None) -> str:
    """'45%' over '0.6': the chance of at least one and the number expected; '-' where it cannot fire."""
    if counts is None:
        return "-"
    return f"{percent(at_least(counts, 1))}\n{float(mean(counts)):.1f}"


def _rows(facing, body, bold, muted) -> tuple[list, list]:
    """The table's rows and the names of the units left out past MOST_ROWS."""
    rows: list = []
    left: list = []
    for name, what, weapons in facing.units:
        if len(rows) >= MOST_ROWS:
            left.append(name)
            continue
        first = [[pdf.para(name, bold)] + ([pdf.para(what, muted)] if what else [])]
        if not weapons:
            rows.append(first + [pdf.para("fires no weapon the matchup counts", muted)] + [""] * len(facing.bands))
        for i, (weapon, cells) in enumerate(weapons):
            lead = first if i == 0 else [""]
            rows.append(lead + [pdf.para(weapon, body)] + [_cell(c) for c in cells])
    return rows, left


def story(facing, width: float, height: float) -> list:
    title = pdf.para(f"{facing.theirs}: what it does to you", pdf.style(14, bold=True, color=pdf.HEAD, leading=17))
    how = pdf.markup(
        f"Your <b>{escape(facing.mine)}</b>, the unit you have most of: <b>{escape(facing.target)}</b>. In each "
        f"range band, in the open: the chance of at least one ({escape(facing.counting)}) and, under it, the number "
        "expected, "
        "from one firing of each weapon line as the matchup sheet counts it (listgen hit-tables --army MINE "
        f"--against THEIRS has every target and cover). {escape(facing.ref)}",
        pdf.style(8, color=pdf.MUTED, leading=10, space_after=4),
    )
    body = pdf.style(BODY, leading=BODY * 1.2)
    bold = pdf.style(BODY, bold=True, leading=BODY * 1.2)
    muted = pdf.style(BODY - 1, color=pdf.MUTED, leading=(BODY - 1) * 1.2)
    rows, left = _rows(facing, body, bold, muted)
    head = ["Unit: size, quality", "Weapon"] + [band.split(",")[0] for band in facing.bands]  # all in the open
    least = pdf.string_width("100%", pdf.FONT, BODY)
    widest = 0.1 * width if len(head) <= 6 else 0.0  # a few bands: room to read them; many: narrow
    bands = [max([least, widest] + [pdf.string_width(w, pdf.BOLD, 7.5) + 8 for w in b.split()]) + 8 for b in head[2:]]
    rest = width - sum(bands)
    table = Table(
        [
            [
                pdf.para(h, pdf.style(7.5, bold=True, leading=9, align=TA_RIGHT if i > 1 else TA_LEFT))
                for i, h in enumerate(head)
            ]
        ]
        + rows,
        colWidths=[rest * 0.5, rest * 0.5] + bands,
        repeatRows=1,
    )
    style = [
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("FONT", (2, 1), (-1, -1), pdf.FONT, BODY),
        ("ALIGN", (2, 0), (-1, -1), "RIGHT"),
        ("LINEBELOW", (0, 0), (-1, 0), 0.6, pdf.HEAD),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5),
        ("LEFTPADDING", (0, 0), (-1, -1), 3),
        ("RIGHTPADDING", (0, 0), (-1, -1), 3),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 2),
    ]
    firsts = [i + 1 for i, row in enumerate(rows) if row[0] != "" and i]
    style += [("LINEABOVE", (0, i), (-1, i), 0.25, pdf.RULE) for i in firsts]
    table.setStyle(TableStyle(style))
    out = [pdf.Section(f"{facing.theirs}: summary"), title, how, table]
    if left:
        out.append(
            pdf.para(
                f"Not printed ({MOST_ROWS} weapon lines a page): {', '.join(left)}; the matchup sheet has them.",
                pdf.style(8, color=pdf.MUTED, leading=10, space_after=0),
            )
        )
    return [KeepInFrame(width, height, out, mode="shrink")]


def render(facing, path, paper: str = "a4", footer: str = "", large: bool = False) -> int:
    """Write the one-page summary; returns its page count (1). large: drawn pdf.LARGE times larger."""
    scale = pdf.LARGE if large else 1.0
    page_w, page_h = pdf.laid_out_size(paper, scale)
    width, height = page_w - 2 * MARGIN, page_h - 2 * MARGIN
    frame = Frame(MARGIN, MARGIN, width, height, leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)

    def make_doc(buffer):
        doc = BaseDocTemplate(
            buffer,
            pagesize=pdf.page_size(paper),
            invariant=1,
            title=f"Opponent: {facing.theirs}",
            author="listgen",
            creator="listgen",
        )
        doc.addPageTemplates([PageTemplate(id="summary", frames=[frame], **pdf.scaled_pages(scale))])
        return doc

    return pdf.build(path, make_doc, story(facing, width, height), footer)
