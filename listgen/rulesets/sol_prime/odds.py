"""Sol Prime odds, exact: range dice, missiles, to kill, infantry, artillery, close combat, morale, activation."""

from __future__ import annotations

from fractions import Fraction

from listgen.core import matchup
from listgen.core.dice import Dist, die
from listgen.core.odds import NEUTRAL, OUTCOMES, Table

from . import tables as T

D6, D10 = die(6), die(10)
RANGE_DICE = (4, 6, 8, 10, 12, 16, 20, 24)


def range_die(sides: int) -> Dist:
    """A die with as many sides as the range: a real die, or a d20 re-rolled above it (uniform 1..sides)."""
    return die(sides)


def vehicle_result(total: int) -> str:
    return "killed" if total > 0 else ("immobilized (wheeled)" if total == 0 else "no effect")


def artillery_vehicle_result(total: int) -> str:
    """Artillery: 'Vehicles will be destroyed if the modified die roll is greater than zero. Vehicles are never
    suppressed' (no immobilisation on 0: that is direct fire's and mines')."""
    return "killed" if total > 0 else "no effect"


def infantry_result(total: int) -> str:
    if total > T.INFANTRY_SUPPRESS[1]:
        return "destroyed"
    return "suppressed" if total >= T.INFANTRY_SUPPRESS[0] else "no effect"


def _fold(dist: Dist, result) -> dict:
    out: dict = {}
    for total, p in dist.probabilities().items():
        out[result(total)] = out.get(result(total), Fraction(0)) + p
    return out


def _die_label(sides: int) -> str:
    """How a range is rolled: a real die, a d20 re-rolled above the range, or (over 20) an even 1..range."""
    if sides in T.DICE:
        return f"1D{sides}"
    return f"1D20 re-rolled over {sides}" if sides < 20 else f"even 1-{sides}"


def direct_fire_table(ranges=RANGE_DICE) -> Table:
    needs = list(range(1, max(ranges) + 1))
    return Table(
        id="sol-prime-direct-fire",
        title="Direct fire: chance to hit by the weapon's range die",
        ref=T.REF_TO_HIT,
        row_header="Weapon range (die)",
        col_header="Measured range minus net DRM",
        rows=[f'{n}" ({_die_label(n)})' for n in ranges],
        cols=[str(n) for n in needs],
        cells=[[range_die(n).at_least(need) for need in needs] for n in ranges],
        assumptions=[
            "Roll the range die, add the To Hit DRMs: a hit if it equals or beats the measured range "
            "(never less than 1). Column = measured range minus the net DRM.",
            T.RANGE_DIE_NOTE,
            "0%: the die cannot roll that high, whatever the range.",
        ],
        chart=False,
        group="Direct fire",
    )


def missile_table(techs=T.TECH_LEVELS) -> Table:
    mods = list(range(-6, 4))
    return Table(
        id="sol-prime-missile",
        title="Missile to hit (1D10 >= hit number)",
        ref=T.REF_MISSILES,
        row_header="Technology (hit number)",
        col_header="Net DRM",
        rows=[f"{t.title()} ({T.MISSILE_HIT[t]})" for t in techs],
        cols=[f"{m:+d}" for m in mods],
        cells=[[D10.at_least(T.MISSILE_HIT[t] - m) for m in mods] for t in techs],
        assumptions=[
            "No range or cover modifier (a target in cover counts one size smaller).",
            "DRMs: firer moved -2, smoke -4, evasion -1, V large +2, large +1, small -1, V small -2, "
            "air target -2, AMDS -2.",
            T.TECH_MODIFIER_NOTE,
            "A 0 on the d10 reads 10.",
        ],
        chart=True,
        group="Missiles",
    )


def to_kill_table(slugs=None) -> Table:
    weapons = [(k, w) for k, w in T.WEAPONS.items() if w.vehicle is not None and (slugs is None or k in slugs)]
    armours = list(range(1, 9))
    cells = [[_fold(D6 + (w.vehicle - a), vehicle_result) for a in armours] for _k, w in weapons]
    return Table(
        id="sol-prime-to-kill-vehicle",
        title="To kill a vehicle (1D6 + rating + DRM - armour > 0)",
        ref=T.REF_TO_KILL,
        row_header="Weapon (vehicle rating)",
        col_header="Target armour",
        rows=[f"{w.name} ({w.vehicle})" for _k, w in weapons],
        cols=[str(a) for a in armours],
        cells=cells,
        kind=OUTCOMES,
        outcomes=["killed", "immobilized (wheeled)", "no effect"],
        shown=["killed", "immobilized (wheeled)"],
        colour_by=["killed"],
        assumptions=[
            "No DRM; add them to the rating (very large -1, very small +1, field generator -2, guns "
            "+2 under a third of max range and -1 over two thirds).",
            T.GUNS_NOTE,
            "A result of exactly 0 permanently immobilizes a wheeled vehicle.",
            T.TOW_NOTE,
        ],
        group="Damage",
    )


def infantry_table(ratings=range(6)) -> Table:
    ratings = list(ratings)
    armours = [0, 1, 2, 3]
    return Table(
        id="sol-prime-infantry",
        title="Fire against infantry (1D6 + infantry rating + DRM - armour)",
        ref=T.REF_INFANTRY_KILL,
        row_header="Infantry to-kill rating",
        col_header="Infantry armour",
        rows=[str(r) for r in ratings],
        cols=["0 (infantry)", "1 (mobile)", "2 (powersuit)", "3 (powersuit + assault)"],
        cells=[[_fold(D6 + (r - a), infantry_result) for a in armours] for r in ratings],
        kind=OUTCOMES,
        outcomes=["destroyed", "suppressed", "no effect"],
        shown=["destroyed", "suppressed"],
        colour_by=["destroyed"],
        assumptions=["1 to 4: suppressed; more: destroyed; 0 or less: no effect. Assault armour adds 1."],
        group="Damage",
    )


def artillery_tables(pieces=None) -> list:
    """pieces: (class, tech, mrl) the army fields; every combination when None."""
    rows, vehicle_cells, infantry_cells = [], [], []
    for klass, by_tech in T.ARTILLERY_KILL.items():
        for tech, (vehicle, infantry) in by_tech.items():
            for mrl in (False, True):
                if pieces is not None and (klass, tech, mrl) not in pieces:
                    continue
                bonus = T.MRL_BONUS if mrl else 0
                rows.append(f"{klass.title()} {tech}{' MRL' if mrl else ''} ({vehicle + bonus}/{infantry + bonus})")
                vehicle_cells.append([_fold(D6 + (vehicle + bonus - a), artillery_vehicle_result) for a in range(2, 8)])
                infantry_cells.append([_fold(D6 + (infantry + bonus - a), infantry_result) for a in range(4)])
    notes = [
        "1D6 per piece + the rating - the target's flank armour; cover -1/-2/-3 (woods light, dug-in heavy). MRLs +1."
    ]
    return [
        Table(
            id="sol-prime-artillery-vehicles",
            title="Artillery against a vehicle in the impact zone",
            ref=T.REF_ARTILLERY_DAMAGE,
            row_header="Class, technology (vehicle/infantry rating)",
            col_header="Flank armour",
            rows=rows,
            cols=[str(a) for a in range(2, 8)],
            cells=vehicle_cells,
            kind=OUTCOMES,
            outcomes=["killed", "no effect"],
            shown=["killed"],
            combine_shown=True,
            assumptions=notes + ["Printed: the chance the vehicle is destroyed."],
            group="Artillery",
        ),
        Table(
            id="sol-prime-artillery-infantry",
            title="Artillery against infantry in the impact zone",
            ref=T.REF_ARTILLERY_DAMAGE,
            row_header="Class, technology (vehicle/infantry rating)",
            col_header="Infantry armour",
            rows=rows,
            cols=[str(a) for a in range(4)],
            cells=infantry_cells,
            kind=OUTCOMES,
            outcomes=["destroyed", "suppressed", "no effect"],
            shown=["destroyed", "suppressed"],
            colour_by=["destroyed"],
            assumptions=notes + ["Infantry: 1-4 suppressed, 5 or more destroyed."],
            group="Artillery",
        ),
    ]


def arrival_table(techs=T.TECH_LEVELS) -> Table:
    mods = [0, 2, 4, 6]
    return Table(
        id="sol-prime-artillery-arrival",
        title="Artillery fire begins at once (1D10 >= rating)",
        ref=T.REF_ARTILLERY,
        row_header="Technology (rating)",
        col_header="DRM (+2 visible, +2 command center, +2 psionic)",
        rows=[f"{t.title()} ({T.ARTILLERY_RATING[t]})" for t in techs],
        cols=[f"+{m}" for m in mods],
        cells=[[D10.at_least(T.ARTILLERY_RATING[t] - m) for m in mods] for t in techs],
        assumptions=[T.ARRIVAL_NOTE, "Otherwise it may be called for the next cycle, when it hits automatically."],
        group="Artillery",
    )


CHECKS = {
    "counterbattery": 'Counterbattery (command center +1, towed target +2, range >150" -1)',
    "air support": "Air support (command center +1, poor weather -1)",
}


def checks_table(checks=tuple(CHECKS)) -> Table:
    mods = [-1, 0, 1, 2, 3]
    return Table(
        id="sol-prime-support-checks",
        title="Counterbattery and air support (1D10 + DRM >= 6)",
        ref=T.REF_COUNTERBATTERY,
        row_header="Check",
        col_header="Net DRM",
        rows=[CHECKS[c] for c in checks],
        cols=[f"{m:+d}" for m in mods],
        cells=[[D10.at_least(6 - m) for m in mods] for _c in checks],
        assumptions=[T.TECH_MODIFIER_NOTE],
        group="Artillery",
    )


def close_combat_table() -> Table:
    diffs = list(range(-6, 7))
    cells = []
    for d in diffs:
        win = Fraction(0)
        for a, wa in D6.counts:
            for b, wb in D6.counts:
                if a + d > b:
                    win += Fraction(wa * wb, 36)
        tie = Fraction(sum(1 for a in range(1, 7) for b in range(1, 7) if a + d == b), 36)
        cells.append([win + tie * Fraction(1, 2)])  # a tie is re-rolled with no modifiers: an even chance
    return Table(
        id="sol-prime-close-combat",
        title="Close combat: chance the attacker wins",
        ref=T.REF_CLOSE_COMBAT,
        row_header="Attacker's modifiers minus defender's",
        col_header="Attacker wins",
        rows=[f"{d:+d}" for d in diffs],
        cols=["Chance"],
        cells=cells,
        assumptions=[
            "Each rolls 1D6 + modifiers; the lower is destroyed; a tie is rolled again without "
            "modifiers until one side is higher (an even chance).",
            T.RABBLE_NOTE,
        ],
        group="Close combat",
    )


def morale_table(ratings=tuple(T.MORALE_CHART)) -> Table:
    mods = [-2, -1, 0, 1, 2, 3]
    return Table(
        id="sol-prime-morale",
        title="Morale test: chance to pass (fails on 1D10 <= chart number)",
        ref=T.REF_UNIT_MORALE,
        row_header="Troop rating (chart)",
        col_header="DRM (leader +2, shaken -2, cover +1)",
        rows=[f"{r.title()} ({T.MORALE_CHART[r]})" for r in ratings],
        cols=[f"{m:+d}" for m in mods],
        cells=[[D10.at_least(T.MORALE_CHART[r] - m + 1) for m in mods] for r in ratings],  # passes: x + m > n
        assumptions=["The same test serves units and Platoons. A 0 on the d10 reads 10."],
        group="Morale",
    )


def activation_table() -> Table:
    mods = list(range(-3, 4))
    points = list(range(1, 10))
    cells = []
    for m in mods:
        dist = (D6 + m).probabilities()
        cells.append([sum((p for t, p in dist.items() if t >= k), Fraction(0)) for k in points])
    return Table(
        id="sol-prime-activation",
        title="Activation: at least this many Platoons (1D6 + side's modifiers)",
        ref=T.REF_ACTIVATION,
        row_header="Net modifier",
        col_header="Platoons that may be activated, at least",
        rows=[f"{m:+d}" for m in mods],
        cols=[f"{k}+" for k in points],
        cells=cells,
        assumptions=[
            "Command & control: advanced +1, primitive -1; fewer than 5 Platoons -1, more than 10 "
            "+1; Command Center +1.",
            T.COMMAND_CENTER_NOTE,
            "A total of 0 or less activates no Platoon (the text gives no minimum).",
        ],
        group="Activation",
    )


def mines_table(types=tuple(T.MINEFIELDS)) -> Table:
    rows, cells = [], []
    for field in (T.MINEFIELDS[t] for t in types):
        name, strength = field.name, field.strength
        hit = 1 - D6.at_least(strength + 1)  # x <= strength
        rows.append(f"{name} (strength {strength})")
        row = [hit]
        for armour in (3, 4, 5):
            row.append(hit * D6.at_least(armour - strength + 1))  # x + strength > armour
        row.append(hit * D6.at_least(4 - strength + 1))  # x + strength > 4
        cells.append(row)
    return Table(
        id="sol-prime-mines",
        palette=NEUTRAL,
        title="Minefields: a unit moving in",
        ref=T.REF_MINES,
        row_header="Minefield",
        col_header="Chance",
        rows=rows,
        cols=[
            "Mine hit",
            "Vehicle (flank 3) destroyed",
            "Vehicle (4) destroyed",
            "Vehicle (5) destroyed",
            "Infantry destroyed",
        ],
        cells=cells,
        assumptions=[
            T.MINE_DENSITY_NOTE,
            "Then 1D6 + strength against flank armour; infantry destroyed on more than 4.",
            T.MINE_INFANTRY_NOTE,
            "Hover vehicles and VTOL craft are unaffected.",
        ],
        group="Mines",
    )


def hit_tables(army=None) -> list:
    """Every table; for an army, only the tables and rows its stands, technology and ratings need."""
    if army is None:
        return [
            direct_fire_table(),
            missile_table(),
            to_kill_table(),
            infantry_table(),
            *artillery_tables(),
            arrival_table(),
            checks_table(),
            close_combat_table(),
            morale_table(),
            activation_table(),
            mines_table(),
        ]
    from .army import all_stands, equipped

    stands = [stand for _p, stand, _pl in all_stands(army)]
    carried = [s for stand in stands for s in equipped(army, stand)]
    weapons = {T.WEAPONS[s] for s in carried if s in T.WEAPONS}
    slugs = {s for s in carried if s in T.WEAPONS}
    guns = sorted({w.max_range for w in weapons if not w.missile and w.max_range})
    artillery = [stand for stand in stands if stand.type in T.AMMUNITION_TURNS and stand.artillery_class]
    tech = (army.tech_level,)
    out = [direct_fire_table(guns)] if guns else []
    if any(w.missile for w in weapons):
        out.append(missile_table(tech))
    if any(w.vehicle is not None for w in weapons):
        out.append(to_kill_table(slugs))
    infantry = sorted({w.infantry for w in weapons if w.infantry is not None})
    if infantry:
        out.append(infantry_table(infantry))
    if artillery:
        out += artillery_tables({(s.artillery_class, army.tech_level, s.type == "mrl") for s in artillery})
        out.append(arrival_table(tech))
    checks = [
        c
        for c, wanted in (("counterbattery", artillery), ("air support", any(s.type in T.AIR_TYPES for s in stands)))
        if wanted
    ]
    if checks:
        out.append(checks_table(checks))
    out.append(close_combat_table())
    out.append(morale_table([r for r in T.MORALE_CHART if any(p.morale == r for p in army.platoons)]))
    out.append(activation_table())
    if army.minefields:
        out.append(mines_table([t for t in T.MINEFIELDS if any(m.type == t for m in army.minefields)]))
    return out


# --- Matchup: what one list's stands do to the other's ----------------------------------------------

MATCHUP_RANGES = (2, 6, 12, 18, 24)  # measured range, inches
MATCHUP_COVERS = (("open", 0), ("light cover", -1), ("medium cover", -2))  # TO HIT DRM: cover (hull down: medium)
MATCHUP_COLUMNS = [
    matchup.Column(f'{inches}", {cover}', (inches, modifier))
    for inches in MATCHUP_RANGES
    for cover, modifier in MATCHUP_COVERS
]
SIZES = ("very-small", "small", None, "large", "very-large")  # smallest first; None: no size modifier
TO_HIT_SIZE = {"very-large": 2, "large": 1, None: 0, "small": -1, "very-small": -2}  # TO HIT and MISSILE tables
TO_KILL_SIZE = {"very-large": -1, "very-small": 1}  # to kill: 'very large -1, very small +1'
TARGET_INFANTRY = -3  # TO HIT DRM: Target is Infantry
STATIONARY = 1  # TO HIT DRM: Stationary (never infantry)


def _firers(army) -> list:
    from .army import all_stands, equipped

    out = []
    for _path, stand, _platoon in all_stands(army):
        if stand.type in T.AIR_TYPES:
            continue  # air to ground is its own procedure
        carried: dict = {}
        for slug in equipped(army, stand):
            w = T.WEAPONS.get(slug)
            if w is not None and w.max_range and (w.vehicle is not None or w.infantry is not None):
                carried[slug] = carried.get(slug, 0) + 1
        infantry = stand.type in T.INFANTRY_TYPES
        for slug, n in carried.items():
            many = f" (each of {stand.count})" if stand.count > 1 else ""
            what = f"{n} x {T.WEAPONS[slug].name}{many}" if n > 1 else f"{T.WEAPONS[slug].name}{many}"
            out.append(matchup.Firer(stand.name, what, (slug, n, infantry, army.tech_level)))
    return out


def _targets(army) -> list:
    from .army import all_stands

    out = []
    for _path, stand, _platoon in all_stands(army):
        if stand.type in T.INFANTRY_TYPES:
            armour = T.INFANTRY_ARMOUR[stand.type] + (T.ASSAULT_ARMOUR if stand.assault_armour else 0)
            out.append(
                matchup.Target(stand.name, f"{stand.type.replace('-', ' ')}, armour {armour}", ("infantry", armour))
            )
        elif stand.type not in T.AIR_TYPES and stand.armour and stand.armour.partition("/")[0].isdigit():
            front = int(stand.armour.partition("/")[0])
            size = stand.size
            what = f"{stand.type.replace('-', ' ')}, front armour {front}" + (
                f", {size.replace('-', ' ')}" if size else ""
            )
            out.append(matchup.Target(stand.name, what, ("vehicle", front, size)))
    return out


def _smaller(size):
    return SIZES[max(0, SIZES.index(size) - 1)]


def _hit(w, tech: str, infantry_firer: bool, target, inches: int, cover: int) -> Fraction | None:
    if inches < (w.min_range or 1) or inches > w.max_range:
        return None
    kind, _armour, *rest = target
    size = rest[0] if rest else None
    if w.missile:  # Missile To Hit Table: no range or cover modifier; in cover, one size smaller
        if kind == "vehicle":
            drm = TO_HIT_SIZE[_smaller(size) if cover else size]
        else:
            drm = 0
        return D10.at_least(T.MISSILE_HIT[tech] - drm)
    drm = cover + (0 if infantry_firer else STATIONARY)
    drm += TARGET_INFANTRY if kind == "infantry" else TO_HIT_SIZE[size]
    return range_die(w.max_range).at_least(max(1, inches) - drm)


def _kill(slug: str, target, inches: int) -> Fraction | None:
    w = T.WEAPONS[slug]
    kind, armour, *rest = target
    if kind == "infantry":
        if w.infantry is None:
            return None
        return (D6 + (w.infantry - armour)).at_least(T.INFANTRY_SUPPRESS[1] + 1)
    if w.vehicle is None:
        return None
    drm = TO_KILL_SIZE.get(rest[0], 0)
    if slug in T.GUNS:  # guns only: +2 under a third of max range, -1 over two thirds
        drm += 2 if 3 * inches < w.max_range else (-1 if 3 * inches > 2 * w.max_range else 0)
    return (D6 + (w.vehicle + drm - armour)).at_least(1)


def destroyed(firer, target, column):
    slug, n, infantry_firer, tech = firer
    inches, cover = column
    w = T.WEAPONS[slug]
    hit = _hit(w, tech, infantry_firer, target, inches, cover)
    kill = _kill(slug, target, inches)
    if hit is None or kill is None:
        return None
    one = {1: hit * kill, 0: 1 - hit * kill}
    return matchup.capped(matchup.repeat({k: v for k, v in one.items() if v}, n), 1)


MATCHUP_NOTES = [
    "Direct fire: a die with as many sides as the weapon's range, + TO HIT DRMs, must reach the measured range; "
    "DRMs here: target size (or Target is Infantry -3), cover (light -1, medium -2: hull down with a turret), "
    "and Stationary +1 for a vehicle firer (infantry never). Missiles: 1D10 + size DRM against the army's "
    "technology hit number, no range or cover modifier; a target in cover counts one size smaller.",
    "Then to kill: vehicles 1D6 + rating + DRM - front armour > 0 (very large -1, very small +1; guns only +2 "
    "under a third of their range, -1 over two thirds); infantry 1D6 + infantry rating - armour over 4 (1-4 only "
    "suppresses it, not counted here).",
    "Counted: the target stand destroyed by this stand's weapons of the row, each firing once. '-': out of "
    "the weapon's range, or no rating against that target printed.",
    "Left out: APW and LAW (their ratings are in the missing troop lists), aircraft and air targets, "
    "vehicles whose armour the list does not give.",
    T.GUNS_NOTE,
    T.TOW_NOTE + " So an Inf TOW row is 0% against infantry by that choice, not by the dice.",
]


MATCHUP = matchup.Spec(
    prefix="sol-prime-matchup",
    firers=_firers,
    targets_of=_targets,
    columns=MATCHUP_COLUMNS,
    odds=destroyed,
    ref=T.REF_TO_HIT,
    counting="stands destroyed",
    assumptions=MATCHUP_NOTES,
    col_header="Measured range, target's cover",
    targets={
        **{  # Infantry armour by type (assault armour +1)
            name: matchup.Target(label, f"infantry armour {armour}", ("infantry", armour))
            for name, label, armour in (
                ("infantry-squad", "Infantry squad", T.INFANTRY_ARMOUR["infantry"]),
                ("mobile-infantry", "Mobile infantry", T.INFANTRY_ARMOUR["mobile-infantry"]),
                ("powersuit-infantry", "Powersuit infantry", T.INFANTRY_ARMOUR["powersuit-infantry"]),
                (
                    "powersuit-assault",
                    "Powersuit infantry, assault armour",
                    T.INFANTRY_ARMOUR["powersuit-infantry"] + T.ASSAULT_ARMOUR,
                ),
            )
        },
        **{  # Fire Combat's 'Selected Armor Ratings' (front/flank), no size given
            slug: matchup.Target(
                name, f"front armour {rating.split('/')[0]}", ("vehicle", int(rating.split("/")[0]), None)
            )
            for (name, rating), slug in zip(T.ARMOUR_EXAMPLES, T.ARMOUR_RATINGS)
        },
    },
)
