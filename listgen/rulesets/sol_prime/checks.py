"""Sol Prime checks: platoons, transports, leaders, technology, engineers and mines, aircraft loads,
AMDS vehicles, installations, prices."""

from __future__ import annotations

from listgen.core.findings import Findings, did_you_mean, unknown

from . import tables as T
from .army import SolPrimeList, all_stands

TRANSPORTERS = ("apc", "vtol", "transport", "bomber")


def _bays(stand) -> int:
    if stand.troop_bays is not None:
        return stand.troop_bays
    return T.APC_BAYS if stand.type == "apc" else 0


def _platoon_size(out, army, p, platoon):
    path = ("platoons", p)
    stands = sum(s.count for s in platoon.stands)
    transports = [s for s in platoon.stands if s.type in TRANSPORTERS and _bays(s)]
    infantry = sum(s.count for s in platoon.stands if s.type in T.INFANTRY_TYPES)
    if transports and infantry:
        n_transports = sum(s.count for s in transports)
        room = sum(s.count * _bays(s) * T.SQUADS_PER_BAY for s in transports)
        others = stands - n_transports - infantry
        if n_transports > T.PLATOON_TRANSPORTS or others:
            out.error(
                "SP-PLATOON-SIZE",
                f"platoon '{platoon.name}': an infantry Platoon holds up to 6 transports "
                f"and the infantry they carry; it has {n_transports} transports and {others} other stands",
                path,
                T.REF_ORGANIZATION,
            )
        named = {st.name: st.count for st in platoon.stands}
        overloaded = any(
            sum(named.get(n, 0) for n in t.carries) > t.count * _bays(t) * T.SQUADS_PER_BAY for t in transports
        )  # reported for that carrier (SP-TROOP-BAYS)
        if infantry > room and not overloaded:  # the whole platoon, whatever each carrier names as its load
            out.error(
                "SP-PLATOON-SIZE",
                f"platoon '{platoon.name}' has {infantry} infantry stands but room for "
                f"{room} in its transports' troop bays (2 squads a bay)",
                path,
                T.REF_ORGANIZATION,
            )
    elif not T.PLATOON_STANDS[0] <= stands <= T.PLATOON_STANDS[1]:
        out.error(
            "SP-PLATOON-SIZE",
            f"platoon '{platoon.name}' has {stands} stands; a Platoon has from 1 to 6",
            path + ("stands",),
            T.REF_ORGANIZATION,
        )


def _names(slugs) -> str:
    """'2 x Guided bomb and Rocket pod': the weapons one finding is about, counted."""
    counted: dict = {}
    for slug in slugs:
        counted[slug] = counted.get(slug, 0) + 1
    parts = [f"{n} x {T.WEAPONS[s].name}" if n > 1 else T.WEAPONS[s].name for s, n in counted.items()]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]


def _weapons(out, army, path, stand):
    """Unknown weapons, then each rule once per stand, naming every weapon that breaks it."""
    allowed = T.TECH_ALLOWS[army.tech_level]
    known = []
    for w, slug in enumerate(stand.weapons):
        if slug not in T.WEAPONS:
            out.error(
                "INPUT-UNKNOWN-WEAPON",
                unknown(
                    "weapon", slug, list(T.WEAPONS), more=" (the weapons the text prints; its troop lists are missing)"
                ),
                path + ("weapons", w),
                T.REF_TO_KILL,
            )
        else:
            known.append((w, slug))

    def once(code, broken, message, ref):
        if broken:
            out.error(code, message.format(names=_names(s for _w, s in broken)), path + ("weapons", broken[0][0]), ref)

    too_new = [(w, s) for w, s in known if T.WEAPONS[s].tech not in allowed]
    levels = sorted({T.WEAPONS[s].tech for _w, s in too_new})
    once(
        "SP-TECH",
        too_new,
        f"'{stand.name}': {{names}} need more than {army.tech_level} technology: give the "
        f"list 'tech_level: {max(levels, key=T.TECH_LEVELS.index) if levels else army.tech_level}' or other weapons",
        T.REF_TECH,
    )
    best = {"apw": T.BEST_APW[army.tech_level], "law": T.BEST_LAW[army.tech_level]}
    equips = ("apw", "law") if stand.type in T.INFANTRY_TYPES else ("apw",) if stand.type in T.APW_VEHICLES else ()
    once(
        "SP-EQUIPMENT",
        [
            (w, s)
            for w, s in known
            if T.WEAPONS[s].kind in equips and s != best[T.WEAPONS[s].kind] and T.WEAPONS[s].tech in allowed
        ],
        f"'{stand.name}': {{names}} is not the best its {army.tech_level} army allows, and '{stand.type}' stands "
        f"are 'automatically equipped with the best' ({', '.join(best[k] for k in equips)}): leave it out, "
        "listgen equips them",
        T.REF_INFANTRY,
    )
    if stand.type == "infantry":
        once(
            "SP-INFANTRY-WEAPONS",
            [(w, s) for w, s in known if s not in T.INFANTRY_SQUAD_WEAPONS and T.WEAPONS[s].kind not in ("apw", "law")],
            f"'{stand.name}': infantry squads may only be equipped with infantry guns and infantry GAW, not {{names}}",
            T.REF_INFANTRY,
        )
    elif stand.type in T.INFANTRY_TYPES:
        once(
            "SP-INFANTRY-WEAPONS",
            [(w, s) for w, s in known if T.WEAPONS[s].kind not in ("infantry", "apw", "law")],
            f"'{stand.name}': {{names}} are not infantry weapons",
            T.REF_INFANTRY,
        )
    if stand.type not in T.AIRCRAFT_TYPES:  # a fighter's bombs are its load's fault (SP-AIRCRAFT-LOAD)
        once(
            "SP-BOMBS",
            [(w, s) for w, s in known if T.WEAPONS[s].kind == "bomb"],
            f"'{stand.name}': {{names}}: only bombers carry guided bombs",
            T.REF_BOMBS,
        )


def _is_gun(weapon) -> bool:
    """A gun or cannon: what an aircraft may mount, singly, in its nose."""
    return not weapon.missile and weapon.kind in ("nose", "vehicle")


def _aircraft(out, path, stand):
    """Fighters and bombers: what they may carry, how much, balanced on the wings, one gun in the nose."""
    if stand.type not in T.AIRCRAFT_TYPES:
        return
    where = path + ("weapons",)
    weapons = [s for s in stand.weapons if s in T.WEAPONS]
    ground = [s for s in weapons if not (_is_gun(T.WEAPONS[s]) or T.WEAPONS[s].kind in ("air", "wing", "bomb"))]
    if ground:
        out.error(
            "SP-AIRCRAFT-LOAD",
            f"'{stand.name}': {_names(ground)} {'is' if len(ground) == 1 else 'are'} not "
            "an aircraft's load (aircraft carry air missiles, rocket pods, bombs and a gun or cannon in the nose)",
            where,
            T.REF_AIR_ATTACKS,
        )
    limit = T.FIGHTER_WEAPONS if stand.type == "fighter" else T.BOMBER_WEAPONS
    if len(weapons) > limit:
        out.error(
            "SP-AIRCRAFT-LOAD",
            f"'{stand.name}' carries {len(weapons)} weapons; a {stand.type} carries at most {limit}",
            where,
            T.REF_AIR_ATTACKS,
        )
    banned = [s for s in weapons if stand.type == "fighter" and s in T.FIGHTER_BANNED]
    if banned:
        out.error(
            "SP-AIRCRAFT-LOAD",
            f"'{stand.name}': fighters may not carry bombs or rocket pods ({_names(banned)})",
            where,
            T.REF_AIR_ATTACKS,
        )
    guns = [s for s in weapons if _is_gun(T.WEAPONS[s])]
    if len(guns) > 1:
        out.error(
            "SP-AIRCRAFT-NOSE",
            f"'{stand.name}' has {_names(guns)}; an aircraft may have a single gun or cannon, in its nose",
            where,
            T.REF_AIR_ATTACKS,
        )
    odd = sorted({s for s in weapons if not _is_gun(T.WEAPONS[s]) and weapons.count(s) % 2}, key=weapons.index)
    if odd:
        out.error(
            "SP-AIRCRAFT-BALANCE",
            f"'{stand.name}': {_names(s for s in weapons if s in odd)}: wing loads are "
            "balanced, one on each wing, so every missile, rocket pod or bomb comes in pairs",
            where,
            T.REF_AIR_ATTACKS,
        )


def check(army: SolPrimeList, out: Findings, valuation) -> None:
    """Every rule of the text a Sol Prime list can break: one function a rule, in the tables below, each stand
    through the stand rules in the text's order, then the force's."""
    names = {stand.name: (path, stand) for path, stand, _platoon in all_stands(army)}
    for p, platoon in enumerate(army.platoons):
        _platoon_size(out, army, p, platoon)
    carried_by: dict = {}
    for path, stand, _platoon in all_stands(army):
        for rule in STAND_RULES:
            rule(out, army, path, stand)
        _carries(out, path, stand, names, carried_by)
    for force_rule in FORCE_RULES:
        force_rule(out, army, names)


def _tech(out, army, path, stand) -> None:
    needed = T.TECH_UNITS.get(stand.type)
    if needed and needed not in T.TECH_ALLOWS[army.tech_level]:
        out.error(
            "SP-TECH",
            f"'{stand.name}': {stand.type} needs {needed} technology ({T.TECH_UNIT_NOTE}): "
            f"give the list 'tech_level: {needed}'",
            path + ("type",),
            T.REF_TECH,
        )


def _engineer(out, army, path, stand) -> None:
    if not stand.engineer:
        return
    if stand.type == "heavy-weapons":
        out.error(
            "SP-ENGINEER",
            f"'{stand.name}': engineers upgrade any infantry squad other than an infantry heavy weapons squad",
            path + ("engineer",),
            T.REF_ENGINEERS,
        )
    elif stand.type not in T.INFANTRY_TYPES:
        out.error(
            "SP-ENGINEER",
            f"'{stand.name}': only infantry squads can be engineers",
            path + ("engineer",),
            T.REF_ENGINEERS,
        )


def _engineers(army) -> int:
    """Engineer squads: infantry squads (not heavy weapons) upgraded to engineers."""
    return sum(
        stand.count
        for _path, stand, _p in all_stands(army)
        if stand.engineer and stand.type != "heavy-weapons" and stand.type in T.INFANTRY_TYPES
    )


def _assault_armour(out, army, path, stand) -> None:
    if stand.assault_armour and stand.type not in T.INFANTRY_TYPES:
        out.error("SP-ASSAULT-ARMOUR", f"'{stand.name}': assault armour is for infantry", path, T.REF_INFANTRY)


def _troop_bays(out, army, path, stand) -> None:
    if stand.troop_bays and stand.type not in TRANSPORTERS:
        out.error(  # a fighter's bays would carry squads the text gives it none for
            "SP-TROOP-BAYS",
            f"'{stand.name}' is a {stand.type}: 'Armored personnel carriers (APC's) may carry infantry units' and "
            "'Bombers & transports with troop bays may carry infantry squads' (Air Drops), as VTOL craft with "
            f"troop bays may; a {stand.type} has no troop bays",
            path + ("troop_bays",),
            T.REF_APC,
        )
    if stand.type == "apc" and stand.troop_bays is not None and stand.troop_bays > T.APC_BAYS:
        out.error(
            "SP-TROOP-BAYS",
            f"'{stand.name}': each APC may have 1 troop bay, not {stand.troop_bays}",
            path + ("troop_bays",),
            T.REF_APC,
        )


def _amds(out, army, path, stand) -> None:
    if stand.type != "amds":
        return
    others = [w for w in stand.weapons if w in T.WEAPONS and T.WEAPONS[w].kind != "apw"]
    if others:
        out.error(
            "SP-AMDS",
            f"'{stand.name}': a vehicle with an anti-missile defense system may also have an "
            "anti-personnel weapon, but no other weapons",
            path + ("weapons",),
            T.REF_AMDS,
        )


def _ammunition(out, army, path, stand) -> None:
    if stand.ammunition_lots and stand.type not in T.AMMUNITION_TURNS:
        out.error(
            "SP-AMMUNITION",
            f"'{stand.name}': ammunition lots are for artillery and MRLs",
            path + ("ammunition_lots",),
            T.REF_AMMUNITION,
        )
    if stand.type in T.AMMUNITION_TURNS and not stand.ammunition_lots:
        out.error(
            "SP-AMMUNITION",
            f"'{stand.name}': 'Ammunition for artillery & MRL units must be purchased in "
            "lots': give it 'ammunition_lots: N'",
            path,
            T.REF_AMMUNITION,
        )


def _artillery_class(out, army, path, stand) -> None:
    if (
        stand.type in T.AMMUNITION_TURNS
        and stand.type != "mrl"
        and not stand.artillery_class
        and not any(w in T.WEAPONS for w in stand.weapons)
    ):
        out.error(
            "SP-ARTILLERY-CLASS",
            f"'{stand.name}': artillery fires by its class (light, medium or heavy "
            "artillery); give it 'artillery_class:'",
            path,
            T.REF_ARTILLERY,
        )


def _armour(out, army, path, stand) -> None:
    if stand.armour is not None and not T.ARMOUR_FORM.fullmatch(str(stand.armour)):
        out.error(
            "INPUT-BAD-ARMOUR",  # a value that does not read, as an unknown weapon: said whatever else is broken
            f"'{stand.name}': armour '{stand.armour}' is no rating: give it as front/flank "
            f"('5/4'), or one the text prints ({T.ARMOUR_NAMES_TEXT})",
            path + ("armour",),
            T.REF_TO_KILL,
        )


def _carries(out, path, stand, names: dict, carried_by: dict) -> None:
    """What a transport carries: stands of this list, infantry or towed weapons, each carried once, within its
    troop bays (2 squads a bay)."""
    room = stand.count * _bays(stand) * T.SQUADS_PER_BAY
    load = 0
    for c, name in enumerate(stand.carries):
        where = path + ("carries", c)
        if name not in names:
            out.error(
                "SP-CARRIES-UNKNOWN",
                f"'{stand.name}' carries '{name}', which is no stand of this list{did_you_mean(name, names)}",
                where,
                T.REF_APC,
            )
            continue
        cargo = names[name][1]
        if cargo.type not in T.CARGO_TYPES:  # "transport a different Platoon of infantry or towed weapons"
            out.error(
                "SP-CARRIES-UNKNOWN",
                f"transports carry infantry or towed weapons, not '{name}' ({cargo.type})",
                where,
                T.REF_APC,
            )
        if name in carried_by:
            out.error(
                "SP-CARRIED-TWICE",
                f"'{name}' is carried by both '{carried_by[name]}' and '{stand.name}'",
                where,
                T.REF_APC,
            )
        carried_by[name] = stand.name
        load += cargo.count
    if load > room:
        out.error(
            "SP-TROOP-BAYS",
            f"'{stand.name}' carries {load} squads; its troop bays hold {room} (2 squads a bay)",
            path + ("carries",),
            T.REF_APC,
        )


def _leaders(out, army, names: dict) -> None:
    """One leader per player, always attached to a stand."""
    if len(army.leaders) > army.players:
        out.error(
            "SP-LEADERS",
            f"{len(army.leaders)} leaders for {army.players} player(s): one leader for each player",
            ("leaders",),
            T.REF_LEADERS,
        )
    for i, leader in enumerate(army.leaders):
        if leader.attached_to not in names:
            out.error(
                "SP-LEADER-ATTACHED",
                f"leader '{leader.name}' must be attached to a stand; there is no "
                f"'{leader.attached_to}'{did_you_mean(leader.attached_to, names)}",
                ("leaders", i, "attached_to"),
                T.REF_LEADERS,
            )


def _mines(out, army, names: dict) -> None:
    engineers = _engineers(army)
    fields = sum(m.count for m in army.minefields)
    if (fields or army.dummy_minefields) and not army.defender:
        out.error(
            "SP-MINES-DEFENDER",
            "only the side that held the table before the battle (the defender) may place mines: say 'defender: true'",
            ("minefields",),
            T.REF_MINES,
        )
    if fields > engineers:
        out.error(
            "SP-MINES-ENGINEERS",
            f"{fields} minefields for {engineers} engineer squads: one minefield per engineer squad",
            ("minefields",),
            T.REF_MINES,
        )
    if army.dummy_minefields > engineers:
        out.error(
            "SP-MINES-ENGINEERS",
            f"{army.dummy_minefields} dummy minefields for {engineers} engineer squads: "
            "one free dummy per engineer squad",
            ("dummy_minefields",),
            T.REF_MINES,
        )
    for i, mf in enumerate(army.minefields):
        field = T.MINEFIELDS[mf.type]
        if field.tech not in T.TECH_ALLOWS[army.tech_level]:
            out.error("SP-TECH", f"{field.name} minefields are {field.tech} technology", ("minefields", i), T.REF_TECH)


def _installation_rules(out, army, names: dict) -> None:
    for i, inst in enumerate(army.installations):
        if inst.type == "field-generator" and army.tech_level == "basic":
            out.error(
                "SP-TECH", "field generators are not available at Basic technology", ("installations", i), T.REF_TECH
            )
        elif inst.type == "field-generator" and army.tech_level == "laser":
            out.info("SP-TECH-READING", T.FIELD_GENERATOR_NOTE, ("installations", i), T.REF_TECH)
        if inst.type == "barracks" and inst.sections is not None and inst.sections > T.BARRACKS_SQUADS:
            out.error(
                "SP-BARRACKS",
                f"a barracks has {T.BARRACKS_SQUADS} sections, one squad to a section; "
                f"'{inst.name or inst.type}' has {inst.sections}: make it two barracks (count: 2)",
                ("installations", i, "sections"),
                T.REF_INSTALLATIONS,
            )
    if army.base:
        _installations(out, army)


def _weapons_rule(out, army, path, stand) -> None:
    _weapons(out, army, path, stand)


def _aircraft_rule(out, army, path, stand) -> None:
    _aircraft(out, path, stand)


def _installations(out, army):
    have: dict = {}
    for inst in army.installations:
        # "One infantry barracks can support 12 squads (1 per section of the barracks)"
        per = min(inst.sections or T.BARRACKS_SQUADS, T.BARRACKS_SQUADS) if inst.type == "barracks" else 1
        have[inst.type] = have.get(inst.type, 0) + inst.count * per
    count: dict = {}
    for _path, stand, _p in all_stands(army):
        group = "squads" if stand.type in T.INFANTRY_TYPES else stand.type if stand.type in T.AIR_TYPES else "vehicles"
        count[group] = count.get(group, 0) + stand.count
    craft = count.get("vtol", 0) + count.get("fighter", 0) + count.get("bomber", 0) + count.get("transport", 0)
    checks = (
        (
            "squads",
            count.get("squads", 0),
            have.get("barracks", 0),
            "barracks sections (1 squad each, 12 to a barracks)",
        ),
        (
            "vehicles",
            count.get("vehicles", 0),
            have.get("maintenance", 0) * T.MAINTENANCE_VEHICLES,
            "maintenance facilities (6 vehicles each)",
        ),
        ("VTOL craft and aircraft", craft, have.get("hangar", 0) * T.HANGAR_CRAFT, "hangars (2 craft each)"),
        ("VTOL craft", count.get("vtol", 0), have.get("vtol-pad", 0) * T.PAD_VTOL, "VTOL landing pads (8 each)"),
        ("bombers", count.get("bomber", 0), have.get("bomber-strip", 0) * T.STRIP_AIRCRAFT, "bomber strips (8 each)"),
        (
            "fighters and bombers",
            count.get("fighter", 0) + count.get("bomber", 0),
            (have.get("fighter-strip", 0) + have.get("bomber-strip", 0)) * T.STRIP_AIRCRAFT,
            "landing strips (8 each)",
        ),
    )
    for what, n, room, by in checks:
        if n > room:
            out.error(
                "SP-INSTALLATIONS",
                f"the base has {n} {what} but its {by} support {room}",
                ("installations",),
                T.REF_INSTALLATIONS,
            )
    buildings = sum(i.count for i in army.installations)
    engineers = sum(s.count for _p, s, _pl in all_stands(army) if s.engineer)
    if buildings > engineers * T.BUILDINGS_PER_ENGINEER:
        out.warning(
            "SP-BASE-ENGINEERS",
            f"{buildings} installations need {-(-buildings // 4)} engineer squad(s) to keep "
            f"them working (one per 4 buildings, in campaigns); the list has {engineers}",
            ("installations",),
            T.REF_ENGINEERS,
        )


# The rules, in the order the text gives them and findings are said: each stand's, then the force's.
STAND_RULES = (
    _weapons_rule,
    _aircraft_rule,
    _tech,
    _engineer,
    _assault_armour,
    _troop_bays,
    _amds,
    _ammunition,
    _artillery_class,
    _armour,
)
FORCE_RULES = (_leaders, _mines, _installation_rules)
