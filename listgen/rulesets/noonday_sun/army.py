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
    # optional in the model so that a leader without one is told the rule (NS-LEADER-QUALITY), not 'unreadable'
    quality: Quality | None = Field(
        None, description="6. Troop Quality: leaders 'should always be given an individual quality rating'."
    )
    motivation: Motivation | None = None
    weapon: Name = Field("revolver and sword", description="As carried (free text).")
    armour: Armour | None = Field(None, description=T.LEADER_ARMOUR_DEFAULT)


class Unit(Model):
    """Two to six figures: command, line, support weapon, crew or specialists; or animals."""

    name: Name
    quality: Quality | None = Field(None, description="Required unless the unit is animals.")
    motivation: Motivation | None = None
    armour: Armour | None = Field(None, description=T.UNIT_ARMOUR_DEFAULT)
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
    leader: Leader | None = Field(None, description="The platoon leader (every platoon has one: 5. Groups).")
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
    # who wears armour the list does not write (Table 2), by name: said where the force is priced
    _armour_defaulted: tuple = ()

    @classmethod
    def _build(cls, data: dict, path: tuple, out):
        item = super()._build(data, path, out)
        return item if not isinstance(item, NoondayList) else _with_armour(item)


def _shared(armours) -> str | None:
    """The one armour a body wears, or None where they differ or none is written."""
    worn = {a for a in armours if isinstance(a, str)}
    return worn.pop() if len(worn) == 1 else None


def _worn(units) -> list:
    """Units with the armour each wears: its own, else what the others that say one share, else light."""
    shared = _shared(getattr(u, "armour", None) for u in units)
    return [u.replace(armour=shared or T.DEFAULT_ARMOUR) if isinstance(u, Unit) and not u.armour else u for u in units]


def _led(leader, units):
    """A leader with the armour he wears: his own, else what the units he leads share, else light."""
    if not isinstance(leader, Leader) or leader.armour:
        return leader
    return leader.replace(armour=_shared(getattr(u, "armour", None) for u in units) or T.DEFAULT_ARMOUR)


def _with_armour(army: NoondayList) -> NoondayList:
    """The list with the armour nobody wrote filled in (Table 2): a unit wears what its group's other units wear, a
    leader what the units he leads wear; light (military uniform and helmet) where they differ or none is said."""
    said = [x.name for x in _everyone(army) if isinstance(x, (Unit, Leader)) and x.armour is None and not _animals(x)]

    def group(g):
        if not isinstance(g, Group):
            return g
        units = _worn(g.units)
        return g.replace(units=units, leader=_led(g.leader, units))

    def platoon(p):
        if not isinstance(p, Platoon):
            return p
        groups = [group(g) for g in p.groups]
        return p.replace(groups=groups, leader=_led(p.leader, [u for g in groups for u in g.units]))

    platoons = [platoon(p) for p in army.platoons]
    groups = [group(g) for g in army.groups]
    units = [u.replace(leader=_led(u.leader, [u])) if isinstance(u, Unit) else u for u in _worn_alone(army.units)]
    in_groups = [g for p in platoons for g in getattr(p, "groups", [])] + groups
    every = [u for g in in_groups for u in getattr(g, "units", [])] + units
    out = army.replace(
        platoons=platoons,
        groups=groups,
        units=units,
        company_leader=_led(army.company_leader, every),
    )
    out.__dict__["_armour_defaulted"] = tuple(said)
    return out


def _animals(x) -> bool:
    return bool(getattr(x, "animals", None))


def _worn_alone(units) -> list:
    """Units outside any group: each its own, else light (it has no group to take it from)."""
    return [u.replace(armour=T.DEFAULT_ARMOUR) if isinstance(u, Unit) and not u.armour else u for u in units]


def _everyone(army: NoondayList):
    """Every unit and leader of the list, as written."""
    yield army.company_leader
    groups = list(army.groups)
    for p in army.platoons:
        yield getattr(p, "leader", None)
        groups += getattr(p, "groups", [])
    for g in groups:
        yield getattr(g, "leader", None)
        yield from getattr(g, "units", [])
    for u in army.units:
        yield u
        yield getattr(u, "leader", None)


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
            # at the figure line, not its 'weapon' key: a line may leave its weapon to the default (a rifle)
            yield Item("weapons", path + ("figures", i), fig.count, {"weapon": fig.weapon})
        if unit.support_weapon:
            yield Item("support_weapons", path + ("support_weapon",), 1, {"weapon": unit.support_weapon})
            yield Item("weapons", path + ("support_weapon",), 1, {"weapon": unit.support_weapon})
    for path, leader, role in all_leaders(army):
        attrs = {"quality": leader.quality, "motivation": leader.motivation, "role": role}
        yield Item("leaders", path, 1, attrs)
        yield Item("figures", path, 1, {**attrs, "weapon": leader.weapon})
    if army.prepared_positions:
        yield Item("prepared_positions", ("prepared_positions",), army.prepared_positions)
