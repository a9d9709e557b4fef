"""Every S.M.L.E. hit table, cell by cell, against brute-force enumeration of the dice.

The rules are restated here from smle.txt, independently of listgen's tables.
"""

import itertools
import re
from fractions import Fraction

from conftest import ARMIES, shift_band

from listgen.core.validate import check_file
from listgen.rulesets.smle import odds

TO_HIT = {"Untrained": 9, "Green": 8, "Trained": 7, "Veteran": 6}


def rolls(n):
    return list(itertools.product(range(1, 7), repeat=n))


def totals(n, add):
    """How many of the 6**n rolls of nD6 give each total (enumerated, not convolved)."""
    out = {}
    for faces in rolls(n):
        out[sum(faces) + add] = out.get(sum(faces) + add, 0) + 1
    return out


def rating(text):
    n, add = re.match(r"(\d)D([+-]\d)?", text.replace(" ", "")).groups()
    return int(n), int(add or 0)


def bands(firer, defender):
    """Effect of Fire Hits, restated: beat it and reach twice = killed; beat = serious; equal = light."""
    if firer > defender:
        return "killed" if firer >= 2 * defender else "serious wound"
    return "light wound" if firer == defender else "no effect"


def fraction(text):
    n, d = text.split("/")
    return Fraction(int(n), int(d))


def tables(army=None):
    return {t.id: t for t in odds.hit_tables(army)}


def mod(label):
    return int(label.replace("+", ""))


def test_to_hit_by_brute_force():
    t = tables()["smle-to-hit"]
    for r, row_label in enumerate(t.rows):
        need = TO_HIT[row_label.split(" ")[0]]
        for c, col in enumerate(t.cols):
            hits = sum(1 for a, b in rolls(2) if not (a == 1 and b == 1) and a + b + mod(col) >= need)
            assert t.cells[r][c] == Fraction(hits, 36), (row_label, col)


def test_snake_eyes_always_miss():
    t = tables()["smle-to-hit"]
    assert max(max(row) for row in t.cells) == Fraction(35, 36)


def test_autofire_by_brute_force():
    tab = tables()
    expected = tab["smle-autofire-expected"]
    for r, row_label in enumerate(expected.rows):
        quality = row_label.split(" ")[0]
        need = TO_HIT[quality]
        for c, col in enumerate(expected.cols):
            hits = [0 if (a + b == 2 or a + b + mod(col) < need) else 1 + a + b + mod(col) - need for a, b in rolls(2)]
            assert expected.cells[r][c] == {h: Fraction(hits.count(h), 36) for h in set(hits)}
        dist = tab[f"smle-autofire-{quality.lower()}"]
        for rr, m in enumerate(dist.rows):
            hits = [0 if (a + b == 2 or a + b + mod(m) < need) else 1 + a + b + mod(m) - need for a, b in rolls(2)]
            for cc, outcome in enumerate(dist.cols):
                if outcome.endswith("+"):
                    count = sum(1 for h in hits if h >= int(outcome[:-1]))
                else:
                    count = sum(1 for h in hits if h == int(outcome))
                assert dist.cells[rr][cc] == Fraction(count, 36)


ARMOUR = {"None": (-1, -2), "Light Infantry": (0, -1), "Body Armour": (1, 0)}  # Table 4: vs B, vs E/X
DEFENDER = {"Untrained -1": -1, "Green/Trained 0": 0, "Veteran +1": 1, "Veteran Elite +2": 2}

# The WW II Direct fire weapons table, restated from smle.txt: (dice, add, type). The grenade launcher
# ("Effect as Grenade type", no rating printed) is rolled as the hand grenade's 2D: listgen's stated reading.
WEAPONS_TABLE = {
    "Anti-tank Rifle or auto-cannon": (1, 2, "BH"),
    "Heavy Machine-gun (HMG)": (1, 2, "BAH"),
    "General purpose Machine-gun (GPMG)": (1, 1, "BA"),
    "Light Machine-gun (LMG)": (1, 0, "BA"),
    "Bolt Action Rifle": (1, 0, "B"),
    "Semi-Automatic Rifle": (1, 0, "B"),
    "Military Assault Rifle": (1, 0, "B"),
    "Sub-machine-gun / machine pistol": (1, -1, "BA"),
    "Sniper Rifle": (1, 1, "B"),
    "Shotgun": (1, 0, "B"),
    "Handgun": (1, -1, "B"),
    "Bazooka/Panzerfaust": (2, 2, "X"),
    "Flame-Thrower": (2, -2, "EA"),
    "Hand Grenade": (2, 0, "X"),
    "Grenade Launcher": (2, 0, "X"),
    "Light Mortar": (2, 0, "XH"),
    "Medium Mortar": (3, 0, "XH"),
    # Example Vehicles: "Turreted Tank Gun (4D, Ex)", "Guided Anti-Tank Missile (4D)"
    "Turreted Tank Gun": (4, 0, "XH"),
    "Guided Anti-Tank Missile": (4, 0, "X"),
}


def test_damage_table_has_every_weapon_of_the_text():
    names = [label.split(" (")[0] for label in tables()["smle-damage"].rows]
    short = {n.split(" (")[0] for n in WEAPONS_TABLE}
    assert set(names) == short


def test_damage_by_brute_force():
    t = tables()["smle-damage"]
    restated = {name.split(" (")[0]: row for name, row in WEAPONS_TABLE.items()}
    for r, row_label in enumerate(t.rows):
        n, add, kind = restated[row_label.split(" (")[0]]
        for c, col in enumerate(t.cols):
            armour_name, defender_label = col.split(", ")
            armour = ARMOUR[armour_name][0 if kind.startswith("B") else 1]
            counts = {}
            for firer_dice in rolls(n):
                for d in range(1, 7):
                    o = bands(sum(firer_dice) + add, d + armour + DEFENDER[defender_label])
                    counts[o] = counts.get(o, 0) + 1
            ways = 6 ** (n + 1)
            assert t.cells[r][c] == {o: Fraction(w, ways) for o, w in counts.items()}, (row_label, col)


VEHICLE_ARMOUR = {
    "Softskin": "1D",
    "Larger Softskin": "1D+1",
    "Bulletproof": "1D+2",
    "Light Tank": "2D",
    "Medium Tank": "3D",
    "Heavy Tank": "4D",
    "Super Heavy Tank": "5D",
}


def test_vehicle_damage_by_brute_force():
    t = tables()["smle-vehicle-damage"]
    for r, attack in enumerate(t.rows):
        n, add = rating(attack)
        for c, col in enumerate(t.cols):
            armour = VEHICLE_ARMOUR[col.rsplit(" ", 1)[0]]
            m, madd = rating(armour)
            counts = {}
            attack_totals, armour_totals = totals(n, add), totals(m, madd)
            for a, wa in attack_totals.items():  # every attack roll against every armour roll
                for d, wd in armour_totals.items():
                    o = bands(a, d).replace("killed", "vehicle kill")
                    counts[o] = counts.get(o, 0) + wa * wd
            ways = 6 ** (n + m)
            assert t.cells[r][c] == {o: Fraction(w, ways) for o, w in counts.items()}


def close_assault(a, d):
    """Table 5 outcomes, restated from the attacker's side."""
    if a > d:
        return "defender breaks" if a >= 2 * d else "defender killed"
    if a == d:
        return "attacker forced back"
    return "attacker falls back" if d >= 2 * a else "attacker killed"


def test_close_assault_by_brute_force():
    t = tables()["smle-close-assault"]
    for r, am in enumerate(t.rows):
        for c, dm in enumerate(t.cols):
            counts = {}
            for a, d in rolls(2):
                o = close_assault(a + mod(am), d + mod(dm))
                counts[o] = counts.get(o, 0) + 1
            assert t.cells[r][c] == {o: Fraction(w, 36) for o, w in counts.items()}


# Table 1, restated: (lowest total, level) from the bottom band up
TABLE_1 = [
    (None, "< 1"),
    (1, "1"),
    (2, "2"),
    (3, "3,4"),
    (5, "5"),
    (6, "6"),
    (7, "7"),
    (8, "8"),
    (9, "9,10"),
    (11, "11,12"),
    (13, "13 +"),
]
QUALITY = {"Untrained": 0, "Green": 2, "Trained": 4, "Veteran": 6}


def band_index(total):
    index = 0
    for i, (low, _label) in enumerate(TABLE_1):
        if low is not None and total >= low:
            index = i
    return index


def test_activation_by_brute_force():
    """Cells are 'this action or better': the chance the band reached is at or above the action's lowest total."""
    found = [t for t in odds.hit_tables() if t.id.startswith("smle-activation")]
    assert len(found) == 4
    for t in found:
        situation = int(re.search(r"\(([+-]?\d+)\)$", t.title).group(1))
        for r, row in enumerate(t.rows):
            words = row.split(" ")
            motivation: str | None
            if words[0] == "Fanatic":
                base, motivation = 6, "fanatic"
            else:
                base, motivation = QUALITY[words[0]], (words[1] if len(words) > 1 else None)
            base += 2 if motivation == "warriors" else 0
            reached = [
                shift_band(band_index(d + base + situation), motivation, [lbl for _lo, lbl in TABLE_1])
                for d in range(1, 7)
            ]
            for c, col in enumerate(t.cols):
                low = int(re.search(r"\((\d+)\+\)$", col).group(1))
                first = next(i for i, (lo, _l) in enumerate(TABLE_1) if lo == low)
                assert t.cells[r][c] == Fraction(sum(1 for i in reached if i >= first), 6), (t.title, row, col)
        # Table 1's actions, best first, each from its lowest total
        assert t.cols == [
            "Double Move (13+)",
            "Close (9+)",
            "Advance (7+)",
            "Stand (5+)",
            "Pinned (3+)",
            "Fall Back (1+)",
        ]


def test_doors_by_brute_force():
    t = tables()["smle-doors"]
    # Kick in Doors, restated: Untrained -2, Green -1, Veteran +1, Elite/Fanatic +1, Reluctant -1, breakers +2
    expected_mods = {
        "Untrained": -2,
        "Green": -1,
        "Trained": 0,
        "Veteran": 1,
        "Elite or Fanatic (trained)": 1,
        "Reluctant (trained)": -1,
        "Trained with door breakers": 2,
        "Veteran elite with door breakers": 4,
    }
    for r, row in enumerate(t.rows):
        label, shown = re.match(r"(.*) \(([+-]\d+)\)$", row).groups()
        assert int(shown) == expected_mods[label]
        assert t.cells[r][0] == Fraction(sum(1 for d in range(1, 7) if d + expected_mods[label] >= 4), 6)


def test_json_cells_are_exact_fractions():
    for table in odds.hit_tables():
        data = table.as_dict()
        assert {"id", "title", "ref", "rows", "columns", "cells"} <= set(data)
        for row, cells in zip(table.cells, data["cells"]):
            for cell, text in zip(row, cells):
                if table.kind == "counts":
                    assert {int(k): fraction(v) for k, v in text["distribution"].items()} == cell
                    assert sum(cell.values()) == 1
                elif isinstance(cell, dict):
                    assert {k: fraction(v) for k, v in text.items()} == cell
                    assert sum(cell.values()) == 1
                else:
                    assert fraction(text) == cell


def test_army_trims_rows():
    report = check_file(str(ARMIES / "smle-german-section.yaml"))
    trimmed = tables(report.army)
    assert [r.split(" ")[0] for r in trimmed["smle-to-hit"].rows] == ["Trained", "Veteran"]
    weapons = " ".join(trimmed["smle-damage"].rows)
    assert "Medium Mortar" not in weapons and "General purpose" in weapons and "Bazooka" in weapons
