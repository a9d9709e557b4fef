"""S.M.L.E. organisation, equipment and points checks: everything the model cannot say alone.

Each finding carries a stable code, the rules' words, and the section it comes from.
"""

from __future__ import annotations

from listgen.core.findings import Findings, did_you_mean, unknown
from listgen.rulesets.slammer import odd_motivation

from . import stats
from . import tables as T
from .army import SmleList, all_individuals, all_sections, all_teams


def _in(value: int, bounds: tuple) -> bool:
    return bounds[0] <= value <= bounds[1]


def _weapon_checks(out: Findings, slug: str, path: tuple, as_figure: bool = True):
    found = stats.weapon(slug)
    if found is None:
        out.error(
            "INPUT-UNKNOWN-WEAPON",
            unknown("weapon", slug, stats.weapon_names(), T.ALIASES, ", or a gun by calibre (gun-75mm, at-gun-57mm)"),
            path,
            T.REF_WEAPONS,
        )
    elif found.item and as_figure:
        out.error(
            "SMLE-GRENADE-AS-WEAPON",
            "hand grenades are counted and crossed off as they are used: give the team "
            "'grenades: N' instead of a grenade weapon",
            path,
            T.REF_POINTS,
        )
    elif found.mounted and as_figure:
        out.error(
            "SMLE-VEHICLE-WEAPON",
            f"the {found.name} is a vehicle's weapon (the {found.notes.split(';')[0]}): give it to a vehicle's "
            "'weapons', not to a figure",
            path,
            found.source,
        )
    return found


def _individual_weapon(out: Findings, person, path: tuple):
    """A leader is one figure: a crew-served weapon needs a team, unless he is a hero ('Big Guns')."""
    found = _weapon_checks(out, person.weapon, path + ("weapon",))
    if found is not None and found.crew and not person.hero:
        out.error(
            "SMLE-INDIVIDUAL-CREW-WEAPON",
            f"'{person.name}' is one figure and the {found.name} is crew-served: give it to a support weapon "
            "team (only a hero's 'Big Guns' need no crew)",
            path + ("weapon",),
            T.REF_TEAMS,
        )


def _team(out: Findings, path: tuple, team, kind: str, leader=None):
    """leader: the section leader who counts in this team's size (stats.leaders_teams)."""
    launchers = []
    for i, fig in enumerate(team.figures):
        found = _weapon_checks(out, fig.weapon, path + ("figures", i, "weapon"))
        if found is not None and found.priced_as == "grenade":
            launchers.append(path + ("figures", i, "weapon"))
    if launchers and not team.grenades:
        out.warning(
            "SMLE-LAUNCHER-NO-GRENADES",
            f"team '{team.name}' has a grenade launcher and no grenades: it fires "
            "rifle grenades, counted and crossed off as used (1 point each): give the team 'grenades: N'",
            launchers[0],
            T.REF_POINTS,
        )
    _crews(out, path, team)
    size = stats.team_size(team) + (leader is not None)
    if kind == "command team":
        if not _in(size, T.COMMAND_TEAM_FIGURES):
            out.error(
                "SMLE-COMMAND-TEAM-SIZE",
                f"command team '{team.name}' counts {_figures(size)}; platoon leaders come with a "
                f"command team of 2-4 figures ({T.COMMAND_TEAM_NOTE})",
                path,
                T.REF_INDIVIDUALS,
            )
    else:
        low, high = stats.size_range(team)
        lone_hero = size == 1 and any(f.hero for f in team.figures)
        if not _in(size, (low, high)) and lone_hero:
            out.error(
                "SMLE-TEAM-SIZE",
                f"team '{team.name}' is one hero: a hero who stands alone is an individual figure, listed under "
                "the list's 'heroes:' (with his quality and weapon), not a team; a team is 2 to 6 figures",
                path,
                T.REF_INDIVIDUALS,
            )
        elif not _in(size, (low, high)):
            what = "an untrained mob" if team.quality == "untrained" else "a team"
            out.error(
                "SMLE-TEAM-SIZE",
                f"team '{team.name}' counts {_figures(size)}{_with(leader)} (support weapons and specialists count "
                f"as two); {what} is {low} to {high} figures",
                path,
                T.REF_ORGANISATION,
            )
        else:
            q_low, q_high = stats.quality_range(team)
            printed_crew = team.vehicle is not None and getattr(stats.vehicle_type(team.vehicle), "crew", None)
            if printed_crew:  # a vehicle's printed crew (Lorry 2, Battle Tank 4) wins over the size by quality
                q_low, q_high = min(q_low, printed_crew[0]), max(q_high, printed_crew[1])
            if not _in(size, (q_low, q_high)):
                out.warning(
                    "SMLE-TEAM-SIZE-QUALITY",
                    f"team '{team.name}' counts {_figures(size)}{_with(leader)}; a {team.quality}"
                    f"{' elite' if team.motivation == 'elite' else ''} team would be "
                    f"{q_low}-{q_high} figures (and the 12-point cost assumes it)",
                    path,
                    T.REF_QUALITY,
                )
    _odd_motivation(out, path, team.name, team.quality, team.motivation)
    if team.armour == "power":
        out.warning("SMLE-POWER-ARMOUR", T.POWER_ARMOUR_NOTE, path + ("armour",), T.REF_TABLE4)
    if team.vehicle is not None:
        _vehicle(out, path + ("vehicle",), team.vehicle)
        _mount_counts(out, path + ("vehicle",), team.vehicle)
        _crew(out, path, team)


def _figures(n: int) -> str:
    return f"{n} figure{'s' * (n != 1)}"


def _with(leader) -> str:
    return f" with its leader {leader.name}" if leader is not None else ""


def _crews(out: Findings, path, team):
    """Each crew-served weapon has its crew in the team (CREW_NOTE); a fire team has one squad support weapon."""
    people = sum(f.count for f in team.figures)
    served = [
        (i, f, w)
        for i, f in enumerate(team.figures)
        if not f.hero and (w := stats.weapon(f.weapon)) is not None and w.crew
    ]
    weapons = sum(f.count for _i, f, _w in served)
    if weapons and people < weapons * T.CREW_SERVED_CREW:
        names = ", ".join(dict.fromkeys(T.SHORT_NAMES.get(w.slug or "", w.name) for _i, _f, w in served))
        out.error(
            "SMLE-CREW",
            f"team '{team.name}' has {people} figure{'s' * (people != 1)} for {weapons} "
            f"crew-served weapon{'s' * (weapons != 1)} ({names}): {T.CREW_NOTE}; give it "
            f"{weapons * T.CREW_SERVED_CREW - people} more",
            path + ("figures", served[0][0], "weapon"),
            T.REF_WEAPONS,
        )
    ssw = [(i, f) for i, f in enumerate(team.figures) if f.weapon in T.SQUAD_SUPPORT_WEAPONS]
    if sum(f.count for _i, f in ssw) > T.SQUAD_SUPPORT_PER_TEAM:
        out.error(
            "SMLE-FIRE-TEAM",
            f"team '{team.name}' has {sum(f.count for _i, f in ssw)} squad support weapons; "
            "'A fire team may also include a figure with a squad support weapon, such as; a LMG, BAR or "
            "grenade launcher': one to a team (split them into teams of their own)",
            path + ("figures", ssw[-1][0], "weapon"),
            T.REF_TEAMS,
        )


def _crew(out: Findings, path, team):
    """The Example Vehicles that print a crew (Lorry 2, Scout-car 2 or 3, Battle Tank 4) take a team of that size."""
    kind = stats.vehicle_type(team.vehicle)
    if kind is None or kind.crew is None:
        return
    figures = sum(f.count for f in team.figures)
    low, high = kind.crew
    if not low <= figures <= high:
        crew = str(low) if low == high else f"{low} or {high}"
        out.error(
            "SMLE-VEHICLE-CREW",
            f"team '{team.name}' has {_figures(figures)} to crew {team.vehicle.name}; a "
            f"{kind.name}'s crew is {crew} ('{kind.capacity_text}')",
            path + ("vehicle", "type"),
            T.REF_EXAMPLE_VEHICLES,
        )


def _odd_motivation(out: Findings, path, name, quality, motivation):
    odd_motivation(out, path, name, quality, motivation, T.REF_MOTIVATION, "SMLE")


def _vehicle(out: Findings, path, vehicle):
    kind = stats.vehicle_type(vehicle)
    if kind is None and vehicle.type != "custom":
        out.error(
            "INPUT-UNKNOWN-VEHICLE",
            f"unknown vehicle type '{vehicle.type}'"
            f"{did_you_mean(vehicle.type, list(T.EXAMPLE_VEHICLES) + ['custom'])}; use an example "
            "vehicle or 'custom' with armour, size and capacity",
            path + ("type",),
            T.REF_EXAMPLE_VEHICLES,
        )
        return
    if kind is None:
        missing = [k for k in ("armour", "size", "capacity") if getattr(vehicle, k) is None]
        if missing:
            out.error(
                "SMLE-VEHICLE-INCOMPLETE",
                f"custom vehicle '{vehicle.name}' needs {', '.join(missing)}",
                path,
                T.REF_VEHICLE_COMBAT,
            )
    for i, slug in enumerate(stats.vehicle_weapons(vehicle)):
        found = _weapon_checks(out, slug, path + ("weapons", i), as_figure=False)
        mounts = T.VEHICLE_MOUNTS.get(kind.slug, ()) if kind is not None else ()
        if (
            found is not None
            and kind is not None
            and vehicle.weapons is not None
            and slug not in mounts
            and not (stats.is_gun(slug) and "gun" in mounts)
        ):
            out.error(
                "SMLE-VEHICLE-MOUNT",
                f"a {kind.name} mounts no {found.name}: {T.MOUNTS_NOTE}",
                path + ("weapons", i),
                T.REF_EXAMPLE_VEHICLES,
            )


def _mount_counts(out: Findings, path, vehicle) -> None:
    """An example vehicle mounts as many weapons as its Equipment line prints (T.VEHICLE_SLOTS): one turret weapon
    and one missile on the Tracked APC, one tank gun and two machine guns on the Battle Tank."""
    kind = stats.vehicle_type(vehicle)
    if kind is None or vehicle.weapons is None:
        return
    slots = T.VEHICLE_SLOTS.get(kind.slug, ())
    room = [n for _name, _takes, n in slots]
    for i, slug in enumerate(vehicle.weapons):
        fits = [
            s for s, (_n, takes, _c) in enumerate(slots) if slug in takes or (stats.is_gun(slug) and "gun" in takes)
        ]
        if not fits:
            continue  # a weapon it mounts nowhere is SMLE-VEHICLE-MOUNT's
        free = next((s for s in fits if room[s] > 0), None)
        if free is not None:
            room[free] -= 1
            continue
        name, _takes, count = slots[fits[0]]
        out.error(
            "SMLE-VEHICLE-MOUNT",
            f"a {kind.name} has {'one' if count == 1 else count} {name} ('{kind.equipment}'): no room for "
            f"another {slug}",
            path + ("weapons", i),
            T.REF_EXAMPLE_VEHICLES,
        )


def _platoon_teams(army: SmleList) -> dict:
    """Each platoon's name -> the names of its teams (command, sections', support), as a lorry carries it."""
    return {
        p.name: [p.command_team.name]
        + [t.name for s in p.sections for t in s.teams]
        + [t.name for t in p.support_teams]
        for p in army.platoons
    }


def _transport(out: Findings, army: SmleList):
    teams = {team.name: (path, team) for path, team, _k in all_teams(army)}
    sections = {section.name: [t.name for t in section.teams] for _p, section in all_sections(army)}
    platoons = _platoon_teams(army)  # Lorry: "Passengers; up to one platoon"
    carried_by: dict = {}
    for path, team, _kind in all_teams(army):
        vehicle = team.vehicle
        if vehicle is None:
            continue
        load = 0
        for i, name in enumerate(vehicle.carries):
            where = path + ("vehicle", "carries", i)
            if name == team.name:
                out.error(
                    "SMLE-CARRIES-OWN-CREW",
                    f"vehicle '{vehicle.name}' carries '{name}', the team that crews "
                    f"it: capacity is for teams besides its crew ({T.CAPACITY_NOTE})",
                    where,
                    T.REF_EXAMPLE_VEHICLES,
                )
                continue
            if name in sections:
                names = sections[name]
            elif name in platoons:  # the platoon's teams but the vehicle's own crew
                names = [n for n in platoons[name] if n != team.name]
            elif name in teams:
                names = [name]
            else:
                out.error(
                    "SMLE-CARRIES-UNKNOWN",
                    f"vehicle '{vehicle.name}' carries '{name}', which is no team or section of this "
                    f"list{did_you_mean(name, list(teams) + list(sections) + list(platoons))}",
                    where,
                    T.REF_VEHICLES,
                )
                continue
            for carried in names:
                if carried in carried_by and carried_by[carried] != vehicle.name:
                    out.error(
                        "SMLE-CARRIED-TWICE",
                        f"team '{carried}' is carried by both '{carried_by[carried]}' and '{vehicle.name}'",
                        where,
                        T.REF_VEHICLES,
                    )
                carried_by[carried] = vehicle.name
            load += len(names)
        capacity = stats.vehicle_capacity(vehicle)
        if capacity is not None and load > capacity:
            kind = stats.vehicle_type(vehicle)
            printed = f" ('{kind.capacity_text}')" if kind else ""
            truck = f"; {T.TRUCK_NOTE}" if vehicle.type == "truck" else ""
            out.error(
                "SMLE-VEHICLE-CAPACITY",
                f"vehicle '{vehicle.name}' carries {load} teams; it has room for {capacity} besides the team "
                f"that crews it{printed}{truck}",
                path + ("vehicle", "carries"),
                T.REF_EXAMPLE_VEHICLES,
            )


def check(army: SmleList, out: Findings, valuation) -> None:
    """Every S.M.L.E. rule a list can break, reported all at once."""
    led = stats.leaders_teams(army)
    for path, team, kind in all_teams(army):
        _team(out, path, team, kind, led.get(path) or team.leader)
        if team.leader is not None and kind != "independent team":
            out.error(
                "SMLE-TEAM-LEADER",
                f"team '{team.name}' has a leader of its own: only 'independent specialist teams such as artillery "
                "observers or snipers may include their own Leader element' (Teams, Specialists); a team in a "
                "section is led by its section leader",
                path + ("leader",),
                T.REF_TEAMS,
            )
    for path, leader, _role in all_individuals(army):
        _individual_weapon(out, leader, path)
        _odd_motivation(out, path, leader.name, leader.quality, leader.motivation)
    for path, section in all_sections(army):
        n = len(section.teams)
        if not _in(n, T.SECTION_TEAMS):
            out.error(
                "SMLE-SECTION-TEAMS",
                f"section '{section.name}' has {n} team{'s' * (n != 1)}; a "
                "section or squad is a group of two to four teams",
                path + ("teams",),
                T.REF_SECTIONS,
            )
    for p, platoon in enumerate(army.platoons):
        n = len(platoon.sections)
        if not _in(n, T.PLATOON_SECTIONS):
            out.error(
                "SMLE-PLATOON-SECTIONS",
                f"platoon '{platoon.name}' has {n} section{'s' * (n != 1)}; {T.PLATOON_SECTIONS_NOTE}",
                ("platoons", p, "sections"),
                T.REF_PLATOONS,
            )
    _company_or_platoon(out, army)


def _company_or_platoon(out, army) -> None:
    """A company game: two to four platoons under a company leader, its sections alike; a platoon game: up to fifty figures."""
    n = len(army.platoons)
    if army.company_leader is not None or n > 1:
        if not _in(n, T.COMPANY_PLATOONS):
            out.error(
                "SMLE-COMPANY-PLATOONS",
                f"a company is two to four platoons under a company leader; this list has {n}",
                ("platoons",),
                T.REF_PLATOONS,
            )
        if army.company_leader is None:
            out.error(
                "SMLE-COMPANY-LEADER",
                f"{n} platoons make a company game, which needs a company leader ('company_leader:')",
                ("platoons",),
                T.REF_PLATOONS,
            )
        for path, section in all_sections(army):
            if section.leader is not None:
                out.warning(
                    "SMLE-COMPANY-SECTION-LEADER",
                    f"section leader {section.leader.name}: {T.COMPANY_LEADERS_NOTE}",
                    path + ("leader",),
                    T.REF_PLATOONS,
                )
            ratings = {(t.quality, t.motivation) for t in section.teams}
            if len(ratings) > 1:
                out.error(
                    "SMLE-COMPANY-SECTION-MIXED",
                    f"in a company game all the teams in a section have the same "
                    f"troop quality and motivation; '{section.name}' mixes them",
                    path + ("teams",),
                    T.REF_PLATOONS,
                )
    else:
        men = sum(f.count for _p, team, _k in all_teams(army) for f in team.figures)
        men += sum(1 for _i in all_individuals(army))
        if men > T.PLATOON_FIGURES:
            out.warning(
                "SMLE-FIGURES",
                f"the force fields {men} figures; 'Platoon level allows games using up to fifty figures on each "
                "side' (a company game of 2-4 platoons under a company leader may field more)",
                (),
                T.REF_ORGANISATION,
            )
    _transport(out, army)
    occupied = [path for path, team, _k in all_teams(army) if team.in_prepared_position]
    if len(occupied) > army.prepared_positions:
        out.error(
            "SMLE-PREPARED-POSITIONS",
            f"{len(occupied)} teams start in prepared positions but the "
            f"list has {army.prepared_positions}; each position holds one team",
            occupied[army.prepared_positions],
            T.REF_POINTS,
        )
    team_count = sum(1 for _ in all_teams(army))
    if army.prepared_positions > team_count:
        out.warning(
            "SMLE-PREPARED-POSITIONS-SPARE",
            f"{army.prepared_positions} prepared positions for {team_count} teams: each position holds one team",
            ("prepared_positions",),
            T.REF_POINTS,
        )
