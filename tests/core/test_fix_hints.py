"""Fix hints that lead to the fix: each message names the key or value that makes the list right."""

import pytest
from conftest import ARMIES

from listgen.core.validate import check_file, check_text


def example(name: str, old: str, new: str):
    text = (ARMIES / name).read_text(encoding="utf-8")
    assert old in text, old
    return check_text(text.replace(old, new, 1), name)


def messages(rep, code: str) -> list:
    return [f.message for f in rep.findings if f.code == code]


def test_bounce_armour_hint_says_every_armour_needs_trained():
    # Equipment and Training: LTA and heavier armour need at least Trained troops
    rep = example(
        "bounce-militia-defence.yaml",
        "training: trained, experience: experienced, equipment: assault-rifles",
        "training: recruits, experience: raw, equipment: hma",
    )
    (message,) = messages(rep, "BIA-EQUIPMENT")
    assert "LTA too, needs Trained" in message and "assault-rifles" in message


def test_close_action_spotter_hint_names_the_key():
    rep = example("close-action-german-grenadier-platoon.yaml", ", spotter: Ogefr. Haas}", "}")
    (message,) = messages(rep, "CA-MORTAR-SPOTTER")
    assert "'spotter: NAME'" in message


def test_sol_prime_tech_hint_names_the_level_that_allows_it():
    # Sol Prime: a laser army may not field plasma weapons
    rep = example(
        "sol-prime-laser-armoured-company.yaml",
        "weapons: [heavy-laser-cannon, apwl]",
        "weapons: [plasma-missile, apwl]",
    )
    (message,) = messages(rep, "SP-TECH")
    assert "'tech_level: plasma'" in message


@pytest.mark.parametrize("typed,row", [("bazooka", "at-missile"), ("MG", "veh-lmg"), ("rpg", "at-missile")])
def test_bounce_suggests_the_texts_line_for_names_from_other_games(typed, row):
    rep = example("bounce-militia-defence.yaml", "weapon: at-missile}", f"weapon: {typed}}}")
    (message,) = messages(rep, "INPUT-UNKNOWN-WEAPON")
    assert f"did you mean '{row}'?" in message


@pytest.mark.parametrize(
    "typed,row,printed",
    [
        ("PIAT", "bazooka", False),
        ("MG34", "gpmg", False),
        ("Lee-Enfield", "rifle", False),
        ("Bren", "lmg", True),
        ("Sten", "smg", True),
        ("MG42", "gpmg", True),
        ("Panzerfaust", "bazooka", True),
    ],
)
def test_smle_names_players_type_point_to_the_texts_row(typed, row, printed):
    rep = example(
        "smle-german-section.yaml", "weapon: rifle, role: Schütze 2 und 3}", f"weapon: {typed}, role: Schütze 2 und 3}}"
    )
    (message,) = messages(rep, "INPUT-UNKNOWN-WEAPON")
    assert f"did you mean '{row}'?" in message
    assert ("as its example" in message) == printed  # the text's own example, or listgen's reading, said so
    assert ("does not name" in message) == (not printed)


def test_the_sol_prime_starters_own_points_table_prices_its_starter():
    from listgen.commands.new import starter_list

    text = starter_list("sol-prime").replace("# points_table:", "points_table:")
    rep = check_text(text, "starter.yaml")
    assert rep.legal() and not rep.valuation.unpriced


def test_a_missing_price_is_one_line_whatever_needs_it():
    from listgen.commands.new import starter_list

    text = starter_list("sol-prime").replace("# points_table:", "points_table:").replace(", apwl: 2", "")
    rep = check_text(text, "starter.yaml")
    lines = [f for f in rep.findings if f.code == "SP-UNPRICED"]
    assert len(lines) == 1 and "item 'apwl'" in lines[0].message and "Tanks x3" in lines[0].message
    assert check_file(str(ARMIES / "sol-prime-laser-armoured-company.yaml")).legal()
