"""Close Action tables, transcribed from close-action.txt (Wes Rogers).

Where the rules body and the playsheet disagree the rules body is followed and the
playsheet's figure is footnoted.
"""

from __future__ import annotations

from collections import namedtuple
from fractions import Fraction


def ref(section: str) -> str:
    return f"Close Action {section}"


REF_INTRO = ref("Introduction")
REF_TURN = ref("Turn Sequence")
REF_FIRING = ref("Firing")
REF_FIRE_TABLE = ref("Fire Table")
REF_MOVEMENT = ref("Movement Table")
REF_MORALE = ref("Morale Table")
REF_MORALE_RULES = ref("Morale")
REF_HAND = ref("Hand-to-Hand Fighting")

GRADES = ("veteran", "steady", "green")
SQUAD_MEN = (6, 12)  # "organize your figures into squads of 6-12 men, each commanded by a squad leader"
SQUAD_NOTE = "The squad leader is counted among the squad's 6-12 men."

# --- Fire Table ----------------------------------------------------------------------------------


class FireWeapon(namedtuple("FireWeapon", "name dice close far")):
    """A Fire Table row: fire dice, close range and far range in inches (far None: 'Infinite')."""

    __slots__ = ()


FIRE_TABLE = {
    "pistol": FireWeapon("Pistol", 1, 6, 12),
    "rifle": FireWeapon("Rifle", 2, 12, 72),
    "smg": FireWeapon("SMG", 3, 6, 24),
    "auto-rifle": FireWeapon("Auto-rifle", 4, 12, 72),
    "lmg": FireWeapon("LMG", 6, 36, None),
    "hmg": FireWeapon("HMG", 8, 48, None),
}
PERSONAL_WEAPONS = ("pistol", "rifle", "smg", "auto-rifle")
SUPPORT_WEAPONS = ("lmg", "hmg", "mortar")  # "Support weapons must start the game attached to squads"


class BlastWeapon(namedtuple("BlastWeapon", "name zone close note")):
    """A Fire Table blast row: the blast zone's diameter and the close range, in inches."""

    __slots__ = ()


BLAST = {
    "grenade": BlastWeapon("Grenade", 3, 6, "throws on a 5-6 on 1D6, else uses his normal weapon"),
    "mortar": BlastWeapon("Mortar", 6, 12, 'range 12"+; aiming point fixed; needs a spotter for indirect fire'),
}
CLOSE_HIT = 5  # "At close range, a 5-6 is a hit."
FAR_HIT = 6  # "At far range a 6 is a hit."
FIRE_MODIFIERS = (
    ("Vs. soft cover", -1),
    ("Vs. hard cover", -2),
    ("Target crawling/prone", -1),
    ("Firer is green", -1),
    ("Target upright and not in cover", +2),
)
GRENADE_THROW = 5  # "he may throw on a 5-6"
ACTIVE_CHOOSES = 5  # Selecting Hits: "On a 5-6 the active player chooses the figure to be hit."
OFFICER_CONFIRM = 6  # "If the active player chooses an officer roll again, needing a 6"
BLAST_MORALE_DICE = {"grenade": 8, "mortar": 16}  # "each grenade BZ counts as 8 dice ... mortar BZ ... 16"
SEVEN_PLUS_NOTE = (
    "The Fire Table defines only '7+ to hit? Roll for a 6, then a 4-6'. listgen extends it the same way: each "
    "point past 6 is a 6 followed by a roll for the number 3 lower (8+: a 6 then a 5-6; 9+: a 6 then a 6; "
    "10+: two 6s then a 4-6). A net target of 1 or less always hits."
)
MODIFIER_NOTE = "Modifiers are applied to each die: a hit needs 5+ (close) or 6+ (far) after modifiers."


def hit_chance(target: int) -> Fraction:
    """Chance that one fire die scores a hit against a target number (with the 7+ rule extended)."""
    if target <= 1:
        return Fraction(1)
    if target <= 6:
        return Fraction(7 - target, 6)
    return Fraction(1, 6) * hit_chance(target - 3)


# --- Movement Table ------------------------------------------------------------------------------
MOVEMENT = (  # type, base rate, road, clear, rough, dense, obstacle
    ("Crawl", '3"', "X1", "X1", "X1", "X1/2", '3"'),
    ("Crouch", '6"', "X1", "X1", "X1", "X1/2", '3"'),
    ("Upright", '12"', "X1", "X1", "X1", "X1/2", '3"'),
    ("Weapon", '8"', "X1", "X1", "X1/2", "X1/3", '6"'),
)
WEAPON_MOVE_NOTE = 'Weapon base rate 8" as in the rules body\'s Movement Table; the playsheet prints 9".'
OFFICER_DOUBLE = "Officers may move at double speed if upright or crouching."
COMMAND_RADIUS = 6  # men move only within 6" of their squad leader or an officer

# --- Morale Table ---------------------------------------------------------------------------------


class MoraleBand(namedtuple("MoraleBand", "label low high rout ok")):
    """A Morale Table row: fire dice from low to high (None: no top); on 2D6 + modifiers the squad
    routs at or below 'rout' and is OK at or above 'ok', cowering between."""

    __slots__ = ()


MORALE_BANDS = (
    MoraleBand("8-15", 8, 15, 0, 5),
    MoraleBand("16-23", 16, 23, 1, 7),
    MoraleBand("24-31", 24, 31, 2, 9),
    MoraleBand("32+", 32, None, 3, 10),
)
MORALE_TEST_DICE = 8  # "When a unit has been shot at by at least 8 dice of fire"
MORALE_GRADE = {"veteran": +2, "steady": 0, "green": -2}
MORALE_MODIFIERS = (
    ("Veteran", +2),
    ("Half or more in hard cover", +2),
    ('Officer within 3"', +2),
    ("Each hit this turn", -1),
    ("Green", -2),
    ("Under mortar/HMG fire", -2),
    ("Isolated figure", -2),
)
MORALE_STATES = ("rout", "cowering", "OK")


def morale_state(total: int, band: MoraleBand) -> str:
    if total <= band.rout:
        return "rout"
    return "OK" if total >= band.ok else "cowering"


RALLY = {"veteran": 3, "steady": 5, "green": 6}  # "Veterans rally on a 3-6, steady 5-6, green on a 6"

# --- Hand-to-Hand ---------------------------------------------------------------------------------
HAND_MODIFIERS = (
    ("In soft cover vs. all attackers", +1),
    ("In hard cover vs. all attackers", +2),
    ("Each extra man in the group", +1),
    ("Officer in the group", +1),
)
MURDER = 5  # Surrender: "On a 5-6 the charging unit says, 'Too late!'"

# --- Value: the fire-dice rating ------------------------------------------------------------------
RATING = "Fire-dice rating (dice on the Close Action Fire Table; the text prints no points)"
GREEN_FIRE = ("green: at close range hits on a 6, not 5-6", Fraction(1, 2))  # Fire Table: "Firer is green: -1"
CREW_NOTE = (
    "The text does not say how many men serve a support weapon: listgen counts one man of the squad firing it "
    "instead of his own weapon (the least-dice weapon in the squad), so no crew is counted twice."
)
RATING_NOTES = (
    "Each man counts his weapon's Fire Table dice (pistol 1, rifle 2, SMG 3, auto-rifle 4); an LMG 6, an "
    "HMG 8, each fired by a man of its squad instead of his own weapon; a mortar 16, the dice its blast zone "
    "counts as for morale.",
    "Grade: a green firer is -1 to hit ('Firer is green: -1'), so at close range he hits on a 6 where others "
    "need 5-6: a green squad's dice count half (its mortar's 16 do not: a blast is no to-hit roll). Veteran "
    "and steady fire alike.",
    CREW_NOTE,
    "A list or pack may give its own points_table instead; a points_limit without one is read as a fire-dice limit.",
)
MORTAR_RATING = BLAST_MORALE_DICE["mortar"]  # the rating counts a mortar as the dice its blast zone is worth
# Period names players write for the Fire Table's rows (the text names none, so these are the common ones).
ALIASES = {
    alias: (slug, f"a {name} fires as the Fire Table's {row}")
    for slug, row, names in (
        ("auto-rifle", "Auto-rifle", ("BAR", "Browning Automatic Rifle", "Chauchat")),
        ("smg", "SMG", ("Thompson", "Sten", "MP40", "Tommy gun")),
        ("rifle", "Rifle", ("Garand", "M1 Garand", "Kar98k", "Lee-Enfield", "Springfield", "Mauser")),
        ("pistol", "Pistol", ("Revolver", "Colt", "Luger")),
        ("lmg", "LMG", ("Bren", "MG42", "MG34", "Lewis gun", "machine gun")),
        ("hmg", "HMG", ("Vickers", "Maxim", ".50cal")),
    )
    for name in names
    for alias in ["".join(c for c in name.lower() if c.isalnum())]
}
INFANTRY_ONLY = {  # whole names only: a shotgun or a machine-gun is no artillery
    "tank",
    "tank-gun",
    "vehicle",
    "artillery",
    "gun",
    "field-gun",
    "howitzer",
    "at-gun",
    "anti-tank-gun",
    "halftrack",
    "half-track",
    "truck",
    "jeep",
    "armoured-car",
    "armored-car",
    "flak",
    "flak-gun",
    "infantry-gun",
    "mountain-gun",
    # anti-tank weapons: listgen reads them as the text's "heavy weapons" (the Fire Table has no row for them)
    "bazooka",
    "panzerfaust",
    "panzerschreck",
    "piat",
    "at-rifle",
    "anti-tank-rifle",
    "recoilless-rifle",
    "rocket-launcher",
}
INFANTRY_NOTE = (
    "'The rules do not include any heavy weapons such as artillery or armor; they are meant for infantry-only games.'"
    " (listgen reads anti-tank weapons, a bazooka or a PIAT, as such heavy weapons: the Fire Table has no row for them)"
)
SUPPORT_ATTACHED_NOTE = "'Support weapons must start the game attached to squads'"
