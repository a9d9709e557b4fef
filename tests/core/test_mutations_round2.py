"""Tests that notice (issue 26): each closes a gap a sample of mutants slipped through (a comparison flipped, a
constant moved, a finding deleted), with the rule restated from its text."""

import pytest
from conftest import ARMIES, listgen_run, report

from listgen.core import share


def code_of(path) -> str:
    from listgen.core.validate import check_file

    rep = check_file(str(path))
    return share.encode(rep.document.data, rep.rules.code)


# --- share codes ------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("cut", [1, 2, 3, 5, 8, 13, 40])
def test_a_code_cut_short_never_imports_as_part_of_a_list(cut):
    code = code_of(ARMIES / "smle-german-section.yaml")
    with pytest.raises(share.ShareCodeError, match="cut short|damaged|checksum|length"):
        share.list_text(code[:-cut])


@pytest.mark.parametrize("added", ["00", "000", "AB1", "0000"])
def test_a_code_with_data_added_never_imports(added):
    code = code_of(ARMIES / "smle-german-section.yaml")
    with pytest.raises(share.ShareCodeError, match="added|damaged|cut short|checksum"):
        share.list_text(code + added)


def test_base45_s_last_two_character_group_holds_one_byte_at_most():
    # RFC 9285: a final two-character group c + d*45 encodes one byte, 0 to 255
    assert share.b45decode("U5") == bytes([30 + 5 * 45]) == b"\xff"
    with pytest.raises(share.ShareCodeError, match="no listgen code can"):
        share.b45decode("V5")  # 31 + 5 * 45 = 256: past a byte
    assert share.b45decode("FGW") == bytes([0xFF, 0xFF])  # 15 + 16*45 + 32*45*45 = 65535, a three-group's most
    with pytest.raises(share.ShareCodeError, match="no listgen code can"):
        share.b45decode("GGW")  # 65536


def test_a_code_holding_yaml_the_loader_refuses_is_refused():
    import zlib

    for text in (b"ruleset: smle\nname: a\nname: b\n", b"ruleset: smle\nname: !!python/object x\n"):
        code = "LG1:SMLE:" + share.b45encode(zlib.compress(text))
        with pytest.raises(share.ShareCodeError, match="does not hold a readable list"):
            share.list_text(code)


# --- the loader ---------------------------------------------------------------------------------------------------


def test_standard_input_over_the_limit_says_why_and_where():

    from listgen.core.loader import MAX_BYTES

    over = listgen_run("validate", "-", input=b"#" * (MAX_BYTES + 1))
    assert over.returncode == 2 and b"INPUT-TOO-LARGE" in over.stderr and f":{MAX_BYTES + 1}:".encode() in over.stderr
    at = listgen_run("validate", "-", input=b"#" * MAX_BYTES)
    assert b"INPUT-TOO-LARGE" not in at.stderr  # exactly at the limit: read (and found to be no list)


def test_a_duplicate_key_is_placed_at_its_second_line_and_column():
    rep = report("ruleset: smle\nname: a\n  # a comment\nname: b\n")
    (f,) = [f for f in rep.findings if f.code == "INPUT-DUPLICATE-KEY"]
    assert (f.line, f.column) == (4, 1) and "first given at line 2" in f.message


# --- rulesets -----------------------------------------------------------------------------------------------------


def test_noonday_a_side_set_up_hidden_is_doubled():
    # S.M.L.E.'s Strategic advantages, borrowed: "If one side sets up hidden x2 (at least)"
    from test_noonday_sun import BASE

    plain, hidden = (
        report(BASE),
        report(BASE.replace("points_limit: 100\n", "points_limit: 100\nsets_up_hidden: true\n")),
    )
    assert hidden.valuation.total == 2 * plain.valuation.total and plain.valuation.total > 0


def test_sol_prime_engineers_and_afos_are_priced_from_a_supplied_table():
    from test_sol_prime import BASE

    table = "points_table: {name: Club, leader: 5, items: {tank: 30, apc: 12, infantry: 10, laser-cannon: 10, apwl: 2, lawl: 3, inf-gun: 4, engineer: 7, afo: 11}}\n"
    text = BASE.replace("tech_level: laser\n", "tech_level: laser\n" + table)
    base = report(text).valuation.total
    skilled = text.replace(
        "{name: Squads, type: infantry, count: 4,",
        "{name: Squads, type: infantry, count: 4, engineer: true, afo: true,",
    )
    assert report(skilled).valuation.total == base + 4 * (7 + 11)  # four squads, each an engineer and an AFO


def test_sol_prime_ammunition_lots_only_on_artillery():
    # Artillery: Ammunition: "Ammunition for artillery & MRL units must be purchased in lots"
    from conftest import only
    from test_sol_prime import BASE

    text = BASE.replace("{name: Tank 2, type: tank,", "{name: Tank 2, type: tank, ammunition_lots: 2,")
    assert only(report(text), "SP-AMMUNITION").path[-1] == "ammunition_lots"


def test_bounce_aircraft_add_their_weapons_to_the_rating():
    from test_bounce import BASE

    from listgen.rulesets.bounce_into_action import stats

    craft = "aircraft:\n  - {name: Jet, type: jet, speeds: [fast], manoeuvrability: medium, weapons: [veh-cannon]}\n"
    without, with_jet = report(BASE), report(BASE + craft)
    gained = stats.firepower("veh-cannon", "regular", "experienced")  # rated as fired by regular, experienced crews
    assert gained > 0 and with_jet.valuation.total == without.valuation.total + gained


@pytest.mark.parametrize("figures,warned", [(5, True), (6, False), (10, False), (11, True)])
def test_noonday_better_troops_form_bodies_of_six_to_ten(figures, warned):
    # 6. Troop Quality: "Veteran and Elite may form smaller units of 6 - 10 figures" (the leader counted)
    text = (
        "ruleset: noonday-sun\nname: V\ngroups:\n  - name: Band\n    leader: {name: L, quality: veteran}\n"
        "    units:\n"
        f"      - {{name: A, quality: veteran, figures: [{{count: {figures - 1 - 2}, weapon: rifle}}]}}\n"
        "      - {name: B, quality: veteran, figures: [{count: 2, weapon: rifle}]}\n"
    )
    codes = [f.code for f in report(text).findings]
    assert ("NS-GROUP-SIZE-QUALITY" in codes) is warned
