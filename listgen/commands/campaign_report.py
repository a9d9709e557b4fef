"""`listgen campaign report CAMPAIGN -o FILE.pdf`: the campaign report PDF, each force battle by battle
(events/campaign_story.py reads the campaign; render/campaign_pdf.py draws it)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from listgen.output.files import Target, check_output

from . import footer

if TYPE_CHECKING:
    from listgen.events.campaign_story import Story
    from listgen.render.campaign_pdf import CampaignReport

# what a force's part of a battle prints, in order, under its label
PARTS = (
    ("battle", "In the battle"),
    ("casualties", "Casualties"),
    ("replacements", "Replacements"),
    ("regroupings", "Regroupings"),
    ("promotions", "Promotions"),
    ("changed", "What changed in its list"),
)


def campaign_report_pdf(path: Path, out: Target, paper: str = "a4", text: str | None = None) -> int:
    """The campaign report of the campaign at path (or its text, already read) into out: its page count."""
    from listgen.events.campaign_story import story

    told = story(path, text)
    if text is None:
        check_output(out, [str(path)])
    return draw(told, out, paper)


def report_of(told: Story) -> CampaignReport:
    """The campaign report's contents (render/campaign_pdf.CampaignReport) from a campaign's story."""
    from listgen import rulesets
    from listgen.events.campaign import sealed
    from listgen.render.campaign_pdf import Battle, CampaignReport, ForceBattle, ForceReport

    campaign = told.campaign
    ruleset = rulesets.get(campaign.file.ruleset)
    battles = []
    for chapter in told.chapters:
        cancelled = [
            f"Event {event.id} ({event.kind}) cancelled by event {by}." for event, _, by in chapter.events if by
        ]
        battles.append(Battle(chapter.title(), (chapter.battle.note or "") if chapter.battle else "", cancelled))
    forces = []
    for name in campaign.forces:
        rows = []
        for chapter in told.chapters:
            mine = next(f for f in chapter.forces if f.force == name)
            parts = [(label, getattr(mine, key)) for key, label in PARTS if getattr(mine, key)]
            rows.append(ForceBattle(chapter.title(), parts))
        forces.append(ForceReport(name, rows, told.since_start[name], told.now[name]))
    last = campaign.events[-1].id if campaign.events else 0
    facts = [
        ruleset.title,
        f"{len(told.battles)} battle{'s' if len(told.battles) != 1 else ''}",
        f"forces: {', '.join(campaign.forces)}",
        f"as it stands after event {last} of {campaign.path.name}",
        sealed(campaign),
    ]
    title = f"{campaign.file.campaign}: the campaign report"
    return CampaignReport(title, facts, battles, forces, list(campaign.rules.notes))


def draw(told: Story, out: Target, paper: str = "a4") -> int:
    from listgen import rulesets
    from listgen.render import campaign_pdf

    return campaign_pdf.render(report_of(told), out, paper, footer(rulesets.get(told.campaign.file.ruleset)))
