"""Noonday Sun organisation checks, reported all at once with the text's section."""

from __future__ import annotations

from listgen.core.findings import Findings
from listgen.rulesets.slammer import odd_motivation

from . import tables as T
from .army import NoondayList, all_groups, all_leaders, all_units, figures, level


def _in(n, bounds):
    return bounds[0] <= n <= bounds[1]


ANY_GUN = "gun or machine-gun"  # what support_weapon_named says of a weapon it knows only as some gun


def support_weapon_named(weapon: str, names: dict) -> str | None:
    """The support weapon a figure's weapon names (its slug, its label, or a name players type: 'Maxim',
    'Hale rockets', '7-pounder mountain gun'), or None."""
    import re

    typed = "".join(c for c in weapon.lower() if c.isalnum())
    for slug, name in names.items():
        if typed in ("".join(c for c in slug if c.isalnum()), "".join(c for c in name.lower() if c.isalnum())):
            return slug
    words = weapon.lower().replace("_", " ")
    found = next((slug for slug, pattern in T.SUPPORT_ALIASES if re.search(pattern, words)), None)
    if found is None and re.search(T.ANY_GUN, words) and not re.search(T.SMALL_ARMS_CALLED_GUNS, words):
        return ANY_GUN  # a gun or a machine gun: the player says which
    return found


def small_arm(weapon: str) -> bool:
    """Whether a figure's weapon is a small arm by its kind (T.SMALL_ARMS): a rifle, a revolver, a spear..."""
    import re

    words = weapon.lower().replace("_", " ")
    return any(re.search(pattern, words) for pattern in T.SMALL_ARMS)


def _support_weapons_named(out: Findings, path, unit, support_names: dict) -> None:
    """4. Units: a support weapon written as a figure's weapon (under any of its names, or any gun) is refused with
    a pointer to the unit's support_weapon; the crew of the unit's own weapon may name it."""
    for i, fig in enumerate(unit.figures):
        slug = support_weapon_named(fig.weapon, support_names)
        if slug == ANY_GUN and unit.support_weapon not in ("gun", "machine-gun"):
            out.error(
                "NS-SUPPORT-AS-WEAPON",
                f"'{fig.weapon}' is a gun, never a rifle (the text's support weapons are its guns and machine "
                "guns): give the unit 'support_weapon: gun' for a cannon (a Krupp or Armstrong gun, a pom-pom) "
                "or 'support_weapon: machine-gun' for an automatic (a Lewis gun), and its crew their own weapons",
                path + ("figures", i, "weapon"),
                T.REF_UNITS,
            )
        elif slug is not None and slug != ANY_GUN and slug != unit.support_weapon:  # its crew may name it
            out.error(
                "NS-SUPPORT-AS-WEAPON",
                f"'{fig.weapon}' is a support weapon ({T.SUPPORT_WEAPONS[slug].name}): give the unit "
                f"'support_weapon: {slug}' (priced, slowed and printed as one), and its crew their own "
                "weapons",
                path + ("figures", i, "weapon"),
                T.REF_UNITS,
            )
        elif slug is None and not (unit.support_weapon or unit.animals or fig.fires_as or small_arm(fig.weapon)):
            out.warning(  # a weapon not known as a small arm, in a unit that does not say what it is: asked
                "NS-WEAPON-UNKNOWN",
                f"listgen does not know '{fig.weapon}' as a small arm, and the unit does not say what it is: a gun "
                "or machine gun is a support weapon (4. Units: 'machine guns, mortars, snipers'), priced and "
                "slowed as one: give the unit 'support_weapon: gun' or 'support_weapon: machine-gun'; a small "
                "arm, say what it shoots as with 'fires_as: rifle' (or handgun, shotgun...). Until then it is "
                "priced and moves as the unit's small arms",
                path + ("figures", i, "weapon"),
                T.REF_UNITS,
            )


def check(army: NoondayList, out: Findings, valuation) -> None:
    """Every rule of the text a Noonday list can break: one function a rule (RULES, below), in the order findings
    are said."""
    lvl = level(army)
    for rule in RULES:
        rule(out, army, lvl)


def _unit_sizes_and_qualities(out, army, lvl) -> None:
    """Each unit's figures (a hero one), its support weapons named, its quality and motivation."""
    support_names = {k: w.name for k, w in T.SUPPORT_WEAPONS.items()}
    for path, unit in all_units(army):
        n = figures(unit)
        if unit.kind == "hero":
            if not _in(n, T.HERO_FIGURES):
                out.error(
                    "NS-HERO-SIZE",
                    f"hero '{unit.name}' has {n} figures; a hero is one individual figure (2. Individuals)",
                    path + ("figures",),
                    T.REF_ORGANISATION,
                )
        elif not _in(n, T.UNIT_FIGURES):  # company games too: a section of 8-12 is made of such units
            out.error(
                "NS-UNIT-SIZE",
                f"unit '{unit.name}' has {n} figure{'s' * (n != 1)}; units are two to six figures ({T.UNIT_SIZE_NOTE})",
                path,
                T.REF_UNITS,
            )
        _support_weapons_named(out, path, unit, support_names)
        if unit.quality is None and unit.animals is None:
            out.error(
                "NS-QUALITY-MISSING",
                f"unit '{unit.name}' needs a troop quality (untrained, green, trained or veteran)",
                path,
                T.REF_QUALITY,
            )
        if unit.quality:
            odd_motivation(out, path, unit.name, unit.quality, unit.motivation, T.REF_MOTIVATION, "NS")


def _leader_motivations(out, army, lvl) -> None:
    """Each leader's quality (his own) and motivation, as a unit's."""
    for path, leader, role in all_leaders(army):
        if leader.quality is None:
            out.error(
                "NS-LEADER-QUALITY",
                f"{role} {leader.name} has no troop quality: 'Leaders, Heroes or other significant individuals "
                "should always be given an individual quality rating' (6. Troop Quality); give him 'quality:' "
                "(untrained, green, trained or veteran)",
                path,
                T.REF_QUALITY,
            )
        odd_motivation(out, path, leader.name, leader.quality, leader.motivation, T.REF_MOTIVATION, "NS")


def _unit_leaders(out, army, lvl) -> None:
    """A unit in a group has no leader of its own (4. Units)."""
    for path, unit in all_units(army):
        if unit.leader is not None and path[0] != "units":
            out.error(
                "NS-UNIT-LEADER",
                f"unit '{unit.name}' has a leader of its own: only 'independent specialist units such as artillery "
                "observers would include their own Leader element' (4. Units); a unit in a group is led by its "
                "group's leader",
                path + ("leader",),
                T.REF_UNITS,
            )


def _independent_leaders(out, army, lvl) -> None:
    """A command, support, crew or specialist unit standing alone has its own Leader element (4. Units)."""
    for u, unit in enumerate(army.units):
        if unit.kind in ("command", "support", "crew", "specialist") and unit.leader is None and not unit.animals:
            out.error(
                "NS-INDEPENDENT-LEADER",
                f"{unit.kind} unit '{unit.name}' stands in no group and has no leader: 'A specialist unit will "
                "usually be attached to another unit (usually a command unit), or independent specialist units "
                "such as artillery observers would include their own Leader element' (4. Units); give it "
                "'leader:' or put it in a group",
                ("units", u),
                T.REF_UNITS,
            )


def _ungrouped(out, army, lvl) -> None:
    """A line unit stands in a group (5. Groups)."""
    # One sentence, one reading: 'Two, three or four units should be grouped together under a
    # leader' is the organisation a list must have, so a line unit outside any group is an error as a group without
    # its leader is; a unit's own leader does not stand for the group's (he is for independent specialists)
    for u, unit in enumerate(army.units):
        if unit.kind == "line" and not unit.animals:
            own = " (its own leader: is for 'independent specialist units', 4. Units)" if unit.leader else ""
            out.error(
                "NS-UNGROUPED",
                f"line unit '{unit.name}' stands in no group{own}: 'Two, three or four units should be grouped "
                "together under a leader' (5. Groups); put it in a section, squad or warband (heroes, specialists, "
                "support weapons and crews may stand alone)",
                ("units", u),
                T.REF_GROUPS,
            )


def _groups(out, army, lvl) -> None:
    """Each group's units, leader and bodies (5. Groups, 6. Troop Quality)."""
    for path, group in all_groups(army):
        _group(out, path, group, lvl)


def _platoons(out, army, lvl) -> None:
    """Two to four sections make a platoon, under a leader."""
    for p, platoon in enumerate(army.platoons):
        if platoon.leader is None:
            out.error(
                "NS-PLATOON-LEADER",
                f"platoon '{platoon.name}' has no leader: 'Two to four sections may be grouped under a leader into "
                "a platoon level group' (5. Groups); give it 'leader:'",
                ("platoons", p),
                T.REF_GROUPS,
            )
        n = len(platoon.groups)
        if not _in(n, T.PLATOON_GROUPS):
            out.error(
                "NS-PLATOON-GROUPS",
                f"platoon '{platoon.name}' has {n} sections; two to four sections make a platoon",
                ("platoons", p, "groups"),
                T.REF_GROUPS,
            )


def _company(out, army, lvl) -> None:
    """A company game: two to four platoons under a company leader."""
    if lvl == "company":
        n = len(army.platoons)
        if not _in(n, T.COMPANY_PLATOONS):
            out.error(
                "NS-COMPANY-PLATOONS",
                f"a company game is two to four platoons; this list has {n}",
                ("platoons",),
                T.REF_GROUPS,
            )
        if army.company_leader is None:
            out.error(
                "NS-COMPANY-LEADER",
                "platoons in a company game are grouped under a company leader ('company_leader:')",
                ("platoons",),
                T.REF_GROUPS,
            )


def _figures_total(out, army, lvl) -> None:
    """Platoon level: up to fifty figures a side."""
    if lvl != "company":
        total = sum(figures(u) for _p, u in all_units(army) if not u.animals) + sum(1 for _l in all_leaders(army))
        if total > T.PLATOON_FIGURES:
            out.warning(
                "NS-FIGURES",
                f"the force fields {total} figures; 'Platoon level allows larger games using "
                f"up to fifty figures on each side' (a company game of 2-4 platoons under a company "
                "leader may field more)",
                (),
                T.REF_SCALES,
            )


def _prepared_positions(out, army, lvl) -> None:
    """No more units in prepared positions than the list has."""
    occupied = [path for path, unit in all_units(army) if unit.in_prepared_position]
    if len(occupied) > army.prepared_positions:
        out.error(
            "NS-PREPARED-POSITIONS",
            f"{len(occupied)} units start in prepared positions but the list has {army.prepared_positions}",
            occupied[army.prepared_positions],
            T.REF_ACTIVATION_MODS,
        )


def _group(out, path, group, lvl) -> None:
    n = sum(1 for u in group.units if u.kind != "hero")  # a hero is an individual, not one of its 2-4 units
    if not _in(n, T.GROUP_UNITS):
        out.error(
            "NS-GROUP-UNITS",
            f"{group.kind} '{group.name}' has {n} unit{'s' * (n != 1)}; two, three "
            "or four units are grouped under a leader",
            path + ("units",),
            T.REF_GROUPS,
        )
    if group.leader is None and lvl != "company":  # COMPANY_LEADERS_NOTE
        out.error(
            "NS-GROUP-LEADER",
            f"{group.kind} '{group.name}' has no leader; 'Two, three or four units "
            "should be grouped together under a leader': give it 'leader:'",
            path,
            T.REF_GROUPS,
        )
    # its units' figures and its leader ("a sergeant and nine troopers"); a hero is no part of its bodies
    total = sum(figures(u) for u in group.units if u.kind != "hero")
    if lvl != "company":  # a company game's leaders are at platoon and company level, not in its sections
        total += group.leader is not None
    qualities = {u.quality for u in group.units if u.kind != "hero"}
    motivations = {u.motivation for u in group.units if u.kind != "hero"}
    if lvl == "company":
        if not _in(total, T.COMPANY_SECTION_FIGURES):
            out.error(
                "NS-COMPANY-SECTION-SIZE",
                f"in a company game each element is a section of 8-12 figures; '{group.name}' has {total}",
                path,
                T.REF_GROUPS,
            )
        if len(qualities) > 1 or len(motivations) > 1:
            out.error(
                "NS-COMPANY-SECTION-MIXED",
                f"in a company game all the units in a section have the "
                f"same troop quality and motivation; '{group.name}' mixes them",
                path,
                T.REF_GROUPS,
            )
    elif qualities == {"veteran"} or motivations == {"elite"}:  # elite green ones too: 'Veteran and Elite'
        if not _in(total, T.GROUP_FIGURES_GOOD):
            out.warning(
                "NS-GROUP-SIZE-QUALITY",
                f"'{group.name}' is {total} figure{'s' * (total != 1)} of veteran or elite "
                f"troops, who may form smaller bodies of 6-10 figures",
                path,
                T.REF_QUALITY,
            )
    elif qualities <= {"untrained", "green"} and not _in(total, T.GROUP_FIGURES_POOR):
        out.warning(
            "NS-GROUP-SIZE-QUALITY",
            f"'{group.name}' is {total} figure{'s' * (total != 1)} of poorer troops; they "
            f"should form larger bodies of 12-20 figures ({T.UNIT_SIZE_NOTE})",
            path,
            T.REF_QUALITY,
        )


RULES = (
    _unit_sizes_and_qualities,
    _leader_motivations,
    _unit_leaders,
    _independent_leaders,
    _ungrouped,
    _groups,
    _platoons,
    _company,
    _figures_total,
    _prepared_positions,
)
