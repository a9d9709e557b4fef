"""Bounce into Action tables, transcribed from bounce-into-action.txt (James Kemp / Jim Wallman, draft).

The text is a draft that stops inside Hit Effects (the Vehicles part is missing): what it does
not give is not invented here, and the choices made where it is unclear are stated in *_NOTE.
"""

from __future__ import annotations

from collections import namedtuple


def ref(section: str) -> str:
    return f"Bounce into Action {section}"


REF_RESOLUTION = ref("Level of Resolution")
REF_TRAINING = ref("Training")
REF_EQUIPMENT = ref("Equipment")
REF_SEQUENCE = ref("Sequence of Play")
REF_MORALE = ref("Morale")
REF_BASIC_MORALE = ref("Basic Morale")
REF_MORALE_FACTORS = ref("Factors Affecting Morale")
REF_FIRING = ref("Firing")
REF_FIRING_MODS = ref("Firing Modifiers")
REF_RANGE_BANDS = ref("Weapon Range Bands")
REF_AIR_DEFENCE = ref("Air Defence Systems")
REF_LOCK_ON = ref("Lock-on")
REF_HIT_EFFECTS = ref("Hit Effects: Infantry")
REF_TROOP_TYPES = ref("Troop Types & Weapons")

TRAININGS = ("civilian", "recruits", "trained", "regular", "special-forces")
EXPERIENCES = ("raw", "novice", "experienced", "seasoned", "veteran")
EQUIPMENT = ("civilian-weapons", "assault-rifles", "lta", "hma", "marine-armour")

# --- Training: stand sizes --------------------------------------------------------------------


class StandSize(namedtuple("StandSize", "printed low high exact", defaults=(False,))):
    """People per stand as the text prints it, and the range listgen accepts without a warning; exact: the text
    gives a count ('groups of four soldiers'), so another is an error, not a warning."""

    __slots__ = ()


STAND_SIZE = {
    "civilian": StandSize("Around 50 people per stand", 40, 60),
    "recruits": StandSize("About 30 people per stand", 24, 36),
    "trained": StandSize("a squad of about 8 to 10 soldiers", 8, 10),
    "regular": StandSize("groups of four soldiers", 4, 4, True),
    "special-forces": StandSize("based in pairs", 2, 2, True),
}
CIVILIAN_WEAPON_LINES = ("light-small-arms",)  # Equipment: civilian weapons fire on the Light Small Arms line
CIVILIAN_TARGETS_NOTE = (
    "Civilian weapons 'can only successfully engage targets that are either unarmoured or in "
    "light armour. HMA troops and armoured vehicles are immune to their fire (except for morale "
    "purposes)'."
)
# Civilian Weapons: "HMA troops and armoured vehicles are immune to their fire". HMA troops: HMA, and marine armour
# (read as HMA throughout); armoured vehicles: every type but the "civilian wheeled vehicles" (Introduction), truck and car
CIVILIAN_IMMUNE_EQUIPMENT = ("hma", "marine-armour")
UNARMOURED_VEHICLES = ("truck", "car")
# Assault Rifles: "These troops have light armour covering vital organs" (the Introduction's "unarmoured militia with
# assault rifles" says otherwise): listgen reads Equipment's own words, as the casualty rows do (Flak vest)
UNARMOURED_EQUIPMENT = ("civilian-weapons",)
CREW_TRACK_NOTE = (
    "Vehicle crew boxes C1-C4 and KO follow Hit Effects' 'Vehicle crews' row (2 hits ineffective, "
    "4 destroyed) for the crew once dismounted; the draft prints no damage for the vehicle itself."
)
SCALE_NOTE = (
    "Scale: the draft is written for 'an infantry company of up to 100' (soldiers) 'supported by up to eight "
    "tanks' a side; listgen does not "
    "enforce it. Special Forces 'can use any equipment likely to be found', Marine Armour included; "
    "officers above platoon level are listed as officers like any other."
)
STAND_SIZE_NOTE = (
    "'Around 50' and 'about 30' are read as 40-60 and 24-36 people; squads 8-10, regulars 4, "
    "special forces 2; officers, NCOs and crew-served weapons are stands of their own."
)
RECRUIT_CREW_GROUP = (4, 6)  # "Crew served weapons in groups of four to six."

# --- Basic Morale: training x experience; None is the text's "-" (no such combination) -------------
BASIC_MORALE = {
    "civilian": {"raw": 6, "novice": None, "experienced": 7, "seasoned": None, "veteran": None},
    "recruits": {"raw": 5, "novice": None, "experienced": 6, "seasoned": 7, "veteran": 8},
    "trained": {"raw": None, "novice": 4, "experienced": 5, "seasoned": 6, "veteran": 7},
    "regular": {"raw": None, "novice": 3, "experienced": 4, "seasoned": 5, "veteran": 5},
    "special-forces": {"raw": None, "novice": 2, "experienced": 3, "seasoned": 4, "veteran": 5},
}
MORALE_RANGE = (1, 9)  # "never be less than 1 or more than 9 at the start of a scenario"


class Factor(namedtuple("Factor", "modifier label")):
    """A Factor Affecting Morale: its modifier to the morale number, and its name as printed."""

    __slots__ = ()


MORALE_FACTORS = {
    "in-hma": Factor(-1, "In HMA/MA"),
    "in-tank": Factor(-2, "In Tanks/Hoverbus"),
    "excellent-medical": Factor(-1, "Excellent medical sp"),
    "excellent-officers": Factor(-1, "Excellent officers"),
    "elite": Factor(-1, "Elite unit"),
    "enemy-cant-kill": Factor(-2, "Enemy can't kill"),
    "well-supplied": Factor(-1, "Well supplied"),
    "regular-leave": Factor(-1, "Regular leave/mail"),
    "religious-fanatics": Factor(-2, "Religious fanatics"),
    "no-medical": Factor(+1, "No medical support"),
    "poor-officers": Factor(+1, "Poor officers"),
    "enemy-air-superiority": Factor(+1, "Enemy air superiority"),
    "scratch-unit": Factor(+1, "Scratch unit"),
    "no-armour": Factor(+1, "No armour"),
    "cant-kill-enemy": Factor(+2, "Can't kill enemy"),
    "poorly-equipped": Factor(+1, "Poorly equipped"),
    "out-of-contact": Factor(+1, "Out of contact"),
    "enemy-treats-pw-well": Factor(+1, "Enemy treats PW well"),
}
AUTOMATIC_FACTORS_NOTE = (
    "'In HMA/MA' (-1) and 'No armour' (+1, civilian weapons) follow from a stand's "
    "equipment and are applied by listgen; the others are declared in the list."
)
INDIVIDUAL_MORALE = (  # 2D6 + modifiers against the morale number: (shortfall from, to, result)
    (None, 0, "carry on"),
    (1, 3, "move no closer"),
    (4, 6, "retire to cover"),
    (7, None, "surrender or flee"),
)
INDIVIDUAL_MODIFIERS = (
    ("Officer leading by example", +1),
    ("Officer taking morale", +2),
    ("Each enemy casualty in sight", +1),
    ("In APC", +1),
    ("Under fire from close range or indirect fire/grenades", -1),
    ("Enemy in HMA/APC", -1),
    ("Each friendly casualty in sight", -1),
    ("Enemy Tanks", -2),
    ("Visibly outnumbered", -1),
    ("Under air attack", -3),
)
GROUP_MORALE = (("Two or more casualties (25% if more than eight)", 0), ("50% casualties", -4), ("75% casualties", -8))

# --- Firing ---------------------------------------------------------------------------------------
D10_NOTE = (
    "The d10 reads 1-10 when firing: a 0 counts as 10. The firing tables do not say (only the campaign "
    "Infantry Casualties table numbers a d10's faces 0-9)."
)
MULTIPLE_NOTE = (
    "'Multiple hits can be scored by rolling multiples of the hit number': hits = the modified "
    "score divided by the hit number, rounded down (hit number 4: 4-7 one hit, 8-11 two)."
)
PENETRATION_NOTE = (
    "Penetration (in brackets) is printed but its use is in the missing vehicle hit effects: "
    "listgen shows it and does not apply it."
)
RANGE_BANDS = (5, 10, 15, 30, 60, 120)  # cm


class Band(namedtuple("Band", "hit penetration")):
    """A weapon at one range band: the hit number on 1d10 and the penetration in brackets (None: none printed)."""

    __slots__ = ()


class Weapon(namedtuple("Weapon", "name bands blast")):
    """A Weapon Range Bands line: a Band for each of RANGE_BANDS (None where the text prints '-'), and
    whether it is a blast weapon."""

    __slots__ = ()


WEAPONS = {
    "sla-support": Weapon("SLA Support squad", (Band(2, 2), Band(4, 2), Band(4, 2), Band(8, None), None, None), True),
    "veh-cannon": Weapon("Veh Cannon", (Band(2, 4), Band(4, 2), Band(4, 2), Band(4, 2), Band(4, 2), None), False),
    "sla-squad": Weapon("SLA Squad", (Band(2, 2), Band(4, 2), Band(4, 2), Band(4, None), Band(4, None), None), False),
    "he-missile": Weapon("HE Missile", (Band(4, None),) * 6, True),
    "at-missile": Weapon("AT Missile", (Band(4, 4),) * 6, False),
    "rifles": Weapon("Rifles", (Band(4, 0), Band(6, None), Band(8, None), Band(8, None), None, None), False),
    "veh-lmg": Weapon("Veh LMG", (Band(6, None),) * 5 + (None,), False),
    "light-small-arms": Weapon(
        "Light Small Arms", (Band(8, None), Band(9, None), Band(9, None), None, None, None), False
    ),
    "veh-hmg": Weapon(
        "Veh HMG", (Band(4, None), Band(6, None), Band(8, None), Band(8, None), Band(9, None), None), False
    ),
    "tank-gun": Weapon("Tank Gun", (Band(2, 4), Band(4, 2), Band(6, 1), Band(8, 0), Band(9, -2), None), True),
    "hovertank-gun": Weapon(
        "Hovertank Gun", (Band(2, 4), Band(2, 4), Band(4, 2), Band(4, 2), Band(8, 0), Band(9, -2)), True
    ),
    "marine-sca": Weapon("Marine SCA", (Band(4, None), None, None, None, None, None), True),
}
ALIASES = {  # the equipment names of Equipment and Training, for the Weapon Range Bands line they fire on
    "assaultrifles": ("rifles", "assault rifles fire on the Rifles line"),
    "assaultrifle": ("rifles", "assault rifles fire on the Rifles line"),
    "huntingrifles": ("light-small-arms", "civilian weapons fire on the Light Small Arms line"),
    "civilianweapons": ("light-small-arms", "civilian weapons fire on the Light Small Arms line"),
    "sla": ("sla-squad", "an SLA squad fires on the SLA Squad line"),
    # names players bring from other games: the text's own nearest line, said as such
    "bazooka": ("at-missile", "the text's anti-tank weapon for infantry is the AT Missile"),
    "rpg": ("at-missile", "the text's anti-tank weapon for infantry is the AT Missile"),
    "mg": (
        "veh-lmg",
        "the text's machine guns are vehicle weapons (Veh LMG, Veh HMG); infantry squads fire Rifles or SLA",
    ),
    "lmg": (
        "veh-lmg",
        "the text's machine guns are vehicle weapons (Veh LMG, Veh HMG); infantry squads fire Rifles or SLA",
    ),
    "hmg": ("veh-hmg", "the text's heavy machine gun is a vehicle weapon (Veh HMG)"),
    "missile": ("at-missile", "the text's missiles are the AT Missile and the HE Missile"),
}
BASIC_WEAPONS = (
    "rifles",
    "light-small-arms",
)  # Recruits: "only basic weapons can be used, assault rifles and grenades"
SLA_WEAPONS = ("sla-support", "sla-squad")  # "Training to this level [Trained] allows the use of ... SLA weapons"
CREW_SERVED = ("sla-support", "he-missile", "at-missile")  # "Crew-served weapons should be a single stand each"
VEHICLE_WEAPONS = ("veh-cannon", "veh-lmg", "veh-hmg", "tank-gun", "hovertank-gun")  # mounted on vehicles only
RECRUIT_NOTE = (
    "Recruits use 'only basic weapons' (rifles, light small arms) and field 'crew served weapons in groups "
    "of four to six': listgen reads the second as the exception, so recruits' crew-served stands (HE and AT "
    "missiles; SLA weapons need Trained) are allowed, in groups of 4-6 stands."
)
ARMOUR_TRAINING_NOTE = (
    "LTA needs at least Trained troops; HMA and Marine Armour are heavier still, so they need at least "
    "Trained too. Marines may wear Marine Armour or HMA, Special Forces HMA, Regulars HMA."
)
FIRER_MODIFIERS = (
    ("Moving infantry (except in HMA)", -4),
    ("Recruits/Civilians", -2),
    ("Trained", -1),
    ("Each officer", +1),
    ("Special Forces", +1),
    ("Seasoned/Veteran", +1),
)
TARGET_MODIFIERS = (
    ("Seasoned/Veterans/SF", -1),
    ("Recruits/Civilians", +1),
    ("in cover", -1),
    ("hull-down/bunker", -2),
    ("non-tactical", +4),
    ("Stationary Vehicle", +1),
    ("In HMA", -3),
    ("In LTA", -1),
    ("Blast against unarmoured inf", +2),
    ("Unarmoured moving in open", +2),
    ("Using Chaff/Flares", -1),
    ("Locked on (against air)", +3),
    ("Air evasive action", -3),
)
FIRER_TRAINING = {"civilian": -2, "recruits": -2, "trained": -1, "regular": 0, "special-forces": +1}
FIRER_EXPERIENCE = {"seasoned": +1, "veteran": +1}
OFFICER_BONUS = 1  # "Officers ... provide a positive modifier to a stand they are grouped with"

# --- Air defence ------------------------------------------------------------------------------------


class ADSystem(namedtuple("ADSystem", "range lock fire line name")):
    """An Air Defence System: its range, lock-on modifier (None: it cannot lock on), firing modifier, the
    Lock-on chart line it fires on, and its name as the text prints it."""

    __slots__ = ()


AD_SYSTEMS = {  # the text's own names, as its AD Systems table prints them
    "heavy-sam": ADSystem("50 Km", 0, 0, "Heavy SAM", "Heavy SAM"),
    "vehicle-sam": ADSystem("20 Km", 0, 0, "Heavy SAM", "Vehicle SAM"),
    "air-to-air-missile": ADSystem("20 Km", 0, 0, "Heavy SAM", "Air to Air Missile"),
    "manpad": ADSystem("10 Km", 0, 0, "Light SAM", "ManPAD"),
    "multi-cannon": ADSystem("2 Km", -2, 0, "Light SAM", "Multi-Cannon"),
    "other-guided": ADSystem("2 Km", -4, 0, "Other AD", "Other guided weapons"),
    "hma-infantry": ADSystem("2 Km", -4, -1, "Other AD", "HMA infantry"),
    "lta-infantry": ADSystem("2 Km", None, -2, "Other AD", "LTA Infantry"),
    "other-infantry": ADSystem("300 m", None, -4, "Other AD", "Other Infantry"),
}
LOCK_ON = {  # firing chart line: hit number by target (Landing, Very Slow, Slow, Fast); None = '-'
    "Heavy SAM": (None, 2, 4, 6),
    "Light SAM": (2, 4, 6, 8),
    "Other AD": (4, 6, 8, 9),
}
AIR_SCALE = 3  # "only likely to be two or three combat capable craft on each side"
AIRCRAFT_TYPES = ("pacifier", "air", "jet", "flyer", "shuttle")
VEHICLE_TYPES = ("hovertank", "tank", "hoverbus", "apc", "hovercar", "armoured-car", "truck", "car")

# --- Hit Effects: Infantry ------------------------------------------------------------------------


class HitEffects(namedtuple("HitEffects", "ineffective destroyed regroups")):
    """Hit Effects: Infantry: hits for the unit type to become ineffective, to be destroyed, and whether it re-groups."""

    __slots__ = ()


HIT_EFFECTS = {
    "Civilians": HitEffects(10, 50, False),
    "Recruits": HitEffects(10, 30, False),
    "Militia": HitEffects(3, 8, True),
    "LTA": HitEffects(2, 4, True),
    "HMA": HitEffects(2, 4, True),
    "Marines": HitEffects(4, 4, True),
    "Special Forces": HitEffects(2, 2, True),
    "Vehicle crews": HitEffects(2, 4, False),
}
HIT_SIZE_NOTE = (
    "'The number of hits is dependent on their initial size and training level': one rule, whether the list "
    "gives people: or not. A stand is destroyed after the Hit Effects number of hits for its type (its training "
    "and armour), or after as many hits as it has people if that is fewer (people: as given, else the most its "
    "training's stand holds); ineffective at the table's number, or then if sooner. Officers, based singly, "
    "take one hit."
)
HIT_TYPE_NOTE = (
    "Hit-effects row: Special Forces; else Marines (marine armour); else HMA or LTA by armour; else "
    "Civilians or Recruits by training; else Militia (trained or regular troops without armour)."
)

# --- Value: a firepower rating -------------------------------------------------------------------
RATING = "Firepower rating (expected hits per turn at 10cm, from the Weapon Range Bands; the text prints no points)"
RATING_NOTES = (
    "Each stand, vehicle weapon and aircraft weapon counts the hits it expects per turn at the 10cm "
    "band (its best band if it cannot fire at 10cm) with its own firer modifiers (training, "
    "experience) and no target modifiers. Morale, armour and hits are not counted.",
    "A list or pack may give its own points_table instead.",
)

# --- Campaign: Experience, Training (Civilian), Hit Effects (Infantry Casualties) ------------------------------
REF_EXPERIENCE = ref("Experience")
REF_CASUALTIES = ref("Hit Effects: Infantry Casualties (1d10)")
# Experience: "Experienced Fought at least one action where incoming fire was received and weapon was fired in anger
# at the enemy. Seasoned Fought at least 15 actions (as above). ... Veteran Fought at least 30 actions."
EXPERIENCE_ACTIONS = {"experienced": 1, "seasoned": 15, "veteran": 30}
# Experience: "Being wounded counts as two actions" (footnote: "Including suit kill even if unharmed")
WOUNDED_ACTIONS = 2
# Training, Civilian: "Units at this level that survive sufficient actions to become Seasoned should be upgraded to
# Recruits even if they don't get formal military training."
CIVILIAN_UPGRADE = ("civilian", "seasoned", "recruits")  # training, at experience, becomes training
# Infantry Casualties (1d10): "use the following table for each casualty when they make it to an aid point".
# The text's "Unharmd" is printed as it spells it.
# fmt: off
INFANTRY_CASUALTIES = {  # d10:  0          1              2              3              4              5              6              7          8        9
    "Unarmoured": ("Scratch", "Light wound", "Light wound", "Serious",     "Mortal",      "Mortal",      "Dead",        "Dead",    "Dead",  "Dead"),
    "Flak vest":  ("Scratch", "Light wound", "Light wound", "Light wound", "Serious",     "Mortal",      "Mortal",      "Dead",    "Dead",  "Dead"),
    "LTA":        ("Unharmd", "Scratch",     "Scratch",     "Light wound", "Light wound", "Light wound", "Serious",     "Mortal",  "Dead",  "Dead"),
    "HMA/MA":     ("Unharmd", "Unharmd",     "Scratch",     "Scratch",     "Scratch",     "Light wound", "Light wound", "Serious", "Mortal", "Dead"),
}
# fmt: on
# the row for a stand's equipment: Civilian Weapons are "unarmoured"; Assault Rifles "have light armour covering
# vital organs", read as the Flak vest row; LTA its own; HMA and Marine Armour "HMA/MA"
CASUALTY_ROW = {
    "civilian-weapons": "Unarmoured",
    "assault-rifles": "Flak vest",
    "lta": "LTA",
    "hma": "HMA/MA",
    "marine-armour": "HMA/MA",
}
CASUALTY_LOST = ("Serious", "Mortal", "Dead")
CAMPAIGN_NOTES = (
    "An action counts for a stand the umpire records as under fire in a battle (fire received and fired in anger, "
    "Experience); a stand recorded as wounded counts it twice (Being wounded counts as two actions).",
    "A stand's experience on its starting list counts as the actions that reach it (Experienced 1, Seasoned 15, "
    "Veteran 30; Raw and Novice 0): listgen does not know the actions fought before the campaign.",
    "Infantry Casualties: the text gives each casualty's result, not what it means for the force. listgen's reading: "
    "a Serious, Mortal or Dead casualty does not return to the stand; Unharmed, a Scratch or a Light wound return.",
    "Assault rifles use the Flak vest row ('light armour covering vital organs'); the text names no flak vest.",
    "Regrouping: stands are 'similar' when they are on the same Hit Effects row; the new stand takes the least "
    "experienced survivors' experience and actions (the text does not say).",
)
