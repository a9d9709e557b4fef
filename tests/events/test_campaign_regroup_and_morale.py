"""Bounce into Action in a campaign (issue 51), restated from the text. Hit Effects, Infantry: "On becoming
'ineffective' a stand will take its casualties and withdraw to where the nearest friendly aid post is
established ... Once at the aid post they can be grouped with other similar ineffective stands"; the table gives
HMA 2 hits to become ineffective and 4 to be destroyed. Basic Morale: "Cross reference the training and experience
in the table below to get the basic morale number that the factors are applied to"."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import listgen_invoke as run

from listgen import rulesets
from listgen.core.validate import check_text
from listgen.events import campaign as C

ARMIES = Path(__file__).resolve().parents[2] / "armies"
MILITIA, GF = ARMIES / "bounce-militia-defence.yaml", ARMIES / "bounce-gf-hma-company.yaml"
TEAMS = "1 Platoon fire teams"  # six regular HMA stands of four
HMA_INEFFECTIVE, HMA_DESTROYED = 2, 4  # Hit Effects: "HMA	2	4	Yes"


@pytest.fixture
def bounce(tmp_path) -> Path:
    path = tmp_path / "campaign.yaml"
    made = run(
        "campaign", "new", "bounce-into-action", "--force", f"Militia={MILITIA}", "--force", f"GF={GF}",
        "--seed", "41", "-o", path,
    )  # fmt: skip
    assert made.exit_code == 0, made.output
    return path


def _regroup(path: Path, *hits: int, stands: tuple[str, ...] = (TEAMS, TEAMS)):
    return run("campaign", "regroup", path, "GF", *stands, *[a for h in hits for a in ("--hits-left", h)])


@pytest.mark.parametrize(
    ("hits", "ok"),
    [
        ((HMA_DESTROYED - HMA_INEFFECTIVE,) * 2, True),  # each took its 2 hits: ineffective, 2 + 2 remaining
        ((3, 3), False),  # each took 1 hit: not yet ineffective, though 6 remaining is past the 4 to destroy
        ((2, 3), False),
        ((3, 1), False),
        ((0, 2, 2), False),  # a stand with no hits remaining is destroyed: no survivors to group
    ],
)
def test_only_ineffective_stands_regroup_at_and_one_past(bounce, hits, ok):
    before = bounce.read_bytes()
    result = _regroup(bounce, *hits, stands=(TEAMS,) * len(hits))
    assert result.exit_code == (0 if ok else 2), result.output
    if not ok:
        said = " ".join(result.output.split())
        assert ("has taken 1 of the 2 hits that make a HMA stand of 4 hits ineffective" in said) or (
            "no hits remaining is destroyed" in said
        )
        assert bounce.read_bytes() == before


def test_a_stand_a_person_short_is_ineffective_by_its_own_size(bounce):
    """A stand of three (a casualty did not return) is destroyed at 3 hits and ineffective at 2: 1 remaining."""
    assert run("campaign", "casualty", bounce, "GF", TEAMS, "--die", "9").exit_code == 0  # Dead: split off, 3 people
    short = f"{TEAMS} (1)"
    refused = _regroup(bounce, 2, 2, 2, stands=(short, TEAMS, TEAMS))
    assert refused.exit_code == 2 and f"'{short}' with 2 hits remaining has taken 1 of the 2" in refused.output
    assert _regroup(bounce, 1, 2, 2, stands=(short, TEAMS, TEAMS)).exit_code == 0


# Basic Morale, restated: (training, experience) -> basic morale number
BASIC = {("trained", "experienced"): 5, ("civilian", "raw"): 6, ("civilian", "experienced"): 7}


def _status_line(path: Path, stand: str) -> str:
    status = run("campaign", "status", path).output
    return next(line for line in status.splitlines() if line.strip().startswith(f"{stand}:"))


def test_status_names_the_basic_morale_number_and_the_morale_number_as_the_text_does(bounce):
    """The Settlers: civilian, raw: basic morale number 6; their list's factors (enemy air superiority, poorly
    equipped, no medical support: +1 each), their own (religious fanatics: -2) and civilian weapons' No armour (+1):
    morale number 8, as their roster prints it."""
    line = _status_line(bounce, "Settlers")
    assert "morale number 8 (basic 6, " in line and "+1 No armour" in line and "-2 Religious fanatics" in line
    assert ", morale 6" not in line  # the basic number is never printed as 'morale'
    run("campaign", "battle", bounce, "--under-fire", "Militia/Settlers")
    said = run("campaign", "report", bounce).output
    assert "basic morale number 6 -> 7 (Bounce into Action Basic Morale)" in said  # raw -> experienced
    assert "morale number 9 (basic 7, " in _status_line(bounce, "Settlers")


def test_every_stands_morale_number_in_status_is_its_rosters(bounce):
    campaign = C.read(bounce)
    status = run("campaign", "status", bounce).output
    compared = 0
    for name, force in campaign.forces.items():
        report = check_text(C._dump(force.data), f"{name}.yaml")
        for unit in rulesets.get("bounce-into-action").roster(report.army, report).units:
            entry = C._at(force.data, unit.path)
            stands = campaign.rules.units(force.data).values()
            if not isinstance(entry, dict) or not any(entry is s for s in stands) or "Morale" not in dict(unit.facts):
                continue
            printed = dict(unit.facts)["Morale"].split()[0]
            shown = re.search(rf"^  {re.escape(entry['name'])}(?: x\d+)?: .*morale number (\S+)", status, re.M)
            assert shown is not None and shown.group(1) == printed, (entry["name"], printed)
            compared += 1
    assert compared >= 10
