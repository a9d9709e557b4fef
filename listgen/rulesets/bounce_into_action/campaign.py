"""Bounce into Action in a campaign ("it needs to support a campaign approach", Design Criteria): what a battle,
a casualty at the aid post and a regrouping change in a force, each change citing its rule.

A campaign unit is a stand entry of the list (``stands:``), all its identical stands together; a casualty taken
by one stand of several splits that stand off as an entry of its own. The readings the text leaves open are
``tables.CAMPAIGN_NOTES``.
"""

from __future__ import annotations

import copy
from types import SimpleNamespace

from listgen.core.campaign import CampaignError, Unit

from . import tables as T
from .stats import auto_factors, hit_limits, hit_type
from .stats import morale as morale_number

NOTES = (
    *T.CAMPAIGN_NOTES,
    "Only ineffective stands regroup (Hit Effects: 'grouped with other similar ineffective stands'): each stand's "
    "hits remaining are at most its hits to be destroyed less its hits to become ineffective, as its roster prints "
    "them for its size now, and more than 0 (none left: destroyed).",
    "Morale is named as the text names it: the basic morale number (Basic Morale) and the morale number, the "
    "basic one with the Factors Affecting Morale, as the roster prints it.",
)
ORDER = ("raw", "novice", "experienced", "seasoned", "veteran")


def units(data: dict) -> dict[str, dict]:
    return {s["name"]: s for s in data.get("stands") or [] if isinstance(s, dict) and "name" in s}


def start(entry: dict) -> Unit:
    return Unit(actions=T.EXPERIENCE_ACTIONS.get(entry["experience"], 0))


def _stand(entry: dict) -> SimpleNamespace:
    return SimpleNamespace(
        training=entry["training"],
        equipment=entry.get("equipment", "assault-rifles"),
        marines=entry.get("marines", False),
        kind=entry.get("kind", "infantry"),
        people=entry.get("people"),
    )


def _earned(actions: int, now: str) -> str:
    """The experience a stand has after so many actions: the Experience ladder, never below what it had."""
    best = now
    for level, needed in T.EXPERIENCE_ACTIONS.items():
        if actions >= needed and ORDER.index(level) > ORDER.index(best):
            best = level
    return best


def battle(entry: dict, unit: Unit, under_fire: int, wounded: int) -> list[str]:
    """A battle in which the stand fought `under_fire` actions unhurt and `wounded` actions wounded (each of which
    counts as two in its place)."""
    gained = under_fire + T.WOUNDED_ACTIONS * wounded
    unit.actions += gained
    how = [f"{under_fire} under fire"] * bool(under_fire) + [f"{wounded} wounded, counting two"] * bool(wounded)
    said = [f"{_actions(gained)} ({', '.join(how)}; {_actions(unit.actions)} in all) ({T.REF_EXPERIENCE})"]
    was = morale(entry)
    earned = _earned(unit.actions, entry["experience"])
    if earned != entry["experience"]:
        said.append(
            f"{entry['experience']} -> {earned} at {_actions(T.EXPERIENCE_ACTIONS[earned])} ({T.REF_EXPERIENCE})"
        )
        entry["experience"] = earned
    training, at, becomes = T.CIVILIAN_UPGRADE
    if entry["training"] == training and ORDER.index(entry["experience"]) >= ORDER.index(at):
        entry["training"] = becomes
        said.append(f"Civilian -> Recruits: survived to become Seasoned ({T.REF_TRAINING}, Civilian)")
    if morale(entry) != was:
        said.append(f"basic morale number {was} -> {morale(entry)} ({T.REF_BASIC_MORALE})")
    return said


def _actions(n: int) -> str:
    return f"{n} action{'' if n == 1 else 's'}"


def morale(entry: dict) -> str:
    """The basic morale number (Basic Morale: 'the basic morale number that the factors are applied to')."""
    number = T.BASIC_MORALE.get(entry["training"], {}).get(entry["experience"])
    return "-" if number is None else str(number)


def morale_with_factors(data: dict, entry: dict) -> str:
    """The stand's morale number as its roster prints it: the basic number with the Factors Affecting Morale of
    its list and its own, e.g. '7 (basic 6, +1 No armour)'."""
    factors = (
        auto_factors(_stand(entry)) + list(data.get("morale_factors") or []) + list(entry.get("morale_factors") or [])
    )
    number, base, applied = morale_number(entry["training"], entry["experience"], factors)
    if number is None:
        return "-"
    return f"{number} (basic {base}{''.join(f', {m:+d} {label}' for label, m in applied)})"


def casualty_row(entry: dict) -> str:
    return T.CASUALTY_ROW[entry.get("equipment", "assault-rifles")]


def casualty(data: dict, name: str, units_: dict, event: dict) -> list[str]:
    """One casualty of stand `name` at the aid post: its result from the Infantry Casualties row of the stand's
    armour; one that does not return leaves its stand a person short (the stand split off its entry first)."""
    entry, die = units(data)[name], event["die"]
    if not 0 <= die <= 9:
        raise CampaignError(f"the Infantry Casualties die is a d10 read 0-9, not {die}", "die")
    row = casualty_row(entry)
    result = T.INFANTRY_CASUALTIES[row][die]
    said = [f"casualty: d10 {die} on the {row} row: {result} ({T.REF_CASUALTIES})"]
    if result not in T.CASUALTY_LOST:
        _count(units_[name], result)
        return said + ["returns to the stand (listgen's reading: Unharmed, Scratch and Light wound return)"]
    if entry.get("count", 1) > 1:
        entry, name = _split(data, entry, units_)
        said.append(f"one stand split off as '{name}' to carry its casualties")
    _count(units_[name], result)
    people = entry.get("people") or T.STAND_SIZE[entry["training"]].high
    if people <= 1:
        data["stands"].remove(entry)
        units_[name].gone = True
        return said + ["its last person: the stand is gone from the force"]
    entry["people"] = people - 1
    return said + [f"people {people} -> {people - 1} (does not return: Serious, Mortal or Dead)"]


def _count(unit: Unit, result: str) -> None:
    unit.casualties[result] = unit.casualties.get(result, 0) + 1


def _split(data: dict, entry: dict, units_: dict) -> tuple[dict, str]:
    taken = set(units(data))
    n = 1
    while f"{entry['name']} ({n})" in taken:
        n += 1
    one = copy.deepcopy(entry)
    one["name"], one["count"] = f"{entry['name']} ({n})", 1
    entry["count"] -= 1
    data["stands"].insert(data["stands"].index(entry) + 1, one)
    units_[one["name"]] = Unit(actions=units_[entry["name"]].actions)  # its own casualties from here
    return one, one["name"]


def regroup(data: dict, names: list[str], hits_left: list[int], units_: dict) -> list[str]:
    """Ineffective stands grouped at the aid post into one effective stand (Hit Effects: Infantry): all on one
    row, that row's Re-groups? is Yes, and the hits remaining at least the hits to be destroyed."""
    stands = units(data)
    if len(names) < 2:
        raise CampaignError("a regrouping names two or more ineffective stands", "stands")
    if len(hits_left) != len(names):
        raise CampaignError(
            f"give the hits remaining of each stand: {len(names)} stands, {len(hits_left)} numbers", "hits_left"
        )
    for name in names:
        if names.count(name) > stands[name].get("count", 1):
            raise CampaignError(
                f"'{name}' is named {names.count(name)} times but has {stands[name].get('count', 1)} stands", "stands"
            )
    rows = {hit_type(_stand(stands[n])) for n in names}
    if len(rows) > 1:
        raise CampaignError(
            f"only similar stands regroup: these are on the rows {', '.join(sorted(rows))} ({T.REF_HIT_EFFECTS})",
            "stands",
        )
    row = rows.pop()
    effects = T.HIT_EFFECTS[row]
    if not effects.regroups:
        raise CampaignError(f"{row} do not regroup: Re-groups? says No ({T.REF_HIT_EFFECTS})", "stands")
    for name, left in zip(names, hits_left):
        _ineffective(stands[name], left)
    if sum(hits_left) < effects.destroyed:
        raise CampaignError(
            f"{sum(hits_left)} hits remaining is fewer than the {effects.destroyed} hits to destroy a {row} stand "
            f"({T.REF_HIT_EFFECTS})",
            "hits_left",
        )
    least = min(names, key=lambda n: (ORDER.index(stands[n]["experience"]), units_[n].actions))
    first = stands[names[0]]
    for name in names:
        stands[name]["count"] = stands[name].get("count", 1) - 1
    first["count"] += 1
    first["experience"] = stands[least]["experience"]
    units_[names[0]].actions = min(units_[n].actions for n in names)
    if first["count"] == 1:  # one stand: the regrouped one, effective at full strength (the text's HMA example)
        first.pop("people", None)
    for name in set(names):
        if stands[name]["count"] == 0:
            data["stands"].remove(stands[name])
            units_[name].gone = True
    return [
        f"{len(names)} ineffective {row} stands ({', '.join(names)}) regroup as one effective stand in '{names[0]}': "
        f"{sum(hits_left)} hits remaining, {effects.destroyed} needed ({T.REF_HIT_EFFECTS})"
    ]


def _ineffective(entry: dict, left: int) -> None:
    """Hit Effects: Infantry: 'they can be grouped with other similar ineffective stands': a stand has taken the
    hits to become ineffective (hits remaining at most hits to be destroyed less those) and is not destroyed."""
    ineffective, destroyed, _, kind = hit_limits(_stand(entry))
    if left == 0:
        raise CampaignError(
            f"'{entry['name']}' with no hits remaining is destroyed: no survivors to group ({T.REF_HIT_EFFECTS})",
            "hits_left",
        )
    if destroyed - left < ineffective:
        raise CampaignError(
            f"'{entry['name']}' with {left} hits remaining has taken {destroyed - left} of the {ineffective} hits that "
            f"make a {kind} stand of {destroyed} hits ineffective: only ineffective stands regroup (at most "
            f"{destroyed - ineffective} hits remaining; {T.REF_HIT_EFFECTS})",
            "hits_left",
        )


PROMOTABLE = {"experience": ORDER, "training": T.TRAININGS}


def replace(data: dict, name: str, units_: dict, event: dict) -> list[str]:
    raise CampaignError("the text gives no replacements for stands: regroup ineffective stands instead", "kind")


def promote(data: dict, name: str, units_: dict, event: dict) -> list[str]:
    """An umpire's decision (the text's ladders are by actions; anything else is the umpire's): the stand's
    experience or training set to `to`."""
    entry, to = units(data)[name], event["to"]
    field = next((f for f, levels in PROMOTABLE.items() if to in levels), None)
    if field is None:
        raise CampaignError(
            f"'{to}' is no experience ({', '.join(ORDER)}) or training ({', '.join(T.TRAININGS)})", "to"
        )
    was = entry[field]
    entry[field] = to
    return [
        f"{field} {was} -> {to} (umpire's decision)",
        f"basic morale number now {morale(entry)} ({T.REF_BASIC_MORALE})",
    ]


def status(data: dict, entry: dict, unit: Unit) -> str:
    nxt = next(((lvl, n) for lvl, n in T.EXPERIENCE_ACTIONS.items() if unit.actions < n), None)
    track = f"next: {nxt[0]} at {nxt[1]}" if nxt else "Veteran: the top of the ladder"
    lost = ", ".join(f"{k} {v}" for k, v in sorted(unit.casualties.items())) or "none"
    count = entry.get("count", 1)
    return (
        f"{entry['name']}{f' x{count}' if count > 1 else ''}: {entry['training']}, {entry['experience']}, "
        f"{_actions(unit.actions)} ({track}), morale number {morale_with_factors(data, entry)}, casualties: {lost}"
    )


TRACK_TO = T.EXPERIENCE_ACTIONS["veteran"]


def track(entry: dict, unit: Unit) -> tuple[list[tuple[str, str]], list[tuple[str, int]]]:
    """The stand's action track on its roster: the actions fought, and a box for each action still to fight to
    Veteran (30), the Experience thresholds named."""
    marks = ", ".join(f"{level.capitalize()} {n}" for level, n in T.EXPERIENCE_ACTIONS.items())
    left = max(0, TRACK_TO - unit.actions)
    facts = [("Actions", f"{unit.actions} of {TRACK_TO} ({marks}; {T.REF_EXPERIENCE})")]
    counters = [("Actions to Veteran (a battle under fire 1, wounded 2)", left)] if left else []
    return facts, counters


class _Rules:
    """This text's campaign, as ``core.campaign.CampaignRules``."""

    notes = NOTES
    casualty_die = len(T.INFANTRY_CASUALTIES["Unarmoured"])  # Infantry Casualties (1d10), faces 0-9
    promotions = (*ORDER, *T.TRAININGS)  # PROMOTABLE's levels: the experience ladder, then the trainings
    replaces = False  # "the text gives no replacements for stands": ineffective stands regroup instead
    units = staticmethod(units)
    start = staticmethod(start)
    battle = staticmethod(battle)
    casualty = staticmethod(casualty)
    regroup = staticmethod(regroup)
    replace = staticmethod(replace)
    promote = staticmethod(promote)
    status = staticmethod(status)
    track = staticmethod(track)


RULES = _Rules()
