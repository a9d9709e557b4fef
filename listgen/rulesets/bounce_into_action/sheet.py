"""The Bounce into Action quick-reference sheet."""

from __future__ import annotations

from listgen.core.sheet import Block, Sheet, side_by_side, signed

from . import tables as T


def _dash(v):
    return "-" if v is None else str(v)


def reference(army=None) -> Sheet:
    used = None
    if army is not None:
        used = (
            {s.weapon for s in army.stands}
            | {w for v in army.vehicles for w in v.weapons}
            | {w for a in army.aircraft for w in a.weapons}
        )
    weapons = [["Weapon"] + [f"{cm}cm" for cm in T.RANGE_BANDS] + ["Blast"]]
    for key, w in T.WEAPONS.items():
        if used is not None and key not in used:
            continue
        weapons.append(
            [w.name]
            + ["-" if b is None else f"{b.hit} ({_dash(b.penetration)})" for b in w.bands]
            + ["YES" if w.blast else ""]
        )
    blocks = [
        Block(
            "Sequence of Play",
            T.REF_SEQUENCE,
            text=[
                "1. Orders: write orders and posture; declare AD targets (test lock-on); declare air-to-surface targets.",
                "2. Morale: militia, aircraft, GF infantry, GF vehicles, hovertanks, force.",
                "3. Suppressive fire: stationary defenders (incl. AD). 4. Movement: aircraft, then ground forces.",
                "5. Firing: air to surface, infantry, vehicles, indirect. 6. Orbital activity.",
                "7. Special actions: rally, treat casualties, reorganise commands.",
                "Orders are written for every unit and seldom change; they can be changed only by a senior officer, "
                "who spends an entire turn doing nothing else, in communication with the unit's officers, who do "
                "nothing that turn either. Each stand's posture may change turn by turn within its orders.",
            ],
        ),
        Block(
            "Training and Stands",
            T.REF_TRAINING,
            rows=[
                ["Training", "Stand", "May use"],
                ["Civilian", "~50 people; no officers or crew-served", "civilian weapons"],
                [
                    "Recruits",
                    "~30 people; officers from a higher class; crew-served in 4-6",
                    "basic weapons: assault rifles, grenades",
                ],
                ["Trained", "squad of 8-10; officers single", "LTA, SLA weapons"],
                ["Regular", "4 soldiers; officers single", "HMA"],
                ["Special Forces", "pairs; officers/NCOs single", "anything"],
            ],
            notes=[T.RECRUIT_NOTE, T.ARMOUR_TRAINING_NOTE, T.SCALE_NOTE],
        ),
        Block(
            "Basic Morale (lower is better)",
            T.REF_BASIC_MORALE,
            rows=[["Training", "Raw", "Novice", "Exp.", "Seas.", "Vet."]]
            + [
                [t.replace("-", " ").title()] + [_dash(T.BASIC_MORALE[t][e]) for e in T.EXPERIENCES]
                for t in T.TRAININGS
            ],
            notes=["'-': no such troops. The morale number stays within 1-9 at the start of a scenario."],
        ),
        Block(
            "Factors Affecting Morale",
            T.REF_MORALE_FACTORS,
            rows=[["Situation", "", "Situation", ""]]
            + side_by_side(
                [(f.label, f.modifier) for f in T.MORALE_FACTORS.values() if f.modifier < 0],
                [(f.label, f.modifier) for f in T.MORALE_FACTORS.values() if f.modifier > 0],
            ),
            notes=[T.AUTOMATIC_FACTORS_NOTE],
        ),
        Block(
            "Morale Tests (2d6)",
            T.REF_MORALE,
            rows=[["Individual stand modifiers", ""]] + [[label, signed(m)] for label, m in T.INDIVIDUAL_MODIFIERS],
            text=[
                "Test individual morale when: first under fire; entering an enemy position or crossing a fire "
                "swept zone; first hand-to-hand; a 'morale' hit result. Once per condition per group.",
                "Score the morale number or more: carry on. 1-3 short: move no closer, will not enter a fire "
                "swept zone. 4-6 short: retire in good order to cover. 7+ short: surrender if enemy within 5, "
                "else flee abandoning casualties.",
                "Group morale: test at two casualties (25% if over eight), at -4 for 50%, at -8 for 75%; failing, "
                "the group withdraws in good order.",
            ],
        ),
        Block(
            "Firing (1d10 per stand)",
            T.REF_FIRING_MODS,
            rows=[["Firer", "", "Target", ""]] + side_by_side(T.FIRER_MODIFIERS, T.TARGET_MODIFIERS),
            text=[
                "Stationary units fire before moving ones; more experienced, then better trained, first. "
                "Officers add +1 to the stand they are with, not a die."
            ],
            notes=[T.D10_NOTE, T.MULTIPLE_NOTE, T.CIVILIAN_TARGETS_NOTE],
        ),
        Block(
            "Weapon Range Bands: hit number (penetration)", T.REF_RANGE_BANDS, rows=weapons, notes=[T.PENETRATION_NOTE]
        ),
        Block(
            "Air Defence",
            T.REF_AIR_DEFENCE,
            rows=[["System", "Range", "Locks", "Firing", "Chart line"]]
            + [
                [
                    ad.name,
                    ad.range,
                    "No" if ad.lock is None else ("Yes" if ad.lock == 0 else f"At {ad.lock}"),
                    "Normal" if ad.fire == 0 else f"At {ad.fire}",
                    ad.line,
                ]
                for s, ad in T.AD_SYSTEMS.items()
            ],
            text=[
                "Within range: lock-on first (systems that lock), then fire whether or not lock-on is achieved (the "
                "player may opt not to fire). Orbital to air only against very slow aircraft. Several air units on "
                "Air Defence fire in order: by manoeuvrability, then pilot ability, speed, or highest die. Aircraft "
                "on the ground are ground vehicles, engaged as such."
            ],
        ),
        Block(
            "Lock-on (1d10)",
            T.REF_LOCK_ON,
            rows=[["", "Landing", "Very Slow", "Slow", "Fast"]]
            + [[line] + [_dash(n) for n in numbers] for line, numbers in T.LOCK_ON.items()],
            text=[
                "Air to air: both roll 1d10 + manoeuvrability + firing modifiers; higher locks on. Air to ground: "
                "fast aircraft fire as medium range, slow as close, very slow as very close; evading aircraft "
                "cannot fire. Aircraft landing or taking off count as 'none' for manoeuvrability. Strafing (only "
                "aircraft with multi-cannon): up to six targets in a line until one is missed."
            ],
        ),
        Block(
            "Hit Effects: Infantry",
            T.REF_HIT_EFFECTS,
            rows=[["Unit type", "Ineffective", "Destroyed", "Re-groups"]]
            + [
                [t, str(h.ineffective), str(h.destroyed), "Yes" if h.regroups else "No"]
                for t, h in T.HIT_EFFECTS.items()
            ],
            notes=[T.HIT_TYPE_NOTE, T.HIT_SIZE_NOTE, T.CREW_TRACK_NOTE],
        ),
    ]
    if army is not None and not (
        army.air_defence or army.aircraft or any(s.equipment in ("hma", "lta") for s in army.stands)
    ):
        blocks = [b for b in blocks if b.ref not in (T.REF_AIR_DEFENCE, T.REF_LOCK_ON)]
    return Sheet(
        title="Bounce into Action Quick Reference",
        subtitle="Full sheet" if army is None else f"For {army.name}",
        pages=2,
        blocks=blocks,
    )
