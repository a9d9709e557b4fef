"""The campaign report: the battles with their notes, then each force battle by battle (what it did in the
battle, its casualties, replacements, regroupings and promotions, and what changed in its list) and each force as
it stands. Handed plain text (``commands/campaign_report.py`` reads the campaign); every text is escaped."""

from __future__ import annotations

from dataclasses import dataclass, field

from reportlab.lib.units import mm
from reportlab.platypus import BaseDocTemplate, CondPageBreak, Frame, KeepTogether, PageTemplate, Spacer

from . import pdf

MARGIN = 14 * mm
BODY = 8.5


@dataclass
class Battle:
    """A battle's heading and its note (or the events before the first battle, with no note)."""

    title: str
    note: str = ""
    cancelled: list[str] = field(default_factory=list)  # events of it cancelled by an undo, said


@dataclass
class ForceBattle:
    """One force in one battle: (label, lines) for each kind of change it had, in the order printed."""

    battle: str
    parts: list[tuple[str, list[str]]]


@dataclass
class ForceReport:
    name: str
    battles: list[ForceBattle]
    since_start: list[str]
    now: list[str]


@dataclass
class CampaignReport:
    title: str
    facts: list[str]
    battles: list[Battle]
    forces: list[ForceReport]
    notes: list[str] = field(default_factory=list)  # how listgen reads the text where it is open


def _styles() -> dict:
    return {
        "title": pdf.style(16, bold=True, color=pdf.HEAD, leading=19),
        "facts": pdf.style(8.5, color=pdf.MUTED, leading=11, space_after=6),
        "h2": pdf.style(12.5, bold=True, color=pdf.HEAD, leading=16, role="heading"),
        "h3": pdf.style(9.5, bold=True, leading=12, role="heading"),
        "body": pdf.style(BODY, leading=BODY * 1.3),
        "note": pdf.style(BODY, italic=True, leading=BODY * 1.3, indent=8),
        "line": pdf.style(BODY, leading=BODY * 1.3, indent=8),
        "label": pdf.style(BODY, bold=True, leading=BODY * 1.3, indent=8),
        "muted": pdf.style(BODY - 0.5, color=pdf.MUTED, leading=(BODY - 0.5) * 1.3, indent=8),
    }


def _battles(report: CampaignReport, st: dict) -> list:
    out: list = [pdf.para("The battles", st["h2"]), Spacer(1, 2)]
    if not report.battles:
        out.append(pdf.para("No battle recorded yet.", st["muted"]))
    for battle in report.battles:
        block = [pdf.para(battle.title, st["h3"])]
        block += [pdf.para(line, st["note"]) for line in battle.note.splitlines() if line.strip()]
        block += [pdf.para(line, st["muted"]) for line in battle.cancelled]
        out.append(KeepTogether(block + [Spacer(1, 4)]))
    return out


def _force(force: ForceReport, st: dict) -> list:
    out: list = [CondPageBreak(40 * mm), pdf.Section(force.name), pdf.para(force.name, st["h2"]), Spacer(1, 2)]
    for battle in force.battles:
        block = [pdf.para(battle.battle, st["h3"])]
        if not battle.parts:
            block.append(pdf.para("Nothing changed.", st["muted"]))
        for label, lines in battle.parts:
            block.append(pdf.para(label, st["label"]))
            block += [pdf.para(line, st["line"]) for line in lines]
        out.append(KeepTogether(block + [Spacer(1, 4)]))
    out.append(pdf.para("Since the start", st["h3"]))
    out += [pdf.para(line, st["line"]) for line in force.since_start] or [pdf.para("Nothing changed.", st["muted"])]
    out += [Spacer(1, 4), pdf.para("As it stands", st["h3"])]
    out += [pdf.para(line, st["line"]) for line in force.now]
    return out + [Spacer(1, 8)]


def story(report: CampaignReport) -> list:
    st = _styles()
    out: list = [
        pdf.Section(report.title),
        pdf.para(report.title, st["title"]),
        pdf.para(" · ".join(report.facts), st["facts"]),
    ]
    out += _battles(report, st)
    for force in report.forces:
        out += _force(force, st)
    if report.notes:
        out += [pdf.para("How listgen reads the text where it is open", st["h3"])]
        out += [pdf.para(f"- {note}", st["muted"]) for note in report.notes]
    return out


def render(report: CampaignReport, path, paper: str = "a4", footer: str = "") -> int:
    """Write the campaign report; returns its page count."""
    page_w, page_h = pdf.page_size(paper)
    frame = Frame(
        MARGIN,
        MARGIN,
        page_w - 2 * MARGIN,
        page_h - 2 * MARGIN,
        leftPadding=0,
        rightPadding=0,
        topPadding=0,
        bottomPadding=0,
    )

    def make_doc(buffer):
        doc = BaseDocTemplate(
            buffer,
            pagesize=pdf.page_size(paper),
            invariant=1,
            title=report.title,
            author="listgen",
            creator="listgen",
        )
        doc.addPageTemplates([PageTemplate(id="report", frames=[frame])])
        return doc

    return pdf.build(path, make_doc, story(report), footer)
