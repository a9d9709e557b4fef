"""Sol Prime's matchup and reference tables: the range DRM to kill is for guns only (issue 51), restated from
sol-prime.txt's Fire Combat, Determining Damage vs Vehicles, and checked by brute force over the dice; how a row
names a stand's weapons."""

from __future__ import annotations

import textwrap
from fractions import Fraction

import pytest
from conftest import ARMIES, report

from listgen import rulesets
from listgen.rulesets.sol_prime import odds

# "@<1/3 Max Range +2 / @>2/3 Max Range -1 ... @Applies only to guns (not lasers or plasma weapons.)"; "Guns will be
# affected but plasma & laser cannons & missiles will not be effected." Selected Weapons To Kill Ratings:
WEAPONS = {  # name: (max range, vehicle to-kill rating, a gun)
    "inf-gun": (12, 0, True),
    "laser-cannon": (20, 3, False),
    "heavy-laser-cannon": (24, 4, False),
    "plasma-cannon": (20, 6, False),
    "ion-cannon": (20, 5, False),  # in neither list: listgen reads it with the lasers, as Installations does
}
LIGHT_TANK = 4  # Selected Armor Ratings: Light Tank 4/3 (front 4)


def brute(weapon: str, inches: int, cover: int) -> Fraction:
    """A vehicle firer (Stationary +1), at a Light Tank (no size DRM): the range die, then 1D6 + rating + DRM -
    armour > 0, every face counted."""
    high, rating, gun = WEAPONS[weapon]
    hits = sum(1 for face in range(1, high + 1) if face + 1 + cover >= inches)
    drm = (2 if 3 * inches < high else -1 if 3 * inches > 2 * high else 0) if gun else 0
    kills = sum(1 for face in range(1, 7) if face + rating + drm - LIGHT_TANK > 0)
    return Fraction(hits, high) * Fraction(kills, 6)


ARMY = textwrap.dedent("""\
    ruleset: sol-prime
    name: Guns and lasers
    tech_level: plasma
    leaders:
      - {name: Maj A, attached_to: Laser}
    platoons:
      - name: Tanks
        morale: veteran
        stands:
          - {name: Laser, type: tank, armour: 5/4, weapons: [laser-cannon]}
          - {name: Heavy laser, type: tank, armour: 5/4, weapons: [heavy-laser-cannon]}
          - {name: Plasma, type: tank, armour: 5/4, weapons: [plasma-cannon]}
          - {name: Ion, type: tank, armour: 5/4, weapons: [ion-cannon]}
          - {name: Gun, type: tank, armour: 5/4, weapons: [inf-gun]}
    """)


def test_the_range_modifier_to_kill_is_for_guns_only():
    rep = report(ARMY)
    (table,) = rulesets.get("sol-prime").target_tables(rep.army, ["light-tank"])
    rows = {label.split(": ")[1]: cells for label, cells in zip(table.rows, table.cells)}
    names = {w: odds.T.WEAPONS[w].name for w in WEAPONS}
    for weapon, name in names.items():
        columns = [(inches, cover) for inches in odds.MATCHUP_RANGES for _c, cover in odds.MATCHUP_COVERS]
        for (inches, cover), cell in zip(columns, rows[name], strict=True):
            if inches > WEAPONS[weapon][0]:
                assert cell is None
                continue
            assert cell.get(1, 0) == brute(weapon, inches, cover), (weapon, inches, cover)
    # the issue's own cells: a Laser Cannon at a light tank at 2" in light cover is 19/20 x 5/6 (79%), not 95%
    laser = rows["Laser Cannon"][1]
    assert isinstance(laser, dict) and laser[1] == Fraction(19, 24)
    assert any("ion cannon" in note.lower() and "guns only" in note for note in table.assumptions)


@pytest.mark.parametrize(("weapon", "inches", "drm"), [("inf-gun", 3, 2), ("inf-gun", 4, 0), ("inf-gun", 9, -1)])
def test_a_gun_keeps_the_range_modifier_at_its_limits(weapon, inches, drm):
    # under a third of 12" is +2 (3"), a third exactly none (4"), over two thirds -1 (9"); Light Tank front 4
    assert odds._kill(weapon, ("vehicle", LIGHT_TANK, None), inches) == Fraction(
        sum(1 for face in range(1, 7) if face + 0 + drm - LIGHT_TANK > 0), 6
    )


def test_the_reference_sheet_says_guns_only_and_how_the_ion_cannon_reads():
    sheet = rulesets.get("sol-prime").reference(None)
    notes = [n for block in sheet.blocks if block.title == "To Kill" for n in block.notes]
    assert any("guns only" in n and "ion cannon" in n for n in notes)


def test_sol_prime_names_two_of_a_weapon_on_one_stand_as_two():
    # a matchup row names a stand's weapon once, and two of it as '2 x' (the stand's count is said apart)
    text = (ARMIES / "sol-prime-laser-armoured-company.yaml").read_text(encoding="utf-8")
    one = [f.what for f in odds._firers(report(text).army) if f.unit == "Lancer 1 HQ"]
    two = text.replace("weapons: [heavy-laser-cannon, apwl]", "weapons: [heavy-laser-cannon, heavy-laser-cannon, apwl]")
    said = [f.what for f in odds._firers(report(two).army) if f.unit == "Lancer 1 HQ"]
    assert one == ["Hvy Laser Cannon"] and said == ["2 x Hvy Laser Cannon"]
