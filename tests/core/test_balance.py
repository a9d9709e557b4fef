"""Balance: values with multipliers, the ratio, advice in the rules' terms, the vehicle rule."""

import json
import textwrap
from fractions import Fraction

import pytest
from conftest import ARMIES, BASE

from listgen.core.balance import BalanceError, compare
from listgen.core.validate import check_file, check_text


def rep(path):
    return check_file(str(ARMIES / path))


def test_values_ratio_and_advice():
    result = compare(rep("smle-british-rifle-platoon.yaml"), rep("smle-german-section.yaml"))
    assert result.a.value.total == 151 and result.b.value.total == 94
    assert result.ratio == Fraction(151, 94)
    assert result.stronger.label == "A"
    text = " ".join(result.advice)
    assert "Give B about 5 more basic teams" in text  # 57 / 12 rounds to 5
    assert "objectives should be" in text


def test_hidden_side_override():
    a, b = rep("smle-british-rifle-platoon.yaml"), rep("smle-german-section.yaml")
    assert compare(a, b, hidden="b").b.value.total == 94 * 2
    assert compare(a, b, hidden="none").b.value.total == 94
    partisans = rep("smle-partisan-band.yaml")  # the list itself sets up hidden
    assert compare(a, partisans).b.value.total == 146
    assert compare(a, partisans, hidden="none").b.value.total == 73


def test_vehicle_rule():
    tank = BASE + textwrap.dedent("""\
        teams:
          - name: Panzer crew
            quality: trained
            figures: [{count: 3, weapon: smg}]
            vehicle: {name: Tiger, type: battle-tank}
        """)
    result = compare(check_text(tank, "tank.yaml"), check_text(BASE, "rifles.yaml"))
    assert any("no weapon that can knock out Tiger" in line for line in result.advice)
    bazooka = BASE.replace(
        "{count: 4, weapon: rifle}", "{count: 1, weapon: bazooka}\n          - {count: 1, weapon: rifle}"
    )
    result = compare(check_text(tank, "tank.yaml"), check_text(bazooka, "bazooka.yaml"))
    assert not any("knock out" in line for line in result.advice)


def test_rulesets_without_points_say_what_they_use():
    squads = rep("close-action-us-rifle-squads.yaml")
    result = compare(squads, squads)
    assert result.ratio == 1 and "Fire-dice rating" in result.advice[0]
    noonday = compare(rep("noonday-zulu-impi.yaml"), rep("noonday-zulu-impi.yaml"))
    assert noonday.ratio == 1 and "borrowed" in noonday.advice[0]


def test_lists_valued_two_ways_are_not_weighed():
    # the grenadiers carry a club points_table; the rifle squads are rated by fire dice
    with pytest.raises(BalanceError, match="valued differently"):
        compare(rep("close-action-us-rifle-squads.yaml"), rep("close-action-german-grenadier-platoon.yaml"))


def test_different_rulesets_refused():
    with pytest.raises(BalanceError):
        compare(rep("smle-german-section.yaml"), rep("noonday-zulu-impi.yaml"))


def test_cli_text_and_json(invoke):
    a, b = ARMIES / "smle-british-rifle-platoon.yaml", ARMIES / "smle-german-section.yaml"
    text = invoke("balance", a, b)
    assert text.exit_code == 0 and "Ratio A:B = 1.61 : 1" in text.output
    data = json.loads(invoke("balance", a, b, "--format", "json").stdout)
    assert data["ratio"] == "151/94" and data["difference"] == 57 and data["advice"]
    mixed = invoke("balance", a, ARMIES / "noonday-zulu-impi.yaml")
    assert mixed.exit_code == 2 and "cannot weigh" in mixed.stderr


def test_balance_says_what_it_leaves_out_and_that_a_list_is_illegal(tmp_path):
    # S.M.L.E. Unit Points Costs print no cost for vehicles: the half-track and jeep are not counted
    armour = rep("smle-us-armored-infantry.yaml")
    assert armour.valuation.unpriced
    illegal = check_text(BASE.replace("{count: 4, weapon: rifle}", "{count: 9, weapon: rifle}"), "bad.yaml")
    assert not illegal.legal()
    result = compare(armour, illegal)
    caveats = " ".join(result.caveats)
    assert "not counted" in caveats and "half-track" in caveats
    assert "B (Test section) is NOT LEGAL" in caveats
    assert "leaving out what is not counted" in result.summary()
    data = result.as_dict()
    assert data["a"]["not_counted"] and data["b"]["legal"] is False and data["caveats"] == result.caveats


def test_balance_of_an_illegal_list_exits_1(invoke, write):
    bad = write(BASE.replace("{count: 4, weapon: rifle}", "{count: 9, weapon: rifle}"))
    result = invoke("balance", ARMIES / "smle-german-section.yaml", bad)
    assert result.exit_code == 1 and "NOT LEGAL" in result.output
    fine = invoke("balance", ARMIES / "smle-german-section.yaml", ARMIES / "smle-british-rifle-platoon.yaml")
    assert fine.exit_code == 0 and "warning" not in fine.output
