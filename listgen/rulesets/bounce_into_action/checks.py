"""Bounce into Action checks: training, equipment, stands, morale combinations, air scale."""

from __future__ import annotations

from listgen.core.findings import Findings, did_you_mean, unknown

from . import tables as T
from .army import BounceList

RANK = {t: i for i, t in enumerate(T.TRAININGS)}


def _weapon(out, slug, path):
    if slug not in T.WEAPONS:
        out.error("INPUT-UNKNOWN-WEAPON", unknown("weapon", slug, list(T.WEAPONS), T.ALIASES), path, T.REF_RANGE_BANDS)
        return False
    return True


def _factors(out, factors, path):
    for i, factor in enumerate(factors):
        if factor not in T.MORALE_FACTORS:
            out.error(
                "INPUT-UNKNOWN-FACTOR",
                f"unknown morale factor '{factor}'{did_you_mean(factor, T.MORALE_FACTORS)}",
                path + (i,),
                T.REF_MORALE_FACTORS,
            )


def _equipment(out, stand, path):
    where = path + ("equipment",)
    if stand.equipment == "assault-rifles" and stand.training == "civilian":
        out.error(
            "BIA-EQUIPMENT",
            f"'{stand.name}': civilians may not be equipped with assault rifles ('Some "
            "training is required to use this kit effectively')",
            where,
            T.REF_EQUIPMENT,
        )
    if stand.equipment in ("lta", "hma", "marine-armour") and RANK[stand.training] < RANK["trained"]:
        # marines too: being a marine does not lift the training armour needs (ARMOUR_TRAINING_NOTE)
        out.error(
            "BIA-EQUIPMENT",
            f"'{stand.name}': only troops that are at least Trained can be equipped with "
            f"{'LTA' if stand.equipment == 'lta' else 'armour heavier than LTA'}; these are {stand.training}: "
            "make them trained or better, or give them assault-rifles (every armour, LTA too, needs Trained)",
            where,
            T.REF_EQUIPMENT,
        )
    elif stand.equipment == "hma" and not (stand.training in ("regular", "special-forces") or stand.marines):
        out.error(
            "BIA-EQUIPMENT",
            f"'{stand.name}': HMA is used only by professional Ground Force infantry "
            "(Regular), Special Forces and Marines",
            where,
            T.REF_EQUIPMENT,
        )
    elif stand.equipment == "marine-armour" and not (stand.marines or stand.training == "special-forces"):
        out.error(
            "BIA-EQUIPMENT",
            f"'{stand.name}': Marine Armour is used by Starship Marines (say 'marines: true')",
            where,
            T.REF_EQUIPMENT,
        )


def _stand_weapon(out, stand, path):
    """Infantry carry infantry weapons; a crew-served weapon is a stand of its own; recruits keep to basic weapons
    but for their crew-served stands (RECRUIT_NOTE); SLA weapons need Trained troops."""
    where = path + ("weapon",)
    slug = stand.weapon
    if not _weapon(out, slug, where) or stand.kind == "officer":  # an officer adds +1, not a die of his own
        return
    name = T.WEAPONS[slug].name
    crew_served = slug in T.CREW_SERVED
    if slug in T.VEHICLE_WEAPONS:
        out.error(
            "BIA-VEHICLE-WEAPON",
            f"'{stand.name}': the {name} is mounted on vehicles, not carried by infantry",
            where,
            T.REF_RANGE_BANDS,
        )
    elif stand.kind == "crew-served" and not crew_served:
        out.error(
            "BIA-CREW-SERVED",
            f"'{stand.name}' is a crew-served stand but the {name} is no crew-served weapon "
            f"({', '.join(T.WEAPONS[w].name for w in T.CREW_SERVED)} are)",
            where,
            T.REF_RESOLUTION,
        )
    elif stand.kind == "infantry" and crew_served:
        out.error(
            "BIA-CREW-SERVED",
            f"'{stand.name}': the {name} is crew-served, and 'crew-served weapons should be a "
            "single stand each': give it a stand of its own with 'kind: crew-served'",
            where,
            T.REF_RESOLUTION,
        )
    elif (
        stand.training in ("civilian", "recruits")
        and slug not in T.BASIC_WEAPONS
        and not (stand.training == "recruits" and crew_served)
    ):
        out.error(
            "BIA-BASIC-WEAPONS",
            f"'{stand.name}': {stand.training} use only basic weapons (rifles, light small "
            f"arms){' and crew-served weapons in groups of 4-6' if stand.training == 'recruits' else ''}",
            where,
            T.REF_TRAINING,
        )
    elif slug in T.SLA_WEAPONS and RANK[stand.training] < RANK["trained"]:
        out.error(
            "BIA-SLA-TRAINING", f"'{stand.name}': SLA weapons need at least Trained troops", where, T.REF_TRAINING
        )


def check(army: BounceList, out: Findings, valuation) -> None:
    """Every rule of the text a Bounce into Action list can break: one function a rule (STAND_RULES, FORCE_RULES,
    below), each stand through the stand rules, then the force's, in the order findings are said."""
    _factors(out, army.morale_factors, ("morale_factors",))
    names = {s.name: s for s in army.stands}
    for i, stand in enumerate(army.stands):
        for rule in STAND_RULES:
            rule(out, stand, ("stands", i), names)
    for force_rule in FORCE_RULES:
        force_rule(out, army)


def _stand_factors(out, stand, path, names) -> None:
    """The stand's own Factors Affecting Morale."""
    _factors(out, stand.morale_factors, path + ("morale_factors",))


def _morale_combination(out, stand, path, names) -> None:
    """A training and experience the Basic Morale table has."""
    if T.BASIC_MORALE[stand.training][stand.experience] is None:
        out.error(
            "BIA-MORALE-COMBINATION",
            f"'{stand.name}': {stand.training} troops cannot be "
            f"{stand.experience} (the Basic Morale table has '-' there)",
            path + ("experience",),
            T.REF_BASIC_MORALE,
        )


def _stand_equipment(out, stand, path, names) -> None:
    """Equipment its training may use (Equipment)."""
    _equipment(out, stand, path)


def _crew_served(out, stand, path, names) -> None:
    """Civilians have no crew served weapons; else its weapon."""
    if stand.kind == "crew-served" and stand.training == "civilian":
        out.error(
            "BIA-CIVILIAN-CREW-SERVED",
            f"'{stand.name}': civilians have no crew served weapons",
            path + ("kind",),
            T.REF_TRAINING,
        )
    else:
        _stand_weapon(out, stand, path)


def _recruit_crew_group(out, stand, path, names) -> None:
    """Recruits' crew served weapons in groups of four to six."""
    if (
        stand.kind == "crew-served"
        and stand.training == "recruits"
        and not T.RECRUIT_CREW_GROUP[0] <= stand.count <= T.RECRUIT_CREW_GROUP[1]
    ):
        out.error(
            "BIA-RECRUIT-CREW-GROUP",
            f"'{stand.name}': recruits' crew served weapons come in groups of four to six, not {stand.count}",
            path + ("count",),
            T.REF_TRAINING,
        )


def _officer(out, stand, path, names) -> None:
    """Officers: from Trained up, with a stand of this list that may have them."""
    if stand.kind == "officer":
        too_low = RANK[stand.training] < RANK["trained"]
        if too_low:
            out.error(
                "BIA-OFFICER-TRAINING",
                f"'{stand.name}': officers are individually based from Trained up; "
                "recruits take officers from a higher training class",
                path + ("training",),
                T.REF_TRAINING,
            )
        if stand.with_stand is not None:
            led = names.get(stand.with_stand)
            if led is None:
                out.error(
                    "BIA-OFFICER-STAND",
                    f"'{stand.name}' is grouped with '{stand.with_stand}', which is no "
                    f"stand of this list{did_you_mean(stand.with_stand, names)}",
                    path + ("with_stand",),
                    T.REF_FIRING,
                )
            elif led.training == "civilian":
                out.error(
                    "BIA-CIVILIAN-OFFICER",
                    f"'{led.name}' is civilian: civilians have no officers",
                    path + ("with_stand",),
                    T.REF_TRAINING,
                )
            elif RANK[stand.training] <= RANK[led.training] and led.training == "recruits" and not too_low:
                # one finding for one officer: a too-low officer is reported above already
                out.error(
                    "BIA-OFFICER-TRAINING",
                    f"recruits take officers from a higher training class; '{stand.name}' is {stand.training}",
                    path + ("training",),
                    T.REF_TRAINING,
                )


def _officer_people(out, stand, path, names) -> None:
    """An officer stand is one figure."""
    if stand.people is not None and stand.kind == "officer" and stand.people != 1:
        out.error(
            "BIA-OFFICER-PEOPLE",
            f"officer '{stand.name}' has {stand.people} people: 'officers are individually based' ('All "
            "commanders should be individual figures'); an officer stand is one figure",
            path + ("people",),
            T.REF_TRAINING,
        )


def _stand_size(out, stand, path, names) -> None:
    """People a stand, by training (Training)."""
    if stand.people is not None and stand.kind == "infantry":
        size = T.STAND_SIZE[stand.training]
        if not size.low <= stand.people <= size.high:
            # an exact count ('groups of four soldiers', 'based in pairs') is a rule; 'about 30' a guide
            (out.error if size.exact else out.warning)(
                "BIA-STAND-SIZE",
                f"'{stand.name}' has {stand.people} people a stand; {stand.training} stands are "
                f"{size.printed} ({T.STAND_SIZE_NOTE})",
                path + ("people",),
                T.REF_TRAINING,
            )


def _civilian_weapons(out, stand, path, names) -> None:
    """Civilian weapons fire on the Light Small Arms line."""
    if (
        stand.equipment == "civilian-weapons"
        and stand.kind == "infantry"
        and stand.weapon not in T.CIVILIAN_WEAPON_LINES
    ):
        out.error(
            "BIA-CIVILIAN-WEAPONS",
            f"'{stand.name}' is equipped with civilian weapons, which fire on the "
            f"Light Small Arms line, not {T.WEAPONS[stand.weapon].name if stand.weapon in T.WEAPONS else stand.weapon}"
            " ('Civilians may not be equipped at this level' for assault rifles): give it "
            "'weapon: light-small-arms' or better equipment",
            path + ("weapon",),
            T.REF_EQUIPMENT,
        )


def _vehicles(out, army) -> None:
    """Each vehicle's morale factors, weapons and crew."""
    for i, vehicle in enumerate(army.vehicles):
        _factors(out, vehicle.morale_factors, ("vehicles", i, "morale_factors"))
        for w, slug in enumerate(vehicle.weapons):
            _weapon(out, slug, ("vehicles", i, "weapons", w))
        if T.BASIC_MORALE[vehicle.crew_training][vehicle.crew_experience] is None:
            out.error(
                "BIA-MORALE-COMBINATION",
                f"'{vehicle.name}': {vehicle.crew_training} crews cannot be {vehicle.crew_experience}",
                ("vehicles", i, "crew_experience"),
                T.REF_BASIC_MORALE,
            )


def _aircraft(out, army) -> None:
    """Each aircraft's weapons and air defence system."""
    for i, aircraft in enumerate(army.aircraft):
        for w, slug in enumerate(aircraft.weapons):
            _weapon(out, slug, ("aircraft", i, "weapons", w))
        if aircraft.air_defence and aircraft.air_defence not in T.AD_SYSTEMS:
            out.error(
                "INPUT-UNKNOWN-SYSTEM",
                f"unknown air defence system '{aircraft.air_defence}'"
                f"{did_you_mean(aircraft.air_defence, T.AD_SYSTEMS)}",
                ("aircraft", i, "air_defence"),
                T.REF_AIR_DEFENCE,
            )


def _air_scale(out, army) -> None:
    """Two or three combat capable craft a side."""
    combat = [i for i, a in enumerate(army.aircraft) if a.combat]
    if len(combat) > T.AIR_SCALE:
        out.warning(
            "BIA-AIR-SCALE",
            f"{len(combat)} combat aircraft: the design expects 'only two or three combat capable craft on each side'",
            ("aircraft", combat[T.AIR_SCALE]),
            T.REF_RESOLUTION,
        )


def _air_defence(out, army) -> None:
    """Air defence systems the text prints."""
    for i, ad in enumerate(army.air_defence):
        if ad.system not in T.AD_SYSTEMS:
            out.error(
                "INPUT-UNKNOWN-SYSTEM",
                f"unknown air defence system '{ad.system}'{did_you_mean(ad.system, T.AD_SYSTEMS)}",
                ("air_defence", i, "system"),
                T.REF_AIR_DEFENCE,
            )


STAND_RULES = (
    _stand_factors,
    _morale_combination,
    _stand_equipment,
    _crew_served,
    _recruit_crew_group,
    _officer,
    _officer_people,
    _stand_size,
    _civilian_weapons,
)
FORCE_RULES = (_vehicles, _aircraft, _air_scale, _air_defence)
