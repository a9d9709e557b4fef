"""The S.M.L.E. army list: Team, Section, Platoon and the force, in the rules' own words."""

from __future__ import annotations

from typing import Annotated

from listgen.core import force
from listgen.core.model import NAME, Count, Field, ListHeader, LongText, Model, Name, OneOf
from listgen.rulesets import slug_of

from . import tables as T
from .tables import REF_TEAMS


def weapon_names() -> list[str]:
    """The weapons a figure may carry, by slug (the Weapons table's, less what is carried as an item)."""
    return [slug for slug, w in T.WEAPONS.items() if not w.item]


def vehicle_type(vehicle) -> T.VehicleType | None:
    return T.EXAMPLE_VEHICLES.get(vehicle.type)


def vehicle_weapons(vehicle) -> list[str]:
    """A vehicle's weapons: as the list gives them, or as its type's Equipment line prints them."""
    if vehicle.weapons is not None:
        return list(vehicle.weapons)
    kind = vehicle_type(vehicle)
    return list(kind.weapons) if kind else []


SLUG = slug_of(__package__)  # the list's 'ruleset:' is the package's own slug (a renamed copy's its own)

Quality = Annotated[str, OneOf(T.QUALITIES, description="Troop Quality: untrained, green, trained or veteran.")]
Motivation = Annotated[
    str,
    OneOf(
        "elite",
        "fanatic",
        "reluctant",
        "steady",
        "warriors",
        description="Troop Motivation, in addition to quality (leave out for none).",
    ),
]
ArmourName = Annotated[
    str,
    OneOf("none", "light", "body", "power", description="Table 4 armour: none, light, body (heavy infantry) or power."),
]
HeroGrade = Annotated[
    str, OneOf("minor", "hero", "major", description="Hollywood Extras hero grade: +1, +2 or +3 to its dice.")
]
VehicleArmour = Annotated[str, OneOf(tuple(T.VEHICLE_ARMOUR), description="Vehicle Armour class (custom vehicles).")]
VehicleSize = Annotated[
    str, OneOf(tuple(T.VEHICLE_SIZES), description="Vehicle Size, for its target modifier (custom vehicles).")
]
Mount = Annotated[str, OneOf("cavalry", "bicycles", description="Cavalry or bicycles (Table 2).")]
# An editor completes the table's weapons and accepts guns by calibre.
Weapon = Annotated[
    str,
    NAME.but(
        "A weapon from the WW II Direct fire weapons table (e.g. rifle, lmg, smg, hmg, sniper-rifle, "
        "bazooka, light-mortar), or a gun by calibre: gun-75mm, at-gun-57mm.",
        anyOf=[{"enum": weapon_names()}, {"pattern": "^(at-)?gun-[0-9]{2,3}mm$"}],
    ),
]
VehicleTypeName = Annotated[
    str,
    NAME.but(
        "An example vehicle, or 'custom' with armour, size and capacity given.", enum=[*T.EXAMPLE_VEHICLES, "custom"]
    ),
]


class Figures(Model):
    """A line of identical figures in a team."""

    count: int = Field(1, ge=1, le=100, description="How many figures carry this.")
    weapon: Weapon
    role: Name | None = Field(None, description="e.g. 'Bren gunner', 'medic' (printed only).")
    specialist: bool = Field(
        False, description="Carries specialised equipment (medic, engineer, radio): counts as two figures."
    )
    hero: HeroGrade | None = Field(None, description="Hollywood Extras hero grade (+1/+2/+3 to dice).")


class Individual(Model):
    """A leader or hero: always an individual figure with its own quality."""

    name: Name
    quality: Quality
    motivation: Motivation | None = None
    weapon: Weapon = "rifle"
    armour: ArmourName = "light"
    hero: HeroGrade | None = Field(None, description="Hollywood Extras hero grade.")


class Vehicle(Model):
    """A vehicle is part of its crew team's equipment (Vehicle Rules)."""

    name: Name
    type: VehicleTypeName
    armour: VehicleArmour | None = None
    size: VehicleSize | None = None
    capacity: Count | None = Field(None, description="Teams it can carry besides its crew.")
    weapons: list[Weapon] | None = Field(None, description="Mounted weapons (default: the example's).")
    carries: list[Name] = Field(default_factory=list, description="Names of the teams or sections it transports.")


class Team(Model):
    """Two to six figures acting together and similarly armed (an untrained mob up to 12)."""

    name: Name
    quality: Quality
    motivation: Motivation | None = None
    armour: ArmourName = Field("light", description="Table 4: none, light, body (heavy infantry), power.")
    figures: list[Figures] = Field(min_length=1, description="The team's figures, a line per weapon.")
    grenades: Count = Field(0, description="Hand or rifle grenades carried (1 point each).")
    rpg: Count = Field(0, description="RPG/LAW/Panzerfaust one-shot launchers (2 points each).")
    mount: Mount | None = Field(None, description="Cavalry or bicycles (Table 2).")
    in_prepared_position: bool = Field(False, description="Starts in one of the force's prepared positions.")
    vehicle: Vehicle | None = Field(None, description="The vehicle this team crews.")
    leader: Individual | None = Field(
        None,
        description="An independent specialist team's own Leader element (artillery observers, snipers: Teams, "
        "Specialists); only on the list's independent teams. He counts in the team's size; the text prints no cost.",
    )
    notes: LongText | None = None


class Section(Model):
    """Two to four teams, with at most one section leader."""

    name: Name
    leader: Individual | None = Field(None, description="The section leader (6 points).")
    teams: list[Team] = Field(min_length=1, description="Two to four teams.")


class Platoon(Model):
    """Two to six sections under a platoon leader who comes with a command team."""

    name: Name
    leader: Individual = Field(description="The platoon leader (12 points with the command team).")
    command_team: Team = Field(description="The platoon leader's command team of 2-4 figures.")
    sections: list[Section] = Field(min_length=1, description="Two to six sections.")
    support_teams: list[Team] = Field(
        default_factory=list, description="Weapons teams of the command and weapons section."
    )


class SmleList(ListHeader):
    """An S.M.L.E. force at section, platoon or company level."""

    _noun = "an S.M.L.E. list"

    ruleset: Annotated[str, OneOf(SLUG)]
    sets_up_hidden: bool = Field(False, description="This side sets up hidden (force multiplier x2).")
    prepared_positions: Count = Field(0, description="Prepared positions, each holding one team (12 points).")
    company_leader: Individual | None = Field(None, description="For a company of 2-4 platoons.")
    platoons: list[Platoon] = Field(default_factory=list, description="One platoon, or 2-4 in a company game.")
    sections: list[Section] = Field(default_factory=list, description="Sections outside any platoon.")
    teams: list[Team] = Field(default_factory=list, description="Independent teams (snipers, observers).")
    heroes: list[Individual] = Field(
        default_factory=list,
        description="Heroes who lead nothing: individual figures with their own quality, activated on their own "
        "(Activation; Hollywood Extras). The text prints no cost for them.",
    )


MODEL = SmleList
UNITS = "teams"  # what the shared checks count and name
UNIT_MODELS = (Team,)  # the parts of the force that are its units (wherever they stand: command, support, independent)
UNITS_REF = REF_TEAMS


# the place a team holds, by the field holding it; a team of a section is a 'team', one of the list's own an
# 'independent team'
TEAM_PLACES = {"command_team": "command team", "support_teams": "support team"}
# a leader's role by what he leads (the model holding him), and the order the roles are gone through
LEADER_ROLES = {
    "SmleList": "company leader",
    "Platoon": "platoon leader",
    "Section": "section leader",
    "Team": "team leader",
}
ROLE_ORDER = ("company leader", "platoon leader", "section leader", "team leader", "hero")


def all_teams(army: SmleList):
    """Every team with its path in the list and the kind of place it holds, in the list's order."""
    for node in force.of(army).walk():
        if isinstance(node.values, Team):
            place = TEAM_PLACES.get(node.role) or ("team" if len(node.path) > 2 else "independent team")
            yield node.path, node.values, place


def all_sections(army: SmleList):
    for node in force.of(army).walk():
        if isinstance(node.values, Section):
            yield node.path, node.values


def all_individuals(army: SmleList):
    """Leaders, heroes who lead nothing and independent teams' own leaders, with their paths and roles: each
    role in turn (company, platoon, section, team leaders, heroes), each in the list's order."""
    found = []
    for node in force.of(army).walk():
        for child in node.children:
            if isinstance(child.values, Individual):
                role = "hero" if child.role == "heroes" else LEADER_ROLES[node.kind]
                found.append((child.path, child.values, role))
    yield from sorted(found, key=lambda f: ROLE_ORDER.index(f[2]))


def inventory(army: SmleList):
    """Countable items for tournament restrictions."""
    from listgen.core.inventory import Item

    for p, _platoon in enumerate(army.platoons):
        yield Item("platoons", ("platoons", p))
    for path, section in all_sections(army):
        yield Item("sections", path, 1, {"leader": section.leader is not None})
    for path, team, kind in all_teams(army):
        attrs = {
            "quality": team.quality,
            "motivation": team.motivation,
            "armour": team.armour,
            "role": kind,
            "mount": team.mount,
        }
        yield Item("teams", path, 1, attrs)
        for i, fig in enumerate(team.figures):
            fig_attrs = {**attrs, "weapon": fig.weapon, "hero": fig.hero, "specialist": fig.specialist}
            yield Item("figures", path + ("figures", i), fig.count, fig_attrs)
            yield Item("weapons", path + ("figures", i, "weapon"), fig.count, {"weapon": fig.weapon})
        if team.grenades:
            yield Item("explosives", path + ("grenades",), team.grenades, {"item": "grenade"})
        if team.rpg:
            yield Item("explosives", path + ("rpg",), team.rpg, {"item": "rpg"})
        if team.vehicle is not None:
            v = team.vehicle
            yield Item("vehicles", path + ("vehicle",), 1, {"type": v.type, "armour": v.armour})
            for w, slug in enumerate(vehicle_weapons(v)):
                yield Item(
                    "weapons",
                    path + ("vehicle", "weapons", w) if v.weapons else path + ("vehicle",),
                    1,
                    {"weapon": slug, "mounted": True},
                )
    for path, leader, role in all_individuals(army):
        attrs = {"quality": leader.quality, "motivation": leader.motivation, "role": role, "hero": leader.hero}
        if role != "hero":  # a hero who leads nothing is a figure, not a leader
            yield Item("leaders", path, 1, attrs)
        yield Item("figures", path, 1, {**attrs, "weapon": leader.weapon})
        yield Item("weapons", path + ("weapon",), 1, {"weapon": leader.weapon})
    if army.prepared_positions:
        yield Item("prepared_positions", ("prepared_positions",), army.prepared_positions)
