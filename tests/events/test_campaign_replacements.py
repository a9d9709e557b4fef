"""Replacements in an S.M.L.E. or Noonday campaign (issue 51), restated from the texts: "1 Green New recruits &
casualty replacements" (Troop Quality); "Green or Trained Elite for example could represent recruits or casualty
replacements in an Elite unit" (S.M.L.E. Troop Motivation, Elite; Noonday 7. Troop Motivation, 1. Elite). A
casualty replacement takes a casualty's place: the figures line it was lost from, and no more than were lost."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from conftest import listgen_invoke as run

from listgen.events import campaign as C

ARMIES = Path(__file__).resolve().parents[2] / "armies"
PLATOON = ARMIES / "smle-british-rifle-platoon.yaml"
BREN = "1 Section Bren group"  # as it starts: line 0, 1 lmg (Bren gunner); line 1, 2 rifles
RIFLES = "1 Section rifle group"  # 4 rifles


@pytest.fixture
def smle(tmp_path) -> Path:
    path = tmp_path / "campaign.yaml"
    assert run("campaign", "new", "smle", "--force", f"Platoon={PLATOON}", "--seed", "5", "-o", path).exit_code == 0
    return path


def _lines(path: Path, team: str, force: str = "Platoon") -> list[dict]:
    campaign = C.read(path)
    return campaign.rules.units(campaign.forces[force].data)[team]["figures"]


def test_the_bren_group_is_as_the_tests_say():
    team = yaml.safe_load(PLATOON.read_text())["platoons"][0]["sections"][0]["teams"][1]
    assert team["name"] == BREN
    assert [(f.get("count", 1), f["weapon"]) for f in team["figures"]] == [(1, "lmg"), (2, "rifle")]


def test_a_bren_groups_rifleman_is_replaced_by_a_rifleman_and_the_list_stays_legal(smle, tmp_path):
    """The manual's way: the casualty from the rifle line, the replacement with no line named."""
    before = _lines(smle, BREN)
    assert run("campaign", "casualty", smle, "Platoon", BREN, "--line", "1").exit_code == 0
    result = run("campaign", "replace", smle, "Platoon", BREN)
    assert result.exit_code == 0, result.output
    assert "taking the place of a casualty of line 1 (rifle)" in result.output
    assert _lines(smle, BREN) == before  # one Bren gunner still, two riflemen again
    applied = run("campaign", "apply", smle, "-o", tmp_path / "now")
    assert applied.exit_code == 0 and "LEGAL" in applied.output and "NOT LEGAL" not in applied.output


def test_a_lost_bren_gunner_is_replaced_in_his_own_line_made_again(smle):
    assert run("campaign", "casualty", smle, "Platoon", BREN, "--line", "0").exit_code == 0
    assert [f["weapon"] for f in _lines(smle, BREN)] == ["rifle"]  # his line went with him
    assert run("campaign", "replace", smle, "Platoon", BREN).exit_code == 0
    assert [(f["count"], f["weapon"], f.get("role")) for f in _lines(smle, BREN)] == [
        (1, "lmg", "Bren gunner"),
        (2, "rifle", None),
    ]


@pytest.mark.parametrize(("lost", "replaced", "ok"), [(2, 2, True), (2, 3, False), (1, 1, True), (1, 2, False)])
def test_replacements_are_refused_past_the_teams_losses(smle, lost, replaced, ok):
    assert run("campaign", "casualty", smle, "Platoon", RIFLES, "--figures", lost).exit_code == 0
    before = smle.read_bytes()
    result = run("campaign", "replace", smle, "Platoon", RIFLES, "--figures", replaced)
    assert result.exit_code == (0 if ok else 2), result.output
    if not ok:
        assert f"has lost {lost} figure" in result.output and "not yet replaced, not" in result.output
        assert smle.read_bytes() == before


def test_a_replacement_with_no_casualty_before_it_is_refused(smle):
    result = run("campaign", "replace", smle, "Platoon", RIFLES)
    assert result.exit_code == 2 and "has no casualty to replace" in result.output
    # and once every casualty is replaced, the next is refused too
    run("campaign", "casualty", smle, "Platoon", RIFLES)
    assert run("campaign", "replace", smle, "Platoon", RIFLES).exit_code == 0
    assert "has no casualty to replace" in run("campaign", "replace", smle, "Platoon", RIFLES).output


def test_a_team_that_lost_figures_of_two_lines_is_asked_which(smle):
    run("campaign", "casualty", smle, "Platoon", BREN, "--line", "1")  # a rifleman: lines now lmg 1, rifle 1
    run("campaign", "casualty", smle, "Platoon", BREN, "--line", "0")  # the Bren gunner: rifle 1
    asked = run("campaign", "replace", smle, "Platoon", BREN)
    assert asked.exit_code == 2
    said = " ".join(asked.output.split())
    assert "lost figures of 2 lines: say which" in said
    assert "line 0 (lmg Bren gunner): 1 figure lost; line 1 (rifle): 1 figure lost" in said
    assert run("campaign", "replace", smle, "Platoon", BREN, "--line", "1").exit_code == 0
    assert [(f["count"], f["weapon"]) for f in _lines(smle, BREN)] == [(2, "rifle")]
    # the one line left to replace is taken without asking; a line with no casualty is refused
    assert "has no casualty to replace" in run("campaign", "replace", smle, "Platoon", BREN, "--line", "1").output
    assert run("campaign", "replace", smle, "Platoon", BREN).exit_code == 0
    assert [(f["count"], f["weapon"]) for f in _lines(smle, BREN)] == [(1, "lmg"), (2, "rifle")]


def test_replacements_of_a_team_that_is_not_elite_are_green_only(smle):
    run("campaign", "casualty", smle, "Platoon", RIFLES, "--figures", "2")
    result = run("campaign", "replace", smle, "Platoon", RIFLES, "--quality", "trained")
    said = " ".join(result.output.split())
    assert result.exit_code == 2 and "is not Elite: green, not trained" in said
    assert "'Green or Trained Elite ... could represent recruits or casualty replacements in an Elite unit'" in said
    assert "2 replacements arrive Green" in run("campaign", "replace", smle, "Platoon", RIFLES, "--figures", 2).output


def test_an_elite_smle_teams_replacements_may_be_green_or_trained_but_not_veteran(tmp_path):
    path = tmp_path / "campaign.yaml"
    section = ARMIES / "smle-german-section.yaml"
    assert run("campaign", "new", "smle", "--force", f"Gruppe={section}", "--seed", "1", "-o", path).exit_code == 0
    team = "Scharfschützen"  # veteran, motivation: elite
    assert C.read(path).rules.units(C.read(path).forces["Gruppe"].data)[team]["motivation"] == "elite"
    run("campaign", "casualty", path, "Gruppe", team, "--figures", "1")
    refused = run("campaign", "replace", path, "Gruppe", team, "--quality", "veteran")
    assert refused.exit_code == 2 and "is Elite: green or trained, not veteran" in " ".join(refused.output.split())
    result = run("campaign", "replace", path, "Gruppe", team, "--quality", "trained")
    assert result.exit_code == 0, result.output
    assert "1 replacement arrives Trained (S.M.L.E. Troop Motivation, Elite)" in result.output
    assert C.read(path).forces["Gruppe"].units[team].figures == {"veteran": 1, "trained": 1}


def test_an_elite_noonday_units_replacements_may_be_trained(tmp_path):
    """Noonday's own 7. Troop Motivation, 1. Elite: the same words, its own section cited."""
    text = (ARMIES / "noonday-british-company.yaml").read_text()
    unit = "1 Section, front rank"
    at = text.index(f"name: {unit}")
    # a company game's section is of one motivation (5. Groups): both its units Elite
    text = text[:at] + text[at:].replace("motivation: steady", "motivation: elite", 2)
    (tmp_path / "elite.yaml").write_text(text)
    path = tmp_path / "campaign.yaml"
    made = run("campaign", "new", "noonday-sun", "--force", f"B={tmp_path / 'elite.yaml'}", "-o", path)
    assert made.exit_code == 0, made.output
    run("campaign", "casualty", path, "B", unit, "--figures", "2")
    result = run("campaign", "replace", path, "B", unit, "--figures", "2", "--quality", "trained")
    assert result.exit_code == 0, result.output
    assert "2 replacements arrive Trained (Noonday Sun 7. Troop Motivation, 1. Elite)" in result.output
    other = run("campaign", "casualty", path, "B", "2 Section, front rank")
    assert other.exit_code == 0
    refused = run("campaign", "replace", path, "B", "2 Section, front rank", "--quality", "trained")
    assert refused.exit_code == 2 and "is not Elite" in refused.output
