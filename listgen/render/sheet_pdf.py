"""The quick-reference sheet PDF: three columns of titled blocks, fitted to the sides it claims."""

from __future__ import annotations

from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate, Spacer, Table, TableStyle

from listgen.core.exceptions import RenderError

from . import pdf

SIZES = (10.0, 9.6, 9.2, 8.8, 8.4, 8.0, 7.6, 7.3, 7.0)  # body sizes, largest first: never under 7 pt in play
CRAMPED = (6.6, 6.2)  # only if a tailored sheet cannot fit its sides at 7 pt


def _block(block, width: float, size: float, ref_prefix: str = "") -> pdf.Keep:
    body = pdf.style(size, leading=size * 1.18)
    small = pdf.style(size - 0.9, italic=True, color=pdf.MUTED, leading=(size - 0.9) * 1.18)
    title = Table(
        [
            [
                pdf.markup(f"<b>{escape(block.title)}</b>", pdf.style(size + 1, color=colors.white)),
                pdf.para(block.ref.removeprefix(ref_prefix), pdf.style(size - 1.6, color=colors.white)),
            ]
        ],
        colWidths=[width * 0.62, width * 0.38],
    )
    title.setStyle(
        TableStyle(
            [
                ("BACKGROUND", (0, 0), (-1, -1), pdf.HEAD),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("ALIGN", (1, 0), (1, 0), "RIGHT"),
                ("TOPPADDING", (0, 0), (-1, -1), 1.2),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 1.8),
                ("LEFTPADDING", (0, 0), (-1, -1), 2.5),
                ("RIGHTPADDING", (0, 0), (-1, -1), 2.5),
            ]
        )
    )
    flow = [title, Spacer(1, 0.8 * mm)]
    if block.rows:
        col_widths = pdf.fit_columns(block.rows[0], block.rows[1:], width, size, head_size=size)
        header = [pdf.markup(f"<b>{escape(c)}</b>", body) for c in block.rows[0]]
        rows = [header] + [[pdf.para(c, body) for c in row] for row in block.rows[1:]]
        table = Table(rows, colWidths=col_widths, hAlign="LEFT")
        styles = [
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("TOPPADDING", (0, 0), (-1, -1), 0.4),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 0.8),
            ("LEFTPADDING", (0, 0), (-1, -1), 1.5),
            ("RIGHTPADDING", (0, 0), (-1, -1), 1.5),
            ("LINEBELOW", (0, 0), (-1, 0), 0.5, pdf.HEAD),
        ]
        for i in range(2, len(rows), 2):
            styles.append(("BACKGROUND", (0, i), (-1, i), pdf.SHADE))
        table.setStyle(TableStyle(styles))
        flow.append(table)
    for text in block.text:
        flow.append(Spacer(1, 0.6 * mm))
        flow.append(pdf.para(text, body))
    for note in block.notes:
        flow.append(pdf.para(note, small))
    flow.append(Spacer(1, 2.2 * mm))
    return pdf.Keep(flow)


def _story(sheet, width, size, paper_name, sides):
    story = [
        pdf.para(sheet.title, pdf.style(13, bold=True, color=pdf.HEAD, leading=15)),
        pdf.para(
            f"{sheet.subtitle}. Laid out for {sides} side{'s' * (sides != 1)} of {paper_name} "
            "landscape" + (": print double-sided." if sides > 1 else "."),
            pdf.style(size, color=pdf.MUTED, space_after=4, leading=size * 1.3),
        ),
    ]
    story += [_block(b, width, size, sheet.ref_prefix) for b in sheet.blocks]
    return story


def _make_doc(sheet, paper: str):
    size = pdf.page_size(paper, "landscape")
    margin, gap = 8 * mm, 5 * mm
    col_w = (size[0] - 2 * margin - (sheet.columns - 1) * gap) / sheet.columns

    def make_doc(buffer):
        doc = BaseDocTemplate(
            buffer,
            pagesize=size,
            invariant=1,
            title=sheet.title,
            author="listgen",
            creator="listgen",
            leftMargin=margin,
            rightMargin=margin,
            topMargin=margin,
            bottomMargin=11 * mm,
        )
        frames = [
            Frame(
                margin + i * (col_w + gap),
                11 * mm,
                col_w,
                size[1] - margin - 11 * mm,
                id=f"c{i}",
                leftPadding=0,
                rightPadding=0,
                topPadding=0,
                bottomPadding=0,
            )
            for i in range(sheet.columns)
        ]
        doc.addPageTemplates([PageTemplate(id="cols", frames=frames)])
        return doc

    return make_doc, col_w


def fit(sheet, paper: str = "a4") -> tuple:
    """(sides, body size): the fewest sides, up to the number the sheet claims, and on them the largest type
    that fits, so that a sheet is as readable as its sides allow and never takes more than it says."""
    make_doc, col_w = _make_doc(sheet, paper)
    paper_name = PAPER_NAMES[paper]

    def fits(sides, body):
        return pdf.lay_out(make_doc, _story(sheet, col_w, body, paper_name, sides)) <= sides

    for sides in range(1, sheet.pages + 1):
        sizes = SIZES + (CRAMPED if sides == sheet.pages else ())
        if not fits(sides, sizes[-1]):
            continue
        low, high = 0, len(sizes) - 1  # sizes[high] fits; find the first (largest) that does (bisection)
        while low < high:
            mid = (low + high) // 2
            if fits(sides, sizes[mid]):
                high = mid
            else:
                low = mid + 1
        return sides, sizes[low]
    raise RenderError(f"the {sheet.title} does not fit {sheet.pages} sides of {paper_name} even at {CRAMPED[-1]}pt")


PAPER_NAMES = {"a4": "A4", "letter": "US Letter"}


def render(sheet, path, paper: str = "a4", footer: str = "") -> int:
    """Fit the sheet (see fit) and write it; returns the sides used."""
    sides, body = fit(sheet, paper)
    make_doc, col_w = _make_doc(sheet, paper)
    return pdf.build(path, make_doc, _story(sheet, col_w, body, PAPER_NAMES[paper], sides), footer)
