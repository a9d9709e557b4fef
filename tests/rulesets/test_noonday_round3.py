"""...In the Noonday Sun, round 3 (issue 15): each rule restated from noonday-sun.txt, one broken per list."""

from fractions import Fraction

from conftest import line_of, only, report
from test_noonday_sun import BASE


def codes(rep):
    return [f.code for f in rep.findings]


def _platoon(leader: str) -> str:
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
    platoon = _platoon("{name: Lt, quality: veteran, motivation: elite}")
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
    platoon = _platoon("{name: Lt, quality: trained}")
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


import pytest  # noqa: E402


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
    four = _platoon("{name: Lt, quality: trained}").replace(
        "{name: U00, quality: trained", "{name: U00, kind: command, quality: trained"
    )
    rifles = four.replace("figures: [{count: 4, weapon: rifle}]}", f"figures: [{{count: {count}, weapon: rifle}}]}}", 1)
    priced = next(u for u in report(rifles).valuation.units if u.name == "Lt and U00")
    assert [label for label, _p in priced.extras] == [f"{said} S.M.L.E.'s command team of 2-4: 1 team"]
