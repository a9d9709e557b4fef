"""Hit tables PDF: exact odds as coloured percentages, each with its assumptions, and curves."""

from __future__ import annotations

from xml.sax.saxutils import escape

from reportlab.graphics.charts.legends import Legend
from reportlab.graphics.charts.lineplots import LinePlot
from reportlab.graphics.shapes import Drawing, String
from reportlab.graphics.widgets.markers import makeMarker
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Frame,
    KeepTogether,
    PageTemplate,
    Spacer,
    Table,
    TableStyle,
)

from ..odds import EXPECTED, OUTCOMES, percent
from . import pdf

LINE_COLOURS = [colors.HexColor(c) for c in ("#b3261e", "#e08a1e", "#2f7d32", "#1f5fa8", "#6a3d9a", "#555555")]


def _cell_text(table, cell) -> tuple:
    """(text, probability used for the colour)."""
    if cell is None:
        return "-", None
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


def _grid(table, width: float) -> Table:
    n = len(table.cols)
    label_w = min(190.0, max(70.0, width * (0.24 if n > 8 else 0.3)))
    cell_w = min(72.0, (width - label_w) / n)  # a table of few columns stays compact
    size = 6.6 if n > 10 else 7.4
    head = pdf.style(size - 0.4, bold=True, leading=size * 1.1)
    body = pdf.style(size, leading=size * 1.15)
    rows = [[pdf.para(table.row_header, head)] + [pdf.para(c, head) for c in table.cols]]
    styles = [("VALIGN", (0, 0), (-1, -1), "MIDDLE"), ("ALIGN", (1, 1), (-1, -1), "CENTER"),
              ("FONT", (1, 1), (-1, -1), pdf.FONT, size), ("LINEBELOW", (0, 0), (-1, 0), 0.6, pdf.HEAD),
              ("GRID", (1, 1), (-1, -1), 0.3, colors.white), ("TOPPADDING", (0, 0), (-1, -1), 1),
              ("BOTTOMPADDING", (0, 0), (-1, -1), 1.6), ("LEFTPADDING", (0, 0), (-1, -1), 1.5),
              ("RIGHTPADDING", (0, 0), (-1, -1), 1.5)]
    for r, label in enumerate(table.rows, start=1):
        row = [pdf.para(label, body)]
        for c, cell in enumerate(table.cells[r - 1], start=1):
            text, p = _cell_text(table, cell)
            row.append(text)
            if p is not None:
                styles.append(("BACKGROUND", (c, r), (c, r), pdf.heat(p)))
        rows.append(row)
    grid = Table(rows, colWidths=[label_w] + [cell_w] * n, repeatRows=1, hAlign="LEFT")
    grid.setStyle(TableStyle(styles))
    return grid


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
    drawing.add(String(plot.x + plot.width / 2, 4, table.col_header, fontName=pdf.FONT, fontSize=7,
                       textAnchor="middle"))
    legend = Legend()
    legend.x, legend.y = plot.x + plot.width + 20, plot.y + plot.height
    legend.fontName, legend.fontSize = pdf.FONT, 7.5
    legend.alignment = "right"
    legend.columnMaximum = len(table.rows)
    legend.colorNamePairs = [(LINE_COLOURS[i % len(LINE_COLOURS)], label) for i, label in enumerate(table.rows)]
    drawing.add(legend)
    return drawing


def _legend_line(table) -> str:
    if table.kind == OUTCOMES and not table.combine_shown:
        colour = " or ".join(table.colour_by or table.shown)
        return "Cells: " + " / ".join(table.shown) + f" (%). Colour: chance of {colour}."
    if table.kind == EXPECTED:
        return "Cells: expected number of hits (exact fractions in the JSON)."
    return ""


def render(tables, path, title: str, paper: str = "a4", footer: str = "") -> int:
    size = pdf.page_size(paper, "landscape")
    margin = 10 * mm
    width = size[0] - 2 * margin

    def make_doc(buffer):
        doc = BaseDocTemplate(buffer, pagesize=size, invariant=1, title=title, author="listgen",
                              creator="listgen", leftMargin=margin, rightMargin=margin, topMargin=margin,
                              bottomMargin=11 * mm)
        frame = Frame(margin, 11 * mm, width, size[1] - margin - 11 * mm, leftPadding=0, rightPadding=0,
                      topPadding=0, bottomPadding=0)
        doc.addPageTemplates([PageTemplate(id="page", frames=[frame])])
        return doc

    story = [pdf.para(title, pdf.style(14, bold=True, color=pdf.HEAD, leading=17)),
             pdf.para("Exact odds from enumerating the dice; percentages rounded for reading. Each table states "
                      "what it assumes. Colour: red unlikely, yellow even, green likely.",
                      pdf.style(8, color=pdf.MUTED, space_after=4))]
    group = None
    for table in tables:
        parts = []
        if table.group != group:
            group = table.group
            story.append(CondPageBreak(60 * mm))
            parts.append(pdf.para(group, pdf.style(11, bold=True, color=pdf.HEAD, leading=14, space_after=2)))
        parts.append(pdf.markup(f"<b>{escape(table.title)}</b>  <font size='6.5' color='#5b5b57'>"
                                f"{escape(table.ref)} · {escape(table.id)}</font>", pdf.style(8.5, leading=11)))
        parts.append(_grid(table, width))
        notes = [n for n in [_legend_line(table)] + table.assumptions if n]
        parts += [pdf.para(n, pdf.style(6.6, italic=True, color=pdf.MUTED, leading=8)) for n in notes]
        if table.chart:
            parts.append(_chart(table, width))
        parts.append(Spacer(1, 4 * mm))
        story.append(KeepTogether(parts))
    return pdf.build(path, make_doc, story, footer)
