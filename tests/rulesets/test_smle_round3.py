"""S.M.L.E., round 3 (issue 15): the rules between the tables. Each list breaks one rule, restated from the text."""

import textwrap

import pytest
from conftest import BASE, broken, line_of

from listgen.core.validate import check_text
from listgen.rulesets import get

SMLE = get("smle")


def rep(text):
    return check_text(text, "t.yaml")


def unit(text, title):
    report = rep(text)
    return next(u for u in SMLE.roster(report.army, report).units if u.title.endswith(title))


def team(figures: str, extra: str = "") -> str:
    """BASE with one more team of its own (a support team of the section)."""
    return (
        BASE
        + textwrap.indent(
            textwrap.dedent(f"""\
        teams:
          - name: Gun team
            quality: trained
            figures: {figures}
        """),
            "",
        )
        + extra
    )


# Weapons table: AT rifle "with 2-3 crew"; HMG, GPMG "crew served"; Teams: "Crew served support weapons".
@pytest.mark.parametrize("weapon", ["at-rifle", "hmg", "gpmg", "gun-57mm"])
def test_a_crew_served_weapon_needs_a_crew_of_two(weapon):
    alone = team(f"[{{count: 1, weapon: {weapon}}}]")
    f = broken(rep(alone), "SMLE-CREW")
    assert f.line == line_of(alone, f"weapon: {weapon}")
    crewed = team(f"[{{count: 1, weapon: {weapon}}}, {{count: 1, weapon: rifle}}]")
    assert "SMLE-CREW" not in [f.code for f in rep(crewed).findings]


def test_three_figures_each_with_an_hmg_lack_two_crews():
    text = team("[{count: 3, weapon: hmg}]")
    assert "3 crew-served weapons" in broken(rep(text), "SMLE-CREW").message
    at_limit = team("[{count: 2, weapon: hmg}, {count: 2, weapon: rifle}]")  # two weapons, four figures
    assert "SMLE-CREW" not in [f.code for f in rep(at_limit).findings]


def test_a_hero_needs_no_crew():
    # Hollywood Extras, Big Guns: heroes fire weapons "that usually require a jeep and two man crew"
    text = team("[{count: 1, weapon: hmg, hero: minor}, {count: 1, weapon: rifle}]")
    assert "SMLE-CREW" not in [f.code for f in rep(text).findings]


def test_a_fire_team_has_one_squad_support_weapon():
    # Teams: "A fire team may also include a figure with a squad support weapon, such as; a LMG, BAR or grenade
    # launcher"
    text = team("[{count: 3, weapon: lmg}]")
    f = broken(rep(text), "SMLE-FIRE-TEAM")
    assert "3 squad support weapons" in f.message
    one = team("[{count: 1, weapon: lmg}, {count: 2, weapon: rifle}]")
    assert "SMLE-FIRE-TEAM" not in [f.code for f in rep(one).findings]
    # one past the one: an LMG and a grenade launcher in one team (the mutation sample of seed 2323)
    two = team("[{count: 1, weapon: lmg}, {count: 1, weapon: grenade-launcher}, {count: 1, weapon: rifle}]")
    assert "2 squad support weapons" in broken(rep(two), "SMLE-FIRE-TEAM").message


MOUNTED = BASE + textwrap.dedent("""\
    teams:
      - name: Tank crew
        quality: veteran
        figures: [{count: 4, weapon: smg}]
        vehicle: {name: Tank 1, type: battle-tank}
      - name: Lorry crew
        quality: trained
        figures: [{count: 2, weapon: rifle}]
        vehicle: {name: Lorry 1, type: lorry}
    """)


def test_a_tank_gun_is_not_braced_on_the_roster():
    # "Vehicles move and fire in their crew's activation phase"; only the weapons table's starred rows are braced
    tank = unit(MOUNTED, "Tank crew")
    mounted = [row for row in tank.rows if row[0] == "mounted"]
    assert mounted and not any(row[1].endswith("*") for row in mounted)
    assert not any("braced (a round stationary" in r for r in tank.rules)


def test_printed_crews_win_over_the_size_by_quality():
    # Battle Tank "Crew 4"; Lorry "Crew; 2": a veteran crew of 4 and a trained crew of 2 pass --strict
    report = rep(MOUNTED)
    assert report.legal(strict=True), [f.message for f in report.findings]


def test_a_hero_in_a_team_moves_freely_and_needs_no_bracing():
    text = team("[{count: 1, weapon: hmg, hero: minor}, {count: 1, weapon: rifle}]")
    gun = unit(text, "Gun team")
    assert dict(gun.facts)["Move"] == '8"'  # Light infantry 8": the hero's HMG does not slow the team
    assert not any(row[1].endswith("*") for row in gun.rows if "Hero" in row[0])


def test_one_shot_and_counted_ammunition_get_boxes():
    bazooka = team("[{count: 1, weapon: bazooka}, {count: 1, weapon: rifle}]")
    assert ("RPG/LAW", 1) in unit(bazooka, "Gun team").counters  # "One shot Anti-Tank missile"
    mortar = team("[{count: 1, weapon: light-mortar}, {count: 1, weapon: rifle}]")
    assert ("Mortar bombs", None) in unit(mortar, "Gun team").counters  # "count them off as they are used"
    apc = BASE + textwrap.dedent("""\
        teams:
          - name: Carrier crew
            quality: trained
            figures: [{count: 2, weapon: smg}]
            vehicle: {name: Carrier 1, type: tracked-apc}
        """)
    assert ("ATM reloads", 2) in unit(apc, "Carrier crew").counters  # "2x reloads for the ATM inside"


def test_a_truck_carries_a_section_and_a_platoon_goes_in_lorries():
    from test_smle_validation import _platoon

    platoon = _platoon(3)
    import re

    names = re.findall(r"name: (T\d\w)", platoon)
    assert len(names) == 6  # three sections of two teams: more than a Truck's 'One section, 2 or 3 teams'
    crew = textwrap.dedent(f"""\
        teams:
          - name: Drivers
            quality: trained
            figures: [{{count: 2, weapon: rifle}}]
            vehicle: {{name: Lorry 1, type: lorry, carries: [{", ".join(names)}]}}
        """)
    assert "SMLE-VEHICLE-CAPACITY" not in [f.code for f in rep(platoon + crew).findings]
    trucked = (platoon + crew).replace("type: lorry", "type: truck")
    f = broken(rep(trucked), "SMLE-VEHICLE-CAPACITY")
    assert "Lorry" in f.message and "one or two trucks" in f.message


def test_a_jeep_mounts_no_tank_gun_and_a_vehicle_does_not_carry_its_crew():
    jeep = BASE + textwrap.dedent("""\
        teams:
          - name: Jeep crew
            quality: trained
            figures: [{count: 2, weapon: smg}]
            vehicle: {name: Jeep 1, type: jeep, weapons: [tank-gun, atm]}
        """)
    f = broken(rep(jeep), "SMLE-VEHICLE-MOUNT")
    assert f.line == line_of(jeep, "weapons: [tank-gun")
    missile = jeep.replace("weapons: [tank-gun, atm]", "weapons: [atm]")  # a "Guided missile system" is allowed
    assert "SMLE-VEHICLE-MOUNT" not in [f.code for f in rep(missile).findings]
    own = missile.replace("weapons: [atm]", "carries: [Jeep crew]")
    assert broken(rep(own), "SMLE-CARRIES-OWN-CREW")
