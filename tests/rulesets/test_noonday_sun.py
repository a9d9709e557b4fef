"""...In the Noonday Sun: one rule broken per list, borrowed and supplied points, odds by brute force."""

import re
import textwrap
from fractions import Fraction

import pytest
from conftest import ARMIES, line_of, only, report, shift_band

from listgen.core.validate import check_file
from listgen.rulesets.noonday_sun import odds

BASE = textwrap.dedent("""\
    ruleset: noonday-sun
    name: Test warband
    points_limit: 100
    groups:
      - name: Band
        kind: warband
        leader: {name: Induna, quality: veteran, armour: none}
        units:
          - name: First
            quality: trained
            armour: none
            figures:
              - {count: 6, weapon: iklwa}
          - name: Second
            quality: trained
            armour: none
            figures:
              - {count: 5, weapon: iklwa}
    """)


def test_base_is_legal_and_borrowed_points_are_labelled():
    rep = report(BASE)
    assert rep.legal() and not rep.findings
    # S.M.L.E.'s 12 buys a team of two to six figures: units of 6 and 5 are one team each, x0.5 unarmoured;
    # the warband leader is S.M.L.E.'s section leader, 6, x0.5 unarmoured too
    assert rep.points == 12 * Fraction(1, 2) + 12 * Fraction(1, 2) + 6 * Fraction(1, 2)
    assert "borrowed" in rep.valuation.scheme and "prints no points" in rep.valuation.scheme


@pytest.mark.parametrize("path", sorted(ARMIES.glob("noonday-*.yaml")), ids=lambda p: p.name)
def test_examples_are_legal(path):
    rep = check_file(str(path))
    assert rep.legal() and not rep.warnings, [f.message for f in rep.findings]


def test_unit_of_seven():
    text = BASE.replace("{count: 6, weapon: iklwa}", "{count: 7, weapon: iklwa}")
    f = only(report(text), "NS-UNIT-SIZE")
    assert f.line == line_of(text, "- name: First") and "2-6 for a unit" in f.message


def test_group_of_one_unit():
    text = BASE.split("      - name: Second")[0]
    assert only(report(text), "NS-GROUP-UNITS").line == line_of(text, "units:")


def test_group_without_leader_is_an_error():
    # 5. Groups: "Two, three or four units should be grouped together under a leader"
    text = BASE.replace("    leader: {name: Induna, quality: veteran, armour: none}\n", "")
    f = only(report(text), "NS-GROUP-LEADER")
    assert f.severity == "error" and f.line == line_of(text, "- name: Band")


def test_poor_troops_form_larger_bodies():
    # 6. Troop Quality: "poorer troops should be organised into larger units; i.e. 12-20 figures", the leader
    # counted ("A British Infantry Section consists of a sergeant and nine troopers")
    text = BASE.replace("quality: trained", "quality: green")  # 6 + 5 and the leader: 12, at the limit
    assert "NS-GROUP-SIZE-QUALITY" not in [f.code for f in report(text).findings]
    short = text.replace("{count: 6, weapon: iklwa}", "{count: 5, weapon: iklwa}")  # 11
    f = only(report(short), "NS-GROUP-SIZE-QUALITY")
    assert f.severity == "warning" and "12-20" in f.message and "11 figures" in f.message
    # and at most twenty: four units of 6, 5, 6 and 2 and the leader are 20; one more figure is 21, warned
    more = "".join(
        f"      - name: {name}\n        quality: green\n        armour: none\n        figures:\n"
        f"          - {{count: {count}, weapon: iklwa}}\n"
        for name, count in (("Third", 6), ("Fourth", 2))
    )
    twenty = text + more
    assert report(twenty).legal(strict=True)
    past = twenty.replace("{count: 2, weapon: iklwa}", "{count: 3, weapon: iklwa}")
    assert "21 figures" in only(report(past), "NS-GROUP-SIZE-QUALITY").message


def test_quality_required_except_for_animals():
    text = BASE.replace(
        "    quality: trained\n        armour: none\n        figures:\n          - {count: 5",
        "    armour: none\n        figures:\n          - {count: 5",
    )
    assert only(report(text), "NS-QUALITY-MISSING").severity == "error"
    herd = text.replace("- name: Second\n", "- name: Second\n        animals: livestock\n")
    assert not [f for f in report(herd).findings if f.code == "NS-QUALITY-MISSING"]


def _platoon(groups: int) -> str:
    body = "".join(
        textwrap.indent(
            BASE.split("groups:\n")[1]
            .replace("Band", f"Band {g}")
            .replace("name: First", f"name: First {g}")
            .replace("name: Second", f"name: Second {g}"),
            "    ",
        )
        for g in range(groups)
    )
    return (
        "ruleset: noonday-sun\nname: P\nplatoons:\n  - name: Impi\n    leader: {name: Chief, quality: veteran}\n"
        "    groups:\n" + body
    )


def test_platoon_two_to_four_sections():
    assert report(_platoon(2)).legal()
    text = _platoon(5)
    assert only(report(text), "NS-PLATOON-GROUPS").line == line_of(text, "    groups:")


def test_company_game_sections_of_eight_to_twelve():
    one = _platoon(2)
    company = one.replace("platoons:\n", "company_leader: {name: King, quality: veteran}\nplatoons:\n")
    second = (
        one.split("platoons:\n")[1]
        .replace("name: Impi", "name: Impi 2")
        .replace("Band ", "Band B")
        .replace("First ", "First B")
        .replace("Second ", "Second B")
    )
    text = company + second
    assert report(text).legal()  # sections of 11 figures
    small = text.replace("{count: 6, weapon: iklwa}", "{count: 2, weapon: iklwa}")
    assert only(report(small), "NS-COMPANY-SECTION-SIZE").severity == "error"
    mixed = text.replace(
        "quality: trained\n            armour: none\n            figures:\n              - {count: 5",
        "quality: green\n            armour: none\n            figures:\n              - {count: 5",
        1,
    )
    assert only(report(mixed), "NS-COMPANY-SECTION-MIXED").severity == "error"
    no_leader = text.replace("company_leader: {name: King, quality: veteran}\n", "")
    assert only(report(no_leader), "NS-COMPANY-LEADER").severity == "error"


def test_odd_motivation_warning():
    text = BASE.replace(
        "- name: First\n        quality: trained",
        "- name: First\n        quality: veteran\n        motivation: fanatic",
    )
    assert only(report(text), "NS-ODD-MOTIVATION").severity == "warning"


def test_points_limit_names_the_scheme():
    text = BASE.replace("points_limit: 100", "points_limit: 10")
    f = only(report(text), "NS-POINTS-LIMIT")
    assert f.line == 3 and "borrowed" in f.message


def test_supplied_points_table_and_missing_prices():
    table = textwrap.dedent("""\
        points_table:
          name: Club
          unit: 3
          figure: 1
          leader: 4
          quality: {trained: 1}
        """)
    rep = report(BASE.replace("points_limit: 100\n", "points_limit: 100\n" + table))
    # units: 3 + 6 + 6 and 3 + 5 + 5; leader 4
    assert rep.points == 15 + 13 + 4 and rep.valuation.scheme.startswith("points table 'Club'")
    rep = report(
        BASE.replace("points_limit: 100\n", "points_limit: 100\n" + table).replace(
            "quality: trained\n        armour: none\n        figures:\n          - {count: 5",
            "quality: green\n        armour: none\n        figures:\n          - {count: 5",
        )
    )
    f = only(rep, "NS-UNPRICED")
    assert "quality 'green'" in f.message and f.severity == "warning"  # a limit is being checked
    assert f.line == line_of(BASE, "- name: Second") + table.count("\n")


def test_borrowed_support_weapon_and_plate():
    text = BASE.replace(
        "- name: First\n        quality: trained\n        armour: none",
        "- name: First\n        quality: trained\n        armour: armoured\n        support_weapon: machine-gun",
    )
    unit = next(u for u in report(text).valuation.units if u.name == "First")
    assert unit.total == 12 * 2 * Fraction(3, 2) * 2  # two trained teams, better weapons x1.5, plate x2


# Table 1- Activation restated from noonday-sun.txt: lowest total of each level, bottom up.
TABLE_1 = [
    (None, "<1"),
    (1, "1"),
    (2, "2"),
    (3, "3,4"),
    (5, "5"),
    (6, "6"),
    (7, "7"),
    (8, "8"),
    (9, "9,10"),
    (11, "11,12"),
    (13, "13+"),
]
QUALITY = {"Untrained": 0, "Green": 2, "Trained": 4, "Veteran": 6}


def _level(total, motivation):
    i = max(k for k, (low, _l) in enumerate(TABLE_1) if low is None or total >= low)
    return TABLE_1[shift_band(i, motivation, [lbl for _lo, lbl in TABLE_1])][1]


def test_activation_by_brute_force_on_d6_and_d10():
    """Cells are 'this action or better' (an element may take any option at its level or below)."""
    tables = [t for t in odds.hit_tables() if "activation" in t.id]
    assert len(tables) == 5 and any(t.id.endswith("d10") for t in tables)
    labels = [lbl for _lo, lbl in TABLE_1]
    for t in tables:
        sides = 10 if t.id.endswith("d10") else 6
        situation = int(re.search(r"\(([+-]?\d+)\)", t.title).group(1))
        for r, row in enumerate(t.rows):
            words = row.split(" ")
            base, motivation = (
                (6, "fanatic") if words[0] == "Fanatic" else (QUALITY[words[0]], words[1] if len(words) > 1 else None)
            )
            base += 2 if motivation == "warriors" else 0
            reached = [labels.index(_level(face + base + situation, motivation)) for face in range(1, sides + 1)]
            for c, col in enumerate(t.cols):
                low = int(re.search(r"\((\d+)\+\)$", col).group(1))
                first = next(i for i, (lo, _l) in enumerate(TABLE_1) if lo == low)
                assert t.cells[r][c] == Fraction(sum(1 for i in reached if i >= first), sides), (t.id, row, col)


def test_nine_ten_is_direct_fire_not_close_assault():
    t = odds.hit_tables()[0]
    assert "Close (9+)" in t.cols and any(
        "Direct Fire" in b.combat
        for b in __import__("listgen.rulesets.noonday_sun.tables", fromlist=["x"]).ACTIVATION.bands
        if b.label == "9,10"
    )


def test_doors_by_brute_force():
    t = next(t for t in odds.hit_tables() if t.id == "noonday-sun-doors")
    for r, row in enumerate(t.rows):
        mod = int(re.search(r"\(([+-]\d+)\)$", row).group(1))
        assert t.cells[r][0] == Fraction(sum(1 for d in range(1, 7) if d + mod >= 4), 6)
