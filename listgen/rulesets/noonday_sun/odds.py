"""Noonday Sun odds: activation bands (on the 1D6 listgen reads, and on a d10 for comparison), doors; and a
matchup sheet on S.M.L.E.'s shooting, borrowed (the text stops after movement)."""

from __future__ import annotations

from listgen.core import matchup
from listgen.core.findings import counted, possessive
from listgen.rulesets import slammer

from ..smle import odds as SMLE_ODDS  # the matchup borrows S.M.L.E.'s shooting (tables.BORROWED_SHOOTING)
from . import tables as T
from .army import all_leaders, all_units, level

SITUATIONS = (
    (+4, "Fresh, not under fire, leader with group (+4)"),
    (+2, "Not under fire, leader with group (+2)"),
    (0, "Under direct fire, leader with group (0)"),
    (-3, "Under direct auto fire with a casualty, leader with group (-3)"),
)


def _rows(army):
    if army is None:
        return slammer.combos(T.QUALITIES)
    used = {(u.quality, u.motivation) for _p, u in all_units(army) if u.quality}
    used |= {(leader.quality, leader.motivation) for _p, leader, _r in all_leaders(army) if leader.quality}
    qualities = [q for q in T.QUALITIES if any(q == u for u, _m in used)]
    return slammer.combos(qualities, used)


def hit_tables(army=None) -> list:
    rows = _rows(army)
    out = []
    for situation, label in SITUATIONS:
        table_id = f"noonday-sun-activation-{'m' if situation < 0 else 'p'}{abs(situation)}"  # p4, m3
        out.append(
            slammer.activation_table(
                T.ACTIVATION_ROLL, rows, situation, label, table_id, T.REF_ACTIVATION, notes=[T.DIE_NOTE, T.ORDER_NOTE]
            )
        )
    d10 = slammer.activation_table(
        T.ACTIVATION_ROLL,
        rows,
        2,
        "Not under fire, leader with group (+2), on a d10",
        "noonday-sun-activation-d10",
        T.REF_ACTIVATION,
        die=10,
        notes=[
            "For comparison only: what Table 1 gives if 'All die rolls use ten "
            "sided dice' is applied to activation. listgen's sheets use 1D6.",
            T.DIE_NOTE,
        ],
    )
    out.append(d10)
    out.append(
        slammer.doors_table(
            T.DOOR_ROWS,
            T.DOOR_TARGET,
            "noonday-sun-doors",
            T.REF_DOORS,
            ["Modifiers add up: e.g. Veteran +1 and Elite +1 make +2."],
        )
    )
    return out


# 5. Groups: in a company game "treat each unit or base as one figure for combat resolution"
COMPANY_FIRES = (
    "Company game (5. Groups: 'treat each unit or base as one figure for combat resolution'): each unit of {side} "
    "is one base, and fires one attack roll, with the weapon most of its figures shoot as (fires_as)."
)
COMPANY_FALLS = (
    "Company game (5. Groups): each unit of {side} is one base, fired at as one figure: the count is bases out of "
    "action."
)


def _firers(army) -> list:
    """Each unit's lines of figures that name an S.M.L.E. weapon to shoot as, a row per weapon; in a company game
    a row per unit, one figure firing the weapon most of its figures shoot as."""
    out = []
    company = level(army) == "company"
    for _p, unit in all_units(army):
        if unit.quality is None:
            continue  # animals
        carried: dict = {}  # (the list's weapon, the S.M.L.E. weapon it shoots as) -> figures
        for fig in unit.figures:
            if fig.fires_as:
                carried[fig.weapon, fig.fires_as] = carried.get((fig.weapon, fig.fires_as), 0) + fig.count
        elite = ", elite" if unit.motivation == "elite" else ""
        if company and carried:  # the first of the most-carried, in the list's order
            (weapon, slug), _n = max(carried.items(), key=lambda kv: kv[1])
            w = T.SMLE.WEAPONS[slug]
            what = f"1 base of {counted(sum(f.count for f in unit.figures), 'figure')}: {weapon} as S.M.L.E.'s {w.name}"
            profile = (1, SMLE_ODDS.firer_profile(unit.quality, unit.motivation, w))
            out.append(matchup.Firer(unit.name, f"{what} ({unit.quality}{elite})", profile))
            continue
        for (weapon, slug), count in carried.items():
            w = T.SMLE.WEAPONS[slug]  # fires_as names a weapon of the table
            what = f"{count} x {weapon} as S.M.L.E.'s {w.name} ({unit.quality}{elite})"
            out.append(
                matchup.Firer(unit.name, what, (count, SMLE_ODDS.firer_profile(unit.quality, unit.motivation, w)))
            )
    return out


def _targets(army) -> list:
    """Each unit with a quality (not animals), as S.M.L.E.'s team of the same figures, quality and armour row; a
    unit in plate, which Table 4 gives no row, is none (_left_out says so). In a company game a unit is one base,
    one figure."""
    out = []
    company = level(army) == "company"
    for _p, unit in all_units(army):
        if unit.quality is None or _plate(unit):
            continue
        figures = 1 if company else sum(f.count for f in unit.figures)
        armour = T.BORROWED_TABLE4[unit.armour]
        motivation = f", {unit.motivation}" if unit.motivation in ("elite", "fanatic") else ""
        worn = "no armour" if unit.armour == "none" else f"{unit.armour} armour"
        size = (
            f"1 base of {counted(sum(f.count for f in unit.figures), 'figure')}"
            if company
            else counted(figures, "figure")
        )
        what = f"{size}, {unit.quality}{motivation}, {worn}"
        out.append(matchup.Target(unit.name, what, ("team", figures, unit.quality, unit.motivation, armour)))
    return out


def _plate(unit) -> bool:
    """Plate reads as S.M.L.E.'s power armour, which Table 4 gives no row (S.M.L.E. leaves power armour out too)."""
    return T.BORROWED_TABLE4[unit.armour] == "power"


def _left_out(army) -> list:
    """What of a list this sheet does not count: support weapons (the text prints no shooting for them and listgen
    maps none onto S.M.L.E.'s rows), and units in plate as targets (S.M.L.E.'s Table 4 gives plate no row)."""
    out = []
    supported = [u for _p, u in all_units(army) if u.support_weapon]
    crewed = [u for u in supported if any(f.fires_as for f in u.figures)]  # a sniper's rifle, say
    guns = [f"{possessive(u.name)} {T.SUPPORT_WEAPONS[u.support_weapon].name}" for u in supported if u not in crewed]
    if guns:
        out.append(
            (
                "fires",
                f"Not computed: {'; '.join(guns)}: the text gives support weapons no shooting, and listgen maps "
                "none onto S.M.L.E.'s rows.",
            )
        )
    if crewed:
        said = "; ".join(f"{possessive(u.name)} {T.SUPPORT_WEAPONS[u.support_weapon].name}" for u in crewed)
        out.append(
            (
                "fires",
                f"{said}: no row as a support weapon (the text gives them no shooting); what fires is its figures' "
                "own fires_as, the row of that unit.",
            )
        )
    if level(army) == "company":
        out += [("fires", COMPANY_FIRES.format(side=army.name)), ("targets", COMPANY_FALLS.format(side=army.name))]
    plate = [u.name for _p, u in all_units(army) if u.quality is not None and _plate(u)]
    if plate:
        out.append(
            (
                "targets",
                f"Not computed: {', '.join(plate)} in plate: S.M.L.E.'s Table 4, whose damage this sheet borrows, "
                "gives plate no row (it is priced as the heaviest armour, x2).",
            )
        )
    return out


MATCHUP = matchup.Spec(
    prefix="noonday-sun-matchup",
    firers=_firers,
    targets_of=_targets,
    columns=SMLE_ODDS.MATCHUP_COLUMNS,
    odds=SMLE_ODDS.casualties,
    ref="S.M.L.E. Table 3 and Table 4 (borrowed)",
    counting="figures out of action",
    assumptions=[
        T.BORROWED_SHOOTING,
        *SMLE_ODDS.SHOOTING_NOTES,
        "Left out: a line whose fires_as names a weapon S.M.L.E.'s table gives no effective range (its mortars, "
        "tank guns and missiles: '-' in every column).",
    ],
    left_out=_left_out,
    # S.M.L.E.'s named teams (its vehicles have no place in a colonial game)
    targets={
        n: t for n, t in SMLE_ODDS.MATCHUP.targets.items() if isinstance(t.profile, tuple) and t.profile[0] == "team"
    },
)
