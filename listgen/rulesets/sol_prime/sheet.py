"""The Sol Prime quick-reference sheet."""

from __future__ import annotations

from listgen.core.sheet import Block, Sheet, side_by_side, signed

from . import tables as T


def _d(v):
    return "-" if v is None else str(v)


def reference(army=None) -> Sheet:
    used = None
    if army is not None:
        from .army import all_stands, equipped

        used = {w for _p, stand, _pl in all_stands(army) for w in equipped(army, stand)}
    weapons = [["Weapon", "Range", "Veh", "Inf", "Tech"]]
    for key, w in T.WEAPONS.items():
        if used is not None and key not in used:
            continue
        weapons.append(
            [w.name + (" (msl)" if w.missile else ""), T.range_text(w), _d(w.vehicle), _d(w.infantry), w.tech]
        )
    blocks = [
        Block(
            "Activation",
            T.REF_ACTIVATION,
            rows=[
                ["1D6 +", ""],
                ["Advanced command & control", "+1"],
                ["Primitive command & control", "-1"],
                ["Fewer than 5 Platoons", "-1"],
                ["More than 10 Platoons", "+1"],
                ["Command Center", "+1"],
            ],
            text=[
                "The total is how many Platoons may be activated. The side with more Platoons rolls first. An "
                "activated Platoon's units move, fire, move and fire, or go on Overwatch (half move, no fire)."
            ],
            notes=[T.COMMAND_CENTER_NOTE],
        ),
        Block(
            "Organization",
            T.REF_ORGANIZATION,
            text=[
                "Platoons of 1-6 stands, all of one morale rating. An infantry Platoon: up to 6 transports and the "
                "infantry they carry (a troop bay holds 2 squads; an APC has one). One leader per player, always "
                f"attached to a unit. Up to {T.ATTACHED_INFANTRY} infantry stands may be attached to one vehicle. "
                "Engineers: any infantry but heavy weapons squads; one minefield and one free dummy "
                "per engineer squad, defender only."
            ],
        ),
        Block("Movement", T.REF_MOVEMENT, rows=[["Troops", "Move"]] + [list(r) for r in T.MOVEMENT]),
        Block(
            "Terrain Effects on Movement",
            T.REF_MOVEMENT,
            rows=[["Terrain", "Trk", "Wh", "Hvr", "Foot", "Mob/PS"]] + [list(r) for r in T.TERRAIN],
            notes=["x: times the clear cost; NA not allowed; NE no effect."],
        ),
        Block(
            "Direct Fire",
            T.REF_TO_HIT,
            rows=[["To Hit DRM", "", "", ""]] + side_by_side(T.TO_HIT_MODIFIERS[:11], T.TO_HIT_MODIFIERS[11:]),
            text=[
                "Roll a die with as many sides as the weapon's range, add DRMs: hit on the measured range or more "
                "(minimum range 1). Infantry, aircraft and VTOL take no movement modifiers. Hull down: -2 turreted, "
                "-3 without a turret; dug-in infantry -3 more."
            ],
            notes=[T.RANGE_DIE_NOTE],
        ),
        Block(
            "Missiles",
            T.REF_MISSILES,
            rows=[["Technology", "Hit number"]]
            + [[t.title(), str(n)] for t, n in T.MISSILE_HIT.items()]
            + [["DRM: " + label, "?" if m is None else signed(m)] for label, m in T.MISSILE_MODIFIERS],
            text=[
                "1D10 >= hit number; no range or cover DRM, but a target in cover counts one size smaller. The "
                f'target may fire smoke or evade if it passes a Unit Morale Test. AMDS: -2 within {T.AMDS_RADIUS}".'
            ],
            notes=[T.TECH_MODIFIER_NOTE],
        ),
        Block(
            "Weapons (printed in the text)",
            T.REF_TO_KILL,
            rows=weapons,
            notes=[
                "Veh/Inf: vehicle and infantry to-kill ratings; '-' not printed or not allowed. APW range 10, "
                "LAW range 4: their ratings are in the missing troop lists.",
                T.TOW_NOTE,
            ],
        ),
        Block(
            "To Kill",
            T.REF_TO_KILL,
            rows=[["Vehicle DRM", ""]] + [[label, signed(m)] for label, m in T.VEHICLE_KILL_MODIFIERS],
            text=[
                "Vehicles: 1D6 + vehicle rating + DRM - armour (front, or flank from the side, rear or top): more "
                "than 0 kills; exactly 0 immobilizes a wheeled vehicle.",
                "Infantry: 1D6 + infantry rating + DRM - armour (0 infantry, 1 mobile, 2 powersuit, +1 assault "
                "armour): 1-4 suppressed, 5+ destroyed. Infantry fire only APWs at infantry.",
            ],
            notes=[T.GUNS_NOTE],
        ),
        Block(
            "Close Combat",
            T.REF_CLOSE_COMBAT,
            rows=[["1D6 each +", ""]]
            + [[label, "armour" if m is None else signed(m)] for label, m in T.CLOSE_COMBAT_MODIFIERS],
            text=[
                "Lower roll destroyed; ties re-rolled without modifiers. Only the defender uses "
                "cover; vehicles never do."
            ],
            notes=[T.RABBLE_NOTE],
        ),
        Block(
            "Artillery",
            T.REF_ARTILLERY,
            rows=[["Class", "Basic", "Laser", "Plasma", "Area (MRL)"]]
            + [
                [k.title()]
                + [f"{r.vehicle}/{r.infantry}" for r in T.ARTILLERY_KILL[k].values()]
                + [f'{T.ARTILLERY_AREA[k].regular}" ({T.ARTILLERY_AREA[k].mrl}")']
                for k in T.ARTILLERY_KILL
            ],
            text=[
                "Arrival: 1D10 >= rating (Basic 6, Laser 5, Plasma 4); "
                + ", ".join(f"{label} {m:+d}" for label, m in T.ARRIVAL_MODIFIERS)
                + ". Each unit in the area: 1D6 + "
                "rating - flank armour (MRL +1; cover "
                + "/".join(f"{m:+d}" for _c, m in T.ARTILLERY_COVER)
                + "). A lot of "
                "ammunition: 5 turns for a gun, 2 for an MRL. Minimum range "
                f"{T.ARTILLERY_MIN_RANGE[0]} to {T.ARTILLERY_MIN_RANGE[1]}.",
                f"Counterbattery (artillery on Overwatch): 1D10 + DRM, {T.COUNTERBATTERY} or more; air support "
                f"{T.AIR_SUPPORT} or more. "
                "Counterbattery: " + ", ".join(f"{k} {v}" for k, v in T.COUNTERBATTERY_MODIFIERS) + ". Air "
                "support: " + ", ".join(f"{k} {v}" for k, v in T.AIR_SUPPORT_MODIFIERS) + ".",
                "Calling in: the artillery is activated; each AFO (every leader; a suppressed AFO cannot observe) "
                "places one counter. A failed arrival roll cancels the fire: those batteries take no call until the "
                "player's next turn. Or call it for the next cycle: it hits automatically then, without a second "
                "activation. Counterbattery: the firing platoon comes off Overwatch whether it succeeds or not; "
                "off-table artillery writes down its distance from the centre of its table edge.",
            ],
            notes=[T.ARRIVAL_NOTE],
        ),
        Block(
            "Morale (1D10: fail on the number or less)",
            T.REF_UNIT_MORALE,
            rows=[["Rating", "Fails on"]]
            + [[r.title(), f"{n} or less"] for r, n in T.MORALE_CHART.items()]
            + [[label, signed(m)] for label, m in T.MORALE_MODIFIERS],
            text=list(T.PLATOON_MORALE_TESTS)
            + [
                'Leader +2: a friendly leader within 4" (a Platoon: attached to any of its units); Cover +1: in '
                "cover (a Platoon: half its units); Shaken -2: its Platoon is Shaken. Rally a Shaken Platoon: it is "
                "activated and may not perform any other activities; passed, it is Good again.",
                f"A leader whose unit is destroyed dies on 1-{T.LEADER_KILLED} on 1D10.",
            ],
        ),
        Block(
            "Mines, Aircraft, Installations",
            T.REF_MINES,
            text=[
                "Mines: 1D6 <= density hits; then 1D6 + strength (MF 1, MFL 2, MFP 3) > flank armour destroys, = wheeled "
                "armour immobilizes; infantry destroyed above 4, suppressed below 4 (mobile and powersuit infantry are "
                "only destroyed). Hover and VTOL are unaffected.",
                f"Engineers demolish a structure: {T.DEMOLITION} > its armour. Field generator: enemy laser, ion and "
                f"plasma fire at a target within {T.FIELD_GENERATOR_RANGE} of it: To Hit and To Kill -2.",
                "Sighting: "
                + "; ".join(f"{day} {v} vehicles, {i} infantry" for day, v, i in T.SIGHTING)
                + ". "
                + T.MULTIPLE_WEAPONS,
                "Armour (front/flank): "
                + T.ARMOUR_NAMES_TEXT
                + "; fortifications "
                + ", ".join(f"{k.replace('-', ' ').title()} {v}" for k, v in T.FORTIFICATION_ARMOUR.items())
                + ".",
                "Fighters: at most 3 weapons, no bombs or rocket pods. Bombers: at most 5. Wing loads in pairs; one gun "
                "or cannon, in the nose. Guided bombs: 1D8 penetration, 1D4 inches off target.",
                "Bases: barracks 12 squads (1 per section), maintenance 6 vehicles, hangar 2 craft, VTOL pad 8 VTOL, "
                "fighter strip 8 fighters, bomber strip 8 aircraft.",
            ],
            notes=[T.MINE_DENSITY_NOTE, T.FORTIFICATIONS_NOTE, T.EQUIPPED_NOTE],
        ),
    ]
    return Sheet(
        title="Sol Prime Quick Reference",
        subtitle="Full sheet" if army is None else f"For {army.name}",
        pages=2,
        blocks=blocks,
    )
