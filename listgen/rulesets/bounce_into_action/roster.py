"""The Bounce into Action roster: stands with their morale number and boxes for each hit."""

from __future__ import annotations

from listgen.core.findings import Path
from listgen.core.roster import Roster, Track, Unit, points_line, value_notes

from . import stats
from . import tables as T

BOX_LIMIT = 10  # more hits than this are written in, not boxed (two groups of five fit a column)
BANDS = [f"{cm}cm" for cm in T.RANGE_BANDS]  # Weapon Range Bands, one column each
CREW = T.HIT_EFFECTS["Vehicle crews"]


def _weapon_row(weapon: str) -> list:
    """A weapon's name, then 'hit (penetration)' at each range band, '-' where it does not reach."""
    if weapon not in T.WEAPONS:
        return [weapon] + ["-"] * len(BANDS)
    w = T.WEAPONS[weapon]
    cells = ["-" if b is None else f"{b.hit} ({'-' if b.penetration is None else b.penetration})" for b in w.bands]
    return [w.name + (" (blast)" if w.blast else "")] + cells


def _copies(name: str, count: int) -> list:
    return [f"{name} {n + 1}" if count > 1 else name for n in range(count)]


def _morale(number, base, applied) -> str:
    working = f"{base}" + "".join(f" {m:+d} {label}" for label, m in applied) if base is not None else "-"
    if base is not None and number != base + sum(m for _l, m in applied):  # the working says where it was held
        working += f"; never {'more than' if number == T.MORALE_RANGE[1] else 'less than'} {number}"
    return f"{number if number is not None else '-'} ({working})"


def _cost(node) -> str:
    cost = node.cost
    return cost.line() if cost else ""


def _stand(army, s, path: tuple, cost) -> Unit:
    ineffective, destroyed, regroups, hit_type = stats.hit_limits(s)
    facts = [
        ("", f"{s.training.replace('-', ' ').title()}, {s.experience}, {s.equipment}"),
        ("Morale", _morale(*stats.stand_morale(army, s))),
        (
            "Hits",
            f"{hit_type}: ineffective at {ineffective}, destroyed at {destroyed}{', re-groups' if regroups else ''}",
        ),
    ]
    if s.with_stand:
        facts.append(("With", s.with_stand))
    if destroyed <= BOX_LIMIT:
        tracks = [Track(name, tuple(str(n) for n in range(1, destroyed + 1))) for name in _copies(s.name, s.count)]
    else:
        tracks = [Track(name, (), f"__ / {destroyed}") for name in _copies(s.name, s.count)]
    rules = [f"Civilian weapons: {T.CIVILIAN_TARGETS_NOTE}"] if s.equipment == "civilian-weapons" else []
    return Unit(
        title=f"Stand: {s.name}",
        path=path,
        depth=0,
        facts=facts,
        columns=["Weapon"] + BANDS,
        rows=[_weapon_row(s.weapon)],
        tracks=tracks,
        points=cost,
        rules=rules,
    )


def _vehicle(army, v, path: tuple, cost) -> Unit:
    crew = tuple(f"C{n}" for n in range(1, CREW.destroyed + 1))
    return Unit(
        title=f"Vehicle: {v.name}",
        path=path,
        depth=0,
        facts=[
            ("", v.type),
            ("Crew", f"{v.crew_training}, {v.crew_experience}"),
            ("Morale", _morale(*stats.vehicle_morale(army, v))),
        ],
        columns=["Weapon"] + BANDS,
        rows=[_weapon_row(w) for w in v.weapons] or [["(unarmed)"] + [""] * 6],
        tracks=[Track(name, crew + ("KO",)) for name in _copies(v.name, v.count)],
        points=cost,
    )


def _aircraft(a, path: tuple, cost) -> Unit:
    facts = [("", a.type), ("Manoeuvrability", a.manoeuvrability)]
    if a.air_defence:
        facts.append(("AD", a.air_defence))
    if not a.combat:
        facts.append(("", "not combat capable"))
    speeds = tuple(sp.replace("-", " ").title() for sp in a.speeds)
    return Unit(
        title=f"Aircraft: {a.name}",
        path=path,
        depth=0,
        facts=facts,
        columns=["Weapon"] + BANDS,
        rows=[_weapon_row(w) for w in a.weapons] or [["(unarmed)"] + [""] * 6],
        tracks=[Track(a.name, speeds + ("Evasive", "Lost"))],
        points=cost,
    )


def _air_defence(d, path: Path) -> Unit:
    ad = T.AD_SYSTEMS[d.system]
    return Unit(
        title=f"Air defence: {d.name}",
        path=path,
        depth=0,
        facts=[
            ("", f"{d.count} x {d.system}"),
            ("Range", ad.range),
            ("Chart", ad.line),
            ("Lock", "no" if ad.lock is None else f"{ad.lock:+d}"),
        ],
    )


def roster(army, report) -> Roster:
    makers = {  # each part of the force the roster prints, in the list's order: stands, vehicles, aircraft, air defence
        "Stand": lambda n: _stand(army, n.values, n.path, _cost(n)),
        "Vehicle": lambda n: _vehicle(army, n.values, n.path, _cost(n)),
        "Aircraft": lambda n: _aircraft(n.values, n.path, _cost(n)),
        "AirDefence": lambda n: _air_defence(n.values, n.path),
    }
    units = [makers[node.kind](node) for node in report.force.children if node.kind in makers]
    points = points_line(report.valuation, army.points_limit)
    notes = value_notes(army, report.valuation) + [
        "Weapons: the score to hit on 1D10 at each range band, penetration in brackets (Weapon Range Bands).",
        f"Boxes: one per hit; the stand is ineffective at the number shown, destroyed at the last box. Vehicles: "
        f"C1-C{CREW.destroyed} crew hits (Vehicle crews: ineffective at {CREW.ineffective}, destroyed at "
        f"{CREW.destroyed}); KO knocked out. Aircraft: tick the speed chosen with its posture, Evasive when taking "
        "evasive action (it cannot fire).",
        T.HIT_TYPE_NOTE,
        T.HIT_SIZE_NOTE,
        T.D10_NOTE,
        T.PENETRATION_NOTE,
    ]
    return Roster(points=points, units=units, notes=notes)
