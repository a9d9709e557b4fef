"""What the mutation samples of seeds 6161, 7070, 8181, 9191 and 1212 found unchecked (benchmarks/mutants.py): tables restated from the texts,
never from listgen's own, and the rules and labels a list could break with no test reading them."""

from __future__ import annotations

from conftest import ARMIES, line_of, only, report
from test_close_action import BASE as CLOSE_ACTION
from test_rules_round4 import SMLE_SECTION

from listgen.rulesets.smle import tables as SMLE
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
            assert cell == Fraction(sum(1 for face in range(1, 11) if face + drm >= hit), 10), (hit, drm)


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


# --- seed 7070 ---


def test_close_action_fire_table_is_the_texts():
    # close-action.txt, Fire Table: "Weapon Dice/BZ Close (5-6) Far (6)": Pistol 1 6" 12"; Rifle 2 12" 72";
    # SMG 3 6" 24"; Auto-rifle 4 12" 72"; LMG 6 36" Infinite; HMG 8 48" Infinite
    from listgen.rulesets.close_action import tables as CA

    assert {slug: tuple(row) for slug, row in CA.FIRE_TABLE.items()} == {
        "pistol": ("Pistol", 1, 6, 12),
        "rifle": ("Rifle", 2, 12, 72),
        "smg": ("SMG", 3, 6, 24),
        "auto-rifle": ("Auto-rifle", 4, 12, 72),
        "lmg": ("LMG", 6, 36, None),
        "hmg": ("HMG", 8, 48, None),
    }


def test_bounce_a_vehicles_weapons_are_rated_as_its_crew_fires_them_with_no_bonus():
    # each weapon: the hits a d10 scores at its best band, the crew's training and experience the only modifier
    # (a multiple of the hit number scores again: MULTIPLE_NOTE), brute-forced over the ten faces
    from listgen.rulesets.bounce_into_action import stats
    from listgen.rulesets.bounce_into_action import tables as BIA

    text = (ARMIES / "bounce-militia-defence.yaml").read_text(encoding="utf-8")
    technicals = next(u for u in report(text).valuation.units if u.name == "Technicals")
    band = BIA.WEAPONS["veh-hmg"].bands[stats.best_band("veh-hmg")]
    mod = BIA.FIRER_TRAINING["trained"] + BIA.FIRER_EXPERIENCE.get("novice", 0)
    each = sum(((face + mod) // band.hit if face + mod >= band.hit else 0) for face in range(1, 11)) / 10
    assert [float(points) for _label, points in technicals.extras] == [2 * each]


def test_bounce_hit_tables_have_a_row_for_every_hit_number_the_bands_use():
    from listgen.rulesets.bounce_into_action import odds as bia_odds
    from listgen.rulesets.bounce_into_action import tables as BIA

    used = sorted({band.hit for w in BIA.WEAPONS.values() for band in w.bands if band is not None and band.hit})
    assert list(bia_odds.HIT_NUMBERS) == used


def test_noonday_a_group_of_one_unit_says_one_unit():
    from test_noonday_sun import BASE as NOONDAY_BASE

    text = NOONDAY_BASE.split("      - name: Second")[0]
    assert " has 1 unit; two, three or four units" in only(report(text), "NS-GROUP-UNITS").message


def test_smle_autofire_table_is_two_d6_against_the_to_hit_number_brute_forced():
    # smle.txt, Shooting: 2D6 + modifiers >= the to-hit number, an unmodified 2 always misses; Autofire: one
    # extra hit per point the modified score beats it. The sheet prints net modifiers -4 (extreme range) to +6
    from fractions import Fraction

    from listgen.rulesets.smle import odds as smle_odds

    table = next(t for t in smle_odds.hit_tables() if t.id == "smle-autofire-expected")
    assert table.cols == [f"{m:+d}" for m in range(-4, 7)]
    for row, quality in zip(table.cells, SMLE.QUALITIES):
        for cell, mod in zip(row, range(-4, 7)):
            counts: dict = {}
            for a in range(1, 7):
                for b in range(1, 7):
                    score = a + b + mod
                    hits = 0 if a + b == 2 or score < SMLE.TO_HIT[quality] else 1 + score - SMLE.TO_HIT[quality]
                    counts[hits] = counts.get(hits, 0) + Fraction(1, 36)
            assert {h: Fraction(p) for h, p in cell.items()} == counts, (quality, mod)


# --- seed 8181 ---


def test_sol_prime_close_combat_morale_modifiers_are_the_texts():
    # sol-prime.txt, CLOSE COMBAT DIE ROLL MODIFIERS, Morale Rating: "Guard +3 Green -1 / Elite +1 Rabble -3 /
    # Veteran +0" (listgen's 'militia' is the text's Rabble)
    assert SP.CLOSE_COMBAT_MORALE == {"guard": +3, "elite": +1, "veteran": 0, "green": -1, "militia": -3}


def test_close_action_a_net_target_of_one_always_hits_and_two_on_five_sixes():
    # close-action.txt, Fire Table: a hit on 5-6 close, 6 far, modifiers on each die; listgen's reading (SEVEN_PLUS
    # and MODIFIER_NOTE): a net target of 1 or less always hits; 2 to 6 hit on that number or more of one d6
    from fractions import Fraction

    from listgen.rulesets.close_action import tables as CA

    assert CA.hit_chance(0) == CA.hit_chance(1) == 1
    assert [CA.hit_chance(t) for t in range(2, 7)] == [
        Fraction(sum(1 for f in range(1, 7) if f >= t), 6) for t in range(2, 7)
    ]


def test_sol_prime_activation_and_support_check_tables_brute_forced():
    # sol-prime.txt, Activation: 1D6 + the side's modifiers is how many Platoons act (the sheet's rows: net -3 to
    # +3); Counterbattery and air support: 1D10 + DRM >= 6 (the sheet's columns: net -1 to +3)
    from fractions import Fraction

    activation = sp_odds.activation_table()
    assert activation.rows == ["-3", "-2", "-1", "+0", "+1", "+2", "+3"]
    assert activation.cols == [f"{n}+" for n in range(1, 10)]
    for row, mod in zip(activation.cells, range(-3, 4)):
        for cell, platoons in zip(row, range(1, 10)):
            assert cell == Fraction(sum(1 for face in range(1, 7) if face + mod >= platoons), 6)
    checks = sp_odds.checks_table()
    assert checks.cols == ["-1", "+0", "+1", "+2", "+3"]
    for row in checks.cells:
        assert list(row) == [Fraction(sum(1 for f in range(1, 11) if f + m >= 6), 10) for m in range(-1, 4)]


# --- seed 9191 ---


def test_bounce_individual_morale_modifiers_are_the_texts():
    # bounce-into-action.txt, Morale: "Officer leading by example +1, Officer taking morale +2, Each enemy casualty
    # in sight +1, In APC +1, Under fire from close range or indirect fire/grenades -1, Enemy in HMA/APC -1, Each
    # friendly casualty in sight -1, Enemy Tanks -2, Visibly outnumbered -1, Under air attack -3"
    from listgen.rulesets.bounce_into_action import tables as BIA

    assert dict(BIA.INDIVIDUAL_MODIFIERS) == {
        "Officer leading by example": +1,
        "Officer taking morale": +2,
        "Each enemy casualty in sight": +1,
        "In APC": +1,
        "Under fire from close range or indirect fire/grenades": -1,
        "Enemy in HMA/APC": -1,
        "Each friendly casualty in sight": -1,
        "Enemy Tanks": -2,
        "Visibly outnumbered": -1,
        "Under air attack": -3,
    }


def test_noonday_a_platoon_level_force_of_fifty_one_figures_warns():
    # 1. Game Scales: "up to fifty figures on each side": one past fifty warns
    from test_noonday_round3 import BASE as NOONDAY3

    units = "".join(
        f"  - {{name: U{i}, quality: trained, armour: none, figures: [{{count: 5, weapon: rifle}}]}}\n"
        for i in range(8)
    ).replace("count: 5", "count: 4", 1)  # 39 + the warband's 11 + its leader = 51
    assert "51 figures" in only(report(NOONDAY3 + "units:\n" + units), "NS-FIGURES").message


def test_sol_prime_morale_table_columns_run_from_shaken_to_leader_and_cover():
    # sol-prime.txt, morale DRMs: leader +2, shaken -2, cover +1: the net runs -2 to +3, each once
    from listgen.rulesets.sol_prime import odds as sp

    table = next(t for t in sp.hit_tables() if t.id == "sol-prime-morale")
    assert table.cols == ["-2", "-1", "+0", "+1", "+2", "+3"]


def test_close_action_one_officer_for_two_players_is_said_in_the_singular():
    text = CLOSE_ACTION.replace("name: Test squad\n", "name: Test squad\nplayers: 2\n")
    assert only(report(text), "CA-OFFICERS").message.endswith("2 players and 1 officer")


# --- seeds 1212 and 2323 ---


def test_smle_encumbered_movement_is_the_texts_with_its_readings_said():
    # smle.txt, Encumbered Movement: "A figure, carrying a heavy weapon, for example; a light Mortar or Light Machine
    # Gun will deduct 1 inch ... a very heavy weapon, (e.g. Anti-Tank Rifle, Flame Thrower, or Mortar) deducts two
    # inches." The text names no HMG or GPMG: listgen's reading (-2" and -1"), said on the sheet (ENCUMBRANCE_NOTE).
    # Everything else a figure carries costs no inches.
    text = {"light-mortar": 1, "lmg": 1, "at-rifle": 2, "flamethrower": 2, "medium-mortar": 2}
    reading = {"hmg": 2, "gpmg": 1}
    assert {slug: w.encumbrance for slug, w in SMLE.WEAPONS.items() if w.encumbrance} == {**text, **reading}
    assert 'listgen takes -2" for the HMG and -1" for the GPMG' in SMLE.ENCUMBRANCE_NOTE


def test_smle_guns_by_calibre_are_the_texts():
    # smle.txt, Explosive Effect Weapons: "a gun gets 1D6 effect ... for each inch/25mm calibre. i.e. a 75mm gun
    # would ... do 3DEX ... Anti-Tank guns get +1 per dice on a direct hit. 88's should be treated as 4" guns
    # (4D+4 Ex)". A gun named without 'at-' is no anti-tank gun.
    from listgen.rulesets.smle import stats

    ratings = {
        slug: stats.weapon(slug).rating
        for slug in ("gun-75mm", "at-gun-75mm", "gun-57mm", "at-gun-57mm", "gun-25mm", "gun-88mm", "at-gun-88mm")
    }
    assert ratings == {
        "gun-75mm": "3D",
        "at-gun-75mm": "3D+3",
        "gun-57mm": "2D",
        "at-gun-57mm": "2D+2",
        "gun-25mm": "1D",
        "gun-88mm": "4D+4",
        "at-gun-88mm": "4D+4",
    }


def test_smle_named_targets_are_teams_the_text_allows_and_say_what_they_are():
    # smle.txt, Teams: "A veteran team would be two or three figures, a trained team ... three or four, a green
    # team ... four-six, an untrained mob could be up to twelve". Each named target (fired at without a list) is
    # such a team, and its description gives the figures, quality and armour the odds use.
    from listgen.rulesets.smle.odds import MATCHUP

    sizes = {"veteran": range(2, 4), "trained": range(3, 5), "green": range(4, 7), "untrained": range(1, 13)}
    armours = {"light": "light infantry armour", "body": "body armour", "none": "no armour"}
    profiles = {name: t.profile for name, t in MATCHUP.targets.items() if isinstance(t.profile, tuple)}
    assert len(profiles) == len(MATCHUP.targets)  # every target's profile is a tuple, whose first word is its kind
    teams = {name: t for name, t in MATCHUP.targets.items() if profiles[name][0] == "team"}
    assert len(teams) >= 6
    for name, target in teams.items():
        _team, figures, quality, motivation, armour = profiles[name]
        assert figures in sizes[quality], name
        elite = ", elite" if motivation == "elite" else ""
        assert target.what == f"{figures} figures, {quality}{elite}, {armours[armour]}", name


def test_sol_prime_range_dice_are_the_texts_dice():
    # sol-prime.txt: "These rules use 4, 6, 8, 10, 12, & 20 sided die"; To Hit: "If a weapon's maximum range is a
    # number such as 16, for which there is no such thing as a 16 sided die, then roll 1D20" (re-rolled over 16);
    # over 20 the text gives no die: RANGE_DIE_NOTE says listgen's reading
    table = next(t for t in sp_odds.hit_tables() if t.id == "sol-prime-direct-fire")
    assert table.rows == [
        '4" (1D4)', '6" (1D6)', '8" (1D8)', '10" (1D10)', '12" (1D12)',
        '16" (1D20 re-rolled over 16)', '20" (1D20)', '24" (even 1-24)',
    ]  # fmt: skip
