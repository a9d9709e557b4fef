"""Numbers a mutation once changed unnoticed (issue 15): each restated from the text and checked where it is used."""

from fractions import Fraction

from listgen.rulesets import get


def test_noonday_kick_in_doors_restated():
    # noonday-sun.txt, Kick in Doors: "Success on 4+ on 1d6 + modifiers"; Untrained -2, Unarmoured -1, Green Troops
    # -1, Armoured Troops 0, Veteran +1, Elite +1, door-breakers +1, Aggressive Game +2
    restated = {
        "Untrained, unarmoured": -2 - 1,
        "Green, unarmoured": -1 - 1,
        "Green": -1,
        "Trained": 0,
        "Veteran": +1,
        "Veteran elite": +1 + 1,
        "Trained with door-breakers": +1,
        "Veteran elite with door-breakers": +1 + 1 + 1,
        "Aggressive game": +2,
    }
    table = next(t for t in get("noonday-sun").hit_tables(None) if t.id == "noonday-sun-doors")
    assert len(table.rows) == len(restated)
    for row, (cell,) in zip(table.rows, table.cells):
        mod = restated[row.split(" (")[0]]
        assert cell == Fraction(sum(1 for face in range(1, 7) if face + mod >= 4), 6), row


def test_noonday_table_2_moves_restated():
    # Table 2- Infantry Movement: None 10", Light 8", Heavy 6", Armoured 8"
    from listgen.core.validate import check_text
    from listgen.rulesets.noonday_sun import stats

    for armour, inches in {"none": 10, "light": 8, "heavy": 6, "armoured": 8}.items():
        text = (
            "ruleset: noonday-sun\nname: T\nunits:\n"
            f"  - {{name: U, quality: trained, armour: {armour}, figures: [{{count: 4, weapon: rifle}}]}}\n"
        )
        assert stats.move(check_text(text, "t.yaml").army.units[0]) == inches, armour


def test_close_action_sheet_numbers_come_from_the_text():
    # Close Action: men move within 6" of a leader; morale is tested at 8 dice; a grenade BZ is 8 dice, a
    # mortar BZ 16; a cowering unit charged surrenders, 'Too late!' on a 5-6
    sheet = get("close-action").reference(None)
    text = " ".join(" ".join(b.text) for b in sheet.blocks)
    for phrase in ('within 6"', "shot at by 8+ dice", "grenade BZ = 8", "mortar BZ = 16", "on a 5-6 'Too late!'"):
        assert phrase in text, phrase
