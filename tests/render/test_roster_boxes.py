"""The boxes a roster gives each copy of a unit: what the rules say it can suffer, restated from the texts."""

import textwrap

from conftest import ARMIES

from listgen.commands.roster import make_roster
from listgen.core.validate import check_file, check_text


def units(name):
    return {u.title: u for u in make_roster(check_file(str(ARMIES / name))).units}


def test_bounce_stands_have_a_box_per_hit_until_destroyed():
    """Hit Effects: Infantry — Militia destroyed at 8, LTA at 4; an officer takes one hit; Recruits (30) and
    Civilians (50) are written in, not boxed."""
    roster = units("bounce-militia-defence.yaml")
    squads = roster["Stand: Ford squads"]
    assert [t.name for t in squads.tracks] == ["Ford squads 1", "Ford squads 2", "Ford squads 3"]
    assert all(t.boxes == tuple(str(n) for n in range(1, 9)) for t in squads.tracks)
    assert [t.boxes for t in roster["Stand: AT missile teams"].tracks] == [("1", "2", "3", "4")] * 2
    assert roster["Stand: Capt. Adair"].tracks[0].boxes == ("1",)
    assert [t.write_in for t in roster["Stand: Recruit levy"].tracks] == ["__ / 30"] * 2
    assert roster["Stand: Settlers"].tracks[0].write_in == "__ / 50"


def test_bounce_weapons_print_each_range_band_with_penetration():
    """Weapon Range Bands: AT Missile 4 (4) at every band; Rifles 4 (0), 6 (-), 8 (-), 8 (-), then out of range."""
    roster = units("bounce-militia-defence.yaml")
    assert roster["Stand: AT missile teams"].columns == ["Weapon", "5cm", "10cm", "15cm", "30cm", "60cm", "120cm"]
    assert roster["Stand: AT missile teams"].rows == [["AT Missile"] + ["4 (4)"] * 6]
    assert roster["Stand: Ford squads"].rows == [["Rifles", "4 (0)", "6 (-)", "8 (-)", "8 (-)", "-", "-"]]


def test_bounce_vehicles_have_crew_hits_and_aircraft_their_speeds():
    """Vehicle crews: destroyed at 4 hits; aircraft choose a speed with their posture and may take evasive action."""
    roster = units("bounce-militia-defence.yaml")
    assert roster["Vehicle: Technicals"].tracks[0].boxes == ("C1", "C2", "C3", "C4", "KO")
    air = units("bounce-gf-hma-company.yaml")["Aircraft: Shuttle Drop-Three"]
    assert air.tracks[0].boxes == ("Very Slow", "Slow", "Evasive", "Lost")


def test_sol_prime_boxes_follow_what_each_stand_can_suffer():
    """Only infantry is Suppressed; wheeled vehicles can be immobilized; weapons are listed once per stand."""
    text = textwrap.dedent("""\
        ruleset: sol-prime
        name: Boxes
        tech_level: laser
        points_table: {name: t, items: {infantry: 1, vehicle: 1, tank: 1}}
        platoons:
          - name: P
            morale: veteran
            stands:
              - {name: Rifles, type: infantry, count: 2, weapons: [apw]}
              - {name: Cars, type: vehicle, transport: wheeled, count: 2, weapons: [apwl, apwl]}
              - {name: Tanks, type: tank, transport: tracked, weapons: [laser-cannon]}
        """)
    roster = {u.title: u for u in make_roster(check_text(text, "b.yaml")).units}
    assert [t.boxes for t in roster["Infantry: Rifles"].tracks] == [("Supp", "Lost")] * 2
    assert [t.boxes for t in roster["Vehicle: Cars"].tracks] == [("Immob.", "Lost")] * 2
    assert [t.boxes for t in roster["Tank: Tanks"].tracks] == [("Lost",)]
    assert len(roster["Vehicle: Cars"].rows) == 2 and not roster["Vehicle: Cars"].boxes
