"""S.M.L.E. hit tables, computed exactly from the dice the rules roll."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from listgen.core import matchup
from listgen.core.dice import Dist, dice, die, joint, parse_rating, rating
from listgen.core.findings import counted
from listgen.core.odds import COUNTS, NEUTRAL, OUTCOMES, Table
from listgen.rulesets import slammer
from listgen.rulesets.slammer import (
    ATTACKER_MORE,
    ATTACKER_TWICE,
    COMPARE_NOTE,
    DEFENDER_MORE,
    DEFENDER_TWICE,
    EQUAL,
    compare,
)

from . import stats
from . import tables as T

TWO_D6 = dice(2, 6)
D6 = die(6)
MODIFIERS = list(range(-6, 9))  # net firer + target modifiers shown
AUTOFIRE_MODIFIERS = list(range(-4, 7))  # the net modifiers the sheet prints: extreme range (-4) to +6, a page wide


def hit_chance(to_hit: int, modifier: int) -> Fraction:
    """2D6 + modifier >= to-hit number; an unmodified 2 always misses (Shooting)."""
    return TWO_D6.prob(lambda t: t != T.SNAKE_EYES and t + modifier >= to_hit)


def autofire_hits(to_hit: int, modifier: int) -> dict:
    """Hits on the target unit: one, plus one per point the modified score beats the to-hit number."""
    out: dict = {}
    for total, ways in TWO_D6.counts:
        score = total + modifier
        hits = 0 if (total == T.SNAKE_EYES or score < to_hit) else 1 + score - to_hit
        out[hits] = out.get(hits, 0) + ways
    return {h: Fraction(w, TWO_D6.ways) for h, w in sorted(out.items()) if w}


def _qualities(army) -> list:
    if army is None:
        return list(T.QUALITIES)
    from .army import all_individuals, all_teams

    used = {team.quality for _p, team, _k in all_teams(army)}
    used |= {leader.quality for _p, leader, _r in all_individuals(army)}
    return [q for q in T.QUALITIES if q in used]


def to_hit_table(qualities) -> Table:
    return Table(
        id="smle-to-hit",
        title="Chance to hit with one attack roll",
        ref=T.REF_SHOOTING,
        row_header="Firer (to-hit number)",
        col_header="Net firer + target modifier",
        rows=[f"{q.title()} ({T.TO_HIT[q]}+)" for q in qualities],
        cols=[f"{m:+d}" for m in MODIFIERS],
        cells=[[hit_chance(T.TO_HIT[q], m) for m in MODIFIERS] for q in qualities],
        assumptions=[
            "2D6 + modifiers must equal or exceed the firer's to-hit number.",
            "An unmodified 2 (snake eyes) always misses, whatever the modifiers.",
            "Sum every Table 3 modifier (firer, target, close or extreme range) into one net modifier.",
        ],
        chart=True,
        group="Shooting",
    )


def autofire_expected_table(qualities) -> Table:
    return Table(
        id="smle-autofire-expected",
        title="Autofire: hits per attack roll",
        ref=T.REF_SHOOTING,
        row_header="Firer (to-hit number)",
        col_header="Net modifier",
        rows=[f"{q.title()} ({T.TO_HIT[q]}+)" for q in qualities],
        cols=[f"{m:+d}" for m in AUTOFIRE_MODIFIERS],
        cells=[[autofire_hits(T.TO_HIT[q], m) for m in AUTOFIRE_MODIFIERS] for q in qualities],
        kind=COUNTS,
        assumptions=[
            "Autofire weapons (type A): one extra hit for each point the modified score exceeds the to-hit number.",
            "Snake eyes always miss.",
        ],
        group="Shooting",
    )


def autofire_distribution_table(quality: str) -> Table:
    mods = list(range(-2, 7))
    limit = 6
    outcomes = [str(h) for h in range(limit)] + [f"{limit}+"]
    cells = []
    for m in mods:
        dist = autofire_hits(T.TO_HIT[quality], m)
        cell = {o: Fraction(0) for o in outcomes}
        for h, p in dist.items():
            cell[str(h) if h < limit else f"{limit}+"] += p
        cells.append([cell[o] for o in outcomes])
    return Table(
        id=f"smle-autofire-{quality}",
        palette=NEUTRAL,
        title=f"Autofire hits, {quality} firer ({T.TO_HIT[quality]}+)",
        ref=T.REF_SHOOTING,
        row_header="Net modifier",
        col_header="Hits on the target unit",
        rows=[f"{m:+d}" for m in mods],
        cols=outcomes,
        cells=cells,
        assumptions=["Chance of exactly that many hits from one autofire attack roll."],
        group="Shooting",
    )


def damage_outcome(firer: int, defender: int) -> str:
    """Effect of Fire Hits: twice or more killed; more serious; equal light; less no effect."""
    result = compare(firer, defender)
    return {ATTACKER_TWICE: "killed", ATTACKER_MORE: "serious wound", EQUAL: "light wound"}.get(result, "no effect")


def vehicle_damage_outcome(attack: int, armour: int) -> str:
    """Vehicle Combat: the same bands, with a vehicle kill for 'double the armour or more'."""
    result = damage_outcome(attack, armour)
    return "vehicle kill" if result == "killed" else result


DEFENDERS = (
    ("untrained", None, "Untrained -1"),
    ("trained", None, "Green/Trained 0"),
    ("veteran", None, "Veteran +1"),
    ("veteran", "elite", "Veteran Elite +2"),
)


def _damage_weapons(army) -> list:
    rows = [w for w in T.WEAPONS.values() if w.rating or w.slug == "grenade-launcher"]
    if army is not None:
        from .army import all_individuals, all_teams

        used = {w.slug for _p, team, _k in all_teams(army) for w in stats.team_weapons(team)}
        used |= {leader.weapon for _p, leader, _r in all_individuals(army)}
        if any(team.grenades for _p, team, _k in all_teams(army)):
            used.add("hand-grenade")
        if any(team.rpg for _p, team, _k in all_teams(army)):
            used.add("bazooka")
        extra = [w for w in (stats.weapon(slug) for slug in sorted(used) if slug not in T.WEAPONS) if w is not None]
        rows = [w for w in rows if w.slug in used] + extra
    return rows


def _rating(weapon) -> str:
    return weapon.rating or T.WEAPONS["hand-grenade"].rating  # grenade launcher: as a grenade


def damage_table(army) -> Table:
    armours = ["none", "light", "body"]
    if army is not None:
        from .army import all_teams

        used = {team.armour for _p, team, _k in all_teams(army)}
        armours = [a for a in armours if a in used] or armours
    weapons = _damage_weapons(army)
    cols, cells = [], []
    for a in armours:
        for _q, _m, label in DEFENDERS:
            cols.append(f"{T.ARMOUR[a].short}, {label}")
    for w in weapons:
        firer = rating(_rating(w))
        row = []
        for a in armours:
            armour = T.ARMOUR[a]
            armour_mod = armour.vs_b if w.damage_class == "B" else armour.vs_ex
            for q, m, _label in DEFENDERS:
                defender = D6 + (armour_mod + stats.defender_modifier(q, m))
                row.append(joint(firer, defender, damage_outcome))
        cells.append(row)
    return Table(
        id="smle-damage",
        title="Damage: effect of one hit on a figure",
        ref=T.REF_DAMAGE,
        row_header="Weapon (rating, type)",
        col_header="Target armour, defender modifier",
        rows=[f"{w.name} ({_rating(w)} {w.type})" for w in weapons],
        cols=cols,
        cells=cells,
        kind=OUTCOMES,
        outcomes=list(T.DAMAGE_OUTCOMES),
        shown=["killed", "serious wound", "light wound"],
        assumptions=[
            "Firer rolls the weapon's rating; defender rolls 1D6 + Table 4 armour (vs B, or vs "
            "E/X for energy and explosive weapons) + defender modifiers.",
            T.DEFENDER_NOTE,
            "Twice or more: killed. More: seriously wounded. Equal: light wound. Less: no effect.",
            COMPARE_NOTE,
            T.GRENADE_LAUNCHER_NOTE,
            "Explosives: the full rating at the point of impact only; burst effects are 1D B attacks.",
        ],
        group="Damage",
    )


def vehicle_damage_table(army) -> Table:
    attack_ratings = ["1D-1", "1D", "1D+1", "1D+2", "2D-2", "2D", "2D+2", "3D", "3D+3", "4D", "4D+4"]
    classes = list(T.VEHICLE_ARMOUR)
    if army is not None:
        used = {_rating(w) for w in _damage_weapons(army)}
        attack_ratings = [r for r in attack_ratings if r in used] or attack_ratings
    cells = [
        [joint(rating(r), rating(T.VEHICLE_ARMOUR[c][0]), vehicle_damage_outcome) for c in classes]
        for r in attack_ratings
    ]
    return Table(
        id="smle-vehicle-damage",
        title="Vehicle damage by attack against armour class",
        ref=T.REF_VEHICLE_COMBAT,
        row_header="Attack rating",
        col_header="Vehicle armour",
        rows=attack_ratings,
        cols=[f"{c.replace('-', ' ').title()} {T.VEHICLE_ARMOUR[c][0]}" for c in classes],
        cells=cells,
        kind=OUTCOMES,
        outcomes=[o for o, _ in T.VEHICLE_DAMAGE_OUTCOMES],
        shown=["vehicle kill", "serious wound", "light wound"],
        assumptions=[
            "Attack dice against the armour's dice: double or more is a vehicle kill, more is a "
            "serious wound (VSW), equal a light wound (VLW), less no effect.",
            "Side and rear armour is one class less; top armour is Bulletproof.",
            COMPARE_NOTE,
            T.BAZOOKA_3D_NOTE,
        ],
        group="Damage",
    )


CA_MODS = list(range(-3, 7))
CA_ORDER = ("defender breaks", "defender killed", "attacker forced back", "attacker killed", "attacker falls back")


def close_assault_outcome(attacker: int, defender: int) -> str:
    return dict(zip((ATTACKER_TWICE, ATTACKER_MORE, EQUAL, DEFENDER_MORE, DEFENDER_TWICE), CA_ORDER))[
        compare(attacker, defender)
    ]


def close_assault_table() -> Table:
    cells = [[joint(D6 + a, D6 + d, close_assault_outcome) for d in CA_MODS] for a in CA_MODS]
    return Table(
        id="smle-close-assault",
        title="Close assault: one attacker against one defender",
        ref=T.REF_CLOSE_ASSAULT,
        row_header="Attacker's modifiers",
        col_header="Defender's modifiers",
        rows=[f"{a:+d}" for a in CA_MODS],
        cols=[f"{d:+d}" for d in CA_MODS],
        cells=cells,
        kind=OUTCOMES,
        outcomes=list(CA_ORDER),
        shown=["defender breaks", "defender killed"],
        combine_shown=True,
        assumptions=[
            "Each rolls 1D6 + weapon close combat factor + Table 5 modifiers.",
            "Printed: the chance the attacker wins (defender breaks or is killed/captured); "
            "the JSON and CSV give all five outcomes.",
            "Attacker twice or more: defender breaks. More: defender killed or captured. Equal: "
            "attacker forced back. Defender more: attacker killed. Defender twice or more: "
            "attacker falls back.",
            COMPARE_NOTE,
        ],
        group="Close assault",
    )


def _activation_rows(army):
    used = None
    if army is not None:
        from .army import all_individuals, all_teams

        used = {(t.quality, t.motivation) for _p, t, _k in all_teams(army)}
        used |= {(leader.quality, leader.motivation) for _p, leader, _r in all_individuals(army)}
    return slammer.combos(_qualities(army), used)


SITUATIONS = (
    (+4, "Fresh, not under fire, leader with group (+4)"),
    (+2, "Not under fire, leader with group (+2)"),
    (0, "Under direct fire, leader with group (0)"),
    (-3, "Under direct auto fire with a casualty, leader with group (-3)"),
)


def activation_table(army, situation: int, label: str) -> Table:
    table_id = f"smle-activation-{'m' if situation < 0 else 'p'}{abs(situation)}"  # p4, m3
    return slammer.activation_table(
        T.ACTIVATION_ROLL, _activation_rows(army), situation, label, table_id, T.REF_ACTIVATION
    )


def doors_table() -> Table:
    return slammer.doors_table(
        T.DOOR_ROWS, T.DOOR_TARGET, "smle-doors", T.REF_DOORS, ["Only during an Advance or Close Assault move."]
    )


def hit_tables(army=None) -> list:
    qualities = _qualities(army)
    out = [to_hit_table(qualities), autofire_expected_table(qualities)]
    out += [autofire_distribution_table(q) for q in qualities]
    out += [damage_table(army), vehicle_damage_table(army), close_assault_table()]
    out += [activation_table(army, s, label) for s, label in SITUATIONS]
    out.append(doors_table())
    return out


# --- Matchup: what one list's teams do to the other's -----------------------------------------------

BANDS = ("close", "effective", "extreme")
MATCHUP_COVERS = (("in the open", 0), ("soft cover", -2), ("hard cover", -3))  # Table 3 target modifiers
MATCHUP_COLUMNS = [
    matchup.Column(f"{band.title()}, {cover}", (band, modifier)) for band in BANDS for cover, modifier in MATCHUP_COVERS
]
DIRECT_FIRE = 2  # Table 3 firer modifier: Direct Fire +2
BRACED = 1  # Table 3: Braced Weapons +1 (heavy weapons must be braced to fire)
OUT_OF_ACTION = (ATTACKER_TWICE, ATTACKER_MORE)  # killed, or seriously wounded: may not shoot or attack


def _fires(w) -> bool:
    return w is not None and stats.aims(w)


# Hollywood Extras, Heroes: "Minor Hero (+1) ... Hero (+2) ... Major Hero (+3)", "the dice modifier a hero may add to
# all their dice throws ... added to the total score not to each dice"
HERO_BONUS = {"minor": 1, "hero": 2, "major": 3}


def firer_profile(quality: str, motivation, w, mounted: bool = False, hero=None) -> tuple:
    """(to-hit number, firer modifier, weapon, mounted, hero bonus). One reading of Braced Weapons, the roster's: a
    starred weapon ('*These weapons must be braced in order to fire': the anti-tank rifle, HMG, GPMG and mortars)
    carried by a figure on foot is braced to fire, so it always has the +1; a vehicle's weapon is never braced
    (VEHICLE_BRACING_NOTE: it fires as the vehicle moves), nor a hero's ('Heavy weapons do not ... require bracing');
    any other weapon fires unbraced on the sheet ('a firer can gain the braced bonus for any weapon': a rifleman who
    spent a round bracing adds +1), said in the sheet's notes. A hero adds his grade to his attack roll and to his
    weapon's damage roll, both his throws."""
    elite = 1 if motivation == "elite" else 0
    bonus = HERO_BONUS.get(hero or "", 0)
    braced = BRACED if w.braced and not mounted and not bonus else 0
    return (T.TO_HIT[quality], elite + braced + bonus, w.slug, mounted, bonus)


def _team_firers(team, leader=None) -> list:
    """A team's rows: a row per weapon (its heroes' each apart), its vehicle's weapons, and the section leader the
    roster counts in its size (leader), who fires with it at his own quality."""
    out = []
    carried: dict = {}
    for fig in team.figures:
        w = stats.weapon(fig.weapon)
        if w is not None and _fires(w):
            carried[w, fig.hero] = carried.get((w, fig.hero), 0) + fig.count
    for (w, hero), count in carried.items():
        grade = f", {hero} hero +{HERO_BONUS[hero]}" if hero else ""
        what = f"{count} x {w.name} ({team.quality}{', elite' if team.motivation == 'elite' else ''}{grade})"
        out.append(matchup.Firer(team.name, what, (count, firer_profile(team.quality, team.motivation, w, hero=hero))))
    if leader is not None:
        out += _person_firers(leader, team.name, f"{leader.name}, counted in the team: ")
    if team.vehicle is not None:
        for slug in stats.vehicle_weapons(team.vehicle):
            w = stats.weapon(slug)
            if w is not None and _fires(w):
                what = f"{w.name} on {team.vehicle.name} ({team.quality} crew)"
                out.append(matchup.Firer(team.name, what, (1, firer_profile(team.quality, team.motivation, w, True))))
    return out


def _person_firers(person, unit: str, said: str = "") -> list:
    """A leader or hero, one figure: his own weapon at his own quality (and hero grade)."""
    w = stats.weapon(person.weapon)
    if w is None or not _fires(w):
        return []
    elite = ", elite" if person.motivation == "elite" else ""
    grade = f", {person.hero} hero +{HERO_BONUS[person.hero]}" if person.hero else ""
    what = f"{said}1 x {w.name} ({person.quality}{elite}{grade})"
    return [matchup.Firer(unit, what, (1, firer_profile(person.quality, person.motivation, w, hero=person.hero)))]


def _with_team(army) -> dict:
    """team path -> the leader counted in its size: a section leader where the roster counts him in one
    (stats.leaders_teams), an independent team's own leader ('may include their own Leader element')."""
    from .army import all_teams

    led = stats.leaders_teams(army)
    led.update({path: team.leader for path, team, _k in all_teams(army) if team.leader is not None})
    return led


def _alone(army) -> list:
    """(role, leader or hero) for every individual figure counted in no team: a figure of his own."""
    from .army import all_individuals

    placed = {id(leader) for leader in _with_team(army).values()}
    return [(role, person) for _p, person, role in all_individuals(army) if id(person) not in placed]


def _firers(army) -> list:
    from .army import all_teams

    led = _with_team(army)
    out = [f for path, team, _k in all_teams(army) for f in _team_firers(team, led.get(path))]
    for role, person in _alone(army):
        out += _person_firers(person, f"{person.name} ({role})")
    return out


def _targets(army) -> list:
    """Every team (a section leader the roster counts in its size adds a figure, read at the team's quality and
    armour), then every leader or hero the roster prints alone: one figure, his own quality, motivation, armour."""
    from .army import all_teams

    out = []
    led = _with_team(army)
    for path, team, _k in all_teams(army):
        if team.vehicle is not None and stats.vehicle_armour(team.vehicle) in T.VEHICLE_ARMOUR:
            armour, size = stats.vehicle_armour(team.vehicle) or "", stats.vehicle_size(team.vehicle)
            sized = size.replace("-", " ") if size else "size not given"
            what = f"{team.vehicle.name} ({T.VEHICLE_ARMOUR[armour][0]} armour, {sized})"
            out.append(matchup.Target(team.name, what, ("vehicle", armour, size)))
            continue
        figures = sum(f.count for f in team.figures) + (path in led)
        elite = f", {team.motivation}" if team.motivation in T.DEFENDER_MOTIVATION else ""
        leader = f" with {led[path].name}" if path in led else ""
        what = (
            f"{counted(figures, 'figure')}{leader}, {team.quality}{elite}, {T.ARMOUR[team.armour].short.lower()} armour"
        )
        out.append(matchup.Target(team.name, what, ("team", figures, team.quality, team.motivation, team.armour)))
    for role, person in _alone(army):
        elite = f", {person.motivation}" if person.motivation in T.DEFENDER_MOTIVATION else ""
        bonus = HERO_BONUS.get(person.hero or "", 0)
        grade = f", {person.hero} hero +{bonus}" if bonus else ""
        what = f"1 figure ({role}), {person.quality}{elite}{grade}, {T.ARMOUR[person.armour].short.lower()} armour"
        profile = ("team", 1, person.quality, person.motivation, person.armour) + ((bonus,) if bonus else ())
        out.append(matchup.Target(person.name, what, profile))
    return out


def attack_hits(to_hit: int, modifier: int, autofire: bool) -> dict:
    """Hits from one attack roll: 2D6 + modifier against the to-hit number, snake eyes a miss; autofire adds
    a hit for each point over."""
    if autofire:
        return autofire_hits(to_hit, modifier)
    p = hit_chance(to_hit, modifier)
    return {0: 1 - p, 1: p}


def _band_modifier(w, band: str):
    """Table 3's range modifier for a weapon at a band; None where it cannot fire there."""
    if band == "close":
        if w.min_range and w.min_range > T.CLOSE_RANGE_INCHES:
            return None
        return w.close or 0  # N/A: no close factor
    return T.EXTREME_RANGE if band == "extreme" else 0


def _wound_chance(w, target, hero: int = 0) -> Fraction:
    """One hit on a figure: the weapon's rating (+ a firing hero's grade) against 1D6 + Table 4 armour + defender
    modifiers (+ a lone hero's grade, the profile's sixth place); killed or seriously wounded takes the figure out of
    the fight."""
    _kind, _figures, quality, motivation, armour, *grade = target
    a = T.ARMOUR[armour]
    armour_mod = a.vs_b if w.damage_class == "B" else a.vs_ex
    defender = D6 + (armour_mod + stats.defender_modifier(quality, motivation) + sum(grade))
    attack = rating(_rating(w)) + hero
    return sum((p for outcome, p in joint(attack, defender, compare).items() if outcome in OUT_OF_ACTION), Fraction(0))


def _vehicle_kill(w, armour: str, hits: dict, hero: int = 0) -> dict:
    """Vehicle Combat: each hit's attack against the armour's dice; double or more is a kill; a serious wound
    (beats it) 'reduce[s] tank armour by one Die against subsequent attacks', so the armour a hit meets
    depends on the hits before it."""
    attack = rating(_rating(w)) + hero
    out = {0: Fraction(0), 1: Fraction(0)}
    for n, p in hits.items():
        killed = _killed_within(attack, T.VEHICLE_ARMOUR[armour][0], n)
        out[1] += p * killed
        out[0] += p * (1 - killed)
    return {k: v for k, v in out.items() if v}


@cache
def _killed_within(attack: Dist, armour: str, hits: int) -> Fraction:
    if hits == 0:
        return Fraction(0)
    results = joint(attack, rating(armour), compare)
    kill = results.get(ATTACKER_TWICE, Fraction(0))
    wound = results.get(ATTACKER_MORE, Fraction(0))
    n, _sides, add = parse_rating(armour)
    weaker = f"{n - 1}D" if add == 0 and n >= 2 else armour  # a tank's nD loses a die; softskins do not
    rest = _killed_within(attack, armour, hits - 1)
    return kill + wound * _killed_within(attack, weaker, hits - 1) + (1 - kill - wound) * rest


def casualties(firer, target, column):
    count, (to_hit, firer_mod, slug, _mounted, hero) = firer
    band, cover = column
    w = stats.weapon(slug)
    band_mod = _band_modifier(w, band) if w is not None else None
    if w is None or band_mod is None:
        return None
    autofire = "A" in w.type or (slug == "assault-rifle" and band == "close")  # "Classed as BA at close range"
    if target[0] == "vehicle":
        _k, armour, size = target
        if size is None:
            return None  # the size modifier is the player's to give
        modifier = DIRECT_FIRE + firer_mod + band_mod + T.VEHICLE_SIZES[size][0] + cover
        return _vehicle_kill(w, armour, matchup.repeat(attack_hits(to_hit, modifier, autofire), count), hero)
    _kind, figures, quality, _motivation, armour, *_grade = target
    if T.ARMOUR[armour].vs_b is None:
        return None  # power armour: no Table 4 row
    modifier = DIRECT_FIRE + firer_mod + band_mod + T.TARGET_QUALITY[quality] + cover
    per_figure = matchup.thin(attack_hits(to_hit, modifier, autofire), _wound_chance(w, target, hero))
    return matchup.capped(matchup.repeat(per_figure, count), figures)


# the notes on shooting itself, which ...In the Noonday Sun borrows with it (its own say what its lists hold)
SHOOTING_NOTES = [
    "Direct Fire: one attack roll a figure, 2D6 + Direct Fire +2 + Table 3 modifiers against the firer's to-hit "
    "number; snake eyes always miss; autofire weapons score a hit more for each point over (the assault "
    "rifle at close range too). The firer is stationary and under fire (not under fire: +2 more); elite +1 "
    "and a starred weapon's bracing +1 are in its row.",
    "Braced Weapons +1 (Table 3): a starred weapon ('*These weapons must be braced in order to fire': anti-tank "
    "rifle, HMG, GPMG, mortars) carried on foot is braced, so its rows have it, as the roster's '*' says; a vehicle's "
    "weapons are never braced (they fire as the vehicle moves), nor a hero's; every other weapon fires unbraced "
    "here: a figure who spent a round stationary bracing it ('a firer can gain the braced bonus for any weapon') "
    "adds +1.",
    "Bands: close is 4\" or less (the weapon's Close factor; N/A read as none); effective is within the "
    "weapon's effective range; extreme up to twice it (-4). Target modifiers: its quality (untrained +2, "
    "green +1, veteran -1) and cover (soft -2, hard -3); a vehicle adds its size instead.",
    "Each hit: the weapon's rating against 1D6 + Table 4 armour + defender modifiers; twice or more kills, "
    "more seriously wounds: both take the figure out of the fight, counted here. Hits fall on different "
    "figures while any is left. Explosives count their full rating at the point of impact only; the burst "
    "on other figures depends on where they stand and is left out.",
    COMPARE_NOTE,
]
MATCHUP_NOTES = [
    *SHOOTING_NOTES[:2],
    "Leaders and heroes, as the roster places them: a section leader it counts in the size of the team he leads, "
    "and an independent team's own leader, fires with that team (his own weapon and quality) and is one of its "
    "figures as a target (read at the team's quality and armour); every other leader and hero is one figure of his "
    "own, firing and fired at alone. A hero adds his grade (+1/+2/+3) to his attack roll, his weapon's damage roll "
    "and, alone, his defence roll (Hollywood Extras: 'all their dice throws'); a hero in a team is one of its "
    "figures as a target, without it.",
    *SHOOTING_NOTES[2:4],
    "A vehicle counts as knocked out by a vehicle kill (double its armour or more); a serious wound takes a "
    "tank's armour down a die for the hits after it.",
    "Left out: mortars, tank guns and missiles, which the table gives no effective range; hand grenades; "
    "power armour, which Table 4 gives no row, and a vehicle whose size the list does not give ('-').",
    *SHOOTING_NOTES[4:],
]


MATCHUP = matchup.Spec(
    prefix="smle-matchup",
    firers=_firers,
    targets_of=_targets,
    columns=MATCHUP_COLUMNS,
    odds=casualties,
    ref=T.REF_SHOOTING,
    counting="figures out of action (or vehicles knocked out)",
    assumptions=MATCHUP_NOTES,
    targets={  # teams of the sizes Teams gives each quality, in the text's armours; the example vehicles' classes
        "rifle-team": matchup.Target(
            "Rifle team", "4 figures, trained, light infantry armour", ("team", 4, "trained", None, "light")
        ),
        "green-team": matchup.Target(
            "Green team", "6 figures, green, light infantry armour", ("team", 6, "green", None, "light")
        ),
        "veteran-team": matchup.Target(
            "Veteran team", "3 figures, veteran, light infantry armour", ("team", 3, "veteran", None, "light")
        ),
        "body-armoured-veterans": matchup.Target(
            "Body-armoured veterans", "3 figures, veteran, body armour", ("team", 3, "veteran", None, "body")
        ),
        "elite-veterans": matchup.Target(
            "Elite veterans",
            "3 figures, veteran, elite, light infantry armour",
            ("team", 3, "veteran", "elite", "light"),
        ),
        "civilians": matchup.Target(
            "Civilians", "6 figures, untrained, no armour", ("team", 6, "untrained", None, "none")
        ),
        "scout-car": matchup.Target(
            "Scout car", "1D+2 armour ('Bulletproof'), small", ("vehicle", "bulletproof", "small")
        ),
        "half-track": matchup.Target(
            "Half-track", "1D+2 armour ('Bulletproof'), medium", ("vehicle", "bulletproof", "medium")
        ),
        "light-tank": matchup.Target("Light tank", "2D armour, medium", ("vehicle", "light-tank", "medium")),
        # Vehicle Armour 'Heavy Tank 4D: Main Battle Tanks'; Vehicle Size 'Large: MBT'
        "main-battle-tank": matchup.Target("Main battle tank", "4D armour, large", ("vehicle", "heavy-tank", "large")),
    },
)
