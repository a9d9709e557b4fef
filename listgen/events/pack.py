"""A tournament pack: the event's rulesets, points limit, house costs and restrictions, as data.

Restrictions are written in the vocabulary of ``inventory.KINDS``:

    restrictions:
      - id: one-platoon
        count: platoons
        max: 1
        message: One platoon per player.
      - id: elite-teams
        count: teams
        where: {motivation: elite}
        max: 2
        message: At most two elite teams.
      - id: no-flamethrowers
        ban: weapons
        where: {weapon: flamethrower}
        message: Flame-throwers are not allowed at this event.
"""

from __future__ import annotations

import datetime
import os
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

from listgen import rulesets
from listgen.core.exceptions import InputError
from listgen.core.findings import ERROR, Findings, did_you_mean
from listgen.core.findings import Path as ListPath
from listgen.core.house import PointsTable
from listgen.core.inventory import KINDS
from listgen.core.loader import load
from listgen.core.model import Count, Field, LongText, Model, Name, OneOf, parse_army
from listgen.events.rounds import Rounds

if TYPE_CHECKING:
    from listgen.core.findings import Finding
    from listgen.core.validate import ListReport

Kind = Annotated[str, OneOf(KINDS)]
Value = str | int | bool | list[str | int | bool]


class Restriction(Model):
    """One club rule: count a kind of thing (min/max) or ban it; 'where' narrows what is counted."""

    id: Name = Field(description="A short name for the rule, reported with each finding.")
    message: LongText = Field(description="What players are told when a list breaks it.")
    count: Kind | None = Field(None, description="Count these (figures count one per figure).")
    ban: Kind | None = Field(None, description="Forbid these: each one found is an error where it stands.")
    where: dict[Name, Value] = Field(
        default_factory=dict, description="Only things with these attributes, e.g. {motivation: elite}."
    )
    min: Count | None = Field(None, description="At least this many (with count).")
    max: Count | None = Field(None, description="At most this many (with count).")
    ruleset: Name | None = Field(None, description="Apply to lists of this ruleset only.")


class Pack(Model):
    """A tournament pack."""

    event: Name = Field(description="The event's name, printed on the report and booklet.")
    date: datetime.date | Name | None = Field(None, description="The event's date, printed on the report.")
    organiser: Name | None = Field(None, description="Who runs it, printed on the report.")
    rulesets: list[Name] = Field(min_length=1, description="Rulesets allowed.")
    points_limit: Count | None = Field(None, description="Every list must come within it.")
    points_table: PointsTable | None = Field(
        None, description="House costs for rulesets that print none; used instead of a list's own."
    )
    strict: bool = Field(False, description="Warnings count as failures.")
    lists: Name | None = Field(None, description="Folder of entries, relative to the pack file.")
    restrictions: list[Restriction] = Field(default_factory=list, description="The club's own rules, as data.")
    rounds: Rounds | None = Field(
        None, description="How the rounds are paired and scored (listgen tournament pair); absent: the defaults."
    )
    aliases: dict[Name, list[Name]] = Field(
        default_factory=dict,
        description="Other spellings of a player's name: {Name: [other spellings]}; the export gives them one id.",
    )
    export_army: Annotated[
        str,
        OneOf(
            "name",
            "faction",
            "ruleset",
            description="The export's army: the list's name, its faction (its name where it has none), or ruleset.",
        ),
    ] = "name"
    room_lists: Annotated[
        str,
        OneOf(
            "none",
            "after-lock",
            description="What the room's board (listgen tournament serve) shows of the lists: none, or each "
            "player's army once the event is locked.",
        ),
    ] = "none"


def load_pack(path: str) -> tuple[Pack | None, list[Finding]]:
    """Read and check a pack; returns (pack, findings). pack is None when it cannot be used."""
    try:
        doc = load(path)
    except InputError as exc:
        return None, [exc.finding]
    out = Findings(locate=doc.locate)
    if not isinstance(doc.data, dict):
        out.error("INPUT-NOT-A-PACK", "a tournament pack is a mapping of keys starting with 'event:'")
        return None, out.items
    pack = parse_army(Pack, doc.data, out)
    if pack is None:
        return None, out.items
    for i, slug in enumerate(pack.rulesets):
        if slug not in rulesets.slugs():
            out.error(
                "INPUT-UNKNOWN-RULESET",
                f"unknown ruleset '{slug}'{did_you_mean(slug, rulesets.slugs())}",
                ("rulesets", i),
            )
    for i, rule in enumerate(pack.restrictions):
        if (rule.count is None) == (rule.ban is None):
            out.error(
                "PACK-BAD-RESTRICTION",
                f"restriction '{rule.id}' needs exactly one of 'count' or 'ban'",
                ("restrictions", i),
            )
        elif rule.count is not None and rule.min is None and rule.max is None:
            out.error(
                "PACK-BAD-RESTRICTION",
                f"restriction '{rule.id}' counts {rule.count} but gives no min or max",
                ("restrictions", i),
            )
    _check_aliases(pack, out)
    if pack.lists is not None and not _within(Path(path).parent, pack.lists):
        out.error(
            "PACK-LISTS-OUTSIDE",
            f"'lists: {pack.lists}' leads out of the pack's folder; a pack names a "
            "folder beside it (name entries elsewhere on the command line: listgen tournament PACK DIR)",
            ("lists",),
        )
    if pack.rounds is not None and not _within(Path(path).parent, pack.rounds.results):
        out.error(
            "PACK-RESULTS-OUTSIDE",
            f"'results: {pack.rounds.results}' leads out of the pack's folder; the round files live beside the pack",
            ("rounds", "results"),
        )
    if pack.rounds is not None:
        _fixed_tables_once(pack.rounds, out)
    if any(f.severity == ERROR for f in out.items):
        return None, out.items
    return pack, out.items


def _fixed_tables_once(rounds: Rounds, out: Findings) -> None:
    """Two players given one fixed table could never both keep it: said at once, in the pack."""
    holder: dict[int, str] = {}
    for name, player in rounds.players.items():
        if player.table is None:
            continue
        if player.table in holder:
            out.error(
                "PACK-FIXED-TABLE",
                f"{name} and {holder[player.table]} both have fixed table {player.table}: give each his own",
                ("rounds", "players", name, "table"),
            )
        holder.setdefault(player.table, name)


def _within(folder: Path, name: str) -> bool:
    """name (from a pack) is a relative path that stays inside folder, links resolved."""
    if os.path.isabs(name) or ".." in Path(name).parts:
        return False
    base = os.path.realpath(folder)
    return os.path.commonpath([base, os.path.realpath(os.path.join(base, name))]) == base


def overrides(pack: Pack, ruleset_slug: str) -> dict[str, Any]:
    """Keys the pack imposes on a list before it is checked (house costs for unpriced rulesets)."""
    ruleset = rulesets.get(ruleset_slug)
    imposed: dict[str, Any] = {}
    if pack.points_limit is not None and ruleset_slug in pack.rulesets:  # the event's, whatever the list says
        imposed["points_limit"] = pack.points_limit
    if pack.points_table is not None and "points_table" in ruleset.army_model.fields():
        imposed["points_table"] = pack.points_table.to_dict()
    return imposed


def check_against_pack(pack: Pack, report: ListReport) -> list[Finding]:
    """The pack's own checks on one (readable) list: ruleset, points limit, restrictions."""
    locate = report.document.locate if report.document else None
    out = Findings(locate=locate)
    ref = f"pack: {pack.event}"
    if report.ruleset not in pack.rulesets:
        out.error(
            "PACK-RULESET",
            f"{pack.event} is played with {', '.join(pack.rulesets)}, not {report.ruleset}",
            ("ruleset",),
            ref,
        )
        return out.items
    if report.army is None:
        return out.items
    items = list(rulesets.get(report.ruleset).inventory(report.army))
    for rule in pack.restrictions:
        if rule.ruleset and rule.ruleset != report.ruleset:
            continue
        if rule.ban:
            for item in items:
                if item.kind == rule.ban and item.matches(rule.where):
                    out.error("PACK-RESTRICTION", f"{rule.message} [{rule.id}]", item.path, ref)
            continue
        found = [i for i in items if i.kind == rule.count and i.matches(rule.where)]
        total = sum(i.count for i in found)
        if rule.max is not None and total > rule.max:
            running = 0
            where: ListPath = ()
            for item in found:  # point at the item that takes the count past the maximum
                running += item.count
                if running > rule.max:
                    where = item.path
                    break
            out.error(
                "PACK-RESTRICTION", f"{rule.message} [{rule.id}: {total} {rule.count}, at most {rule.max}]", where, ref
            )
        if rule.min is not None and total < rule.min:
            out.error(
                "PACK-RESTRICTION", f"{rule.message} [{rule.id}: {total} {rule.count}, at least {rule.min}]", (), ref
            )
    return out.items


def entry_folder(pack: Pack, pack_path: str) -> Path | None:
    if pack.lists is None:
        return None
    return Path(pack_path).parent / pack.lists


def with_pack(pack: Pack, report: ListReport) -> ListReport:
    """A (readable) list's report with the pack's own checks added, in the list's order: as the event checks an
    entry. The report must have been checked with the pack's overrides imposed."""
    if not report.unreadable and report.ruleset is not None:
        extra = check_against_pack(pack, report)
        report.findings = sorted(report.findings + extra, key=lambda f: (f.line or 0, f.column or 0))
    return report


def _check_aliases(pack: Pack, out: Findings) -> None:
    """One spelling names one player: a spelling given under two names is an error at the second."""
    seen: dict[str, str] = {}
    for name, others in pack.aliases.items():
        for other in [name, *others]:
            if seen.get(other.casefold(), name) != name:
                out.error(
                    "PACK-BAD-ALIAS",
                    f"'{other}' is a spelling of both '{seen[other.casefold()]}' and '{name}': one spelling names one "
                    "player",
                    ("aliases", name),
                )
            seen.setdefault(other.casefold(), name)
