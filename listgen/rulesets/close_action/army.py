"""The Close Action list: squads with their leaders and attached support weapons, and officers."""

from __future__ import annotations

from typing import Annotated, ClassVar

from listgen.core.house import PointsTable
from listgen.core.model import NAME, Field, ListHeader, Model, Name, OneOf
from listgen.rulesets import slug_of

from . import tables as T

SLUG = slug_of(__package__)  # the list's 'ruleset:' is the package's own slug (a renamed copy's its own)

Grade = Annotated[str, OneOf(T.GRADES, description="Morale grade: veteran, steady or green.")]
Personal = Annotated[
    str, NAME.but("A man's weapon on the Fire Table: pistol, rifle, smg or auto-rifle.", enum=list(T.PERSONAL_WEAPONS))
]
Support = Annotated[str, NAME.but("A support weapon: lmg, hmg or mortar.", enum=list(T.SUPPORT_WEAPONS))]


class Men(Model):
    """A line of men armed alike: pistol, rifle, smg or auto-rifle."""

    count: int = Field(1, ge=1, le=100, description="How many men carry this.")
    weapon: Personal = "rifle"
    role: Name | None = Field(None, description="e.g. 'BAR man', 'grenadier' (printed only).")


class SquadLeader(Model):
    """The squad leader: his men move only within 6" of him (or of an officer)."""

    name: Name
    weapon: Personal = "smg"


class SupportWeapon(Model):
    """An LMG, HMG or mortar; it starts the game attached to its squad."""

    weapon: Support
    name: Name | None = Field(None, description="e.g. '.30 cal' (printed only).")
    spotter: Name | None = Field(None, description="A mortar's spotter figure (one per mortar).")


class Squad(Model):
    """Six to twelve men commanded by a squad leader."""

    name: Name
    # Optional in the model so that a squad without them is a located rule finding (CA-SQUAD-GRADE,
    # CA-SQUAD-LEADER), not an unreadable list: the rest of the list is still checked and printed.
    grade: Grade | None = Field(None, description="Morale grade: veteran, steady or green (every squad has one).")
    leader: SquadLeader | None = Field(None, description="The squad leader (every squad has one).")
    # a squad of its leader alone reads, and is told the rule (CA-SQUAD-SIZE: 6-12 men), never 'unreadable'
    men: list[Men] = Field(default_factory=list, description="Everyone but the squad leader (a squad is 6-12 men).")
    support_weapons: list[SupportWeapon] = Field(default_factory=list, description="Support weapons attached to it.")


class Officer(Model):
    """The personality figure each player receives."""

    _elsewhere: ClassVar[dict[str, tuple[str, str, str]]] = {
        "support_weapons": (
            "CA-SUPPORT-AS-PERSONAL",
            f"an officer carries no support weapon: {T.SUPPORT_ATTACHED_NOTE}: list it under a squad's support_weapons",
            T.REF_INTRO,
        )
    }

    name: Name
    weapon: Personal = "pistol"
    player: Name | None = Field(None, description="The player whose officer this is.")


class CloseActionList(ListHeader):
    """A Close Action force: infantry squads and one officer per player."""

    _noun = "a Close Action list"

    ruleset: Annotated[str, OneOf(SLUG)]
    players: int = Field(1, ge=1, le=20, description="Players on this side: each has one officer.")
    officers: list[Officer] = Field(default_factory=list, description="One officer (personality figure) per player.")
    squads: list[Squad] = Field(default_factory=list, description="The squads.")
    points_table: PointsTable | None = Field(None, description="Your own costs, instead of the fire-dice rating.")
    # Accepted only so that they can be refused with the rules' own reason (infantry only).
    vehicles: list[object] | None = Field(None, description="Not allowed: Close Action is infantry only.")
    guns: list[object] | None = Field(None, description="Not allowed: Close Action is infantry only.")


MODEL = CloseActionList
UNIT_MODELS = (Squad,)  # its units: the officers are no unit of their own
UNITS = "squads"  # what the shared checks count and name
UNITS_REF = T.REF_INTRO


def weapon_names() -> list:
    return list(T.PERSONAL_WEAPONS) + list(T.SUPPORT_WEAPONS)


def squad_size(squad: Squad) -> int:
    return (1 if squad.leader is not None else 0) + sum(m.count for m in squad.men)


def inventory(army: CloseActionList):
    """Countable items for tournament restrictions."""
    from listgen.core.inventory import Item

    for i, officer in enumerate(army.officers):
        yield Item("officers", ("officers", i), 1, {"weapon": officer.weapon})
        yield Item("leaders", ("officers", i), 1, {"role": "officer"})
        yield Item("figures", ("officers", i), 1, {"weapon": officer.weapon, "role": "officer"})
        yield Item("weapons", ("officers", i, "weapon"), 1, {"weapon": officer.weapon})
    for s, squad in enumerate(army.squads):
        path = ("squads", s)
        yield Item("squads", path, 1, {"grade": squad.grade})
        if squad.leader is not None:
            yield Item("leaders", path + ("leader",), 1, {"role": "squad leader", "grade": squad.grade})
            yield Item("figures", path + ("leader",), 1, {"grade": squad.grade, "weapon": squad.leader.weapon})
            yield Item("weapons", path + ("leader", "weapon"), 1, {"weapon": squad.leader.weapon})
        for m, men in enumerate(squad.men):
            yield Item("figures", path + ("men", m), men.count, {"grade": squad.grade, "weapon": men.weapon})
            yield Item("weapons", path + ("men", m, "weapon"), men.count, {"weapon": men.weapon})
        for w, support in enumerate(squad.support_weapons):
            yield Item("support_weapons", path + ("support_weapons", w), 1, {"weapon": support.weapon})
            yield Item("weapons", path + ("support_weapons", w, "weapon"), 1, {"weapon": support.weapon})
    for key in ("vehicles", "guns"):
        for i, _thing in enumerate(getattr(army, key) or []):
            yield Item("vehicles", (key, i))


def serving(squad: Squad) -> list[str]:
    """The own weapons of the men who serve the squad's support weapons, one man a weapon, the least-dice first
    (tables.CREW_NOTE): each fires the support weapon instead, so the rating and the matchup leave his own out."""
    from .tables import FIRE_TABLE

    dice = {w: row.dice for w, row in FIRE_TABLE.items()}  # a weapon not on the table (a finding already) as 0
    own = sorted((m.weapon for m in squad.men for _ in range(m.count)), key=lambda w: dice.get(w, 0))
    return own[: len(squad.support_weapons)]
