"""S.M.L.E. tables, transcribed from smle.txt (Chris & Alex Nicole, 2004-2015).

Each table names the heading of smle.txt it comes from in its ``REF_*`` constant.
Where the text is ambiguous the choice made is stated in a ``*_NOTE`` string that
the reference sheet, hit tables and findings show to the user.
"""

from __future__ import annotations

from collections import namedtuple

from listgen.rulesets.slammer import Activation, ActivationTable, Band


def ref(section: str) -> str:
    return f"S.M.L.E. {section}"


REF_ORGANISATION = ref("Organisation of Forces")
REF_INDIVIDUALS = ref("Individuals / Leaders")
REF_TEAMS = ref("Teams")
REF_SECTIONS = ref("Sections or Squads")
REF_PLATOONS = ref("Platoons")
REF_QUALITY = ref("Troop Quality")
REF_MOTIVATION = ref("Troop Motivation")
REF_TURN = ref("Game Turn Sequence")
REF_ACTIVATION = ref("Table 1. Activation Table")
REF_ACTIVATION_MODS = ref("Activation Modifiers")
REF_MOVEMENT = ref("Table 2. Infantry Movement Examples")
REF_DOORS = ref("Movement: Opening a Door / Kick in Doors")
REF_SHOOTING = ref("Shooting")
REF_TABLE3 = ref("Table 3: Firer and Target Modifiers")
REF_WEAPONS = ref("WW II Direct fire weapons table")
REF_DAMAGE = ref("Effect of Fire Hits")
REF_TABLE4 = ref("Table 4. Armour Rating")
REF_CLOSE_ASSAULT = ref("Table 5. Close Assault")
REF_EXPLOSIVES = ref("Explosive Effect Weapons")
REF_VEHICLES = ref("Vehicle Rules")
REF_VEHICLE_COMBAT = ref("Vehicle Combat")
REF_EXAMPLE_VEHICLES = ref("Example Vehicles")
REF_HEROES = ref("Hollywood Extras: Heroes")
REF_POINTS = ref("SMLE Unit Points Costs")

QUALITIES = ("untrained", "green", "trained", "veteran")

# --- Organisation of Forces / Troop Quality / SMLE Unit Points Costs ----------------------
TEAM_FIGURES = (2, 6)  # "Each element is a team of two to six figures."
MOB_FIGURES = (2, 12)  # "an untrained mob could be up to twelve figures"
TEAM_FIGURES_BY_QUALITY = {  # "A veteran team would be two or three figures," ...
    "veteran": (2, 3),
    "trained": (3, 4),
    "green": (4, 6),
    "untrained": (2, 12),
}
ELITE_TEAM_FIGURES = (2, 4)  # "Better quality troops i.e. Veteran and Elite may form smaller teams of 2 - 4"
SECTION_TEAMS = (2, 4)  # "A Section or Squad is a group of two to four Teams."
PLATOON_SECTIONS = (2, 6)  # "Two to six sections may be grouped under a leader into a platoon"
PLATOON_SECTIONS_NOTE = (
    "The text says a platoon is 'two or more Sections' (Organisation of Forces) and "
    "'Two to six sections' (Platoons, and Points Costs); listgen uses 2-6."
)
PLATOON_FIGURES = 50  # Organisation of Forces: "Platoon level allows games using up to fifty figures on each side"
COMPANY_LEADERS_NOTE = (
    "in a company game 'Leaders would be at platoon and company level' (Platoons): a section leader is "
    "priced 6 as in a platoon game; leave him out, or keep him if your opponent agrees"
)
COMMAND_TEAM_FIGURES = (2, 4)  # "Platoon Leaders come with a command team (2-4 figures)"
COMMAND_TEAM_NOTE = "The command team's 2-4 figures are counted without the platoon leader."
COMPANY_PLATOONS = (2, 4)  # "company level games involving two to four platoons"
SUPPORT_COUNTS_AS = 2  # "(Support weapons count as two figures.)"
# A crew-served weapon's crew, gunner included: the AT rifle's "with 2-3 crew" (weapons table), read for every
# weapon the table calls crew served (HMG, GPMG, mortars, guns): Teams, "Crew served support weapons".
MORTARS = ("light-mortar", "medium-mortar")  # their bombs are counted off (EXPLOSIVES_NOTE)
ATM_RELOADS = 2  # Example Vehicles, Tracked APC: "2x reloads for the ATM inside"
EXPLOSIVES_NOTE = (
    "Explosives: 'Limit the number of explosive rounds available and count them off as they are "
    "used' (Explosive Effect Weapons); the text sets no number, so a mortar's bombs are written in "
    "and counted off."
)
CREW_SERVED_CREW = 2
CREW_NOTE = (
    "a crew-served weapon needs a crew of two at least, gunner included (the AT rifle's 'with 2-3 crew'; "
    "Teams: 'Crew served support weapons'); a hero needs none ('Big Guns')"
)
# Teams: "A fire team may also include a figure with a squad support weapon, such as; a LMG, BAR or grenade
# launcher": one such figure to a team.
SQUAD_SUPPORT_WEAPONS = ("lmg", "grenade-launcher")
SQUAD_SUPPORT_PER_TEAM = 1

# --- Table 1. Activation Table -------------------------------------------------------------
ACTIVATION = ActivationTable(
    bands=(
        Band("< 1", None, 0, "Break", "Full move x2", "Abandon Heavy Weapons", "Flee or surrender"),
        Band("1", 1, 1, "Fall Back", "Full move back", "No Firing"),
        Band("2", 2, 2, "Fall Back", "Half move back", "Panic Fire"),
        Band("3,4", 3, 4, "Pinned", "No movement", "Return Fire", "Reload Heavy Weapons"),
        Band("5", 5, 5, "Stand", "Half move", "Return Fire", "Recover Casualties"),
        Band("6", 6, 6, "Stand", "Half move", "Opportunity Fire", "De-bus and Deploy"),
        Band("7", 7, 7, "Advance", "Half move", "Opportunity Fire", "Observe for indirect fire"),
        Band("8", 8, 8, "Advance", "Half move", "Direct Fire"),
        Band("9,10", 9, 10, "Close", "Half move", "Close Assault", "Deactivate Booby Traps"),
        Band("11,12", 11, 12, "Close", "Full move", "Close Assault"),
        Band("13 +", 13, None, "Double Move", "Full Move", "Close Assault"),
    ),
    steady_target="7",  # "shift the Activation Level up or down one level towards 7 Advance"
)

# Activation Modifiers: troop quality (Fanatics +6 is used *instead* of quality).
ACTIVATION_QUALITY = {"untrained": 0, "green": 2, "trained": 4, "veteran": 6}
ACTIVATION_FANATIC = 6
ACTIVATION_MOTIVATION_ADD = {"warriors": 2}
ACTIVATION_MOTIVATION_SHIFT = {"elite": "up", "reluctant": "down", "steady": "steady"}
ACTIVATION_ROLL = Activation(
    ACTIVATION, ACTIVATION_QUALITY, ACTIVATION_FANATIC, ACTIVATION_MOTIVATION_ADD, ACTIVATION_MOTIVATION_SHIFT, die=6
)  # "Each player rolls 1D6 for each of their teams"
ACTIVATION_SITUATION = (  # (modifier, label) as printed
    (+1, "Leader with group"),
    (+2, "Fresh troops"),
    (+1, "Armoured troops"),
    (+1, "Concealed"),
    (+2, "In Hard Cover"),
    (+3, "In Prepared Position"),
    (-1, "Each wounded"),
    (-2, "Each casualty"),
    (+1, "Not under Fire"),
    (-1, "Under Direct Fire"),
    (-1, "Under Auto Fire"),
    (-2, "Under Explosive Fire"),
    (-2, "Separated from unit"),
    (-1, "Attacked from Flank"),
    (-2, "Attacked from rear"),
    (-2, "Broken troops"),
)

# --- Table 2. Infantry Movement Examples ---------------------------------------------------
MOVEMENT = (  # (kind, inches, notes)
    ("Unarmoured", '10"', "Civilians and figures in normal clothing (not moving tactically)."),
    ("Light Infantry", '8"', "Military and Police uniform and open helmet."),
    ("Heavy Infantry", '6"', "Ballistic cloth, flak jacket & helmet; or NBC suit"),
    ("Cavalry", '16"', "Strategic movement; not usually ridden into combat."),
    ("Bicycles", '12"', ""),
    ("Warriors", '+2"', "Troops specialising in close assault."),
)
WARRIOR_MOVE_BONUS = 2
MOUNT_MOVE = {"cavalry": 16, "bicycles": 12}
ENCUMBRANCE_NOTE = (
    'Encumbered: -1" carrying a heavy weapon (the text names LMG and light mortar), -2" '
    "for a very heavy weapon (AT rifle, flame thrower, mortar). The text names no HMG or GPMG: "
    'listgen takes -2" for the HMG and -1" for the GPMG, by analogy.'
)

# --- Table 4. Armour Rating (and the armour-based force multipliers) ------------------------


class Armour(namedtuple("Armour", "slug name short vs_b vs_ex move notes")):
    """A row of Table 4: its name as printed and in a word or two, the defender modifier against B
    weapons (vs_b) and against E and X weapons (vs_ex), and the Table 2 move; None where the text
    prints none."""

    __slots__ = ()


ARMOUR = {
    "none": Armour("none", "None (unarmoured)", "None", -1, -2, 10, "Civilians, normal clothing."),
    "light": Armour("light", "Light Infantry", "Light Infantry", 0, -1, 8, "Uniform & open helmet"),
    "body": Armour("body", "Body Armour (heavy infantry)", "Body Armour", +1, 0, 6, "Kevlar, flak jacket & helmet."),
    # Power armour appears only among the force multipliers: Table 4 and Table 2 print no row.
    "power": Armour("power", "Power Armour", "Power Armour", None, None, None, "No Table 4 row or move in S.M.L.E."),
}
POWER_ARMOUR_NOTE = (
    "S.M.L.E. prices power armour (x2) but prints no Table 4 modifier or move "
    "for it (it comes from Slammer): damage and move are left blank."
)
DEFENDER_QUALITY = {"untrained": -1, "green": 0, "trained": 0, "veteran": +1}
DEFENDER_MOTIVATION = {"elite": +1, "fanatic": +1}
DEFENDER_NOTE = "Defender modifiers for quality and for Elite/Fanatic are added together."

# --- Shooting -------------------------------------------------------------------------------
TO_HIT = {"untrained": 9, "green": 8, "trained": 7, "veteran": 6}  # Firer To-Hit numbers
SNAKE_EYES = 2  # "An unmodified score of two ... is always treated as a miss."
EXTREME_RANGE = -4  # beyond effective range, up to twice it
CLOSE_RANGE_INCHES = 4
FIRER_MODIFIERS = (
    ("Elite Troops", +1),
    ("Firer moved half move or more", -4),
    ("Firer moved up to half move", -2),
    ("Prone Firer", +1),
    ("Braced Weapons", +1),
    ("Firing from a prepared position", +2),
    ("Not under Fire", +2),
    ("Firer received a light wound", -2),
    ("Direct Fire", +2),
    ("Return Fire", -2),
    ("Panic Fire", -3),
)
TARGET_MODIFIERS = (
    ("Untrained", +2),
    ("Green Troops", +1),
    ("Trained Troops", 0),
    ("Veteran Troops", -1),
    ("One Specific figure", -3),
    ("Target group is unaware", +2),
    ("Moving into or out of sight", -2),
    ("Moved more than half move in sight", +1),
    ("Prone Targets", -1),
    ("Soft Cover", -2),
    ("Hard Cover", -3),
    ("Prepared Position", -4),
)
TARGET_QUALITY = {"untrained": +2, "green": +1, "trained": 0, "veteran": -1}  # Table 3's target rows by quality

# --- WW II Direct fire weapons table ----------------------------------------------------------


class Weapon(
    namedtuple(
        "Weapon",
        "slug name type rating close range notes braced min_range support encumbrance "
        "item crew mounted priced_as source",
        defaults=(False, None, False, 0, False, False, False, None, REF_WEAPONS),
    )
):
    """A row of the WW II Direct fire weapons table.

    type: letters E energy, B ballistic, X explosive, A autofire, H heavy; rating: damage dice as
    printed (None where the table prints '--'); close: the Close (<4") factor (None: N/A); range:
    effective range in inches; braced: '*', must be braced to fire; min_range: mortars may not fire
    closer; support: the figure counts as two; encumbrance: inches off the carrier's move; item:
    counted and crossed off (grenades), not a figure's weapon; crew: crew-served, so it needs a team
    (Teams: Support Weapon Teams); mounted: only ever a vehicle's weapon; priced_as: "grenade" or
    "rpg" when its ammunition is priced as explosives instead of by the weapons multiplier; source:
    the section it comes from.
    """

    __slots__ = ()

    @property
    def damage_class(self) -> str:
        """Which column of Table 4 a hit uses: 'B' or 'E/X'."""
        return "B" if self.type.startswith("B") else "E/X"


WEAPONS = {
    w.slug: w
    for w in (
        Weapon(
            "at-rifle",
            "Anti-tank Rifle or auto-cannon",
            "BH",
            "1D+2",
            -2,
            60,
            '.50", 15mm - 25mm with 2-3 crew',
            braced=True,
            support=True,
            encumbrance=2,
            crew=True,
        ),
        Weapon(
            "hmg",
            "Heavy Machine-gun (HMG)",
            "BAH",
            "1D+2",
            -1,
            60,
            "Belt fed, tripod or vehicle mounted. Crew served heavy calibre e.g. .50cal, 12.7mm",
            braced=True,
            support=True,
            encumbrance=2,
            crew=True,
        ),
        Weapon(
            "gpmg",
            "General purpose Machine-gun (GPMG)",
            "BA",
            "1D+1",
            0,
            40,
            "Belt fed, tripod, wheeled or bipod mounted, crew served rifle calibre e.g. MG42, US.30cal, Vickers MMG",
            braced=True,
            support=True,
            encumbrance=1,
            crew=True,
        ),
        Weapon(
            "lmg",
            "Light Machine-gun (LMG)",
            "BA",
            "1D",
            +1,
            28,
            "Magazine fed, bipod mounted, rifle calibre e.g. Bren, BAR",
            support=True,
            encumbrance=1,
        ),
        Weapon("rifle", "Bolt Action Rifle", "B", "1D", 0, 24, "Standard Military Rifle"),
        Weapon("semi-auto-rifle", "Semi-Automatic Rifle", "B", "1D", +1, 20, "M1 Garand etc"),
        Weapon(
            "assault-rifle",
            "Military Assault Rifle",
            "B",
            "1D",
            +2,
            24,
            "MP43-44, AK47 (Classed as BA at close range.)",
        ),
        Weapon("smg", "Sub-machine-gun / machine pistol", "BA", "1D-1", +3, 10, "Sten, Thompson, Uzi, Schmeiser etc."),
        Weapon("sniper-rifle", "Sniper Rifle", "B", "1D+1", +1, 36, "Precision weapon with Scope"),
        Weapon("shotgun", "Shotgun", "B", "1D", +4, 8, "Hunting or close quarter weapon"),
        Weapon("handgun", "Handgun", "B", "1D-1", +3, 4, "Pistol, Revolver"),
        Weapon(
            "bazooka",
            "Bazooka/Panzerfaust",
            "X",
            "2D+2",
            None,
            20,
            "One shot Anti-Tank missile.",
            support=True,
            priced_as="rpg",
        ),
        Weapon(
            "flamethrower", "Flame-Thrower", "EA", "2D-2", +3, 8, "Man pack flame thrower", support=True, encumbrance=2
        ),
        Weapon(
            "hand-grenade",
            "Hand Grenade",
            "X",
            "2D",
            None,
            5,
            "Hand Grenade, stick grenade, sticky bomb, etc.",
            item=True,
        ),
        Weapon(
            "grenade-launcher",
            "Grenade Launcher",
            "X",
            None,
            +1,
            24,
            "Effect as Grenade type",
            support=True,
            priced_as="grenade",
        ),
        Weapon(
            "light-mortar",
            "Light Mortar",
            "XH",
            "2D",
            None,
            None,
            '2" or 50mm platoon mortar. One bomb per round, may not fire at less than 12" range',
            braced=True,
            min_range=12,
            support=True,
            encumbrance=1,
            crew=True,
        ),
        Weapon(
            "medium-mortar",
            "Medium Mortar",
            "XH",
            "3D",
            None,
            None,
            '3" or 81mm company mortar. One bomb per round, may not fire at less than 18" range',
            braced=True,
            min_range=18,
            support=True,
            encumbrance=2,
            crew=True,
        ),
        # Vehicle weapons named in the Example Vehicles (no range is printed for them).
        Weapon(
            "tank-gun",
            "Turreted Tank Gun",
            "XH",
            "4D",
            None,
            None,
            "Battle Tank example",
            braced=True,
            mounted=True,
            source=REF_EXAMPLE_VEHICLES,
        ),
        Weapon(
            "atm",
            "Guided Anti-Tank Missile",
            "X",
            "4D",
            None,
            None,
            "Tracked APC example; anti-missile screens reduce it by 1D",
            mounted=True,
            source=REF_EXAMPLE_VEHICLES,
        ),
    )
}
SHORT_NAMES = {  # for the roster's narrow columns
    "at-rifle": "AT rifle / autocannon",
    "hmg": "HMG",
    "gpmg": "GPMG",
    "lmg": "LMG",
    "rifle": "Rifle",
    "semi-auto-rifle": "Semi-auto rifle",
    "assault-rifle": "Assault rifle",
    "smg": "SMG",
    "sniper-rifle": "Sniper rifle",
    "shotgun": "Shotgun",
    "handgun": "Handgun",
    "bazooka": "Bazooka/Panzerfaust",
    "flamethrower": "Flame-thrower",
    "hand-grenade": "Hand grenade",
    "grenade-launcher": "Grenade launcher",
    "light-mortar": "Light mortar",
    "medium-mortar": "Medium mortar",
    "tank-gun": "Tank gun",
    "atm": "Guided ATM",
}
# Names the weapons table gives as examples of its rows (its Notes column), so that 'bren' finds the LMG.
ALIASES = {
    alias: (slug, f"the text gives the {example} as its example of the {row}")
    for slug, row, examples in (
        ("lmg", "Light Machine-gun", ("Bren", "BAR")),
        ("gpmg", "General purpose Machine-gun", ("MG42", "US.30cal", "Vickers", "Vickers MMG")),
        ("hmg", "Heavy Machine-gun", (".50cal", "12.7mm")),
        ("smg", "Sub-machine-gun", ("Sten", "Thompson", "Uzi", "Schmeiser")),
        ("semi-auto-rifle", "Semi-Automatic Rifle", ("M1 Garand", "Garand")),
        ("assault-rifle", "Military Assault Rifle", ("MP43", "MP44", "AK47")),
        ("handgun", "Handgun", ("Pistol", "Revolver")),
        ("bazooka", "Bazooka/Panzerfaust", ("Panzerfaust",)),
        ("light-mortar", "Light Mortar", ('2" mortar', "50mm mortar")),
        ("medium-mortar", "Medium Mortar", ('3" mortar', "81mm mortar")),
        ("flamethrower", "Flame-Thrower", ("flame thrower",)),
    )
    for example in examples
    for alias in ["".join(c for c in example.lower() if c.isalnum())]
}
# Names players type that the text does not print: each mapped to the row it fires as, and said to be listgen's
# reading, not the text's example.
ALIASES.update(
    {
        alias: (slug, f"the text does not name the {name}; listgen reads it as the {row}, {why}")
        for slug, row, why, names in (
            ("bazooka", "Bazooka/Panzerfaust", "a one-shot infantry anti-tank weapon", ("PIAT", "Panzerschreck")),
            ("gpmg", "General purpose Machine-gun", "as the MG42 it preceded", ("MG34",)),
            ("smg", "Sub-machine-gun", "as the Sten and Thompson", ("MP40", "PPSh", "Grease gun")),
            ("assault-rifle", "Military Assault Rifle", "the MP44 under its later name", ("StG44", "Sturmgewehr")),
            (
                "rifle",
                "Bolt Action Rifle",
                "a bolt-action service rifle",
                ("Lee-Enfield", "Enfield", "Kar98k", "Mauser", "Springfield", "Mosin"),
            ),
            ("handgun", "Handgun", "a pistol", ("Luger", "Colt", "Webley", "Walther")),
        )
        for name in names
        for alias in ["".join(c for c in name.lower() if c.isalnum())]
    }
)
VEHICLE_BRACING_NOTE = (
    "Mounted weapons: 'Vehicles move and fire in their crew's activation phase', so listgen marks no "
    "vehicle weapon as braced (the tank gun is no row of the weapons table, whose starred rows "
    "are the braced ones); a vehicle's HMG or GPMG fires as it moves."
)
GRENADE_LAUNCHER_NOTE = "Grenade launcher: 'Effect as Grenade type'; its hits are rolled as a Hand Grenade (2D)."
CLOSE_NA_NOTE = "N/A close factor: no close-range bonus, and 0 in close assault."


def gun(calibre_mm: int, anti_tank: bool = False) -> Weapon:
    """An artillery, tank or anti-tank gun by calibre (Explosive Effect Weapons).

    "a gun gets 1D6 effect and 1" burst radius for each inch/25mm calibre ... Anti-Tank
    guns get +1 per dice on a direct hit. 88's should be treated as 4" guns (4D+4 Ex)".
    """
    if calibre_mm == 88:
        n, add = 4, 4
    else:
        n = max(1, calibre_mm // 25)
        add = n if anti_tank else 0
    rating = f"{n}D" + (f"+{add}" if add else "")
    kind = "Anti-tank gun" if anti_tank else "Gun"
    # Guns are crewed by Support Weapon Teams ("anti-tank guns"): the figure counts as two, like
    # every other support weapon ("Figures with Support Weapons ... count as two figures").
    return Weapon(
        f"{'at-' if anti_tank else ''}gun-{calibre_mm}mm",
        f"{kind} {calibre_mm}mm",
        "XH",
        rating,
        None,
        None,
        f'{n}" burst radius',
        braced=True,
        support=True,
        crew=True,
        source=REF_EXPLOSIVES,
    )


# --- Damage outcomes (Effect of Fire Hits) ----------------------------------------------------
DAMAGE_OUTCOMES = ("killed", "serious wound", "light wound", "no effect")

# --- Table 5. Close Assault -----------------------------------------------------------------
CLOSE_ASSAULT_QUALITY = {"untrained": -2, "green": -1, "trained": 0, "veteran": +1}
CLOSE_ASSAULT_MOTIVATION = {"elite": +1, "fanatic": +1, "warriors": +2}
CLOSE_ASSAULT_MODIFIERS = (
    ("Untrained", -2),
    ("Green troops", -1),
    ("Veterans", +1),
    ("Elite", +1),
    ("Fanatics", +1),
    ("Warriors", +2),
    ("Armoured Infantry", +1),
    ("Defending a prepared position", +2),
    ("Wounded", -2),
    ("Surprised or unaware", -2),
    ("Outnumbered: each opponent after the first", -1),
    ("Melee Weapons: Swords, Axes, etc.", +3),
    ("Improvised Weapons: Clubs, bottles, rocks...", +1),
)

# --- Kick in Doors: success on 4+ on 1D6 + modifiers ------------------------------------------
DOOR_TARGET = 4
DOOR_QUALITY = {"untrained": -2, "green": -1, "trained": 0, "veteran": +1}
DOOR_MOTIVATION = {"elite": +1, "fanatic": +1, "reluctant": -1}
DOOR_BREAKERS = 2
DOOR_ROWS = (
    ("Untrained", -2),
    ("Green", -1),
    ("Trained", 0),
    ("Veteran", +1),
    ("Elite or Fanatic (trained)", +1),
    ("Reluctant (trained)", -1),
    ("Trained with door breakers", +2),
    ("Veteran elite with door breakers", +4),
)

# --- Vehicles --------------------------------------------------------------------------------
VEHICLE_SIZES = {  # Vehicle Size: target modifier, examples
    "very-small": (0, "Bikes"),
    "small": (1, "Jeeps, Scout Cars, Civilian Cars, Pick-ups, etc."),
    "medium": (2, "APC, Light Tank, Truck, Van, Mini-bus, etc."),
    "large": (3, "MBT, SPG, Lorry, 'Copter, Boats"),
    "huge": (4, "Aircraft, Ships, Armoured Trains."),
    "flying": (-4, "This includes helicopters (even when they hover)"),
}
VEHICLE_ARMOUR = {  # class: (dice, examples), weakest first
    "softskin": ("1D", "civilians, jeeps, transport, etc."),
    "larger-softskin": ("1D+1", "lorries, cargo carriers, boats, etc."),
    "bulletproof": (
        "1D+2",
        "Troop carriers, half-tracks, tankettes, MG carriers, most armoured cars and combat aircraft",
    ),
    "light-tank": ("2D", "APC's, Scouts, heavier armoured cars, artillery, SPG's."),
    "medium-tank": ("3D", "IFV's, Tank Destroyers, Armoured Trains"),
    "heavy-tank": ("4D", "Main Battle Tanks"),
    "super-heavy-tank": ("5D", ""),
}
VEHICLE_DAMAGE_OUTCOMES = (
    ("vehicle kill", "Double the armour or more: brews up; crew and passengers take a 1D Ex attack"),
    ("serious wound", "Beats the armour (VSW): stops, may not fire this round, armour -1 die"),
    ("light wound", "Equals the armour (VLW): a non-vital component hit"),
    ("no effect", "Less than the armour: no effect but under-fire modifiers"),
)
COMBAT_MOVE = {  # Typical Combat Move Examples: Clear, Rough, Woods, Road, Water
    "fast-wheeled": ("Fast Wheeled", '24"', '12"', '12"', '40"', "N/A"),
    "road-wheels": ("Road Wheels", '20"', '8"', '8"', '40"', "N/A"),
    "heavy-wheeled": ("Heavy Wheeled", '20"', "N/A", '8"', '32"+', "N/A"),
    "light-tracks": ("Light Tracks", '24"', '16"', '12"', '32"', '8"'),
    "tracks": ("Tracks", '20"', '16"', '12"', '24"', "N/A"),
    "heavy-track": ("Heavy Track", '12"', '8"', '8"', '16"', '4"'),
}


class VehicleType(
    namedtuple("VehicleType", "slug name capacity capacity_text crew move armour open_topped size weapons equipment")
):
    """An Example Vehicle: capacity in teams besides the team that crews it (and as printed), the
    crew in figures (low, high) where the text prints one, move (Clear, Rough, Woods, Road, Water as
    printed), armour and size (VEHICLE_ARMOUR and VEHICLE_SIZES keys), open-topped or not, mounted
    weapon slugs, and equipment as printed."""

    __slots__ = ()


EXAMPLE_VEHICLES = {
    v.slug: v
    for v in (
        VehicleType(
            "jeep",
            "Jeep",
            1,
            "One team",
            None,
            ('24"', '12"', '12"', '40"', "N/A"),
            "softskin",
            True,
            "small",
            (),
            "Crew Weapons, or pintle mounted infantry support weapons",
        ),
        VehicleType(
            "truck",
            "Truck",
            3,
            "One section, 2 or 3 teams",
            None,
            ('20"', '8"', '8"', '40"', "N/A"),
            "softskin",
            True,
            "medium",
            (),
            "Passenger Weapons. Towing equipment, cargo 1 ton.",
        ),
        VehicleType(
            "lorry",
            "Lorry",
            12,
            "Crew 2, passengers up to one platoon (8-12 teams)",
            (2, 2),
            ('20"', "N/A", '8"', '32"+', "N/A"),
            "larger-softskin",
            True,
            "large",
            ("gpmg",),
            "Cab mounted Machine Gun, passenger weapons. Cargo 3 tons.",
        ),
        VehicleType(
            "tracked-apc",
            "Tracked Armoured Personnel Carrier",
            3,
            "One section, 2 or 3 teams",
            None,
            ('24"', '16"', '12"', '32"', '8"'),
            "light-tank",
            False,
            "medium",
            ("hmg", "atm"),
            "Turreted HMG or Auto Cannon, Guided Anti-Tank Missile (4D), 2 reloads, amphibious",
        ),
        VehicleType(
            "scout-car",
            "Scout-car",
            0,
            "Crew, 2 or 3",
            (2, 3),
            ('24"', '16"', '12"', '40"', '*4"'),
            "bulletproof",
            True,
            "small",
            ("gpmg",),
            "Pintle mounted MG, Smoke Grenades x2, higher level radio, flotation gear",
        ),
        VehicleType(
            "battle-tank",
            "Battle Tank",
            0,
            "Crew 4, Commander, Driver, Gunner, Loader/Operator",
            (4, 4),
            ('12"', '8"', '8"', '16"', '4"'),
            "heavy-tank",
            False,
            "large",
            ("tank-gun", "gpmg"),
            "Turreted Tank Gun (4D, Ex), CoAx ASW, Commanders MG, Searchlight, smoke, night sight",
        ),
    )
}
LORRY_MG_NOTE = "Example vehicles' unnamed machine guns (cab, pintle, coax) are taken as GPMGs."
CAPACITY_NOTE = (
    "Capacity counts the teams a vehicle carries besides the team that crews it: a Jeep's 'One team' "
    "is one team more than its crew. Only the Lorry (crew 2), Scout-car (2 or 3) and Battle Tank (4) "
    "print a crew, so only theirs is checked."
)
TRUCK_NOTE = (
    "the text's 'whole platoon may be transported in one or two trucks' fits its Lorry ('up to one "
    "platoon, (8-12 teams)'), not its Truck example ('One section, 2 or 3 teams'): listgen holds each "
    "example to its printed capacity, so carry a platoon in Lorries"
)
MOUNTS_NOTE = (
    "an example vehicle mounts what its Equipment line prints: the Jeep's 'pintle mounted infantry support "
    "weapons, (MG, ASW, Guided missile system, etc)' take machine guns, an AT rifle, a grenade launcher and guided "
    "missiles; the Lorry's cab and the Scout-car's pintle a machine gun; the APC's turret an HMG or auto-cannon and "
    "its guided missile; the Battle Tank its tank gun (or a gun by calibre) and machine guns; the Truck carries "
    "passenger weapons only. Mortars and flame-throwers are not mounted on an example: give a custom vehicle"
)
MACHINE_GUNS = ("lmg", "gpmg", "hmg")
VEHICLE_MOUNTS = {  # Example Vehicles, Equipment: what each may mount ('gun' is a tank gun or a gun by calibre)
    "jeep": MACHINE_GUNS + ("at-rifle", "grenade-launcher", "atm"),
    "truck": (),
    "lorry": MACHINE_GUNS,
    "tracked-apc": MACHINE_GUNS + ("at-rifle", "atm"),
    "scout-car": MACHINE_GUNS,
    "battle-tank": MACHINE_GUNS + ("tank-gun", "gun"),
}
# Example Vehicles, Equipment: how many of each mount an example has, as its line prints them (one each unless it
# names two): (mount, weapons it takes, how many). The Jeep's 'pintle mounted infantry support weapons' is one
# pintle; the Battle Tank's 'CoAx ASW, Commanders MG' are two machine guns.
VEHICLE_SLOTS = {
    "jeep": (("pintle mount", MACHINE_GUNS + ("at-rifle", "grenade-launcher", "atm"), 1),),
    "truck": (),
    "lorry": (("cab mounted machine gun", MACHINE_GUNS, 1),),
    "tracked-apc": (("turret (HMG or auto cannon)", MACHINE_GUNS + ("at-rifle",), 1), ("guided missile", ("atm",), 1)),
    "scout-car": (("pintle mounted MG", MACHINE_GUNS, 1),),
    "battle-tank": (("turreted tank gun", ("tank-gun", "gun"), 1), ("coax ASW and commander's MG", MACHINE_GUNS, 2)),
}
ARMOURED_INFANTRY_NOTE = (
    "Close assault: Table 5's 'Armoured Infantry +1' is given to troops in body or power armour "
    "(the armours heavier than light), not to troops in light armour or aboard a vehicle."
)
ARMOURED_TROOPS_NOTE = (
    "'Armoured Troops are vehicle crew or in armoured vehicles': every vehicle's crew team is +1 "
    "to activation, soft-skins' too; teams carried in an armoured vehicle are +1 while aboard."
)
BAZOOKA_3D_NOTE = (
    "The Vehicle Combat example calls the Bazooka a '3D attack'; the weapons table gives 2D+2, which listgen uses."
)

# --- SMLE Unit Points Costs -------------------------------------------------------------------
POINTS_TEAM = 12  # "12 points for each team."
POINTS_SECTION_LEADER = 6  # "Leaders are an extra 6 points at section level"
POINTS_PLATOON_LEADER = 12  # "Platoon Leaders come with a command team (2-4 figures) and cost 12."
POINTS_PREPARED_POSITION = 12  # "Prepared Positions =12 points each."
POINTS_GRENADE = 1  # "1 point each for hand grenades or rifle grenades"
POINTS_RPG = 2  # "2 points for RPG/LAW"

# Force Multipliers: (label, factor)
MULT_MOTIVATION = {"elite": ("Elite", 2), "warriors": ("Warrior", 1.5), "fanatic": ("Fanatic", 1.5)}
MULT_WEAPONS = {"better": ("Better weapons (1D+1)", 1.5), "heavy": ("Heavy weapons (1D+2)", 2)}
MULT_ARMOUR = {"none": ("Unarmoured", 0.5), "body": ("Heavy Armour", 1.5), "power": ("Power Armour", 2)}
MULT_HIDDEN = ("One side sets up hidden", 2)
POWER_VS_LIGHT_NOTE = "Power Armour is x2 (the text adds 'or x3 vs light armour ?'; listgen uses x2)."
WEAPON_CLASS_NOTE = (
    "Weapon multiplier by the unit's best weapon, its vehicle's mounted weapons included (a vehicle is its team's "
    "equipment): 1D+1 is 'better' (x1.5); 1D+2 and every rating of 2D or more is 'heavy' (x2). Explosives are "
    "priced instead: hand and rifle grenades (a grenade launcher's ammunition) 1 point each, RPG/LAW 2 points a "
    "shot; a Bazooka/Panzerfaust is one such shot unless the team's rpg: gives more. The Flame-thrower (EA, 2D-2) "
    "is the one weapon where this reading and the table's H letter disagree: listgen prices it by its rating (x2)."
)
RATING_NOT_LETTER = {  # weapons priced 'heavy' by their rating though the table does not mark them H
    "flamethrower": "2D read as heavy; the table marks it EA, not H",
}
LEADER_PRICE_NOTE = (
    "A cost is multiplied by the ratings of the figures it buys: a section leader's 6 by his own, a platoon leader's "
    "12 by his and his command team's together (the highest of each multiplier among them). Leader ability (the "
    "optional superior-leader roll) is rolled for, never bought."
)
MOTIVATION_RULES = {  # Troop Motivation, with its Table 3, 4 and 5 modifiers
    "elite": "Elite: activation up one band; +1 to hit, +1 defending, +1 in close assault.",
    "fanatic": "Fanatic: +6 to activation instead of quality; takes the most aggressive option; +1 defending and "
    "in close assault.",
    "reluctant": "Reluctant: activation down one band; will not go looking for trouble.",
    "steady": "Steady: activation moves one band towards 7 Advance.",
    "warriors": 'Warriors: +2 to activation and +2" move; +2 in close assault; prefer to close with the enemy.',
}
HIDDEN_NOTE = "Hidden set-up doubles the whole side ('x2 (at least)'); listgen uses x2."


def weapon_class(weapon: Weapon) -> str | None:
    """'better', 'heavy' or None, for the weapons force multiplier (explosives are priced apart)."""
    if weapon.item or weapon.priced_as or weapon.rating is None:
        return None
    from listgen.core.dice import parse_rating

    n, _sides, add = parse_rating(weapon.rating)
    if n >= 2 or add >= 2:
        return "heavy"
    if add == 1:
        return "better"
    return None
