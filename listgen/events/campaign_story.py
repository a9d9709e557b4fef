"""A campaign battle by battle: what each battle, and the events after it until the next battle (the casualties
at the aid post, the replacements, the promotions), did to each force, and what changed in each force's list.
The campaign page (``web/campaigns.py``) and the campaign report PDF (``commands/campaign_report.py``) show it.

A chapter is a battle and the events after it; events before the first battle are a chapter of their own. A
battle cancelled by an undo starts no chapter: it is shown, cancelled, in the chapter it stands in.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from listgen.core.diff import changes

from .campaign import Campaign, Event, _cancelled, read

# what each kind of event is, for a force, in its chapter
GROUPS = {"battle": "battle", "casualty": "casualties", "replace": "replacements", "regroup": "regroupings"}
GROUPS["promote"] = "promotions"


@dataclass
class ForceChapter:
    """One force in one chapter: each kind of event's lines (its force's name cut off), and its list's changes."""

    force: str
    battle: list[str] = field(default_factory=list)
    casualties: list[str] = field(default_factory=list)
    replacements: list[str] = field(default_factory=list)
    regroupings: list[str] = field(default_factory=list)
    promotions: list[str] = field(default_factory=list)
    changed: list[str] = field(default_factory=list)

    def empty(self) -> bool:
        return not any(getattr(self, group) for group in (*GROUPS.values(), "changed"))


@dataclass
class Chapter:
    number: int  # battle 1, 2...; 0: the events before the first battle
    battle: Event | None
    events: list[tuple[Event, list[str], int | None]]  # each event, what it said, the undo that cancels it
    forces: list[ForceChapter]

    def title(self) -> str:
        if self.battle is None:
            return "Before the first battle"
        return f"Battle {self.number}" + "".join(
            f" · {v}" for v in (self.battle.date, self.battle.scenario, self.battle.result) if v
        )


@dataclass
class Story:
    campaign: Campaign
    chapters: list[Chapter]
    since_start: dict[str, list[str]]  # force -> what changed in its list from the start to now
    now: dict[str, list[str]]  # force -> each unit's line of `campaign status`

    @property
    def battles(self) -> list[Chapter]:
        return [c for c in self.chapters if c.battle is not None]


def story(path: Path, text: str | None = None) -> Story:
    """The campaign at path (or its text, already read) battle by battle."""
    return story_of(read(path, text=text, story=True))


def story_of(campaign: Campaign) -> Story:
    """A campaign read with ``story=True``, battle by battle."""
    assert campaign.before is not None, "read the campaign with story=True"
    cancelled = _cancelled(campaign.events)
    start = {f.name: f.list for f in campaign.file.forces}
    chapters: list[Chapter] = []
    for event, said in campaign.history:
        if event.kind == "battle" and event.id not in cancelled:
            chapters.append(Chapter(len([c for c in chapters if c.battle]) + 1, event, [], []))
        elif not chapters:
            chapters.append(Chapter(0, None, [], []))
        chapters[-1].events.append((event, said, cancelled.get(event.id)))
    states = [start] + [campaign.before[c.battle.id] for c in chapters if c.battle is not None]
    if chapters and chapters[0].battle is not None:
        states = states[1:]  # the first chapter is a battle's: it starts where its battle found the forces
    states.append({name: force.data for name, force in campaign.forces.items()})
    for chapter, before, after in zip(chapters, states, states[1:]):
        chapter.forces = _forces(campaign, chapter, before, after)
    now = {name: _status(campaign, name) for name in campaign.forces}
    since = {name: changes(start[name], force.data) for name, force in campaign.forces.items()}
    return Story(campaign, chapters, since, now)


def _forces(campaign: Campaign, chapter: Chapter, before: dict[str, Any], after: dict[str, Any]) -> list[ForceChapter]:
    out = {name: ForceChapter(name, changed=changes(before[name], after[name])) for name in campaign.forces}
    for event, said, cancelled_by in chapter.events:
        group = GROUPS.get(event.kind)
        if cancelled_by is not None or group is None:
            continue
        for i, line in enumerate(said):
            force, rest = _force_of(line, list(campaign.forces), event.force)
            if force is not None:
                if event.kind == "promote" and event.why and i == 0:
                    rest += f" (why: {event.why})"
                getattr(out[force], group).append(rest)
    return list(out.values())


def _force_of(line: str, forces: list[str], named: str | None) -> tuple[str | None, str]:
    """The force a line of an event names first ('GF / 1 Platoon: ...', 'GF: ...') and the rest of the line."""
    for force in sorted(forces, key=len, reverse=True):  # 'A B' before 'A' where both are forces
        for cut in (f"{force} / ", f"{force}: "):
            if line.startswith(cut) and (named is None or named == force):
                return force, line[len(cut) :]
    return None, line


def _status(campaign: Campaign, name: str) -> list[str]:
    force = campaign.forces[name]
    present = campaign.rules.units(force.data)
    return [
        campaign.rules.status(force.data, present[unit], record) if unit in present else f"{unit}: gone"
        for unit, record in force.units.items()
    ]
