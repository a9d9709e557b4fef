"""Bounce into Action, round 3 (issue 15): the rules between the tables, restated from the draft text."""

import pytest
from conftest import broken, line_of, report
from test_bounce import BASE

from listgen.rulesets import get


def unit(text, title):
    rep = report(text)
    return next(u for u in get("bounce-into-action").roster(rep.army, rep).units if u.title.endswith(title))


def test_hit_boxes_follow_the_trainings_stand_size_whether_or_not_people_is_typed():
    # Regular: "Stands are groups of four soldiers"; Hit Effects: Militia 3 ineffective, 8 destroyed - a stand of
    # four cannot take eight hits, so its boxes stop at four either way
    plain = BASE.replace("equipment: hma, weapon: sla-squad, people: 4}", "equipment: assault-rifles, weapon: rifles}")
    typed = BASE.replace(
        "equipment: hma, weapon: sla-squad, people: 4}", "equipment: assault-rifles, weapon: rifles, people: 4}"
    )
    assert unit(plain, "Alpha").tracks == unit(typed, "Alpha").tracks
    (track,) = unit(plain, "Alpha").tracks
    assert track.boxes == ("1", "2", "3", "4")


@pytest.mark.parametrize("people,severity", [(4, None), (6, "error"), (3, "error")])
def test_a_regular_stand_is_exactly_four(people, severity):
    text = BASE.replace("weapon: sla-squad, people: 4}", f"weapon: sla-squad, people: {people}}}")
    found = [f for f in report(text).findings if f.code == "BIA-STAND-SIZE"]
    assert [f.severity for f in found] == ([severity] if severity else [])


def test_an_approximate_size_is_only_a_guide():
    # Trained: "a squad of about 8 to 10 soldiers"
    text = BASE.replace("weapon: sla-squad, people: 9}", "weapon: sla-squad, people: 11}")
    (f,) = [f for f in report(text).findings if f.code == "BIA-STAND-SIZE"]
    assert f.severity == "warning"


@pytest.mark.parametrize("training,weapon", [("civilian", "rifles"), ("regular", "sla-squad")])
def test_civilian_weapons_fire_only_the_light_small_arms_line(training, weapon):
    # Equipment: civilian weapons; assault rifles: "Civilians may not be equipped at this level"
    text = BASE + (
        f"  - {{name: Town, training: {training}, experience: experienced, "
        f"equipment: civilian-weapons, weapon: {weapon}}}\n"
    )
    f = broken(report(text), "BIA-CIVILIAN-WEAPONS")
    assert f.line == line_of(text, "name: Town")
    ok = text.replace(f"weapon: {weapon}}}", "weapon: light-small-arms}")
    assert "BIA-CIVILIAN-WEAPONS" not in [f.code for f in report(ok).findings]


def test_civilian_weapons_say_what_they_cannot_hurt():
    text = (
        BASE + "  - {name: Town, training: civilian, experience: raw, equipment: civilian-weapons, "
        "weapon: light-small-arms}\n"
    )
    assert any("HMA troops and armoured vehicles are immune" in r for r in unit(text, "Town").rules)


def test_an_officer_too_low_is_reported_once():
    text = BASE + (
        "  - {name: Levy, training: recruits, experience: raw, equipment: assault-rifles, weapon: rifles}\n"
        "  - {name: Sgt Y, kind: officer, training: recruits, experience: raw, equipment: assault-rifles, "
        "weapon: light-small-arms, with_stand: Levy}\n"
    )
    assert [f.code for f in report(text).findings].count("BIA-OFFICER-TRAINING") == 1


def test_special_forces_may_wear_marine_armour():
    # Special Forces "can use any equipment likely to be found"
    text = BASE.replace(
        "{name: Bravo, training: trained, experience: novice, equipment: lta",
        "{name: Bravo, training: special-forces, experience: novice, equipment: marine-armour",
    ).replace("people: 9}", "people: 2}")
    assert "BIA-EQUIPMENT" not in [f.code for f in report(text).findings]
