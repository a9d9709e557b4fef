"""The Bounce into Action list: infantry stands, vehicles, aircraft and air defence."""

from __future__ import annotations

from ...house import PointsTable
from ...model import Field, ListHeader, LongText, Model, Name, OneOf
from . import tables as T

Training = OneOf("civilian", "recruits", "trained", "regular", "special-forces")
Experience = OneOf("raw", "novice", "experienced", "seasoned", "veteran")
Equipment = OneOf("civilian-weapons", "assault-rifles", "lta", "hma", "marine-armour")
Speed = OneOf("very-slow", "slow", "fast")


class Stand(Model):
    """An infantry stand (or several alike): its training, experience, equipment and weapon."""

    name: Name
    training: Training
    experience: Experience
    equipment: Equipment = Field("assault-rifles", description="civilian-weapons, assault-rifles, lta, hma, marine-armour.")
    weapon: Name = Field("rifles", description="A Weapon Range Bands line: rifles, light-small-arms, sla-squad...")
    kind: OneOf("infantry", "crew-served", "officer") = "infantry"
    count: int = Field(1, ge=1, le=200, description="Identical stands.")
    people: int | None = Field(None, ge=1, le=200, description="People per stand (checked against the training's size).")
    marines: bool = Field(False, description="Starship Marines (may use marine armour).")
    with_stand: Name | None = Field(None, description="Officers: the stand they are grouped with (+1 to its fire).")
    morale_factors: list[Name] = Field(default_factory=list, description="Factors Affecting Morale for this stand.")
    notes: LongText | None = None


class Vehicle(Model):
    name: Name
    type: OneOf("hovertank", "tank", "hoverbus", "apc", "hovercar", "armoured-car", "truck", "car")
    weapons: list[Name] = Field(default_factory=list)
    count: int = Field(1, ge=1, le=100)
    crew_training: Training = "trained"
    crew_experience: Experience = "experienced"
    morale_factors: list[Name] = Field(default_factory=list)


class Aircraft(Model):
    name: Name
    type: OneOf("pacifier", "air", "jet", "flyer", "shuttle")
    speeds: list[Speed] = Field(min_length=1, description="Speeds it can fly at.")
    manoeuvrability: OneOf("good", "medium", "poor")
    weapons: list[Name] = Field(default_factory=list)
    air_defence: Name | None = Field(None, description="An AD system it carries, e.g. air-to-air-missile.")
    combat: bool = Field(True, description="Combat capable (shuttles usually are not).")


class AirDefence(Model):
    name: Name
    system: Name = Field(description="heavy-sam, vehicle-sam, manpad, multi-cannon, other-guided.")
    count: int = Field(1, ge=1, le=50)


class BounceList(ListHeader):
    """A Bounce into Action force."""

    _noun = "a Bounce into Action list"

    ruleset: OneOf("bounce-into-action")
    morale_factors: list[Name] = Field(default_factory=list, description="Factors that apply to every unit.")
    stands: list[Stand] = Field(default_factory=list)
    vehicles: list[Vehicle] = Field(default_factory=list)
    aircraft: list[Aircraft] = Field(default_factory=list)
    air_defence: list[AirDefence] = Field(default_factory=list)
    points_table: PointsTable | None = None



MODEL = BounceList
UNITS = "stands, vehicles or aircraft"  # what the shared checks count and name
UNITS_REF = T.REF_TROOP_TYPES


def units(army: BounceList):
    for key in ("stands", "vehicles", "aircraft"):
        for i, unit in enumerate(getattr(army, key)):
            yield (key, i), unit.name


def weapon_names() -> list:
    return list(T.WEAPONS)

def inventory(army: BounceList):
    """Countable items for tournament restrictions."""
    from ...inventory import Item

    for i, s in enumerate(army.stands):
        attrs = {"training": s.training, "experience": s.experience, "equipment": s.equipment, "weapon": s.weapon,
                 "kind": s.kind, "quality": s.training}
        yield Item("units", ("stands", i), s.count, attrs)
        yield Item("weapons", ("stands", i, "weapon"), s.count, {"weapon": s.weapon})
        if s.kind == "officer":
            yield Item("leaders", ("stands", i), s.count, attrs)
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
