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
    other = pdf.para(text, style)  # the same text in the same style, laid out again (a roster after its trial)
    assert other.wrap(300, 1_000) == wide and other.blPara is para.blPara is not fresh.blPara
    assert breaks == [100, 300, 100, 100, 300]  # ReportLab's own twice; the same text again broke nothing
    assert pdf.para(text, pdf.style(9)).wrap(100, 1_000) != narrow  # another style breaks its own lines
    assert breaks[-1] == 100


def test_a_paragraph_split_across_columns_breaks_lines_of_its_own(monkeypatch):
    """Splitting a paragraph writes into its lines (ReportLab adds a space after each line's last word): the
    lines another paragraph of the same text shares are left as they were, and the pieces are ReportLab's."""
    text = "<b>Special rules:</b> a long note on <i>every</i> team that runs over the foot of a column " * 4
    style = pdf.style(8)
    kept, split = pdf.markup(text, style), pdf.markup(text, style)
    kept.wrap(120, 1_000)
    before = [[getattr(w, "text", w) for w in line.words] for line in kept.blPara.lines]
    split.wrap(120, 1_000)
    assert split.blPara is kept.blPara
    pieces = split.split(120, 30)
    own = Paragraph(text, style)
    own.wrap(120, 1_000)
    assert len(pieces) == 2 and [p.wrap(120, 1_000) for p in pieces] == [p.wrap(120, 1_000) for p in own.split(120, 30)]
    assert [[getattr(w, "text", w) for w in line.words] for line in kept.blPara.lines] == before


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


def test_the_lines_kept_are_let_go_once_a_document_is_written():
    """A server renders many documents: the lines kept for one are not kept past it (nor past MOST_LINES)."""
    from reportlab.platypus import SimpleDocTemplate

    story = [pdf.para(f"line {i} of a document", pdf.style(8)) for i in range(3)]
    story[0].wrap(200, 1_000)
    assert rl._LINES
    data, pages = pdf.render_bytes(lambda buffer: SimpleDocTemplate(buffer), story, "footer")
    assert pages == 1 and data.startswith(b"%PDF") and not rl._LINES
    for i in range(rl.MOST_LINES - 1):
        rl._LINES[("text", i)] = ()
    pdf.para("the last kept", pdf.style(8)).wrap(200, 1_000)
    assert len(rl._LINES) == rl.MOST_LINES  # at the bound: all kept
    pdf.para("one past it", pdf.style(8)).wrap(200, 1_000)
    assert len(rl._LINES) == 1  # past it: the rest let go
    rl.forget_lines()
