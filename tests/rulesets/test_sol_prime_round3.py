"""Sol Prime, round 3 (issue 15): the rules between the tables, restated from sol-prime.txt."""

import pytest
from conftest import broken, line_of, report
from test_sol_prime import BASE

from listgen.rulesets import get


def codes(rep):
    return [f.code for f in rep.findings if f.severity == "error"]


def test_infantry_are_equipped_with_the_best_apw_and_law():
    # "Each type of infantry will be automatically equipped with the best allowed by its army's technology
    # level" (APW and LAW); "tanks, tank destroyers, & APC's will also be equipped with the best APW"
    rep = report(BASE)
    roster = get("sol-prime").roster(rep.army, rep)
    squads = next(u for u in roster.units if "Squads" in u.title)
    names = [row[0] for row in squads.rows]
    assert "APWL" in names and "LAWL" in names  # the list named only the APWL: the LAWL comes with them
    plasma = BASE.replace("tech_level: laser", "tech_level: plasma")
    f = broken(report(plasma.replace("apwp", "apwl")), "SP-EQUIPMENT")
    assert "apwp" in f.message and f.line == line_of(plasma, "{name: Tank 1")


def test_the_whole_infantry_platoon_must_fit_its_transports():
    # "up to 6 transport vehicles & as many stands of infantry as the vehicles can carry": 1 APC carrying 2
    # squads and 4 more squads is 6 squads for room 2
    text = BASE.replace(
        "{name: APCs, type: apc, count: 2, weapons: [apwl], carries: [Squads]}",
        "{name: APCs, type: apc, count: 1, weapons: [apwl], carries: [Lead]}\n"
        "      - {name: Lead, type: infantry, count: 2, weapons: [inf-gun]}",
    )
    rep = report(text)
    assert "SP-PLATOON-SIZE" in codes(rep) and "SP-TROOP-BAYS" not in codes(rep)


@pytest.mark.parametrize("armour,ok", [("5/4", True), ("main-battle-tank", True), ("banana", False), ("5", False)])
def test_armour_is_a_rating_the_text_can_read(armour, ok):
    # "Selected Armor Ratings": Light Tank 4/3, Medium Tank 5/4, Main Battle Tank 6/5
    text = BASE.replace("{name: Tank 2, type: tank, armour: 5/4", f"{{name: Tank 2, type: tank, armour: {armour}")
    assert ("INPUT-BAD-ARMOUR" not in codes(report(text))) == ok


def test_a_named_armour_prints_its_rating():
    text = BASE.replace("{name: Tank 2, type: tank, armour: 5/4", "{name: Tank 2, type: tank, armour: light-tank")
    rep = report(text)
    tank = next(u for u in get("sol-prime").roster(rep.army, rep).units if "Tank 2" in u.title)
    assert ("Armour", "4/3") in tank.facts


def test_towed_weapons_may_be_transported():
    # "a Platoon of vehicles ... may transport a different Platoon of infantry or towed weapons"
    text = BASE + (
        "  - name: Guns\n    morale: veteran\n    stands:\n"
        "      - {name: Field guns, type: towed-artillery, artillery_class: light, ammunition_lots: 1}\n"
        "  - name: Tractors\n    morale: veteran\n    stands:\n"
        "      - {name: Movers, type: apc, weapons: [apwl], carries: [Field guns]}\n"
    )
    assert "SP-CARRIES-UNKNOWN" not in codes(report(text))


def test_artillery_needs_its_class_and_its_ammunition():
    # "Ammunition for artillery & MRL units must be purchased in lots"
    gun = BASE + (
        "  - name: Guns\n    morale: veteran\n    stands:\n"
        "      - {name: Field guns, type: towed-artillery, artillery_class: light, ammunition_lots: 1}\n"
    )
    assert report(gun).legal()
    f = broken(report(gun.replace(", ammunition_lots: 1", "")), "SP-AMMUNITION")
    assert "ammunition_lots" in f.message
    f = broken(report(gun.replace("artillery_class: light, ", "")), "SP-ARTILLERY-CLASS")
    assert f.line == line_of(gun, "{name: Field guns")


def test_an_unknown_total_is_null_in_json():
    import json

    from listgen.output.text import validation

    out = validation([report(BASE)], "json").out[0]
    assert json.loads(out)["points"] is None
