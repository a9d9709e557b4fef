"""Sol Prime: one rule broken per list, prices, and every odds table by brute force."""

import itertools
import textwrap
from fractions import Fraction

import pytest
from conftest import ARMIES, line_of, only, report

from listgen.rulesets.sol_prime import odds
from listgen.validate import check_file

BASE = textwrap.dedent("""\
    ruleset: sol-prime
    name: Test force
    tech_level: laser
    leaders:
      - {name: Maj A, attached_to: Tank 1}
    platoons:
      - name: Tanks
        morale: veteran
        stands:
          - {name: Tank 1, type: tank, armour: 5/4, weapons: [laser-cannon, apwl]}
          - {name: Tank 2, type: tank, armour: 5/4, weapons: [laser-cannon, apwl]}
      - name: Infantry
        morale: green
        stands:
          - {name: APCs, type: apc, count: 2, weapons: [apwl], carries: [Squads]}
          - {name: Squads, type: infantry, count: 4, weapons: [inf-gun, apwl]}
    """)



def errors(rep):
    return [f.code for f in rep.findings if f.severity == "error"]


def test_base_is_legal_and_unpriced():
    rep = report(BASE)
    assert rep.legal(), [f.message for f in rep.findings]
    assert rep.points == 0 and len(rep.valuation.unpriced) == 4


@pytest.mark.parametrize("path", sorted(ARMIES.glob("sol-prime-*.yaml")), ids=lambda p: p.name)
def test_examples_are_legal(path):
    rep = check_file(str(path))
    assert rep.legal() and not rep.warnings, [f.message for f in rep.findings]


def test_platoon_of_seven():
    text = BASE.replace("{name: Tank 2, type: tank,", "{name: Tank 2, type: tank, count: 6,")
    assert only(report(text), "SP-PLATOON-SIZE").line == line_of(text, "    stands:")


def test_infantry_platoon_limited_by_troop_bays():
    text = BASE.replace("{name: Squads, type: infantry, count: 4", "{name: Squads, type: infantry, count: 5")
    assert "room for 4" in only(report(text), "SP-PLATOON-SIZE").message
    bays = text.replace("{name: Squads, type: infantry, count: 5", "{name: Squads, type: infantry, count: 4")
    assert report(bays).legal()
    full = BASE.replace("{name: APCs, type: apc, count: 2", "{name: APCs, type: apc, count: 7").replace(
        "count: 4, weapons: [inf-gun", "count: 14, weapons: [inf-gun")
    assert "7 transports" in only(report(full), "SP-PLATOON-SIZE").message


def test_troop_bays_hold_two_squads():
    text = BASE.replace("{name: APCs, type: apc, count: 2", "{name: APCs, type: apc, count: 1")
    f = only(report(text), "SP-TROOP-BAYS")
    assert "holds 2" not in f.message and "hold 2" in f.message and f.line == line_of(text, "name: APCs")


def test_one_leader_per_player_and_attached():
    two = BASE.replace("  - {name: Maj A, attached_to: Tank 1}\n",
                       "  - {name: Maj A, attached_to: Tank 1}\n  - {name: Capt B, attached_to: Tank 2}\n")
    assert only(report(two), "SP-LEADERS").severity == "error"
    assert report(two.replace("tech_level: laser", "tech_level: laser\nplayers: 2")).legal()
    loose = BASE.replace("attached_to: Tank 1", "attached_to: Tank 9")
    assert only(report(loose), "SP-LEADER-ATTACHED").line == line_of(loose, "Tank 9")


@pytest.mark.parametrize("tech,stand", [
    ("basic", "{name: Tank 1, type: tank, armour: 5/4, weapons: [laser-cannon]}"),
    ("laser", "{name: Tank 1, type: tank, armour: 5/4, weapons: [plasma-cannon]}"),
    ("basic", "{name: Tank 1, type: mobile-infantry}"),
    ("laser", "{name: Tank 1, type: powersuit-infantry}"),
])
def test_technology_level(tech, stand):
    text = BASE.replace("tech_level: laser", f"tech_level: {tech}").replace(
        "{name: Tank 1, type: tank, armour: 5/4, weapons: [laser-cannon, apwl]}", stand).replace(
        "[apwl]", "[apw]" if tech == "basic" else "[apwl]").replace("[inf-gun, apwl]", "[inf-gun]")
    assert "SP-TECH" in errors(report(text))


def test_infantry_squads_weapons():
    text = BASE.replace("[inf-gun, apwl]", "[inf-laser-gun, apwl]")
    assert only(report(text), "SP-INFANTRY-WEAPONS").line == line_of(text, "inf-laser-gun")
    heavy = text.replace("type: infantry", "type: heavy-weapons")
    assert "SP-INFANTRY-WEAPONS" not in errors(report(heavy))


def test_engineers_not_from_heavy_weapons():
    text = BASE.replace("{name: Squads, type: infantry, count: 4,", "{name: Squads, type: heavy-weapons, count: 4, engineer: true,")
    assert only(report(text), "SP-ENGINEER").severity == "error"


def test_minefields_per_engineer_and_defender_only():
    eng = BASE.replace("{name: Squads, type: infantry, count: 4,", "{name: Squads, type: infantry, count: 4, engineer: true,")
    mines = eng + "minefields:\n  - {type: mf, count: 4}\ndummy_minefields: 4\n"
    assert "SP-MINES-DEFENDER" in errors(report(mines))
    defender = mines.replace("tech_level: laser", "tech_level: laser\ndefender: true")
    assert report(defender).legal()
    too_many = defender.replace("{type: mf, count: 4}", "{type: mf, count: 5}")
    assert only(report(too_many), "SP-MINES-ENGINEERS").line == line_of(too_many, "minefields:")
    dummies = defender.replace("dummy_minefields: 4", "dummy_minefields: 5")
    assert "SP-MINES-ENGINEERS" in errors(report(dummies))


@pytest.mark.parametrize("craft,weapons,code", [
    ("fighter", "[air-gun, air-he-missile, air-he-missile, air-he-missile]", "SP-AIRCRAFT-LOAD"),
    ("fighter", "[rocket-pod, rocket-pod]", "SP-AIRCRAFT-LOAD"),
    ("bomber", "[bomb, bomb, rocket-pod, rocket-pod, air-gun, air-he-missile]", "SP-AIRCRAFT-LOAD"),
    ("bomber", "[rocket-pod, air-he-missile]", "SP-AIRCRAFT-BALANCE"),
    ("fighter", "[air-gun, laser-cannon]", "SP-AIRCRAFT-NOSE"),
])
def test_aircraft_loads(craft, weapons, code):
    text = BASE + f"  - name: Air\n    morale: elite\n    stands:\n      - {{name: Jet, type: {craft}, weapons: {weapons}}}\n"
    assert code in errors(report(text))


def test_legal_aircraft_loads():
    for craft, weapons in (("fighter", "[air-gun, air-he-missile, air-he-missile]"),
                           ("bomber", "[bomb, bomb, rocket-pod, rocket-pod, air-gun]")):
        text = BASE + f"  - name: Air\n    morale: elite\n    stands:\n      - {{name: Jet, type: {craft}, weapons: {weapons}}}\n"
        assert report(text).legal(), craft


def test_amds_vehicle_only_adds_an_apw():
    ok = BASE + "  - name: Shield\n    morale: veteran\n    stands:\n      - {name: Aegis, type: amds, weapons: [apwl]}\n"
    assert report(ok).legal()
    bad = ok.replace("{name: Aegis, type: amds, weapons: [apwl]}", "{name: Aegis, type: amds, weapons: [apwl, laser-cannon]}")
    assert only(report(bad), "SP-AMDS").severity == "error"


def test_installations_support():
    base = BASE.replace("tech_level: laser", "tech_level: laser\nbase: true") + \
        "installations:\n  - {type: barracks, sections: 1}\n  - {type: maintenance}\n"
    assert report(base).legal()
    no_garage = base.replace("  - {type: maintenance}\n", "")
    assert "maintenance" in only(report(no_garage), "SP-INSTALLATIONS").message
    jets = base + "  - {type: hangar}\n"
    jets = jets.replace("installations:", "installations:") + ""
    air = jets.replace("platoons:\n", "platoons:\n  - name: Air\n    morale: elite\n    stands:\n"
                       "      - {name: Jets, type: fighter, count: 3, weapons: [air-gun]}\n")
    msgs = [f.message for f in report(air).findings if f.code == "SP-INSTALLATIONS"]
    assert any("hangars" in m for m in msgs) and any("landing strips" in m for m in msgs)


def test_prices_missing_with_a_limit_is_an_error():
    text = BASE.replace("tech_level: laser", "tech_level: laser\npoints_limit: 100")
    f = only(report(text), "SP-PRICES-MISSING")
    assert f.line == line_of(text, "points_limit") and "troop lists" in f.message


def test_assault_armour_is_the_printed_price():
    text = BASE.replace("{name: Squads, type: infantry, count: 4,", "{name: Squads, type: infantry, count: 4, assault_armour: true,")
    assert report(text).points == 4


def test_supplied_table_prices_the_rest():
    table = ("points_table:\n  name: Club\n  leader: 5\n"
             "  items: {tank: 20, apc: 8, infantry: 4, laser-cannon: 5, apwl: 1, inf-gun: 1}\n")
    rep = report(BASE.replace("tech_level: laser\n", "tech_level: laser\npoints_limit: 200\n" + table))
    assert rep.legal() and rep.points == 2 * 26 + 2 * 9 + 4 * 6 + 5


# --- odds by brute force ----------------------------------------------------------------------------

def range_roll(sides):
    """Faces of the range die: a real die, else d20 faces kept only when at most the range (re-rolled)."""
    if sides in (4, 6, 8, 10, 12, 20):
        return list(range(1, sides + 1))
    if sides < 20:
        return [f for f in range(1, 21) if f <= sides]
    return list(range(1, sides + 1))  # 24: read as equally likely 1-24


def test_direct_fire_by_brute_force():
    t = {t.id: t for t in odds.hit_tables()}["sol-prime-direct-fire"]
    for r, row in enumerate(t.rows):
        sides = int(row.split('"')[0])
        faces = range_roll(sides)
        for c, need in enumerate(t.cols):
            need = int(need)
            if need > sides:
                assert t.cells[r][c] is None
            else:
                assert t.cells[r][c] == Fraction(sum(1 for f in faces if f >= need), len(faces))


def test_missiles_by_brute_force():
    t = {t.id: t for t in odds.hit_tables()}["sol-prime-missile"]
    numbers = {"Basic": 5, "Laser": 4, "Plasma": 3}
    for r, row in enumerate(t.rows):
        for c, col in enumerate(t.cols):
            n = sum(1 for f in range(1, 11) if f + int(col) >= numbers[row.split(" ")[0]])
            assert t.cells[r][c] == Fraction(n, 10)


# Vehicle to-kill ratings, restated from sol-prime.txt (missile table and Selected Weapons To Kill Ratings;
# Inf TOW follows the missile table, 3/-)
VEHICLE_RATING = {"Inf Gun": 0, "Inf TOW": 3, "Inf Laser Gun": 3, "Inf Plsm TOW": 6, "Inf GAW": 0, "HE Missile": 3,
                  "Plasma Missile": 6, "Air HE Missile": 3, "Air Plasma Missile": 6, "AD HE Msl": 3, "AD Plsm Msl": 6,
                  "Laser Cannon": 3, "Hvy Laser Cannon": 4, "Ion Cannon": 5, "Plasma Cannon": 6}
# Artillery Table, restated: (vehicle, infantry) to-kill by class and technology; an MRL adds 1 to both
ARTILLERY = {"Light": {"basic": (-1, 1), "laser": (0, 2), "plasma": (1, 3)},
             "Medium": {"basic": (0, 2), "laser": (1, 3), "plasma": (2, 4)},
             "Heavy": {"basic": (1, 3), "laser": (2, 4), "plasma": (3, 5)}}


def artillery_rating(row):
    """(vehicle, infantry) for a row named 'Heavy plasma MRL (...)', from the restated table."""
    klass, tech, *mrl = row.split(" (")[0].split(" ")
    vehicle, infantry = ARTILLERY[klass][tech]
    return (vehicle + 1, infantry + 1) if mrl else (vehicle, infantry)


def test_to_kill_by_brute_force():
    t = {t.id: t for t in odds.hit_tables()}["sol-prime-to-kill-vehicle"]
    assert sorted(r.split(" (")[0] for r in t.rows) == sorted(VEHICLE_RATING)
    for r, row in enumerate(t.rows):
        rating = VEHICLE_RATING[row.split(" (")[0]]
        for c, armour in enumerate(t.cols):
            counts = {}
            for f in range(1, 7):
                total = f + rating - int(armour)
                key = "killed" if total > 0 else "immobilized (wheeled)" if total == 0 else "no effect"
                counts[key] = counts.get(key, 0) + 1
            assert t.cells[r][c] == {k: Fraction(v, 6) for k, v in counts.items()}


def infantry_outcome(total):
    return "destroyed" if total > 4 else "suppressed" if total >= 1 else "no effect"


def test_infantry_and_artillery_by_brute_force():
    tables = {t.id: t for t in odds.hit_tables()}
    t = tables["sol-prime-infantry"]
    for r, rating in enumerate(t.rows):
        for c, col in enumerate(t.cols):
            armour = int(col.split(" ")[0])
            counts = {}
            for f in range(1, 7):
                key = infantry_outcome(f + int(rating) - armour)
                counts[key] = counts.get(key, 0) + 1
            assert t.cells[r][c] == {k: Fraction(v, 6) for k, v in counts.items()}
    art = tables["sol-prime-artillery-infantry"]
    assert len(art.rows) == 18
    for r, row in enumerate(art.rows):
        rating = artillery_rating(row)[1]
        for c, armour in enumerate(art.cols):
            counts = {}
            for f in range(1, 7):
                key = infantry_outcome(f + rating - int(armour))
                counts[key] = counts.get(key, 0) + 1
            assert art.cells[r][c] == {k: Fraction(v, 6) for k, v in counts.items()}
    veh = tables["sol-prime-artillery-vehicles"]
    for r, row in enumerate(veh.rows):
        for c, armour in enumerate(veh.cols):
            killed = sum(1 for f in range(1, 7) if f + artillery_rating(row)[0] - int(armour) > 0)
            assert veh.cells[r][c].get("killed", 0) == Fraction(killed, 6)


def test_close_combat_by_brute_force():
    t = {t.id: t for t in odds.hit_tables()}["sol-prime-close-combat"]
    for r, diff in enumerate(t.rows):
        d = int(diff)
        wins = sum(1 for a, b in itertools.product(range(1, 7), repeat=2) if a + d > b)
        ties = sum(1 for a, b in itertools.product(range(1, 7), repeat=2) if a + d == b)
        # a tie is rolled again with no modifiers: by symmetry each side wins half of those re-rolls
        assert t.cells[r][0] == Fraction(wins, 36) + Fraction(ties, 36) / 2


def test_morale_activation_mines_by_brute_force():
    tables = {t.id: t for t in odds.hit_tables()}
    morale = tables["sol-prime-morale"]
    chart = {"Guard": 1, "Elite": 2, "Veteran": 3, "Green": 4, "Militia": 5}
    for r, row in enumerate(morale.rows):
        for c, col in enumerate(morale.cols):
            passes = sum(1 for f in range(1, 11) if f + int(col) > chart[row.split(" ")[0]])
            assert morale.cells[r][c] == Fraction(passes, 10)
    act = tables["sol-prime-activation"]
    for r, mod in enumerate(act.rows):
        for c, points in enumerate(act.cols):
            n = sum(1 for f in range(1, 7) if max(f + int(mod), 0) == int(points))
            assert act.cells[r][c] == Fraction(n, 6)
    mines = tables["sol-prime-mines"]
    strengths = {"MF": 1, "MFL": 2, "MFP": 3}  # Mines: "MF = 1, MFL = 2, & MFP = 3"
    assert [r.split(" ")[0] for r in mines.rows] == list(strengths)
    for r, row in enumerate(mines.rows):
        strength = strengths[row.split(" ")[0]]
        hit = Fraction(sum(1 for f in range(1, 7) if f <= strength), 6)
        assert mines.cells[r][0] == hit
        for c, armour in enumerate((3, 4, 5), start=1):
            assert mines.cells[r][c] == hit * Fraction(sum(1 for f in range(1, 7) if f + strength > armour), 6)
        assert mines.cells[r][4] == hit * Fraction(sum(1 for f in range(1, 7) if f + strength > 4), 6)


def test_arrival_and_checks_by_brute_force():
    tables = {t.id: t for t in odds.hit_tables()}
    arrival = tables["sol-prime-artillery-arrival"]
    for r, rating in enumerate((6, 5, 4)):
        for c, col in enumerate(arrival.cols):
            assert arrival.cells[r][c] == Fraction(sum(1 for f in range(1, 11) if f + int(col) >= rating), 10)
    checks = tables["sol-prime-support-checks"]
    for c, col in enumerate(checks.cols):
        assert checks.cells[0][c] == Fraction(sum(1 for f in range(1, 11) if f + int(col) >= 6), 10)
