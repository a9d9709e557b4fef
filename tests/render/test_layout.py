"""What a printed page looks like: page counts, no heading left alone at the foot of a column, sheets on the
sides they claim in type a player can read, hit-table cells in one form, and unit cards that fit."""

from __future__ import annotations

import math

import pytest
import yaml
from conftest import ARMIES, ROOT, recording
from reportlab.platypus import Spacer
from reportlab.platypus.doctemplate import ActionFlowable, BaseDocTemplate

from listgen import rulesets
from listgen.commands import cards as cards_command
from listgen.commands import roster as roster_command
from listgen.commands.hit_tables import hit_tables
from listgen.commands.roster import make_roster, printed_roster
from listgen.core.validate import check_file, check_text
from listgen.render import cards_pdf, roster_pdf, sheet_pdf, tables_pdf

EXAMPLES = sorted(p.name for p in ARMIES.glob("*.yaml"))


@pytest.fixture
def drawn(monkeypatch):
    """Every flowable drawn in a final build, as (page, frame id, flowable)."""
    seen = []

    def after(self, flowable):
        frame = getattr(self, "frame", None)
        seen.append((self.page, frame.id if frame is not None else None, flowable))

    monkeypatch.setattr(BaseDocTemplate, "afterFlowable", after)
    return seen


def is_heading(flowable) -> bool:
    """A heading is a paragraph set in a style whose role is heading (pdf.style(role=...))."""
    return getattr(getattr(flowable, "style", None), "name", "") == "heading"


def assert_no_lone_headings(drawn):
    """No column or page ends on a heading, and every page holds something besides headings."""
    frames, pages = {}, {}
    for page, frame, flowable in drawn:
        if isinstance(flowable, (Spacer, ActionFlowable)) or flowable.wrap(500, 1000)[1] == 0:
            continue
        frames.setdefault((page, frame), []).append(flowable)
        pages.setdefault(page, []).append(flowable)
    assert frames, "nothing was drawn"
    for where, flowables in frames.items():
        assert not is_heading(flowables[-1]), f"a heading ends {where}: {flowables[-1].getPlainText()!r}"
    for page, flowables in pages.items():
        assert not all(is_heading(f) for f in flowables), f"page {page} holds only headings"


# Every example roster fits one page (measured when the layout was last changed; a change that makes one
# spill onto a second page should be seen, not slip by).
@pytest.mark.slow
@pytest.mark.parametrize("name", EXAMPLES)
def test_example_rosters_take_one_page(name, tmp_path, drawn):
    pages = roster_command.roster_pdf(check_file(str(ARMIES / name)), tmp_path / "r.pdf")
    assert pages == 1
    assert_no_lone_headings(drawn)


def big_smle_platoon() -> str:
    """The British platoon with its sections three times over: a roster of several pages."""
    data = yaml.safe_load((ARMIES / "smle-british-rifle-platoon.yaml").read_text())
    sections = data["platoons"][0]["sections"]
    copies = []
    for n in range(3):
        for section in sections:
            copy = yaml.safe_load(yaml.safe_dump(section))
            copy["name"] = f"{section['name']} ({n + 1})"
            for team in copy["teams"]:
                team["name"] = f"{team['name']} ({n + 1})"
            copies.append(copy)
    data["platoons"][0]["sections"] = copies
    return yaml.safe_dump(data, sort_keys=False)


@pytest.mark.slow
def test_a_long_roster_runs_on_with_its_name_on_every_page(tmp_path, drawn, monkeypatch):
    headers = []
    from listgen.render import pdf

    real = pdf.draw_text

    def spy(canvas, x, y, text, *args, **kwargs):
        headers.append((canvas.getPageNumber(), text))
        return real(canvas, x, y, text, *args, **kwargs)

    monkeypatch.setattr(pdf, "draw_text", spy)
    report = check_text(big_smle_platoon(), "big.yaml")
    pages = roster_command.roster_pdf(report, tmp_path / "big.pdf")
    assert pages >= 2
    assert_no_lone_headings(drawn)
    for page in range(2, pages + 1):
        assert (page, f"{report.army.name} (continued)") in headers
        assert (page, f"page {page} of {pages}") in headers


@pytest.mark.slow
def test_a_tournament_booklet_keeps_headings_with_their_lists(tmp_path, drawn):
    from listgen.events.tournament import check_entries, entry_paths, open_pack, write

    pack_file = ARMIES / "tournament" / "pack.yaml"
    event = open_pack(str(pack_file))
    result = check_entries(event, str(pack_file), entry_paths(event, str(pack_file), ()))
    write(result, tmp_path / "t", "a4")
    assert_no_lone_headings(drawn)


@pytest.mark.slow
@pytest.mark.parametrize("slug", rulesets.slugs())
def test_reference_sheets_keep_to_their_sides_in_readable_type(slug):
    sheet = rulesets.get(slug).reference(None)
    sides, size = sheet_pdf.fit(sheet, "a4")
    assert sides <= sheet.pages and size >= 7.0


@pytest.mark.slow
def test_a_sheet_takes_the_largest_type_that_fits():
    sheet = rulesets.get("close-action").reference(None)
    sides, size = sheet_pdf.fit(sheet, "a4")
    bigger = [s for s in sheet_pdf.SIZES if s > size]
    for s in bigger:  # each larger size was tried and would not fit
        make_doc, col_w = sheet_pdf._make_doc(sheet, "a4")
        from listgen.render import pdf

        pages = pdf.render_bytes(make_doc, sheet_pdf._story(sheet, col_w, s, "A4", sides), "")[1]
        assert pages > sides


@pytest.mark.slow
@pytest.mark.parametrize("slug", rulesets.slugs())
def test_hit_tables_print_every_probability_cell_in_one_form(slug, tmp_path, drawn):
    tables = rulesets.get(slug).hit_tables(None)
    for table in tables:
        if table.kind == "probability":
            texts = [tables_pdf._cell_text(table, cell)[0] for row in table.cells for cell in row if cell is not None]
            assert all(t.endswith("%") for t in texts), table.id
    hit_tables(slug, tmp_path / "h.pdf")
    assert_no_lone_headings(drawn)


def test_counts_of_hits_are_not_coloured_as_good_or_bad():
    """'0 hits' is not green: a table of how many hits (or where a blast lands) is shaded in one hue."""
    for slug, ids in (
        ("smle", ["smle-autofire-green"]),
        ("close-action", ["close-action-volley-16-close", "close-action-blast-drift"]),
    ):
        tables = {t.id: t for t in rulesets.get(slug).hit_tables(None)}
        for table_id in ids:
            assert tables[table_id].palette == "neutral"
    from listgen.render import pdf

    assert pdf.heat(0.0, "neutral") == pdf.heat(0.0, "neutral")
    grey, green = pdf.heat(1.0, "neutral"), pdf.heat(1.0)
    assert grey.green - grey.red < 0.2 < green.green - green.red


@pytest.mark.slow
def test_hit_tables_share_pages(tmp_path):
    """Several tables to a page: the S.M.L.E. set takes fewer pages than half its tables."""
    tables = rulesets.get("smle").hit_tables(None)
    pages = hit_tables("smle", tmp_path / "h.pdf")
    assert pages is not None and pages < len(tables) / 2


@pytest.mark.slow
@pytest.mark.parametrize("name", EXAMPLES)
def test_every_unit_gets_a_card_and_nine_share_a_page(name, tmp_path, drawn):
    """Cards are cut for three rows; short cards are then set in more rows (up to six), each still fitting."""
    report = check_file(str(ARMIES / name))
    roster = make_roster(report)
    page_w, page_h = (595.27, 841.89)
    card_w = (page_w - 2 * cards_pdf.MARGIN) / cards_pdf.COLUMNS - 2 * cards_pdf.PAD
    card_h = (page_h - cards_pdf.TOP - cards_pdf.BOTTOM) / cards_pdf.ROWS - 2 * cards_pdf.PAD
    cards = cards_pdf.cards(roster, card_w, card_h)
    with_stats = [u for u in roster.units if u.rows or u.tracks or u.counters or u.facts or u.rules]
    assert len(cards) >= len(with_stats)
    (columns, rows, _w, set_h, _left, _top), made = cards_pdf.layout(roster)
    assert columns == 3 and 3 <= rows <= 6
    for card in made:
        assert roster_pdf.column_height(card, card_w) <= set_h - 2 * cards_pdf.PAD
    if rows < 6:  # one row more would not have fitted the tallest card
        taller = max(roster_pdf.column_height(card, card_w) for card in made)
        assert taller > cards_pdf.grid("a4", "nine-up", rows + 1)[3] - 2 * cards_pdf.PAD
    pages = cards_command.cards_pdf(report, tmp_path / "c.pdf")
    assert pages == math.ceil(len(made) / (columns * rows))


def test_a_unit_too_long_for_a_card_runs_on_to_the_next():
    """A Close Action squad of 12 with a long list of support weapons takes two cards, '(1 of 2)'."""
    text = (ROOT / "armies" / "close-action-us-rifle-squads.yaml").read_text()
    data = yaml.safe_load(text)
    squad = data["squads"][0]
    squad["men"] = [{"count": 11, "weapon": "rifle", "role": "rifleman with a rather long description"}] * 3
    report = check_text(yaml.safe_dump(data, sort_keys=False), "long.yaml")
    roster = make_roster(report)
    cards = cards_pdf.cards(roster, 180, 240)
    titles = [_strip(card)[0] for card in cards]
    assert any("(1 of " in t for t in titles) and any("(2 of " in t for t in titles)
    for card in cards:
        assert roster_pdf.column_height(card, 180) <= 240


def _team_of(rows: int, role: str = "rifleman with a rather long description of what he carries") -> tuple:
    """(roster, the unit) of an S.M.L.E. list whose one team has ``rows`` figure rows (not legal: too many)."""
    figures = "".join(f"          - {{count: 1, weapon: rifle, role: {role} {i}}}\n" for i in range(rows))
    text = (
        "ruleset: smle\nname: Long team\nsections:\n  - name: S\n    leader: {name: L, quality: veteran, weapon: smg}\n"
        f"    teams:\n      - name: T\n        quality: trained\n        figures:\n{figures}"
    )
    roster = printed_roster(check_text(text, "long.yaml"))
    return roster, cards_pdf._for_card(next(u for u in roster.units if u.title == "Team: T"))


@pytest.mark.parametrize("rows, height", [(4, 200), (9, 200), (14, 200), (5, 120), (6, 120)])
def test_a_long_unit_takes_the_fewest_cards_that_hold_it(rows, height):
    # the count is estimated from the unit's height, then checked; brute force tries every count from two up
    roster, unit = _team_of(rows)
    width = 160
    made = cards_pdf._unit_cards(roster, unit, "S", width, height)
    fewest = next(p for p in range(2, rows + 1) if cards_pdf._split_cards(roster, unit, "S", width, height, p))
    assert len(made) == fewest >= 2
    assert all(roster_pdf.column_height(card, width) <= height for card in made)
    assert not any("not printed on its cards" in text for card in made for text in _texts(card))


@pytest.mark.parametrize("rows, height", [(40, 200), (7, 120)])  # far past; one row past (estimated within)
def test_a_unit_past_the_most_cards_is_cut_and_its_last_card_says_so(rows, height):
    # at the bound: six rows at this height take six cards, one a card (the test above), nothing cut
    width, most = 160, cards_pdf.MOST_CARDS
    roster, unit = _team_of(rows)
    assert not cards_pdf._split_cards(roster, unit, "S", width, height, most)  # MOST_CARDS cannot hold it
    past = cards_pdf._unit_cards(roster, unit, "S", width, height)
    assert 2 <= len(past) <= most
    assert all(roster_pdf.column_height(card, width) <= height for card in past)
    last = _texts(past[-1])
    assert any("more rows are not printed on its cards (6 a unit at most): the roster prints them" in t for t in last)
    assert f"(1 of {len(past)})" in _strip(past[0])[0]


def _texts(card) -> list:
    from reportlab.platypus import Table

    out = []
    for f in card:
        if isinstance(f, Table):
            out += [
                c.getPlainText()
                for row in f._cellvalues
                for cell in row
                for c in (cell if isinstance(cell, (list, tuple)) else [cell])
                if hasattr(c, "getPlainText")
            ]
        elif hasattr(f, "getPlainText"):
            out.append(f.getPlainText())
    return out


def test_cards_carry_the_list_name_and_verdict(tmp_path):
    report = check_text(big_smle_platoon(), "big.yaml")  # not legal: too many sections for one platoon
    roster = make_roster(report)
    cards = cards_pdf.cards(roster, 180, 240)
    unit = next(u for u in roster.units if u.rows or u.facts)
    assert _strip(cards[0]) == [unit.title, "NOT LEGAL"]  # the unit's name heads its card
    assert cards[0][1].getPlainText().startswith(report.army.name)  # whose list it is, under it


def _strip(card) -> list:
    """The texts of a card's coloured strip: the unit's name and the list's verdict."""
    return [(c[0] if isinstance(c, (list, tuple)) else c).getPlainText() for c in card[0]._cellvalues[0]]


def _broken_words(flowables, width) -> list:
    """Words a card's tables break across lines ('sergean' / 't'): every line of every cell must be made of
    whole words of the cell's text."""
    from reportlab.platypus import Paragraph, Table

    broken = []
    for f in flowables:
        if not isinstance(f, Table):
            continue
        f.wrap(width, 10_000)
        for row in f._cellvalues:
            for cell in row:
                for para in cell if isinstance(cell, (list, tuple)) else [cell]:
                    if isinstance(para, Paragraph):
                        words = set(para.getPlainText().replace("/ ", "/").split()) | set(para.getPlainText().split())
                        for line in para.blPara.lines:
                            pieces = line[1] if isinstance(line, tuple) else [w.text for w in line.words]
                            broken += [p for p in pieces if p and p not in words]
    return broken


@pytest.mark.slow
@pytest.mark.parametrize("name", EXAMPLES)
@pytest.mark.parametrize("size", ["nine-up", "poker", "tarot"])
def test_card_text_wraps_only_at_spaces_and_a_unit_that_fits_takes_one_card(name, size):
    report = check_file(str(ARMIES / name))
    roster = printed_roster(report)
    _columns, _rows, card_w, card_h, _left, _top = cards_pdf.grid("a4", size)
    width, height = card_w - 2 * cards_pdf.PAD, card_h - 2 * cards_pdf.PAD
    for card in cards_pdf.cards(roster, width, height):
        assert not _broken_words(card, width), (_strip(card)[0], _broken_words(card, width))
        if "(1 of " in _strip(card)[0]:  # ran on: the unit as one card would not have fitted
            unit = next(u for u in roster.units if _strip(card)[0].startswith(u.title + " ("))
            whole = cards_pdf._card(roster, cards_pdf._for_card(unit), "", width)
            assert roster_pdf.column_height(whole, width) > height


def test_tables_too_tall_to_stand_side_by_side_run_on_one_under_another(tmp_path):
    """Three narrow tables of 80 rows: side by side they would be taller than a page (a layout error)."""
    from fractions import Fraction

    from listgen.core.odds import Table

    tall = [
        Table(
            id=f"t{i}",
            title=f"Tall {i}",
            ref="test",
            row_header="Row",
            col_header="Col",
            rows=[str(k) for k in range(80)],
            cols=["a", "b"],
            cells=[[Fraction(1, 2), Fraction(1, 3)]] * 80,
        )
        for i in range(3)
    ]
    assert tables_pdf.render(tall, tmp_path / "tall.pdf", "tall") >= 3


@pytest.mark.slow
def test_a_platoon_or_section_running_on_is_named_atop_the_next_column(tmp_path, monkeypatch):
    from reportlab.platypus import Frame

    continued, real = [], Frame.add

    def spy(self, flowable, canv, trySplit=0):
        if getattr(getattr(flowable, "style", None), "name", "") == "continued":
            continued.append((canv.getPageNumber(), self.id, flowable.getPlainText()))
        return real(self, flowable, canv, trySplit)

    monkeypatch.setattr(Frame, "add", spy)
    report = check_text(big_smle_platoon(), "big.yaml")
    roster_command.roster_pdf(report, tmp_path / "big.pdf")
    assert continued, "no column opened inside a section"
    for _page, frame, text in continued:
        assert frame in ("c0", "c1") and text.endswith("(continued)")
        assert text.startswith("Platoon: 10 Platoon")


def test_a_roster_says_each_special_rule_once_and_each_working_once(tmp_path):
    from listgen.render.roster_pdf import points_working, special_rules

    report = check_file(str(ARMIES / "smle-british-rifle-platoon.yaml"))
    roster = printed_roster(report)
    rules = special_rules(roster.units)
    autofire = [r for r in rules if r.startswith("Autofire")]
    assert autofire == ["Autofire: one more hit for each point the score beats the to-hit number."]
    assert sum(len(u.rules) for u in roster.units) > len(rules)  # several units carry it; printed once
    working = points_working(roster.units)
    assert "Team: 1 Section rifle group: 16 pts = 12 + 4 (4 grenades)" in working
    assert not any(w.endswith("6 pts = 6") for w in working)  # nothing worked out: no line
    platoon = next(u for u in roster.units if u.title == "Platoon: 10 Platoon")
    assert platoon.points == "151 points (subtotal)"


def test_findings_are_never_split_across_columns():
    from reportlab.platypus import KeepTogether

    from listgen.render.roster_pdf import _body

    report = check_text(big_smle_platoon(), "big.yaml")
    roster = printed_roster(report)
    assert roster.findings
    body = _body(roster, 250)
    alone = [
        f._content[0].getPlainText()
        for f in body
        if isinstance(f, KeepTogether) and len(f._content) == 1 and hasattr(f._content[0], "getPlainText")
    ]
    for finding in roster.findings[1:]:  # the first is kept with its heading
        assert finding in alone, finding


# --- hit tables and matchup sheets: no cell's text runs into the next ----------------------------------------

TABLE_PAIRS = [
    ("bounce-gf-hma-company.yaml", "bounce-militia-defence.yaml"),  # 15 columns of counts: the widest
    ("smle-british-rifle-platoon.yaml", "smle-us-armored-infantry.yaml"),
    ("close-action-us-rifle-squads.yaml", "close-action-german-grenadier-platoon.yaml"),
    ("sol-prime-laser-armoured-company.yaml", "sol-prime-basic-infantry-defence.yaml"),
    ("noonday-british-company.yaml", "noonday-zulu-impi.yaml"),
]


def _every_sheet():
    """The tables of each hit-tables sheet: each ruleset's own, and the matchups both ways."""
    from listgen import rulesets
    from listgen.core.validate import check_file

    for slug in rulesets.slugs():
        yield rulesets.get(slug).hit_tables(None)
    for mine, theirs in TABLE_PAIRS:
        a, b = (check_file(str(ARMIES / name)) for name in (mine, theirs))
        yield a.rules.matchup_tables(a.army, b.army)


def test_every_cell_of_every_hit_table_fits_its_column():
    from reportlab.lib.pagesizes import A4, landscape
    from reportlab.lib.units import mm
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from listgen.render import tables_pdf

    width = landscape(A4)[0] - 20 * mm  # the sheet's frame
    checked = 0
    grids = [
        tables_pdf.RunGrid(run, width).grid if tables_pdf._titled(run) else tables_pdf._grid(run, width)
        for tables in _every_sheet()
        for run in tables_pdf._runs(tables, width)
        if not run[0].chart
    ]
    for grid in grids:
        for r, row in enumerate(grid._cellvalues[1:], start=1):
            for c, text in enumerate(row[1:], start=1):
                style = grid._cellStyles[r][c]  # the cell's font and padding as the sheet sets them
                widest = max(stringWidth(line, style.fontname, style.fontsize) for line in str(text).split("\n"))
                room = grid._colWidths[c] - style.leftPadding - style.rightPadding
                assert widest <= room + 0.01, (text, room)
                checked += 1
        grid.wrap(width, 10_000)
        for cell in grid._cellvalues[0][1:]:  # a header breaks between words only
            head = cell[0] if isinstance(cell, (list, tuple)) else cell  # ReportLab keeps a cell's flowables
            text = head.text.replace("- ", "-")
            pieces = set(text.split()) | set(tables_pdf._header_words(text))  # words, or their hyphen's halves
            for line in head.blPara.lines:
                words = line.words if hasattr(line, "words") else line[1]
                assert all(getattr(w, "text", w) in pieces for w in words), (head.text, words)
    assert checked > 1000


def _matchup(mine: str, theirs: str) -> list:
    from listgen.core.validate import check_file

    a, b = (check_file(str(ARMIES / name)) for name in (mine, theirs))
    return a.rules.matchup_tables(a.army, b.army)


def test_a_matchup_run_split_over_a_page_carries_its_title_and_loses_no_row():
    """Cut at every height: the first part fits where it is put; the parts' rows are the run's, each once; a table
    cut in two keeps 2 rows or more on each side and its second part is titled '(continued)'."""
    from reportlab.lib.pagesizes import A4, landscape
    from reportlab.lib.units import mm

    from listgen.render import tables_pdf

    width = landscape(A4)[0] - 20 * mm
    tables = _matchup("smle-british-rifle-platoon.yaml", "smle-us-armored-infantry.yaml")  # a run of five targets
    run = max((r for r in tables_pdf._runs(tables, width) if tables_pdf._titled(r)), key=len)
    assert len(run) >= 4
    grid = tables_pdf.RunGrid(run, width)
    whole = grid.wrap(width, 10_000)[1]

    def rows(g) -> list:  # every row of every table, drawn or named as left out
        return sorted((t.title.removesuffix(" (continued)"), str(label)) for t in g.tables for label in t.rows)

    cuts = {"between": 0, "inside": 0}
    for height in range(40, int(whole), 9):
        parts = grid.split(width, height)
        if not parts:
            continue  # nothing fits: the grid goes to the next page whole
        head, tail = parts
        assert head.wrap(width, height)[1] <= height
        assert sorted(rows(head) + rows(tail)) == rows(grid)
        first = tail.tables[0]
        if first.title.endswith(" (continued)"):
            cuts["inside"] += 1
            assert head.tables[-1].title + " (continued)" == first.title
            assert len(tables_pdf._drawn(head.tables[-1])[0]) >= 2 and len(tables_pdf._drawn(first)[0]) >= 2
        else:
            cuts["between"] += 1
            assert first in run and head.tables[-1] in run
    assert cuts["between"] and cuts["inside"]


def test_a_matchup_leaves_out_rows_of_nothing_and_names_them():
    """A row where nothing can be counted in any column (exactly 0, not rounded) is named in one line under its
    target's rows; every other row is drawn."""
    from xml.sax.saxutils import escape

    from listgen.core.odds import at_least
    from listgen.render import tables_pdf

    tables = _matchup("bounce-gf-hma-company.yaml", "bounce-militia-defence.yaml")
    named = 0
    for table in tables:
        grid, layout = tables_pdf._laid_out([table], 780, True, None)
        texts = [grid._cellvalues[r + 1][0].text for r, (_k, kind) in enumerate(layout) if kind == "nil"]
        nothing = [
            str(label)
            for label, row in zip(table.rows, table.cells)
            if all(c is None or at_least(c, 1) == 0 for c in row)
        ]
        assert [kind for _k, kind in layout].count("row") == len(table.rows) - len(nothing)
        if nothing and len(nothing) < len(table.rows):
            assert texts == ["0% in every column: " + escape("; ".join(nothing))], texts
            named += 1
        elif nothing:
            assert texts == ["0% in every column: every firing unit"]
        else:
            assert texts == []
    assert named


@pytest.mark.parametrize(
    ("mine", "theirs", "most"),
    # Bounce: 4 since its Recruits' tables count hits (two-line cells) rather than a column of 0% (issue 37);
    # S.M.L.E.: 4 since its leaders and heroes fire and are fired at (issue 51): the British platoon's four leaders
    # who lead no team in the roster's reading are a row each and, by quality, a table each
    [(m, t, most) for (m, t), most in zip(TABLE_PAIRS, (4, 4, 3, 2, 2)) for m, t in ((m, t), (t, m))],
)
def test_each_example_matchup_sheet_takes_the_pages_it_should(mine, theirs, most, tmp_path):
    """One or two pages a player reads at the table; Close Action (counts and morale) may take three, Bounce (11
    firing units against 6 kinds of target and back, 15 columns) and S.M.L.E. (its leaders too) four."""
    from listgen.render import tables_pdf

    tables = _matchup(mine, theirs)
    assert tables_pdf.render(tables, tmp_path / "m.pdf", "matchup") <= most


def test_a_row_of_a_small_chance_is_drawn_not_left_out():
    from fractions import Fraction

    from listgen.core.odds import COUNTS, Table
    from listgen.render import tables_pdf

    tiny = {0: 1 - Fraction(1, 1000), 1: Fraction(1, 1000)}
    table = Table(
        id="t", title="At them", ref="", row_header="Firing unit", col_header="", rows=["small", "none"],
        cols=["near", "far"], cells=[[tiny, None], [{0: Fraction(1)}, None]], kind=COUNTS, compact=True,
    )  # fmt: skip
    _grid, layout = tables_pdf._laid_out([table], 780, True, None)
    assert [kind for _k, kind in layout] == ["title", "row", "nil"]


def test_a_side_with_notes_of_its_own_says_only_those_and_not_the_rest_again(tmp_path):
    """A Noonday force with a Gatling and men in plate: its side says what it cannot count; the other side's notes,
    the same but for that, are said once on the sheet, with 'Otherwise ... as for' (they were printed twice, and
    the sheet ran to two pages)."""
    import subprocess

    from conftest import listgen_run
    from test_noonday_sun import PLATE_AND_GATLING

    mine = tmp_path / "mine.yaml"
    mine.write_text(PLATE_AND_GATLING, encoding="utf-8")
    sheet = tmp_path / "m.pdf"
    listgen_run("hit-tables", "--army", mine, "--against", ARMIES / "noonday-zulu-impi.yaml", "-o", sheet)
    text = " ".join(subprocess.run(["pdftotext", str(sheet), "-"], capture_output=True, text=True).stdout.split())
    assert text.count("text stops after movement") == 1 and "Otherwise, cells and assumptions as for" in text
    assert text.count("Not computed: Knights in plate") == 1


def test_a_trial_layout_draws_nothing_and_counts_the_pages_the_roster_takes(tmp_path, monkeypatch):
    """A roster past one page is laid out once on trial to find where its last page starts (roster_pdf._Layout
    ._plan): nothing of it is drawn or written, and it counts the pages the printed roster then takes."""
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import Paragraph, Table

    from listgen.render import pdf

    report = check_text(big_smle_platoon(), "big.yaml")
    draws, saves, trials = [], [], []
    for cls, name in ((Paragraph, "draw"), (Table, "draw")):
        monkeypatch.setattr(cls, name, recording(draws, getattr(cls, name)))
    monkeypatch.setattr(Canvas, "save", recording(saves, Canvas.save))
    real_lay_out = pdf.lay_out

    def lay_out(make_doc, story):
        before = len(draws), len(saves)
        trials.append(real_lay_out(make_doc, story))
        assert (len(draws), len(saves)) == before, "a trial layout drew or wrote something"
        return trials[-1]

    monkeypatch.setattr(pdf, "lay_out", lay_out)
    pages = roster_command.roster_pdf(report, tmp_path / "big.pdf")
    assert trials and trials[0] == pages >= 2  # the trial is the printed layout, unbalanced
    assert draws and len(saves) == 1  # the printed roster is drawn, and written once


def test_a_body_laid_out_on_trial_prints_as_a_fresh_one(tmp_path, monkeypatch):
    """The trial lays out the very flowables the roster then prints (roster_pdf._Layout._plan), and puts back what
    laying out sets on them (where each is drawn, what it is kept with): the PDF is byte for byte the one printed
    from flowables built afresh after the trial. Three lengths: a page and a bit, two pages, several."""
    from listgen.render import roster_pdf

    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1780000000")
    real_plan = roster_pdf._Layout._plan
    for copies in (1, 2, 4):
        data = yaml.safe_load(big_smle_platoon())  # a platoon of nine sections, then two and four of it
        data["platoons"] = data["platoons"] * copies
        for n, platoon in enumerate(data["platoons"]):
            platoon["name"] = f"{platoon['name']} {n}"
        report = check_text(yaml.safe_dump(data, sort_keys=False), "big.yaml")
        bodies: list = []
        given = recording(bodies, real_plan, lambda self, roster, density, body=None: body)
        monkeypatch.setattr(roster_pdf._Layout, "_plan", given)
        pages = roster_command.roster_pdf(report, tmp_path / "reused.pdf")
        assert bodies and bodies[0]  # the trial was given the body it then prints

        def fresh(self, roster, density, body=None):
            return real_plan(self, roster, density)

        monkeypatch.setattr(roster_pdf._Layout, "_plan", fresh)
        assert roster_command.roster_pdf(report, tmp_path / "fresh.pdf") == pages >= 2
        assert (tmp_path / "reused.pdf").read_bytes() == (tmp_path / "fresh.pdf").read_bytes(), copies
        monkeypatch.setattr(roster_pdf._Layout, "_plan", real_plan)


def test_a_matchup_sheet_ends_with_no_blank_page(tmp_path):
    """The gap after a sheet's last table opened a page of its own when that table filled its page (the US
    armored infantry at the British platoon: a fourth page with nothing but its running head): every page of every
    example matchup carries a table's title ('At ...')."""
    import subprocess

    from listgen.render import tables_pdf

    for mine, theirs in TABLE_PAIRS[:2] + [(TABLE_PAIRS[1][1], TABLE_PAIRS[1][0])]:
        sheet = tmp_path / "m.pdf"
        pages = tables_pdf.render(_matchup(mine, theirs), sheet, "matchup")
        text = subprocess.run(["pdftotext", str(sheet), "-"], capture_output=True, text=True, check=True).stdout
        per_page = text.split("\f")[:pages]
        assert len(per_page) == pages and all("At " in page for page in per_page), (mine, theirs)
