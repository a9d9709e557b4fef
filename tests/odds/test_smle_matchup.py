"""S.M.L.E.'s matchup sheet (issue 51): leaders and heroes fire and are fired at as the roster places them, and a
starred weapon is braced on the matchup as on the roster; restated from smle.txt, each cell against icepool."""

from __future__ import annotations

import textwrap

from conftest import report
from test_matchup import SMLE_BAND_ORDER, SMLE_COVERS, smle_expected

from listgen import rulesets

SMLE = rulesets.get("smle")
# Direct Fire: "One attack roll is made for each figure in the team that can see the target"; Leaders: "The Section
# Leader may attach to any of the Teams in their section"; the roster: "Section leaders count in the size of the team
# they lead". Hollywood Extras: "Major Hero (+3)": "the dice modifier a hero may add to all their dice throws".
LIST = textwrap.dedent("""\
    ruleset: smle
    name: Leaders and heroes
    sections:
      - name: 1 Section
        leader: {name: Sgt. Stone, quality: veteran, weapon: smg}
        teams:
          - name: Rifle group
            quality: green
            figures:
              - {count: 3, weapon: rifle}
          - name: Gun group
            quality: trained
            figures:
              - {count: 1, weapon: gpmg}
              - {count: 2, weapon: rifle}
    teams:
      - name: Observers
        quality: trained
        figures:
          - {count: 2, weapon: rifle}
        leader: {name: Lt. Eyes, quality: veteran, weapon: handgun}
    heroes:
      - {name: Big Arnie, quality: veteran, weapon: lmg, hero: major}
    """)
ENEMY = textwrap.dedent("""\
    ruleset: smle
    name: Enemy
    teams:
      - name: Riflemen
        quality: trained
        figures:
          - {count: 4, weapon: rifle}
    """)


def cells(weapon, count, quality, target, hero=0, t_hero=0) -> list:
    figures, t_quality, t_armour = target
    return [
        smle_expected(
            weapon, count, quality, False, figures, t_quality, None, t_armour, band, cover, False, hero, t_hero
        )
        for band in SMLE_BAND_ORDER
        for cover in SMLE_COVERS
    ]


def row(table, start: str) -> list:
    (found,) = [c for label, c in zip(table.rows, table.cells) if label.startswith(start)]
    return found


def test_a_section_leader_fires_with_the_team_he_counts_in_and_is_one_of_its_figures():
    mine, theirs = report(LIST).army, report(ENEMY).army
    tables = SMLE.matchup_tables(mine, theirs)
    (at_riflemen,) = [t for t in tables if t.id.startswith("smle-matchup-mine-")]
    # the green Rifle group of 3 is one short of 4: the roster counts Sgt. Stone in it; he fires his SMG, veteran
    assert row(at_riflemen, "Rifle group: Sgt. Stone") == cells("smg", 1, "veteran", (4, "trained", "light"))
    theirs_tables = [t for t in tables if t.id.startswith("smle-matchup-theirs-")]
    (at_group,) = [t for t in theirs_tables if "Rifle group" in t.title]
    assert "4 figures with Sgt. Stone" in at_group.title
    expected = cells("rifle", 4, "trained", (4, "green", "light"))
    assert row(at_group, "Riflemen") == expected
    assert any(4 in cell for cell in row(at_group, "Riflemen"))  # the whole team, leader too, can fall
    # an independent team's own leader ("may include their own Leader element") counts in it and fires with it
    assert row(at_riflemen, "Observers: Lt. Eyes") == cells("handgun", 1, "veteran", (4, "trained", "light"))
    (at_observers,) = [t for t in theirs_tables if "Observers" in t.title]
    assert "3 figures with Lt. Eyes" in at_observers.title
    assert not [t for t in theirs_tables if "Lt. Eyes:" in t.title or t.title.startswith("At Lt. Eyes")]


def test_a_lone_hero_fires_and_is_fired_at_with_his_grade():
    mine, theirs = report(LIST).army, report(ENEMY).army
    tables = SMLE.matchup_tables(mine, theirs)
    (at_riflemen,) = [t for t in tables if t.id.startswith("smle-matchup-mine-")]
    # a hero's LMG is not starred, and he adds +3 to his attack and damage rolls
    assert row(at_riflemen, "Big Arnie") == cells("lmg", 1, "veteran", (4, "trained", "light"), hero=3)
    (at_arnie,) = [t for t in tables if t.id.startswith("smle-matchup-theirs-") and "Big Arnie" in t.title]
    assert row(at_arnie, "Riflemen") == cells("rifle", 4, "trained", (1, "veteran", "light"), t_hero=3)


def test_a_starred_weapon_is_braced_on_the_matchup_as_on_the_roster():
    # the weapons table: "General purpose Machine-gun (GPMG) *", "*These weapons must be braced in order to fire";
    # Table 3: Braced Weapons +1. smle_expected braces the starred weapons carried on foot
    mine, theirs = report(LIST).army, report(ENEMY).army
    (at_riflemen,) = [t for t in SMLE.matchup_tables(mine, theirs) if t.id.startswith("smle-matchup-mine-")]
    assert row(at_riflemen, "Gun group: 1 x General") == cells("gpmg", 1, "trained", (4, "trained", "light"))
    rep = report(LIST)
    (gun,) = [u for u in SMLE.roster(rep.army, rep).units if u.title.endswith("Gun group")]
    assert any(r[1].endswith(" *") and r[1].startswith("GPMG") for r in gun.rows), gun.rows
