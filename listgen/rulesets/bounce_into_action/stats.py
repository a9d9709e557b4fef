"""What the Bounce into Action tables give one stand: morale number, hit effects, firepower."""

from __future__ import annotations

from fractions import Fraction

from . import tables as T

D10 = range(1, 11)  # a 0 on the die reads as 10


def hits(score: int, hit_number: int) -> int:
    """Hits from a modified score: one per whole multiple of the hit number."""
    return score // hit_number if score >= hit_number else 0


def expected_hits(hit_number: int, modifier: int) -> Fraction:
    return Fraction(sum(hits(face + modifier, hit_number) for face in D10), 10)


def at_least_one(hit_number: int, modifier: int) -> Fraction:
    return Fraction(sum(1 for face in D10 if face + modifier >= hit_number), 10)


def auto_factors(stand) -> list:
    """Factors that follow from the stand's own equipment."""
    factors = []
    if stand.equipment in ("hma", "marine-armour"):
        factors.append("in-hma")
    if stand.equipment == "civilian-weapons":
        factors.append("no-armour")
    return factors


def morale(training: str, experience: str, factors) -> tuple:
    """(morale number, basic number, [(label, modifier)]); None when the combination does not exist."""
    base = T.BASIC_MORALE[training][experience]
    if base is None:
        return None, None, []
    applied = [
        (T.MORALE_FACTORS[f].label, T.MORALE_FACTORS[f].modifier)
        for f in dict.fromkeys(factors)
        if f in T.MORALE_FACTORS
    ]
    total = base + sum(m for _l, m in applied)
    return max(T.MORALE_RANGE[0], min(T.MORALE_RANGE[1], total)), base, applied


def stand_morale(army, stand):
    return morale(
        stand.training, stand.experience, auto_factors(stand) + list(army.morale_factors) + list(stand.morale_factors)
    )


def vehicle_morale(army, vehicle):
    auto = ["in-tank"] if vehicle.type in ("tank", "hovertank", "hoverbus") else []
    return morale(
        vehicle.crew_training, vehicle.crew_experience, auto + list(army.morale_factors) + list(vehicle.morale_factors)
    )


def hit_type(stand) -> str:
    if stand.training == "special-forces":
        return "Special Forces"
    if stand.equipment == "marine-armour" or stand.marines:
        return "Marines"
    if stand.equipment == "hma":
        return "HMA"
    if stand.equipment == "lta":
        return "LTA"
    if stand.training == "civilian":
        return "Civilians"
    if stand.training == "recruits":
        return "Recruits"
    return "Militia"


def hit_limits(stand):
    """(ineffective, destroyed, re-groups, unit type) for one stand: by its type (Hit Effects: Infantry), never more
    than its initial size (HIT_SIZE_NOTE); an officer, based singly, takes one hit."""
    kind = "Officer" if stand.kind == "officer" else hit_type(stand)
    if stand.kind == "officer":
        return 1, 1, False, kind
    row = T.HIT_EFFECTS[kind]
    if stand.kind != "infantry":
        return row.ineffective, row.destroyed, row.regroups, kind
    # one rule, its size typed or not (HIT_SIZE_NOTE): the table's number of hits, or its initial size if smaller
    # (as given, else the most the training's stand holds: 'groups of four soldiers')
    people = stand.people if stand.people is not None else T.STAND_SIZE[stand.training].high
    destroyed = min(row.destroyed, people)
    return min(row.ineffective, destroyed), destroyed, row.regroups, kind


def firer_modifier(training: str, experience: str) -> int:
    return T.FIRER_TRAINING[training] + T.FIRER_EXPERIENCE.get(experience, 0)


def best_band(weapon: str) -> int:
    """The 10cm band if the weapon reaches it, else its first band that has a hit number (every line of the Weapon
    Range Bands has one)."""
    bands = T.WEAPONS[weapon].bands
    if bands[1] is not None:
        return 1
    return next(i for i, b in enumerate(bands) if b is not None)


def firepower(weapon: str, training: str, experience: str, bonus: int = 0) -> Fraction:
    if weapon not in T.WEAPONS:
        return Fraction(0)
    band = best_band(weapon)
    return expected_hits(T.WEAPONS[weapon].bands[band].hit, firer_modifier(training, experience) + bonus)
