"""Campaigns (issue 41): a force that remembers its battles. The rules are restated here from the texts, as an
oracle independent of listgen's tables; the commands are run as a club would, from a fresh campaign file."""

from __future__ import annotations

import itertools
import math
from pathlib import Path

import pytest
import yaml
from conftest import listgen_invoke as run

from listgen import rulesets
from listgen.events import campaign as C
from listgen.rulesets.bounce_into_action import tables as BT
from listgen.rulesets.slammer import team_quality
from listgen.rulesets.smle import tables as ST

ARMIES = Path(__file__).resolve().parents[2] / "armies"
MILITIA, GF = ARMIES / "bounce-militia-defence.yaml", ARMIES / "bounce-gf-hma-company.yaml"
PLATOON = ARMIES / "smle-british-rifle-platoon.yaml"

# bounce-into-action.txt, Hit Effects, "Infantry Casualties (1d10)", copied whole (0 to 9 across)
CASUALTIES_TEXT = """\
Unarmoured	Scratch	Light wound	Light wound	Serious	Mortal	Mortal	Dead	Dead	Dead	Dead
Flak vest	Scratch	Light wound	Light wound	Light wound	Serious	Mortal	Mortal	Dead	Dead	Dead
LTA	Unharmd	Scratch	Scratch	Light wound	Light wound	Light wound	Serious	Mortal	Dead	Dead
HMA/MA	Unharmd	Unharmd	Scratch	Scratch	Scratch	Light wound	Light wound	Serious	Mortal	Dead"""
# Basic Morale, "Cross reference the training and experience": Raw Novice Experienced Seasoned Veteran
MORALE_TEXT = """\
Civilian	6	-	7	-	-
Recruits	5	-	6	7	8
Trained	-	4	5	6	7
Regular	-	3	4	5	5
Special Forces	-	2	3	4	5"""


def test_all_forty_cells_of_the_casualty_table_are_the_texts():
    restated = {row.split("\t")[0]: tuple(row.split("\t")[1:]) for row in CASUALTIES_TEXT.splitlines()}
    assert sum(len(r) for r in restated.values()) == 40
    assert restated == BT.INFANTRY_CASUALTIES


def test_the_morale_number_follows_the_basic_morale_table():
    from listgen.rulesets.bounce_into_action.campaign import morale

    levels = ("raw", "novice", "experienced", "seasoned", "veteran")
    for row in MORALE_TEXT.splitlines():
        training, *cells = row.split("\t")
        for level, cell in zip(levels, cells, strict=True):
            entry = {"training": training.lower().replace(" ", "-"), "experience": level}
            assert morale(entry) == cell, (training, level)


def _oracle_experience(start: str, actions: int) -> str:
    """Experience: Experienced 'at least one action', Seasoned 'at least 15', Veteran 'at least 30'; never lower."""
    order = ["raw", "novice", "experienced", "seasoned", "veteran"]
    earned = "veteran" if actions >= 30 else "seasoned" if actions >= 15 else "experienced" if actions >= 1 else start
    return max(start, earned, key=order.index)


@pytest.mark.parametrize("training", ["civilian", "recruits", "trained"])
def test_actions_climb_the_experience_ladder_at_1_15_and_30_and_a_wound_counts_two(training):
    from listgen.core.campaign import Unit
    from listgen.rulesets.bounce_into_action.campaign import RULES

    start = "raw" if training in ("civilian", "recruits") else "novice"
    for fired, hurt in itertools.product(range(0, 32, 1), range(0, 3)):
        entry = {"name": "x", "training": training, "experience": start}
        unit = RULES.start(entry)
        assert unit == Unit(actions=0)
        RULES.battle(entry, unit, fired, hurt)
        actions = fired + 2 * hurt  # "Being wounded counts as two actions"
        assert unit.actions == actions
        expected = _oracle_experience(start, actions)
        assert entry["experience"] == expected, (fired, hurt)
        # Training, Civilian: "survive sufficient actions to become Seasoned should be upgraded to Recruits"
        civilian_upgraded = training == "civilian" and expected in ("seasoned", "veteran")
        assert entry["training"] == ("recruits" if civilian_upgraded else training)


def test_at_14_actions_a_stand_is_not_seasoned_and_at_15_it_is():
    from listgen.rulesets.bounce_into_action.campaign import RULES

    for n, expected in ((14, "experienced"), (15, "seasoned"), (29, "seasoned"), (30, "veteran")):
        entry = {"name": "x", "training": "civilian", "experience": "raw"}
        RULES.battle(entry, RULES.start(entry), n, 0)
        assert entry["experience"] == expected


@pytest.mark.parametrize(
    ("qualities", "elite"),
    [(q, e) for n in range(1, 7) for q in itertools.combinations_with_replacement(range(4), n) for e in (False, True)],
)
def test_a_teams_quality_is_the_majority_or_the_average_elite_rounding_up(qualities, elite):
    """Troop Quality: 'the majority or average level of the figures in the team (Elite round up; Others round
    down)', read as: more than half, else the mean level rounded."""
    names = ST.QUALITIES
    tally: dict[str, int] = {}
    for q in qualities:
        tally[names[q]] = tally.get(names[q], 0) + 1
    counts = [qualities.count(q) for q in range(4)]
    majority = [q for q in range(4) if counts[q] * 2 > len(qualities)]
    mean = sum(qualities) / len(qualities)
    expected = majority[0] if majority else (math.ceil(mean) if elite else math.floor(mean))
    assert team_quality(tally, names, elite)[0] == names[expected]


def test_close_action_and_sol_prime_have_no_campaign_and_say_so(tmp_path):
    assert rulesets.get("close-action").campaign() is None and rulesets.get("sol-prime").campaign() is None
    result = run(
        "campaign",
        "new",
        "close-action",
        "--force",
        f"A={ARMIES / 'close-action-us-rifle-squads.yaml'}",
        "-o",
        tmp_path / "c.yaml",
    )
    assert result.exit_code == 2 and "gives no campaign rules" in result.output
    assert not (tmp_path / "c.yaml").exists()


@pytest.fixture
def bounce(tmp_path) -> Path:
    path = tmp_path / "campaign.yaml"
    result = run(
        "campaign",
        "new",
        "bounce-into-action",
        "--name",
        "Hollins Ford",
        "--force",
        f"Militia={MILITIA}",
        "--force",
        f"GF={GF}",
        "--seed",
        "41",
        "-o",
        path,
    )
    assert result.exit_code == 0, result.output
    return path


def test_a_six_battle_bounce_campaign_from_the_readme(bounce, tmp_path):
    for n in range(1, 7):
        result = run(
            "campaign",
            "battle",
            bounce,
            "--date",
            f"2026-12-0{n}",
            "--scenario",
            f"Raid {n}",
            "--result",
            "draw",
            "--under-fire",
            "Militia/Settlers*2",
            "--under-fire",
            "Militia/Ford squad A*2",
            "--wounded",
            "GF/Pathfinders",
        )
        assert result.exit_code == 0, result.output
    status = run("campaign", "status", bounce).output
    # Settlers: raw civilians, 12 actions: experienced, still civilian; Ford squad A: experienced (1) + 12 = 13
    # Basic Morale: Civilian, Experienced 7; the roster's morale number adds the Factors Affecting Morale: No armour
    # +1 (civilian weapons), the list's three +1 and the stand's Religious fanatics -2: 9
    assert "Settlers: civilian, experienced, 12 actions (next: seasoned at 15), morale number 9 (basic 7, " in status
    result = run(
        "campaign", "battle", bounce, "--under-fire", "Militia/Settlers*3", "--under-fire", "Militia/Ford squad A*2"
    )
    assert "Civilian -> Recruits: survived to become Seasoned (Bounce into Action Training, Civilian)" in result.output
    assert "experienced -> seasoned at 15 actions (Bounce into Action Experience)" in result.output
    assert "morale number 5 -> 6" in result.output  # Trained: Experienced 5, Seasoned 6
    casualty = run("campaign", "casualty", bounce, "GF", "1 Platoon fire teams")
    assert casualty.exit_code == 0 and "on the HMA/MA row" in casualty.output
    logged = yaml.safe_load(bounce.read_text())["log"][-1]
    assert logged["rolled"] is True and 0 <= logged["die"] <= 9  # rolled from the seed, kept with its die
    assert BT.INFANTRY_CASUALTIES["HMA/MA"][logged["die"]] in casualty.output
    out = tmp_path / "tonight"
    applied = run("campaign", "apply", bounce, "-o", out)
    militia = yaml.safe_load((out / "militia.yaml").read_text())
    settlers = next(s for s in militia["stands"] if s["name"] == "Settlers")
    assert (settlers["training"], settlers["experience"]) == ("recruits", "seasoned")
    # 50 people were a civilian stand; a recruits stand is 'about 30': a finding, as ever (a warning)
    assert applied.exit_code == 0 and "militia.yaml: LEGAL (0 errors, 1 warning)" in applied.output
    report = run("campaign", "report", bounce).output
    assert report.count(". battle") == 7 and "Raid 6" in report


def test_the_same_log_gives_the_same_bytes(bounce, tmp_path):
    run("campaign", "battle", bounce, "--under-fire", "Militia/Settlers")
    run("campaign", "casualty", bounce, "GF", "Pathfinders", "--die", "9")
    first = run("campaign", "apply", bounce, "-o", tmp_path / "a")
    second = run("campaign", "apply", bounce, "-o", tmp_path / "b")
    assert first.exit_code == second.exit_code
    for name in ("militia.yaml", "gf.yaml"):
        assert (tmp_path / "a" / name).read_bytes() == (tmp_path / "b" / name).read_bytes()


def test_a_casualty_that_does_not_return_splits_off_a_stand_a_person_short(bounce):
    result = run("campaign", "casualty", bounce, "GF", "1 Platoon fire teams", "--die", "9")  # HMA/MA 9: Dead
    assert "Dead" in result.output and "split off as '1 Platoon fire teams (1)'" in result.output
    campaign = C.read(bounce)
    stands = {s["name"]: s for s in campaign.forces["GF"].data["stands"]}
    assert stands["1 Platoon fire teams"]["count"] == 5
    assert (stands["1 Platoon fire teams (1)"]["count"], stands["1 Platoon fire teams (1)"]["people"]) == (1, 3)
    result = run("campaign", "casualty", bounce, "GF", "1 Platoon fire teams", "--die", "6")  # 6: Light wound
    assert "returns to the stand" in result.output


@pytest.mark.parametrize(("hits", "ok"), [((2, 2), True), ((2, 1), False)])
def test_a_regrouping_needs_the_hits_to_be_destroyed_at_and_one_short(bounce, hits, ok):
    """Hit Effects: Infantry: 'provided that the number of hits remaining is at least the same as the number of
    hits to be destroyed' (HMA: 4)."""
    before = bounce.read_bytes()
    args = ["campaign", "regroup", bounce, "GF", "1 Platoon fire teams", "1 Platoon fire teams"]
    result = run(*args, "--hits-left", hits[0], "--hits-left", hits[1])
    assert result.exit_code == (0 if ok else 2), result.output
    if not ok:
        assert "3 hits remaining is fewer than the 4 hits" in result.output and bounce.read_bytes() == before
    else:
        stands = {s["name"]: s for s in C.read(bounce).forces["GF"].data["stands"]}
        assert stands["1 Platoon fire teams"]["count"] == 5  # two ineffective stands of six became one


def test_recruits_do_not_regroup(bounce):
    result = run(
        "campaign",
        "regroup",
        bounce,
        "Militia",
        "Recruit levy",
        "Recruit levy",
        "--hits-left",
        "30",
        "--hits-left",
        "30",
    )
    assert result.exit_code == 2 and "Recruits do not regroup: Re-groups? says No" in result.output


def test_an_undo_restores_the_exact_state_and_an_undo_of_it_the_event(bounce, tmp_path):
    run("campaign", "apply", bounce, "-o", tmp_path / "before")
    run(
        "campaign",
        "regroup",
        bounce,
        "GF",
        "1 Platoon fire teams",
        "1 Platoon fire teams",
        "--hits-left",
        "2",
        "--hits-left",
        "2",
    )
    run("campaign", "apply", bounce, "-o", tmp_path / "regrouped")
    assert run("campaign", "undo", bounce, "1").exit_code == 0
    run("campaign", "apply", bounce, "-o", tmp_path / "undone")
    strip = lambda p: p.read_text().split("\n", 1)[1]  # noqa: E731 - the header names the last event
    assert strip(tmp_path / "undone" / "gf.yaml") == strip(tmp_path / "before" / "gf.yaml")
    assert run("campaign", "undo", bounce, "2").exit_code == 0
    run("campaign", "apply", bounce, "-o", tmp_path / "redone")
    assert strip(tmp_path / "redone" / "gf.yaml") == strip(tmp_path / "regrouped" / "gf.yaml")


def test_the_file_is_only_ever_added_to(bounce):
    before = bounce.read_bytes()
    run("campaign", "battle", bounce, "--under-fire", "Militia/Settlers")
    after = bounce.read_bytes()
    assert after.startswith(before) and len(after) > len(before)


@pytest.mark.parametrize(
    ("edit", "says"),
    [
        (lambda t: t.replace("name: Settlers", "name: Settlerz", 1), "was changed after the campaign began"),
        (lambda t: t + "- {id: 1, kind: undo, cancels: 7}\n", "an undo names an earlier event"),
        (lambda t: t + "- {id: 1, kind: casualty, force: GF, unit: Pathfinders, die: 10}\n", "10"),
        (lambda t: t + "- {id: 1, kind: battle, under_fire: {Militia: [Setlers]}}\n", "did you mean 'Settlers'"),
        (lambda t: t + "- {id: 1, kind: batle}\n", "batle"),
        (lambda t: t + "- {id: 1, kind: battle, die: 3}\n", "a battle event takes no 'die'"),
        (lambda t: t + "- {id: 1, kind: casualty, force: GF, unit: Pathfinders}\n", "a casualty's d10 is recorded"),
        (lambda t: t + "- [1, 2\n", "campaign.yaml:"),
    ],
)
def test_a_hand_edited_file_is_a_located_error_and_exit_2(bounce, edit, says):
    """Each refused by what it breaks, not only by the seals: the file is made one written before seals (format
    1), whose hand-typed events are read and checked (tests/events/test_campaign_seals.py: the seals)."""
    bounce.write_text(edit(_unsealed(bounce.read_text())))
    result = run("campaign", "status", bounce)
    assert result.exit_code == 2 and says in result.output and "Traceback" not in result.output
    assert "campaign.yaml:" in result.output


def _unsealed(text: str) -> str:
    """A campaign file as listgen wrote it before seals: format 1, no seal lines."""
    lines = [line for line in text.splitlines(keepends=True) if not line.lstrip().startswith("seal:")]
    return "".join(lines).replace("format: 2\n", "format: 1\n", 1)


def test_a_die_at_9_is_taken_and_at_10_refused(bounce):
    assert run("campaign", "casualty", bounce, "GF", "Pathfinders", "--die", "9").exit_code == 0
    before = bounce.read_bytes()
    assert run("campaign", "casualty", bounce, "GF", "Pathfinders", "--die", "10").exit_code == 2
    assert bounce.read_bytes() == before


def test_a_second_writer_waits_and_nothing_is_lost(bounce):
    import multiprocessing

    with multiprocessing.get_context("spawn").Pool(4) as pool:
        results = pool.map(_battle_in_process, [str(bounce)] * 8)
    assert all(results)
    assert [e["id"] for e in yaml.safe_load(bounce.read_text())["log"]] == list(range(1, 9))


def _battle_in_process(path: str) -> bool:
    C.add(Path(path), {"kind": "battle", "under_fire": {"Militia": ["Settlers"]}})
    return True


@pytest.fixture
def smle(tmp_path) -> Path:
    path = tmp_path / "campaign.yaml"
    assert run("campaign", "new", "smle", "--force", f"Platoon={PLATOON}", "--seed", "5", "-o", path).exit_code == 0
    return path


def test_a_three_battle_smle_campaign_with_green_replacements(smle, tmp_path):
    for n in range(3):
        assert (
            run(
                "campaign", "battle", smle, "--scenario", f"Hill {n}", "--under-fire", "Platoon/1 Section rifle group"
            ).exit_code
            == 0
        )
    lost = run("campaign", "casualty", smle, "Platoon", "1 Section rifle group", "--figures", "2")
    assert "2 trained figures dead or seriously wounded" in lost.output and "stays trained" in lost.output
    replaced = run("campaign", "replace", smle, "Platoon", "1 Section rifle group", "--figures", "2")
    # 2 trained + 2 green: no majority, average 1.5, others round down: green
    assert "2 replacements arrive Green" in replaced.output
    assert (
        "team quality trained -> green: no majority (2 trained, 2 green): the average, rounded down" in replaced.output
    )
    promoted = run(
        "campaign",
        "promote",
        smle,
        "Platoon",
        "1 Section rifle group",
        "--to",
        "trained",
        "--figures",
        "1",
        "--why",
        "held the hedge",
    )
    assert (
        "1 green figure -> trained (umpire's decision)" in promoted.output
        and "-> trained: 3 of 4 figures trained" in promoted.output
    )
    applied = run("campaign", "apply", smle, "-o", tmp_path / "now")
    assert applied.exit_code == 0, applied.output
    team = yaml.safe_load((tmp_path / "now" / "platoon.yaml").read_text())
    assert "quality: trained" in (tmp_path / "now" / "platoon.yaml").read_text() and team["ruleset"] == "smle"


def test_a_team_cannot_lose_more_figures_than_it_has(smle):
    result = run("campaign", "casualty", smle, "Platoon", "1 Section rifle group", "--figures", "5")
    assert result.exit_code == 2 and "has 4 trained figures, not 5" in result.output
    result = run("campaign", "casualty", smle, "Platoon", "1 Section rifle group", "--figures", "4")
    assert result.exit_code == 2 and "every figure" in result.output


def _manual_commands() -> list[list[str]]:
    """The `listgen ...` commands of docs/campaigns.md's examples, as a shell would split them."""
    import shlex

    text = (Path(__file__).resolve().parents[2] / "docs" / "campaigns.md").read_text()
    blocks = text.split("```sh\n")[1:]
    commands = []
    for block in blocks:
        body = block.split("```")[0].replace("\\\n", " ")
        for line in body.splitlines():
            for part in line.split("#")[0].split("&&"):
                words = shlex.split(part)
                if words and words[0] == "listgen":
                    commands.append(words[1:])
    return commands


def test_the_manuals_campaigns_run_as_written(tmp_path, monkeypatch):
    import shutil

    shutil.copytree(ARMIES, tmp_path / "armies")
    monkeypatch.chdir(tmp_path)
    commands = _manual_commands()
    assert len(commands) >= 14 and {c[1] for c in commands if c[0] == "campaign"} >= {
        "new",
        "battle",
        "casualty",
        "regroup",
        "status",
        "report",
        "apply",
        "replace",
        "promote",
    }
    for words in commands:
        result = run(*words)
        assert result.exit_code == 0, (words, result.output)
    assert (tmp_path / "tonight" / "militia.yaml").is_file() and (tmp_path / "output" / "militia-roster.pdf").is_file()


@pytest.mark.parametrize(
    ("force", "stand", "row", "result"),
    [
        ("Militia", "Settlers", "Unarmoured", "Serious"),  # Civilian Weapons: 'unarmoured'
        ("Militia", "Ford squad A", "Flak vest", "Light wound"),  # Assault Rifles: 'light armour covering vital organs'
        ("Militia", "AT missile teams", "LTA", "Light wound"),
        ("GF", "Pathfinders", "HMA/MA", "Scratch"),
    ],
)
def test_a_casualty_is_read_on_the_row_of_its_stands_armour(bounce, force, stand, row, result):
    said = run("campaign", "casualty", bounce, force, stand, "--die", "3").output
    assert f"d10 3 on the {row} row: {result}" in said


def test_a_noonday_unit_takes_green_replacements_by_its_own_texts_rule(tmp_path):
    """...In the Noonday Sun, 6. Troop Quality: 'the majority or average level of the figures in the unit. (Elite
    rounds up; others round down.)', and '1 Green New recruits & casualty replacements'."""
    path = tmp_path / "company.yaml"
    noonday = ARMIES / "noonday-british-company.yaml"
    assert (
        run("campaign", "new", "noonday-sun", "--force", f"B Company={noonday}", "--seed", "1", "-o", path).exit_code
        == 0
    )
    unit = "1 Section, front rank"
    figures = sum(
        line.get("count", 1)
        for line in C.read(path).rules.units(C.read(path).forces["B Company"].data)[unit]["figures"]
    )
    lost = run("campaign", "casualty", path, "B Company", unit, "--figures", figures - 1)
    assert lost.exit_code == 0 and "Noonday Sun Activation Modifiers (Casualties)" in lost.output
    replaced = run("campaign", "replace", path, "B Company", unit, "--figures", 2).output
    # one trained figure and two green: the majority is green
    assert (
        "unit quality trained -> green: 2 of 3 figures green: the majority (Noonday Sun 6. Troop Quality)" in replaced
    )


def test_a_campaign_file_in_a_folder_is_never_taken_for_a_list(bounce):
    """The page and the site list a folder's lists: a campaign file beside them holds lists but is none."""
    import shutil

    from listgen.commands.site import examples_of
    from listgen.web.workspace import Site

    shutil.copy(MILITIA, bounce.parent / "militia.yaml")
    site = Site(folder=bounce.parent, token="t", hosts=set())
    assert sorted(site.lists()) == ["militia.yaml"]
    examples, _, left_out = examples_of(bounce.parent)
    assert sorted(examples) == ["militia.yaml"] and left_out == ["campaign.yaml (a campaign)"]


def _pdf_text(path: Path) -> str:
    import subprocess

    return " ".join(
        subprocess.run(["pdftotext", str(path), "-"], capture_output=True, text=True, check=True).stdout.split()
    )


def test_tonights_roster_carries_each_stands_action_track(bounce, tmp_path):
    run("campaign", "battle", bounce, "--under-fire", "Militia/Settlers*9", "--wounded", "Militia/Ford squad A")
    result = run("campaign", "roster", bounce, "Militia", "-o", tmp_path / "militia.pdf")
    assert result.exit_code == 0 and "wrote" in result.output
    text = _pdf_text(tmp_path / "militia.pdf")
    # Settlers: 9 actions, 21 boxes to Veteran; Ford squad A: Experienced (1) + wounded (2) = 3, 27 boxes
    assert "Actions 9 of 30 (Experienced 1, Seasoned 15, Veteran 30" in text
    assert "Actions to Veteran (a battle under fire 1, wounded 2) (21)" in text
    assert "Actions 3 of 30" in text and "(27)" in text
    assert "as it stands after event 1 of campaign.yaml" in text


def test_a_teams_roster_shows_its_figures_by_quality(smle, tmp_path):
    run("campaign", "casualty", smle, "Platoon", "1 Section rifle group", "--figures", "2")
    run("campaign", "replace", smle, "Platoon", "1 Section rifle group", "--figures", "2")
    assert run("campaign", "roster", smle, "Platoon", "-o", tmp_path / "p.pdf").exit_code == 0
    assert "Figures 2 trained, 2 green" in _pdf_text(tmp_path / "p.pdf")


def test_a_roster_of_a_force_the_campaign_does_not_have_names_the_nearest(bounce, tmp_path):
    result = run("campaign", "roster", bounce, "Militai", "-o", tmp_path / "x.pdf")
    assert result.exit_code == 2 and "did you mean 'Militia'" in result.output and not (tmp_path / "x.pdf").exists()
