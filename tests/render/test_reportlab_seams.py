"""Where listgen meets ReportLab beyond its public API (listgen/render/rl.py), pinned: a ReportLab release
that changes it fails here, by name, instead of printing a wrong page count."""

import io
import re

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
