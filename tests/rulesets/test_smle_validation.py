"""S.M.L.E. checks: each illegal list breaks one rule; the code and the line are checked."""

import textwrap

import pytest
from conftest import ARMIES, BASE, broken, line_of

from listgen.core.validate import check_file, check_text


def findings(text):
    report = check_text(text, "t.yaml")
    return report, [(f.code, f.line) for f in report.findings]


@pytest.mark.parametrize("path", sorted(ARMIES.glob("smle-*.yaml")), ids=lambda p: p.name)
def test_example_armies_are_legal(path):
    report = check_file(str(path))
    assert report.legal(), [f.format(report.file) for f in report.findings]
    assert not report.warnings


def test_base_list_is_legal():
    report, codes = findings(BASE)
    assert report.legal() and codes == []
    assert report.points == 30


def test_team_too_big():
    text = BASE.replace("{count: 4, weapon: rifle}", "{count: 7, weapon: rifle}")
    report, _ = findings(text)
    f = broken(report, "SMLE-TEAM-SIZE")
    assert f.severity == "error" and f.line == line_of(text, "- name: Rifles")
    assert "2 to 6" in f.message and "Organisation of Forces" in f.ref


def test_support_weapons_count_as_two():
    # 3 flame-throwers and a rifle: 7 figures by the rules' count, though only 4 models (flame-throwers: no
    # squad support weapon and no crew, so the size is the one rule broken)
    text = BASE.replace("{count: 1, weapon: lmg}", "{count: 3, weapon: flamethrower}").replace(
        "{count: 2, weapon: rifle}", "{count: 1, weapon: rifle}"
    )
    report, _ = findings(text)
    assert "counts 7 figures" in broken(report, "SMLE-TEAM-SIZE").message


def test_team_size_outside_quality_band_is_a_warning():
    text = BASE.replace("{count: 4, weapon: rifle}", "{count: 6, weapon: rifle}")
    report, _ = findings(text)
    f = broken(report, "SMLE-TEAM-SIZE-QUALITY")
    assert f.severity == "warning" and report.legal() and not report.legal(strict=True)


def test_untrained_mob_up_to_twelve():
    ok = BASE.replace("- name: Rifles\n        quality: trained", "- name: Rifles\n        quality: untrained").replace(
        "{count: 4, weapon: rifle}", "{count: 12, weapon: rifle}"
    )
    assert findings(ok)[0].legal()
    bad = ok.replace("{count: 12, weapon: rifle}", "{count: 13, weapon: rifle}")
    assert "an untrained mob is 2 to 12" in broken(findings(bad)[0], "SMLE-TEAM-SIZE").message


def test_section_needs_two_to_four_teams():
    text = BASE.split("      - name: Rifles")[0]
    report, _ = findings(text)
    f = broken(report, "SMLE-SECTION-TEAMS")
    assert f.line == line_of(text, "teams:")


def _platoon(sections: int, command_figures: int = 2) -> str:
    section = textwrap.dedent("""\
          - name: S{n}
            teams:
              - {{name: T{n}a, quality: trained, figures: [{{count: 3, weapon: rifle}}]}}
              - {{name: T{n}b, quality: trained, figures: [{{count: 3, weapon: rifle}}]}}
        """)
    body = "".join(textwrap.indent(section.format(n=n), "    ") for n in range(sections))
    return (
        textwrap.dedent(f"""\
        ruleset: smle
        name: Platoon test
        platoons:
          - name: P1
            leader: {{name: Lt X, quality: veteran}}
            command_team: {{name: HQ, quality: trained, figures: [{{count: {command_figures}, weapon: rifle}}]}}
            sections:
        """)
        + body
    )


def test_platoon_is_two_to_six_sections():
    assert findings(_platoon(2))[0].legal()
    assert findings(_platoon(6))[0].legal()
    for n in (1, 7):
        text = _platoon(n)
        f = broken(findings(text)[0], "SMLE-PLATOON-SECTIONS")
        assert f.line == line_of(text, "sections:") and "2-6" in f.message


def test_command_team_two_to_four_figures():
    text = _platoon(2, command_figures=5)
    f = broken(findings(text)[0], "SMLE-COMMAND-TEAM-SIZE")
    assert f.line == line_of(text, "command_team:")


def _company(platoons: int, leader: bool = True) -> str:
    one = _platoon(2).split("platoons:\n")[1]
    body = ""
    for n in range(platoons):
        body += (
            one.replace("name: P1", f"name: P{n}")
            .replace("name: T", f"name: P{n}T")
            .replace("name: HQ", f"name: HQ{n}")
        )
    head = "ruleset: smle\nname: Company\n"
    if leader:
        head += "company_leader: {name: Capt Y, quality: veteran}\n"
    return head + "platoons:\n" + body


def test_company_is_two_to_four_platoons_under_a_leader():
    assert findings(_company(2))[0].legal()
    text = _company(5)
    assert broken(findings(text)[0], "SMLE-COMPANY-PLATOONS").line == line_of(text, "platoons:")
    text = _company(2, leader=False)
    assert broken(findings(text)[0], "SMLE-COMPANY-LEADER").severity == "error"


@pytest.mark.parametrize("quality,motivation", [("veteran", "fanatic"), ("untrained", "elite")])
def test_odd_motivations_are_warnings(quality, motivation):
    text = BASE.replace(
        "- name: Rifles\n        quality: trained",
        f"- name: Rifles\n        quality: {quality}\n        motivation: {motivation}",
    )
    report, _ = findings(text)
    f = broken(report, "SMLE-ODD-MOTIVATION")
    assert f.severity == "warning" and f.line == line_of(text, "- name: Rifles")


def test_unknown_weapon_is_an_input_error_with_suggestion():
    text = BASE.replace("{count: 4, weapon: rifle}", "{count: 4, weapon: rifel}")
    report, _ = findings(text)
    f = broken(report, "INPUT-UNKNOWN-WEAPON")
    assert report.unreadable and "did you mean 'rifle'" in f.message
    assert f.line == line_of(text, "rifel")


def test_grenades_are_counted_not_carried_as_a_weapon():
    text = BASE.replace("{count: 4, weapon: rifle}", "{count: 4, weapon: hand-grenade}")
    assert broken(findings(text)[0], "SMLE-GRENADE-AS-WEAPON").line == line_of(text, "hand-grenade")


def _with_vehicle(vehicle_yaml: str) -> str:
    return (
        BASE.replace("    leader: {name: Cpl A", "    leader: {name: Cpl A")
        + textwrap.dedent("""\
        teams:
          - name: Crew
            quality: trained
            figures: [{count: 3, weapon: smg}]
            vehicle:
        """)
        + textwrap.indent(textwrap.dedent(vehicle_yaml), "      ")
    )


def test_vehicle_capacity():
    ok = _with_vehicle("name: Truck 1\ntype: truck\ncarries: [A Section]\n")
    assert findings(ok)[0].legal()
    text = _with_vehicle("name: Jeep 1\ntype: jeep\ncarries: [A Section]\n")
    f = broken(findings(text)[0], "SMLE-VEHICLE-CAPACITY")
    assert "room for 1" in f.message and "One team" in f.message
    assert f.line == line_of(text, "carries:")


def test_vehicle_carries_unknown_team():
    text = _with_vehicle("name: Truck 1\ntype: truck\ncarries: [Rifels]\n")
    f = broken(findings(text)[0], "SMLE-CARRIES-UNKNOWN")
    assert "did you mean 'Rifles'" in f.message


def test_custom_vehicle_needs_its_numbers():
    text = _with_vehicle("name: Halftrack\ntype: custom\nsize: medium\n")
    assert "armour, capacity" in broken(findings(text)[0], "SMLE-VEHICLE-INCOMPLETE").message


def test_unknown_vehicle_type():
    text = _with_vehicle("name: Tiger\ntype: tigr\n")
    f = broken(findings(text)[0], "INPUT-UNKNOWN-VEHICLE")
    assert f.line == line_of(text, "type: tigr")


def test_prepared_positions_hold_one_team_each():
    text = BASE.replace("      - name: Rifles\n", "      - name: Rifles\n        in_prepared_position: true\n")
    f = broken(findings(text)[0], "SMLE-PREPARED-POSITIONS")
    assert f.line == line_of(text, "- name: Rifles")
    fixed = text.replace("points_limit: 100\n", "points_limit: 100\nprepared_positions: 1\n")
    assert findings(fixed)[0].legal()


def test_points_limit_at_and_past():
    assert findings(BASE.replace("points_limit: 100", "points_limit: 30"))[0].legal()  # exactly at it
    text = BASE.replace("points_limit: 100", "points_limit: 29")
    f = broken(findings(text)[0], "SMLE-POINTS-LIMIT")
    assert f.line == 3 and "comes to 30 points by the S.M.L.E. Unit Points Costs" in f.message


def test_duplicate_team_names():
    text = BASE.replace("- name: Rifles", "- name: Bren")
    assert broken(findings(text)[0], "SMLE-DUPLICATE-NAME").severity == "error"


def test_power_armour_has_no_table_4_row():
    text = BASE.replace(
        "- name: Rifles\n        quality: trained", "- name: Rifles\n        quality: trained\n        armour: power"
    )
    f = broken(findings(text)[0], "SMLE-POWER-ARMOUR")
    assert f.severity == "warning" and f.line == line_of(text, "armour: power")


def test_unknown_key_suggests_the_near_name():
    text = BASE.replace("        figures:\n          - {count: 4", "        figuers:\n          - {count: 4")
    report, _ = findings(text)
    f = broken(report, "INPUT-UNKNOWN-KEY")
    assert "did you mean 'figures'" in f.message and f.line == line_of(text, "figuers")
    assert report.unreadable


def test_wrong_type_is_located():
    text = BASE.replace("{count: 4, weapon: rifle}", "{count: four, weapon: rifle}")
    f = broken(findings(text)[0], "INPUT-TYPE")
    assert "whole number" in f.message and f.line == line_of(text, "count: four")


def test_bad_quality_suggests():
    text = BASE.replace("quality: veteran", "quality: veteren")
    f = broken(findings(text)[0], "INPUT-BAD-VALUE")
    assert "did you mean 'veteran'" in f.message


def test_missing_and_unknown_ruleset():
    assert broken(findings("name: x\n")[0], "INPUT-NO-RULESET").line == 1
    f = broken(findings("ruleset: smel\nname: x\n")[0], "INPUT-UNKNOWN-RULESET")
    assert "did you mean 'smle'" in f.message and f.line == 1


def test_a_list_must_be_a_mapping():
    assert broken(findings("- a\n- b\n")[0], "INPUT-NOT-A-LIST").severity == "error"


def test_every_error_is_reported_not_just_the_first():
    text = BASE.replace("{count: 4, weapon: rifle}", "{count: 7, weapon: rifle}").replace(
        "points_limit: 100", "points_limit: 10"
    )
    codes = {c for c, _ in findings(text)[1]}
    assert {"SMLE-TEAM-SIZE", "SMLE-POINTS-LIMIT"} <= codes


def _team(figures: str, extra: str = "") -> str:
    """BASE with an independent team of the given figures."""
    return BASE + f"teams:\n  - name: Extra\n    quality: trained\n{extra}    figures: {figures}\n"


def test_guns_count_as_two_figures():
    # "Support Weapon Teams: ... anti-tank guns"; "Support weapons count as two figures."
    at_six = _team("[{count: 2, weapon: at-gun-57mm}, {count: 2, weapon: rifle}]")
    assert findings(at_six)[0].legal()
    past = _team("[{count: 2, weapon: at-gun-57mm}, {count: 3, weapon: rifle}]")
    assert "counts 7 figures" in broken(findings(past)[0], "SMLE-TEAM-SIZE").message
    field_gun = _team("[{count: 1, weapon: gun-75mm}, {count: 5, weapon: rifle}]")
    assert "counts 7 figures" in broken(findings(field_gun)[0], "SMLE-TEAM-SIZE").message


@pytest.mark.parametrize("slug", ["tank-gun", "atm"])
def test_vehicle_weapons_are_not_a_figures(slug):
    text = _team(f"[{{count: 1, weapon: {slug}}}, {{count: 2, weapon: rifle}}]")
    f = broken(findings(text)[0], "SMLE-VEHICLE-WEAPON")
    assert f.line == line_of(text, slug) and "vehicle" in f.message


def test_a_leader_cannot_crew_a_support_weapon_alone():
    text = BASE.replace("{name: Cpl A, quality: veteran, weapon: smg}", "{name: Cpl A, quality: veteran, weapon: hmg}")
    f = broken(findings(text)[0], "SMLE-INDIVIDUAL-CREW-WEAPON")
    assert f.line == line_of(text, "weapon: hmg") and "crew-served" in f.message
    hero = text.replace("weapon: hmg}", "weapon: hmg, hero: hero}")  # Big Guns
    assert findings(hero)[0].legal()


def test_grenade_launcher_needs_grenades():
    bare = _team("[{count: 1, weapon: grenade-launcher}, {count: 2, weapon: rifle}]")
    f = broken(findings(bare)[0], "SMLE-LAUNCHER-NO-GRENADES")
    assert f.severity == "warning" and f.line == line_of(bare, "grenade-launcher")
    armed = _team("[{count: 1, weapon: grenade-launcher}, {count: 2, weapon: rifle}]", "    grenades: 2\n")
    assert not findings(armed)[1]


@pytest.mark.parametrize(
    "vehicle,crew_ok,crew_bad", [("battle-tank", [4], [3, 5]), ("scout-car", [2, 3], [4]), ("lorry", [2], [3])]
)
def test_printed_crews_are_checked(vehicle, crew_ok, crew_bad):
    # Example Vehicles: "Crew 4, Commander, Driver, Gunner, Loader/Operator"; "Crew, 2 or 3"; "Crew; 2"
    def crewed(n):
        return _team(f"[{{count: {n}, weapon: smg}}]", f"    vehicle: {{name: V, type: {vehicle}}}\n")

    for n in crew_ok:
        assert not [f for f in findings(crewed(n))[0].errors], n
    for n in crew_bad:
        text = crewed(n)
        f = broken(findings(text)[0], "SMLE-VEHICLE-CREW")
        assert f.line == line_of(text, "vehicle:") and f"has {n} figures" in f.message


def test_company_sections_have_one_rating():
    text = _company(2).replace("{name: P1T1b, quality: trained", "{name: P1T1b, quality: green")
    f = broken(findings(text)[0], "SMLE-COMPANY-SECTION-MIXED")
    assert "same troop quality and motivation" in f.message


def test_a_hero_written_as_a_one_figure_team_is_pointed_to_heroes():
    """Individuals: 'Leaders, Heroes or other significant individuals should always be given an individual quality
    rating': a lone hero is listed under heroes:, and one figure is 'figure', not 'figures'."""
    hero = (
        BASE
        + "teams:\n  - name: Sgt Rock\n    quality: veteran\n    figures:\n      - {count: 1, weapon: smg, hero: major}\n"
    )
    report, _ = findings(hero)
    f = broken(report, "SMLE-TEAM-SIZE")
    assert "heroes:" in f.message and "one hero" in f.message and "Individuals" in f.ref
    lone = hero.replace(", hero: major", "")
    g = broken(findings(lone)[0], "SMLE-TEAM-SIZE")
    assert "counts 1 figure " in g.message and "1 figures" not in g.message and "heroes" not in g.message
