"""...In the Noonday Sun: one rule broken per list (sizes, groups, leaders, heroes, support weapons in the players'
words, weapons the text does not know), borrowed and supplied points, the roster and the matchup, odds by brute force."""

import re
import textwrap
from fractions import Fraction

import pytest
from conftest import ARMIES, line_of, only, report, shift_band

from listgen.core.validate import check_file
from listgen.rulesets.noonday_sun import odds
from listgen.rulesets.noonday_sun import stats as ns_stats

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


# --- borrowed prices and group sizes ----------------------------------------------------------------------------


def test_noonday_a_side_set_up_hidden_is_doubled():
    # S.M.L.E.'s Strategic advantages, borrowed: "If one side sets up hidden x2 (at least)"

    plain, hidden = (
        report(BASE),
        report(BASE.replace("points_limit: 100\n", "points_limit: 100\nsets_up_hidden: true\n")),
    )
    assert hidden.valuation.total == 2 * plain.valuation.total and plain.valuation.total > 0


@pytest.mark.parametrize("figures,warned", [(5, True), (6, False), (10, False), (11, True)])
def test_noonday_better_troops_form_bodies_of_six_to_ten(figures, warned):
    # 6. Troop Quality: "Veteran and Elite may form smaller units of 6 - 10 figures" (the leader counted)
    text = (
        "ruleset: noonday-sun\nname: V\ngroups:\n  - name: Band\n    leader: {name: L, quality: veteran}\n"
        "    units:\n"
        f"      - {{name: A, quality: veteran, figures: [{{count: {figures - 1 - 2}, weapon: rifle}}]}}\n"
        "      - {name: B, quality: veteran, figures: [{count: 2, weapon: rifle}]}\n"
    )
    codes = [f.code for f in report(text).findings]
    assert ("NS-GROUP-SIZE-QUALITY" in codes) is warned


# --- heroes, sizes, borrowed prices, support weapons, the matchup -----------------------------------------------


def codes(rep):
    return [f.code for f in rep.findings]


def _led_platoon(leader: str) -> str:
    """A Noonday platoon led by `leader` (a YAML mapping): two groups of two trained units of four rifles each."""
    groups = "".join(
        f"      - name: G{g}\n        leader: {{name: L{g}, quality: trained}}\n        units:\n"
        + "".join(
            f"          - {{name: U{g}{u}, quality: trained, figures: [{{count: 4, weapon: rifle}}]}}\n"
            for u in range(2)
        )
        for g in range(2)
    )
    return f"ruleset: noonday-sun\nname: P\nplatoons:\n  - name: P1\n    leader: {leader}\n    groups:\n{groups}"


def test_a_hero_is_one_figure_and_unpriced_when_borrowing():
    # 2. Individuals: "Leaders, heroes/heroines ... should be represented by specific figures"
    hero = BASE + "units:\n  - {name: Rorke, kind: hero, quality: veteran, figures: [{count: 1, weapon: rifle}]}\n"
    rep = report(hero)
    assert "NS-HERO-SIZE" not in codes(rep) and "NS-UNIT-SIZE" not in codes(rep)
    assert any("hero Rorke" in item for _p, item in rep.valuation.unpriced)  # S.M.L.E. prices no hero
    two = hero.replace("{count: 1, weapon: rifle}", "{count: 2, weapon: rifle}")
    assert only(report(two), "NS-HERO-SIZE").severity == "error"


def test_a_platoon_level_force_of_more_than_fifty_figures_warns():
    # 1. Game Scales: "Platoon level allows larger games using up to fifty figures on each side"
    units = "".join(
        f"  - {{name: U{i}, quality: trained, armour: none, figures: [{{count: 5, weapon: rifle}}]}}\n"
        for i in range(8)
    )  # 40 + the warband's 11 + its leader = 52
    rep = report(BASE + "units:\n" + units)
    f = only(rep, "NS-FIGURES")
    assert f.severity == "warning" and "52 figures" in f.message
    at = BASE + "units:\n" + units.replace("count: 5", "count: 4", 2)  # 50 exactly
    assert "NS-FIGURES" not in codes(report(at))


def test_elite_green_troops_may_form_smaller_bodies():
    # 6. Troop Quality: "Veteran and Elite may form smaller units of 6 - 10 figures"
    text = BASE.replace("quality: trained\n", "quality: green\n            motivation: elite\n")
    assert "NS-GROUP-SIZE-QUALITY" not in codes(report(text))


def test_a_support_weapon_typed_as_a_weapon_is_refused():
    text = BASE.replace("{count: 5, weapon: iklwa}", "{count: 5, weapon: machine gun}")
    f = only(report(text), "NS-SUPPORT-AS-WEAPON")
    assert "support_weapon: machine-gun" in f.message and f.line == line_of(text, "weapon: machine gun")


def test_unit_sizes_are_checked_in_company_games_too():
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "armies" / "noonday-british-company.yaml").read_text()
    assert "company_leader" in text
    first = text.index("count: ")
    broken = text[:first] + "count: 9" + text[first + len("count: ") + 1 :]
    assert "NS-UNIT-SIZE" in codes(report(broken))


def test_a_company_section_needs_no_leader_of_its_own():
    # 5. Groups, company games: "Leaders would be at platoon and company level"
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "armies" / "noonday-british-company.yaml").read_text()
    lines = [line for line in text.splitlines(keepends=True) if not line.strip().startswith("leader: {name: Cpl.")]
    rep = report("".join(lines))
    assert "NS-GROUP-LEADER" not in codes(rep) and rep.legal(strict=True)


def test_borrowed_prices_follow_smles_own_rules():
    # S.M.L.E. (issue 24, one rule): 12 buys a team of two to six figures ("Each element is a team of two to six
    # figures"), a support weapon counting two; a platoon leader comes with a command team for 12 x the highest
    # multipliers of both; with none he costs 12 x his own; a section leader's 6 takes armour's multiplier
    six_veterans = BASE.replace("quality: trained", "quality: veteran", 1)  # First: six figures
    first = next(u for u in report(six_veterans).valuation.units if u.name == "First")
    assert first.total == 12 * Fraction(1, 2)  # six veterans: one S.M.L.E. team, unarmoured (x0.5)
    two_green = BASE.replace("quality: trained", "quality: green", 1).replace("{count: 6,", "{count: 2,")
    first = next(u for u in report(two_green).valuation.units if u.name == "First")
    assert first.total == 12 * Fraction(1, 2)  # two green: one team
    leader = next(u for u in report(BASE).valuation.units if u.name == "Induna")
    assert leader.total == 6 * Fraction(1, 2)  # unarmoured, as S.M.L.E. multiplies a section leader
    platoon = _led_platoon("{name: Lt, quality: veteran, motivation: elite}")
    lt = next(u for u in report(platoon).valuation.units if u.name == "Lt")
    assert lt.total == 12 * 2  # no command unit: S.M.L.E.'s 12, x2 elite
    with_command = platoon.replace("{name: U00, quality: trained", "{name: U00, kind: command, quality: trained")
    priced = report(with_command).valuation
    together = next(u for u in priced.units if u.name == "Lt and U00")
    assert together.total == 12 * 2  # 12 for the leader with his command unit, x2 for the leader's elite
    assert not any(u.name == "U00" for u in priced.units)  # the command unit is not priced again
    assert report(with_command).points == report(platoon).points - 12  # the command unit joins its leader's 12


def test_the_same_figures_cost_the_same_borrowed_as_in_smle():
    # issue 24: five trained riflemen were 24 in Noonday, 12 in S.M.L.E.
    from listgen.core.validate import check_text

    noonday = BASE.replace("{count: 6, weapon: iklwa}", "{count: 5, weapon: rifle}")
    first = next(u for u in report(noonday).valuation.units if u.name == "First")
    smle = check_text(
        "ruleset: smle\nname: S\nteams:\n  - {name: First, quality: trained, armour: none, "
        "figures: [{count: 5, weapon: rifle}]}\n",
        "s.yaml",
    )
    assert first.total == smle.valuation.units[0].total == 12 * Fraction(1, 2)
    crew = BASE.replace(
        "        figures:\n          - {count: 6",
        "        support_weapon: machine-gun\n        figures:\n          - {count: 6",
    )
    assert "support_weapon" in crew

    crewed = next(u for u in report(crew).valuation.units if u.name == "First")
    assert crewed.total == 2 * 12 * Fraction(3, 2) * Fraction(1, 2)  # 6 + the gun counted as two: 7, two teams


def test_the_roster_says_how_motivated_units_and_leaders_behave():
    # 7. Troop Motivation: Fanatics "must take the most aggressive option"; Warriors "prefer an option that moves
    # them closer"; 3. Leaders / Activation: "The leader's unit is rated at the activation level of the leader"
    from listgen.rulesets import get

    text = BASE.replace("quality: trained\n", "quality: trained\n        motivation: fanatic\n", 1)
    rep = report(text)
    notes = get("noonday-sun").roster(rep.army, rep).notes
    assert any("most aggressive option" in n for n in notes)
    assert any("rated at his activation level" in n for n in notes)
    assert not any("Warriors" in n for n in notes)  # no warriors in this list: nothing said of them


def test_a_platoon_leader_and_command_unit_take_the_highest_of_each_multiplier_a_light_figure_counting_x1():
    # S.M.L.E. (borrowed): the platoon leader's 12 is multiplied by the highest of each multiplier among him and his
    # command team; a figure in light armour has no armour multiplier, so x1 beats an unarmoured leader's x0.5
    text = (
        "ruleset: noonday-sun\nname: P\nplatoons:\n  - name: P1\n    leader: {name: Lt, quality: veteran, armour: none}\n"
        "    groups:\n"
        + "".join(
            f"      - name: G{g}\n        leader: {{name: L{g}, quality: trained}}\n        units:\n"
            + "".join(
                f"          - {{name: U{g}{u}, {'kind: command, ' if (g, u) == (0, 0) else ''}quality: trained, "
                "figures: [{count: 4, weapon: rifle}]}\n"
                for u in range(2)
            )
            for g in range(2)
        )
    )
    lt = next(u for u in report(text).valuation.units if u.name == "Lt and U00")
    assert lt.total == 12  # not 6: the command unit's light armour (x1) is the highest
    both_bare = text.replace(
        "{name: U00, kind: command, quality: trained,", "{name: U00, kind: command, quality: trained, armour: none,"
    )
    assert next(u for u in report(both_bare).valuation.units if u.name == "Lt and U00").total == 6


def test_a_command_unit_past_smles_command_team_is_priced_never_free():
    """S.M.L.E.: 'Platoon Leaders come with a command team (2-4 figures) and cost 12': a Noonday command unit of
    up to 4 figures rides in the leader's 12; six figures with a machine gun (7 as S.M.L.E. counts: the weapon's man
    counts two) are 3 past it: one more S.M.L.E. team of up to six, 12 times the unit's own multipliers (the MG's
    better weapons x1.5), never free. The same figures cost the same whether or not they are the command unit."""
    platoon = _led_platoon("{name: Lt, quality: trained}")
    four = platoon.replace("{name: U00, quality: trained", "{name: U00, kind: command, quality: trained")
    together = next(u for u in report(four).valuation.units if u.name == "Lt and U00")
    assert together.total == 12 and not together.extras  # four figures: S.M.L.E.'s command team
    big = four.replace(
        "{name: U00, kind: command, quality: trained, figures: [{count: 4, weapon: rifle}]}",
        "{name: U00, kind: command, quality: trained, support_weapon: machine-gun, "
        "figures: [{count: 6, weapon: rifle}]}",
    )
    priced = next(u for u in report(big).valuation.units if u.name == "Lt and U00")
    assert [p for _l, p in priced.extras] == [
        12 * Fraction(3, 2)
    ] and "past S.M.L.E.'s command team" in priced.working()
    assert priced.total == 12 * Fraction(3, 2) + 12 * Fraction(
        3, 2
    )  # the leader's 12 at the highest (x1.5), and 12 x1.5
    from listgen.rulesets.noonday_sun import tables as NS

    assert NS.COMMAND_TEAM_NOTE in report(big).valuation.notes  # said where it applies
    assert NS.COMMAND_TEAM_NOTE not in report(four).valuation.notes


@pytest.mark.parametrize("gun", ["Krupp gun", "Armstrong gun", "pom-pom", "Lewis gun", "Hotchkiss gun", "9-pdr"])
def test_a_gun_under_any_name_is_a_support_weapon_never_a_rifle(gun):
    """4. Units: support weapons are the text's guns and machine guns; a crew writing theirs as a figure's weapon is
    told to give the unit its support_weapon (a Krupp gun's crew was LEGAL at 6 points as riflemen)."""
    text = BASE.replace("{count: 5, weapon: iklwa}", f"{{count: 3, weapon: {gun}}}")
    f = only(report(text), "NS-SUPPORT-AS-WEAPON")
    assert f.line == line_of(text, gun) and "support_weapon" in f.message
    second = next(line for line in text.splitlines() if line.strip() == "- name: Second")
    indent = " " * (len(second) - len(second.lstrip()) + 2)
    mg = text.replace(second + "\n", f"{second}\n{indent}support_weapon: gun\n")
    assert mg != text
    if "Lewis" not in gun and "Hotchkiss" not in gun:  # a cannon: its crew may name it
        assert "NS-SUPPORT-AS-WEAPON" not in {x.code for x in report(mg).findings}  # its crew may name it


@pytest.mark.parametrize("arm", ["shotgun", "elephant gun", "handgun", "rifle", "Martini-Henry"])
def test_small_arms_called_guns_stay_small_arms(arm):
    text = BASE.replace("{count: 5, weapon: iklwa}", f"{{count: 3, weapon: {arm}}}")
    assert "NS-SUPPORT-AS-WEAPON" not in {x.code for x in report(text).findings}


PLATE_AND_GATLING = """\
ruleset: noonday-sun
name: Probe
groups:
  - name: Band
    kind: warband
    leader: {name: Induna, quality: veteran, armour: none}
    units:
      - {name: Knights, quality: trained, armour: armoured, figures: [{count: 4, weapon: sword}]}
      - {name: Riflemen, quality: trained, armour: none, figures: [{count: 4, weapon: rifle, fires_as: rifle}]}
      - name: Gatling
        quality: trained
        armour: none
        support_weapon: machine-gun
        figures: [{count: 3, weapon: rifle, fires_as: rifle}]
"""


def test_the_matchup_says_what_it_cannot_count_rather_than_print_0():
    """The text prints no shooting: support weapons have no S.M.L.E. row mapped, and plate has no Table 4 row. A
    unit in plate is no target (it printed '0% in every column'), and both are said on the sheet."""
    rep = report(PLATE_AND_GATLING)
    tables = rep.rules.matchup_tables(rep.army, rep.army)
    mine = [t for t in tables if t.id.startswith("noonday-sun-matchup-mine-")]
    assert mine and not any("Knights" in t.title for t in mine)
    notes = " ".join(mine[0].assumptions)
    assert "Not computed: Knights in plate" in notes
    # the Gatling's crew name fires_as: their rifles are its row, and the gun itself is said to have none
    assert "Gatling's Machine gun (Maxim, Gatling, Gardner): no row as a support weapon" in notes
    assert sorted(label.split(":")[0] for label in mine[0].rows) == ["Gatling", "Riflemen"]  # the crews' rifles


@pytest.mark.parametrize(("count", "said"), [(5, "1 figure past"), (6, "2 figures past"), (10, "6 figures past")])
def test_the_figures_past_smles_command_team_are_counted_in_words(count, said):
    # the working names how many figures the leader's 12 does not cover: one past four in the singular, two and
    # six in the plural; six past is still one S.M.L.E. team of up to six (mutant: '2 figure')
    four = _led_platoon("{name: Lt, quality: trained}").replace(
        "{name: U00, quality: trained", "{name: U00, kind: command, quality: trained"
    )
    rifles = four.replace("figures: [{count: 4, weapon: rifle}]}", f"figures: [{{count: {count}, weapon: rifle}}]}}", 1)
    priced = next(u for u in report(rifles).valuation.units if u.name == "Lt and U00")
    assert [label for label, _p in priced.extras] == [f"{said} S.M.L.E.'s command team of 2-4: 1 team"]


# --- support weapons in the players' words, groups, specialists, the roster -------------------------------------


# ...In the Noonday Sun, 4. Units: "Troops armed with support weapons, e.g. machine guns, mortars, snipers";
# 3. Encumbered Movement: "a Heavy Machine Gun ... a Mortar". The colonial names players type are the same weapons.
@pytest.mark.parametrize(
    "typed,slug",
    [
        ("Maxim", "machine-gun"),
        ("Gatling gun", "machine-gun"),
        ("Gardner gun", "machine-gun"),
        ("Nordenfelt", "machine-gun"),
        ("Hale rockets", "rocket"),
        ("mortars", "mortar"),
        ("7-pounder mountain gun", "gun"),
        ("9-pdr RML", "gun"),
        ("screw gun", "gun"),
        ("HMG", "heavy-machine-gun"),
        ("heavy machine gun", "heavy-machine-gun"),
        ("sniper's rifle", "sniper-rifle"),
    ],
)
def test_a_support_weapon_in_the_players_words_is_never_priced_as_a_rifle(typed, slug):
    text = BASE.replace("{count: 5, weapon: iklwa}", f"{{count: 5, weapon: {typed}}}")
    f = only(report(text), "NS-SUPPORT-AS-WEAPON")
    assert f"support_weapon: {slug}" in f.message and f.line == line_of(text, f"weapon: {typed}")


@pytest.mark.parametrize("typed", ["Martini-Henry rifle", "assegai and shield", "shotgun", "Snider carbine", "handgun"])
def test_ordinary_weapons_are_not_taken_for_support_weapons(typed):
    text = BASE.replace("{count: 5, weapon: iklwa}", f"{{count: 5, weapon: {typed}}}")
    assert "NS-SUPPORT-AS-WEAPON" not in codes(report(text))


def test_the_crew_of_a_units_own_support_weapon_may_name_it():
    text = BASE.replace(
        "        figures:\n          - {count: 5, weapon: iklwa}",
        "        support_weapon: machine-gun\n        figures:\n          - {count: 3, weapon: Gatling crew}",
    )
    assert "support_weapon: machine-gun" in text
    assert "NS-SUPPORT-AS-WEAPON" not in codes(report(text))
    other = text.replace("support_weapon: machine-gun", "support_weapon: mortar")  # a Gatling beside a mortar
    assert "NS-SUPPORT-AS-WEAPON" in codes(report(other))


def test_a_hero_is_not_one_of_a_groups_units_nor_in_its_figures():
    # 2. Individuals: heroes are individual figures; 5. Groups: "Two, three or four units"
    hero = "      - {name: Rorke, kind: hero, quality: veteran, figures: [{count: 1, weapon: rifle}]}\n"
    one_unit = BASE.split("      - name: Second\n")[0]  # the band with its first unit only
    assert "NS-GROUP-UNITS" in codes(report(one_unit))
    assert "NS-GROUP-UNITS" in codes(report(one_unit + hero))  # the hero does not make it two units
    green = BASE.replace("quality: trained", "quality: green").replace("{count: 6,", "{count: 5,")  # 5+5+leader
    assert "NS-GROUP-SIZE-QUALITY" in codes(report(green))
    assert "NS-GROUP-SIZE-QUALITY" in codes(report(green + hero))  # nor does his figure make it twelve


def test_a_line_unit_outside_any_group_is_said_and_a_specialist_is_not():
    line = BASE + "units:\n  - {name: Stragglers, quality: trained, figures: [{count: 3, weapon: rifle}]}\n"
    # one sentence, one reading (issue 37): grouping 'under a leader' is the list's organisation, an error as a group
    # without its leader is; a unit's own leader: (for independent specialists) does not stand for it
    f = only(report(line), "NS-UNGROUPED")
    assert f.severity == "error" and f.line == line_of(line, "Stragglers")
    led = line.replace("{name: Stragglers,", "{name: Stragglers, leader: {name: Cpl X, quality: trained},")
    g = only(report(led), "NS-UNGROUPED")
    assert "independent specialist units" in g.message
    specialist = line.replace("{name: Stragglers,", "{name: Stragglers, kind: specialist,")
    assert "NS-UNGROUPED" not in codes(report(specialist))


def test_the_noonday_roster_gives_what_the_sheet_has_of_groups_and_motivation():
    from listgen.commands.roster import printed_roster

    reluctant = BASE.replace("quality: trained\n", "quality: trained\n        motivation: reluctant\n", 1)
    notes = " ".join(printed_roster(report(reluctant)).notes)
    for said in (
        "one activation roll may serve them all, at the group leader's current level",  # Game Turn Sequence
        "Fresh Troops (+2)",  # Activation Modifiers
        "two Breaks retreat from the battlefield",  # Broken Troops
        "a figure within half a move of another of its unit",  # Cohesion (4. Units) and 5. Groups
        "will not go out looking for trouble, but if fired on or pressed defends itself",  # 7. Reluctant
    ):
        assert said in notes, said


def test_an_independent_specialist_unit_may_have_its_own_leader_element():
    # 4. Units: "independent specialist units such as artillery observers would include their own Leader element"
    observers = BASE + (
        "units:\n  - {name: FOO, kind: specialist, quality: veteran, leader: {name: Capt Lyle, quality: veteran}, "
        "figures: [{count: 2, weapon: rifle}]}\n"
    )
    rep = report(observers)
    assert "NS-UNIT-LEADER" not in codes(rep) and any("own Leader element" in t for _p, t in rep.valuation.unpriced)
    from listgen.commands.roster import printed_roster

    assert any(u.title == "Unit leader: Capt Lyle" for u in printed_roster(rep).units)
    grouped = BASE.replace(
        "      - name: Second\n", "      - name: Second\n        leader: {name: Sgt Z, quality: trained}\n"
    )
    assert only(report(grouped), "NS-UNIT-LEADER").line == line_of(grouped, "Sgt Z")


# --- moves, prepared positions, a platoon leader's price --------------------------------------------------------


def test_noonday_warriors_move_two_inches_more():
    # noonday-sun.txt, Table 2: 'Warriors +2"  Troops specialising in close assault'; 'None 10"'
    first = report(BASE).army.groups[0].units[0]
    assert ns_stats.move(first) == 10  # unarmoured, no motivation named
    assert ns_stats.move(first.replace(motivation="warriors")) == 10 + 2


def test_noonday_units_in_prepared_positions_are_no_more_than_the_positions():
    # noonday-sun.txt, Activation modifiers: "In Prepared Position +3"; the list's prepared_positions hold a unit
    # each: at the limit legal, one past it an error at the unit that has none
    one = BASE.replace("points_limit: 100\n", "points_limit: 100\nprepared_positions: 1\n")
    first_in = one.replace("- name: First\n", "- name: First\n        in_prepared_position: true\n")
    assert "NS-PREPARED-POSITIONS" not in {f.code for f in report(first_in).findings}
    both_in = first_in.replace("- name: Second\n", "- name: Second\n        in_prepared_position: true\n")
    f = only(report(both_in), "NS-PREPARED-POSITIONS")
    assert f.message == "2 units start in prepared positions but the list has 1"
    assert f.line == line_of(both_in, "- name: Second")


def test_noonday_a_platoon_leader_with_no_command_unit_is_priced_and_named_as_such():
    # borrowed S.M.L.E. prices: a platoon leader (12) whose platoon has no command unit is priced as one and
    # says so; a group's leader is named by his role (a warband leader, priced as a section leader: 6)
    platoon = BASE.replace("groups:\n  - name: Band", "platoons:\n  - name: Platoon\n    leader: {name: Lt. Chard, "
                              "quality: veteran, armour: none}\n    groups:\n      - name: Band")  # fmt: skip
    head, _, rest = platoon.partition("      - name: Band\n")
    platoon = (
        head
        + "      - name: Band\n"
        + "".join("    " + line if line.strip() else line for line in rest.splitlines(True))
    )
    kinds = {u.name: (u.kind, u.base) for u in report(platoon).valuation.units}
    assert kinds["Lt. Chard"] == ("platoon leader (no command unit)", 12)
    assert kinds["Induna"] == ("warband leader", 6)


def test_noonday_a_group_of_one_unit_says_one_unit():

    text = BASE.split("      - name: Second")[0]
    assert " has 1 unit; two, three or four units" in only(report(text), "NS-GROUP-UNITS").message


def test_noonday_a_platoon_level_force_of_fifty_one_figures_warns():
    # 1. Game Scales: "up to fifty figures on each side": one past fifty warns

    units = "".join(
        f"  - {{name: U{i}, quality: trained, armour: none, figures: [{{count: 5, weapon: rifle}}]}}\n"
        for i in range(8)
    ).replace("count: 5", "count: 4", 1)  # 39 + the warband's 11 + its leader = 51
    assert "51 figures" in only(report(BASE + "units:\n" + units), "NS-FIGURES").message


# --- weapons the text does not know, lone units, armour unsaid, the text's spellings ----------------------------


WARBAND = BASE.replace("points_limit: 100\n", "")  # the base warband with no limit


def _second_carries(weapon: str) -> str:
    return WARBAND.replace("{count: 5, weapon: iklwa}", f"{{count: 3, weapon: {weapon}}}")


# 4. Units: "Support Weapon Units: Troops armed with support weapons, e.g. machine guns, mortars, snipers"; a line or
# command unit carries "weapons common to the whole unit, e.g. rifles and bayonets". A weapon listgen does not know as
# a small arm is asked about (gun? machine gun? small arm?), never priced as a rifle in silence.
@pytest.mark.parametrize(
    "weapon",
    ["mitrailleuse", "Vickers", "M1895 Colt-Browning", "field piece", "carronade", "Parrott", "Blakely", "Dahlgren"]
    + ["jingal"],
)
def test_a_weapon_not_known_as_a_small_arm_is_asked_about(weapon):
    text = _second_carries(weapon)
    rep = report(text)
    f = only(rep, "NS-WEAPON-UNKNOWN")
    assert f.line == line_of(text, f"weapon: {weapon}") and f.severity == "warning"
    assert "support_weapon" in f.message and "fires_as" in f.message and not rep.legal(strict=True)


def test_a_unit_that_says_what_it_is_is_not_asked():
    said = _second_carries("Vickers").replace(
        "{count: 3, weapon: Vickers}", "{count: 3, weapon: Vickers, fires_as: hmg}"
    )
    assert "NS-WEAPON-UNKNOWN" not in codes(report(said))
    crew = _second_carries("Vickers").replace(
        "armour: none\n        figures:\n          - {count: 3",
        "armour: none\n        support_weapon: machine-gun\n        figures:\n          - {count: 3",
    )
    assert "support_weapon: machine-gun" in crew and "NS-WEAPON-UNKNOWN" not in codes(report(crew))


def test_a_marksman_rifle_is_a_snipers_support_weapon():
    # 4. Units: "Support Weapon Units ... snipers"
    f = only(report(_second_carries("marksman rifle")), "NS-SUPPORT-AS-WEAPON")
    assert "support_weapon: sniper-rifle" in f.message


@pytest.mark.parametrize("weapon", ["elephant-gun", "duck gun", "Snider carbine", "revolver", "assegai and shield"])
def test_small_arms_by_their_kind_are_neither_refused_nor_asked(weapon):
    rep = report(_second_carries(weapon))
    assert rep.legal(strict=True), [f.message for f in rep.findings]


# 4. Units: "A specialist unit will usually be attached to another unit (usually a command unit), or independent
# specialist units such as artillery observers would include their own Leader element."
@pytest.mark.parametrize("kind", ["specialist", "command", "support", "crew"])
def test_a_lone_unit_with_no_leader_is_told_the_rule(kind):
    lone = (
        f"units:\n  - name: Observers\n    quality: trained\n    kind: {kind}\n"
        "    figures:\n      - {count: 2, weapon: rifle, fires_as: rifle}\n"
    )
    text = WARBAND + lone
    f = only(report(text), "NS-INDEPENDENT-LEADER")
    assert f.line == line_of(text, "- name: Observers") and "own Leader element" in f.message
    led = text.replace("    kind:", "    leader: {name: Sgt O, quality: trained}\n    kind:")
    assert "NS-INDEPENDENT-LEADER" not in codes(report(led))


def test_a_lone_hero_or_animals_need_no_leader():
    text = WARBAND + (
        "units:\n  - {name: Rorke, quality: veteran, kind: hero, figures: [{count: 1, weapon: rifle, fires_as: rifle}]}\n"
        "  - {name: Cattle, animals: livestock, figures: [{count: 4, weapon: horns}]}\n"
    )
    assert "NS-INDEPENDENT-LEADER" not in codes(report(text))


# Table 2, Infantry Movement: None 10", Light 8" (military uniform and helmet). A leader with no armour written wears
# what the units he leads wear (an induna of an unarmoured warband moves 10" as they do, and is priced x0.5 as they
# are); a unit with none written wears what its group's other units wear; light where they differ or none is said.
def test_a_leader_with_no_armour_wears_his_units_armour():
    text = WARBAND.replace("{name: Induna, quality: veteran, armour: none}", "{name: Induna, quality: veteran}")
    rep = report(text)
    leader = rep.army.groups[0].leader
    assert leader.armour == "none"
    induna = next(u for u in rep.valuation.units if u.name == "Induna")
    assert induna.total == 3  # S.M.L.E.'s section leader 6, unarmoured x0.5
    mixed = text.replace(
        "armour: none\n        figures:\n          - {count: 6",
        "armour: heavy\n        figures:\n          - {count: 6",
    )
    assert report(mixed).army.groups[0].leader.armour == "light"


def test_a_unit_with_no_armour_wears_its_groups_and_the_default_is_stated():
    text = WARBAND.replace("armour: none\n        figures:\n          - {count: 5", "figures:\n          - {count: 5")
    rep = report(text)
    assert [u.armour for u in rep.army.groups[0].units] == ["none", "none"]
    import json

    from listgen.commands.schema import schema

    assert "light where" in json.dumps(schema("noonday-sun"))  # said in the schema
    assert any("light where" in note for note in rep.valuation.notes)


def test_noonday_words_as_the_text_prints_them():
    # 6. Troop Quality "4. Veteran"; Table 2 "Heavy"; 3. Encumbered Movement "(e.g. a Mortar)"
    text = WARBAND.replace("{name: Induna, quality: veteran,", "{name: Induna, quality: Veteran,")
    text = text.replace(
        "- name: First\n        quality: trained\n        armour: none",
        "- name: First\n        quality: Trained\n        armour: Heavy\n        support_weapon: Mortar",
    )
    rep = report(text)
    assert not rep.unreadable, [f.message for f in rep.findings]
    first = rep.army.groups[0].units[0]
    assert (first.quality, first.armour, first.support_weapon) == ("trained", "heavy", "mortar")


NS_PLATOON = """\
ruleset: noonday-sun
name: Test platoon
platoons:
  - name: P
    leader: {name: Lt P, quality: trained}
    groups:
GROUPS
"""


NS_GROUP = """\
      - name: Band {n}
        leader: {{name: Sgt {n}, quality: trained}}
        units:
          - {{name: First {n}, quality: trained, figures: [{{count: 5, weapon: rifle}}]}}
          - {{name: Second {n}, quality: trained, figures: [{{count: 5, weapon: rifle}}]}}
"""


def _ns_platoon() -> str:
    return NS_PLATOON.replace("GROUPS\n", "".join(NS_GROUP.format(n=n) for n in (1, 2)))


def test_a_noonday_platoon_without_a_leader_is_told_the_rule():
    # 5. Groups: "Two to four sections may be grouped under a leader into a platoon level group"
    assert report(_ns_platoon()).legal(), [f.message for f in report(_ns_platoon()).findings]
    text = _ns_platoon().replace("    leader: {name: Lt P, quality: trained}\n", "")
    rep = report(text)
    assert not rep.unreadable
    f = only(rep, "NS-PLATOON-LEADER")
    assert "grouped under a leader" in f.message and f.line == line_of(text, "- name: P")


def test_a_noonday_leader_without_a_quality_is_told_the_rule():
    # 6. Troop Quality: "Leaders, Heroes or other significant individuals should always be given an individual
    # quality rating"
    text = _ns_platoon().replace("{name: Sgt 1, quality: trained}", "{name: Sgt 1}")
    rep = report(text)
    assert not rep.unreadable
    f = only(rep, "NS-LEADER-QUALITY")
    assert "individual quality rating" in f.message and f.line == line_of(text, "Sgt 1")


def test_one_figure_is_one_figure_in_findings_and_prices():

    lone = """\
ruleset: noonday-sun
name: One
points_table: {name: Club, unit: 2, figure: 1, leader: 1}
groups:
  - name: Band
    leader: {name: Induna, quality: veteran, armour: none}
    units:
      - {name: First, quality: trained, armour: none, figures: [{count: 1, weapon: iklwa}]}
      - {name: Second, quality: trained, armour: none, figures: [{count: 5, weapon: iklwa}]}
"""
    rep = report(lone)
    assert "has 1 figure;" in only(rep, "NS-UNIT-SIZE").message
    first = next(u for u in rep.valuation.units if u.name == "First")
    assert "1 figure x1" in first.working() and "1 figures" not in first.working()
    crew = """\
ruleset: smle
name: Tank
teams:
  - name: Crew
    quality: trained
    figures:
      - {count: 1, weapon: smg}
    vehicle: {name: Tiger, type: battle-tank}
"""
    f = only(report(crew), "SMLE-VEHICLE-CREW")
    assert "has 1 figure to crew" in f.message


def test_the_inventory_names_places_the_list_has_when_a_weapon_is_left_to_its_default():
    """A figures line may leave its weapon to the default (a rifle): the inventory a pack's restrictions count
    names the line, a place the list has, so a restriction's finding is located there."""
    from listgen.rulesets import get

    text = "ruleset: noonday-sun\nname: Default weapons\ngroups:\n  - name: A group\n    leader: {name: Lt. A, quality: veteran}\n    units:\n      - name: Rifles\n        quality: trained\n        figures:\n          - {count: 6}\n"
    rep = report(text)
    assert rep.army is not None, [f.message for f in rep.findings]
    for item in get("noonday-sun").inventory(rep.army):
        data = rep.document.data
        for part in item.path:
            data = data[part]  # a KeyError is a place the list does not have
    weapons = [i for i in get("noonday-sun").inventory(rep.army) if i.kind == "weapons"]
    assert [(w.path, w.attrs["weapon"]) for w in weapons] == [(("groups", 0, "units", 0, "figures", 0), "rifle")]
