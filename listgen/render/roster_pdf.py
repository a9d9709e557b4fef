"""The roster PDF: the force unit by unit, figures with their weapons, and boxes to tick in play.

Two balanced columns (a short roster fills both, a long one runs on), columns of each table sized to
what they hold, type never under 7 pt, a heading never alone at the foot of a column, and on every
page after the first the list's name and its own 'page n of m'.
"""

from __future__ import annotations

import io
from collections import namedtuple
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    ActionFlowable,
    BaseDocTemplate,
    Frame,
    FrameBreak,
    Indenter,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Spacer,
    Table,
    TableStyle,
)

from listgen.core.roster import MAX_TICKS

from . import pdf

BOX = "\u2610"  # ballot box, in the embedded font
BODY = 7.5  # what is read during play: never under 7 pt
SMALL = 7
LEAST_WORD = 5  # the least size a long word is shrunk to; past it the word wraps
WORKING = 6.5  # the points working, checked before a game, never read in play
MARGIN, GAP, BOTTOM, TOP = 10 * mm, 6 * mm, 12 * mm, 12 * mm
PAD = pdf.PAD


class Density(namedtuple("Density", "lead pad gap box head cell least")):
    """Spacing of a roster: line spacing (times the size), cell padding (times the usual), space after a unit
    (mm), tick-box size, heading size, a cell's side padding (pt), and the least type size a table may shrink
    to so that its words wrap only at spaces. TIGHT is tried when a roster would spill a few lines onto a
    page of their own; CARD is a unit card's, whose narrow columns may set a table smaller rather than break
    a word ('sergean-t')."""


NORMAL = Density(1.22, 1.0, 1.0, 9.5, 10.5, PAD, BODY)
TIGHT = Density(1.1, 0.5, 0.4, 8.5, 9.5, PAD, BODY)
CARD = Density(1.1, 0.5, 0.4, 8.5, 9.5, 2.4, 6.0)


def _ticks(n: int, per_line: int = 5) -> str:
    """n boxes for n alike figures on one line ('4 x Rifle'), up to five a line: '☐☐☐☐☐\n☐☐'."""
    return "\n".join(BOX * min(per_line, n - i) for i in range(0, n, per_line))


def _box_table(columns, rows, boxes, unboxed, width: float, density: Density = NORMAL, counts=()) -> Table:
    """A table of text columns and, per row, tick boxes under their own short headers.

    unboxed: rows that take no boxes (their index) or not one box ((row, box) pairs). counts: per row, the alike
    figures it stands for, a box each (none given: one)."""
    size, small = float(BODY), float(SMALL)
    counts = list(counts) or [1] * len(rows)
    # boxes of alike figures a line ('4 x Rifle'): up to five, as many as leave the text its width on one line
    per_line = min(max(counts, default=1), 5)
    one = stringWidth(BOX, pdf.FONT, density.box)
    text = sum(max(pdf.text_width(str(c), pdf.FONT, size, density.cell) for c in col) for col in zip(columns, *rows))
    while per_line > 1 and text + len(boxes) * (per_line * one + 3) > width:
        per_line -= 1
    box_w = [max(stringWidth(b, pdf.BOLD, SMALL) + density.cell + 1, 11, per_line * one + 3) for b in boxes]
    names, cells = list(columns) + list(boxes), [list(r) + [BOX] * len(boxes) for r in rows]
    fixed = {len(columns) + i: w for i, w in enumerate(box_w)}
    # smaller type, down to the density's least, before a word is broken across lines
    while size > density.least and not pdf.words_fit(names, cells, width, size, fixed, small, density.cell):
        size, small = size - 0.25, min(small, size - 0.25)
    if not pdf.words_fit(names, cells, width, size, fixed, small, density.cell):  # 'Bazooka/ Panzerfaust'
        rows = [[str(c).replace("/", "/ ") for c in row] for row in rows]
        cells = [list(r) + [BOX] * len(boxes) for r in rows]
    body = pdf.style(size, leading=size * (density.lead - 0.07))
    head = pdf.style(small, bold=True, leading=small * (density.lead - 0.07))
    widths = pdf.fit_columns(names, cells, width, size, fixed=fixed, head_size=small, pad=density.cell)

    def cell(text, st, width):  # a plain string draws far faster than a paragraph: used when it fits
        text = str(text)
        if text.isascii() and pdf.text_width(text, st.fontName, st.fontSize, density.cell) <= width:
            return text
        longest = max((pdf.text_width(w, st.fontName, st.fontSize, density.cell) for w in text.split()), default=0)
        if longest > width:  # a word wider than its column is set smaller, never broken ('Scharfschüt-ze'),
            # down to LEAST_WORD: a longer word (a name no one can say) then wraps where ReportLab splits it
            smaller = max(st.fontSize * width / longest, LEAST_WORD)
            st = pdf.style(smaller, bold=st.fontName == pdf.BOLD, leading=smaller * (density.lead - 0.07))
        return pdf.para(text, st)

    data = [
        [cell(c, head, w) for c, w in zip(columns, widths)]
        + [cell(b, head, w) for b, w in zip(boxes, widths[len(columns) :])]
    ]
    for i, row in enumerate(rows):
        data.append(
            [cell(c, body, w) for c, w in zip(row, widths)]
            + ["" if i in unboxed or (i, j) in unboxed else _ticks(counts[i], per_line) for j in range(len(boxes))]
        )
    table = Table(data, colWidths=widths, repeatRows=1, hAlign="LEFT")
    n = len(boxes)
    style = [
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("FONT", (0, 0), (-1, 0), pdf.BOLD, small, head.leading),
        ("FONT", (0, 1), (-1, -1), pdf.FONT, size, body.leading),
        ("TEXTCOLOR", (0, 0), (-1, -1), pdf.INK),
        ("LINEBELOW", (0, 0), (-1, 0), 0.6, pdf.HEAD),
        ("LINEBELOW", (0, 1), (-1, -1), 0.25, pdf.RULE),
        ("TOPPADDING", (0, 0), (-1, -1), 0.8 * density.pad),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.2 * density.pad),
        ("LEFTPADDING", (0, 0), (-1, -1), density.cell / 2),
        ("RIGHTPADDING", (0, 0), (-1, -1), density.cell / 2),
    ]
    if n:
        style += [("FONT", (-n, 1), (-1, -1), pdf.FONT, density.box), ("ALIGN", (-n, 0), (-1, -1), "CENTER")]
    table.setStyle(TableStyle(style))
    return table


def _counters(unit, size: float, indent: float, density: Density = NORMAL) -> list:
    """Boxes to cross off (grenades, ammunition) in groups of five, so that a line breaks between groups;
    single boxes (Shaken, Routed) share one line."""
    out, singles = [], []
    style = pdf.style(size + 1, leading=(size + 1) * (density.lead + 0.08), indent=indent)
    for label, n in unit.counters:
        if n is None:  # a count the rules leave to the scenario: written in, then counted off
            out.append(pdf.markup(f"<b>{escape(label)}</b>&nbsp; ____ (count off as used)", style))
            continue
        if n == 1:
            singles.append(f"<b>{escape(label)}</b>&nbsp;{BOX}")
            continue
        if n > MAX_TICKS:  # more than a player would tick one by one: a count to write in
            out.append(pdf.markup(f"<b>{escape(label)}</b> ({n:,})&nbsp; used: ______", style))
            continue
        groups = [BOX * min(5, n - i) for i in range(0, n, 5)]
        out.append(pdf.markup(f"<b>{escape(label)}</b> ({n})&nbsp; " + " ".join(groups), style))
    if singles:
        out.insert(0, pdf.markup("&nbsp;&nbsp;&nbsp; ".join(singles), style))
    return out


def _track_line(track, head: str, size: float, indent: float, density: Density = NORMAL):
    """A lone copy's state on one line: 'Hits ☐☐☐☐' for numbered hits, else 'Slow ☐  Fast ☐  Lost ☐'."""
    if track.write_in:
        text = f"<b>{escape(head)}</b>&nbsp; {escape(track.write_in)}"
    elif all(b.isdigit() for b in track.boxes):
        n = len(track.boxes)
        text = f"<b>{escape(head)}</b> ({n})&nbsp; " + " ".join(BOX * min(5, n - i) for i in range(0, n, 5))
    else:
        text = "&nbsp;&nbsp;&nbsp; ".join(f"<b>{escape(b)}</b>&nbsp;{BOX}" for b in track.boxes)
    return pdf.markup(text, pdf.style(size + 1, leading=(size + 1) * (density.lead + 0.08), indent=indent))


def _tracks(unit, width: float, density: Density = NORMAL) -> Table:
    """Each copy's own state: its name, a written-in count where boxes would not do, and its boxes."""
    labels = list(dict.fromkeys(b for t in unit.tracks for b in t.boxes))
    written = any(t.write_in for t in unit.tracks)
    columns = [""] + ([unit.track_head] if written else [])
    rows = [[t.name] + ([t.write_in] if written else []) for t in unit.tracks]
    unboxed = {(i, j) for i, t in enumerate(unit.tracks) for j, b in enumerate(labels) if b not in t.boxes}
    need = sum(max(pdf.text_width(c, pdf.FONT, BODY, density.cell) for c in col) for col in zip(*rows)) + sum(
        max(stringWidth(b, pdf.BOLD, SMALL) + density.cell + 1, 11) for b in labels
    )
    return _box_table(columns, rows, labels, unboxed, min(width, need + 12), density)


def unit_flowables(unit, width: float, indent: float = 0, density: Density = NORMAL) -> list:
    """One unit: its heading (kept with what follows), facts, figures table, own boxes, counters and rules."""
    head_size = density.head - min(unit.depth, 2) * 0.75
    title = f"<b>{escape(unit.title)}</b>"
    if unit.points:  # on a roster the total alone: the working is printed once, under Points
        shown = unit.points if density is CARD else points_total(unit.points)
        title += f'  <font size="{SMALL}" color="#5b5b57">{escape(shown)}</font>'
    bare = not (unit.rows or unit.tracks or unit.counters or unit.facts or unit.rules)
    heading = pdf.markup(
        title,
        pdf.style(
            head_size,
            color=pdf.HEAD,
            indent=indent,
            leading=head_size * 1.25,
            space_after=1.5 if bare else 0,
            role="heading",
        ),
    )
    heading.keepWithNext = True
    flow = [heading]
    if unit.facts:
        facts = " · ".join(escape(f"{k} {v}" if k else str(v)) for k, v in unit.facts)
        flow.append(pdf.markup(facts, pdf.style(SMALL, color=pdf.MUTED, indent=indent, leading=SMALL * density.lead)))
    inner = width - indent
    tables = []
    if unit.rows:
        tables.append(_box_table(unit.columns, unit.rows, unit.boxes, unit.unboxed, inner, density, unit.counts))
    if len(unit.tracks) > 1:
        tables.append(_tracks(unit, inner, density))
    for table in tables:  # set in from the left by the unit's indent
        flow += [Spacer(1, density.pad), Indenter(left=indent), table, Indenter(left=-indent)]
    if len(unit.tracks) == 1:  # one copy: its boxes on a line, like a counter
        flow.append(_track_line(unit.tracks[0], unit.track_head, BODY, indent, density))
    flow += _counters(unit, BODY, indent, density)
    if density is CARD:  # a card stands alone: each rule in full
        for rule in unit.rules:
            flow.append(pdf.para(f"• {rule}", pdf.style(SMALL, indent=indent, leading=SMALL * (density.lead - 0.02))))
    elif unit.rules:  # a roster names them; its Special rules say each once
        names = " · ".join(escape(rule_name(r)) for r in unit.rules)
        flow.append(
            pdf.markup(f"<b>Rules:</b> {names}", pdf.style(SMALL, indent=indent, leading=SMALL * (density.lead - 0.02)))
        )
    if bare:  # a heading of units that follow: kept with the first of them
        return [heading]
    flow.append(Spacer(1, density.gap * (2 if unit.depth else 1) * mm))
    return [pdf.Keep(flow)]


def points_total(points: str) -> str:
    """'16 pts = 12 + 4 (4 grenades)' -> '16 pts': a unit's heading keeps the figure, the roster's Points block
    the working."""
    return points.split(" = ")[0]


def points_working(units) -> list:
    """'Unit: 16 pts = 12 + 4 (4 grenades)' for each unit whose cost was worked out (not a bare figure)."""
    return [
        f"{u.title}: {u.points}"
        for u in units
        if " = " in u.points and u.points.split(" = ", 1)[1] != points_total(u.points).split()[0]
    ]


def rule_name(rule: str) -> str:
    """'Autofire (SMG): one more hit...' -> 'Autofire (SMG)'."""
    return rule.split(": ", 1)[0]


def special_rules(units) -> list:
    """Each rule the units carry, once: 'Autofire (SMG)' and 'Autofire (LMG)' say the same, so 'Autofire: ...'
    is printed once; rules whose text differs stay apart."""
    seen: dict = {}
    for unit in units:
        for rule in unit.rules:
            name, _, text = rule.partition(": ")
            base = name.split(" (")[0] if text else name
            seen.setdefault((base, text), f"{base}: {text}" if text else name)
    return list(seen.values())


def _head_height(header: list, width: float, page_height: float) -> float:
    """The header frame: as tall as the title, points line and verdict, however long they run."""
    return sum(f.wrap(width, page_height)[1] + f.getSpaceAfter() for f in header[1:]) + 4


def _header(roster) -> list:
    verdict = Table(
        [[pdf.markup(f"<b>{escape(roster.verdict)}</b>", pdf.style(10, color=colors.white))]], colWidths=["100%"]
    )
    verdict.setStyle(
        TableStyle(
            [
                ("BACKGROUND", (0, 0), (-1, -1), pdf.LEGAL if roster.legal else pdf.ILLEGAL),
                ("LEFTPADDING", (0, 0), (-1, -1), 6),
                ("TOPPADDING", (0, 0), (-1, -1), 3),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
            ]
        )
    )
    line = " · ".join(
        filter(None, [roster.ruleset, f"Player: {roster.player}" if roster.player else "", roster.points])
    )
    title = pdf.para(roster.title, pdf.style(14, bold=True, color=pdf.HEAD, leading=17))
    info = pdf.para(line, pdf.style(8.5, color=pdf.MUTED, space_after=3, leading=10.5))
    if not roster.share_code:
        return [pdf.Section(roster.title), title, info, verdict]
    qr = pdf.ShareQr(roster.share_code, roster.list_hash)
    how = pdf.para(
        "The QR code is this list as checked: scan it and `listgen import` the text to check it again.",
        pdf.style(7, color=pdf.MUTED, leading=8.5),
    )
    top = Table([[[title, info, verdict, how], qr]], colWidths=[None, qr.width + 4 * mm])
    top.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (0, 0), 4 * mm),
                ("RIGHTPADDING", (1, 0), (1, 0), 0),
                ("TOPPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
                ("ALIGN", (1, 0), (1, 0), "RIGHT"),
            ]
        )
    )
    return [pdf.Section(roster.title), top]


def _body(roster, col: float, density: Density = NORMAL) -> list:
    story, headings, opens = [], [], []
    for unit in roster.units:
        flow = unit_flowables(unit, col, unit.depth * 2.5 * mm, density)
        opens.append((unit.depth, unit.title))
        if not isinstance(flow[0], pdf.Keep):  # a bare heading: kept with the next unit (keepWithNext
            headings += flow  # cannot hold a KeepTogether, so it joins its contents)
            continue
        if headings:
            flow = [pdf.Keep(headings + flow[0].parts)] + flow[1:]
            headings = []
        flow[0]._listgen_opens = opens  # the units it starts, for the '(continued)' line (_RosterDoc);
        flow[0].parts[0]._listgen_opens = opens  # its heading too: a KeepTogether moved on is drawn as that
        opens = []
        story += flow
    story += headings
    for title, lines, size, color in (
        ("Findings", roster.findings, BODY, pdf.INK),
        ("Special rules", special_rules(roster.units), SMALL, pdf.INK),
        ("Points", points_working(roster.units), WORKING, pdf.MUTED),
        ("Notes", roster.notes, SMALL, pdf.MUTED),
    ):
        if lines and title == "Points":  # one running paragraph: a list to check, not lines to read in play
            lines = [" · ".join(lines)]
        if lines:
            heading = pdf.para(title, pdf.style(9.5, bold=True, color=pdf.HEAD, leading=12, role="heading"))
            paras = [
                pdf.para(text, pdf.style(size, color=color, leading=size * density.lead, space_after=density.pad))
                for text in lines
            ]
            if title == "Points":  # may run on into the next column; its heading stays with its start
                heading.keepWithNext = True
                story += [heading] + paras
            else:  # a heading stays with its first line, and no line is split across columns mid-sentence
                story.append(pdf.Keep([heading, paras[0]]))
                story += [pdf.Keep([p]) for p in paras[1:]]
            story.append(Spacer(1, 2 * density.gap * mm))
    if story and isinstance(story[-1], Spacer):  # nothing follows it: it would only push onto a blank page
        story.pop()
    return story


def column_height(flowables: list, width: float) -> float:
    """How tall flowables stand in a column of this width, laid end to end."""
    canvas = Canvas(io.BytesIO())  # to measure on; nothing is drawn
    total = 0.0
    for f in flowables:
        if isinstance(f, pdf.Keep):  # its wrap asks for more than a page on purpose, to be split: measure its parts
            total += column_height(f.parts, width)
            continue
        total += f.wrapOn(canvas, width, 10_000)[1] + f.getSpaceBefore() + f.getSpaceAfter()
    return total


CONTINUED = 1  # units down to this depth (platoons, sections) are named '(continued)' atop a later column


class _RosterDoc(BaseDocTemplate):
    """A roster's document: a column or page that opens inside a platoon or section starts with a muted line
    naming it, '10 Platoon › 2 Section (continued)', so a reader never loses which one the teams belong to."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._context: dict = {}  # depth -> title of the platoon, section... last opened
        self._next = None

    def handle_flowable(self, flowables):
        # what is drawn next, past the frame breaks and template switches that move it on
        self._next = next((f for f in flowables if not isinstance(f, (ActionFlowable, Spacer))), None)
        super().handle_flowable(flowables)

    def afterFlowable(self, flowable):
        for depth, title in getattr(flowable, "_listgen_opens", ()):
            self._context = {d: t for d, t in self._context.items() if d < depth}
            self._context[depth] = title
        if isinstance(flowable, pdf.Section):  # a new roster (in a booklet) starts with nothing open
            self._context = {}
        super().afterFlowable(flowable)

    def handle_frameBegin(self, *args, **kwargs):
        super().handle_frameBegin(*args, **kwargs)
        opens = getattr(self._next, "_listgen_opens", None)
        if not opens or self.frame.id not in ("c0", "c1"):
            return
        starts = min(depth for depth, _title in opens)
        names = [self._context[d] for d in sorted(self._context) if d < starts and d <= CONTINUED]
        if names:
            line = pdf.para(
                " › ".join(names) + " (continued)",
                pdf.style(SMALL, italic=True, color=pdf.MUTED, leading=SMALL * 1.3, space_after=2, role="continued"),
            )
            self.frame.add(line, self.canv)


def _states(flowables: list) -> list:
    """Each flowable of a story with its attributes as they are (a Keep's parts too): to put back after a trial."""
    out = []
    for flowable in flowables:
        out.append((flowable, dict(flowable.__dict__)))
        if isinstance(flowable, pdf.Keep):
            out += _states(flowable.parts)
    return out


def _placed_only(*_args, **_kwargs) -> None:
    """A trial layout's drawing: nothing (where each flowable lands is all a trial is for)."""


class _TrialFrame(Frame):
    """A trial layout's frame: what it places (the story's flowables, the pieces split from them, the groups
    kept with the next) is placed, never drawn."""

    def add(self, flowable, canv, trySplit=0):
        flowable.drawOn = _placed_only
        return super().add(flowable, canv, trySplit)


class _Layout:
    """Page templates for one or many rosters: a header sized to each roster, two columns below, and the
    columns of each roster's last page balanced, so that a short roster fills both side by side."""

    def __init__(self, paper: str, frame: type[Frame] = Frame, scale: float = 1.0):
        self.paper = paper
        self.frame = frame  # _TrialFrame for a trial layout
        self.scale = scale  # large print: laid out on a smaller sheet, drawn larger (pdf.LARGE)
        self.size = pdf.laid_out_size(paper, scale)
        self.width = self.size[0] - 2 * MARGIN
        self.columns = 2 if scale == 1 else 1  # large print: one column, as wide as a roster's tables need
        self.col = (self.width - GAP * (self.columns - 1)) / self.columns
        self.top = self.size[1] - TOP
        self.templates: list = []

    def _columns(self, top, first_height=None):
        """Two column frames from top down; the first may be shorter (balanced), the second is always full."""
        full = top - BOTTOM
        heights = (min(full, first_height or full), full)
        return [
            self.frame(
                MARGIN + i * (self.col + GAP),
                top - h,
                self.col,
                h,
                id=f"c{i}",
                leftPadding=0,
                rightPadding=0,
                topPadding=0,
                bottomPadding=0,
            )
            for i, h in enumerate(heights[: self.columns])
        ]

    def _template(self, frames) -> str:
        name = f"t{len(self.templates)}"
        self.templates.append(PageTemplate(id=name, frames=frames, **pdf.scaled_pages(self.scale)))
        return name

    def _plan(self, roster, density: Density, body: list | None = None) -> tuple:
        """Lay the roster out once, unbalanced: (index of the first body flowable on its last page, the height
        of what that page holds, pages, density). A body given (built at this density) is laid out on trial and
        left as it was, to be laid out for real."""
        trial = _Layout(self.paper, _TrialFrame, self.scale)
        story, body = trial._story(roster, True, (None, None, 0, density), body=body)
        kept = _states(body)
        landed: dict = {}

        def make(buffer):
            doc = trial.make_doc("trial")(buffer)
            after = doc.afterFlowable

            def record(f):
                after(f)
                landed.setdefault(getattr(f, "_listgen_index", None), doc.page)

            doc.afterFlowable = record
            return doc

        pages = pdf.lay_out(make, story)
        first_on_last = min((i for i, page in landed.items() if i is not None and page == pages), default=0)
        plan = first_on_last, column_height(body[first_on_last:], self.col), pages, density
        for flowable, state in kept:  # what laying out sets on a flowable (where it is drawn, kept with the next)
            flowable.__dict__.clear()
            flowable.__dict__.update(state)
        return plan

    def _story(self, roster, first_in_document: bool, plan, header=None, body=None) -> tuple:
        """The roster's flowables on page templates made for its plan (header and body if built already)."""
        switch, balanced, pages, density = plan
        header = header or _header(roster)
        head_h = _head_height(header, self.width, self.size[1])
        body = body or _body(roster, self.col, density)
        for i, flowable in enumerate(body):
            flowable._listgen_index = i
            if isinstance(flowable, pdf.Keep):  # drawn as its contents: mark the first of them
                flowable.parts[0]._listgen_index = i
        body_top = self.top - head_h - 3 * mm
        # the first column's share; the second, the rest (and the '(continued)' line that may open it)
        balanced = balanced / 2 + 5 * mm + SMALL * 1.3 + 2 if balanced and self.columns == 2 else None
        head = self.frame(
            MARGIN,
            self.top - head_h,
            self.width,
            head_h,
            id="head",
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
        )
        first = self._template([head] + self._columns(body_top, balanced if pages == 1 else None))
        later = self._template(self._columns(self.top))
        closing = self._template(self._columns(self.top, balanced))
        story = [NextPageTemplate(first)] + ([] if first_in_document else [PageBreak()])
        story += [NextPageTemplate(later)] + header + [FrameBreak()]
        for i, flowable in enumerate(body):
            if pages > 1 and i == switch:  # from here on the last page: its columns end level
                story.append(NextPageTemplate(closing))
            story.append(flowable)
        return story, body

    def roster(self, roster, first_in_document: bool) -> list:
        """A roster's flowables, starting on a new page with templates of its own. One well inside a page
        (most are) is measured, not laid out twice; for the rest a trial layout of the same flowables finds where
        the last page starts, and when that page would hold under a fifth of a page, tighter spacing is tried and
        kept if it saves the page."""
        header = _header(roster)
        head_h = _head_height(header, self.width, self.size[1])
        body = _body(roster, self.col, NORMAL)
        height = column_height(body, self.col)
        if height <= 0.8 * self.columns * (self.top - head_h - 3 * mm - BOTTOM):
            return self._story(roster, first_in_document, (None, height, 1, NORMAL), header, body)[0]
        plan = self._plan(roster, NORMAL, body)
        _switch, last, pages, _density = plan
        if pages > 1 and last < 0.4 * (self.top - BOTTOM):  # two columns: under a fifth of the page
            tight = self._plan(roster, TIGHT)
            if tight[2] < pages:
                return self._story(roster, first_in_document, tight, header)[0]
        return self._story(roster, first_in_document, plan, header, body)[0]  # as the trial left them: as built

    def make_doc(self, title: str, subject: str = ""):
        def make(buffer):
            doc = _RosterDoc(
                buffer,
                pagesize=pdf.page_size(self.paper),
                invariant=1,
                title=title,
                author="listgen",
                creator="listgen",
                subject=subject,
            )
            doc.addPageTemplates(self.templates)
            return doc

        return make


def render(roster, path, paper: str = "a4", footer: str = "", large: bool = False) -> int:
    """Write the roster PDF to path; returns the page count. large: everything drawn pdf.LARGE times larger."""
    layout = _Layout(paper, scale=pdf.LARGE if large else 1.0)
    story = layout.roster(roster, first_in_document=True)
    return pdf.build(path, layout.make_doc(f"Roster: {roster.title}", roster.ruleset), story, footer)


def render_booklet(rosters, path, title: str, cover: list, paper: str = "a4", footer: str = "") -> int:
    """Every roster in one PDF, each from a new page, after a cover page."""
    layout = _Layout(paper)
    cover_frame = Frame(
        MARGIN,
        BOTTOM,
        layout.width,
        layout.top - BOTTOM,
        id="cover",
        leftPadding=0,
        rightPadding=0,
        topPadding=0,
        bottomPadding=0,
    )
    layout.templates.append(PageTemplate(id="cover", frames=[cover_frame]))
    story = _Story(cover, rosters, layout)
    make = layout.make_doc(title)

    def make_doc(buffer):
        story.doc = make(buffer)
        return story.doc

    return pdf.build(path, make_doc, story, footer)


class _Story(list):
    """A booklet's story, each roster's flowables made as the layout comes near them rather than all before the
    first page (500 entries' flowables held 185 MB at once): ReportLab takes the story's first flowable and deletes
    it, and each deletion tops the story up, a whole roster at a time, with its page templates given to the
    document. The flowables, their order and so the file are the same."""

    AHEAD = 64  # flowables kept ahead of the layout: more than a roster's header and what it keeps with it

    def __init__(self, cover: list, rosters, layout: _Layout):
        super().__init__(cover)
        self._rosters = iter(rosters)
        self._layout = layout
        self.doc = None  # the document, once made: it takes each later roster's page templates
        self._fill()

    def _fill(self) -> None:
        while list.__len__(self) < self.AHEAD:
            roster = next(self._rosters, None)
            if roster is None:
                return
            known = len(self._layout.templates)
            self.extend(self._layout.roster(roster, first_in_document=False))
            if self.doc is not None:
                self.doc.addPageTemplates(self._layout.templates[known:])

    def __delitem__(self, key) -> None:
        super().__delitem__(key)
        self._fill()
