"""...In the Noonday Sun tables, transcribed from noonday-sun.txt (Olaf Meys, after Slammer).

Its activation shares Slammer's mechanism with S.M.L.E. but not its numbers: armoured
troops are -1 here (+1 in S.M.L.E.), 9-10 is Direct Fire (Close Assault in S.M.L.E.),
Break is a full move +2", and units move highest first.
"""

from __future__ import annotations

from collections import namedtuple

from listgen.rulesets.slammer import Activation, ActivationTable, Band

from ..smle import stats as SMLE_STATS
from ..smle import tables as SMLE


def ref(section: str) -> str:
    return f"Noonday Sun {section}"


REF_ORGANISATION = ref("1. Organisation of Forces")
REF_SCALES = ref("1. Game Scales")
REF_LEADERS = ref("3. Leaders")
REF_UNITS = ref("4. Units")
REF_GROUPS = ref("5. Groups")
REF_QUALITY = ref("6. Troop Quality")
REF_MOTIVATION = ref("7. Troop Motivation")
REF_TURN = ref("2. Game Turn Sequence")
REF_ACTIVATION = ref("Table 1- Activation")
REF_ACTIVATION_MODS = ref("Activation Modifiers")
REF_OPTIONS = ref("3. Movement Options")
REF_MOVEMENT = ref("Table 2- Infantry Movement")
REF_MOVE_RULES = ref("4. Movement")
REF_DOORS = ref("4. Movement: Kick in Doors")

QUALITIES = ("untrained", "green", "trained", "veteran")

# --- Organisation -----------------------------------------------------------------------------
UNIT_FIGURES = (2, 6)  # "Forces should be grouped into units of two to six figures"
GROUP_UNITS = (2, 4)  # "Two, three or four units should be grouped together under a leader"
PLATOON_GROUPS = (2, 4)  # "Two to four sections may be grouped under a leader into a platoon"
COMPANY_PLATOONS = (2, 4)  # "two to four platoons grouped under a company leader"
COMPANY_SECTION_FIGURES = (8, 12)  # "each element represents a section of 8 - 12 figures"
GROUP_FIGURES_POOR = (12, 20)  # "poorer troops should be organised into larger units; i.e. 12-20 figures"
GROUP_FIGURES_GOOD = (6, 10)  # "Veteran and Elite may form smaller units of 6 - 10 figures"
PLATOON_FIGURES = 50  # 1. Game Scales: "Platoon level allows larger games using up to fifty figures on each side"
HERO_FIGURES = (1, 1)  # 2. Individuals: "Leaders, heroes/heroines ... should be represented by specific figures"
LEADER_IN_UNIT_NOTE = (
    "A leader is 'a specific figure within a section or platoon group' who 'may attach to any of the units in "
    "their group': listgen lists him apart and does not count him in a unit's 2-6 figures (the text's 'section "
    "leader and four troopers' is a leader and a unit of four)."
)
COMPANY_LEADERS_NOTE = (
    "In a company game 'Leaders would be at platoon and company level': a section there needs no "
    "leader of its own (one given is accepted and priced)."
)
UNIT_SIZE_NOTE = (
    "The text says units have 2-6 figures (4. Units) and also that poorer troops form 'units' of 12-20 "
    "figures and better ones 6-10 (6. Troop Quality). listgen keeps 2-6 for a unit (an error outside it) "
    "and reads 12-20 / 6-10 as the size of a group (section, squad or warband), warning outside it."
)

# --- Table 1- Activation ----------------------------------------------------------------------
ACTIVATION = ActivationTable(
    bands=(
        Band("<1", None, 0, "Break", 'Full Move +2"', "Abandon Weapons", "Flee or Surrender"),
        Band("1", 1, 1, "Fall Back", "Full Move Back", "No Firing"),
        Band("2", 2, 2, "Fall Back", "Half Move Back", "Panic Fire"),
        Band("3,4", 3, 4, "Pinned", "No Movement", "Return Fire", "Reload Heavy Weapons"),
        Band("5", 5, 5, "Stand", "Half Move", "Return Fire"),
        Band("6", 6, 6, "Stand", "Half Move", "Opportunity Fire", "De-Bus and Deploy"),
        Band("7", 7, 7, "Advance", "Half Move", "Opportunity Fire", "Observe for Indirect Fire"),
        Band("8", 8, 8, "Advance", "Half Move", "Direct Fire"),
        Band("9,10", 9, 10, "Close", "Half Move", "Direct Fire", "Deactivate Booby Traps"),
        Band("11,12", 11, 12, "Close", "Full Move", "Close Assault"),
        Band("13+", 13, None, "Double Move", "Full Move", "Close Assault"),
    ),
    steady_target="7",  # "shift the Activation Level up or down one level towards 7 Advance"
)
ACTIVATION_QUALITY = {"untrained": 0, "green": 2, "trained": 4, "veteran": 6}
ACTIVATION_FANATIC = 6  # "used instead of the troop quality rating"
ACTIVATION_DIE = 6
DIE_NOTE = (
    "The text says 'All die rolls use ten sided dice' (Game Scales) but its turn sequence rolls 'one die "
    "six' and Kick in Doors uses 1d6. listgen rolls 1D6 for activation: Table 1 and the quality modifiers "
    "are Slammer's d6 scale (on a d10 a veteran would Double Move on 7+). A d10 table is given for comparison."
)
ACTIVATION_ROLL = Activation(
    ACTIVATION,
    ACTIVATION_QUALITY,
    ACTIVATION_FANATIC,
    {"warriors": 2},
    {"elite": "up", "reluctant": "down", "steady": "steady"},
    die=ACTIVATION_DIE,
)
ACTIVATION_SITUATION = (
    (+1, "Leader with Group"),
    (+2, "Fresh Troops"),
    (-1, "Armoured Troops"),
    (+1, "In cover"),
    (+2, "In Hard Cover"),
    (+3, "In Prepared Position"),
    (-1, "Each Wounded"),
    (-2, "Each Casualty"),
    (+1, "Not Under Fire"),
    (-1, "Under Direct Fire"),
    (-1, "Under Auto Fire"),
    (-2, "Under Explosive Fire"),
    (-2, "Separated from Unit"),
    (-1, "Attacked from Flank"),
    (-2, "Attacked from Rear"),
    (-2, "Broken Troops"),
)
ARMOURED_TROOPS = -1  # "Armoured Troops are those wearing armour." (S.M.L.E.: +1, vehicle crews)
WEAPON_NOTE = (
    "The text prints no firing or close-combat tables (its Action Table names the fire a unit may make, not "
    "its range or effect): weapons are shown as the list names them."
)
ORDER_NOTE = "Units move highest Activation Level first (S.M.L.E.: lowest first)."

# --- Table 2- Infantry Movement ---------------------------------------------------------------


class Move(namedtuple("Move", "inches printed")):
    """A Table 2 row: the move in inches, and who it is for as printed."""

    __slots__ = ()


ARMOUR_MOVE = {
    "none": Move(10, "Civilians and figures in normal clothing"),
    "light": Move(8, "Military uniform and helmet"),
    "heavy": Move(6, "Infantry armour (e.g. chain mail)"),
    "armoured": Move(8, "Infantry armour (e.g. plate mail)"),
}
ANIMAL_MOVE = {
    "aggressive-game": Move(14, "Any aggressive game (e.g. elephants, big cats, rhino, etc.)"),
    "other-game": Move(12, "Any other game hunted for food or trophies (e.g. antelope, deer etc.)"),
    "livestock": Move(8, "Any stock (e.g. cattle, goats, sheep, etc.)"),
}
WARRIOR_MOVE = 2  # "Warriors +2"
ELITE_FANATIC_MOVE = 2  # "Elite or Fanatic troop types have a movement bonus of +2""
RUNNING_MOVE = 2  # "may add two inches to their move" (not armoured units)
ENCUMBRANCE = {"heavy": 1, "very-heavy": 2}  # HMG -1"; Mortar -2" and may not run
GUNS_WEIGHT_NOTE = (
    'The text weighs only the Heavy Machine Gun (-1") and the Mortar (-2"); listgen gives the colonial '
    "guns and rockets the mortar's -2\" (very heavy)."
)
ANIMALS_NOTE = (
    "Animals have no troop quality in the text: listgen activates them as Untrained (0) and gives them the "
    "Table 2 move of their kind."
)
MOTIVATION_RULES = {  # 7. Troop Motivation: how each behaves when activated
    "fanatic": "Fanatic: takes the most aggressive option available.",
    "warriors": "Warriors: prefer an option that moves them closer to an enemy unit; not averse to charging.",
    "reluctant": "Reluctant: after modifiers, moves down one band to the next lower Activation level; will not go "
    "out looking for trouble, but if fired on or pressed defends itself or its comrades.",
}
LEADER_UNIT_RULE = (
    "Leader: the unit he is with is rated at his activation level; units of his group within a full "
    "move and in sight +1."
)
GROUP_ROLL_RULE = (
    "Group roll: if none of a section's or platoon's units is under fire or in contact, one activation roll may "
    "serve them all, at the group leader's current level. Cohesion: a figure within half a move of another of "
    "its unit, a unit within a full move of its leader's unit; -2 while separated. Fresh Troops (+2): not yet in "
    "contact or under fire. Broken Troops (-2): two Breaks retreat from the battlefield; contacted, surrender."
)
LEADER_RULES = (
    "Leader: the leader's unit is rated at the leader's activation level; other units of the group within a full "
    "move of it and in sight get +1. Not under fire nor in contact: one roll may serve the whole group, at the "
    "group leader's level.",
    "Fresh Troops (+2): not yet in contact with the enemy nor under fire this game. Broken Troops: a unit with two "
    "or more Break results retreats from the battlefield; a broken unit contacted surrenders or is destroyed.",
    "Fanatics take the most aggressive option. Warriors prefer an option that moves them closer to the enemy. "
    "Reluctant units move down one band after modifiers.",
)
COHESION_NOTE = (
    "Cohesion: each figure within a half move of another of its unit; each unit within a full move of "
    "another of its section (for the leader's modifier). Separated figures or units suffer -2 until "
    "they reform. Heroes and leaders may wander off on their own without penalty, but their remaining unit or "
    "group suffers the separation modifier until they return."
)
ARMOURED_MOVE_NOTE = (
    "Table 2 prints 8\" for 'Armoured' (plate mail), more than Heavy's 6\"; listgen uses it as printed."
)

# Support weapons: the text names machine guns, mortars and snipers (4. Units) and the weight of a
# Heavy Machine Gun and a Mortar (Encumbered Movement). listgen adds the colonial guns and rockets
# with the mortar's weight.


class SupportWeapon(namedtuple("SupportWeapon", "name weight")):
    """A support weapon and its weight for Encumbered Movement: 'heavy', 'very-heavy' or None."""

    __slots__ = ()


SUPPORT_WEAPONS = {
    "machine-gun": SupportWeapon("Machine gun (Maxim, Gatling, Gardner)", "heavy"),
    "heavy-machine-gun": SupportWeapon("Heavy machine gun", "heavy"),
    "mortar": SupportWeapon("Mortar", "very-heavy"),
    "gun": SupportWeapon("Light gun (mountain, screw or field gun)", "very-heavy"),
    "rocket": SupportWeapon("Rocket tube or trough", "very-heavy"),
    "sniper-rifle": SupportWeapon("Sniper rifle", None),
}

# The names players type for the support weapons (the text's own examples, 4. Units and Encumbered Movement, and
# the colonial weapons listgen's labels name): a figure's weapon matching one is a support weapon, never a rifle.
# Heavy machine gun is tried before machine gun.
SUPPORT_ALIASES = (
    ("heavy-machine-gun", r"\bheavy machine ?guns?\b|\bhmgs?\b"),
    ("machine-gun", r"\bmaxims?\b|\bgatlings?\b|\bgardners?\b|\bnordenfel[dt]t?s?\b|\bmachine ?guns?\b|\bmgs?\b"),
    ("mortar", r"\bmortars?\b"),
    ("rocket", r"\brockets?\b|\bhales?\b"),
    ("gun", r"\d+ ?-? ?(pounder|pdr)s?\b|\b(mountain|screw|field) guns?\b|\bcannons?\b|\bhowitzers?\b|\bpom-?poms?\b"),
    ("sniper-rifle", r"\bsnipers?\b|\bmarksman\b|\bmarksmen\b|\bsharpshooters?\b"),
)
# Any other weapon its name calls a gun ('Krupp gun', 'Armstrong gun', 'Lewis gun'): the text's support weapons are
# its guns and machine guns, so a gun is never a rifle; which of the two it is, the player says. Small arms that
# are called guns (a shotgun, a handgun: one word; an elephant gun or punt gun) stay small arms.
ANY_GUN = r"\bguns?\b"
# 4. Units: a unit's own weapons are "weapons common to the whole unit, e.g. rifles and bayonets", a leader's (the
# list's default) a revolver and sword. A small arm is known by its kind, not by its maker's name: a long arm (rifle,
# carbine, musket, shotgun, a gun for game or fowl), a handgun, a bow or thrown weapon, a hand weapon for close
# combat. Anything else a unit that does not say what it is carries (no support_weapon, no fires_as) is asked about.
GAME_GUN = r"(elephant|big[\s-]?game|punt|duck|bird|fowling|goose|hunting|sporting|shot|air|signal|flare|spear)"
SMALL_ARMS_CALLED_GUNS = rf"\b{GAME_GUN}[\s-]?guns?\b"
SMALL_ARMS = (
    SMALL_ARMS_CALLED_GUNS,
    # long arms and handguns
    r"\b(rifles?|carbines?|muskets?|musketoons?|jezails?|fusils?|blunderbuss(es)?|fowling[\s-]pieces?|shotguns?)\b",
    r"\b(pistols?|revolvers?|handguns?|side[\s-]?arms?|small[\s-]arms?)\b",
    # bows and thrown weapons
    r"\b(bows?|arrows?|crossbows?|slings?|javelins?|darts?|boomerangs?|throwing[\s-]\w+|spears?|assegais?)\b",
    # hand weapons for close combat
    r"\b(iklwas?|lances?|pikes?|swords?|sabres?|sabers?|cutlass(es)?|tulwars?|scimitars?|machetes?|pangas?)\b",
    r"\b(bayonets?|knives|knife|daggers?|kukris?|khukuris?|clubs?|knobkerr?ies?|kerr?ies?|maces?|axes?)\b",
    r"\b(hatchets?|tomahawks?|shields?|sticks?|staffs?|hand[\s-]weapons?|unarmed|fists?|none)\b",
)

# --- Kick in Doors: success on 4+ on 1d6 + modifiers -----------------------------------------
DOOR_TARGET = 4
DOOR_MODIFIERS = (
    ("Untrained", -2),
    ("Unarmoured", -1),
    ("Green Troops", -1),
    ("Armoured Troops", 0),
    ("Veteran", +1),
    ("Elite", +1),
    ("Equipped with door-breakers", +1),
    ("Aggressive Game", +2),
)
DOOR_QUALITY = {"untrained": -2, "green": -1, "trained": 0, "veteran": +1}
DOOR_ROWS = (
    ("Untrained, unarmoured", -3),
    ("Green, unarmoured", -2),
    ("Green", -1),
    ("Trained", 0),
    ("Veteran", +1),
    ("Veteran elite", +2),
    ("Trained with door-breakers", +1),
    ("Veteran elite with door-breakers", +3),
    ("Aggressive game", +2),
)

# --- Value: S.M.L.E.'s scheme, borrowed (its numbers imported, never retyped) -----------------------
BORROWED = "S.M.L.E. Unit Points Costs, borrowed (...In the Noonday Sun prints no points)"
BORROWED_REF = "S.M.L.E. SMLE Unit Points Costs (borrowed)"
BORROWED_UNIT = SMLE.POINTS_TEAM  # a unit is priced as S.M.L.E.'s team
BORROWED_GROUP_LEADER = SMLE.POINTS_SECTION_LEADER  # a group leader as its section leader
BORROWED_PREPARED = SMLE.POINTS_PREPARED_POSITION
BORROWED_MOTIVATION = SMLE.MULT_MOTIVATION
BORROWED_ARMOUR = {
    "none": SMLE.MULT_ARMOUR["none"],
    "heavy": SMLE.MULT_ARMOUR["body"],
    "armoured": ("Power Armour's x2 for plate", SMLE.MULT_ARMOUR["power"][1]),
}
_BETTER, _HEAVY = SMLE.MULT_WEAPONS["better"][1], SMLE.MULT_WEAPONS["heavy"][1]
BORROWED_SUPPORT = {  # support weapon: S.M.L.E.'s weapons multiplier for the nearest S.M.L.E. row
    "machine-gun": ("Better weapons (as S.M.L.E.'s GPMG, 1D+1)", _BETTER),
    "sniper-rifle": ("Better weapons (as S.M.L.E.'s sniper rifle, 1D+1)", _BETTER),
    "heavy-machine-gun": ("Heavy weapons (as S.M.L.E.'s HMG, 1D+2)", _HEAVY),
    "mortar": ("Heavy weapons (as S.M.L.E.'s mortars, 2D+)", _HEAVY),
    "gun": ("Heavy weapons (as S.M.L.E.'s guns, 1D per 25mm)", _HEAVY),
    "rocket": ("Heavy weapons (as S.M.L.E.'s bazooka, 2D+2)", _HEAVY),
}
BORROWED_PLATOON_LEADER = SMLE.POINTS_PLATOON_LEADER  # a platoon leader and his command unit, as S.M.L.E.'s
BORROWED_COMMAND = SMLE.COMMAND_TEAM_FIGURES  # "Platoon Leaders come with a command team (2-4 figures)"
BORROWED_TEAM = SMLE.TEAM_FIGURES  # the team S.M.L.E.'s 12 points buy: two to six figures
BORROWED_MOB = SMLE.MOB_FIGURES  # an untrained mob: one team of up to 12
COMMAND_TEAM_NOTE = (  # said where a command unit is past S.M.L.E.'s command team
    "S.M.L.E.'s command team is 2-4 figures: a command unit's figures past 4 (a support weapon counting as two) are "
    "priced as further S.M.L.E. teams of up to six (12 each, at the command unit's multipliers), never free."
)
# Table 2: armour nobody writes. The text gives no default; a leader is "a specific figure within a section or
# platoon group" (3. Leaders), so he wears what his units wear, and a unit what its group's other units wear. Where
# they differ, or none is said, light: "Military uniform and helmet", most military types (6. Troop Quality).
DEFAULT_ARMOUR = "light"
UNIT_ARMOUR_DEFAULT = (
    "Table 2: none, light, heavy (chain mail), armoured (plate). Left out: what the group's other units wear when "
    "they all say the same, light where they differ or none is said (military uniform and helmet)."
)
LEADER_ARMOUR_DEFAULT = (
    "Table 2: none, light, heavy (chain mail), armoured (plate). Left out: what the units he leads wear when they "
    "all wear the same (an induna of an unarmoured warband wears none), light where they differ or none is said."
)
ARMOUR_DEFAULT_NOTE = (
    "Armour not written (Table 2) is read as what the rest of the body wears: a unit wears what its group's other "
    "units wear, a leader what the units he leads wear; light where they differ or none is said. Read so: {}."
)
BORROWED_NOTES = (
    "Borrowed from S.M.L.E. (Noonday Sun's sibling): 12 a unit, +6 a group leader, 12 a prepared "
    "position, S.M.L.E.'s force multipliers; a list or pack may give its own points_table instead.",
    "S.M.L.E. prices a platoon leader together with his command team: 12 times the highest of each multiplier "
    "among them. Here a platoon leader and his platoon's command unit are priced so; a platoon leader with no "
    "command unit costs 12 times his own multipliers. Company leaders are not priced.",
    "S.M.L.E.'s 12 buys a team of two to six figures (an untrained mob up to 12), a support weapon counting as two "
    "figures as S.M.L.E. counts them: a unit costs 12 for each such team its figures make (the units of 12-20 "
    "poorer troops and company sections are several), so the same figures cost the same in both rulesets. "
    "Leaders take the armour and motivation multipliers, as in S.M.L.E.",
    "Plate ('armoured') is priced as S.M.L.E.'s heaviest armour (x2); support weapons by the nearest "
    "S.M.L.E. weapon row.",
)


# --- Matchup: S.M.L.E.'s shooting, borrowed (the text stops after movement) ---------------------------
FIRES_AS = SMLE_STATS.aimed_weapon_names()  # what a list may name a figure's weapon as (fires_as)
# Table 2's armour as S.M.L.E.'s Table 4 rows, as the borrowed points read it (chain mail priced as body
# armour, plate as power armour, which Table 4 gives no row: such a target is left out)
BORROWED_TABLE4 = {"none": "none", "light": "light", "heavy": "body", "armoured": "power"}
BORROWED_SHOOTING = (
    "...In the Noonday Sun's text stops after movement: it prints no shooting, damage or weapons. This sheet "
    "borrows S.M.L.E.'s Direct Fire (Table 3) and Effect of Fire Hits (Table 4), as listgen borrows its points: "
    "each line of figures shoots as the S.M.L.E. weapon its list names (fires_as; a line with none does not "
    "fire here); quality and Elite/Fanatic count as in S.M.L.E.; armour none and light are S.M.L.E.'s rows, "
    "heavy (chain mail) its Body Armour, as the borrowed points price it; plate has no Table 4 row and is left "
    "out. Leaders and animals are left out."
)
