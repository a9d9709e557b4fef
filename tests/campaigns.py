"""A Bounce into Action campaign of three battles, made by the commands as a player makes it: the campaign page's
tests (tests/web/test_campaign_page.py, test_campaign_browser.py) read it."""

from __future__ import annotations

from pathlib import Path

from conftest import listgen_invoke as run

ARMIES = Path(__file__).resolve().parents[1] / "armies"
MILITIA, GF = ARMIES / "bounce-militia-defence.yaml", ARMIES / "bounce-gf-hma-company.yaml"


def three_battles(folder: Path, note: str) -> Path:
    """hollins.yaml in folder: three battles (the first with the note), a casualty and a promotion."""
    c = folder / "hollins.yaml"
    steps = [
        ("new", "bounce-into-action", "--name", "Hollins Ford", "--seed", "7", "--force", f"Militia={MILITIA}")
        + ("--force", f"GF={GF}", "-o", c),
        ("battle", c, "--date", "2026-12-01", "--scenario", "The ford", "--result", "GF win")
        + ("--under-fire", "Militia/Settlers", "--wounded", "GF/Pathfinders", "--note", note),
        ("casualty", c, "GF", "1 Platoon fire teams", "--die", "7"),
        ("battle", c, "--date", "2026-12-08", "--scenario", "The mill", "--under-fire", "Militia/Settlers*3"),
        ("promote", c, "Militia", "Settlers", "--to", "trained", "--why", "held the mill"),
        ("battle", c, "--date", "2026-12-15", "--scenario", "Night raid", "--note", "Jo's kitchen table"),
    ]
    for step in steps:
        result = run("campaign", *step)
        assert result.exit_code == 0, result.output
    return c
