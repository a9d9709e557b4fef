"""Lists and prices, issue 51: each rule restated from the rules text, one broken per list."""

from __future__ import annotations

import pytest
from conftest import line_of, only, report


def codes(rep):
    return [f.code for f in rep.findings]


# --- Bounce into Action ------------------------------------------------------------------------------------------


def test_a_morale_number_held_at_9_says_the_cap_in_its_working():
    # Basic Morale: the morale number may "never be less than 1 or more than 9 at the start of a scenario"
    from listgen.rulesets.bounce_into_action.roster import _morale
    from listgen.rulesets.bounce_into_action.stats import morale

    said = _morale(*morale("recruits", "veteran", ["no-medical", "cant-kill-enemy", "poor-officers"]))  # 8+4 = 12
    assert said.startswith("9 (") and "never more than 9" in said
    low = _morale(*morale("special-forces", "novice", ["in-hma", "elite", "well-supplied"]))  # 2-3 = -1
    assert low.startswith("1 (") and "never less than 1" in low
    at = _morale(*morale("recruits", "veteran", ["no-medical"]))  # 8+1 = 9: at the cap, nothing held
    assert at.startswith("9 (") and "never" not in at


# --- ...In the Noonday Sun ---------------------------------------------------------------------------------------

NOONDAY = """\
ruleset: noonday-sun
name: Test warband
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
"""


def _second_carries(weapon: str) -> str:
    return NOONDAY.replace("{count: 5, weapon: iklwa}", f"{{count: 3, weapon: {weapon}}}")


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
    text = NOONDAY + lone
    f = only(report(text), "NS-INDEPENDENT-LEADER")
    assert f.line == line_of(text, "- name: Observers") and "own Leader element" in f.message
    led = text.replace("    kind:", "    leader: {name: Sgt O, quality: trained}\n    kind:")
    assert "NS-INDEPENDENT-LEADER" not in codes(report(led))


def test_a_lone_hero_or_animals_need_no_leader():
    text = NOONDAY + (
        "units:\n  - {name: Rorke, quality: veteran, kind: hero, figures: [{count: 1, weapon: rifle, fires_as: rifle}]}\n"
        "  - {name: Cattle, animals: livestock, figures: [{count: 4, weapon: horns}]}\n"
    )
    assert "NS-INDEPENDENT-LEADER" not in codes(report(text))


# Table 2, Infantry Movement: None 10", Light 8" (military uniform and helmet). A leader with no armour written wears
# what the units he leads wear (an induna of an unarmoured warband moves 10" as they do, and is priced x0.5 as they
# are); a unit with none written wears what its group's other units wear; light where they differ or none is said.
def test_a_leader_with_no_armour_wears_his_units_armour():
    text = NOONDAY.replace("{name: Induna, quality: veteran, armour: none}", "{name: Induna, quality: veteran}")
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
    text = NOONDAY.replace("armour: none\n        figures:\n          - {count: 5", "figures:\n          - {count: 5")
    rep = report(text)
    assert [u.armour for u in rep.army.groups[0].units] == ["none", "none"]
    import json

    from listgen.commands.schema import schema

    assert "light where" in json.dumps(schema("noonday-sun"))  # said in the schema
    assert any("light where" in note for note in rep.valuation.notes)


# --- S.M.L.E. ----------------------------------------------------------------------------------------------------

SMLE = """\
ruleset: smle
name: Mounted section
sections:
  - name: 1 Section
    leader: {name: Cpl A, quality: trained, weapon: smg}
    teams:
      - name: Crew
        quality: trained
        figures:
          - {count: 4, weapon: rifle}
        vehicle: {name: Carrier, type: VEHICLE, weapons: WEAPONS}
      - name: Rifles
        quality: trained
        figures:
          - {count: 4, weapon: rifle}
"""


def _mounted(vehicle: str, weapons: str) -> str:
    return SMLE.replace("VEHICLE", vehicle).replace("WEAPONS", weapons)


# Example Vehicles, Equipment: the Tracked APC's "Turreted HMG or Auto Cannon, Guided Anti-Tank Missile (4D)" is one
# turret weapon and one missile; the Battle Tank's "Turreted Tank Gun (4D, Ex), CoAx ASW, Commanders MG" one gun and
# two machine guns; the Lorry's "Cab mounted Machine Gun" and the Scout-car's "Pintle mounted MG" one each.
@pytest.mark.parametrize(
    "vehicle,at,past",
    [
        ("tracked-apc", "[hmg, atm]", "[hmg, hmg, atm]"),
        ("tracked-apc", "[at-rifle, atm]", "[at-rifle, atm, atm]"),
        ("battle-tank", "[tank-gun, gpmg, lmg]", "[tank-gun, tank-gun, gpmg]"),
        ("battle-tank", "[gun-75mm, gpmg, gpmg]", "[tank-gun, gpmg, gpmg, gpmg]"),
        ("lorry", "[gpmg]", "[gpmg, lmg]"),
        ("scout-car", "[hmg]", "[gpmg, gpmg]"),
    ],
)
def test_an_example_vehicle_mounts_as_many_weapons_as_its_equipment_prints(vehicle, at, past):
    crew = {"lorry": 2, "scout-car": 3, "battle-tank": 4}.get(vehicle, 4)
    ok = _mounted(vehicle, at).replace(
        "{count: 4, weapon: rifle}\n        vehicle", f"{{count: {crew}, weapon: rifle}}\n        vehicle"
    )
    assert "SMLE-VEHICLE-MOUNT" not in codes(report(ok)), [f.message for f in report(ok).findings]
    over = ok.replace(at, past)
    f = only(report(over), "SMLE-VEHICLE-MOUNT")
    assert f.severity == "error" and f.line == line_of(over, "vehicle:")


def test_a_lorry_carries_its_platoon_by_the_platoons_name():
    # Lorry: "Passengers; up to one platoon, (8-12 teams)"
    text = """\
ruleset: smle
name: Lorried platoon
platoons:
  - name: 1 Platoon
    leader: {name: Lt A, quality: trained}
    command_team:
      name: HQ
      quality: trained
      figures:
        - {count: 3, weapon: rifle}
    sections:
SECTIONS
teams:
  - name: Drivers
    quality: trained
    figures:
      - {count: 2, weapon: rifle}
    vehicle: {name: Bedford, type: lorry, carries: [1 Platoon]}
"""
    section = """\
      - name: S{n}
        leader: {{name: Cpl {n}, quality: trained, weapon: smg}}
        teams:
          - {{name: S{n} Bren, quality: trained, figures: [{{count: 1, weapon: lmg}}, {{count: 2, weapon: rifle}}]}}
          - {{name: S{n} Rifles, quality: trained, figures: [{{count: 4, weapon: rifle}}]}}
"""
    two = text.replace("SECTIONS\n", "".join(section.format(n=n) for n in (1, 2)))
    rep = report(two)
    assert "SMLE-CARRIES-UNKNOWN" not in codes(rep) and "SMLE-VEHICLE-CAPACITY" not in codes(rep), [
        f.message for f in rep.findings
    ]
    six = text.replace("SECTIONS\n", "".join(section.format(n=n) for n in range(1, 7)))  # 13 teams: past 12
    f = only(report(six), "SMLE-VEHICLE-CAPACITY")
    assert "13 teams" in f.message


# --- Sol Prime ---------------------------------------------------------------------------------------------------


def test_a_fighter_carries_no_infantry():
    # Air Drops: "Bombers & transports with troop bays may carry infantry squads ... Each troop bay will hold 2"
    from test_sol_prime import BASE as SOL

    air = "  - name: Air\n    morale: elite\n    stands:\n      - {name: Jet, type: TYPE, troop_bays: 2, carries: [Squads]}\n"
    text = SOL.replace(", carries: [Squads]", "") + air
    f = only(report(text.replace("TYPE", "fighter")), "SP-TROOP-BAYS")
    assert "Bombers & transports" in f.message and f.line == line_of(text, "type: TYPE")
    bomber = report(text.replace("TYPE", "bomber"))
    assert "SP-TROOP-BAYS" not in codes(bomber), [x.message for x in bomber.findings]


# --- the rules' own spellings, and rules quoted where a list leaves a part out ----------------------------------

CLOSE = """\
ruleset: close-action
name: Test squad
officers:
  - {name: Lt X}
squads:
  - name: Alpha
    grade: steady
    leader: {name: Sgt A, weapon: smg}
    men:
      - {count: 1, weapon: auto-rifle}
      - {count: 5, weapon: rifle}
"""


def test_the_fire_tables_own_words_read_case_folded():
    # Close Action, Fire Table: "Pistol", "Rifle", "SMG", "Auto-rifle", "LMG", "HMG"
    text = CLOSE.replace("weapon: smg}", "weapon: SMG}").replace("weapon: rifle}", "weapon: Rifle}")
    text = text.replace("grade: steady", "grade: Steady")
    text += "    support_weapons:\n      - {weapon: LMG}\n      - {weapon: HMG}\n"
    rep = report(text)
    assert rep.legal(), [f.message for f in rep.findings]
    squad = rep.army.squads[0]
    assert squad.leader.weapon == "smg" and squad.grade == "steady" and squad.men[1].weapon == "rifle"
    assert [s.weapon for s in squad.support_weapons] == ["lmg", "hmg"]
    assert rep.points == report(CLOSE + "    support_weapons:\n      - {weapon: lmg}\n      - {weapon: hmg}\n").points
    # a man carrying the Fire Table's LMG is told it is a support weapon, not that it is unknown
    man = CLOSE.replace("{count: 1, weapon: auto-rifle}", "{count: 1, weapon: LMG}")
    assert "CA-SUPPORT-AS-PERSONAL" in codes(report(man)) and "INPUT-UNKNOWN-WEAPON" not in codes(report(man))


def test_noonday_words_as_the_text_prints_them():
    # 6. Troop Quality "4. Veteran"; Table 2 "Heavy"; 3. Encumbered Movement "(e.g. a Mortar)"
    text = NOONDAY.replace("{name: Induna, quality: veteran,", "{name: Induna, quality: Veteran,")
    text = text.replace(
        "- name: First\n        quality: trained\n        armour: none",
        "- name: First\n        quality: Trained\n        armour: Heavy\n        support_weapon: Mortar",
    )
    rep = report(text)
    assert not rep.unreadable, [f.message for f in rep.findings]
    first = rep.army.groups[0].units[0]
    assert (first.quality, first.armour, first.support_weapon) == ("trained", "heavy", "mortar")


def test_a_squad_of_its_leader_alone_is_told_the_rule():
    # Close Action: "squads of 6-12 men, each commanded by a squad leader"
    text = CLOSE.split("    men:")[0]
    rep = report(text)
    assert not rep.unreadable
    f = only(rep, "CA-SQUAD-SIZE")
    assert "1 man;" in f.message and "6-12" in f.message and f.line == line_of(text, "- name: Alpha")


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
