"""Close Action odds, exact: hits from fire dice, morale, rally, hand-to-hand, blast drift, selecting hits."""

from __future__ import annotations

from fractions import Fraction

from listgen.core import matchup
from listgen.core.dice import dice, die, joint
from listgen.core.odds import COUNTS, NEUTRAL, OUTCOMES, Table

from . import tables as T
from .army import serving

MODS = [2, 1, 0, -1, -2, -3, -4]  # the printed modifiers reach from +2 (upright in the open) to -4
VOLLEYS = [1, 2, 3, 4, 6, 8, 12, 16, 24]


def target_number(rng: str, modifier: int) -> int:
    return (T.CLOSE_HIT if rng == "close" else T.FAR_HIT) - modifier


def binomial(n: int, p: Fraction) -> dict:
    """Exactly k hits from n independent dice each hitting with chance p."""
    from math import comb

    return {k: q for k in range(n + 1) if (q := comb(n, k) * p**k * (1 - p) ** (n - k))}


def _assumptions():
    return [
        T.MODIFIER_NOTE,
        T.SEVEN_PLUS_NOTE,
        "Modifiers: soft cover -1, hard cover -2, target crawling/prone -1, firer green -1, target upright "
        "and not in cover +2.",
    ]


def per_die_table() -> Table:
    return Table(
        id="close-action-hit-per-die",
        title="Chance that one fire die hits",
        ref=T.REF_FIRE_TABLE,
        row_header="Range",
        col_header="Net modifier",
        rows=["Close (5-6)", "Far (6)"],
        cols=[f"{m:+d}" for m in MODS],
        cells=[[T.hit_chance(target_number(r, m)) for m in MODS] for r in ("close", "far")],
        assumptions=_assumptions(),
        chart=True,
        group="Firing",
    )


def volley_tables() -> list:
    """Hits from N fire dice at each range: at least 1, 2 and 3, the mean and the median, by modifier."""
    out = []
    for rng in ("close", "far"):
        rows = [
            f"{n} dice"
            + {1: " (pistol)", 2: " (rifle)", 3: " (SMG)", 4: " (auto-rifle)", 6: " (LMG)", 8: " (HMG)"}.get(n, "")
            for n in VOLLEYS
        ]
        out.append(
            Table(
                id=f"close-action-hits-{rng}",
                title=f"Hits from N fire dice, {rng} range",
                ref=T.REF_FIRE_TABLE,
                row_header="Fire dice",
                col_header="Net modifier",
                rows=rows,
                cols=[f"{m:+d}" for m in MODS],
                cells=[[binomial(n, T.hit_chance(target_number(rng, m))) for m in MODS] for n in VOLLEYS],
                kind=COUNTS,
                assumptions=_assumptions() + ["Each hit removes one target figure (while targets last)."],
                group="Firing",
            )
        )
    return out


def hits_distribution_table() -> Table:
    """A rifle squad's volley (16 dice) at close range, by modifier: how many hits."""
    n, limit = 16, 8
    outcomes = [str(k) for k in range(limit)] + [f"{limit}+"]
    cells = []
    for m in MODS:
        dist = binomial(n, T.hit_chance(target_number("close", m)))
        row = [dist[k] for k in range(limit)] + [sum(v for k, v in dist.items() if k >= limit)]
        cells.append(row)
    return Table(
        id="close-action-volley-16-close",
        palette=NEUTRAL,
        title="Hits from a 16-dice volley at close range (e.g. 8 rifles)",
        ref=T.REF_FIRE_TABLE,
        row_header="Net modifier",
        col_header="Hits",
        rows=[f"{m:+d}" for m in MODS],
        cols=outcomes,
        cells=cells,
        assumptions=_assumptions(),
        group="Firing",
    )


MORALE_MODS = list(range(4, -7, -1))


def morale_tables(grades=T.GRADES) -> list:
    out = []
    for grade in grades:
        cells = []
        for _band in T.MORALE_BANDS:
            roll = dice(2) + T.MORALE_GRADE[grade]
            cells.append([(roll + m).probabilities() for m in MORALE_MODS])
        # fold totals into states
        folded = [[_states(cell, band) for cell in row] for row, band in zip(cells, T.MORALE_BANDS)]
        out.append(
            Table(
                id=f"close-action-morale-{grade}",
                title=f"Morale test, {grade} squad (2D6)",
                ref=T.REF_MORALE,
                row_header="Fire dice this turn",
                col_header="Other modifiers (cover, officer, hits, mortar/HMG, isolated)",
                rows=[b.label for b in T.MORALE_BANDS],
                cols=[f"{m:+d}" for m in MORALE_MODS],
                cells=folded,
                kind=OUTCOMES,
                outcomes=list(T.MORALE_STATES),
                shown=["OK", "cowering", "rout"],
                colour_by=["OK"],
                assumptions=[
                    f"2D6 + grade ({grade}: {T.MORALE_GRADE[grade]:+d}) + the modifiers in the column; rout at "
                    "or below the Rout number, OK at or above the OK number, cowering between.",
                    "Tested when shot at by at least 8 dice; a grenade blast zone counts as 8 dice, a mortar's as 16.",
                ],
                group="Morale",
            )
        )
    return out


def _states(probabilities: dict, band) -> dict:
    out = {s: Fraction(0) for s in T.MORALE_STATES}
    for total, p in probabilities.items():
        out[T.morale_state(total, band)] += p
    return out


def rally_table() -> Table:
    return Table(
        id="close-action-rally",
        title="Officer rallies a cowering or routing unit (1D6)",
        ref=T.REF_MORALE_RULES,
        row_header="Grade",
        col_header="Chance",
        rows=[f"{g.title()} ({n}-6)" if n < 6 else f"{g.title()} (6)" for g, n in T.RALLY.items()],  # "green on a 6"
        cols=["Rallies"],
        cells=[[die(6).at_least(n)] for n in T.RALLY.values()],
        assumptions=['The officer must start within 3" of some part of the unit.'],
        group="Morale",
    )


HAND_MODS = [0, 1, 2, 3, 4]


def hand_outcome(attacker: int, defender: int) -> str:
    if attacker > defender:
        return "defender loses a man"
    return "tie" if attacker == defender else "attacker loses a man"


def hand_table() -> Table:
    cells = [[joint(die(6) + a, die(6) + d, hand_outcome) for d in HAND_MODS] for a in HAND_MODS]
    return Table(
        id="close-action-hand-to-hand",
        title="Hand-to-hand: one group's fight",
        ref=T.REF_HAND,
        row_header="Attackers' modifier",
        col_header="Defenders' modifier",
        rows=[f"{a:+d}" for a in HAND_MODS],
        cols=[f"{d:+d}" for d in HAND_MODS],
        cells=cells,
        kind=OUTCOMES,
        outcomes=["defender loses a man", "tie", "attacker loses a man"],
        shown=["defender loses a man", "attacker loses a man"],
        colour_by=["defender loses a man"],
        assumptions=[
            "Each side rolls 1D6 + modifiers; the low score loses one figure; a tie loses nobody "
            "(men may break off next turn).",
            "Modifiers: soft cover +1 and hard cover +2 (vs all attackers), +1 each extra man in "
            "the group, +1 officer in the group.",
        ],
        group="Hand-to-hand",
    )


def drift_table() -> Table:
    def moved(active, passive):
        return f'{passive}"' if passive > active else "stays"

    result = joint(die(6), die(6), moved)
    cols = ["stays"] + [f'{n}"' for n in range(2, 7)]
    return Table(
        id="close-action-blast-drift",
        palette=NEUTRAL,
        title="Grenade or mortar blast point: the passive player's move",
        ref=T.REF_FIRING,
        row_header="Roll-off",
        col_header="Blast point moved by",
        rows=["Both roll 1D6"],
        cols=cols,
        cells=[[result.get(c, Fraction(0)) for c in cols]],
        assumptions=[
            "If the passive die exceeds the active die the passive player may move the blast point "
            "'that number of inches': read as the passive die's score."
        ],
        group="Firing",
    )


def selection_table() -> Table:
    chooses = die(6).at_least(T.ACTIVE_CHOOSES)
    confirm = die(6).at_least(T.OFFICER_CONFIRM)
    return Table(
        id="close-action-selecting-hits",
        palette=NEUTRAL,
        title="Selecting hits and picking off officers",
        ref=T.REF_FIRING,
        row_header="Event",
        col_header="Chance",
        rows=[
            "Active player chooses the figure hit (5-6)",
            "A chosen officer is killed (then a 6)",
            "A hit kills the officer the firer wants",
        ],
        cols=["Chance"],
        cells=[[chooses], [confirm], [chooses * confirm]],
        assumptions=["Roll one die per hit; on 1-4 the passive player chooses the figure."],
        group="Firing",
    )


def grenade_table() -> Table:
    return Table(
        id="close-action-grenade-throw",
        title="A man throws a grenade (5-6 on 1D6)",
        ref=T.REF_FIRING,
        row_header="Event",
        col_header="Chance",
        rows=["Throws (else fires his normal weapon)"],
        cols=["Chance"],
        cells=[[die(6).at_least(T.GRENADE_THROW)]],
        assumptions=['Blast zone 3" across; range 6". Figures whose heads are in it are targets.'],
        group="Firing",
    )


def hit_tables(army=None) -> list:
    grades = T.GRADES if army is None else [g for g in T.GRADES if any(s.grade == g for s in army.squads)] or T.GRADES
    return (
        [per_die_table()]
        + volley_tables()
        + [hits_distribution_table(), selection_table(), grenade_table(), drift_table()]
        + morale_tables(grades)
        + [rally_table(), hand_table()]
    )


# --- Matchup: what one list's squads do to the other's --------------------------------------------

COVERS = (  # the Fire Table's target modifiers, as a column each (crawling is a further -1: stated)
    ("upright in the open", +2),
    ("crouching in the open", 0),
    ("soft cover", -1),
    ("hard cover", -2),
)
MATCHUP_COLUMNS = [
    matchup.Column(f"{band.title()}, {cover}", (band, modifier))
    for band in ("close", "far")
    for cover, modifier in COVERS
]


def _firers(army) -> list:
    """A row per weapon of a squad (its men's and leader's alike, each support weapon), and per officer."""
    out = []
    for squad in army.squads:
        green = squad.grade == "green"
        carried: dict = {}
        for men in squad.men:
            carried[men.weapon] = carried.get(men.weapon, 0) + men.count
        for own in serving(squad):  # a man serving a support weapon fires it "instead of his own" (CREW_NOTE)
            carried[own] = carried.get(own, 0) - 1
            if not carried[own]:
                del carried[own]
        if squad.leader is not None:
            carried[squad.leader.weapon] = carried.get(squad.leader.weapon, 0) + 1
        for support in squad.support_weapons:
            if support.weapon in T.FIRE_TABLE:  # a mortar's blast zone is not a count of fire dice
                carried[support.weapon] = carried.get(support.weapon, 0) + 1
        for weapon, count in carried.items():
            dice = count * T.FIRE_TABLE[weapon].dice
            what = f"{count} x {T.FIRE_TABLE[weapon].name} ({_dice(dice)}{', green' if green else ''})"
            out.append(matchup.Firer(squad.name, what, (weapon, dice, green)))
    for officer in army.officers:
        weapon = T.FIRE_TABLE[officer.weapon]
        out.append(
            matchup.Firer(officer.name, f"{weapon.name} ({_dice(weapon.dice)})", (officer.weapon, weapon.dice, False))
        )
    return out


def _dice(n: int) -> str:
    return f"{n} die" if n == 1 else f"{n} dice"


def _men(squad) -> int:
    return sum(m.count for m in squad.men) + (squad.leader is not None)


def _targets(army) -> list:
    return [
        matchup.Target(s.name, f"{_men(s)} men, {s.grade or 'steady'}", (_men(s), s.grade or "steady"))
        for s in army.squads
    ]


def casualties(firer, target, column) -> dict:
    """Figures removed: each fire die hits on its own (5-6 close, 6 far, after modifiers); each hit removes one
    figure, while any are left."""
    _weapon, dice, green = firer
    men, _grade = target
    band, cover = column
    p = T.hit_chance(target_number(band, cover - (1 if green else 0)))
    return matchup.capped(binomial(dice, p), men)


HARD_COVER = -2  # the column's modifier for hard cover: the squad is in it ('Half or more in hard cover: +2')


def morale_after(firer, target, column) -> dict:
    """Morale: a squad shot at by 8 dice or more tests on 2D6 + its grade + modifiers (half or more in hard cover +2,
    each hit this turn -1, under HMG fire -2) against the row of the Morale Table for the dice fired."""
    weapon, dice, _green = firer
    men, grade = target
    if dice < T.MORALE_TEST_DICE:
        return {"no test": Fraction(1)}
    band = next(b for b in T.MORALE_BANDS if dice >= b.low and (b.high is None or dice <= b.high))
    modifier = T.MORALE_GRADE[grade] + (2 if column[1] == HARD_COVER else 0) - (2 if weapon == "hmg" else 0)
    out = {state: Fraction(0) for state in T.MORALE_STATES}
    for hits, p in casualties(firer, target, column).items():
        for total, q in (DICE_2D6 + (modifier - hits)).probabilities().items():
            out[T.morale_state(total, band)] += p * q
    return {k: v for k, v in out.items() if v}


DICE_2D6 = dice(2)

MATCHUP = matchup.Spec(
    prefix="close-action-matchup",
    firers=_firers,
    targets_of=_targets,
    columns=MATCHUP_COLUMNS,
    odds=casualties,
    ref=T.REF_FIRE_TABLE,
    counting="figures removed",
    assumptions=[
        "Each fire die hits on 5-6 at close range and on 6 at far range, after modifiers; each hit "
        "removes one target figure (Firing). Close and far are each weapon's own ranges on the Fire Table.",
        "Columns: target upright and not in cover +2, crouching in the open 0, soft cover -1, hard "
        "cover -2. Crawling or prone is a further -1: crawling in the open reads as soft cover, in "
        "soft cover as hard cover. A green firer is -1, counted in its row.",
        T.SEVEN_PLUS_NOTE,
        "Grenades and mortars are left out: what they hit depends on the figures under the blast zone.",
        T.CREW_NOTE + " The fire-dice rating counts the same men.",
    ],
    targets={  # squads by size ("squads of 6-12 men") and grade, and a man on his own
        "full-squad": matchup.Target("A full squad", "12 men, steady", (12, "steady")),
        "squad": matchup.Target("A squad", "10 men, steady", (10, "steady")),
        "veteran-squad": matchup.Target("A veteran squad", "10 men, veteran", (10, "veteran")),
        "green-squad": matchup.Target("A green squad", "10 men, green", (10, "green")),
        "weak-squad": matchup.Target("A weak squad", "6 men, steady", (6, "steady")),
        "lone-man": matchup.Target("A man on his own", "1 man, steady", (1, "steady")),
    },
    then=matchup.After(
        "Their morale after this fire",
        morale_after,
        outcomes=("rout", "cowering", "OK", "no test"),
        shown=("rout", "cowering"),
        assumptions=(
            "Morale Table: a squad shot at by 8 dice or more tests on 2D6 + grade (veteran +2, green -2), half or "
            "more in hard cover +2 (the hard cover columns), -1 for each hit of this fire, -2 under HMG fire; "
            "rout at or below the row's Rout number, OK at or above its OK number, cowering between.",
            "Only this weapon's dice are counted: a squad firing several weapons at once adds their dice (and "
            "hits) into one test. No officer within 3\" (+2). 'no test': fewer than 8 dice.",
        ),
    ),
)
