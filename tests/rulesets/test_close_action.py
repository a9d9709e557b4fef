"""Close Action: one rule broken per list (officers, squads, support weapons, spotters), the Fire Table's own words,
the fire-dice rating, what the roster says, every odds table by brute force."""

import itertools
import re
import textwrap
from fractions import Fraction

import pytest
from conftest import ARMIES, broken, line_of, only, report

from listgen.core.validate import check_file
from listgen.rulesets.close_action import odds

BASE = textwrap.dedent("""\
    ruleset: close-action
    name: Test squad
    officers:
      - {name: Lt X}
    squads:
      - name: Alpha
        grade: steady
        leader: {name: Sgt A, weapon: smg}
        men:
          - {count: 1, weapon: auto-rifle}
          - {count: 5, weapon: rifle}
    """)


def codes(rep):
    return [f.code for f in rep.findings]


def test_base_is_legal_with_its_fire_dice_rating():
    rep = report(BASE)
    assert rep.legal() and not rep.findings
    assert rep.points == 3 + 4 + 5 * 2 + 1  # smg, auto-rifle, 5 rifles, the officer's pistol
    assert rep.valuation.scheme.startswith("Fire-dice rating")


@pytest.mark.parametrize("path", sorted(ARMIES.glob("close-action-*.yaml")), ids=lambda p: p.name)
def test_examples_are_legal(path):
    rep = check_file(str(path))
    assert rep.legal() and not rep.warnings, [f.message for f in rep.findings]


def test_squad_of_six_and_twelve_are_legal():
    # "squads of 6-12 men, each commanded by a squad leader": the leader is one of them
    for rifles in (4, 10):
        assert report(BASE.replace("{count: 5, weapon: rifle}", f"{{count: {rifles}, weapon: rifle}}")).legal(), rifles


def test_squad_of_five_and_of_thirteen():
    small = BASE.replace("{count: 5, weapon: rifle}", "{count: 3, weapon: rifle}")
    f = broken(report(small), "CA-SQUAD-SIZE")
    assert "has 5 men" in f.message and f.line == line_of(small, "- name: Alpha")
    big = BASE.replace("{count: 5, weapon: rifle}", "{count: 11, weapon: rifle}")
    assert "has 13 men" in broken(report(big), "CA-SQUAD-SIZE").message


def test_one_officer_per_player():
    text = BASE.replace("name: Test squad\n", "name: Test squad\nplayers: 2\n")
    f = broken(report(text), "CA-OFFICERS")
    assert f.line == line_of(text, "officers:")


def test_mortar_needs_its_own_spotter():
    text = BASE + "    support_weapons:\n      - {weapon: mortar}\n"
    assert broken(report(text), "CA-MORTAR-SPOTTER").line == line_of(text, "{weapon: mortar}")
    ok = (
        BASE.replace(
            "{count: 5, weapon: rifle}", "{count: 4, weapon: rifle}\n      - {count: 1, weapon: rifle, role: Pvt B}"
        )
        + "    support_weapons:\n      - {weapon: mortar, spotter: Pvt B}\n"
    )
    assert report(ok).legal()
    nobody = ok.replace("spotter: Pvt B", "spotter: Pvt C")  # a spotter is a figure of the list
    f = broken(report(nobody), "CA-SPOTTER-UNKNOWN")
    assert f.line == line_of(nobody, "spotter: Pvt C") and "did you mean 'Pvt B'" in f.message
    shared = ok + "      - {weapon: mortar, spotter: Pvt B}\n"
    assert "already spots" in broken(report(shared), "CA-MORTAR-SPOTTER").message


@pytest.mark.parametrize("extra", ["vehicles:\n  - {name: Sherman}\n", "guns:\n  - {name: 57mm}\n"])
def test_infantry_broken(extra):
    text = BASE + extra
    f = broken(report(text), "CA-INFANTRY-ONLY")
    assert f.ref == "Close Action Introduction" and "infantry-only" in f.message
    assert f.line == line_of(text, extra.split(":")[0] + ":")


def test_a_gun_as_a_weapon_cites_the_introduction():
    text = BASE.replace("{count: 1, weapon: auto-rifle}", "{count: 1, weapon: anti-tank-gun}")
    assert broken(report(text), "CA-INFANTRY-ONLY").ref == "Close Action Introduction"


@pytest.mark.parametrize("weapon", ["shotgun", "machine-gun", "gunner"])
def test_names_with_gun_in_them_are_no_artillery(weapon):
    # only whole names are artillery or armour; a shotgun is an unknown weapon, with the valid names
    text = BASE.replace("weapon: auto-rifle", f"weapon: {weapon}")
    f = broken(report(text), "INPUT-UNKNOWN-WEAPON")
    assert "pistol, rifle, smg, auto-rifle" in f.message


def test_unknown_weapon_suggests():
    text = BASE.replace("weapon: auto-rifle", "weapon: autorifle")
    f = broken(report(text), "INPUT-UNKNOWN-WEAPON")
    assert "did you mean 'auto-rifle'" in f.message and report(text).unreadable


def test_support_weapon_listed_as_a_man():
    text = BASE.replace("{count: 1, weapon: auto-rifle}", "{count: 1, weapon: lmg}")
    assert broken(report(text), "CA-SUPPORT-AS-PERSONAL").severity == "error"


def test_points_limit_without_table_reads_the_rating():
    at = report(BASE.replace("name: Test squad\n", "name: Test squad\npoints_limit: 18\n"))
    assert at.legal() and at.points == 18  # exactly at the limit
    text = BASE.replace("name: Test squad\n", "name: Test squad\npoints_limit: 17\n")
    rep = report(text)
    assert only(rep, "CA-RATING-LIMIT").severity == "info"
    assert "comes to 18 fire dice by the fire-dice rating" in broken(rep, "CA-POINTS-LIMIT").message


def test_grade_is_required_and_checked():
    text = BASE.replace("grade: steady", "grade: stedy")
    assert "did you mean 'steady'" in broken(report(text), "INPUT-BAD-VALUE").message


# --- odds by brute force ----------------------------------------------------------------------


def die_hits(target, depth=0):
    """Enumerate the dice of one fire die against a target: (hits, ways) over 6**3 chains of rolls."""
    hits = 0
    for chain in itertools.product(range(1, 7), repeat=3):
        t = target
        for roll in chain:  # each point past 6: a 6, then roll for the number 3 lower
            if t <= 6:
                hit = roll >= t or t <= 1
                break
            if roll != 6:
                hit = False
                break
            t -= 3
        else:
            hit = False
        hits += hit
    return Fraction(hits, 6**3)


def test_seven_plus_rule_as_printed():
    # "7+ to hit? Roll for a 6, then a 4-6": 1/6 x 3/6
    assert die_hits(7) == Fraction(1, 12)
    t = odds.per_die_table()
    assert t.cells[1][t.cols.index("-1")] == Fraction(1, 12)  # far (6) at -1 is 7+


def test_per_die_by_brute_force():
    t = odds.per_die_table()
    for r, base in enumerate((5, 6)):
        for c, col in enumerate(t.cols):
            assert t.cells[r][c] == die_hits(base - int(col)), (r, col)


def test_volleys_by_brute_force():
    """Hits from N dice: every count's chance, by rolling every face of every die (N up to 4)."""
    tables = [t for t in odds.hit_tables() if t.id.startswith("close-action-hits-")]
    assert {t.id for t in tables} == {"close-action-hits-close", "close-action-hits-far"}
    for table in tables:
        base = 5 if table.id.endswith("close") else 6
        for r, row in enumerate(table.rows):
            n = int(row.split(" ")[0])
            if n > 4:
                continue  # 6**n faces; the engine is the same for every n
            for c, col in enumerate(table.cols):
                target = base - int(col)
                if target > 6:
                    continue  # past 6 the chain test above covers it
                counts: dict = {}
                for faces in itertools.product(range(1, 7), repeat=n):
                    hits = sum(1 for f in faces if f >= target)
                    counts[hits] = counts.get(hits, 0) + 1
                expected = {h: Fraction(w, 6**n) for h, w in counts.items()}
                assert table.cells[r][c] == expected, (table.id, row, col)


MORALE = {"8-15": (0, 5), "16-23": (1, 7), "24-31": (2, 9), "32+": (3, 10)}  # rout at or below, OK at or above
GRADE = {"veteran": 2, "steady": 0, "green": -2}


def test_morale_by_brute_force():
    for table in (t for t in odds.hit_tables() if t.id.startswith("close-action-morale")):
        grade = table.id.rsplit("-", 1)[1]
        for r, band in enumerate(table.rows):
            rout, ok = MORALE[band]
            for c, col in enumerate(table.cols):
                counts = {"rout": 0, "cowering": 0, "OK": 0}
                for a, b in itertools.product(range(1, 7), repeat=2):
                    total = a + b + GRADE[grade] + int(col)
                    counts["rout" if total <= rout else "OK" if total >= ok else "cowering"] += 1
                assert table.cells[r][c] == {k: Fraction(v, 36) for k, v in counts.items()}


def test_rally_by_brute_force():
    t = next(t for t in odds.hit_tables() if t.id == "close-action-rally")
    needs = {"Veteran": 3, "Steady": 5, "Green": 6}
    for r, row in enumerate(t.rows):
        assert t.cells[r][0] == Fraction(sum(1 for d in range(1, 7) if d >= needs[row.split(" ")[0]]), 6)


def test_hand_to_hand_by_brute_force():
    t = next(t for t in odds.hit_tables() if t.id == "close-action-hand-to-hand")
    for r, a in enumerate(t.rows):
        for c, d in enumerate(t.cols):
            counts = {}
            for x, y in itertools.product(range(1, 7), repeat=2):
                sa, sd = x + int(a), y + int(d)
                key = "defender loses a man" if sa > sd else "tie" if sa == sd else "attacker loses a man"
                counts[key] = counts.get(key, 0) + 1
            assert t.cells[r][c] == {k: Fraction(v, 36) for k, v in counts.items()}


def test_blast_drift_by_brute_force():
    t = next(t for t in odds.hit_tables() if t.id == "close-action-blast-drift")
    for c, col in enumerate(t.cols):
        if col == "stays":
            n = sum(1 for a, p in itertools.product(range(1, 7), repeat=2) if p <= a)
        else:
            n = sum(1 for a, p in itertools.product(range(1, 7), repeat=2) if p > a and f'{p}"' == col)
        assert t.cells[0][c] == Fraction(n, 36)


def test_selecting_hits_and_grenades():
    tables = {t.id: t for t in odds.hit_tables()}
    sel = tables["close-action-selecting-hits"]
    assert [row[0] for row in sel.cells] == [Fraction(2, 6), Fraction(1, 6), Fraction(2, 36)]
    assert tables["close-action-grenade-throw"].cells[0][0] == Fraction(2, 6)


def test_sixteen_dice_volley_distribution():
    t = next(t for t in odds.hit_tables() if t.id == "close-action-volley-16-close")
    for _r, row in enumerate(t.cells):
        assert sum(row) == 1
    # +2: each die hits on 3+ (2/3); chance of 8 or more hits checked against a direct sum of binomials
    from math import comb

    p = Fraction(2, 3)
    eight_plus = sum(comb(16, k) * p**k * (1 - p) ** (16 - k) for k in range(8, 17))
    assert t.cells[t.rows.index("+2")][-1] == eight_plus


def test_json_is_exact():
    for table in odds.hit_tables():
        data = table.as_dict()
        for row in data["cells"]:
            for cell in row:
                if table.kind == "counts":  # a count's distribution, at least 1/2/3 and mean exact; median a count
                    values = [*cell["distribution"].values(), cell["mean"], cell["at_least_1"]]
                    assert isinstance(cell["median"], int)
                else:
                    values = list(cell.values()) if isinstance(cell, dict) else [cell]
                assert all(re.fullmatch(r"-?\d+/\d+", v) for v in values)


def test_the_rating_counts_what_fires_and_how_well():
    # Fire Table: LMG 6 dice, rifle 2; "Firer is green: -1" - at close range a green man hits on a 6, not 5-6
    with_lmg = BASE + "    support_weapons:\n      - {weapon: lmg}\n"
    squad = next(u for u in report(with_lmg).valuation.units if u.name == "Alpha")
    assert squad.total == 3 + 4 + 5 * 2 - 2 + 6  # the man on the LMG does not also fire his rifle
    green = with_lmg.replace("grade: steady", "grade: green")
    squad = next(u for u in report(green).valuation.units if u.name == "Alpha")
    assert squad.total == Fraction(3 + 4 + 5 * 2 - 2 + 6, 2)
    veteran = with_lmg.replace("grade: steady", "grade: veteran")  # veteran and steady fire alike
    assert next(u for u in report(veteran).valuation.units if u.name == "Alpha").total == 3 + 4 + 5 * 2 - 2 + 6


def test_a_squad_without_its_leader_or_grade_is_a_located_rule_finding():
    # Introduction: "squads of 6-12 men, each commanded by a squad leader ... a morale grade of veteran, steady,
    # or green" - broken rules (exit 1), not an unreadable list (exit 2)
    no_leader = BASE.replace("    leader: {name: Sgt A, weapon: smg}\n", "").replace("count: 5", "count: 6")
    f = broken(report(no_leader), "CA-SQUAD-LEADER")
    assert f.line == line_of(no_leader, "- name: Alpha") and not report(no_leader).unreadable
    no_grade = BASE.replace("    grade: steady\n", "")
    f = broken(report(no_grade), "CA-SQUAD-GRADE")
    assert f.line == line_of(no_grade, "- name: Alpha") and not report(no_grade).unreadable


def test_the_matchup_fires_what_the_rating_counts():
    """The man serving a support weapon fires it "instead of his own weapon" (the rating's reading, CREW_NOTE): the
    matchup's rows hold four rifles and the LMG, not five rifles and the LMG, and its dice equal the rating's."""
    with_lmg = BASE + "    support_weapons:\n      - {weapon: lmg}\n"
    rep = report(with_lmg)
    rows = {f.what for f in odds._firers(rep.army) if f.unit == "Alpha"}
    assert rows == {"1 x SMG (3 dice)", "1 x Auto-rifle (4 dice)", "4 x Rifle (8 dice)", "1 x LMG (6 dice)"}
    squad = next(u for u in rep.valuation.units if u.name == "Alpha")
    assert sum(f.profile[1] for f in odds._firers(rep.army) if f.unit == "Alpha") == squad.total
    for path in sorted(ARMIES.glob("close-action-*.yaml")):  # every example: the sheet's dice are the rating's
        army = check_file(str(path))
        if army.valuation.kind != "rating":  # a list priced by its own points_table
            continue
        for unit in army.valuation.units:
            s = army.army.squads[unit.path[1]] if unit.path[0] == "squads" else None
            if s is None or s.grade == "green" or any(w.weapon == "mortar" for w in s.support_weapons):
                continue
            assert sum(f.profile[1] for f in odds._firers(army.army) if f.unit == s.name) == unit.total, s.name
    assert any("instead of his own weapon" in a for a in odds.MATCHUP.assumptions)


# --- officers, support weapons and the roster -------------------------------------------------------------------


def test_each_player_has_his_own_officer():
    # Introduction: "Each player in the game should also receive a personality figure that acts as an officer"
    two = BASE.replace("name: Test squad\n", "name: Test squad\nplayers: 2\n").replace(
        "  - {name: Lt X}\n", "  - {name: Lt X, player: Ann}\n  - {name: Lt Y, player: Bob}\n"
    )
    assert "CA-OFFICER-PLAYER" not in codes(report(two))
    same = two.replace("player: Bob", "player: Ann")
    f = only(report(same), "CA-OFFICER-PLAYER")
    assert "Ann has two officers" in f.message and f.line == line_of(same, "Lt Y")
    # the text asks no names (issue 37's reading): officers one per player are legal unnamed, all or some
    unnamed = two.replace(", player: Bob", "")
    assert "CA-OFFICER-PLAYER" not in codes(report(unnamed)) and report(unnamed).legal()
    none_named = unnamed.replace(", player: Ann", "")
    assert not codes(report(none_named)) and report(none_named).legal()
    three = none_named.replace("players: 2", "players: 3")  # but one officer per player, however named
    assert "CA-OFFICERS" in codes(report(three))


def test_a_green_squad_on_the_roster_says_how_it_fires_and_rallies():
    # Fire Table: "Firer is green: -1"; Rally: "green on a 6"
    from listgen.commands.roster import printed_roster

    green = BASE.replace("grade: steady", "grade: green")
    facts = " ".join(v for u in printed_roster(report(green)).units for _k, v in u.facts)
    assert "rallies on a 6" in facts and "firer is green: -1 to hit" in facts and "6-6" not in facts


def test_one_man_is_not_taken_away_twice_for_two_support_weapons():
    # the man serving a support weapon fires it instead of his own weapon: two weapons, two men
    text = BASE + "    support_weapons:\n      - {weapon: lmg}\n      - {weapon: hmg}\n"
    squad = report(text).valuation.units[0]
    served = [n for label, n in squad.extras if "served instead" in label]
    assert served == [-2, -2]  # two riflemen (2 dice each: the least), not the auto-rifle
    one_man = BASE.replace("      - {count: 5, weapon: rifle}\n", "") + (
        "    support_weapons:\n      - {weapon: lmg}\n      - {weapon: hmg}\n"
    )
    squad = report(one_man).valuation.units[0]
    assert [n for label, n in squad.extras if "served instead" in label] == [-4]  # one man: taken once


@pytest.mark.parametrize("weapon", ["bazooka", "panzerfaust", "PIAT"])
def test_an_anti_tank_weapon_in_a_squad_is_a_rule_finding_not_an_unreadable_list(weapon):
    text = BASE.replace("{count: 1, weapon: auto-rifle}", f"{{count: 1, weapon: {weapon}}}")
    rep = report(text)
    f = only(rep, "CA-INFANTRY-ONLY")
    assert not rep.unreadable and "infantry-only" in f.message and f.line == line_of(text, weapon)


def test_a_support_weapon_on_an_officer_quotes_the_rule():
    text = BASE.replace("{name: Lt X}", "{name: Lt X, weapon: lmg}")
    f = only(report(text), "CA-SUPPORT-AS-PERSONAL")
    assert "Support weapons must start the game attached to squads" in f.message


def test_support_weapons_under_an_officer_quote_the_rule_and_the_list_still_reads():
    # Introduction: "Support weapons must start the game attached to squads" - a rule broken (exit 1, located),
    # not an unreadable list (exit 2, unknown key), as for 'weapon: hmg' on an officer
    given = BASE.replace("  - {name: Lt X}\n", "  - name: Lt X\n    support_weapons:\n      - {weapon: hmg}\n")
    rep = report(given)
    f = only(rep, "CA-SUPPORT-AS-PERSONAL")
    assert not rep.unreadable and "must start the game attached to squads" in f.message
    assert f.line == line_of(given, "support_weapons") and not [x for x in rep.findings if x.code.startswith("INPUT")]


# --- support weapons served, mortars, spotters, officers --------------------------------------------------------


def test_close_action_says_which_support_weapon_is_served_instead_of_a_mans_own():
    # the man serving a support weapon fires it, not his own rifle (2 dice): each line names the weapon he serves,
    # a machine gun by its initials and the mortar by its name
    text = BASE + "    support_weapons:\n      - {weapon: lmg}\n      - {weapon: mortar}\n"
    squad = report(text).valuation.units[0]
    assert [label for label, _n in squad.extras if "served instead" in label] == [
        "LMG served instead of a 2-dice weapon",
        "mortar served instead of a 2-dice weapon",
    ]


def test_close_action_a_spotter_for_anything_but_a_mortar_is_warned():
    # close-action.txt, Indirect Fire: "A mortar may use a spotter to perform indirect fire" - no other weapon
    text = (
        BASE.replace(
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
    spotted = BASE.replace(
        "{count: 5, weapon: rifle}", "{count: 4, weapon: rifle}\n      - {count: 1, weapon: rifle, role: Pvt B}"
    )

    def rated(support: str) -> int:
        rep = report(spotted + f"    support_weapons:\n      - {support}\n")
        return next(u for u in rep.valuation.units if u.name == "Alpha").total

    assert rated("{weapon: mortar, spotter: Pvt B}") - rated("{weapon: lmg}") == 16 - 6


def test_close_action_a_man_given_a_mortar_is_an_error_and_rated_as_the_mortar():
    # "Support weapons must start the game attached to squads": a mortar carried as a man's own weapon breaks the
    # list, and its rating still counts what the list holds, the mortar's 16 blast-zone dice
    text = BASE.replace("{count: 1, weapon: auto-rifle}", "{count: 1, weapon: mortar}")
    rep = report(text)
    assert only(rep, "CA-SUPPORT-AS-PERSONAL").severity == "error"
    alpha = next(u for u in rep.valuation.units if u.name == "Alpha")
    assert "16 (1 mortar x16)" in alpha.working() and alpha.total == 3 + 16 + 5 * 2


def test_close_action_one_officer_for_two_players_is_said_in_the_singular():
    text = BASE.replace("name: Test squad\n", "name: Test squad\nplayers: 2\n")
    assert only(report(text), "CA-OFFICERS").message.endswith("2 players and 1 officer")


# --- the Fire Table's own words, a squad of one -----------------------------------------------------------------


def test_the_fire_tables_own_words_read_case_folded():
    # Close Action, Fire Table: "Pistol", "Rifle", "SMG", "Auto-rifle", "LMG", "HMG"
    text = BASE.replace("weapon: smg}", "weapon: SMG}").replace("weapon: rifle}", "weapon: Rifle}")
    text = text.replace("grade: steady", "grade: Steady")
    text += "    support_weapons:\n      - {weapon: LMG}\n      - {weapon: HMG}\n"
    rep = report(text)
    assert rep.legal(), [f.message for f in rep.findings]
    squad = rep.army.squads[0]
    assert squad.leader.weapon == "smg" and squad.grade == "steady" and squad.men[1].weapon == "rifle"
    assert [s.weapon for s in squad.support_weapons] == ["lmg", "hmg"]
    assert rep.points == report(BASE + "    support_weapons:\n      - {weapon: lmg}\n      - {weapon: hmg}\n").points
    # a man carrying the Fire Table's LMG is told it is a support weapon, not that it is unknown
    man = BASE.replace("{count: 1, weapon: auto-rifle}", "{count: 1, weapon: LMG}")
    assert "CA-SUPPORT-AS-PERSONAL" in codes(report(man)) and "INPUT-UNKNOWN-WEAPON" not in codes(report(man))


def test_a_squad_of_its_leader_alone_is_told_the_rule():
    # Close Action: "squads of 6-12 men, each commanded by a squad leader"
    text = BASE.split("    men:")[0]
    rep = report(text)
    assert not rep.unreadable
    f = only(rep, "CA-SQUAD-SIZE")
    assert "1 man;" in f.message and "6-12" in f.message and f.line == line_of(text, "- name: Alpha")
