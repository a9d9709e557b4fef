"""The Bounce into Action list: infantry stands, vehicles, aircraft and air defence."""

from __future__ import annotations

from typing import Annotated

from listgen.core.house import PointsTable
from listgen.core.model import NAME, Field, ListHeader, LongText, Model, Name, OneOf
from listgen.rulesets import slug_of

from . import tables as T

SLUG = slug_of(__package__)  # the list's 'ruleset:' is the package's own slug (a renamed copy's its own)

Training = Annotated[
    str, OneOf(T.TRAININGS, description="Training: civilian, recruits, trained, regular or special-forces.")
]
Experience = Annotated[
    str, OneOf(T.EXPERIENCES, description="Experience: raw, novice, experienced, seasoned or veteran.")
]
Equipment = Annotated[
    str, OneOf(T.EQUIPMENT, description="Equipment level: civilian-weapons, assault-rifles, lta, hma or marine-armour.")
]
Speed = Annotated[str, OneOf("very-slow", "slow", "fast", description="An aircraft speed.")]
Weapon = Annotated[str, NAME.but("A Weapon Range Bands line.", enum=list(T.WEAPONS))]
Factor = Annotated[str, NAME.but("A Factor Affecting Morale.", enum=list(T.MORALE_FACTORS))]
System = Annotated[str, NAME.but("An Air Defence System.", enum=list(T.AD_SYSTEMS))]


class Stand(Model):
    """An infantry stand (or several alike): its training, experience, equipment and weapon."""

    name: Name
    training: Training
    experience: Experience
    equipment: Equipment = Field(
        "assault-rifles", description="civilian-weapons, assault-rifles, lta, hma, marine-armour."
    )
    weapon: Weapon = Field("rifles", description="Its Weapon Range Bands line: rifles, light-small-arms, sla-squad...")
    kind: Annotated[
        str,
        OneOf(
            "infantry",
            "crew-served",
            "officer",
            description="An infantry stand, a crew-served weapon's stand, or an officer based singly.",
        ),
    ] = "infantry"
    count: int = Field(1, ge=1, le=200, description="Identical stands.")
    people: int | None = Field(
        None, ge=1, le=200, description="People per stand (checked against the training's size)."
    )
    marines: bool = Field(False, description="Starship Marines (may use marine armour).")
    with_stand: Name | None = Field(None, description="Officers: the stand they are grouped with (+1 to its fire).")
    morale_factors: list[Factor] = Field(default_factory=list, description="Factors Affecting Morale for this stand.")
    notes: LongText | None = None


class Vehicle(Model):
    """A ground vehicle (or several alike)."""

    name: Name
    type: Annotated[
        str, OneOf(T.VEHICLE_TYPES, description="Hovertank, tank, hoverbus, APC, hovercar, armoured car, truck or car.")
    ]
    weapons: list[Weapon] = Field(default_factory=list, description="Its weapons, one entry each.")
    count: int = Field(1, ge=1, le=100, description="Identical vehicles.")
    crew_training: Training = "trained"
    crew_experience: Experience = "experienced"
    morale_factors: list[Factor] = Field(default_factory=list, description="Factors Affecting Morale for its crew.")


class Aircraft(Model):
    """An aircraft or shuttle, individually represented."""

    name: Name
    type: Annotated[str, OneOf(T.AIRCRAFT_TYPES, description="Pacifier, AIR, jet, flyer or shuttle.")]
    speeds: list[Speed] = Field(min_length=1, description="Speeds it can fly at.")
    manoeuvrability: Annotated[str, OneOf("good", "medium", "poor", description="How hard it is to lock on to.")]
    weapons: list[Weapon] = Field(default_factory=list, description="Its air-to-ground weapons.")
    air_defence: System | None = Field(None, description="An AD system it carries, e.g. air-to-air-missile.")
    combat: bool = Field(True, description="Combat capable (shuttles usually are not).")


class AirDefence(Model):
    """Air defence systems on the ground."""

    name: Name
    system: System
    count: int = Field(1, ge=1, le=50, description="Identical systems.")


class BounceList(ListHeader):
    """A Bounce into Action force."""

    _noun = "a Bounce into Action list"

    ruleset: Annotated[str, OneOf(SLUG)]
    morale_factors: list[Factor] = Field(default_factory=list, description="Factors that apply to every unit.")
    stands: list[Stand] = Field(default_factory=list, description="Infantry, crew-served and officer stands.")
    vehicles: list[Vehicle] = Field(default_factory=list, description="Ground vehicles.")
    aircraft: list[Aircraft] = Field(default_factory=list, description="Aircraft and shuttles.")
    air_defence: list[AirDefence] = Field(default_factory=list, description="Ground air defence systems.")
    points_table: PointsTable | None = Field(None, description="Your own costs, instead of the firepower rating.")


MODEL = BounceList
UNIT_MODELS = (Stand, Vehicle, Aircraft)  # its units: air defence is no unit of its own
UNITS = "stands, vehicles or aircraft"  # what the shared checks count and name
UNITS_REF = T.REF_TROOP_TYPES


def weapon_names() -> list:
    return list(T.WEAPONS)


def inventory(army: BounceList):
    """Countable items for tournament restrictions."""
    from listgen.core.inventory import Item

    for i, s in enumerate(army.stands):
        attrs = {
            "training": s.training,
            "experience": s.experience,
            "equipment": s.equipment,
            "weapon": s.weapon,
            "kind": s.kind,
            "quality": s.training,
        }
        yield Item("units", ("stands", i), s.count, attrs)
        if s.kind == "officer":  # "Officers ... provide a positive modifier ... rather than an additional dice"
            yield Item("leaders", ("stands", i), s.count, attrs)  # (Firing): an officer fields no weapon
        else:  # at the stand: its weapon may be left to the default (rifles), a key the list does not write
            yield Item("weapons", ("stands", i), s.count, {"weapon": s.weapon})
        if s.kind == "crew-served":
            yield Item("support_weapons", ("stands", i), s.count, {"weapon": s.weapon})
    for i, v in enumerate(army.vehicles):
        yield Item("vehicles", ("vehicles", i), v.count, {"type": v.type})
        for w, slug in enumerate(v.weapons):
            yield Item("weapons", ("vehicles", i, "weapons", w), v.count, {"weapon": slug, "mounted": True})
    for i, a in enumerate(army.aircraft):
        yield Item("vehicles", ("aircraft", i), 1, {"type": a.type, "aircraft": True})
    for i, ad in enumerate(army.air_defence):
        yield Item("support_weapons", ("air_defence", i), ad.count, {"weapon": ad.system})
