"""The roster PDF: the force as a tree, figures with their weapons, and boxes to tick in play."""

from __future__ import annotations

from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Frame,
    FrameBreak,
    KeepTogether,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Spacer,
    Table,
    TableStyle,
)

from . import pdf

BOX = "\u2610"  # ballot box, in the embedded font


def _verdict(roster) -> Table:
    color = pdf.LEGAL if roster.legal else pdf.ILLEGAL
    cell = pdf.markup(f"<b>{escape(roster.verdict)}</b>", pdf.style(10, color=colors.white))
    table = Table([[cell]], colWidths=["100%"])
    table.setStyle(TableStyle([("BACKGROUND", (0, 0), (-1, -1), color),
                               ("LEFTPADDING", (0, 0), (-1, -1), 6), ("TOPPADDING", (0, 0), (-1, -1), 3),
                               ("BOTTOMPADDING", (0, 0), (-1, -1), 4)]))
    return table


def _unit(unit, width: float) -> list:
    indent = unit.depth * 3 * mm
    head_size = {0: 10.5, 1: 9, 2: 8.5}.get(unit.depth, 8.5)
    flow = []
    title = f"<b>{escape(unit.title)}</b>"
    if unit.points:
        title += f'  <font size="7" color="#5b5b57">{escape(unit.points)}</font>'
    flow.append(pdf.markup(title, pdf.style(head_size, color=pdf.HEAD, indent=indent, leading=head_size * 1.3)))
    if unit.facts:
        facts = " · ".join(escape(f"{k} {v}" if k else v) for k, v in unit.facts)
        flow.append(pdf.markup(facts, pdf.style(7, color=pdf.MUTED, indent=indent)))
    if unit.rows:
        cell = pdf.style(7, leading=8.2)
        header = list(unit.columns + unit.boxes)  # plain strings: a header never wraps
        rows = [header]
        for i, row in enumerate(unit.rows):
            rows.append([pdf.para(c, cell) for c in row] + ([""] if i in unit.unboxed else [BOX]) * len(unit.boxes))
        avail = width - indent
        box_w = 13
        flex = avail - box_w * len(unit.boxes)
        rel = unit.widths or [1] * len(unit.columns)
        widths = [flex * w / sum(rel) for w in rel] + [box_w] * len(unit.boxes)
        table = Table(rows, colWidths=widths, repeatRows=1, hAlign="LEFT")
        n_box = len(unit.boxes)
        table.setStyle(TableStyle([
            ("FONT", (0, 0), (-1, -1), pdf.FONT, 7),
            ("FONT", (0, 0), (-1, 0), pdf.BOLD, 6.5),
            ("FONT", (-n_box, 1), (-1, -1), pdf.FONT, 9),
            ("ALIGN", (-n_box, 0), (-1, -1), "CENTER"),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("LINEBELOW", (0, 0), (-1, 0), 0.6, pdf.HEAD),
            ("LINEBELOW", (0, 1), (-1, -1), 0.25, pdf.RULE),
            ("TOPPADDING", (0, 0), (-1, -1), 0.6), ("BOTTOMPADDING", (0, 0), (-1, -1), 1.2),
            ("LEFTPADDING", (0, 0), (-1, -1), 2), ("RIGHTPADDING", (0, 0), (-1, -1), 2),
        ]))
        table.hAlign = "LEFT"
        wrapper = Table([[table]], colWidths=[avail], hAlign="RIGHT")
        wrapper.setStyle(TableStyle([("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                                     ("TOPPADDING", (0, 0), (-1, -1), 1), ("BOTTOMPADDING", (0, 0), (-1, -1), 0)]))
        flow.append(wrapper)
    if unit.counters:
        parts = [f"<b>{escape(label)}</b>{f' ({n})' if n > 1 else ''} " + " ".join([BOX] * n)
                 for label, n in unit.counters]
        flow.append(pdf.markup("&nbsp;&nbsp;&nbsp;".join(parts), pdf.style(8.5, indent=indent, leading=11)))
    flow.append(Spacer(1, 2.2 * mm if unit.depth else 1 * mm))
    return [KeepTogether(flow)]


MARGIN, GAP, BOTTOM = 10 * mm, 6 * mm, 12 * mm


def _header(roster, width) -> list:
    return [
        pdf.para(roster.title, pdf.style(14, bold=True, color=pdf.HEAD, leading=17)),
        pdf.para(" · ".join(filter(None, [roster.ruleset, f"Player: {roster.player}" if roster.player else "",
                                          roster.points])), pdf.style(8.5, color=pdf.MUTED, space_after=3)),
        _verdict(roster),
    ]


def _body(roster, col) -> list:
    story = []
    for unit in roster.units:
        if unit.depth == 0 or not unit.rows:  # a heading never ends a column alone
            story.append(CondPageBreak(35 * mm))
        story += _unit(unit, col)
    if roster.findings:
        story.append(pdf.para("Findings", pdf.style(9, bold=True, color=pdf.HEAD, leading=12)))
        story += [pdf.para(line, pdf.style(7, leading=8.6)) for line in roster.findings]
        story.append(Spacer(1, 2 * mm))
    if roster.notes:
        story.append(pdf.para("Notes", pdf.style(9, bold=True, color=pdf.HEAD, leading=12)))
        story += [pdf.para(line, pdf.style(6.8, color=pdf.MUTED, leading=8.2)) for line in roster.notes]
    return story


class _Layout:
    """Page templates for one or many rosters: a header frame sized to each roster, then two columns."""

    def __init__(self, paper: str):
        self.size = pdf.page_size(paper)
        self.width = self.size[0] - 2 * MARGIN
        self.col = (self.width - GAP) / 2
        self.top = self.size[1] - MARGIN
        self.templates = [PageTemplate(id="later", frames=self._columns(self.top))]

    def _columns(self, top):
        return [Frame(MARGIN + i * (self.col + GAP), BOTTOM, self.col, top - BOTTOM, id=f"c{i}",
                      leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0) for i in range(2)]

    def roster_story(self, roster, first: bool) -> list:
        """The flowables of one roster, starting on a new page with its own header template."""
        header = _header(roster, self.width)
        # the header frame is as tall as its contents, however long the title or points line
        head_h = sum(f.wrap(self.width, self.size[1])[1] + f.getSpaceAfter() for f in header) + 4
        name = f"first{len(self.templates)}"
        frame = Frame(MARGIN, self.top - head_h, self.width, head_h, id="head", leftPadding=0, rightPadding=0,
                      topPadding=0, bottomPadding=0)
        self.templates.append(PageTemplate(id=name, frames=[frame] + self._columns(self.top - head_h - 3 * mm)))
        start = [] if first else [NextPageTemplate(name), PageBreak()]
        return start + [NextPageTemplate("later")] + header + [FrameBreak()] + _body(roster, self.col)

    def make_doc(self, title: str, subject: str = ""):
        def make(buffer):
            doc = BaseDocTemplate(buffer, pagesize=self.size, invariant=1, title=title, author="listgen",
                                  creator="listgen", subject=subject)
            # the first roster's template must come first: it is the one the document opens with
            doc.addPageTemplates(self.templates[1:2] + self.templates[:1] + self.templates[2:])
            return doc

        return make


def render(roster, path, paper: str = "a4", footer: str = "") -> int:
    """Write the roster PDF to path (two columns a page); returns the page count."""
    layout = _Layout(paper)
    story = layout.roster_story(roster, first=True)
    return pdf.build(path, layout.make_doc(f"Roster: {roster.title}", roster.ruleset), story, footer)


def render_booklet(rosters, path, title: str, cover: list, paper: str = "a4", footer: str = "") -> int:
    """Every roster in one PDF, each from a new page, after a cover page of flowables."""
    layout = _Layout(paper)
    cover_template = PageTemplate(id="cover", frames=[Frame(MARGIN, BOTTOM, layout.width, layout.top - BOTTOM,
                                                            leftPadding=0, rightPadding=0, topPadding=0,
                                                            bottomPadding=0)])
    story = list(cover)
    for roster in rosters:
        story += layout.roster_story(roster, first=False)

    def make(buffer):
        doc = BaseDocTemplate(buffer, pagesize=layout.size, invariant=1, title=title, author="listgen",
                              creator="listgen")
        doc.addPageTemplates([cover_template] + layout.templates)
        return doc

    return pdf.build(path, make, story, footer)
