"""Identical units combined on rosters and cards (``--combine``, render/printed.combined): identical figures of a
unit on one line with a box each, identical units beside each other under one heading, each still on lines of its
own; a marked difference (another leader, a casualty, another weapon) splits them."""

from __future__ import annotations

import io
import subprocess

import pytest
import yaml
from conftest import ARMIES

from listgen.commands.cards import cards_pdf
from listgen.commands.roster import printed_roster, roster_pdf
from listgen.core.roster import Roster, Unit
from listgen.core.validate import check_file, check_text
from listgen.render import printed
from listgen.render import roster_pdf as roster_pdf_module

BRITISH = ARMIES / "smle-british-rifle-platoon.yaml"
ZULU = ARMIES / "noonday-zulu-impi.yaml"


def figures(roster) -> int:
    """The figures a roster boxes: a row stands for its count of them (one when it has none)."""
    return sum(sum(u.counts) if u.counts else len(u.rows) for u in roster.units if u.boxes)


def listed_figures(path) -> int:
    """The British platoon's figures as its list gives them: every leader, and each team's figures by count."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    total = 0
    for platoon in data["platoons"]:
        teams = [platoon["command_team"], *platoon["support_teams"]]
        total += 1 + sum(1 for s in platoon["sections"] if s.get("leader"))  # the platoon's and sections' leaders
        teams += [t for s in platoon["sections"] for t in s["teams"]]
        total += sum(f["count"] for t in teams for f in t["figures"])
    return total


def pdf_text(data: bytes, layout: bool = True) -> str:
    args = ["pdftotext"] + (["-layout"] if layout else []) + ["-", "-"]
    return subprocess.run(args, input=data, capture_output=True, check=True).stdout.decode()


def test_the_british_platoon_combined_is_shorter_and_boxes_every_figure():
    report = check_file(str(BRITISH))
    plain, combined = printed_roster(report), printed_roster(report, combine=True)
    assert figures(plain) == figures(combined) == listed_figures(BRITISH) == 31
    assert sum(len(u.rows) for u in combined.units) < sum(len(u.rows) for u in plain.units)  # 19 lines, not 31
    rifles = {u.title: u for u in combined.units}["Team: 2 Section rifle group"]
    assert rifles.rows == [["", "5 x Rifle", "B", "1D", "0", '24"']] and rifles.counts == [5]
    pdfs = {}
    for combine in (False, True):
        out = io.BytesIO()
        pages = roster_pdf(report, out, combine=combine)
        pdfs[combine] = (pages, out.getvalue())
    (pages, before), (pages_combined, after) = pdfs[False], pdfs[True]
    assert pages_combined <= pages
    lines = [len([x for x in pdf_text(d, layout=False).splitlines() if x.strip()]) for d in (before, after)]
    assert lines[1] < lines[0] * 0.8, lines  # the printed lines: 244, not 340
    layout = roster_pdf_module._Layout("a4")
    heights = [
        roster_pdf_module.column_height(roster_pdf_module._body(r, layout.col), layout.col) for r in (plain, combined)
    ]
    assert heights[1] < heights[0], heights  # and the roster stands shorter in its columns, its note included
    # every figure still has its LW, SW and K box: as many boxes on the page as before
    assert pdf_text(after).count("\u2610") == pdf_text(before).count("\u2610")
    assert "5 x Rifle" in pdf_text(after) and "5 x Rifle" not in pdf_text(before)


def test_identical_units_of_one_warband_share_a_heading_and_keep_their_own_lines():
    """The Zulu impi's chest: uMxhapho's first and second companies, alike in all but name, are '2 x uMxhapho',
    each company a line of six boxed figures; its points each and in total."""
    report = check_file(str(ZULU))
    plain = {u.title: u for u in printed_roster(report).units}
    units = {u.title: u for u in printed_roster(report, combine=True).units}
    both = units["Unit: 2 x uMxhapho"]
    assert "Unit: uMxhapho, first company" not in units and "Unit: uMxhapho, second company" not in units
    assert [row[0] for row in both.rows] == ["first company", "second company"] and both.counts == [6, 6]
    assert both.points.startswith("18 pts (2 x 9 pts) = each ")
    each = plain["Unit: uMxhapho, first company"]
    assert figures(Roster("", [both])) == 2 * figures(Roster("", [each])) == 12
    # a difference splits: iNgobamakhosi's companies each carry other weapons (a captured rifle, throwing spears)
    assert {"Unit: iNgobamakhosi, first company", "Unit: iNgobamakhosi, second company"} <= set(units)
    # leaders are never combined: one Induna per warband, each under his own
    assert sum(1 for t in units if t.startswith("Warband leader:")) == 3


def test_a_casualty_or_another_option_splits_units_that_were_alike():
    text = ZULU.read_text(encoding="utf-8")
    report = check_text(text, "zulu.yaml")
    assert "Unit: 2 x uMxhapho" in {u.title for u in printed_roster(report, combine=True).units}
    data = yaml.safe_load(text)
    chest = next(g for g in data["platoons"][0]["groups"] if g["name"] == "Chest")
    chest["units"][1]["quality"] = "veteran" if chest["units"][1].get("quality") != "veteran" else "green"
    changed = check_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), "zulu.yaml")
    titles = {u.title for u in printed_roster(changed, combine=True).units}
    assert "Unit: 2 x uMxhapho" not in titles
    assert {"Unit: uMxhapho, first company", "Unit: uMxhapho, second company"} <= titles


def test_units_alike_under_two_leaders_are_not_combined():
    """The British platoon's three Bren groups are alike, but each is in its own section under its own leader."""
    report = check_file(str(BRITISH))
    titles = [u.title for u in printed_roster(report, combine=True).units]
    assert [t for t in titles if "Bren group" in t] == [f"Team: {n} Section Bren group" for n in (1, 2, 3)]


def test_named_people_alike_are_never_combined():
    """Two leaders printed alike, side by side, stay two: a name-bearing leader is a marked difference."""

    def alike(title: str, path: tuple) -> Unit:
        return Unit(title, 0, path, facts=[("", "Veteran")], columns=["Figure"], rows=[["leader"]], boxes=["K"])

    units = [alike("Leader: Sgt. A", ("leaders", 0)), alike("Leader: Sgt. B", ("leaders", 1))]
    report = check_file(str(ARMIES / "sol-prime-basic-infantry-defence.yaml"))
    # Sol Prime's leaders stand at ('leaders', n) in its force: the force says they are people
    assert [u.title for u in printed.combined(Roster("", units), report).units] == ["Leader: Sgt. A", "Leader: Sgt. B"]
    teams = [alike("Team: Rifle team 1", ("teams", 0)), alike("Team: Rifle team 2", ("teams", 1))]
    out = printed.combined(Roster("", teams), None).units
    assert [u.title for u in out] == ["Team: 2 x Rifle team"] and [r[0] for r in out[0].rows] == ["1", "2"]


def test_combined_cards_print_a_card_per_combined_unit(tmp_path):
    report = check_file(str(ZULU))
    out = io.BytesIO()
    cards_pdf(report, out, combine=True)
    text = pdf_text(out.getvalue(), layout=False)
    assert "2 x uMxhapho" in text and "uMxhapho, first company" not in text
    assert "6 x iklwa and shield" in text


@pytest.mark.parametrize(
    ("points", "n", "shown"),
    [
        (
            "9 pts = 12 x1.5 (Warrior) x0.5 (Unarmoured)",
            2,
            "18 pts (2 x 9 pts) = each 12 x1.5 (Warrior) x0.5 (Unarmoured)",
        ),
        ("1.5 = 1.5 (1 x 1.5 (sla-squad))", 3, "4.5 (3 x 1.5) = each 1.5 (1 x 1.5 (sla-squad))"),
        ("2 x 54 = 108 (each 40 (fighter) + 14)", 2, "216 (2 x 108) = each 2 x 54 = 108 (each 40 (fighter) + 14)"),
        ("4 x 15", 2, "2 x (4 x 15)"),
        ("12", 3, "36 (3 x 12)"),
        ("", 2, ""),
    ],
)
def test_combined_points_say_the_total_each_and_the_working(points, n, shown):
    assert printed._total(points, n) == shown
    assert roster_pdf_module.points_total(shown).startswith(shown.split(" = ")[0])  # the roster's heading: the total


@pytest.mark.parametrize(("n", "lines"), [(1, 1), (5, 1), (6, 2), (10, 2), (11, 3)])
def test_alike_figures_get_a_box_each_five_to_a_line_at_most(n, lines):
    ticks = roster_pdf_module._ticks(n)
    assert ticks.count("\u2610") == n and len(ticks.split("\n")) == lines
    assert roster_pdf_module._ticks(n, 2).count("\u2610") == n  # fewer a line where the text needs the room
