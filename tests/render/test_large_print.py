"""Large print (``--large``, render/pdf.LARGE): rosters, cards and the opponent's summary drawn half as large again on
the same paper, read at arm's length, with every unit still whole (never split across a column or page) and none
lost."""

from __future__ import annotations

import io
import re
import statistics
import subprocess

import pytest
from conftest import ARMIES
from reportlab.platypus import Paragraph, Table
from reportlab.platypus.doctemplate import BaseDocTemplate

from listgen.commands.cards import cards_pdf
from listgen.commands.roster import printed_roster, roster_pdf
from listgen.core.validate import check_file
from listgen.render import pdf
from listgen.render import roster_pdf as roster_render

LISTS = ["smle-british-rifle-platoon.yaml", "noonday-zulu-impi.yaml", "bounce-militia-defence.yaml"]


def word_heights(data: bytes) -> list[float]:
    """Each printed word's height on the page, as poppler reads it (the size it is drawn at, scaling included)."""
    html = subprocess.run(["pdftotext", "-bbox", "-", "-"], input=data, capture_output=True, check=True).stdout.decode()
    boxes = re.findall(r'yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)"', html)
    return [float(b) - float(a) for a, b in boxes]


def media_box(data: bytes) -> tuple:
    return tuple(round(float(n)) for n in re.search(rb"/MediaBox \[ ?([\d. ]+)\]", data).group(1).split())


@pytest.mark.parametrize("name", LISTS)
def test_a_large_roster_prints_its_text_half_as_large_again_on_the_same_paper(name):
    report = check_file(str(ARMIES / name))
    normal, large = io.BytesIO(), io.BytesIO()
    roster_pdf(report, normal)
    roster_pdf(report, large, large=True)
    ratio = statistics.median(word_heights(large.getvalue())) / statistics.median(word_heights(normal.getvalue()))
    assert 1.4 < ratio < 1.6, ratio  # body text 7.5 pt printed at 11.25 pt
    assert media_box(large.getvalue()) == media_box(normal.getvalue()) == (0, 0, 595, 842)  # A4 all the same
    assert pdf.LARGE == 1.5


@pytest.fixture
def units_drawn(monkeypatch):
    """Every unit's flowables as the roster builds them, and every flowable drawn in the final layout (a trial
    layout's are left out) with its page and column."""
    units: list = []
    real = roster_render.unit_flowables

    def recording(*args, **kwargs):
        flow = real(*args, **kwargs)
        parts = [p for f in flow for p in (f.parts if isinstance(f, pdf.Keep) else [f])]
        units.append([p for p in parts if isinstance(p, (Paragraph, Table))])  # what prints (not spacing)
        return flow

    monkeypatch.setattr(roster_render, "unit_flowables", recording)
    drawn: dict = {}

    def after(self, flowable):
        frame = getattr(self, "frame", None)
        if frame is not None and not isinstance(frame, roster_render._TrialFrame):
            drawn[id(flowable)] = (self.page, frame.id)

    monkeypatch.setattr(BaseDocTemplate, "afterFlowable", after)
    return units, drawn


@pytest.mark.parametrize("name", LISTS)
@pytest.mark.parametrize("combine", [False, True])
def test_a_large_roster_keeps_every_unit_whole_and_loses_none(name, combine, units_drawn):
    units, drawn = units_drawn
    report = check_file(str(ARMIES / name))
    out = io.BytesIO()
    pages = roster_pdf(report, out, large=True, combine=combine)
    assert pages >= 1 and units
    printed = [parts for parts in units if any(id(part) in drawn for part in parts)]  # the body laid out for good
    assert len(printed) == len(printed_roster(report, combine=combine).units)
    for parts in printed:  # a part split over two columns is drawn as its pieces, never as itself
        where = {drawn.get(id(part)) for part in parts}
        assert None not in where, f"a part of {parts[0].getPlainText()!r} was split"
        assert len(where) == 1, f"{parts[0].getPlainText()!r} is split over {sorted(where)}"
    text = " ".join(
        subprocess.run(["pdftotext", "-", "-"], input=out.getvalue(), capture_output=True).stdout.decode().split()
    )
    for unit in printed_roster(report, combine=combine).units:
        assert " ".join(unit.title.split()) in text, unit.title


@pytest.mark.parametrize("name", LISTS)
def test_large_cards_give_every_unit_its_one_card_in_larger_type(name):
    report = check_file(str(ARMIES / name))
    normal, large = io.BytesIO(), io.BytesIO()
    cards_pdf(report, normal)
    pages = cards_pdf(report, large, large=True)
    ratio = statistics.median(word_heights(large.getvalue())) / statistics.median(word_heights(normal.getvalue()))
    assert ratio > 1.25, ratio  # a card's text is set in up to 1.5 times its size (a crowded card shrinks a little)
    text = subprocess.run(["pdftotext", "-", "-"], input=large.getvalue(), capture_output=True).stdout.decode()
    assert "(1 of" not in text  # no unit runs onto a second card
    flat = " ".join(text.split())
    for unit in printed_roster(report).units:
        if unit.rows or unit.tracks or unit.counters or unit.facts or unit.rules:
            assert unit.title.split(": ", 1)[-1].split()[0] in flat, unit.title
    assert pages >= 1
