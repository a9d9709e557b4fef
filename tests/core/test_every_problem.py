"""One typo must not hide every other problem: the checks that do not depend on it still run.

And the verdicts a player cannot act on: an unpriced item the rules require is no --strict warning.
"""

from conftest import BASE, line_of

from listgen.core.validate import check_text

TWO_SECTIONS = (
    BASE
    + """\
  - name: B Section
    leader: {name: Cpl B, quality: veteran, weapon: smg}
    teams:
      - name: Big team
        quality: trained
        figures:
          - {count: 9, weapon: rifle}
      - name: Rifles B
        quality: trained
        figures:
          - {count: 4, weapon: rifle}
"""
)


def codes(rep):
    return sorted(f.code for f in rep.findings if f.severity == "error")


def test_the_base_list_breaks_only_the_team_size_rule():
    # S.M.L.E. Organisation of Forces: a team is 2-6 figures; the 9-figure team breaks that alone
    rep = check_text(TWO_SECTIONS, "t.yaml")
    assert codes(rep) == ["SMLE-TEAM-SIZE"]


def test_a_misspelt_key_in_one_section_does_not_hide_a_rule_broken_in_another():
    text = TWO_SECTIONS.replace(
        "      - name: Rifles\n        quality: trained\n", "      - name: Rifles\n        qualty: trained\n"
    )
    assert "qualty" in text
    rep = check_text(text, "t.yaml")
    assert rep.unreadable  # the typo is an input error: exit code 2
    assert "INPUT-UNKNOWN-KEY" in codes(rep) and "SMLE-TEAM-SIZE" in codes(rep)
    size = next(f for f in rep.findings if f.code == "SMLE-TEAM-SIZE")
    assert size.line == line_of(text, "name: Big team")


def test_a_bad_value_does_not_hide_a_rule_broken_elsewhere():
    text = TWO_SECTIONS.replace("{name: Cpl A, quality: veteran", "{name: Cpl A, quality: vetran")
    rep = check_text(text, "t.yaml")
    assert sorted(codes(rep)) == ["INPUT-BAD-VALUE", "SMLE-TEAM-SIZE"]


def test_a_misspelt_optional_key_leaves_the_rest_of_its_own_unit_checked():
    text = TWO_SECTIONS.replace(
        "          - {count: 9, weapon: rifle}\n", "          - {count: 9, weapon: rifle}\n        grenads: 2\n"
    )
    rep = check_text(text, "t.yaml")
    assert codes(rep) == ["INPUT-UNKNOWN-KEY", "SMLE-TEAM-SIZE"]


def test_findings_that_depend_on_the_broken_value_wait_for_the_fix():
    # the whole force's points and the broken unit's own checks are left until the list reads
    text = BASE.replace("points_limit: 100", "points_limit: 10").replace("quality: veteran", "quality: vetran")
    rep = check_text(text, "t.yaml")
    assert codes(rep) == ["INPUT-BAD-VALUE"]
    assert rep.points is None


def test_a_strict_event_passes_a_company_whose_leader_the_text_prices_nowhere():
    # S.M.L.E.: a company is 2-4 platoons under a company leader; Unit Points Costs price no company leader
    from test_smle_validation import _company

    text = _company(2).replace("name: Company\n", "name: Company\npoints_limit: 1000\n")
    rep = check_text(text, "t.yaml")
    unpriced = [f for f in rep.findings if f.code == "SMLE-UNPRICED"]
    assert unpriced and all(f.severity == "info" for f in unpriced)
    assert rep.legal(strict=True)


def test_an_item_the_text_prices_nowhere_is_information_under_a_limit():
    # S.M.L.E. Unit Points Costs price no vehicle: a strict event allowing vehicles must not fail them all
    text = BASE.replace("      - name: Rifles\n", "      - name: Rifles\n        vehicle: {name: Willys, type: jeep}\n")
    rep = check_text(text, "t.yaml")
    (f,) = [f for f in rep.findings if f.code == "SMLE-UNPRICED"]
    assert f.severity == "info" and rep.legal(strict=True)


def test_an_item_a_supplied_table_leaves_out_warns_under_a_limit():
    # the player's own points table can be given the price: a warning that --strict fails
    from pathlib import Path

    text = (Path(__file__).resolve().parents[2] / "armies" / "close-action-german-grenadier-platoon.yaml").read_text()
    text = text.replace("items: {lmg: 10, hmg: 15, mortar: 12}", "items: {lmg: 10, hmg: 15}")
    rep = check_text(text, "t.yaml")
    (f,) = [f for f in rep.findings if f.code == "CA-UNPRICED"]
    assert f.severity == "warning" and not rep.legal(strict=True)


def test_a_typo_hides_no_unknown_weapon_anywhere_in_the_list():
    """Issue 24: one misspelt key hid five unknown weapons. Every value that does not read, in one run."""
    text = TWO_SECTIONS.replace("leader: {name: Cpl A, quality:", "leader: {name: Cpl A, qualty:")
    text = text.replace("{count: 1, weapon: lmg}", "{count: 1, weapon: lmgg}").replace(
        "{count: 4, weapon: rifle}", "{count: 4, weapon: rilfe}"
    )
    rep = check_text(text, "t.yaml")
    found = [(f.code, f.line) for f in rep.findings if f.is_input_error]
    assert ("INPUT-UNKNOWN-KEY", line_of(text, "qualty")) in found
    assert ("INPUT-UNKNOWN-WEAPON", line_of(text, "lmgg")) in found
    assert [c for c, _ in found].count("INPUT-UNKNOWN-WEAPON") == text.count("rilfe") + 1


def test_a_wrong_choice_hides_no_unknown_weapon_and_each_is_at_its_own_line():
    """A stand left out of the half-read list (its training does not read) moves no later finding onto its line."""
    text = (
        "ruleset: bounce-into-action\nname: Typo\nstands:\n"
        "  - {name: S1, training: recruit, experience: novice, equipment: assault-rifles, weapon: rifles}\n"
        "  - {name: S2, training: trained, experience: novice, equipment: assault-rifles, weapon: rilfes}\n"
        "  - {name: S3, training: trained, experience: novice, equipment: assault-rifles, weapon: rifels}\n"
    )
    rep = check_text(text, "t.yaml")
    weapons = sorted((f.line, f.path) for f in rep.findings if f.code == "INPUT-UNKNOWN-WEAPON")
    assert weapons == [(5, ("stands", 1, "weapon")), (6, ("stands", 2, "weapon"))]
    assert [f.line for f in rep.findings if f.code == "INPUT-BAD-VALUE"] == [4]


# --- issue 37: a typo hides nothing and invents nothing, in any ruleset ----------------------------------------

PLATOON = """\
ruleset: smle
name: Typo
platoons:
  - name: 1 Platoon
    leader: {name: Lt A, quality: veteran, weapon: handgun}
    command_team:
      name: HQ
      quality: trained
      figures:
        - {count: 3, weapon: rifle}
    sections:
      - name: 1 Section
        leader: {name: Cpl B, quality: trained, weapon: smg}
        teams:
          - name: Rifles
            quality: trained
            figures:
              - {count: 4, weapon: rifle}
          - name: Bren
            quality: trained
            figures:
              - {count: 1, weapon: lmg}
              - {count: 2, weapon: rifle}
      - name: 2 Section
        leader: {name: Cpl C, quality: trained, weapon: smg}
        teams:
          - name: Rifles 2
            quality: trained
            figures:
              - {count: 4, weapon: rifle}
          - name: Bren 2
            quality: trained
            figures:
              - {count: 1, weapon: lmg}
              - {count: 2, weapon: rifle}
"""


def errors_at(text):
    rep = check_text(text, "t.yaml")
    return sorted((f.code, f.line) for f in rep.findings if f.severity == "error")


def test_the_platoon_reads():
    assert errors_at(PLATOON) == []


def test_a_misspelt_required_key_in_a_command_team_hides_no_weapon_of_its_platoon():
    text = PLATOON.replace("      quality: trained\n      figures:", "      qualty: trained\n      figures:").replace(
        "              - {count: 4, weapon: rifle}\n          - name: Bren\n",
        "              - {count: 4, weapon: rifel}\n          - name: Bren\n",
    )
    assert errors_at(text) == [
        ("INPUT-UNKNOWN-KEY", line_of(text, "qualty")),
        ("INPUT-UNKNOWN-WEAPON", line_of(text, "rifel")),
    ]


def test_a_bad_value_in_a_unit_hides_none_of_its_own_unknown_weapons():
    text = PLATOON.replace(
        "          - name: Rifles\n            quality: trained\n            figures:\n              - {count: 4, weapon: rifle}",
        "          - name: Rifles\n            quality: trianed\n            figures:\n              - {count: 4, weapon: rifel}",
    )
    assert errors_at(text) == [
        ("INPUT-BAD-VALUE", line_of(text, "trianed")),
        ("INPUT-UNKNOWN-WEAPON", line_of(text, "rifel")),
    ]


def test_a_misspelt_optional_key_invents_no_warning():
    """'grenads: 2' beside a grenade launcher: the key is reported, and no 'launcher with no grenades' warning is
    made up from the key that did not read (it is read as meant for the checks that wait on nothing else)."""
    text = PLATOON.replace(
        "              - {count: 4, weapon: rifle}\n          - name: Bren\n",
        "              - {count: 2, weapon: rifle}\n              - {count: 1, weapon: grenade-launcher}\n"
        "            grenads: 2\n          - name: Bren\n",
    )
    rep = check_text(text, "t.yaml")
    assert [f.code for f in rep.findings] == ["INPUT-UNKNOWN-KEY"]
    assert check_text(text.replace("grenads: 2", "grenades: 2"), "t.yaml").findings == []


SOL_PRIME = """\
ruleset: sol-prime
name: Typo
tech_level: basic
command_and_control: primitive
players: 1
leaders:
  - {name: Maj. A, attached_to: Command tank}
platoons:
  - name: 1 Troop
    morale: veteran
    stands:
      - {name: Command tank, type: tank, armour: 6/5, size: large, weapons: [laser-cannon]}
      - {name: Tanks, type: tank, count: 2, armour: 5/4, size: large, weapons: [laser-cannon]}
"""


def test_sol_prime_a_bad_morale_invents_no_missing_tank_and_hides_no_bad_armour():
    """'morale: vet' made the platoon unread: the leader's tank looked missing (an invented finding) and a bad armour
    beside it went unsaid. Now: the bad morale and the bad armour, each at its line, and nothing else."""
    text = SOL_PRIME.replace("laser-cannon", "heavy-laser-cannon").replace("tech_level: basic", "tech_level: laser")
    assert errors_at(text) == []
    broken = text.replace("morale: veteran", "morale: vet").replace("armour: 6/5", "armour: 6/x")
    assert errors_at(broken) == [
        ("INPUT-BAD-ARMOUR", line_of(broken, "6/x")),
        ("INPUT-BAD-VALUE", line_of(broken, "morale: vet")),
    ]
