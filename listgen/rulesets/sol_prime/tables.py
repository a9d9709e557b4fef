"""Sol Prime tables, transcribed from sol-prime.txt (John P Kelly).

The text ends part-way through Technology Levels, and the troop lists with their purchase
prices are missing: only what it prints is encoded here; choices are stated in *_NOTE.
"""

from __future__ import annotations

import re
from collections import namedtuple


def ref(section: str) -> str:
    return f"Sol Prime {section}"


REF_ORGANIZATION = ref("Organization of Units")
REF_ACTIVATION = ref("Activation Die Roll")
REF_MOVEMENT = ref("Movement")
REF_TO_HIT = ref("Fire Combat: Direct Fire, Determining a Hit")
REF_MISSILES = ref("Fire Combat: Determining a Hit by Missiles")
REF_AMDS = ref("Fire Combat: Anti-Missile Defense Systems")
REF_TO_KILL = ref("Fire Combat: Determining Damage vs Vehicles & Fortifications")
REF_INFANTRY_KILL = ref("Fire Combat: Determining Damage to Infantry")
REF_CLOSE_COMBAT = ref("Close Combat")
REF_INFANTRY = ref("Infantry Units, APW's, & LAW's")
REF_APC = ref("Armored Personnel Carriers")
REF_ARTILLERY = ref("Artillery: Calling in Fire")
REF_ARTILLERY_DAMAGE = ref("Artillery: Determining Damage to Combat Units")
REF_AMMUNITION = ref("Artillery: Ammunition")
REF_COUNTERBATTERY = ref("Artillery: Counterbattery Fire")
REF_UNIT_MORALE = ref("Unit Morale")
REF_LEADERS = ref("Leaders")
REF_MINES = ref("Mines")
REF_ENGINEERS = ref("Engineers")
REF_AIR_ATTACKS = ref("Air Units: Direct Fire Air to Ground Attacks")
REF_BOMBS = ref("Air Units: Guided Bomb Air to Ground Attacks")
REF_INSTALLATIONS = ref("Installations")
REF_TECH = ref("Technology Levels")

TECH_LEVELS = ("basic", "laser", "plasma")
MORALE_RATINGS = ("guard", "elite", "veteran", "green", "militia")

# --- Organization ---------------------------------------------------------------------------------
PLATOON_STANDS = (1, 6)  # "Each Platoon will have from 1 to 6 stands in it."
PLATOON_TRANSPORTS = 6  # "An infantry Platoon may contain up to 6 transport vehicles"
SQUADS_PER_BAY = 2  # "each troop bay may carry 2 squads of any type of infantry"
APC_BAYS = 1  # "Each APC may have 1 troop bay"
ATTACHED_INFANTRY = 2  # "Up to two stands of infantry may be attached to a single vehicle."

INFANTRY_TYPES = ("infantry", "heavy-weapons", "mobile-infantry", "powersuit-infantry")
VEHICLE_TYPES = (
    "tank",
    "tank-destroyer",
    "apc",
    "vehicle",
    "artillery",
    "mrl",
    "ad-vehicle",
    "amds",
    "combat-walker",
    "engineering-vehicle",
)
AIR_TYPES = ("vtol", "fighter", "bomber", "transport")
UNIT_TYPES = INFANTRY_TYPES + VEHICLE_TYPES + AIR_TYPES + ("towed-artillery",)
INFANTRY_ARMOUR = {"infantry": 0, "heavy-weapons": 0, "mobile-infantry": 1, "powersuit-infantry": 2}
ASSAULT_ARMOUR_COST = 1  # "All types of infantry may be given assault armor at a cost of +1 points."
ASSAULT_ARMOUR = 1  # "This will increase their armor by 1."

# --- Activation Die Roll: 1D6 + modifiers ---------------------------------------------------------------
COMMAND_AND_CONTROL = {"advanced": +1, "standard": 0, "primitive": -1}
FEW_PLATOONS = (5, -1)  # "Less than 5  -1"
MANY_PLATOONS = (10, +1)  # "More than 10  +1"
COMMAND_CENTER_ACTIVATION = 1
COMMAND_CENTER_NOTE = (
    "Command Center: +1 to activation, as the Activation Die Roll section says (Installations says +2)."
)

# --- Movement ---------------------------------------------------------------------------------------
MOVEMENT = (
    ("Infantry", '2"'),
    ("Mobile Infantry", '8"'),
    ("Powersuit Infantry", '8"'),
    ("Slow Mechanized", '8"'),
    ("Mechanized", '12"'),
    ("Fast Mechanized", '16"'),
    ("Air Units", '40"'),
)
TERRAIN = (  # terrain: tracked, wheeled, hover, foot infantry, mobile/powersuit
    ("Clear", "1", "1", "1", "1", "1"),
    ("Road", "x1/2", "x1/2", "x1/2", "x1", "x1"),
    ("Poor Ground", "x2", "x3", "x1", "x1", "x1"),
    ("Urban", "x3", "x3", "x3", "x1", "x1"),
    ("Woods", "x3", "x4", "x2", "x1", "x1"),
    ("Swamp", "x4", "NA", "x1", "x2", "x1"),
    ("Hills", "+2", "+2", "+1", "+1", "+1"),
    ("Low Walls", "+4", "NA", "NE", "+1", "NE"),
    ("Shallow Water", "x2", "x4", "x1", "x2", "x1"),
    ("Deep Water", "x4", "x4", "x1", "NA", "x1"),
    ("Snow/Mud", "x2", "x2", "x1", "x2", "x1"),
)

# --- To hit: a die with as many sides as the weapon's range, >= measured range --------------------------
DICE = (4, 6, 8, 10, 12, 20)
RANGE_DIE_NOTE = (
    "A range with no die (e.g. 16) rolls 1D20 and re-rolls results over it, so every result 1-16 is "
    "equally likely. The text gives no way to roll a range over 20 (24): listgen reads it as every "
    "result 1-24 equally likely, as if a 24-sided die were rolled."
)
TO_HIT_MODIFIERS = (
    ("Target Very Large", +2),
    ("Target Large", +1),
    ("Target Small", -1),
    ("Target Very Small", -2),
    ("Range Finder Cybernetic", +2),
    ("Range Finder Advanced", +1),
    ("Range Finder Primitive", -1),
    ("Radar (+3 with Command Center)", +2),
    ("Light cover", -1),
    ("Medium cover", -2),
    ("Heavy cover", -3),
    ("Very Heavy cover", -4),
    ("Stationary", +1),
    ("Half Move", 0),
    ("Full Move", -2),
    ("Target is Infantry", -3),
    ("Target is Air unit", -4),
    ("Stealth", -2),
    ("Field Generator (not guns)", -2),
    ("Smoke/Chaff", -4),
    ("Firer Suppressed", -3),
    ("Hull Down (turret/no turret)", -2),
)

# --- Missiles: 1D10 >= hit number ------------------------------------------------------------------
MISSILE_HIT = {"basic": 5, "laser": 4, "plasma": 3}
MISSILE_MODIFIERS = (
    ("Tech Level", None),
    ("Firer Moved", -2),
    ("Smoke", -4),
    ("Evasion", -1),
    ("V Large", +2),
    ("Large", +1),
    ("Small", -1),
    ("V Small", -2),
    ("Air Target", -2),
    ("AMDS", -2),
)
TECH_MODIFIER_NOTE = (
    "The missile and counterbattery tables add a 'Tech Level' modifier whose values are in the "
    "missing part of Technology Levels: listgen cannot apply it and leaves it out."
)
AMDS_RADIUS = 6

# --- Weapons printed in the text: range, vehicle / infantry to-kill ('-' = None) ------------------------


class Weapon(namedtuple("Weapon", "name min_range max_range vehicle infantry tech missile kind")):
    """A weapon the text prints: its range in inches (min, max), to-kill ratings against vehicles and
    infantry (None where it prints '-' or nothing), the technology level it needs, whether it is a
    missile, and what carries it: infantry, vehicle, air, ad, apw, law, nose (aircraft gun), wing, bomb."""

    __slots__ = ()


WEAPONS = {
    "inf-gun": Weapon("Inf Gun", 1, 12, 0, 1, "basic", False, "infantry"),
    "inf-tow": Weapon("Inf TOW", 4, 20, 3, None, "basic", True, "infantry"),
    "inf-laser-gun": Weapon("Inf Laser Gun", 1, 20, 3, 2, "laser", False, "infantry"),
    "inf-plasma-tow": Weapon("Inf Plsm TOW", 4, 24, 6, 2, "plasma", True, "infantry"),
    "inf-gaw": Weapon("Inf GAW", 1, 10, 0, None, "basic", True, "infantry"),
    "he-missile": Weapon("HE Missile", 4, 20, 3, None, "basic", True, "vehicle"),
    "plasma-missile": Weapon("Plasma Missile", 4, 24, 6, 2, "plasma", True, "vehicle"),
    "air-he-missile": Weapon("Air HE Missile", 4, 24, 3, None, "basic", True, "air"),
    "air-plasma-missile": Weapon("Air Plasma Missile", 6, 24, 6, 2, "plasma", True, "air"),
    "ad-he-missile": Weapon("AD HE Msl", 1, 24, 3, None, "basic", True, "ad"),
    "ad-plasma-missile": Weapon("AD Plsm Msl", 1, 24, 6, None, "plasma", True, "ad"),
    "laser-cannon": Weapon("Laser Cannon", 1, 20, 3, 2, "laser", False, "vehicle"),
    "heavy-laser-cannon": Weapon("Hvy Laser Cannon", 1, 24, 4, 2, "laser", False, "vehicle"),
    "ion-cannon": Weapon("Ion Cannon", 1, 20, 5, 2, "laser", False, "vehicle"),
    "plasma-cannon": Weapon("Plasma Cannon", 1, 20, 6, 3, "plasma", False, "vehicle"),
    # Named, with ranges, but their to-kill ratings are in the missing troop lists:
    "apw": Weapon("APW", 1, 10, None, None, "basic", False, "apw"),
    "apwl": Weapon("APWL", 1, 10, None, None, "laser", False, "apw"),
    "apwp": Weapon("APWP", 1, 10, None, None, "plasma", False, "apw"),
    "law": Weapon("LAW", 1, 4, None, None, "basic", False, "law"),
    "lawl": Weapon("LAWL", 1, 4, None, None, "laser", False, "law"),
    "lawp": Weapon("LAWP", 1, 4, None, None, "plasma", False, "law"),
    # Aircraft stores named in Air Units, ratings not printed (a bomb rolls 1D8 penetration):
    "air-gun": Weapon("Air gun", None, None, None, None, "basic", False, "nose"),
    "rocket-pod": Weapon("Rocket pod", None, None, None, None, "basic", False, "wing"),
    "bomb": Weapon("Guided bomb", None, 10, None, None, "basic", False, "bomb"),
}


def range_text(weapon: Weapon) -> str:
    """'4-20' with a minimum range over 1, '12' without, '-' when the text prints none."""
    if weapon.max_range is None:
        return "-"
    return (
        f"{weapon.min_range}-{weapon.max_range}" if weapon.min_range and weapon.min_range > 1 else str(weapon.max_range)
    )


TOW_NOTE = (
    "Inf TOW: the missile table prints 3/-, the Selected Weapons table 3/0; listgen follows the missile "
    "table (no infantry rating)."
)
INFANTRY_SQUAD_WEAPONS = ("inf-gun", "inf-gaw")  # "Infantry squads may only be equipped with infantry guns & GAW"
TECH_ALLOWS = {"basic": {"basic"}, "laser": {"basic", "laser"}, "plasma": {"basic", "laser", "plasma"}}
# Infantry Units, APW's & LAW's: "Each type of infantry will be automatically equipped with the best [APW and LAW]
# allowed by its army's technology level. Vehicles such as tanks, tank destroyers, & APC's will also be equipped
# with the best APW".
BEST_APW = {"basic": "apw", "laser": "apwl", "plasma": "apwp"}
BEST_LAW = {"basic": "law", "laser": "lawl", "plasma": "lawp"}
APW_VEHICLES = ("tank", "tank-destroyer", "apc", "vtol")  # "All tanks, tank destroyers, APC's, & VTOL craft carry ...
EQUIPPED_NOTE = (
    "APW and LAW: each infantry squad is 'automatically equipped with the best allowed by its army's "
    "technology level', tanks, tank destroyers and APCs with the best APW: listgen equips them (a "
    "list need not name them, may not name a lesser one) and prints and prices them as carried."
)
# Organization: a Platoon of vehicles may "transport a different Platoon of infantry or towed weapons"
CARGO_TYPES = INFANTRY_TYPES + ("towed-artillery",)
# Fire Combat, "Selected Armor Ratings (See troop lists for a full listing.)": vehicle to-kill armour front/flank
ARMOUR_EXAMPLES = (("Light Tank", "4/3"), ("Medium Tank", "5/4"), ("Main Battle Tank", "6/5"))
ARMOUR_RATINGS = {name.lower().replace(" ", "-"): rating for name, rating in ARMOUR_EXAMPLES}
ARMOUR_NAMES_TEXT = ", ".join(f"{slug} {rating}" for slug, rating in ARMOUR_RATINGS.items())
# Fortifications: "The armor ratings for fortifications are Light = 2, Medium = 4, Heavy = 6, Very Heavy = 8."
FORTIFICATION_ARMOUR = {"light": 2, "medium": 4, "heavy": 6, "very-heavy": 8}
FORTIFICATIONS_NOTE = (
    "Fortifications are not listed as stands: the text handles them by the cover modifiers, or as a "
    "unit given an armour (as above) and a size, its weapons crewed (crews that man them do not check morale); one "
    'section holds one infantry squad. A simple fortified wall may run up to 2" from a pillbox or other '
    "fortification at no cost."
)
ARMOUR_FORM = re.compile(r"[0-9]{1,2}/[0-9]{1,2}|" + "|".join(ARMOUR_RATINGS))
# Artillery: Counterbattery Fire and Air Units: Calling for Air Support - 1D10 + DRM, 6 or more succeeds
COUNTERBATTERY_MODIFIERS = (
    ("Command Center", "+1"),
    ("Tech Level", "+ (missing)"),
    ('Range >150"', "-1"),
    ("Target is Towed Artillery", "+2"),
)
AIR_SUPPORT_MODIFIERS = (("Command Center", "+1"), ("Tech Level", "+ (missing)"), ("Poor Weather", "-1"))
SIGHTING = (("Clear day", '30"', '15"'), ("Hazy day", '15"', '10"'))  # vehicles, infantry
PLATOON_MORALE_TESTS = (
    'Test a Platoon (1D10, fail on the chart number or less) when: within 20" of enemy combat vehicles or 10" of '
    "enemy infantry it would move closer, leave cover or go on Overwatch; on each loss once it has lost more than "
    "20% of its units; to recover from Shaken.",
    "Failed: advancing - no advance, no Overwatch, may fire; leaving cover - no move; going on Overwatch - no "
    "move, must fire; after a loss - one morale state lower (Good, Shaken, Routed: removed); recovering - stays "
    "Shaken.",
)
ARTILLERY_MIN_RANGE = ('4"', '8"')  # "All artillery will have a minimum range ... of 4 to 8 inches"
FIELD_GENERATOR_RANGE = '12"'  # "within 12 inches of a Field Generator": enemy laser, ion, plasma To Hit & To Kill -2
DEMOLITION = "1D6 + 3"  # Engineers: "Roll 1D6 & add a 3 ... greater than the structure's armor"
MULTIPLE_WEAPONS = (
    "Multiple weapons systems: a unit that moves fires one system; stationary, up to two at different "
    "targets (combat walkers two, moving or not); infantry fire all their weapons."
)
TECH_UNITS = {"mobile-infantry": "laser", "powersuit-infantry": "plasma"}
TECH_UNIT_NOTE = (
    "Basic technology allows no mobile or powersuit infantry; Laser allows mobile infantry. The text "
    "stops before the Plasma level: listgen takes powersuit infantry as Plasma technology."
)

# --- To kill ---------------------------------------------------------------------------------------------
VEHICLE_KILL_MODIFIERS = (
    ("Very Large", -1),
    ("Very Small", +1),
    ("Field Generator (not guns or missiles)", -2),
    ("<1/3 Max Range (guns only)", +2),
    (">2/3 Max Range (guns only)", -1),
)
# To kill's range DRM (+2 under a third of max range, -1 over two thirds): "Applies only to guns (not lasers or plasma
# weapons.)"; "Guns will be affected but plasma & laser cannons & missiles will not be". The guns the text names:
GUNS = ("inf-gun", "apw", "law", "air-gun")
GUNS_NOTE = (
    "To kill's range DRM (+2 under a third of max range, -1 over two thirds) is for guns only (Inf Gun, APW, LAW, "
    "air gun): not lasers, plasma or missiles. The ion cannon is in neither of the text's lists; listgen reads it "
    'as Installations does ("lasers, ion, & plasma weapons" against "Guns & missiles"): no range DRM.'
)
INFANTRY_SUPPRESS = (1, 4)  # "Infantry will be suppressed on a result of 1 to 4. Higher results will destroy"

# --- Close combat: each 1D6 + modifiers; lower destroyed; ties re-rolled without modifiers ------------
CLOSE_COMBAT_MORALE = {"guard": +3, "elite": +1, "veteran": 0, "green": -1, "militia": -3}
CLOSE_COMBAT_MODIFIERS = (
    (("Armor rating (infantry full, vehicles flank)", None),)
    + tuple(("Rabble" if rating == "militia" else rating.title(), m) for rating, m in CLOSE_COMBAT_MORALE.items())
    + (
        ("Leader Attached", +2),
        ("2 Attackers", +1),
        ("Engineer", +1),
        ("Light cover (defender)", +1),
        ("Medium cover (defender)", +2),
        ("Heavy cover (defender)", +3),
    )
)
RABBLE_NOTE = "Close combat's 'Rabble' (-3) is read as the Morale Chart's Militia."

# --- Artillery ------------------------------------------------------------------------------------------
ARTILLERY_RATING = {"basic": 6, "laser": 5, "plasma": 4}  # Artillery Arrival Hit Table, 1D10 >= rating
ARRIVAL_MODIFIERS = (("Target visible to artillery", +2), ("Command Center", +2), ("Psionic Race", +2))
ARRIVAL_NOTE = (
    "The text: fire begins on 'greater than or equal to' the rating and is cancelled on 'less than or "
    "equal to' it; listgen reads an equal roll as fire beginning."
)


class Rating(namedtuple("Rating", "vehicle infantry")):
    """To-kill ratings against vehicles and against infantry."""

    __slots__ = ()


ARTILLERY_KILL = {  # class: {tech: Rating}
    "light": {"basic": Rating(-1, 1), "laser": Rating(0, 2), "plasma": Rating(1, 3)},
    "medium": {"basic": Rating(0, 2), "laser": Rating(1, 3), "plasma": Rating(2, 4)},
    "heavy": {"basic": Rating(1, 3), "laser": Rating(2, 4), "plasma": Rating(3, 5)},
}
MRL_BONUS = 1
ARTILLERY_COVER = (("Light", -1), ("Medium", -2), ("Heavy", -3))


class Area(namedtuple("Area", "regular mrl")):
    """The radius of artillery's impact zone in inches, for regular artillery and for an MRL."""

    __slots__ = ()


ARTILLERY_AREA = {"light": Area(1, 2), "medium": Area(2, 3), "heavy": Area(3, 4)}
AMMUNITION_TURNS = {"artillery": 5, "towed-artillery": 5, "mrl": 2}  # turns of fire per lot
COUNTERBATTERY = 6  # 1D10 + modifiers >= 6
AIR_SUPPORT = 6

# --- Morale: 1D10 <= chart number fails ---------------------------------------------------------------
MORALE_CHART = {"guard": 1, "elite": 2, "veteran": 3, "green": 4, "militia": 5}
MORALE_MODIFIERS = (("Leader", +2), ("Shaken", -2), ("Cover", +1))
LEADER_KILLED = 3  # 1D10: on a 1 through 3 the leader is killed

# --- Mines --------------------------------------------------------------------------------------------


class Minefield(namedtuple("Minefield", "name strength tech")):
    """A minefield type: its strength (MF 1, MFL 2, MFP 3) and the technology level it needs."""

    __slots__ = ()


MINEFIELDS = {
    "mf": Minefield("MF", 1, "basic"),
    "mfl": Minefield("MFL", 2, "laser"),
    "mfp": Minefield("MFP", 3, "plasma"),
}
MINE_DENSITY_NOTE = (
    "A mine is hit when 1D6 is 'less than or equal to the density of the minefield'; the text "
    "gives only its strength (1-3), which listgen uses as the density."
)
MINE_INFANTRY_NOTE = "A mine result of exactly 4 against infantry is not given; listgen reads it as suppressed."

# --- Installations: what one supports ---------------------------------------------------------------
INSTALLATIONS = (
    "barracks",
    "maintenance",
    "hangar",
    "vtol-pad",
    "fighter-strip",
    "bomber-strip",
    "ground-radar",
    "air-radar",
    "field-generator",
    "command-center",
)
BARRACKS_SQUADS = 12  # "One infantry barracks can support 12 squads (1 per section of the barracks)"
MAINTENANCE_VEHICLES = 6
HANGAR_CRAFT = 2
PAD_VTOL = 8
STRIP_AIRCRAFT = 8
BUILDINGS_PER_ENGINEER = 4

# --- Aircraft loads ------------------------------------------------------------------------------------
AIRCRAFT_TYPES = ("fighter", "bomber")  # "Fighters & bombers": the aircraft whose loads the text rules
FIGHTER_WEAPONS = 3
BOMBER_WEAPONS = 5
FIGHTER_BANNED = ("bomb", "rocket-pod")

FIELD_GENERATOR_NOTE = (
    "Field generators: Basic technology excludes them and the Laser additions do not list them (the "
    "text stops before Plasma); listgen allows them from Laser, the first level with the laser and "
    "ion weapons they work against."
)
PRICES_NOTE = (
    "Sol Prime names purchase prices but its troop lists with the prices are missing: listgen prices "
    "assault armour (+1, as printed) and takes everything else from a supplied points_table."
)
