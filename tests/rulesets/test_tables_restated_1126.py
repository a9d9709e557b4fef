"""Tables and limits the mutation sample of seed 1126 found unchecked against the texts (benchmarks/mutants.py):
each restated here from the text, never from listgen's own tables."""

from __future__ import annotations

from listgen.rulesets import get
from listgen.rulesets.noonday_sun import tables as NS
from listgen.rulesets.smle import tables as SMLE
from listgen.rulesets.sol_prime import tables as SP


def test_smle_firer_modifiers_are_table_3s_first_column():
    # smle.txt, "Table 3: Firer and Target Modifiers", the Firer Modifiers column, top to bottom
    text = [
        ("Elite Troops", +1), ("Firer moved half move or more", -4), ("Firer moved up to half move", -2),
        ("Prone Firer", +1), ("Braced Weapons", +1), ("Firing from a prepared position", +2),
        ("Not under Fire", +2), ("Firer received a light wound", -2), ("Direct Fire", +2), ("Return Fire", -2),
        ("Panic Fire", -3),
    ]  # fmt: skip
    assert list(SMLE.FIRER_MODIFIERS) == text


def test_noonday_kick_in_doors_rows_sum_the_texts_modifiers():
    # noonday-sun.txt, "Kick in Doors: Success on 4+ on 1d6 + modifiers": Untrained -2, Unarmoured -1, Green -1,
    # Armoured 0, Veteran +1, Elite +1, door-breakers +1, Aggressive Game +2; a row is the sum of what it names
    untrained, unarmoured, green, veteran, elite, breakers, aggressive = -2, -1, -1, +1, +1, +1, +2
    assert NS.DOOR_TARGET == 4
    assert dict(NS.DOOR_ROWS) == {
        "Untrained, unarmoured": untrained + unarmoured,
        "Green, unarmoured": green + unarmoured,
        "Green": green,
        "Trained": 0,
        "Veteran": veteran,
        "Veteran elite": veteran + elite,
        "Trained with door-breakers": breakers,
        "Veteran elite with door-breakers": veteran + elite + breakers,
        "Aggressive game": aggressive,
    }


def test_sol_prime_base_numbers_are_the_texts():
    # sol-prime.txt: "One infantry barracks can support 12 squads (1 per section of the barracks)"; "one engineer
    # squad will be necessary for every 4 buildings located at a base"
    assert SP.BARRACKS_SQUADS == 12 and SP.BUILDINGS_PER_ENGINEER == 4


def test_smle_activation_tables_are_named_by_their_situation():
    # a table's id is what JSON and CSV readers key on: 'p' for a situation of 0 or more, 'm' for less
    ids = [t.id for t in get("smle").hit_tables(None) if t.id.startswith("smle-activation-")]
    assert ids == ["smle-activation-p4", "smle-activation-p2", "smle-activation-p0", "smle-activation-m3"]


def test_sol_prime_gun_range_modifiers_to_kill_at_their_edges():
    # sol-prime.txt: "The range modifiers of +2 at <1/3 of maximum range & of -1 at > 2/3 of maximum range only applies
    # to weapons that depend at least in part on their kinetic energy ... Guns will be affected but plasma & laser
    # cannons & missiles will not be". To kill: 1D6 + the weapon's vehicle factor + modifiers - armour, 1 or more.
    # An Inf Gun (vehicle factor 0, maximum range 12") at armour 2: 1D6 >= 3 - modifier; a heavy laser cannon
    # (factor 4, 24") at armour 7: 1D6 >= 4 at every range (a laser: no range modifier).
    from fractions import Fraction

    from listgen.rulesets.sol_prime import odds

    gun = SP.WEAPONS["inf-gun"]
    assert (gun.max_range, gun.vehicle, gun.missile) == (12, 0, False)
    chance = {inches: odds._kill("inf-gun", ("vehicle", 2, "medium"), inches) for inches in (3, 4, 8, 9)}
    assert chance == {
        3: Fraction(1),  # under a third (4"): +2, any die
        4: Fraction(2, 3),  # a third exactly: no modifier, 3+
        8: Fraction(2, 3),  # two thirds exactly: no modifier
        9: Fraction(1, 2),  # over two thirds: -1, 4+
    }
    laser = {inches: odds._kill("heavy-laser-cannon", ("vehicle", 7, "medium"), inches) for inches in (7, 8, 16, 17)}
    assert set(laser.values()) == {Fraction(1, 2)}
