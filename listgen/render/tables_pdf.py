"""Hit tables PDF: exact odds as coloured percentages, each with its assumptions, and curves.

Landscape pages; a table narrow enough shares its row with the next of its group, so that a page holds
several tables; wide tables of one frame in a row (a matchup's targets) are one grid under one header, each
under its title (RunGrid); columns are as wide as what they print, cells never under MIN_SIZE, and no text
runs out of its cell.
"""

from __future__ import annotations

import re
from contextvars import ContextVar
from dataclasses import dataclass, replace
from xml.sax.saxutils import escape

from reportlab.graphics.charts.legends import Legend
from reportlab.graphics.charts.lineplots import LinePlot
from reportlab.graphics.shapes import Drawing, String
from reportlab.graphics.widgets.markers import makeMarker
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    Frame,
    PageTemplate,
    Spacer,
    Table,
    TableStyle,
)

from listgen.core.odds import COUNTS, EXPECTED, NEUTRAL, OUTCOMES, at_least, mean, median, percent, shown_at_least

from . import pdf

START = 0.3  # a table alone in its row starts on a page only where this much of the page is left; else on the next
LINE_COLOURS = [colors.HexColor(c) for c in ("#b3261e", "#e08a1e", "#2f7d32", "#1f5fa8", "#6a3d9a", "#555555")]
SIZE, HEAD = 7.2, 7  # cells; column headers and row labels
MIN_SIZE = 5.6  # the smallest type a cell is set in to fit its column
GAP = 6 * mm  # between two tables side by side
PAD = 3.5
LABEL = 170.0  # row labels wrap at this width unless the columns leave them more
KEEP = 2  # a table of a run split over a page keeps at least this many rows on each side of the break


def _cell_text(table, cell, reach: tuple | None = None) -> tuple:
    """(text, probability used for the colour); every cell of a table in one form ('0%', not '0'). reach: the
    table's _thresholds, given by a caller that writes every cell of it."""
    if cell is None:
        return "-", None
    if table.kind == COUNTS:
        reach = reach or _thresholds(table)
        if reach == (1,):  # never more than one: the chance says it all
            return percent(at_least(cell, 1)), float(at_least(cell, 1))
        chances = "/".join(percent(at_least(cell, n)).rstrip("%") for n in reach)
        middle = "" if table.compact else f" \u00b7 {median(cell)}"
        return f"{chances} \u00b7 {float(mean(cell)):.1f}{middle}", float(at_least(cell, 1))
    if table.kind == OUTCOMES:
        shown = [cell.get(o, 0) for o in table.shown]
        if table.combine_shown:
            p = sum(shown)
            return percent(p), float(p)
        colour = sum(cell.get(o, 0) for o in (table.colour_by or table.shown))
        return "/".join(percent(p).rstrip("%") for p in shown), float(colour)
    if table.kind == EXPECTED:
        return f"{float(cell):.2f}", min(1.0, float(cell) / 2)
    return percent(cell), float(cell)


def _remembered(memo: dict, table, cell, reach, form: tuple) -> tuple:
    key = (id(cell), form)
    found = memo.get(key)
    if found is None or found[0] is not cell:
        found = memo[key] = (cell, _cell_text(table, cell, reach))  # the cell kept: its id is not reused
    return found[1]


def _thresholds(table) -> tuple:
    """'At least' thresholds a COUNTS table prints, the same in every cell: 1, and 2 and 3 where any cell
    can reach them."""
    reach: tuple = (1,)
    for row in table.cells:
        for cell in row:
            if cell is not None and len(shown := shown_at_least(cell)) > len(reach):
                reach = shown
    return reach


def _widths(table, texts, size: float = SIZE) -> tuple:
    """(row label width, natural width per column, roomy width per column): a column is at least its widest
    cell or header word; roomy lets its header stand on fewer lines when the page has room."""
    label = (
        max(
            [stringWidth(str(r), pdf.FONT, HEAD) for r in table.rows]
            + [stringWidth(w, pdf.BOLD, HEAD) for w in table.row_header.split()]
        )
        + PAD
    )
    natural, roomy = [], []
    for c, head in enumerate(table.cols):
        words = [stringWidth(w, pdf.BOLD, HEAD) for w in _header_words(head)] or [0]
        cells = [max(stringWidth(line, pdf.FONT, size) for line in row[c].split("\n")) for row in texts]
        width = max(cells + words + [17]) + PAD + 1
        natural.append(width)
        roomy.append(max(width, min(stringWidth(str(head), pdf.BOLD, HEAD) + PAD + 1, 2 * width)))
    return label, natural, roomy


def _header_words(head) -> list:
    """The pieces a column header may break into: its words, and compound words after their hyphens."""
    return [w for w in re.split(r"\s+|(?<=\w-)(?=\w)", str(head)) if w]


def _header(head, width: float) -> str:
    """A column header; a compound word too wide for its column breaks after its hyphen ('hull-' 'down')."""
    words = str(head).split(" ")
    room = width - PAD
    return " ".join(re.sub(r"(?<=\w-)(?=\w)", " ", w) if stringWidth(w, pdf.BOLD, HEAD) > room else w for w in words)


# A render's cell texts, by cell: a table split over pages is laid out again in parts that share its cells, and
# the exact arithmetic of a matchup's thousands of cells is the larger part of printing it. Set for one render.
_RENDERING: ContextVar[dict | None] = ContextVar("cell_texts", default=None)


def _texts(table) -> tuple:
    """(cell texts, colour probabilities), row by row."""
    texts, colours = [], []
    reach = _thresholds(table) if table.kind == COUNTS else None
    memo = _RENDERING.get()
    form = (table.kind, table.compact, tuple(table.shown), table.combine_shown, tuple(table.colour_by), reach)
    for row in table.cells:
        if memo is None:
            pairs = [_cell_text(table, cell, reach) for cell in row]
        else:
            pairs = [_remembered(memo, table, cell, reach, form) for cell in row]
        texts.append([t for t, _p in pairs])
        colours.append([p for _t, p in pairs])
    return texts, colours


@dataclass(frozen=True)
class Fit:
    """How a grid is set to fit its width: each count cell on two lines or one, type size, label and column
    widths. A run split over pages keeps its Fit, so that its parts line up."""

    two_lines: bool
    size: float
    label_w: float
    col_w: tuple

    def lines(self, texts: list) -> list:
        return _two_lines(texts) if self.two_lines else texts


def _two_lines(texts: list) -> list:
    """A count cell's chances over its mean (and median)."""
    return [t.replace(" \u00b7 ", "\n", 1) for t in texts]


def _fit(table, texts: list, available: float) -> Fit:
    """A too wide count table sets each cell on two lines (the chances over the mean), then smaller type, until
    every column holds its widest cell (a cell's text never runs into the next); then labels wrap, and the
    columns share what is left. Labels take what the columns leave, past LABEL only to stand on one line."""
    two_lines, size = False, SIZE
    label_w, col_w, roomy = _widths(table, texts)
    if available - min(label_w, LABEL) - sum(col_w) < 0 and table.kind == COUNTS:
        two_lines = True
        texts = [_two_lines(row) for row in texts]
        label_w, col_w, roomy = _widths(table, texts)
        while size > MIN_SIZE and max(60.0, available - sum(col_w)) + sum(col_w) > available:
            size = round(size - 0.4, 1)
            label_w, col_w, roomy = _widths(table, texts, size)
    label_w = min(label_w, max(LABEL, available - sum(col_w)))
    spare = available - label_w - sum(col_w)
    if spare < 0:
        label_w = max(60.0, label_w + spare)
        scale = (available - label_w) / sum(col_w)
        col_w = [w * min(1.0, scale) for w in col_w]
    elif sum(roomy) > sum(col_w):  # room to spare: headers on fewer lines
        share = min(1.0, spare / (sum(roomy) - sum(col_w)))
        col_w = [w + (r - w) * share for w, r in zip(col_w, roomy)]
    return Fit(two_lines, size, label_w, tuple(col_w))


def _drawn(table) -> tuple:
    """(indices of the rows drawn, of the rows left out): a compact table (a matchup's) leaves out a row where
    nothing can be counted in any column, and names it in one line."""
    drawn: list[int] = []
    nil: list[int] = []
    for i, cells in enumerate(table.cells):
        empty = table.compact and all(cell is None or at_least(cell, 1) == 0 for cell in cells)
        (nil if empty else drawn).append(i)
    return drawn, nil


def _drawn_texts(table) -> list:
    texts = _texts(table)[0]
    return [texts[i] for i in _drawn(table)[0]]


def _run_fit(tables: list, available: float) -> Fit:
    texts = [line for t in tables for line in _drawn_texts(t)]
    return _fit(tables[0], texts or [["-"] * len(tables[0].cols)], available)


def _grid(tables: list, available: float, titled: bool = False, fit: Fit | None = None) -> Table:
    """One table's grid; or, titled, a run of tables with the same columns (a matchup's targets) as one grid
    under one header, each table's rows under its title set across."""
    return _laid_out(tables, available, titled, fit)[0]


def _laid_out(tables: list, available: float, titled: bool, fit: Fit | None) -> tuple:
    """(grid, layout): layout says of each row of the grid after the header (table, 'title' | 'row' | 'nil')."""
    first = tables[0]
    fit = fit or _run_fit(tables, available)
    head = pdf.style(HEAD, bold=True, leading=HEAD * 1.12)
    label = pdf.style(HEAD, leading=HEAD * 1.12)
    rows = [[pdf.para(first.row_header, head)] + [pdf.para(_header(c, w), head) for c, w in zip(first.cols, fit.col_w)]]
    layout: list = []
    styles = [
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("ALIGN", (1, 1), (-1, -1), "CENTER"),
        ("FONT", (1, 1), (-1, -1), pdf.FONT, fit.size),
        ("LEADING", (1, 1), (-1, -1), fit.size * 1.15),
        ("LINEBELOW", (0, 0), (-1, 0), 0.6, pdf.HEAD),
        ("GRID", (1, 1), (-1, -1), 0.3, colors.white),
        ("TOPPADDING", (0, 0), (-1, -1), 0.8),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.4),
        ("LEFTPADDING", (0, 0), (-1, -1), PAD / 2),
        ("RIGHTPADDING", (0, 0), (-1, -1), PAD / 2),
    ]
    for k, table in enumerate(tables):
        texts, colours = _texts(table)
        drawn, nil = _drawn(table)
        if titled:
            _across(rows, styles, _title(table), pdf.style(8, leading=9.6), top=3)
            layout.append((k, "title"))
        for i in drawn:
            r = len(rows)
            rows.append([pdf.para(table.rows[i], label)] + fit.lines(texts[i]))
            layout.append((k, "row"))
            for c, p in enumerate(colours[i], start=1):
                if p is not None:
                    styles.append(("BACKGROUND", (c, r), (c, r), pdf.heat(p, table.palette)))
        if nil:
            every = "; ".join(str(table.rows[i]) for i in nil) if drawn else "every firing unit"
            muted = pdf.style(HEAD, italic=True, color=pdf.MUTED, leading=HEAD * 1.12)
            _across(rows, styles, f"0% in every column: {escape(every)}", muted, top=0.8)
            layout.append((k, "nil"))
    grid = Table(rows, colWidths=[fit.label_w, *fit.col_w], repeatRows=1, hAlign="LEFT")
    grid.setStyle(TableStyle(styles))
    return grid, layout


def _across(rows: list, styles: list, text: str, st, top: float) -> None:
    """A row of one cell set across the grid (a table's title in a run, the rows left out)."""
    r = len(rows)
    rows.append([pdf.markup(text, st)] + [""] * (len(rows[0]) - 1))
    styles += [("SPAN", (0, r), (-1, r)), ("TOPPADDING", (0, r), (-1, r), top)]
    if top > 1:
        styles.append(("LINEBELOW", (0, r), (-1, r), 0.3, pdf.RULE))


class RunGrid(Flowable):
    """A run of tables (a matchup's targets) as one grid under one header, each table's rows under its title.
    Split over a page, it breaks between two tables, or inside one leaving at least KEEP rows on each side, and
    the next page opens with the header and that table's title, 'continued'."""

    def __init__(self, tables: list, width: float, fit: Fit | None = None):
        super().__init__()
        self.tables, self.width = list(tables), width
        self.fit = fit or _run_fit(self.tables, width)
        self.grid, self.layout = _laid_out(self.tables, width, True, self.fit)

    def wrap(self, aw, ah):
        return self.grid.wrap(aw, ah)

    def draw(self):
        self.grid.drawOn(self.canv, 0, 0)

    def split(self, aw, ah):
        self.grid.wrap(aw, ah)
        heights = self.grid._rowHeights  # ReportLab's measure of each row, header first
        fits = 0
        while fits < len(self.layout) and sum(heights[: fits + 2]) <= ah:
            fits += 1
        if fits == len(self.layout):
            return [self]
        cut = next((c for c in range(fits, 0, -1) if self._may_cut(c)), 0)
        if cut == 0:
            return []
        k = self.layout[cut][0]
        table = self.tables[k]
        above = sum(1 for t, kind in self.layout[:cut] if t == k and kind == "row")
        drawn, nil = _drawn(table)
        head = [*self.tables[:k], _rows_of(table, drawn[:above])] if above else self.tables[:k]
        tail = [_rows_of(table, drawn[above:] + nil, " (continued)")] if above else [table]
        return [RunGrid(head, self.width, self.fit), RunGrid(tail + self.tables[k + 1 :], self.width, self.fit)]

    def _may_cut(self, c: int) -> bool:
        """May the grid break before its row c: between tables, or with KEEP rows of the table on each side."""
        k, kind = self.layout[c]
        if kind == "title":
            return True
        before = sum(1 for t, kind in self.layout[:c] if t == k and kind == "row")
        after = sum(1 for t, kind in self.layout[c:] if t == k and kind == "row")
        return before >= KEEP and after >= KEEP


def _rows_of(table, rows: list, more: str = ""):
    """The table cut to some of its rows, its title marked as continued."""
    return replace(
        table,
        title=table.title + more,
        rows=[table.rows[i] for i in sorted(rows)],
        cells=[table.cells[i] for i in sorted(rows)],
    )


def _natural_width(table) -> float:
    texts = _texts(table)[0]
    label_w, col_w, _roomy = _widths(table, texts)
    return label_w + sum(col_w)


def _chart(table, width: float) -> Drawing:
    height = 150
    drawing = Drawing(width, height + 20)
    plot = LinePlot()
    plot.x, plot.y, plot.width, plot.height = 40, 25, width * 0.62, height - 20
    xs = list(range(len(table.cols)))
    plot.data = [[(x, float(v) * 100) for x, v in zip(xs, row)] for row in table.cells]
    for i, _row in enumerate(table.cells):
        line = plot.lines[i]
        line.strokeColor = LINE_COLOURS[i % len(LINE_COLOURS)]
        line.strokeWidth = 1.6
        line.symbol = makeMarker("FilledCircle", size=2.6)
        line.symbol.fillColor = LINE_COLOURS[i % len(LINE_COLOURS)]
    plot.xValueAxis.valueMin, plot.xValueAxis.valueMax = 0, len(xs) - 1
    plot.xValueAxis.valueSteps = xs
    plot.xValueAxis.labelTextFormat = lambda x: table.cols[int(x)]
    plot.yValueAxis.valueMin, plot.yValueAxis.valueMax, plot.yValueAxis.valueStep = 0, 100, 25
    plot.yValueAxis.labelTextFormat = "%d%%"
    for axis in (plot.xValueAxis, plot.yValueAxis):
        axis.labels.fontName, axis.labels.fontSize = pdf.FONT, 7
    plot.yValueAxis.visibleGrid = True
    plot.yValueAxis.gridStrokeColor = colors.HexColor("#dddddd")
    drawing.add(plot)
    drawing.add(
        String(plot.x + plot.width / 2, 4, table.col_header, fontName=pdf.FONT, fontSize=7, textAnchor="middle")
    )
    legend = Legend()
    legend.x, legend.y = plot.x + plot.width + 20, plot.y + plot.height
    legend.fontName, legend.fontSize = pdf.FONT, 7.5
    legend.alignment = "right"
    legend.columnMaximum = len(table.rows)
    legend.colorNamePairs = [(LINE_COLOURS[i % len(LINE_COLOURS)], label) for i, label in enumerate(table.rows)]
    drawing.add(legend)
    return drawing


def _legend_line(table) -> str:
    if table.palette == NEUTRAL:
        shade = "Shade: darker is likelier (no outcome here is good or bad in itself)."
    else:
        shade = ""
    if table.kind == OUTCOMES and not table.combine_shown:
        colour = " or ".join(table.colour_by or table.shown)
        return "Cells: " + " / ".join(table.shown) + f" (%). Colour: chance of {colour}. {shade}".rstrip()
    if table.kind == EXPECTED:
        return "Cells: expected number of hits (exact fractions in the JSON). " + shade
    if table.kind == COUNTS:
        return (
            f"Cells: chance (%) of at least 1 / 2 / 3 {table.counting} (fewer where no more can happen), then "
            + ("after the dot the mean" if table.compact else "after the dots the mean and the median")
            + " (a single chance where one is the most). "
            f"Colour: chance of at least one. The JSON and CSV give every count, exact. {shade}"
        ).rstrip()
    return shade


def _notes(table) -> list:
    return [n.strip() for n in [_legend_line(table)] + table.assumptions if n.strip()]


def _note_paras(notes) -> list:
    return [pdf.para(n, pdf.style(7, italic=True, color=pdf.MUTED, leading=8.4)) for n in notes]


def _title(table) -> str:
    return f"<b>{escape(table.title)}</b>  <font size='7' color='#5b5b57'>{escape(table.ref)}</font>"


def _block(run: list, width: float, with_group: bool, shared=()) -> list:
    """A run's flowables: its group heading if it opens one, title and source (for a run of several, each
    title heads its rows in the grid), grid, notes, chart. shared: notes said elsewhere, left out here."""
    table, parts = run[0], []
    if with_group:
        parts.append(
            pdf.para(table.group, pdf.style(11, bold=True, color=pdf.HEAD, leading=14, space_after=2, role="heading"))
        )
    if _titled(run):
        parts.append(RunGrid(run, width))
    else:
        parts.append(pdf.markup(_title(table), pdf.style(8.5, leading=11, space_after=1, role="heading")))
        parts.append(_grid(run, width))
    parts += _note_paras(n for n in _notes(table) if n not in shared)
    if table.chart:
        parts.append(_chart(table, width))
    return parts


def _titled(run: list) -> bool:
    """Is the run set as a RunGrid, each table's title in it: a run of several, or a matchup's table alone."""
    return len(run) > 1 or run[0].compact


def _same_frame(a, b, width: float) -> bool:
    """Tables that can share one grid: one group's, same kind, rows, columns, source and notes, no chart, and
    each with its cells on one line, or each on two (a table of single chances is not set on two lines for
    its neighbour's sake)."""
    return (
        not (a.chart or b.chart)
        and a.kind == b.kind
        and (a.group, a.ref, a.row_header, a.col_header) == (b.group, b.ref, b.row_header, b.col_header)
        and a.rows == b.rows
        and a.cols == b.cols
        and _run_fit([a], width).two_lines == _run_fit([b], width).two_lines
        and _notes(a) == _notes(b)
    )


def _runs(tables, width: float) -> list:
    """Tables in order as runs: a wide table (one too wide to share its row) joins the run before it when they
    have the same frame (a matchup's targets), and the run is set as one grid."""
    runs: list = []
    for table in tables:
        wide = not table.chart and 2 * _natural_width(table) + GAP > width
        if runs and wide and runs[-1][1] and _same_frame(runs[-1][0][-1], table, width):
            runs[-1][0].append(table)
        else:
            runs.append(([table], wide))
    return [run for run, _wide in runs]


class _Say:
    """Which notes a table prints: a run of tables of one group saying the same notes (a matchup's targets)
    says them once, under its last; a group saying word for word what the group before said says so in a line,
    and one saying mostly the same (a side with notes of its own: what of it a sheet cannot count) says only
    what is its own, and that the rest is as before."""

    def __init__(self, tables: list):
        self.quiet = {
            id(t) for t, after in zip(tables, tables[1:]) if after.group == t.group and _notes(after) == _notes(t)
        }
        self.said: tuple = ("", [])  # (group, notes) said last

    def hush(self, table) -> tuple:
        """(notes left out, lines said instead) under a table, or a run of tables ending with it."""
        notes = _notes(table)
        if id(table) in self.quiet:
            return notes, []
        if self.said[1] == notes and self.said[0] != table.group:
            return notes, _note_paras([f"Cells and assumptions as for {self.said[0]}."])
        common = [n for n in notes if n in self.said[1]]
        if self.said[0] != table.group and 2 * len(common) >= len(notes):  # most said already: the rest only
            return common, _note_paras([f"Otherwise, cells and assumptions as for {self.said[0]}."])
        self.said = (table.group, notes)
        return (), []


def _stack(run: list, width: float, height: float, opens: bool, say: _Say) -> list:
    """A run set as a RunGrid (several tables, or a matchup's alone), starting where its heading, header and
    first table's title and KEEP rows fit."""
    hush, instead = say.hush(run[-1])
    block = _block(run, width, opens, hush) + instead
    at = next(i for i, f in enumerate(block) if isinstance(f, RunGrid))
    heading = sum(f.wrap(width, height)[1] for f in block[:at])
    grid = block[at].grid
    grid.wrap(width, height)
    first = heading + sum(grid._rowHeights[: KEEP + 2])
    return [CondPageBreak(min(first + 2 * mm, START * height)), *block, Spacer(1, 4 * mm)]


def _story(tables, width: float, height: float) -> list:
    """Tables in order, as many side by side as fit the width (a chart takes a row of its own); a table that
    opens a group carries the group's heading. Tables side by side taller than a page go one under another,
    so that each can run on over a page break; a run of wide tables with one frame is one grid."""
    story: list = []
    row: list = []  # row: (table, opens its group, natural width) waiting to be set side by side
    say = _Say(tables)

    def flush():
        if len(row) == 1:
            table, opens, _n = row[0]
            hush, instead = say.hush(table)
            block = _block([table], width, opens, hush) + instead + [Spacer(1, 4 * mm)]
            if table.chart:
                story.append(pdf.Keep(block))
            else:  # a table starts where a good part of a page is left, and runs on (its header repeated)
                story.extend([CondPageBreak(START * height), *block])
        elif row:
            _side_by_side(story, row, width, height, say)
        row.clear()

    group = None
    for run in _runs(tables, width):
        table = run[0]
        opens, group = table.group != group, table.group
        if _titled(run):
            flush()
            story.extend(_stack(run, width, height, opens, say))
            continue
        natural = width if table.chart else _natural_width(table)
        if table.chart or sum(w for _t, _o, w in row) + GAP * len(row) + natural > width:
            flush()
        row.append((table, opens, natural))
    flush()
    return story


def _side_by_side(story: list, row: list, width: float, height: float, say: _Say) -> None:
    """Tables set side by side in one row; notes two or more of them carry (the same assumptions) print once,
    under the row, and not at all where a later table of the group says them (quiet). A row taller than a
    page goes one under another."""
    carried = [n for t, _o, _n in row for n in _notes(t)]
    shared = [n for n in dict.fromkeys(carried) if carried.count(n) > 1]
    spare = (width - GAP * (len(row) - 1) - sum(w for _t, _o, w in row)) / len(row)
    widths = [w + spare for _t, _o, w in row]
    hushed = [_notes(t) if id(t) in say.quiet else shared for t, _o, _n in row]
    if all(id(t) in say.quiet for t, _o, _n in row):
        shared = []
    else:
        say.said = (row[-1][0].group, _notes(row[-1][0]))
    pack = Table(
        [[_block([t], w, o, hush) for (t, o, _n), w, hush in zip(row, widths, hushed)]],
        colWidths=[w + GAP for w in widths[:-1]] + [widths[-1]],
        hAlign="LEFT",
    )
    # each column but the last keeps GAP clear on its right: its text wraps before the gap, never into
    # the next table's title (a cell's paragraphs take the whole column less its padding)
    pack.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-2, -1), GAP),
                ("TOPPADDING", (0, 0), (-1, -1), 0),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
            ]
        )
    )
    under = _note_paras(shared)
    if pack.wrap(width, 10 * height)[1] + sum(p.wrap(width, height)[1] for p in under) <= height:
        story.extend([pdf.Keep([pack] + under), Spacer(1, 4 * mm)])
    else:
        story.extend(pdf.Keep(_block([t], width, o) + [Spacer(1, 4 * mm)]) for t, o, _n in row)


def render(tables, path, title: str, paper: str = "a4", footer: str = "") -> int:
    size = pdf.page_size(paper, "landscape")
    margin = 10 * mm
    width = size[0] - 2 * margin

    def make_doc(buffer):
        doc = BaseDocTemplate(
            buffer,
            pagesize=size,
            invariant=1,
            title=title,
            author="listgen",
            creator="listgen",
            leftMargin=margin,
            rightMargin=margin,
            topMargin=margin,
            bottomMargin=11 * mm,
        )
        frame = Frame(
            margin,
            11 * mm,
            width,
            size[1] - margin - 11 * mm,
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
        )
        doc.addPageTemplates([PageTemplate(id="page", frames=[frame])])
        return doc

    story = [
        pdf.Section(title),
        pdf.para(title, pdf.style(14, bold=True, color=pdf.HEAD, leading=17)),
        pdf.para(
            "Exact odds from enumerating the dice; percentages rounded for reading. Each table states "
            "what it assumes. Colour: red unlikely, yellow even, green likely, for the player the table "
            "speaks to (the firer, the attacker, the unit testing); blue-grey tables show a spread of "
            "outcomes, darker likelier.",
            pdf.style(8, color=pdf.MUTED, space_after=4),
        ),
    ]
    started = _RENDERING.set({})
    try:
        body = _story(tables, width, size[1] - margin - 11 * mm)
        while body and isinstance(body[-1], Spacer):  # a gap after the last table would open a page of its own
            body.pop()
        return pdf.build(path, make_doc, story + body, footer)
    finally:
        _RENDERING.reset(started)
