"""What the mutation samples of seeds 2611, 3737 and 4848 found unchecked (benchmarks/mutants.py): tables restated from
the texts, never from listgen's own, and the rules and labels a list could break with no test reading them."""

from __future__ import annotations

from conftest import line_of, only, report
from test_close_action import BASE as CLOSE_ACTION
from test_noonday_sun import BASE as NOONDAY

from listgen.rulesets.noonday_sun import stats as ns_stats
from listgen.rulesets.smle import tables as SMLE
from listgen.rulesets.sol_prime import odds as sp_odds
from listgen.rulesets.sol_prime import tables as SP


def test_sol_prime_fortification_armour_is_the_texts():
    # sol-prime.txt, FORTIFICATIONS: "The armor ratings for fortifications are Light = 2, Medium = 4, Heavy = 6,
    # Very Heavy = 8."
    assert SP.FORTIFICATION_ARMOUR == {"light": 2, "medium": 4, "heavy": 6, "very-heavy": 8}


def test_sol_prime_assault_armour_adds_one_to_the_matchups_powersuit_target():
    # "Powersuit infantry a rating of 2"; "assault armor ... will increase their armor by 1"
    target = sp_odds.MATCHUP.targets["powersuit-assault"]
    assert target.profile == ("infantry", 2 + 1) and target.what == "infantry armour 3"
    assert sp_odds.MATCHUP.targets["powersuit-infantry"].profile == ("infantry", 2)


def test_noonday_warriors_move_two_inches_more():
    # noonday-sun.txt, Table 2: 'Warriors +2"  Troops specialising in close assault'; 'None 10"'
    first = report(NOONDAY).army.groups[0].units[0]
    assert ns_stats.move(first) == 10  # unarmoured, no motivation named
    assert ns_stats.move(first.replace(motivation="warriors")) == 10 + 2


def test_noonday_units_in_prepared_positions_are_no_more_than_the_positions():
    # noonday-sun.txt, Activation modifiers: "In Prepared Position +3"; the list's prepared_positions hold a unit
    # each: at the limit legal, one past it an error at the unit that has none
    one = NOONDAY.replace("points_limit: 100\n", "points_limit: 100\nprepared_positions: 1\n")
    first_in = one.replace("- name: First\n", "- name: First\n        in_prepared_position: true\n")
    assert "NS-PREPARED-POSITIONS" not in {f.code for f in report(first_in).findings}
    both_in = first_in.replace("- name: Second\n", "- name: Second\n        in_prepared_position: true\n")
    f = only(report(both_in), "NS-PREPARED-POSITIONS")
    assert f.message == "2 units start in prepared positions but the list has 1"
    assert f.line == line_of(both_in, "- name: Second")


def test_close_action_says_which_support_weapon_is_served_instead_of_a_mans_own():
    # the man serving a support weapon fires it, not his own rifle (2 dice): each line names the weapon he serves,
    # a machine gun by its initials and the mortar by its name
    text = CLOSE_ACTION + "    support_weapons:\n      - {weapon: lmg}\n      - {weapon: mortar}\n"
    squad = report(text).valuation.units[0]
    assert [label for label, _n in squad.extras if "served instead" in label] == [
        "LMG served instead of a 2-dice weapon",
        "mortar served instead of a 2-dice weapon",
    ]


# --- seed 3737 ---


def test_sol_prime_artillery_cover_modifiers_are_the_artillery_tables():
    # sol-prime.txt, ARTILLERY TABLE, "Die Roll Modifiers: Cover Light -1, Medium -2, Heavy -3; MRL +1"
    assert SP.ARTILLERY_COVER == (("Light", -1), ("Medium", -2), ("Heavy", -3))
    assert SP.MRL_BONUS == 1


def test_smle_target_modifiers_are_table_3s_second_column():
    # smle.txt, "Table 3: Firer and Target Modifiers", the Target Modifiers column, top to bottom
    text = [
        ("Untrained", +2), ("Green Troops", +1), ("Trained Troops", 0), ("Veteran Troops", -1),
        ("One Specific figure", -3), ("Target group is unaware", +2), ("Moving into or out of sight", -2),
        ("Moved more than half move in sight", +1), ("Prone Targets", -1), ("Soft Cover", -2), ("Hard Cover", -3),
        ("Prepared Position", -4),
    ]  # fmt: skip
    assert list(SMLE.TARGET_MODIFIERS) == text


def test_noonday_a_platoon_leader_with_no_command_unit_is_priced_and_named_as_such():
    # borrowed S.M.L.E. prices: a platoon leader (12) whose platoon has no command unit is priced as one and
    # says so; a group's leader is named by his role (a warband leader, priced as a section leader: 6)
    platoon = NOONDAY.replace("groups:\n  - name: Band", "platoons:\n  - name: Platoon\n    leader: {name: Lt. Chard, "
                              "quality: veteran, armour: none}\n    groups:\n      - name: Band")  # fmt: skip
    head, _, rest = platoon.partition("      - name: Band\n")
    platoon = (
        head
        + "      - name: Band\n"
        + "".join("    " + line if line.strip() else line for line in rest.splitlines(True))
    )
    kinds = {u.name: (u.kind, u.base) for u in report(platoon).valuation.units}
    assert kinds["Lt. Chard"] == ("platoon leader (no command unit)", 12)
    assert kinds["Induna"] == ("warband leader", 6)


# --- seed 4848 ---


def test_noonday_table_2_moves_are_the_texts():
    # noonday-sun.txt, Table 2: None 10", Light 8", Heavy 6", Armoured 8"; Aggressive Game 14", Other Game 12",
    # Livestock 8"
    from listgen.rulesets.noonday_sun import tables as NS

    assert {k: m.inches for k, m in NS.ARMOUR_MOVE.items()} == {"none": 10, "light": 8, "heavy": 6, "armoured": 8}
    assert {k: m.inches for k, m in NS.ANIMAL_MOVE.items()} == {"aggressive-game": 14, "other-game": 12, "livestock": 8}


def test_smle_close_range_is_four_inches():
    # smle.txt, Table 3: "Close Range (up to four inches): Add Close Combat factor for weapon type"
    assert SMLE.CLOSE_RANGE_INCHES == 4


def test_sol_prime_artillery_arrival_columns_are_the_three_plus_twos_summed():
    # sol-prime.txt, ARTILLERY ARRIVAL HIT TABLE: target visible +2, command center +2, psionic race +2; ratings
    # Basic 6, Laser 5, Plasma 4; "greater than or equal to the army's Artillery Rating" on 1D10
    from fractions import Fraction

    table = sp_odds.arrival_table()
    assert table.cols == ["+0", "+2", "+4", "+6"]
    basic = table.cells[table.rows.index("Basic (6)")]
    assert basic == [Fraction(11 - max(1, 6 - m), 10) for m in (0, 2, 4, 6)]


def test_sol_prime_a_tank_target_is_its_front_armour():
    # Fire Combat, "Selected Armor Ratings": Light Tank 4/3, Medium Tank 5/4, Main Battle Tank 6/5 (front/flank);
    # a matchup's tank target is hit from the front
    assert sp_odds.MATCHUP.targets["light-tank"].profile == ("vehicle", 4, None)
    assert sp_odds.MATCHUP.targets["main-battle-tank"].what == "front armour 6"


def test_bounce_recruits_take_no_officer_of_their_own_class():
    # bounce-into-action.txt, Training: Recruits "officers from a higher training class only", and officers are
    # "individually based from Trained up": a recruits officer with a recruits stand breaks both, said once. (Seed
    # 4848's survivor, '<=' to '<' in the recruits rule, is equivalent: an officer of the stand's class under
    # Trained is reported as too low first, and the recruits rule is not asked again.)
    from test_bounce import BASE as BOUNCE

    text = BOUNCE.replace(
        "{name: Lt X, kind: officer, training: regular, experience: experienced, equipment: hma",
        "{name: Lt X, kind: officer, training: recruits, experience: raw, equipment: assault-rifles",
    ).replace(
        "{name: Alpha, training: regular, experience: experienced, equipment: hma",
        "{name: Alpha, training: recruits, experience: raw, equipment: assault-rifles",
    )
    found = [f for f in report(text).findings if f.code == "BIA-OFFICER-TRAINING"]
    assert [f.message for f in found] == [
        "'Lt X': officers are individually based from Trained up; recruits take officers from a higher training class"
    ]
