"""What the mutation sample of seed 6161 found unchecked (benchmarks/mutants.py): tables restated from the texts,
never from listgen's own, and the rules and labels a list could break with no test reading them."""

from __future__ import annotations

from conftest import ARMIES, line_of, only, report
from test_close_action import BASE as CLOSE_ACTION
from test_rules_round4 import SMLE_SECTION

from listgen.rulesets.sol_prime import odds as sp_odds
from listgen.rulesets.sol_prime import tables as SP


def test_smle_a_trained_team_is_three_or_four_figures():
    # smle.txt, Organisation of Forces: "a trained team would be three or four figures" (Second rifle group: 3)
    four = SMLE_SECTION.replace("{count: 3, weapon: rifle}", "{count: 4, weapon: rifle}")
    assert report(four).legal(strict=True)  # at the most
    five = SMLE_SECTION.replace("{count: 3, weapon: rifle}", "{count: 5, weapon: rifle}")
    f = only(report(five), "SMLE-TEAM-SIZE-QUALITY")  # one past it: a warning at the team
    assert "would be 3-4 figures" in f.message and f.line == line_of(five, "name: Second rifle group")


def test_close_action_a_spotter_for_anything_but_a_mortar_is_warned():
    # close-action.txt, Indirect Fire: "A mortar may use a spotter to perform indirect fire" - no other weapon
    text = (
        CLOSE_ACTION.replace(
            "{count: 5, weapon: rifle}", "{count: 4, weapon: rifle}\n      - {count: 1, weapon: rifle, role: Pvt B}"
        )
        + "    support_weapons:\n      - {weapon: lmg, spotter: Pvt B}\n"
    )
    f = only(report(text), "CA-SPOTTER-UNUSED")
    assert f.severity == "warning" and f.line == line_of(text, "spotter: Pvt B}")
    assert "only mortars have spotters" in f.message


def test_close_action_rates_a_mortar_as_its_blast_zones_sixteen_dice():
    # close-action.txt, Blast Zone Effects: "each mortar BZ counts as 16 dice"; Fire Table: LMG 6 dice. The
    # same crew serves either, so a mortar rates 16 - 6 = 10 dice above an LMG
    spotted = CLOSE_ACTION.replace(
        "{count: 5, weapon: rifle}", "{count: 4, weapon: rifle}\n      - {count: 1, weapon: rifle, role: Pvt B}"
    )

    def rated(support: str) -> int:
        rep = report(spotted + f"    support_weapons:\n      - {support}\n")
        return next(u for u in rep.valuation.units if u.name == "Alpha").total

    assert rated("{weapon: mortar, spotter: Pvt B}") - rated("{weapon: lmg}") == 16 - 6


def test_sol_prime_vehicle_to_kill_modifiers_are_the_texts():
    # sol-prime.txt, TO KILL DIE ROLL MODIFIERS, Vehicle DRM's: "Very Large -1", "Very Small +1", "*Field
    # Generator -2" (*Does not effect guns or missiles), "@<1/3 Max Range +2", "@>2/3 Max Range -1" (@guns only)
    assert dict(SP.VEHICLE_KILL_MODIFIERS) == {
        "Very Large": -1,
        "Very Small": +1,
        "Field Generator (not guns or missiles)": -2,
        "<1/3 Max Range (guns only)": +2,
        ">2/3 Max Range (guns only)": -1,
    }


def test_sol_prime_missile_to_hit_table_is_1d10_against_the_hit_number():
    # sol-prime.txt, MISSILE TO HIT TABLE: "Roll 1D10 & apply any die roll modifiers. The modified die roll must
    # be greater than or equal to the missile's Hit Number": Basic 5, Laser 4, Plasma 3. Brute force over the ten
    # faces; the sheet prints net DRMs -6 to +3
    from fractions import Fraction

    table = sp_odds.missile_table()
    assert table.cols == ["-6", "-5", "-4", "-3", "-2", "-1", "+0", "+1", "+2", "+3"]
    assert table.rows == ["Basic (5)", "Laser (4)", "Plasma (3)"]
    for row, hit in zip(table.cells, (5, 4, 3)):
        for cell, drm in zip(row, range(-6, 4)):
            assert Fraction(cell) == Fraction(sum(1 for face in range(1, 11) if face + drm >= hit), 10), (hit, drm)


def test_sol_prime_names_two_of_a_weapon_on_one_stand_as_two():
    # a matchup row names a stand's weapon once, and two of it as '2 x' (the stand's count is said apart)
    text = (ARMIES / "sol-prime-laser-armoured-company.yaml").read_text(encoding="utf-8")
    one = [f.what for f in sp_odds._firers(report(text).army) if f.unit == "Lancer 1 HQ"]
    two = text.replace("weapons: [heavy-laser-cannon, apwl]", "weapons: [heavy-laser-cannon, heavy-laser-cannon, apwl]")
    said = [f.what for f in sp_odds._firers(report(two).army) if f.unit == "Lancer 1 HQ"]
    assert one == ["Hvy Laser Cannon"] and said == ["2 x Hvy Laser Cannon"]


def test_close_action_a_man_given_a_mortar_is_an_error_and_rated_as_the_mortar():
    # "Support weapons must start the game attached to squads": a mortar carried as a man's own weapon breaks the
    # list, and its rating still counts what the list holds, the mortar's 16 blast-zone dice
    text = CLOSE_ACTION.replace("{count: 1, weapon: auto-rifle}", "{count: 1, weapon: mortar}")
    rep = report(text)
    assert only(rep, "CA-SUPPORT-AS-PERSONAL").severity == "error"
    alpha = next(u for u in rep.valuation.units if u.name == "Alpha")
    assert "16 (1 mortar x16)" in alpha.working() and alpha.total == 3 + 16 + 5 * 2
