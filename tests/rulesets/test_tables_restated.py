"""The rulesets' tables, restated here from the texts and compared whole with listgen's, and the odds tables
built from them checked by brute force over the dice (a number moved by one in a table no other test reads would go
unnoticed). Each table below is copied from the
section its comment names, never from listgen's code."""

from __future__ import annotations

from listgen.rulesets import get
from listgen.rulesets.bounce_into_action import tables as BIA
from listgen.rulesets.noonday_sun import tables as NS
from listgen.rulesets.smle import tables as SMLE
from listgen.rulesets.sol_prime import odds as sp_odds
from listgen.rulesets.sol_prime import tables as SP

# --- S.M.L.E. ------------------------------------------------------------------------------------------------


def test_smle_activation_modifiers():
    """Activation Modifiers (the situation columns)."""
    text = {
        "Leader with group": +1, "Fresh troops": +2, "Armoured troops": +1, "Concealed": +1,
        "In Hard Cover": +2, "In Prepared Position": +3, "Each wounded": -1, "Each casualty": -2,
        "Not under Fire": +1, "Under Direct Fire": -1, "Under Auto Fire": -1, "Under Explosive Fire": -2,
        "Separated from unit": -2, "Attacked from Flank": -1, "Attacked from rear": -2, "Broken troops": -2,
    }  # fmt: skip
    assert {label: mod for mod, label in SMLE.ACTIVATION_SITUATION} == text
    assert SMLE.ACTIVATION_QUALITY == {"untrained": 0, "green": 2, "trained": 4, "veteran": 6}
    assert SMLE.ACTIVATION_FANATIC == 6 and SMLE.ACTIVATION_MOTIVATION_ADD == {"warriors": 2}


def test_smle_close_assault_table_5():
    """Table 5. Close Assault."""
    assert SMLE.CLOSE_ASSAULT_QUALITY == {"untrained": -2, "green": -1, "trained": 0, "veteran": +1}
    assert SMLE.CLOSE_ASSAULT_MOTIVATION == {"elite": +1, "fanatic": +1, "warriors": +2}
    text = [-2, -1, +1, +1, +1, +2, +1, +2, -2, -2, -1, +3, +1]  # Untrained ... Improvised Weapons, as printed
    assert [mod for _label, mod in SMLE.CLOSE_ASSAULT_MODIFIERS] == text


def test_smle_vehicle_sizes_and_armour():
    """Vehicle Combat: Vehicle Size target modifiers; Vehicle Armour dice."""
    sizes = {"very-small": 0, "small": 1, "medium": 2, "large": 3, "huge": 4, "flying": -4}
    assert {k: v[0] for k, v in SMLE.VEHICLE_SIZES.items()} == sizes
    armour = {
        "softskin": "1D", "larger-softskin": "1D+1", "bulletproof": "1D+2", "light-tank": "2D",
        "medium-tank": "3D", "heavy-tank": "4D", "super-heavy-tank": "5D",
    }  # fmt: skip
    assert {k: v[0] for k, v in SMLE.VEHICLE_ARMOUR.items()} == armour


def test_smle_table_4_armour_and_table_2_moves():
    """Table 4. Armour Rating (vs B, vs E/X) and Table 2. Infantry Movement Examples."""
    got = {k: (a.vs_b, a.vs_ex, a.move) for k, a in SMLE.ARMOUR.items() if k != "power"}
    assert got == {"none": (-1, -2, 10), "light": (0, -1, 8), "body": (+1, 0, 6)}


# --- Bounce into Action ---------------------------------------------------------------------------------------


def test_bounce_basic_morale():
    """Basic Morale: training by experience ('-': no such combination)."""
    text = {
        "civilian": (6, None, 7, None, None),
        "recruits": (5, None, 6, 7, 8),
        "trained": (None, 4, 5, 6, 7),
        "regular": (None, 3, 4, 5, 5),
        "special-forces": (None, 2, 3, 4, 5),
    }
    order = ("raw", "novice", "experienced", "seasoned", "veteran")
    assert {t: tuple(row[e] for e in order) for t, row in BIA.BASIC_MORALE.items()} == text


def test_bounce_factors_affecting_morale():
    text = {
        "In HMA/MA": -1, "In Tanks/Hoverbus": -2, "Excellent medical sp": -1, "Excellent officers": -1,
        "Elite unit": -1, "Enemy can't kill": -2, "Well supplied": -1, "Regular leave/mail": -1,
        "Religious fanatics": -2, "No medical support": +1, "Poor officers": +1, "Enemy air superiority": +1,
        "Scratch unit": +1, "No armour": +1, "Can't kill enemy": +2, "Poorly equipped": +1, "Out of contact": +1,
        "Enemy treats PW well": +1,
    }  # fmt: skip
    assert {f.label: f.modifier for f in BIA.MORALE_FACTORS.values()} == text


def test_bounce_hit_effects_infantry():
    text = {
        "Civilians": (10, 50, False), "Recruits": (10, 30, False), "Militia": (3, 8, True), "LTA": (2, 4, True),
        "HMA": (2, 4, True), "Marines": (4, 4, True), "Special Forces": (2, 2, True), "Vehicle crews": (2, 4, False),
    }  # fmt: skip
    assert {k: tuple(v) for k, v in BIA.HIT_EFFECTS.items()} == text


def test_bounce_air_defence_systems():
    """Air Defence Systems: range, lock-on (None: 'No'), firing modifier, firing chart line."""
    text = {
        "Heavy SAM": ("50 Km", 0, 0, "Heavy SAM"), "Vehicle SAM": ("20 Km", 0, 0, "Heavy SAM"),
        "Air to Air Missile": ("20 Km", 0, 0, "Heavy SAM"), "ManPAD": ("10 Km", 0, 0, "Light SAM"),
        "Multi-Cannon": ("2 Km", -2, 0, "Light SAM"), "Other guided weapons": ("2 Km", -4, 0, "Other AD"),
        "HMA infantry": ("2 Km", -4, -1, "Other AD"), "LTA Infantry": ("2 Km", None, -2, "Other AD"),
        "Other Infantry": ("300 m", None, -4, "Other AD"),
    }  # fmt: skip
    assert {s.name: (s.range, s.lock, s.fire, s.line) for s in BIA.AD_SYSTEMS.values()} == text


def test_bounce_range_bands_with_penetration():
    """Weapon Range Bands: hit score (penetration) at 5, 10, 15, 30, 60, 120 cm; '-' for none; blast."""
    text = {
        "SLA Support squad": ("2(2) 4(2) 4(2) 8(-) - -", True),
        "Veh Cannon": ("2(4) 4(2) 4(2) 4(2) 4(2) -", False),
        "SLA Squad": ("2(2) 4(2) 4(2) 4(-) 4(-) -", False),
        "HE Missile": ("4(-) 4(-) 4(-) 4(-) 4(-) 4(-)", True),
        "AT Missile": ("4(4) 4(4) 4(4) 4(4) 4(4) 4(4)", False),
        "Rifles": ("4(0) 6(-) 8(-) 8(-) - -", False),
        "Veh LMG": ("6(-) 6(-) 6(-) 6(-) 6(-) -", False),
        "Light Small Arms": ("8(-) 9(-) 9(-) - - -", False),
        "Veh HMG": ("4(-) 6(-) 8(-) 8(-) 9(-) -", False),
        "Tank Gun": ("2(4) 4(2) 6(1) 8(0) 9(-2) -", True),
        "Hovertank Gun": ("2(4) 2(4) 4(2) 4(2) 8(0) 9(-2)", True),
        "Marine SCA": ("4(-) - - - - -", True),
    }

    def shown(band) -> str:
        if band is None:
            return "-"
        return f"{band.hit}({'-' if band.penetration is None else band.penetration})"

    got = {w.name: (" ".join(shown(b) for b in w.bands), w.blast) for w in BIA.WEAPONS.values()}
    assert got == text


# --- Sol Prime -------------------------------------------------------------------------------------------------


def test_sol_prime_weapons():
    """Selected Weapons To Kill Ratings and the missile table: range (min-max), vehicle / infantry rating."""
    text = {
        "Inf Gun": (1, 12, 0, 1, False), "Inf TOW": (4, 20, 3, None, True), "Inf Laser Gun": (1, 20, 3, 2, False),
        "Inf Plsm TOW": (4, 24, 6, 2, True), "Inf GAW": (1, 10, 0, None, True), "HE Missile": (4, 20, 3, None, True),
        "Plasma Missile": (4, 24, 6, 2, True), "Air HE Missile": (4, 24, 3, None, True),
        "Air Plasma Missile": (6, 24, 6, 2, True), "AD HE Msl": (1, 24, 3, None, True),
        "AD Plsm Msl": (1, 24, 6, None, True), "Laser Cannon": (1, 20, 3, 2, False),
        "Hvy Laser Cannon": (1, 24, 4, 2, False), "Ion Cannon": (1, 20, 5, 2, False),
        "Plasma Cannon": (1, 20, 6, 3, False),
    }  # fmt: skip
    got = {
        w.name: (w.min_range, w.max_range, w.vehicle, w.infantry, w.missile)
        for w in SP.WEAPONS.values()
        if w.name in text
    }
    assert got == text


def test_sol_prime_to_hit_modifiers_artillery_and_morale():
    """TO HIT DIE ROLL MODIFIERS (target size); artillery areas, regular and MRL; MORALE CHART and its DRMs."""
    sizes = {"Target Very Large": +2, "Target Large": +1, "Target Small": -1, "Target Very Small": -2}
    assert {label: mod for label, mod in SP.TO_HIT_MODIFIERS if label in sizes} == sizes
    assert {k: (a.regular, a.mrl) for k, a in SP.ARTILLERY_AREA.items()} == {
        "light": (1, 2),
        "medium": (2, 3),
        "heavy": (3, 4),
    }
    assert SP.MORALE_CHART == {"guard": 1, "elite": 2, "veteran": 3, "green": 4, "militia": 5}
    assert dict(SP.MORALE_MODIFIERS) == {"Leader": +2, "Shaken": -2, "Cover": +1}


# --- Rules a mutant broke unnoticed ------------------------------------------------------------------------------


def test_smle_a_team_carried_by_two_vehicles_is_refused():
    """Vehicle Rules: a team rides in one vehicle; the jeep and the half-track both claiming Able team is an error
    at the second vehicle's load."""
    import yaml
    from conftest import ARMIES

    from listgen.core.validate import check_text

    data = yaml.safe_load((ARMIES / "smle-us-armored-infantry.yaml").read_text(encoding="utf-8"))
    data["teams"][0]["vehicle"]["carries"] = ["Able team"]  # the half-track already carries it
    report = check_text(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), "twice.yaml")
    twice = [f for f in report.errors if f.code == "SMLE-CARRIED-TWICE"]
    assert len(twice) == 1 and "Able team" in twice[0].message
    assert tuple(twice[0].path[:3]) == ("teams", 0, "vehicle")


def test_close_action_a_mortar_counts_its_blast_zone_in_the_rating():
    """Morale, Blast Zone Effects: 'each mortar BZ counts as 16 dice'; listgen's rating counts a mortar so, and the
    man serving it no longer fires his rifle (2 dice): a squad gains 14."""
    from listgen.core.validate import check_text

    squad = (
        "ruleset: close-action\nname: R\nofficers:\n  - {name: Lt A}\nsquads:\n  - name: S\n    grade: steady\n"
        "    leader: {name: Sgt B, weapon: smg}\n    men:\n      - {count: 7, weapon: rifle}\n"
    )
    with_mortar = squad + "    support_weapons:\n      - {weapon: mortar, spotter: Sgt B}\n"
    plain, mortar = (check_text(t, "s.yaml").valuation.total for t in (squad, with_mortar))
    assert mortar - plain == 16 - 2


def test_sol_prime_mines_table_holds_the_lists_minefields_only():
    from conftest import ARMIES

    from listgen import rulesets
    from listgen.core.validate import check_file

    report = check_file(str(ARMIES / "sol-prime-basic-infantry-defence.yaml"))  # minefields: [{type: mf}]
    (mines,) = [t for t in rulesets.get("sol-prime").hit_tables(report.army) if t.id == "sol-prime-mines"]
    assert len(mines.rows) == 1 and mines.rows[0].startswith("MF ")


def test_noonday_activation_rows_are_the_lists_qualities():
    import yaml
    from conftest import ARMIES

    from listgen import rulesets
    from listgen.core.validate import check_file

    path = ARMIES / "noonday-zulu-impi.yaml"
    used = set()

    def walk(value):
        if isinstance(value, dict):
            if isinstance(value.get("quality"), str):
                used.add(value["quality"])
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(yaml.safe_load(path.read_text(encoding="utf-8")))
    table = rulesets.get("noonday-sun").hit_tables(check_file(str(path)).army)[0]
    shown = {q for q in ("untrained", "green", "trained", "veteran") for row in table.rows if q in row.lower()}
    assert shown == used


def test_smle_heavy_weapons_are_fired_braced():
    """Table 3: Braced Weapons +1, and heavy (H) weapons 'must be braced in order to fire': a team's HMG row fires
    at +1 over its to-hit number's other modifiers, its riflemen at +0; an elite firer +1 more."""
    from fractions import Fraction

    from listgen.rulesets.smle import odds, stats

    hmg, rifle = stats.weapon("hmg"), stats.weapon("rifle")
    assert hmg is not None and rifle is not None
    assert odds.firer_profile("trained", None, hmg)[:2] == (7, 1)  # to-hit 7, braced +1
    assert odds.firer_profile("trained", None, rifle)[:2] == (7, 0)
    assert odds.firer_profile("veteran", "elite", hmg)[:2] == (6, 2)
    hits = odds.attack_hits(7, 2 + 1, True)  # Direct Fire +2, braced +1: 2D6 >= 4, snake eyes a miss
    assert sum(p for h, p in hits.items() if h >= 1) == Fraction(33, 36)


# --- issue 40's mutation sample (seed 4041): tables and limits no test read -------------------------------------


def test_noonday_activation_situation():
    """4. Activation Modifiers, the situation columns, as printed."""
    from listgen.rulesets.noonday_sun import tables as NS

    text = {
        "Leader with Group": +1, "Fresh Troops": +2, "Armoured Troops": -1, "In cover": +1, "In Hard Cover": +2,
        "In Prepared Position": +3, "Each Wounded": -1, "Each Casualty": -2, "Not Under Fire": +1,
        "Under Direct Fire": -1, "Under Auto Fire": -1, "Under Explosive Fire": -2, "Separated from Unit": -2,
        "Attacked from Flank": -1, "Attacked from Rear": -2, "Broken Troops": -2,
    }  # fmt: skip
    assert {label: mod for mod, label in NS.ACTIVATION_SITUATION} == text


def test_kick_in_doors_in_both_texts():
    """S.M.L.E. Opening a Door: 'Untrained -2, Green troops -1, Veteran +1, Elite / Fanatic +1, Equipped with door
    breakers +2, Reluctant -1', success on 4+; Noonday 4. Movement: 'Untrained -2, Unarmoured -1, Green Troops -1,
    Armoured Troops 0, Veteran +1, Elite +1, Equipped with door-breakers +1, Aggressive Game +2', 4+."""
    from listgen.rulesets.noonday_sun import tables as NS

    assert SMLE.DOOR_TARGET == 4 and NS.DOOR_TARGET == 4
    assert SMLE.DOOR_QUALITY == {"untrained": -2, "green": -1, "trained": 0, "veteran": +1}
    assert SMLE.DOOR_MOTIVATION == {"elite": +1, "fanatic": +1, "reluctant": -1} and SMLE.DOOR_BREAKERS == 2
    assert dict(NS.DOOR_MODIFIERS) == {
        "Untrained": -2, "Unarmoured": -1, "Green Troops": -1, "Armoured Troops": 0, "Veteran": +1, "Elite": +1,
        "Equipped with door-breakers": +1, "Aggressive Game": +2,
    }  # fmt: skip
    assert NS.DOOR_QUALITY == {"untrained": -2, "green": -1, "trained": 0, "veteran": +1}


def test_bounce_lock_on_chart():
    """Lock-on: 'Landing, Very Slow, Slow, Fast': Heavy SAM - 2 4 6; Light SAM 2 4 6 8; Other AD 4 6 8 9."""
    assert BIA.LOCK_ON == {"Heavy SAM": (None, 2, 4, 6), "Light SAM": (2, 4, 6, 8), "Other AD": (4, 6, 8, 9)}


SP_BASE = """\
ruleset: sol-prime
name: Probe base
tech_level: basic
command_and_control: primitive
players: 1
defender: true
base: true
leaders:
  - {name: Col. A, attached_to: Guns}
platoons:
  - name: Gun battery
    morale: veteran
    stands:
      - {name: Guns, type: towed-artillery, count: 2, artillery_class: medium, ammunition_lots: 2}
installations:
  - {type: maintenance, name: Gun park}
  - {type: command-center, name: HQ}
"""


def test_sol_prime_a_base_needs_what_its_units_need_and_no_more():
    """Installations: barracks for squads (none here: none needed); VTOL craft need landing pads ('8 each'),
    a hangar is not a pad."""
    from conftest import report

    assert "SP-INSTALLATIONS" not in {f.code for f in report(SP_BASE).findings}  # no squads, no barracks
    vtol = SP_BASE.replace(
        "installations:\n",
        "  - name: Wing\n    morale: veteran\n    stands:\n      - {name: Hawk, type: vtol, armour: 3/2, weapons: [apw]}\n"
        "installations:\n  - {type: hangar, name: Hangar}\n",
    )
    found = [f for f in report(vtol).findings if f.code == "SP-INSTALLATIONS"]
    assert len(found) == 1 and "1 VTOL craft" in found[0].message and "landing pads" in found[0].message
    padded = vtol.replace(
        "  - {type: hangar, name: Hangar}\n", "  - {type: hangar, name: Hangar}\n  - {type: vtol-pad}\n"
    )
    assert "SP-INSTALLATIONS" not in {f.code for f in report(padded).findings}


def test_smle_ww2_direct_fire_weapons_table():
    """WW II Direct fire weapons table, every printed row: Type, Rating, Close (<4"; N/A: None), Effect Range (a
    mortar's '>12"' its least range), braced (*). Ratings as printed ('1D+ 2' is 1D+2; the launcher's '--': None)."""
    text = {
        "Anti-tank Rifle or auto-cannon": ("BH", "1D+2", -2, 60, True),
        "Heavy Machine-gun (HMG)": ("BAH", "1D+2", -1, 60, True),
        "General purpose Machine-gun (GPMG)": ("BA", "1D+1", 0, 40, True),
        "Light Machine-gun (LMG)": ("BA", "1D", +1, 28, False),
        "Bolt Action Rifle": ("B", "1D", 0, 24, False),
        "Semi-Automatic Rifle": ("B", "1D", +1, 20, False),
        "Military Assault Rifle": ("B", "1D", +2, 24, False),
        "Sub-machine-gun / machine pistol": ("BA", "1D-1", +3, 10, False),
        "Sniper Rifle": ("B", "1D+1", +1, 36, False),
        "Shotgun": ("B", "1D", +4, 8, False),
        "Handgun": ("B", "1D-1", +3, 4, False),
        "Bazooka/Panzerfaust": ("X", "2D+2", None, 20, False),
        "Flame-Thrower": ("EA", "2D-2", +3, 8, False),
        "Hand Grenade": ("X", "2D", None, 5, False),
        "Grenade Launcher": ("X", None, +1, 24, False),
        "Light Mortar": ("XH", "2D", None, ">12", True),  # '>12"': may not fire at less than 12"
        "Medium Mortar": ("XH", "3D", None, ">18", True),
    }
    got = {}
    for w in SMLE.WEAPONS.values():
        for printed in text:
            if w.name.lower().startswith(printed.lower()[:12]):
                effect = w.range if w.min_range is None else f">{w.min_range}"
                got[printed] = (w.type, w.rating, w.close, effect, bool(w.braced))
    assert got == text


def test_sol_prime_to_hit_die_roll_modifiers():
    """Fire Combat: TO HIT DIE ROLL MODIFIERS, every row as printed (Radar +2/+3: +2, +3 with a Command Center;
    Hull Down -2/-3: -2 with a turret)."""
    text = {
        "Target Very Large": +2, "Target Large": +1, "Target Small": -1, "Target Very Small": -2,
        "Range Finder Cybernetic": +2, "Range Finder Advanced": +1, "Range Finder Primitive": -1,
        "Radar (+3 with Command Center)": +2, "Light cover": -1, "Medium cover": -2, "Heavy cover": -3,
        "Very Heavy cover": -4, "Stationary": +1, "Half Move": 0, "Full Move": -2, "Target is Infantry": -3,
        "Target is Air unit": -4, "Stealth": -2, "Field Generator (not guns)": -2, "Smoke/Chaff": -4,
        "Firer Suppressed": -3, "Hull Down (turret/no turret)": -2,
    }  # fmt: skip
    assert dict(SP.TO_HIT_MODIFIERS) == text


def test_smle_a_units_close_assault_modifier_is_table_5s():
    """Table 5. Close Assault, as the roster prints it: quality (Untrained -2, Green -1, Trained 0, Veteran +1),
    motivation (Elite/Fanatic +1, Warriors +2; no motivation: nothing), Armoured Infantry +1 (body or power)."""
    from listgen.rulesets.smle import stats

    assert stats.close_assault_modifier("trained", None, "light") == 0
    assert stats.close_assault_modifier("green", None, "none") == -1
    assert stats.close_assault_modifier("veteran", "warriors", "body") == 1 + 2 + 1
    assert stats.close_assault_modifier("untrained", "elite", "power") == -2 + 1 + 1


# --- issue 40's mutation sample (seed 7373) ------------------------------------------------------------------


def test_sol_prime_activation_and_ammunition():
    """Activation: 'Less than 5 -1', 'More than 10 +1', Command & Control Advanced +1 / Primitive -1, and 'Add +1 to
    the die roll if a Command Center is present' (Installations says +2: listgen takes the Activation section's,
    and says so); Artillery: 'Each lot of artillery ammunition will allow a single gun to fire on 5 different
    turns', an MRL's on 2."""
    assert SP.FEW_PLATOONS == (5, -1) and SP.MANY_PLATOONS == (10, +1)
    assert SP.COMMAND_AND_CONTROL == {"advanced": +1, "standard": 0, "primitive": -1}
    assert SP.COMMAND_CENTER_ACTIVATION == 1 and "+2" in SP.COMMAND_CENTER_NOTE
    assert SP.AMMUNITION_TURNS == {"artillery": 5, "towed-artillery": 5, "mrl": 2}


def test_close_action_morale_modifiers():
    """Morale Table modifiers, as printed: Veteran +2, Half or more in hard cover +2, Officer within 3" +2, Each hit
    this turn -1, Green -2, Under mortar/HMG fire -2, Isolated figure -2."""
    from listgen.rulesets.close_action import tables as CA

    assert dict(CA.MORALE_MODIFIERS) == {
        "Veteran": +2, "Half or more in hard cover": +2, 'Officer within 3"': +2, "Each hit this turn": -1,
        "Green": -2, "Under mortar/HMG fire": -2, "Isolated figure": -2,
    }  # fmt: skip


def test_bounce_target_modifiers_and_stand_sizes():
    """Firing Modifiers, the target columns, as printed; Training: 'Around 50 people per stand' (Civilian), 'About
    30' (Recruits), 'a squad of about 8 to 10' (Trained), 'groups of four' (Regular), 'pairs' (SF). listgen reads
    'around' and 'about' as a fifth either way (40-60, 24-36) and says so."""
    assert dict(BIA.TARGET_MODIFIERS) == {
        "Seasoned/Veterans/SF": -1, "Recruits/Civilians": +1, "in cover": -1, "hull-down/bunker": -2,
        "non-tactical": +4, "Stationary Vehicle": +1, "In HMA": -3, "In LTA": -1, "Blast against unarmoured inf": +2,
        "Unarmoured moving in open": +2, "Using Chaff/Flares": -1, "Locked on (against air)": +3,
        "Air evasive action": -3,
    }  # fmt: skip
    sizes = {k: (v.low, v.high) for k, v in BIA.STAND_SIZE.items()}
    assert sizes == {"civilian": (40, 60), "recruits": (24, 36), "trained": (8, 10), "regular": (4, 4),
                     "special-forces": (2, 2)}  # fmt: skip


def test_sol_prime_missile_to_hit_table():
    """MISSILE TO HIT TABLE, die roll modifiers as printed (mutation seed 8484 moved 'Small' unseen): Tech Level +
    (the Hit Number's row), V Large +2, Large +1, Small -1, V Small -2, Firer Moved -2, Smoke -4, Evasion -1,
    Air Target -2, AMDS -2."""
    text = {
        "Tech Level": None, "Firer Moved": -2, "Smoke": -4, "Evasion": -1, "V Large": +2, "Large": +1, "Small": -1,
        "V Small": -2, "Air Target": -2, "AMDS": -2,
    }  # fmt: skip
    assert dict(SP.MISSILE_MODIFIERS) == text


def test_close_action_hand_to_hand_modifiers():
    """Hand-to-hand Modifiers as printed (seed 8484 moved 'Each extra man' unseen): soft cover +1, hard cover +2,
    each extra man in the group +1, officer in the group +1."""
    from listgen.rulesets.close_action import tables as CA

    text = {
        "In soft cover vs. all attackers": +1, "In hard cover vs. all attackers": +2,
        "Each extra man in the group": +1, "Officer in the group": +1,
    }  # fmt: skip
    assert dict(CA.HAND_MODIFIERS) == text


def test_smle_example_vehicles_capacity():
    """Example Vehicles, Capacity (seed 8484 moved the tracked APC's unseen), in teams besides the crew: Jeep 'One
    team'; Truck 'One section, 2 or 3 teams'; Lorry 'up to one platoon, (8-12 teams)'; Tracked Armoured Personnel
    Carrier 'One section, 2 or 3 teams'; Scout-car and Battle Tank carry their crew only."""
    from listgen.rulesets.smle import tables as SMLE_T

    text = {"jeep": 1, "truck": 3, "lorry": 12, "tracked-apc": 3, "scout-car": 0, "battle-tank": 0}
    assert {slug: v.capacity for slug, v in SMLE_T.EXAMPLE_VEHICLES.items()} == text


# --- S.M.L.E., more ---------------------------------------------------------------------------------------------


def test_smle_firer_modifiers_are_table_3s_first_column():
    # smle.txt, "Table 3: Firer and Target Modifiers", the Firer Modifiers column, top to bottom
    text = [
        ("Elite Troops", +1), ("Firer moved half move or more", -4), ("Firer moved up to half move", -2),
        ("Prone Firer", +1), ("Braced Weapons", +1), ("Firing from a prepared position", +2),
        ("Not under Fire", +2), ("Firer received a light wound", -2), ("Direct Fire", +2), ("Return Fire", -2),
        ("Panic Fire", -3),
    ]  # fmt: skip
    assert list(SMLE.FIRER_MODIFIERS) == text


def test_smle_activation_tables_are_named_by_their_situation():
    # a table's id is what JSON and CSV readers key on: 'p' for a situation of 0 or more, 'm' for less
    ids = [t.id for t in get("smle").hit_tables(None) if t.id.startswith("smle-activation-")]
    assert ids == ["smle-activation-p4", "smle-activation-p2", "smle-activation-p0", "smle-activation-m3"]


def test_smle_target_modifiers_are_table_3s_second_column():
    # smle.txt, "Table 3: Firer and Target Modifiers", the Target Modifiers column, top to bottom
    text = [
        ("Untrained", +2), ("Green Troops", +1), ("Trained Troops", 0), ("Veteran Troops", -1),
        ("One Specific figure", -3), ("Target group is unaware", +2), ("Moving into or out of sight", -2),
        ("Moved more than half move in sight", +1), ("Prone Targets", -1), ("Soft Cover", -2), ("Hard Cover", -3),
        ("Prepared Position", -4),
    ]  # fmt: skip
    assert list(SMLE.TARGET_MODIFIERS) == text


def test_smle_close_range_is_four_inches():
    # smle.txt, Table 3: "Close Range (up to four inches): Add Close Combat factor for weapon type"
    assert SMLE.CLOSE_RANGE_INCHES == 4


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


# --- ...In the Noonday Sun, more --------------------------------------------------------------------------------


def test_noonday_kick_in_doors_rows_sum_the_texts_modifiers():
    # noonday-sun.txt, "Kick in Doors: Success on 4+ on 1d6 + modifiers": Untrained -2, Unarmoured -1, Green -1,
    # Armoured 0, Veteran +1, Elite +1, door-breakers +1, Aggressive Game +2; a row is the sum of what it names
    untrained, unarmoured, green, veteran, elite, breakers, aggressive = -2, -1, -1, +1, +1, +1, +2
    assert NS.DOOR_TARGET == 4
    assert dict(NS.DOOR_ROWS) == {
        "Untrained, unarmoured": untrained + unarmoured,
        "Green, unarmoured": green + unarmoured,
        "Green": green,
        "Trained": 0,
        "Veteran": veteran,
        "Veteran elite": veteran + elite,
        "Trained with door-breakers": breakers,
        "Veteran elite with door-breakers": veteran + elite + breakers,
        "Aggressive game": aggressive,
    }


def test_noonday_table_2_moves_are_the_texts():
    # noonday-sun.txt, Table 2: None 10", Light 8", Heavy 6", Armoured 8"; Aggressive Game 14", Other Game 12",
    # Livestock 8"
    from listgen.rulesets.noonday_sun import tables as NS

    assert {k: m.inches for k, m in NS.ARMOUR_MOVE.items()} == {"none": 10, "light": 8, "heavy": 6, "armoured": 8}
    assert {k: m.inches for k, m in NS.ANIMAL_MOVE.items()} == {"aggressive-game": 14, "other-game": 12, "livestock": 8}


# --- Sol Prime, more --------------------------------------------------------------------------------------------


def test_sol_prime_base_numbers_are_the_texts():
    # sol-prime.txt: "One infantry barracks can support 12 squads (1 per section of the barracks)"; "one engineer
    # squad will be necessary for every 4 buildings located at a base"
    assert SP.BARRACKS_SQUADS == 12 and SP.BUILDINGS_PER_ENGINEER == 4


def test_sol_prime_gun_range_modifiers_to_kill_at_their_edges():
    # sol-prime.txt: "The range modifiers of +2 at <1/3 of maximum range & of -1 at > 2/3 of maximum range only applies
    # to weapons that depend at least in part on their kinetic energy ... Guns will be affected but plasma & laser
    # cannons & missiles will not be". To kill: 1D6 + the weapon's vehicle factor + modifiers - armour, 1 or more.
    # An Inf Gun (vehicle factor 0, maximum range 12") at armour 2: 1D6 >= 3 - modifier; a heavy laser cannon
    # (factor 4, 24") at armour 7: 1D6 >= 4 at every range (a laser: no range modifier).
    from fractions import Fraction

    from listgen.rulesets.sol_prime import odds

    gun = SP.WEAPONS["inf-gun"]
    assert (gun.max_range, gun.vehicle, gun.missile) == (12, 0, False)
    chance = {inches: odds._kill("inf-gun", ("vehicle", 2, "medium"), inches) for inches in (3, 4, 8, 9)}
    assert chance == {
        3: Fraction(1),  # under a third (4"): +2, any die
        4: Fraction(2, 3),  # a third exactly: no modifier, 3+
        8: Fraction(2, 3),  # two thirds exactly: no modifier
        9: Fraction(1, 2),  # over two thirds: -1, 4+
    }
    laser = {inches: odds._kill("heavy-laser-cannon", ("vehicle", 7, "medium"), inches) for inches in (7, 8, 16, 17)}
    assert set(laser.values()) == {Fraction(1, 2)}


def test_sol_prime_fortification_armour_is_the_texts():
    # sol-prime.txt, FORTIFICATIONS: "The armor ratings for fortifications are Light = 2, Medium = 4, Heavy = 6,
    # Very Heavy = 8."
    assert SP.FORTIFICATION_ARMOUR == {"light": 2, "medium": 4, "heavy": 6, "very-heavy": 8}


def test_sol_prime_assault_armour_adds_one_to_the_matchups_powersuit_target():
    # "Powersuit infantry a rating of 2"; "assault armor ... will increase their armor by 1"
    target = sp_odds.MATCHUP.targets["powersuit-assault"]
    assert target.profile == ("infantry", 2 + 1) and target.what == "infantry armour 3"
    assert sp_odds.MATCHUP.targets["powersuit-infantry"].profile == ("infantry", 2)


def test_sol_prime_artillery_cover_modifiers_are_the_artillery_tables():
    # sol-prime.txt, ARTILLERY TABLE, "Die Roll Modifiers: Cover Light -1, Medium -2, Heavy -3; MRL +1"
    assert SP.ARTILLERY_COVER == (("Light", -1), ("Medium", -2), ("Heavy", -3))
    assert SP.MRL_BONUS == 1


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


def test_sol_prime_close_combat_morale_modifiers_are_the_texts():
    # sol-prime.txt, CLOSE COMBAT DIE ROLL MODIFIERS, Morale Rating: "Guard +3 Green -1 / Elite +1 Rabble -3 /
    # Veteran +0" (listgen's 'militia' is the text's Rabble)
    assert SP.CLOSE_COMBAT_MORALE == {"guard": +3, "elite": +1, "veteran": 0, "green": -1, "militia": -3}


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


def test_sol_prime_morale_table_columns_run_from_shaken_to_leader_and_cover():
    # sol-prime.txt, morale DRMs: leader +2, shaken -2, cover +1: the net runs -2 to +3, each once
    from listgen.rulesets.sol_prime import odds as sp

    table = next(t for t in sp.hit_tables() if t.id == "sol-prime-morale")
    assert table.cols == ["-2", "-1", "+0", "+1", "+2", "+3"]


def test_sol_prime_range_dice_are_the_texts_dice():
    # sol-prime.txt: "These rules use 4, 6, 8, 10, 12, & 20 sided die"; To Hit: "If a weapon's maximum range is a
    # number such as 16, for which there is no such thing as a 16 sided die, then roll 1D20" (re-rolled over 16);
    # over 20 the text gives no die: RANGE_DIE_NOTE says listgen's reading
    table = next(t for t in sp_odds.hit_tables() if t.id == "sol-prime-direct-fire")
    assert table.rows == [
        '4" (1D4)', '6" (1D6)', '8" (1D8)', '10" (1D10)', '12" (1D12)',
        '16" (1D20 re-rolled over 16)', '20" (1D20)', '24" (even 1-24)',
    ]  # fmt: skip


# --- Close Action -----------------------------------------------------------------------------------------------


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


def test_close_action_a_net_target_of_one_always_hits_and_two_on_five_sixes():
    # close-action.txt, Fire Table: a hit on 5-6 close, 6 far, modifiers on each die; listgen's reading (SEVEN_PLUS
    # and MODIFIER_NOTE): a net target of 1 or less always hits; 2 to 6 hit on that number or more of one d6
    from fractions import Fraction

    from listgen.rulesets.close_action import tables as CA

    assert CA.hit_chance(0) == CA.hit_chance(1) == 1
    assert [CA.hit_chance(t) for t in range(2, 7)] == [
        Fraction(sum(1 for f in range(1, 7) if f >= t), 6) for t in range(2, 7)
    ]


# --- Bounce into Action, more -----------------------------------------------------------------------------------


def test_bounce_hit_tables_have_a_row_for_every_hit_number_the_bands_use():
    from listgen.rulesets.bounce_into_action import odds as bia_odds
    from listgen.rulesets.bounce_into_action import tables as BIA

    used = sorted({band.hit for w in BIA.WEAPONS.values() for band in w.bands if band is not None and band.hit})
    assert list(bia_odds.HIT_NUMBERS) == used


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


# --- seed 5252's gaps: tables a mutant moved and no test read ------------------------------------------------


def test_close_action_fire_modifiers_are_the_texts():
    """Close Action, the Fire Table's Modifiers column, as printed: "Vs. soft cover: -1, Vs. hard cover: -2, Target
    crawling/prone: -1, Firer is green: -1, Target upright and not in cover: +2"."""
    from listgen.rulesets.close_action import tables as CA

    assert dict(CA.FIRE_MODIFIERS) == {
        "Vs. soft cover": -1,
        "Vs. hard cover": -2,
        "Target crawling/prone": -1,
        "Firer is green": -1,
        "Target upright and not in cover": +2,
    }


def test_bounce_experience_is_reached_at_the_texts_actions():
    """Bounce into Action, Experience: "Experienced Fought at least one action", "Seasoned Fought at least 15
    actions", "Veteran Fought at least 30 actions"."""
    from listgen.rulesets.bounce_into_action import tables as BIA

    assert BIA.EXPERIENCE_ACTIONS == {"experienced": 1, "seasoned": 15, "veteran": 30}
