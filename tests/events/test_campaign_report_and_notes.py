"""Issue 53: a note per battle, the campaign battle by battle (events/campaign_story.py) and the campaign report
PDF (`listgen campaign report CAMPAIGN -o FILE.pdf`). A three-battle Bounce into Action campaign is played as a
club would, from the command line; what each battle changed is restated from the text (Experience: "Experienced
... at least one action"; Hit Effects, Infantry Casualties (1d10), HMA/MA row: 7 is Serious, which does not return),
not read back from listgen's own tables."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
import yaml
from conftest import listgen_invoke as run

from listgen.events import campaign_story

ARMIES = Path(__file__).resolve().parents[2] / "armies"
MILITIA, GF = ARMIES / "bounce-militia-defence.yaml", ARMIES / "bounce-gf-hma-company.yaml"
NOTE_1 = "Played at the club: Sam (Militia) and Jo (GF).\n<b>Rain</b> & mud all evening."


def three_battles(tmp_path: Path) -> Path:
    """Hollins Ford: three battles, a casualty after the first, a promotion after the second, an undone casualty."""
    c = tmp_path / "campaign.yaml"
    steps = [
        ("new", "bounce-into-action", "--name", "Hollins Ford", "--seed", "7", "--force", f"Militia={MILITIA}")
        + ("--force", f"GF={GF}", "-o", c),
        ("battle", c, "--date", "2026-12-01", "--scenario", "The ford", "--result", "GF win")
        + ("--under-fire", "Militia/Settlers", "--wounded", "GF/Pathfinders", "--note", NOTE_1),
        ("casualty", c, "GF", "1 Platoon fire teams", "--die", "7"),
        ("battle", c, "--date", "2026-12-08", "--scenario", "The mill", "--result", "Militia win")
        + ("--under-fire", "Militia/Settlers*3", "--note", "Jo's kitchen table"),
        ("promote", c, "Militia", "Settlers", "--to", "trained", "--why", "held the mill"),
        ("battle", c, "--date", "2026-12-15", "--scenario", "Night raid", "--result", "draw"),
        ("casualty", c, "Militia", "Settlers", "--die", "9"),
        ("undo", c, "6"),
    ]
    for step in steps:
        result = run("campaign", *step)
        assert result.exit_code == 0, result.output
    return c


def test_a_battle_keeps_its_note_up_to_2000_characters_and_refuses_a_longer_one(tmp_path):
    c = three_battles(tmp_path)
    at_the_limit = run("campaign", "battle", c, "--scenario", "Long", "--note", "x" * 2000)
    assert at_the_limit.exit_code == 0, at_the_limit.output
    log = yaml.safe_load(c.read_text(encoding="utf-8"))["log"]
    assert log[-1]["note"] == "x" * 2000
    before = c.read_bytes()
    past = run("campaign", "battle", c, "--scenario", "Longer", "--note", "x" * 2001)
    assert past.exit_code == 2
    assert "the event was not added" in past.output and "note" in past.output and "2000" in past.output
    assert c.read_bytes() == before  # nothing written


def test_the_note_is_sealed_with_its_battle(tmp_path):
    c = three_battles(tmp_path)
    text = c.read_text(encoding="utf-8")
    c.write_text(text.replace("kitchen table", "kitchen floor"), encoding="utf-8")
    status = run("campaign", "status", c)
    assert status.exit_code == 2 and "does not match its seal" in status.output


def test_a_note_is_a_battles_only(tmp_path):
    from listgen.events.campaign import CampaignFileError, add

    c = three_battles(tmp_path)
    before = c.read_bytes()
    event = {"kind": "promote", "force": "Militia", "unit": "Settlers", "to": "veteran", "why": "x", "note": "no"}
    with pytest.raises(CampaignFileError, match="a promote event takes no 'note'"):
        add(c, event)
    assert c.read_bytes() == before


def test_the_report_prints_each_note_under_its_battle(tmp_path):
    c = three_battles(tmp_path)
    lines = run("campaign", "report", c).output.splitlines()
    first = lines.index("1. battle, 2026-12-01, The ford, GF win")
    assert lines[first + 1 : first + 3] == [
        "   note: Played at the club: Sam (Militia) and Jo (GF).",
        "   note: <b>Rain</b> & mud all evening.",
    ]
    assert "   note: Jo's kitchen table" in lines


def test_each_battle_holds_what_followed_it_until_the_next(tmp_path):
    told = campaign_story.story(three_battles(tmp_path))
    assert [c.title() for c in told.chapters] == [
        "Battle 1 · 2026-12-01 · The ford · GF win",
        "Battle 2 · 2026-12-08 · The mill · Militia win",
        "Battle 3 · 2026-12-15 · Night raid · draw",
    ]
    one, two, three = ({f.force: f for f in c.forces} for c in told.chapters)
    # Experience: a stand with at least one action is Experienced (the Settlers started raw)
    assert "~ stand 'Settlers' > experience: 'raw' -> 'experienced'" in one["Militia"].changed
    # HMA/MA row, 7: Serious, which does not return: the stand of four that lost him is split off, three people
    assert any("d10 7 on the HMA/MA row: Serious" in line for line in one["GF"].casualties)
    assert "+ stand '1 Platoon fire teams (1)': added" in one["GF"].changed
    assert two["GF"].empty() and not two["Militia"].casualties
    assert two["Militia"].promotions[0].startswith("Settlers: training civilian -> trained")
    assert "(why: held the mill)" in two["Militia"].promotions[0]
    assert two["Militia"].changed == ["~ stand 'Settlers' > training: 'civilian' -> 'trained'"]
    # battle 3's casualty was undone: shown cancelled, it changes nothing
    assert three["Militia"].empty() and three["GF"].empty()
    assert [(e.id, by) for e, _, by in told.chapters[2].events if by] == [(6, 7)]
    assert told.since_start["Militia"] == [
        "~ stand 'Settlers' > training: 'civilian' -> 'trained'",
        "~ stand 'Settlers' > experience: 'raw' -> 'experienced'",
    ]


def test_events_before_the_first_battle_are_a_chapter_of_their_own(tmp_path):
    c = tmp_path / "c.yaml"
    assert run("campaign", "new", "bounce-into-action", "--force", f"GF={GF}", "--seed", "1", "-o", c).exit_code == 0
    assert run("campaign", "casualty", c, "GF", "Pathfinders", "--die", "0").exit_code == 0
    assert run("campaign", "battle", c, "--scenario", "First").exit_code == 0
    told = campaign_story.story(c)
    assert [ch.title() for ch in told.chapters] == ["Before the first battle", "Battle 1 · First"]
    assert told.chapters[0].forces[0].casualties and not told.chapters[1].forces[0].casualties


def pdf_text(path: Path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True).stdout


def test_the_campaign_report_pdf_has_each_force_battle_by_battle(tmp_path):
    c = three_battles(tmp_path)
    out = tmp_path / "report.pdf"
    result = run("campaign", "report", c, "-o", out)
    assert result.exit_code == 0 and f"wrote {out} (2 pages)" in result.output
    text = " ".join(pdf_text(out).split())
    assert "Hollins Ford: the campaign report" in text
    assert "<b>Rain</b> & mud all evening." in text  # the note as typed, its markup printed, not obeyed
    militia, gf = text.index("Militia Battle 1"), text.index("GF Battle 1")
    assert militia < gf
    assert "Promotions Settlers: training civilian -> trained (umpire's decision) (why: held the mill)" in text
    assert "Casualties 1 Platoon fire teams: casualty: d10 7 on the HMA/MA row: Serious" in text[gf:]
    assert "Event 6 (casualty) cancelled by event 7." in text
    assert "Since the start" in text and "As it stands" in text


def test_the_report_pdf_is_refused_for_a_campaign_that_does_not_read_and_writes_nothing(tmp_path):
    c = three_battles(tmp_path)
    c.write_text(c.read_text(encoding="utf-8").replace("die: 7", "die: 3"), encoding="utf-8")
    out = tmp_path / "report.pdf"
    result = run("campaign", "report", c, "-o", out)
    assert result.exit_code == 2 and "does not match its seal" in result.output
    assert not out.exists()


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_report_pdf_prints_on_either_paper(tmp_path, paper):
    c = three_battles(tmp_path)
    out = tmp_path / f"{paper}.pdf"
    assert run("campaign", "report", c, "-o", out, "--paper", paper).exit_code == 0
    info = subprocess.run(["pdfinfo", str(out)], capture_output=True, text=True, check=True).stdout
    assert ("595.276 x 841.89" if paper == "a4" else "612 x 792") in info


def test_a_battle_undone_starts_no_battle_of_its_own(tmp_path):
    c = three_battles(tmp_path)
    assert run("campaign", "battle", c, "--scenario", "Mistake", "--under-fire", "GF/Pathfinders").exit_code == 0
    assert run("campaign", "undo", c, "8").exit_code == 0
    told = campaign_story.story(c)
    assert len(told.battles) == 3  # the mistaken battle is no fourth
    assert [(e.id, by) for e, _, by in told.chapters[-1].events if by] == [(6, 7), (8, 9)]
    assert all(f.empty() for f in told.chapters[-1].forces)  # cancelled: the Pathfinders' action is not counted
