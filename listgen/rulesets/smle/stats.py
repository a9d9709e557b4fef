"""What the S.M.L.E. tables say about one team or figure: weapons, size, move, numbers."""

from __future__ import annotations

import re

from . import tables as T
from .army import all_sections, all_teams, vehicle_type, vehicle_weapons, weapon_names  # noqa: F401 - named here too

_GUN = re.compile(r"^(at-)?gun-(\d{2,3})mm$")


def is_gun(slug: str) -> bool:
    """A gun by calibre (gun-75mm, at-gun-57mm)."""
    return _GUN.match(slug) is not None


def weapon(slug: str) -> T.Weapon | None:
    """The table row for a weapon name from a list, or None if S.M.L.E. has no such weapon."""
    if slug in T.WEAPONS:
        return T.WEAPONS[slug]
    match = _GUN.match(slug)
    if match and 20 <= int(match.group(2)) <= 300:
        return T.gun(int(match.group(2)), anti_tank=bool(match.group(1)))
    return None


def aims(w: T.Weapon) -> bool:
    """A weapon a figure aims at a target with, at a range the table gives (mortars fire indirect)."""
    return not w.item and w.range is not None and (w.rating is not None or w.slug == "grenade-launcher")


def aimed_weapon_names() -> list[str]:
    """The weapons of the table a matchup sheet fires (aims), by slug: what a Noonday list may name in fires_as."""
    return [slug for slug, w in T.WEAPONS.items() if aims(w)]


def figure_weight(fig) -> int:
    """How many figures a line of figures counts as (support weapons and specialists count two)."""
    w = weapon(fig.weapon)
    each = T.SUPPORT_COUNTS_AS if (fig.specialist or (w is not None and w.support)) else 1
    return fig.count * each


def team_size(team) -> int:
    return sum(figure_weight(f) for f in team.figures)


def leaders_teams(army) -> dict:
    """team path -> its section leader, for the team each section leader counts in. The text's own section
    ('Section Leader and first rifle group; A Sergeant or corporal ... Two or three figures armed with rifles')
    counts the leader in his team's size: listgen gives him to the first team of his section that is one figure
    short of its size by quality and fits with him (none, where every team fits without him)."""
    led: dict = {}
    for path, section in all_sections(army):
        if section.leader is None:
            continue
        for t, team in enumerate(section.teams):
            low, high = quality_range(team)
            if team_size(team) < low and low <= team_size(team) + 1 <= high:
                led[path + ("teams", t)] = section.leader
                break
    return led


def size_range(team) -> tuple:
    return T.MOB_FIGURES if team.quality == "untrained" else T.TEAM_FIGURES


def quality_range(team) -> tuple:
    if team.motivation == "elite" and team.quality in ("trained", "veteran"):
        return T.ELITE_TEAM_FIGURES
    return T.TEAM_FIGURES_BY_QUALITY[team.quality]


def team_weapons(team) -> list[T.Weapon]:
    return [w for w, _mounted in team_arms(team)]


def team_arms(team) -> list:
    """(Weapon, mounted) for the team's figures' weapons, then its vehicle's mounted weapons."""
    found = [(weapon(f.weapon), False) for f in team.figures]
    if team.vehicle is not None:
        found += [(weapon(w), True) for w in vehicle_weapons(team.vehicle)]
    return [(w, mounted) for w, mounted in found if w is not None]


def rpg_shots(team) -> int:
    """RPG/LAW shots: the team's rpg count, and at least one for each Bazooka/Panzerfaust figure ("One shot")."""
    launchers = sum(f.count for f in team.figures if (w := weapon(f.weapon)) is not None and w.priced_as == "rpg")
    return max(team.rpg, launchers)


def vehicle_capacity(vehicle) -> int | None:
    if vehicle.capacity is not None:
        return vehicle.capacity
    kind = vehicle_type(vehicle)
    return kind.capacity if kind else None


def vehicle_armour(vehicle) -> str | None:
    kind = vehicle_type(vehicle)
    return vehicle.armour or (kind.armour if kind else None)


def vehicle_size(vehicle) -> str | None:
    kind = vehicle_type(vehicle)
    return vehicle.size or (kind.size if kind else None)


def aboard_armour(army) -> dict:
    """team name -> the armoured vehicle carrying it (carried teams are 'Armoured Troops' while aboard)."""
    sections = {section.name: section for _p, section in all_sections(army)}
    out: dict = {}
    for _path, team, _kind in all_teams(army):
        vehicle = team.vehicle
        if vehicle is None or vehicle_armour(vehicle) in (None, "softskin", "larger-softskin"):
            continue
        for name in vehicle.carries:
            names = [t.name for t in sections[name].teams] if name in sections else [name]
            out.update((n, vehicle) for n in names)
    return out


def move(team) -> int | None:
    """Inches: Table 2 by armour or mount, +2" warriors, less the heaviest weapon's encumbrance. Not its
    vehicle's weapons, nor a hero's: 'Heavy weapons do not slow down a hero' (Hollywood Extras)."""
    return _move(team.armour, team.motivation, [f.weapon for f in team.figures if not f.hero], team.mount)


def braced_weapons(team) -> list:
    """The weapons of a team that must be braced to fire: carried by a figure who is no hero ('Heavy weapons
    do not ... require bracing' for a hero), never its vehicle's ('Vehicles move and fire in their crew's
    activation phase'; VEHICLE_BRACING_NOTE)."""
    return [f.weapon for f in team.figures if not f.hero]


def person_move(person) -> int | None:
    return _move(person.armour, person.motivation, [person.weapon], None)


def _move(armour: str, motivation, weapons, mount) -> int | None:
    if mount:
        base = T.MOUNT_MOVE[mount]
    else:
        base = T.ARMOUR[armour].move
        if base is None:
            return None
    if motivation == "warriors":
        base += T.WARRIOR_MOVE_BONUS
    carried = [weapon(w) for w in weapons]
    return base - max((w.encumbrance for w in carried if w is not None), default=0)


def rules(motivation, slugs, hero: bool = False, bracing=None) -> list:
    """A unit's special rules, a line each: its motivation's, then its weapons' (braced, autofire, mortars).
    A hero's heavy weapons 'do not ... require bracing' (Hollywood Extras); bracing: the slugs that must be
    braced, when not all of slugs (braced_weapons)."""
    out = [T.MOTIVATION_RULES[motivation]] if motivation in T.MOTIVATION_RULES else []
    weapons = [w for w in dict.fromkeys(weapon(s) for s in slugs) if w is not None]
    bracing = set(slugs if bracing is None else bracing)
    braced = [T.SHORT_NAMES.get(w.slug, w.name) for w in weapons if w.braced and not hero and w.slug in bracing]
    if braced:
        out.append(
            f"Braced ({', '.join(braced)}): starred, braced (a round stationary, not firing) before it may fire."
        )
    autofire = [T.SHORT_NAMES.get(w.slug, w.name) for w in weapons if "A" in w.type]
    if autofire:
        out.append(f"Autofire ({', '.join(autofire)}): one more hit for each point the score beats the to-hit number.")
    out += [
        f'Minimum range: the {T.SHORT_NAMES.get(w.slug, w.name)} may not fire closer than {w.min_range}".'
        for w in weapons
        if w.min_range
    ]
    return out


def activation_text(quality: str, motivation: str | None, armoured: bool = False) -> str:
    return T.ACTIVATION_ROLL.text(quality, motivation, 1 if armoured else 0)  # Armoured troops +1


def to_hit(quality: str) -> int:
    return T.TO_HIT[quality]


def defender_modifier(quality: str, motivation: str | None) -> int:
    return T.DEFENDER_QUALITY[quality] + T.DEFENDER_MOTIVATION.get(motivation or "", 0)


def close_assault_modifier(quality: str, motivation: str | None, armour: str) -> int:
    out = T.CLOSE_ASSAULT_QUALITY[quality] + T.CLOSE_ASSAULT_MOTIVATION.get(motivation or "", 0)
    if armour in ("body", "power"):
        out += 1  # Armoured Infantry
    return out
