"""What the mutation sample of seed 2611 found unchecked (benchmarks/mutants.py): tables restated from the texts,
never from listgen's own, and the rules and labels a list could break with no test reading them."""

from __future__ import annotations

from conftest import line_of, only, report
from test_close_action import BASE as CLOSE_ACTION
from test_noonday_sun import BASE as NOONDAY

from listgen.rulesets.noonday_sun import stats as ns_stats
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
