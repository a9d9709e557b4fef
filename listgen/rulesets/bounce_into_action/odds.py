"""Bounce into Action odds: hits on 1d10 with multiples, by weapon and band; morale on 2d6; lock-on."""

from __future__ import annotations

from fractions import Fraction

from listgen.core import matchup
from listgen.core.dice import dice
from listgen.core.odds import COUNTS, OUTCOMES, Table

from . import stats
from . import tables as T

HIT_NUMBERS = (2, 4, 6, 8, 9)  # every hit number the Weapon Range Bands use
MODS = list(range(-6, 5))


def _notes():
    return [
        T.D10_NOTE,
        T.MULTIPLE_NOTE,
        "All modifications are applied to the dice roll rather than the number required.",
    ]


def hit_tables(army=None) -> list:
    out = [
        Table(
            id="bia-hit-chance",
            title="Chance of at least one hit on 1d10",
            ref=T.REF_RANGE_BANDS,
            row_header="Hit number",
            col_header="Net modifier",
            rows=[f"{n}+" for n in HIT_NUMBERS],
            cols=[f"{m:+d}" for m in MODS],
            cells=[[stats.at_least_one(n, m) for m in MODS] for n in HIT_NUMBERS],
            assumptions=_notes(),
            chart=True,
            group="Firing",
        ),
        Table(
            id="bia-expected-hits",
            title="Hits per stand firing (multiples of the hit number)",
            ref=T.REF_RANGE_BANDS,
            row_header="Hit number",
            col_header="Net modifier",
            rows=[f"{n}+" for n in HIT_NUMBERS],
            cols=[f"{m:+d}" for m in MODS],
            cells=[[_hits(n, m) for m in MODS] for n in HIT_NUMBERS],
            kind=COUNTS,
            assumptions=_notes(),
            group="Firing",
        ),
    ]
    weapons = list(T.WEAPONS)
    if army is not None:
        used = (
            {s.weapon for s in army.stands}
            | {w for v in army.vehicles for w in v.weapons}
            | {w for a in army.aircraft for w in a.weapons}
        )
        weapons = [w for w in weapons if w in used] or weapons
    cells = [[None if band is None else _hits(band.hit, 0) for band in T.WEAPONS[w].bands] for w in weapons]
    out.append(
        Table(
            id="bia-weapons",
            title="Hits by weapon and range band (net modifier 0)",
            ref=T.REF_RANGE_BANDS,
            row_header="Weapon (hit numbers by band)",
            col_header="Range (cm)",
            rows=[
                f"{T.WEAPONS[w].name} ({'/'.join('-' if b is None else str(b.hit) for b in T.WEAPONS[w].bands)})"
                for w in weapons
            ],
            cols=[f"{cm}cm" for cm in T.RANGE_BANDS],
            cells=cells,
            kind=COUNTS,
            assumptions=_notes()
            + [T.PENETRATION_NOTE, "'-': the weapon cannot fire at that range."]
            + (
                ["Light Small Arms fired by civilian weapons: " + T.CIVILIAN_TARGETS_NOTE]
                if "light-small-arms" in weapons
                else []
            ),
            group="Firing",
        )
    )
    morale_mods = list(range(-3, 4))
    results = [r for _lo, _hi, r in T.INDIVIDUAL_MORALE]
    morale_cells: list[list[dict]] = []
    for number in range(T.MORALE_RANGE[0], T.MORALE_RANGE[1] + 1):
        row = []
        for m in morale_mods:
            cell = {r: Fraction(0) for r in results}
            for total, p in (dice(2, 6) + m).probabilities().items():
                cell[morale_result(number - total)] += p
            row.append(cell)
        morale_cells.append(row)
    out.append(
        Table(
            id="bia-morale-individual",
            title="Individual stand morale (2d6 + modifiers)",
            ref=T.REF_MORALE,
            row_header="Morale number",
            col_header="Net modifier",
            rows=[str(n) for n in range(T.MORALE_RANGE[0], T.MORALE_RANGE[1] + 1)],
            cols=[f"{m:+d}" for m in morale_mods],
            cells=morale_cells,
            kind=OUTCOMES,
            outcomes=results,
            shown=["carry on", "move no closer", "retire to cover"],
            colour_by=["carry on"],
            assumptions=[
                "Score the morale number or more to carry on; 1-3 short: move no closer; 4-6 "
                "short: retire in good order; 7 or more short: surrender or flee."
            ],
            group="Morale",
        )
    )
    group_rows = list(range(T.MORALE_RANGE[0], T.MORALE_RANGE[1] + 1))
    out.append(
        Table(
            id="bia-morale-group",
            title="Group morale test: chance to carry on (2d6)",
            ref=T.REF_MORALE,
            row_header="Morale number",
            col_header="Casualties",
            rows=[str(n) for n in group_rows],
            cols=[label for label, _m in T.GROUP_MORALE],
            cells=[[dice(2, 6).at_least(n - m) for _l, m in T.GROUP_MORALE] for n in group_rows],
            assumptions=[
                "Score the unit morale number or more on 2d6 (at -4 for 50% casualties, -8 for "
                "75%); a failed group withdraws in good order."
            ],
            group="Morale",
        )
    )
    systems = list(T.AD_SYSTEMS)
    lock_cells = []
    for system in systems:
        ad = T.AD_SYSTEMS[system]
        lock_cells.append(
            [
                None if (ad.lock is None or number is None) else stats.at_least_one(number, ad.lock)
                for number in T.LOCK_ON[ad.line]
            ]
        )
    out.append(
        Table(
            id="bia-lock-on",
            title="Air defence lock-on (1d10, no other modifiers)",
            ref=T.REF_LOCK_ON,
            row_header="AD system (chart line, lock modifier)",
            col_header="Target aircraft",
            rows=[
                f"{T.AD_SYSTEMS[s].name} ({T.AD_SYSTEMS[s].line}, {_lock_text(T.AD_SYSTEMS[s].lock)})" for s in systems
            ],
            cols=["Landing", "Very slow", "Slow", "Fast"],
            cells=lock_cells,
            assumptions=[
                T.D10_NOTE,
                "Roll the hit number or more to lock on; normal firing modifiers "
                "also apply (e.g. chaff/flares -1). '-': no lock possible.",
            ],
            group="Air defence",
        )
    )
    return out


def _lock_text(lock):
    return "no lock" if lock is None else f"{lock:+d}" if lock else "+0"


def morale_result(shortfall: int) -> str:
    for low, high, result in T.INDIVIDUAL_MORALE:
        if (low is None or shortfall >= low) and (high is None or shortfall <= high):
            return result
    raise ValueError(shortfall)  # pragma: no cover


# --- Matchup: what one list's stands do to the other's ----------------------------------------------

MATCHUP_COVERS = (("open", 0), ("cover", -1), ("hull-down", -2))  # Firing Modifiers: in cover, hull-down/bunker
MATCHUP_COLUMNS = [
    matchup.Column(f"{cm}cm, {cover}", (band, modifier))
    for band, cm in enumerate(T.RANGE_BANDS)
    for cover, modifier in MATCHUP_COVERS
]
TARGET_EXPERIENCE = {"seasoned": -1, "veteran": -1}  # Target Situation: Seasoned/Veterans/SF -1
TARGET_TRAINING = {"special-forces": -1, "recruits": +1, "civilian": +1}  # SF -1; Recruits/Civilians +1
TARGET_ARMOUR = {"hma": -3, "marine-armour": -3, "lta": -1}  # In HMA -3, In LTA -1 (marine armour read as HMA)


def _hits(hit_number: int, modifier: int) -> dict:
    """Hits from one stand's 1d10 (a 0 reads 10) + modifiers: one per whole multiple of the hit number."""
    out: dict = {}
    for face in stats.D10:
        n = stats.hits(face + modifier, hit_number)
        out[n] = out.get(n, Fraction(0)) + Fraction(1, 10)
    return out


def _firers(army) -> list:
    """A row per stand's weapon: (weapon, firer modifier, civilian weapons). Officers fire no die of their own
    (Firing: "a positive modifier to a stand they are grouped with rather than an additional dice")."""
    officers: dict = {}
    for s in army.stands:
        if s.kind == "officer" and s.with_stand:
            officers[s.with_stand] = officers.get(s.with_stand, 0) + T.OFFICER_BONUS
    out = []
    for s in army.stands:
        if s.weapon not in T.WEAPONS or s.kind == "officer":
            continue
        bonus = officers.get(s.name, 0)
        modifier = stats.firer_modifier(s.training, s.experience) + bonus
        many = f" (each of {s.count})" if s.count > 1 else ""
        led = f", officer +{bonus}" if bonus else ""
        civilian = s.equipment == "civilian-weapons"
        what = f"{T.WEAPONS[s.weapon].name}{' (civilian weapons)' * civilian}, {s.training} {s.experience}{led}{many}"
        out.append(matchup.Firer(s.name, what, (s.weapon, modifier, civilian)))
    for v in army.vehicles:
        modifier = stats.firer_modifier(v.crew_training, v.crew_experience)
        for w in v.weapons:
            if w in T.WEAPONS:
                what = f"{T.WEAPONS[w].name} ({v.crew_training} {v.crew_experience} crew)"
                out.append(matchup.Firer(v.name, what, (w, modifier, False)))
    return out


# Firing Modifiers: "Blast against unarmoured inf +2" (a blast weapon: the bands' "Blast? YES")
BLAST_UNARMOURED = dict(T.TARGET_MODIFIERS)["Blast against unarmoured inf"]
# Hit Effects: Civilians and Recruits need 10 hits to become ineffective, which one stand's firing scores only with a
# modified roll of 20 at the best hit number (2): their tables count the hits instead, as a vehicle's do, since a
# column of "0% ineffective" reads as "cannot be hurt"
HITS_COUNTED_FROM = 10


def _stand_target(s) -> matchup.Target:
    ineffective = stats.hit_limits(s)[0]
    modifier = (
        TARGET_TRAINING.get(s.training, 0)
        + (0 if s.training == "special-forces" else TARGET_EXPERIENCE.get(s.experience, 0))
        + TARGET_ARMOUR.get(s.equipment, 0)
    )
    unarmoured = s.kind in ("infantry", "officer") and s.equipment in T.UNARMOURED_EQUIPMENT and not s.marines
    immune = s.equipment in T.CIVILIAN_IMMUNE_EQUIPMENT or bool(s.marines)
    if ineffective >= HITS_COUNTED_FROM:
        counted = f"needs {ineffective} hits to be ineffective, more than one firing scores: hits counted"
    else:
        counted = f"ineffective at {ineffective} hit{'s' * (ineffective > 1)}"
    what = f"{s.training} {s.experience}, {s.equipment}, {counted}"
    return matchup.Target(s.name, what, ("stand", modifier, ineffective, unarmoured, immune))


def _targets(army) -> list:
    out = [_stand_target(s) for s in army.stands]
    for v in army.vehicles:
        armoured = v.type not in T.UNARMOURED_VEHICLES
        what = f"{v.type}{', armoured' * armoured} (hits only)"
        out.append(matchup.Target(v.name, what, ("vehicle", 0, None, False, armoured)))
    return out


def knocked_out(firer, target, column):
    """What one firing does to one target: (weapon, firer modifier, civilian weapons) at (kind, target modifier,
    hits to be ineffective, unarmoured infantry, immune to civilian weapons), in (band, cover)."""
    weapon, firer_mod, civilian = firer
    kind, target_mod, ineffective, unarmoured, immune = target
    band, cover = column
    line = T.WEAPONS[weapon].bands[band]
    if line is None or (civilian and immune):
        return None
    blast = BLAST_UNARMOURED if unarmoured and T.WEAPONS[weapon].blast else 0
    hits = _hits(line.hit, firer_mod + target_mod + blast + cover)
    if kind == "vehicle" or ineffective >= HITS_COUNTED_FROM:
        return hits
    return _ineffective(hits, ineffective)


def _ineffective(hits: dict, ineffective: int) -> dict:
    out: dict = {0: Fraction(0), 1: Fraction(0)}
    for n, p in hits.items():
        out[int(n >= ineffective)] += p
    return {k: v for k, v in out.items() if v}


MATCHUP_NOTES = [
    "One stand firing: 1d10 + Firing Modifiers against the weapon's hit number at the range band; a hit "
    "for each whole multiple of it. Firer: its training and experience, and an officer grouped with it; the "
    "firer is stationary (moving infantry -4, except in HMA).",
    "Target: Seasoned/Veterans/SF -1, Recruits/Civilians +1, In HMA -3 (marine armour read as HMA), In LTA "
    "-1; columns in the open, in cover -1, hull-down/bunker -2.",
    "Counted: the target stand made ineffective (its hits to become ineffective, by unit type and size, "
    "from this one firing). Against a vehicle, the hits: the text stops before vehicle hit effects.",
    "A 0 on the d10 reads 10 (the firing tables do not say).",
    "Blast against unarmoured inf +2 (Firing Modifiers): a blast weapon (the bands' 'Blast? YES') firing at an "
    "infantry stand with civilian weapons, the only unarmoured equipment: Assault Rifles troops 'have light armour "
    "covering vital organs' (Equipment; the Introduction's 'unarmoured militia with assault rifles' is read as "
    "Equipment reads), so they take no +2.",
    "Officers fire no die of their own: an officer grouped with a stand gives it +1 (Firing: 'a positive modifier "
    "to a stand they are grouped with rather than an additional dice'); an officer is still a target (one hit).",
    "'-': out of the weapon's range, or civilian weapons at HMA troops (marine armour too) or an armoured vehicle "
    "(every type but truck and car), which Civilian Weapons makes 'immune to their fire (except for morale "
    "purposes)'.",
    "A Civilians or Recruits stand needs 10 hits to become ineffective (Hit Effects), more than one firing scores "
    "here: its table counts the hits instead (as a vehicle's), so that it never reads as a stand that cannot be hurt.",
    "Left out: aircraft (air to ground uses speeds, not bands) and blast weapons' extra targets.",
]


def _named(name: str, **stand) -> matchup.Target:
    """A named target stand, read by the same rules as a list's stands (hits by unit type, target modifiers): an
    infantry stand of the most its training's stand holds."""
    from types import SimpleNamespace

    return _stand_target(SimpleNamespace(name=name, kind="infantry", people=None, marines=False, **stand))


MATCHUP = matchup.Spec(
    prefix="bia-matchup",
    firers=_firers,
    targets_of=_targets,
    columns=MATCHUP_COLUMNS,
    odds=knocked_out,
    ref=T.REF_RANGE_BANDS,
    counting="stands made ineffective (vehicles, Civilians and Recruits: hits)",
    assumptions=MATCHUP_NOTES,
    targets={
        "hma-stand": _named("HMA stand", training="regular", experience="experienced", equipment="hma"),
        "lta-squad": _named("LTA squad", training="trained", experience="experienced", equipment="lta"),
        "militia-squad": _named("Militia squad", training="trained", experience="novice", equipment="assault-rifles"),
        "recruit-levy": _named("Recruit levy", training="recruits", experience="raw", equipment="assault-rifles"),
        "special-forces-pair": _named(
            "Special Forces pair", training="special-forces", experience="veteran", equipment="hma"
        ),
        "marines": _named("Marines", training="regular", experience="seasoned", equipment="marine-armour"),
        "civilians": _named("Civilians", training="civilian", experience="raw", equipment="civilian-weapons"),
    },
)
