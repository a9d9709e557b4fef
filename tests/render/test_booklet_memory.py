"""Issue 52: a national event's booklet within bounded memory. Every roster's flowables were made before the first
page was laid out (500 entries: 185 MB at once) and every page waited for 'page n of m' as ReportLab's lists of
short strings (100 MB more); now each roster is made as the layout reaches it, each waiting page is kept
compressed, and the file is the same, byte for byte."""

from __future__ import annotations

import pytest
from conftest import ARMIES

from listgen.commands.roster import printed_roster
from listgen.core.validate import check_file
from listgen.render import roster_pdf


@pytest.fixture(scope="module")
def rosters() -> list:
    lists = sorted(ARMIES.glob("smle-*.yaml"))
    return [printed_roster(check_file(str(lists[i % len(lists)]))) for i in range(12)]


def test_a_booklet_makes_each_roster_as_the_layout_reaches_it(rosters, monkeypatch, tmp_path):
    from listgen.render import rl

    said: list = []
    made, started = roster_pdf._Layout.roster, rl.start_page

    def roster(self, *args, **kwargs):
        said.append("roster")
        return made(self, *args, **kwargs)

    def start_page(canvas):
        said.append("page")
        started(canvas)

    monkeypatch.setattr(roster_pdf._Layout, "roster", roster)
    monkeypatch.setattr(rl, "start_page", start_page)
    pages = roster_pdf.render_booklet(rosters, tmp_path / "b.pdf", "Booklet", [], "a4", "footer")
    assert said.count("roster") == 12 and said.count("page") == pages
    before_first_page = said[: said.index("page")].count("roster")
    assert 1 <= before_first_page <= 3, said  # a roster (its page templates) ahead of the layout, never all 12
    assert said[-1] == "page" and said.index("roster", said.index("page")) < len(said) - 1


def test_a_booklet_made_as_it_is_laid_out_is_the_file_made_all_at_once(rosters, monkeypatch, tmp_path):
    """The same booklet from the whole story made first (as before issue 52): the same bytes."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1780000000")
    roster_pdf.render_booklet(rosters, tmp_path / "lazy.pdf", "Booklet", [], "a4", "footer")

    class Whole(list):
        doc = None

    def at_once(cover, rosters_, layout):
        story = Whole(cover)
        for roster in rosters_:
            story += layout.roster(roster, first_in_document=False)
        return story

    monkeypatch.setattr(roster_pdf, "_Story", at_once)
    roster_pdf.render_booklet(rosters, tmp_path / "whole.pdf", "Booklet", [], "a4", "footer")
    assert (tmp_path / "lazy.pdf").read_bytes() == (tmp_path / "whole.pdf").read_bytes()


def test_each_waiting_page_is_written_as_it_was_drawn(rosters, monkeypatch, tmp_path):
    """A page kept compressed until 'page n of m' is known is written with every drawing operator it was drawn
    with, in order, the footer after them."""
    from reportlab.pdfgen.canvas import Canvas

    from listgen.render import rl

    drawn: list = []
    written: list = []
    started, shown = rl.start_page, Canvas.showPage

    def start_page(canvas):
        drawn.append("\n".join(canvas._code))
        started(canvas)

    def show_page(canvas):
        if hasattr(canvas, "_pages"):  # the booklet's own, not a roster's trial layout
            written.append("\n".join(canvas._code))
        shown(canvas)

    monkeypatch.setattr(rl, "start_page", start_page)
    monkeypatch.setattr(Canvas, "showPage", show_page)
    pages = roster_pdf.render_booklet(rosters[:3], tmp_path / "b.pdf", "Booklet", [], "a4", "footer")
    assert len(drawn) == len(written) == pages > 3
    assert all(w.startswith(d + "\n") and len(d) > 1000 for d, w in zip(drawn[1:], written[1:]))
