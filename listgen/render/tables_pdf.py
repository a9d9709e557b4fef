"""Hit tables PDF: exact odds as coloured percentages, each with its assumptions, and curves.

Landscape pages; a table narrow enough shares its row with the next of its group, so that a page holds
several tables; columns are as wide as what they print; cells are never under 7 pt.
"""

from __future__ import annotations

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
    Frame,
    PageTemplate,
    Spacer,
    Table,
    TableStyle,
)

from ..odds import COUNTS, EXPECTED, NEUTRAL, OUTCOMES, at_least, mean, median, percent, shown_at_least
from . import pdf

START = 0.3  # a table alone in its row starts on a page only where this much of the page is left; else on the next
LINE_COLOURS = [colors.HexColor(c) for c in ("#b3261e", "#e08a1e", "#2f7d32", "#1f5fa8", "#6a3d9a", "#555555")]
SIZE, HEAD = 7.2, 7  # cells; column headers and row labels
MIN_SIZE = 5.6  # the smallest type a cell is set in to fit its column
GAP = 6 * mm  # between two tables side by side
PAD = 3.5


def _cell_text(table, cell) -> tuple:
    """(text, probability used for the colour); every cell of a table in one form ('0%', not '0')."""
    if cell is None:
        return "-", None
    if table.kind == COUNTS:
        if _thresholds(table) == (1,):  # never more than one: the chance says it all
            return percent(at_least(cell, 1)), float(at_least(cell, 1))
        chances = "/".join(percent(at_least(cell, n)).rstrip("%") for n in _thresholds(table))
        return f"{chances} \u00b7 {float(mean(cell)):.1f} \u00b7 {median(cell)}", float(at_least(cell, 1))
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
        words = [stringWidth(w, pdf.BOLD, HEAD) for w in str(head).split()] or [0]
        cells = [max(stringWidth(line, pdf.FONT, size) for line in row[c].split("\n")) for row in texts]
        width = max(cells + words + [17]) + PAD + 1
        natural.append(width)
        roomy.append(max(width, min(stringWidth(str(head), pdf.BOLD, HEAD) + PAD + 1, 2 * width)))
    return min(label, 170.0), natural, roomy


def _grid(table, available: float) -> Table:
    texts, colours = [], []
    for row in table.cells:
        pairs = [_cell_text(table, cell) for cell in row]
        texts.append([t for t, _p in pairs])
        colours.append([p for _t, p in pairs])
    label_w, col_w, roomy = _widths(table, texts)
    size = SIZE
    if available - label_w - sum(col_w) < 0 and table.kind == COUNTS:
        # too wide: each count cell on two lines (the chances over the mean and median), then smaller type,
        # until every column holds its widest cell (a cell's text never runs into the next)
        texts = [[t.replace(" \u00b7 ", "\n", 1) for t in row] for row in texts]
        label_w, col_w, roomy = _widths(table, texts)
        while size > MIN_SIZE and max(60.0, available - sum(col_w)) + sum(col_w) > available:
            size = round(size - 0.4, 1)
            label_w, col_w, roomy = _widths(table, texts, size)
    spare = available - label_w - sum(col_w)
    if spare < 0:  # too wide: labels wrap first, then the columns share what is left
        label_w = max(60.0, label_w + spare)
        scale = (available - label_w) / sum(col_w)
        col_w = [w * min(1.0, scale) for w in col_w]
    elif sum(roomy) > sum(col_w):  # room to spare: headers on fewer lines
        share = min(1.0, spare / (sum(roomy) - sum(col_w)))
        col_w = [w + (r - w) * share for w, r in zip(col_w, roomy)]
    head = pdf.style(HEAD, bold=True, leading=HEAD * 1.12)
    label = pdf.style(HEAD, leading=HEAD * 1.12)
    rows = [[pdf.para(table.row_header, head)] + [pdf.para(c, head) for c in table.cols]]
    styles = [
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
        ("ALIGN", (1, 1), (-1, -1), "CENTER"),
        ("FONT", (1, 1), (-1, -1), pdf.FONT, size),
        ("LEADING", (1, 1), (-1, -1), size * 1.15),
        ("LINEBELOW", (0, 0), (-1, 0), 0.6, pdf.HEAD),
        ("GRID", (1, 1), (-1, -1), 0.3, colors.white),
        ("TOPPADDING", (0, 0), (-1, -1), 0.8),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 1.4),
        ("LEFTPADDING", (0, 0), (-1, -1), PAD / 2),
        ("RIGHTPADDING", (0, 0), (-1, -1), PAD / 2),
    ]
    for r, name in enumerate(table.rows, start=1):
        rows.append([pdf.para(name, label)] + texts[r - 1])
        for c, p in enumerate(colours[r - 1], start=1):
            if p is not None:
                styles.append(("BACKGROUND", (c, r), (c, r), pdf.heat(p, table.palette)))
    grid = Table(rows, colWidths=[label_w] + col_w, repeatRows=1, hAlign="LEFT")
    grid.setStyle(TableStyle(styles))
    return grid


def _natural_width(table) -> float:
    texts = [[_cell_text(table, cell)[0] for cell in row] for row in table.cells]
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
            "after the dots the mean and the median (a single chance where one is the most). "
            f"Colour: chance of at least one. The JSON and CSV give every count, exact. {shade}"
        ).rstrip()
    return shade


def _notes(table) -> list:
    return [n.strip() for n in [_legend_line(table)] + table.assumptions if n.strip()]


def _note_paras(notes) -> list:
    return [pdf.para(n, pdf.style(7, italic=True, color=pdf.MUTED, leading=8.4)) for n in notes]


def _block(table, width: float, with_group: bool, shared=()) -> list:
    """A table's flowables: its group heading if it opens one, title and source, grid, notes, chart. shared:
    notes printed once under the row of tables it stands in, left out here."""
    parts = []
    if with_group:
        parts.append(
            pdf.para(table.group, pdf.style(11, bold=True, color=pdf.HEAD, leading=14, space_after=2, role="heading"))
        )
    parts.append(
        pdf.markup(
            f"<b>{escape(table.title)}</b>  <font size='7' color='#5b5b57'>{escape(table.ref)}</font>",
            pdf.style(8.5, leading=11, space_after=1, role="heading"),
        )
    )
    parts.append(_grid(table, width))
    parts += _note_paras(n for n in _notes(table) if n not in shared)
    if table.chart:
        parts.append(_chart(table, width))
    return parts


def _story(tables, width: float, height: float) -> list:
    """Tables in order, as many side by side as fit the width (a chart takes a row of its own); a table that
    opens a group carries the group's heading. Tables side by side taller than a page go one under another,
    so that each can run on over a page break."""
    story: list = []
    row: list = []  # row: (table, opens its group, natural width) waiting to be set side by side
    # a run of tables of one group saying the same notes (a matchup's targets) says them once, under its last
    quiet = {id(t) for t, after in zip(tables, tables[1:]) if after.group == t.group and _notes(after) == _notes(t)}

    def flush():
        if len(row) == 1:
            table, opens, _n = row[0]
            hush = _notes(table) if id(table) in quiet else ()
            block = _block(table, width, opens, hush) + [Spacer(1, 4 * mm)]
            if table.chart:
                story.append(pdf.Keep(block))
            else:  # a table starts where a good part of a page is left, and runs on (its header repeated)
                story.extend([CondPageBreak(START * height), *block])
        elif row:
            # notes two or more tables of the row carry (the same assumptions) print once, under the row
            carried = [n for t, _o, _n in row for n in _notes(t)]
            shared = [n for n in dict.fromkeys(carried) if carried.count(n) > 1]
            spare = (width - GAP * (len(row) - 1) - sum(w for _t, _o, w in row)) / len(row)
            widths = [w + spare for _t, _o, w in row]
            pack = Table(
                [[_block(t, w, o, shared) for (t, o, _n), w in zip(row, widths)]],
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
                story.extend(pdf.Keep(_block(t, width, o) + [Spacer(1, 4 * mm)]) for t, o, _n in row)
        row.clear()

    group = None
    for table in tables:
        opens, group = table.group != group, table.group
        natural = width if table.chart else _natural_width(table)
        if table.chart or sum(w for _t, _o, w in row) + GAP * len(row) + natural > width:
            flush()
        row.append((table, opens, natural))
    flush()
    return story


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
    return pdf.build(path, make_doc, story + _story(tables, width, size[1] - margin - 11 * mm), footer)
