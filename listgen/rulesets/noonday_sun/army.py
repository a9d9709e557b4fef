"""The ...In the Noonday Sun list: units grouped into sections, squads or warbands."""

from __future__ import annotations

from typing import Annotated

from listgen.core import force
from listgen.core.house import PointsTable
from listgen.core.model import Count, Field, ListHeader, LongText, Model, Name, OneOf
from listgen.rulesets import slug_of

from . import tables as T

SLUG = slug_of(__package__)  # the list's 'ruleset:' is the package's own slug (a renamed copy's its own)

Quality = Annotated[str, OneOf(T.QUALITIES, description="6. Troop Quality: untrained, green, trained or veteran.")]
Motivation = Annotated[
    str,
    OneOf(
        "elite",
        "fanatic",
        "warriors",
        "steady",
        "reluctant",
        description="7. Troop Motivation, in addition to quality (leave out for none).",
    ),
]
Armour = Annotated[
    str, OneOf(tuple(T.ARMOUR_MOVE), description="Table 2: none, light, heavy (chain mail) or armoured (plate).")
]
Animals = Annotated[str, OneOf(tuple(T.ANIMAL_MOVE), description="Game or livestock (Table 2).")]
FiresAs = Annotated[
    str,
    OneOf(
        tuple(T.FIRES_AS),
        description="The S.M.L.E. weapon these shoot as on a matchup sheet (the text prints no shooting: listgen "
        "borrows S.M.L.E.'s), e.g. rifle for a Martini-Henry, handgun for a revolver. Left out: they do not fire "
        "on the sheet.",
    ),
]
Support = Annotated[str, OneOf(tuple(T.SUPPORT_WEAPONS), description="The unit's support weapon, if any.")]


class Figures(Model):
    """A line of figures armed alike. The text has no weapons table, so weapons are free text."""

    count: int = Field(1, ge=1, le=100, description="How many figures carry this.")
    weapon: Name = Field("rifle", description="As carried, e.g. 'Martini-Henry rifle', 'assegai and shield'.")
    role: Name | None = Field(None, description="e.g. 'bugler', 'induna' (printed only).")
    fires_as: FiresAs | None = None


class Leader(Model):
    """Leaders are individual figures with their own quality (2. Individuals, 3. Leaders)."""

    name: Name
    quality: Quality
    motivation: Motivation | None = None
    weapon: Name = Field("revolver and sword", description="As carried (free text).")
    armour: Armour = "light"


class Unit(Model):
    """Two to six figures: command, line, support weapon, crew or specialists; or animals."""

    name: Name
    quality: Quality | None = Field(None, description="Required unless the unit is animals.")
    motivation: Motivation | None = None
    armour: Armour = Field("light", description="Table 2: none, light, heavy (chain mail), armoured (plate).")
    kind: Annotated[
        str,
        OneOf(
            "command",
            "line",
            "support",
            "crew",
            "specialist",
            "hero",
            description="4. Units: command, line, support weapon, vehicle crew or specialists; or a hero, "
            "one figure (2. Individuals).",
        ),
    ] = "line"
    figures: list[Figures] = Field(min_length=1, description="The unit's figures, a line per weapon.")
    support_weapon: Support | None = Field(None, description="The unit's support weapon, if any.")
    animals: Animals | None = Field(None, description="Game or livestock (Table 2).")
    leader: Leader | None = Field(
        None,
        description="An independent specialist unit's own Leader element (artillery observers: 4. Units); only on "
        "units outside any group. The text prints no cost for him.",
    )
    door_breakers: bool = Field(False, description="Equipped with door-breakers (+1 to kick in doors).")
    in_prepared_position: bool = Field(False, description="Starts in one of the force's prepared positions.")
    notes: LongText | None = None


class Group(Model):
    """A section, squad or warband: two to four units under a leader."""

    name: Name
    kind: Annotated[str, OneOf("section", "squad", "warband", description="What the group is called.")] = "section"
    leader: Leader | None = Field(None, description="The group's leader.")
    units: list[Unit] = Field(min_length=1, description="Two, three or four units.")


class Platoon(Model):
    """Two to four sections under a leader."""

    name: Name
    leader: Leader = Field(description="The platoon leader.")
    groups: list[Group] = Field(min_length=1, description="Two to four sections, squads or warbands.")


class NoondayList(ListHeader):
    """A ...In the Noonday Sun force at section, platoon or company level."""

    _noun = "a ...In the Noonday Sun list"

    ruleset: Annotated[str, OneOf(SLUG)]
    sets_up_hidden: bool = Field(False, description="Borrowed S.M.L.E. multiplier x2 for the side that hides.")
    prepared_positions: Count = Field(0, description="Prepared positions, one unit each (+3 to activation).")
    company_leader: Leader | None = Field(None, description="For a company game of 2-4 platoons.")
    platoons: list[Platoon] = Field(default_factory=list, description="One platoon, or 2-4 in a company game.")
    groups: list[Group] = Field(default_factory=list, description="Groups outside a platoon.")
    units: list[Unit] = Field(default_factory=list, description="Independent units.")
    points_table: PointsTable | None = Field(
        None, description="Your own costs; without one, S.M.L.E.'s scheme is borrowed (and says so)."
    )


MODEL = NoondayList
UNIT_MODELS = (Unit,)  # in groups, platoons' groups or independent
UNITS = "units"  # what the shared checks count and name
UNITS_REF = T.REF_UNITS


def all_groups(army: NoondayList):
    for node in force.of(army).walk():
        if isinstance(node.values, Group):
            yield node.path, node.values


def all_units(army: NoondayList):
    for node in force.of(army).walk():
        if isinstance(node.values, Unit):
            yield node.path, node.values


def weapon_names() -> list:
    return []  # the text has no weapons table: weapons are free text


# a leader's role by the model holding him (a group's is '<its kind> leader'), and the order roles are gone through
LEADER_ROLES = {"NoondayList": "company leader", "Platoon": "platoon leader", "Unit": "unit leader"}
HOLDERS = ("NoondayList", "Platoon", "Group", "Unit")


def all_leaders(army: NoondayList):
    """Every leader with his path and role: role by role (company, platoon, group, unit), each in the list's
    order."""
    tree = force.of(army)
    found = [(c.path, c.values, node) for node in tree.walk() for c in node.children if isinstance(c.values, Leader)]
    for path, leader, holder in sorted(found, key=lambda f: HOLDERS.index(f[2].kind)):
        role = f"{holder.values.kind} leader" if holder.kind == "Group" else LEADER_ROLES[holder.kind]
        yield path, leader, role


def figures(unit) -> int:
    return sum(f.count for f in unit.figures)


def level(army: NoondayList) -> str:
    if army.company_leader is not None or len(army.platoons) > 1:
        return "company"
    return "platoon" if army.platoons else "section"


def inventory(army: NoondayList):
    """Countable items for tournament restrictions."""
    from listgen.core.inventory import Item

    for p, _platoon in enumerate(army.platoons):
        yield Item("platoons", ("platoons", p))
    for path, group in all_groups(army):
        yield Item("groups", path, 1, {"kind": group.kind})
        yield Item("sections", path, 1, {"kind": group.kind})
    for path, unit in all_units(army):
        attrs = {
            "quality": unit.quality,
            "motivation": unit.motivation,
            "armour": unit.armour,
            "kind": unit.kind,
            "support_weapon": unit.support_weapon,
            "animals": unit.animals,
        }
        yield Item("units", path, 1, attrs)
        for i, fig in enumerate(unit.figures):
            yield Item("figures", path + ("figures", i), fig.count, {**attrs, "weapon": fig.weapon})
            yield Item("weapons", path + ("figures", i, "weapon"), fig.count, {"weapon": fig.weapon})
        if unit.support_weapon:
            yield Item("support_weapons", path + ("support_weapon",), 1, {"weapon": unit.support_weapon})
            yield Item("weapons", path + ("support_weapon",), 1, {"weapon": unit.support_weapon})
    for path, leader, role in all_leaders(army):
        attrs = {"quality": leader.quality, "motivation": leader.motivation, "role": role}
        yield Item("leaders", path, 1, attrs)
        yield Item("figures", path, 1, {**attrs, "weapon": leader.weapon})
    if army.prepared_positions:
        yield Item("prepared_positions", ("prepared_positions",), army.prepared_positions)
