"""Rules fidelity, round 4 (issue 24): each rule restated from the rules texts, one broken per list."""

import pytest
from conftest import line_of, only, report
from test_noonday_sun import BASE as NOONDAY


def codes(rep):
    return [f.code for f in rep.findings]


# ...In the Noonday Sun, 4. Units: "Troops armed with support weapons, e.g. machine guns, mortars, snipers";
# 3. Encumbered Movement: "a Heavy Machine Gun ... a Mortar". The colonial names players type are the same weapons.
@pytest.mark.parametrize(
    "typed,slug",
    [
        ("Maxim", "machine-gun"),
        ("Gatling gun", "machine-gun"),
        ("Gardner gun", "machine-gun"),
        ("Nordenfelt", "machine-gun"),
        ("Hale rockets", "rocket"),
        ("mortars", "mortar"),
        ("7-pounder mountain gun", "gun"),
        ("9-pdr RML", "gun"),
        ("screw gun", "gun"),
        ("HMG", "heavy-machine-gun"),
        ("heavy machine gun", "heavy-machine-gun"),
        ("sniper's rifle", "sniper-rifle"),
    ],
)
def test_a_support_weapon_in_the_players_words_is_never_priced_as_a_rifle(typed, slug):
    text = NOONDAY.replace("{count: 5, weapon: iklwa}", f"{{count: 5, weapon: {typed}}}")
    f = only(report(text), "NS-SUPPORT-AS-WEAPON")
    assert f"support_weapon: {slug}" in f.message and f.line == line_of(text, f"weapon: {typed}")


@pytest.mark.parametrize("typed", ["Martini-Henry rifle", "assegai and shield", "shotgun", "Snider carbine", "handgun"])
def test_ordinary_weapons_are_not_taken_for_support_weapons(typed):
    text = NOONDAY.replace("{count: 5, weapon: iklwa}", f"{{count: 5, weapon: {typed}}}")
    assert "NS-SUPPORT-AS-WEAPON" not in codes(report(text))


def test_the_crew_of_a_units_own_support_weapon_may_name_it():
    text = NOONDAY.replace(
        "        figures:\n          - {count: 5, weapon: iklwa}",
        "        support_weapon: machine-gun\n        figures:\n          - {count: 3, weapon: Gatling crew}",
    )
    assert "support_weapon: machine-gun" in text
    assert "NS-SUPPORT-AS-WEAPON" not in codes(report(text))
    other = text.replace("support_weapon: machine-gun", "support_weapon: mortar")  # a Gatling beside a mortar
    assert "NS-SUPPORT-AS-WEAPON" in codes(report(other))
