"""Bounce into Action's matchup sheet (issue 51): who takes the blast +2, what an officer adds, and what civilian
weapons cannot hurt, each restated from bounce-into-action.txt and checked by brute force over the d10."""

from __future__ import annotations

import textwrap
from fractions import Fraction

from conftest import ARMIES, report

from listgen import rulesets
from listgen.core.validate import check_file

BIA = rulesets.get("bounce-into-action")
MILITIA = check_file(str(ARMIES / "bounce-militia-defence.yaml")).army
COMPANY = check_file(str(ARMIES / "bounce-gf-hma-company.yaml")).army
# Weapon Range Bands (5, 10, 15, 30, 60, 120 cm; None: '-'); columns: each band in the open, in cover -1, hull-down -2
BANDS = {
    "sla-support": (2, 4, 4, 8, None, None),  # Blast? YES
    "rifles": (4, 6, 8, 8, None, None),
    "light-small-arms": (8, 9, 9, None, None, None),
}
COVERS = (0, -1, -2)


def brute(weapon: str, modifier: int) -> list:
    """Hits of one stand's 1d10 (a 0 read as 10) + every modifier, a hit per whole multiple of the hit number, in
    each column: {hits: chance}, None where the band has no hit number."""
    out: list = []
    for hit in BANDS[weapon]:
        for cover in COVERS:
            if hit is None:
                out.append(None)
                continue
            cell: dict = {}
            for face in range(1, 11):
                total = face + modifier + cover
                n = total // hit if total >= hit else 0
                cell[n] = cell.get(n, 0) + Fraction(1, 10)
            out.append(cell)
    return out


def tables_at(firing, target):
    return [t for t in BIA.matchup_tables(firing, target) if t.id.startswith("bia-matchup-mine-")]


def row(table, unit: str) -> list:
    (cells,) = [c for label, c in zip(table.rows, table.cells) if label.startswith(unit + ":")]
    return cells


def test_blast_against_unarmoured_infantry_is_not_for_assault_rifle_troops():
    # Firing Modifiers: "Blast against unarmoured inf +2"; Equipment, Assault Rifles: "These troops have light armour
    # covering vital organs"; Civilian Weapons: "Troops equipped in this way are unarmoured". The company's SLA
    # support (regular experienced: 0, blast) at the Recruit levy (recruits +1, assault rifles) and the Settlers
    # (civilians +1, civilian weapons, +2): two tables, each cell by brute force (both count hits: 10 to be ineffective)
    tables = tables_at(COMPANY, MILITIA)
    (levy,) = [t for t in tables if "Recruit levy" in t.title]
    (settlers,) = [t for t in tables if "Settlers" in t.title]
    assert levy is not settlers  # the sheet no longer merges them: their modifiers differ
    assert row(levy, "1 Platoon support") == brute("sla-support", 0 + 1)
    assert row(settlers, "1 Platoon support") == brute("sla-support", 0 + 1 + 2)
    assert any("light armour covering vital organs" in note for note in levy.assumptions)


def test_a_grouped_officer_gives_the_stand_plus_one_and_fires_no_die_of_his_own():
    # Firing: "Officers (and other individually based figures) provide a positive modifier to a stand they are
    # grouped with rather than an additional dice"; Firer Situation: Trained -1, Each officer +1. Ford squad A
    # (trained experienced, Capt. Adair grouped with it) fires rifles at the hovertanks (hits counted) at 0
    tables = [t for t in BIA.matchup_tables(MILITIA, COMPANY) if t.id.startswith("bia-matchup-theirs-")]
    assert tables
    for table in tables + tables_at(MILITIA, COMPANY):
        labels = [label.split(":")[0] for label in table.rows]
        assert not {"Capt. Adair", "Lt. Moreno", "Maj. Okonkwo", "Lt. Varga"} & set(labels), labels
    (tanks,) = [t for t in tables_at(MILITIA, COMPANY) if "hovertanks" in t.title]
    assert row(tanks, "Ford squad A") == brute("rifles", -1 + 1)
    assert row(tanks, "Ford squads") == brute("rifles", -1)
    # the officer is still a target: one hit, based singly
    assert any("Capt. Adair" in t.title for t in tables)


CIVILIANS = textwrap.dedent("""\
    ruleset: bounce-into-action
    name: Settlers
    morale_factors: [well-supplied]
    stands:
      - {name: Settlers, training: civilian, experience: raw, equipment: civilian-weapons, weapon: light-small-arms,
         people: 50}
    """)
TARGETS = textwrap.dedent("""\
    ruleset: bounce-into-action
    name: Targets
    morale_factors: [well-supplied]
    stands:
      - {name: HMA team, training: regular, experience: experienced, equipment: hma, weapon: sla-squad, people: 4}
      - {name: Marines, training: regular, experience: experienced, equipment: marine-armour, weapon: sla-squad,
         people: 4}
      - {name: LTA squad, training: trained, experience: experienced, equipment: lta, weapon: sla-squad, people: 9}
      - {name: Militia, training: trained, experience: experienced, equipment: assault-rifles, weapon: rifles,
         people: 9}
    vehicles:
      - {name: Tank, type: tank, weapons: [tank-gun], crew_training: regular, crew_experience: experienced}
      - {name: Hovertank, type: hovertank, weapons: [hovertank-gun], crew_training: regular, crew_experience: experienced}
      - {name: Lorry, type: truck}
    """)


def test_civilian_weapons_cannot_hurt_hma_troops_or_armoured_vehicles():
    # Civilian Weapons: "can only successfully engage targets that are either unarmoured or in light armour. HMA
    # troops and armoured vehicles are immune to their fire (except for morale purposes)". Marine armour is read as
    # HMA; every vehicle but a truck or car is armoured. Settlers: civilians -2, raw; Light Small Arms 8/9/9
    settlers, targets = report(CIVILIANS).army, report(TARGETS).army
    tables = tables_at(settlers, targets)
    immune = [t for t in tables if any(name in t.title for name in ("HMA team", "Marines", "Tank", "Hovertank"))]
    assert immune and all(cell is None for t in immune for cell in row(t, "Settlers"))
    (lta,) = [t for t in tables if "LTA squad" in t.title]
    (lorry,) = [t for t in tables if "Lorry" in t.title]
    assert row(lorry, "Settlers") == brute("light-small-arms", -2)  # a truck: hits counted
    # LTA: In LTA -1, ineffective at 2 hits (LTA): the most one firing of 1d10 - 3 scores at 8+ is one
    assert [None if c is None else c.get(1, 0) for c in row(lta, "Settlers")] == [
        None if c is None else sum((p for n, p in c.items() if n >= 2), Fraction(0))
        for c in brute("light-small-arms", -2 - 1)
    ]
    assert any("immune to their fire" in note for note in tables[0].assumptions)
