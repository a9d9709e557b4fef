"""Where listgen meets ReportLab beyond its public API (listgen/render/rl.py), pinned: a ReportLab release
that changes it fails here, by name, instead of printing a wrong page count."""

import io
import re

from conftest import recording
from reportlab.lib.pagesizes import A4, landscape
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph, SimpleDocTemplate

from listgen.render import pdf, rl


def pages_in(data: bytes) -> int:
    return len(re.findall(rb"/Type /Page\b(?!s)", data))


def test_start_page_begins_a_blank_page_without_emitting_the_last():
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=A4)
    canvas.drawString(10, 10, "first page")
    state = dict(canvas.__dict__)
    rl.start_page(canvas)  # the page drawn is set aside, not emitted...
    canvas.save()
    assert pages_in(out.getvalue()) == 0
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=A4)
    canvas.drawString(10, 10, "first page")
    state = dict(canvas.__dict__)
    rl.start_page(canvas)
    canvas.__dict__.update(state)  # ...and emitted when its state is put back and shown
    canvas.showPage()
    canvas.save()
    assert pages_in(out.getvalue()) == 1


def test_every_page_is_numbered_out_of_the_total(monkeypatch):
    drawn = []
    real = pdf.draw_text

    def spy(canvas, x, y, text, *args, **kwargs):
        drawn.append((canvas.getPageNumber(), canvas.page_size, text))
        return real(canvas, x, y, text, *args, **kwargs)

    monkeypatch.setattr(pdf, "draw_text", spy)
    story = [Paragraph(f"line {i}") for i in range(200)]
    size = landscape(A4)
    _data, pages = pdf.render_bytes(lambda buffer: SimpleDocTemplate(buffer, pagesize=size), story, "left")
    assert pages >= 3
    footers = [(page, text) for page, _size, text in drawn if "page " in text]
    assert footers == [(p, f"page {p} of {pages}") for p in range(1, pages + 1)]
    assert {s for _p, s, _t in drawn} == {size}  # the footer is placed on the page's own size


def test_keep_says_what_it_keeps():
    parts = [Paragraph("a"), Paragraph("b")]
    keep = pdf.Keep(parts)
    assert keep.parts == parts and keep.parts is not parts
    # it still splits into what it holds when a column cannot take it whole
    assert len(keep.splitOn(Canvas(io.BytesIO()), 500, 12)) >= 2


def test_a_paragraph_breaks_its_lines_once_per_width_and_keeps_each_widths_lines(monkeypatch):
    """pdf.Para keeps the lines ReportLab found at each width (a table wraps its cells each time it is wrapped):
    wrapped again at a width it has seen, it breaks nothing and stands as it did; at another width, as a fresh
    ReportLab paragraph stands there."""
    breaks = []
    real = Paragraph.breakLines
    monkeypatch.setattr(Paragraph, "breakLines", recording(breaks, real, lambda self, widths: widths[0]))
    text = "Lt. Hugh Masters, platoon leader, with a rifle, a pistol and a long name to break " * 3
    style = pdf.style(8)
    para = pdf.para(text, style)
    narrow, wide = para.wrap(100, 1_000), para.wrap(300, 1_000)
    assert para.wrap(100, 50) == narrow  # the height asked for plays no part in where lines break
    assert len(para.blPara.lines) == len(pdf.para(text, style).breakLines([100, 100]).lines)
    assert para.wrap(300, 1_000) == wide
    assert breaks == [100, 300, 100]  # the last, the fresh paragraph's: the kept one broke each width once
    fresh = Paragraph(para.text, style)
    assert fresh.wrap(100, 1_000) == narrow and fresh.wrap(300, 1_000) == wide and narrow[1] > wide[1]


def test_a_paragraphs_markup_is_parsed_once_per_text_and_style(monkeypatch):
    """rl.Para keeps ReportLab's parse of each text in each style (a roster repeats its labels on every team):
    the same text in the same style is parsed once and breaks into the same lines as ReportLab's own
    paragraph; another style is parsed again. pdf.style gives one object per set of values."""
    from reportlab.platypus import paraparser

    parses = []
    real = paraparser.ParaParser.parse
    monkeypatch.setattr(paraparser.ParaParser, "parse", recording(parses, real, lambda self, text, style: text))
    rl._parsed.cache_clear()
    text = "<b>Rules:</b> Autofire (SMG) &amp; a name seen once on every team"
    assert pdf.style(8) is pdf.style(8) and pdf.style(8) is not pdf.style(8, bold=True)
    first, again = pdf.markup(text, pdf.style(8)), pdf.markup(text, pdf.style(8))
    assert len(parses) == 1
    pdf.markup(text, pdf.style(8, bold=True))
    assert len(parses) == 2
    own = Paragraph(first.text, pdf.style(8))
    assert first.text == own.text and [f.text for f in first.frags] == [f.text for f in own.frags]
    assert first.wrap(120, 1_000) == again.wrap(120, 1_000) == own.wrap(120, 1_000)
    assert [line.words[0].text for line in again.blPara.lines] == [line.words[0].text for line in own.blPara.lines]
