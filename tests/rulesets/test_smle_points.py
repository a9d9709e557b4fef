"""SMLE Unit Points Costs and Force Multipliers, worked by hand from the text (heroes and a leader element unpriced)."""

import textwrap

import pytest
from conftest import ARMIES, BASE, report

from listgen.core.validate import check_file, check_text


def total(text):
    report = check_text(text, "t.yaml")
    assert report.valuation is not None, [f.message for f in report.findings]
    return report.valuation


def rifles(extra: str = "", weapon: str = "rifle") -> str:
    """BASE with the Rifles team changed; BASE costs 6 (leader) + 12 (Bren) + 12 (Rifles)."""
    return BASE.replace(
        "      - name: Rifles\n        quality: trained\n", "      - name: Rifles\n        quality: trained\n" + extra
    ).replace("{count: 4, weapon: rifle}", f"{{count: 1, weapon: {weapon}}}\n          - {{count: 2, weapon: rifle}}")


@pytest.mark.parametrize(
    "extra,weapon,rifles_cost",
    [
        ("", "rifle", 12),
        ("        motivation: elite\n", "rifle", 24),  # Elite x2
        ("        motivation: warriors\n", "rifle", 18),  # Warrior x1.5
        ("        motivation: fanatic\n", "rifle", 18),  # Fanatic x1.5
        ("        motivation: reluctant\n", "rifle", 12),  # no multiplier printed
        ("", "sniper-rifle", 18),  # Better weapons (1D+1) x1.5
        ("", "hmg", 24),  # Heavy weapons (1D+2) x2
        ("", "light-mortar", 24),  # 2D: heavy
        ("", "at-gun-57mm", 24),  # 2D+2 gun: heavy
        ("", "bazooka", 12 + 2),  # no multiplier: its one shot is an RPG/LAW, 2 points
        ("        grenades: 2\n", "grenade-launcher", 12 + 2),  # no multiplier: its rifle grenades, 1 point each
        ("        armour: none\n", "rifle", 6),  # Unarmoured x0.5
        ("        armour: body\n", "rifle", 18),  # Heavy Armour x1.5
        ("        armour: power\n", "rifle", 24),  # Power Armour x2
        ("        motivation: elite\n        armour: body\n", "hmg", 72),  # 12 x2 x2 x1.5
    ],
)
def test_team_cost_and_multipliers(extra, weapon, rifles_cost):
    assert total(rifles(extra, weapon)).total == 6 + 12 + rifles_cost


def test_explosives_are_added_after_multipliers():
    val = total(rifles("        motivation: elite\n        grenades: 3\n        rpg: 2\n"))
    unit = next(u for u in val.units if u.name == "Rifles")
    assert unit.total == 12 * 2 + 3 * 1 + 2 * 2
    assert unit.working() == "12 x2 (Elite) + 3 (3 grenades) + 4 (2 RPG/LAW)"


def test_bazooka_shots_are_priced_once():
    """A figure's Bazooka and the team's rpg: count are the same shots, never priced twice."""
    for extra, shots in (("", 1), ("        rpg: 3\n", 3)):
        unit = next(u for u in total(rifles(extra, "bazooka")).units if u.name == "Rifles")
        assert unit.total == 12 + 2 * shots and not unit.multipliers


def test_mounted_weapons_set_the_crews_multiplier_and_say_so():
    text = (
        BASE + "teams:\n  - name: Crew\n    quality: trained\n    figures: [{count: 2, weapon: rifle}]\n"
        "    vehicle: {name: Carrier, type: custom, armour: bulletproof, size: small, capacity: 0, weapons: [hmg]}\n"
    )
    unit = next(u for u in total(text).units if u.name == "Crew")
    assert unit.total == 24 and "HMG 1D+2 on its vehicle" in unit.working()


def test_platoon_leader_priced_by_his_and_his_command_teams_ratings():
    platoon = textwrap.dedent("""\
        ruleset: smle
        name: P
        platoons:
          - name: One
            leader: {name: Lt, quality: veteran, motivation: elite, weapon: smg}
            command_team: {name: HQ, quality: trained, figures: [{count: 3, weapon: rifle}]}
            sections:
              - {name: A, teams: [{name: A1, quality: trained, figures: [{count: 4, weapon: rifle}]},
                                  {name: A2, quality: trained, figures: [{count: 4, weapon: rifle}]}]}
              - {name: B, teams: [{name: B1, quality: trained, figures: [{count: 4, weapon: rifle}]},
                                  {name: B2, quality: trained, figures: [{count: 4, weapon: rifle}]}]}
        """)
    leader = next(u for u in total(platoon).units if u.kind == "platoon leader with command team")
    assert leader.total == 12 * 2  # the leader is Elite
    hmg = platoon.replace(
        "figures: [{count: 3, weapon: rifle}]}", "figures: [{count: 1, weapon: hmg}, {count: 1, weapon: rifle}]}"
    )
    leader = next(u for u in total(hmg).units if u.kind == "platoon leader with command team")
    assert leader.total == 12 * 2 * 2  # Elite leader, and the command team's HMG


def test_section_leader_six_and_his_own_multipliers():
    val = total(
        BASE.replace(
            "{name: Cpl A, quality: veteran, weapon: smg}",
            "{name: Cpl A, quality: veteran, motivation: elite, weapon: smg}",
        )
    )
    assert next(u for u in val.units if u.kind == "section leader").total == 12


def test_prepared_positions_and_hidden_setup():
    val = total(BASE.replace("points_limit: 100\n", "points_limit: 100\nprepared_positions: 2\nsets_up_hidden: true\n"))
    assert val.subtotal == 30 + 24
    assert val.total == (30 + 24) * 2


def test_half_points_are_kept_exactly():
    # a warrior section leader with an unarmoured... 6 x1.5 x0.5 = 4.5
    val = total(
        BASE.replace(
            "{name: Cpl A, quality: veteran, weapon: smg}",
            "{name: Cpl A, quality: veteran, motivation: warriors, armour: none, weapon: smg}",
        )
    )
    assert next(u for u in val.units if u.kind == "section leader").total == 4.5


def test_british_platoon_by_hand():
    # HQ 12 + 2 grenades; mortar 24 (heavy); PIAT 12 + 2 (its one shot, an RPG/LAW);
    # sections 6+12+4+12, 6+12+2+12, 6+12+3+12
    report = check_file(str(ARMIES / "smle-british-rifle-platoon.yaml"))
    assert report.points == 14 + 24 + 14 + 34 + 32 + 33


def test_vehicles_and_company_leader_are_not_priced():
    report = check_file(str(ARMIES / "smle-us-armored-infantry.yaml"))
    assert len(report.valuation.unpriced) == 2
    assert all("no cost" in text for _path, text in report.valuation.unpriced)


# --- the flame-thrower and heroes -------------------------------------------------------------------------------


def test_the_flame_thrower_is_priced_by_its_rating_and_says_so_by_name():
    # Force Multipliers: "Heavy weapons (1D+2) = x2"; the weapons table: "Flame-Thrower EA 2D-2" (no H)
    text = "ruleset: smle\nname: F\nteams:\n  - {name: Flamers, quality: trained, figures: [{count: 1, weapon: flamethrower}, {count: 2, weapon: rifle}]}\n"
    rep = report(text)
    (cost,) = rep.valuation.units
    assert cost.total == 12 * 2 and "the table marks it EA, not H" in cost.working()


def test_heroes_who_lead_nothing_have_a_place_and_no_price():
    # Activation: "Activation rolls for individuals are only made for Leaders, Hero's or split teams";
    # Individuals: heroes "should be represented by specific figures"
    base = "ruleset: smle\nname: H\npoints_limit: 30\nteams:\n  - {name: Rifles, quality: trained, figures: [{count: 4, weapon: rifle}]}\n"
    rep = report(base + "heroes:\n  - {name: Sgt Rock, quality: veteran, weapon: smg, hero: hero}\n")
    assert rep.legal(strict=True) and rep.points == 12 and rep.valuation.partial
    assert [t for _p, t in rep.valuation.unpriced] == ["hero Sgt Rock: the text prints no cost for heroes"]
    from listgen.commands.roster import printed_roster

    assert any(u.title.startswith("Hero: Sgt Rock") for u in printed_roster(rep).units)
