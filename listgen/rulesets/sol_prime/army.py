"""The Sol Prime list: platoons of stands with one morale rating, leaders, mines and installations."""

from __future__ import annotations

from typing import Annotated

from listgen.core import force
from listgen.core.house import PointsTable
from listgen.core.model import NAME, Count, Field, ListHeader, LongText, Model, Name, OneOf
from listgen.rulesets import slug_of

from . import tables as T

SLUG = slug_of(__package__)  # the list's 'ruleset:' is the package's own slug (a renamed copy's its own)

UnitType = Annotated[
    str,
    OneOf(
        T.UNIT_TYPES,
        description="infantry, heavy-weapons, mobile-infantry, powersuit-infantry, tank, apc, "
        "vtol, fighter, bomber, artillery, mrl, amds...",
    ),
]
Weapon = Annotated[str, NAME.but("A weapon the text prints.", enum=list(T.WEAPONS))]


class Stand(Model):
    """A squad, vehicle, craft or gun (count: several alike)."""

    name: Name
    type: UnitType
    count: int = Field(1, ge=1, le=50, description="Identical stands.")
    weapons: list[Weapon] = Field(default_factory=list, description="Weapons or stores, one entry each (pairs twice).")
    armour: Name | None = Field(None, description="Vehicle armour 'front/flank', e.g. '5/4' (from your troop list).")
    size: (
        Annotated[str, OneOf("very-large", "large", "small", "very-small", description="Target size (vehicles).")]
        | None
    ) = None
    transport: Annotated[str, OneOf("wheeled", "tracked", "hover", description="How a vehicle moves.")] | None = None
    troop_bays: Count | None = Field(None, description="Troop bays (an APC has one; each holds 2 squads).")
    carries: list[Name] = Field(default_factory=list, description="Infantry stands it transports.")
    engineer: bool = Field(False, description="Infantry trained as engineers (not heavy weapons squads).")
    afo: bool = Field(False, description="Trained as Artillery Forward Observer.")
    assault_armour: bool = Field(False, description="Infantry assault armour: +1 armour, +1 point.")
    artillery_class: (
        Annotated[
            str,
            OneOf(
                "light", "medium", "heavy", description="Artillery class: heavy >140mm, medium 90-140mm, light <90mm."
            ),
        ]
        | None
    ) = None
    ammunition_lots: Count = Field(0, description="Artillery (5 turns a lot) or MRL (2 turns) ammunition.")
    notes: LongText | None = None


class Platoon(Model):
    """One to six stands of one morale rating (or transports and the infantry they carry)."""

    name: Name
    morale: Annotated[str, OneOf(T.MORALE_RATINGS)] = Field(
        description="All units of a Platoon have the same morale rating."
    )
    stands: list[Stand] = Field(min_length=1, description="Its stands.")


class Leader(Model):
    """A player's leader."""

    name: Name
    attached_to: Name = Field(description="The stand the leader is attached to (always attached).")


class Minefield(Model):
    """Minefields the defender places (one per engineer squad)."""

    type: Annotated[str, OneOf(tuple(T.MINEFIELDS), description="MF (strength 1), MFL (2) or MFP (3).")]
    count: int = Field(1, ge=1, le=50, description="How many.")


class Installation(Model):
    """A building of a base on the table."""

    type: Annotated[
        str,
        OneOf(
            T.INSTALLATIONS,
            description="barracks, maintenance, hangar, vtol-pad, fighter-strip, bomber-strip, "
            "radars, field-generator or command-center.",
        ),
    ]
    name: Name | None = None
    sections: int | None = Field(
        None, ge=1, le=50, description="A barracks's sections, one squad each: 12 (the default) to a full barracks."
    )
    count: int = Field(1, ge=1, le=50, description="How many alike.")


class SolPrimeList(ListHeader):
    """A Sol Prime force."""

    _noun = "a Sol Prime list"

    ruleset: Annotated[str, OneOf(SLUG)]
    tech_level: Annotated[str, OneOf(T.TECH_LEVELS)] = Field(description="Decides the weapons and troops allowed.")
    command_and_control: Annotated[
        str,
        OneOf(
            "advanced", "standard", "primitive", description="The side's command & control: +1, 0 or -1 to activation."
        ),
    ] = "standard"
    players: int = Field(1, ge=1, le=20, description="Players on this side (one leader each).")
    defender: bool = Field(False, description="Held the table before the battle: may place mines.")
    base: bool = Field(False, description="A base, airfield or city on the table: units need installations.")
    leaders: list[Leader] = Field(default_factory=list, description="One leader per player.")
    platoons: list[Platoon] = Field(default_factory=list, description="The Platoons.")
    minefields: list[Minefield] = Field(default_factory=list, description="Minefields (defender only).")
    dummy_minefields: Count = Field(0, description="Free: one per engineer squad.")
    installations: list[Installation] = Field(default_factory=list, description="The base's installations.")
    points_table: PointsTable | None = Field(None, description="The prices the text's missing troop lists would give.")


MODEL = SolPrimeList
UNIT_MODELS = (Stand,)  # the platoons' stands
UNITS = "stands"  # what the shared checks count and name
UNITS_REF = T.REF_ORGANIZATION


def weapon_names() -> list:
    return list(T.WEAPONS)


def all_stands(army: SolPrimeList):
    """Every platoon's stands with their paths and platoon, in the list's order."""
    for platoon in force.of(army).children:
        if isinstance(platoon.values, Platoon):
            for stand in platoon.children:
                if isinstance(stand.values, Stand):
                    yield stand.path, stand.values, platoon.values


def has_command_center(army: SolPrimeList) -> bool:
    return any(i.type == "command-center" for i in army.installations)


def equipped(army: SolPrimeList, stand) -> list:
    """The stand's weapons as it carries them: its own, and the best APW and LAW its army's technology gives it
    automatically (EQUIPPED_NOTE), once each."""
    out = list(stand.weapons)
    auto = []
    if stand.type in T.INFANTRY_TYPES:
        auto = [T.BEST_APW[army.tech_level], T.BEST_LAW[army.tech_level]]
    elif stand.type in T.APW_VEHICLES:
        auto = [T.BEST_APW[army.tech_level]]
    return out + [w for w in auto if w not in out]


def inventory(army: SolPrimeList):
    from listgen.core.inventory import Item

    for p, platoon in enumerate(army.platoons):
        yield Item("platoons", ("platoons", p), 1, {"morale": platoon.morale})
    for path, stand, platoon in all_stands(army):
        kind = "units" if stand.type in T.INFANTRY_TYPES else "vehicles"
        attrs = {"type": stand.type, "morale": platoon.morale, "engineer": stand.engineer}
        yield Item(kind, path, stand.count, attrs)
        for w, weapon in enumerate(stand.weapons):
            yield Item("weapons", path + ("weapons", w), stand.count, {"weapon": weapon})
    for i, _leader in enumerate(army.leaders):
        yield Item("leaders", ("leaders", i))
    for i, mf in enumerate(army.minefields):
        yield Item("explosives", ("minefields", i), mf.count, {"item": mf.type})
