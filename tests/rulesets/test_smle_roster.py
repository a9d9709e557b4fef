"""What the S.M.L.E. roster says of a team: activation as the text computes it, bracing, ammunition boxes, the
section leader's team and each rule named once."""

import textwrap

from conftest import BASE, report
from test_smle_validation import CREWED, SMLE_SECTION, gun_team

from listgen.core.validate import check_text
from listgen.rulesets import get

SMLE = get("smle")


def facts(text: str, title: str) -> dict:
    report = check_text(text, "t.yaml")
    assert report.legal(), [f.message for f in report.findings]
    unit = next(u for u in SMLE.roster(report.army, report).units if u.title.endswith(title))
    return dict((label, value) for label, value in unit.facts if label)


MOUNTED = BASE + textwrap.dedent("""\
    teams:
      - name: Jeep crew
        quality: trained
        figures: [{count: 2, weapon: smg}]
        vehicle: {name: Jeep 1, type: jeep}
      - name: Carrier crew
        quality: trained
        figures: [{count: 2, weapon: smg}]
        vehicle: {name: Carrier 1, type: tracked-apc, carries: [Rifles]}
    """)


def test_vehicle_crew_are_armoured_troops_even_in_a_soft_skin():
    # "Armoured Troops are vehicle crew or in armoured vehicles": +1, on Trained's +4
    assert facts(MOUNTED, "Jeep crew")["Activation"] == "1D6+5"
    assert facts(MOUNTED, "Carrier crew")["Activation"] == "1D6+5"


def test_teams_carried_in_an_armoured_vehicle_are_armoured_troops_aboard():
    assert facts(MOUNTED, "Rifles")["Activation"] == "1D6+4 (+1 aboard Carrier 1)"
    assert facts(MOUNTED, "Bren")["Activation"] == "1D6+4"


def leader_rules(hero: str) -> list:
    text = BASE.replace(
        "leader: {name: Cpl A, quality: veteran, weapon: smg}",
        f"leader: {{name: Cpl A, quality: veteran, weapon: gpmg{hero}}}",
    )
    report = check_text(text, "t.yaml")
    unit = next(u for u in SMLE.roster(report.army, report).units if "Cpl A" in u.title)
    return unit.rules


def test_heavy_weapons_must_be_braced_except_by_a_hero():
    """Weapons table: '*These weapons must be braced in order to fire'; Hollywood Extras: heavy weapons do not
    slow down a hero, 'or require bracing'."""
    assert any("braced" in rule for rule in leader_rules(""))
    assert not any("braced" in rule for rule in leader_rules(", hero: minor"))


# --- bracing, heroes and ammunition boxes -----------------------------------------------------------------------


def roster_unit(text, title):
    rep = report(text)
    return next(u for u in SMLE.roster(rep.army, rep).units if u.title.endswith(title))


def test_a_tank_gun_is_not_braced_on_the_roster():
    # "Vehicles move and fire in their crew's activation phase"; only the weapons table's starred rows are braced
    tank = roster_unit(CREWED, "Tank crew")
    mounted = [row for row in tank.rows if row[0] == "mounted"]
    assert mounted and not any(row[1].endswith("*") for row in mounted)
    assert not any("braced (a round stationary" in r for r in tank.rules)


def test_a_hero_in_a_team_moves_freely_and_needs_no_bracing():
    text = gun_team("[{count: 1, weapon: hmg, hero: minor}, {count: 1, weapon: rifle}]")
    gun = roster_unit(text, "Gun team")
    assert dict(gun.facts)["Move"] == '8"'  # Light infantry 8": the hero's HMG does not slow the team
    assert not any(row[1].endswith("*") for row in gun.rows if "Hero" in row[0])


def test_one_shot_and_counted_ammunition_get_boxes():
    bazooka = gun_team("[{count: 1, weapon: bazooka}, {count: 1, weapon: rifle}]")
    assert ("RPG/LAW", 1) in roster_unit(bazooka, "Gun team").counters  # "One shot Anti-Tank missile"
    mortar = gun_team("[{count: 1, weapon: light-mortar}, {count: 1, weapon: rifle}]")
    assert ("Mortar bombs", None) in roster_unit(mortar, "Gun team").counters  # "count them off as they are used"
    apc = BASE + textwrap.dedent("""\
        teams:
          - name: Carrier crew
            quality: trained
            figures: [{count: 2, weapon: smg}]
            vehicle: {name: Carrier 1, type: tracked-apc}
        """)
    assert ("ATM reloads", 2) in roster_unit(apc, "Carrier crew").counters  # "2x reloads for the ATM inside"


# --- the section leader's team and a mortar's rules -------------------------------------------------------------


def test_the_roster_says_which_team_the_section_leader_counts_in():
    from listgen.commands.roster import printed_roster

    notes = " ".join(printed_roster(report(SMLE_SECTION)).notes)
    assert "Cpl Jones with First rifle group" in notes


def test_a_mortar_teams_rules_are_named_once_each():
    from listgen.commands.roster import printed_roster

    text = "ruleset: smle\nname: M\nteams:\n  - {name: Mortar, quality: trained, figures: [{count: 1, weapon: light-mortar}, {count: 2, weapon: rifle}]}\n"
    (unit,) = [u for u in printed_roster(report(text)).units if u.title.endswith("Mortar")]
    from listgen.render.roster_pdf import rule_name

    names = [rule_name(r) for r in unit.rules]
    assert len(names) == len(set(names)) and any('12"' in r for r in unit.rules)
