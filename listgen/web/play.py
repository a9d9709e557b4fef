"""The play view: a list as a force in play, for a phone at the table. Each unit a card with its roster's tick boxes
(the ruleset's own roster: ``core.roster``'s boxes, tracks and counters, as the roster PDF prints them), marked in the
browser and kept there (``static/play.js``: localStorage, by the list's hash and a game's id), so nothing here
changes the list. Given the opponent's list (a share code, its QR code scanned, or a file), each card shows the
matchup's numbers against each of theirs (``core.matchup.per_unit``). A game of a campaign in the folder ends by
adding its battle and casualties to the campaign (``events.campaign.add``, as `listgen campaign` does), shown first.
"""

from __future__ import annotations

import datetime
import json
import re
from dataclasses import dataclass, field
from typing import Any

from flask import Blueprint, Response, abort, request

from listgen.core import share
from listgen.core.exceptions import ListgenError
from listgen.core.loader import MAX_BYTES
from listgen.core.roster import MAX_TICKS, Unit

from .workspace import disk_bytes, message, page, site

blueprint = Blueprint("play", __name__)


@dataclass(frozen=True)
class Box:
    """One tick box or count of a card: its id in the game's state, its label, and a count's most (None: open)."""

    id: str
    label: str
    count: bool = False
    most: int | None = None


@dataclass(frozen=True)
class Line:
    """A line of a card: its name (a figure row, a copy, a counter) and its boxes."""

    name: str
    boxes: list[Box]


def _track_boxes(u: int, t: int, track, head: str) -> list[Box]:
    """A copy's boxes; each count written in is a count, its most what the line ends with: '__ / 30' (a Recruits
    stand's hits), 'Supp __  Lost __ of 40' (forty copies sharing one line, ``roster.bounded``)."""
    boxes = [Box(f"u{u}.t{t}.{b}", b) for b in track.boxes]
    gaps = track.write_in.split("__")
    end = re.search(r"(?:/|of)\s*([\d,]+)\s*$", track.write_in)
    most = int(end.group(1).replace(",", "")) if end else None
    for n in range(len(gaps) - 1):
        before = gaps[n].strip().rsplit("  ", 1)[-1].strip()
        boxes.append(Box(f"u{u}.t{t}.w{n}", before or head, True, most))
    return boxes


def _counter_line(u: int, c: int, label: str, n: int | None) -> Line:
    if n is None or n > MAX_TICKS:  # a count the scenario gives, or more than one would tick: counted
        return Line(label, [Box(f"u{u}.c{c}", "used", True, n)])
    return Line(label, [Box(f"u{u}.c{c}.{k}", str(k + 1)) for k in range(n)])


def lines_of(u: int, unit: Unit) -> list[Line]:
    """Every box of a unit's roster entry as the card's lines: figure rows, copies, counters."""
    lines = []
    for r, row in enumerate(unit.rows):
        if r in unit.unboxed or not unit.boxes:
            continue
        n = unit.counts[r] if unit.counts else 1
        boxes = [
            Box(f"u{u}.r{r}.{b}.{k}", label)
            for b, label in enumerate(unit.boxes)
            if (r, b) not in unit.unboxed
            for k in range(n)
        ]
        lines.append(Line(" ".join(c for c in row[:2] if c) or f"figure {r + 1}", boxes))
    for t, track in enumerate(unit.tracks):
        # a lone copy's line as the roster prints it: 'Hits 1 2 3 4' for numbered hits, else its boxes alone
        head = unit.track_head if track.write_in or all(b.isdigit() for b in track.boxes) else ""
        lines.append(Line(track.name if len(unit.tracks) > 1 else head, _track_boxes(u, t, track, unit.track_head)))
    singles = [Box(f"u{u}.c{c}.0", label) for c, (label, n) in enumerate(unit.counters) if n == 1]
    if singles:  # single boxes (Shaken, Routed) share one line, as on the roster
        lines.append(Line("", singles))
    lines += [_counter_line(u, c, label, n) for c, (label, n) in enumerate(unit.counters) if n != 1]
    return lines


def unit_name(unit: Unit) -> str:
    """A roster unit's name as the list gives it ('Stand: Ford squads' is Ford squads)."""
    return unit.title.partition(": ")[2] or unit.title


def _report(name: str):
    served = site()
    path = served.list_path(name)
    data = disk_bytes(path)
    if data is None:
        abort(404, f"cannot read '{name}'")
    if len(data) > MAX_BYTES:
        abort(413)
    return served.check_file(path)


@blueprint.get("/play/<path:name>")
def play(name: str):
    from listgen.render.printed import printed_roster

    report = _report(name)
    if report.unreadable or report.document is None or report.ruleset is None:
        return message(f"'{name}' does not read as a list: open it in the editor to see why", 422)
    roster = printed_roster(report)
    cards = [(u, unit, lines_of(u, unit)) for u, unit in enumerate(roster.units)]
    found = campaign_of(report)
    return page(
        "play",
        name=name,
        roster=roster,
        cards=cards,
        list_hash=share.list_hash(report.document.data),
        matchup=not report.rules.matchup_refusal(),
        refusal=report.rules.matchup_refusal(),
        campaign=found,
    )


def _their_text() -> str:
    """The opponent's list: a share code typed or scanned, or a file sent."""
    sent = request.files.get("file")
    if sent is not None and sent.filename:
        data = sent.stream.read(MAX_BYTES + 1)
        if len(data) > MAX_BYTES:
            raise share.ShareCodeError(f"that file is over {MAX_BYTES // 1024} KiB: no list is so long")
        try:
            return data.decode("utf-8").replace("\r\n", "\n")
        except UnicodeDecodeError:
            raise share.ShareCodeError("that file is not UTF-8 text") from None
    code = request.form.get("code", "").strip()
    if not code:
        raise share.ShareCodeError("give the opponent's share code, scan its QR code, or choose its file")
    if len(code) > share.MAX_INPUT:
        raise share.ShareCodeError(f"that is more than {share.MAX_INPUT:,} characters: no share code is so long")
    return share.list_text(code)


@blueprint.post("/play-opponent/<path:name>")
def opponent(name: str):
    """The matchup's numbers of each of my units against each of the opponent's, both ways (a fragment the view
    places on each card). The code is what the view keeps in the game's state, to ask again after a reload."""
    from listgen.core.matchup import per_unit

    mine = _report(name)
    try:
        text = _their_text()
    except share.ShareCodeError as exc:
        return Response(page("play_opponent", error=f"the opponent's list cannot be read: {exc}"), status=422)
    theirs = site().check_text(text, "<opponent>")
    problem = _unfit(mine, theirs)
    if problem:
        return Response(page("play_opponent", error=problem), status=422)
    assert theirs.document is not None
    code = share.encode(theirs.document.data, theirs.rules.code)
    bands, units = per_unit(mine.rules._module("odds").MATCHUP, mine.army, theirs.army)
    from listgen.render.printed import printed_roster

    index = {unit_name(u): i for i, u in reversed(list(enumerate(printed_roster(mine).units)))}
    placed = [(index[m.unit], m) for m in units if m.unit in index]
    return page(
        "play_opponent",
        error="",
        code=code,
        theirs=theirs,
        bands=[b.partition(",")[0] for b in bands],
        placed=placed,
        cell=cell,
        reaching=reaching,
        counting=mine.rules._module("odds").MATCHUP.counting,
    )


def _unfit(mine, theirs) -> str:
    if theirs.unreadable or theirs.document is None or theirs.ruleset is None:
        said = "; ".join(f.message for f in theirs.findings[:2])
        return f"the opponent's list does not read: {said}"
    if theirs.ruleset != mine.ruleset:
        return f"the opponent's list is a {theirs.ruleset} list; yours is {mine.ruleset}: a matchup needs one ruleset"
    if mine.rules.matchup_refusal():
        return mine.rules.matchup_refusal()
    return ""


def cell(counts) -> tuple[str, str] | None:
    """('45%', '0.6'): the chance of at least one and the number expected, as the opponent's summary prints them;
    None where it cannot fire."""
    from listgen.core.odds import at_least, mean, percent

    if counts is None:
        return None
    return percent(at_least(counts, 1)), f"{float(mean(counts)):.1f}"


def reaching(weapons: list) -> list[int]:
    """The bands at which any of the weapons can fire: a band none reaches is left off a phone's narrow table."""
    return [
        i for i in range(len(weapons[0][1]) if weapons else 0) if any(cells[i] is not None for _w, cells in weapons)
    ]


# --- the campaign ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class InCampaign:
    """The campaign a list is a force of: its file's name in the folder, its name, and the force's."""

    file: str
    campaign: str
    force: str
    units: list[str]
    # each unit's figures lines, as the campaign now has them, when this list is the force as it stands now (so
    # that a figure marked on the card is a figure of a known line); empty otherwise
    lines: dict[str, list[int]] = field(default_factory=dict)


def campaign_of(report) -> InCampaign | None:
    """The campaign in the folder whose force this list is: its starting list, or the force as it stands now (the
    list `listgen campaign apply` wrote), by the list's hash. A campaign that does not read is passed over."""
    from listgen.events import campaign as campaigns

    if report.document is None:
        return None
    mine = share.list_hash(report.document.data)
    for file, path in sorted(site().campaigns().items()):  # as the campaign pages find them
        try:
            found = campaigns.read(path)
        except ListgenError:
            continue
        if found.file.ruleset != report.ruleset:
            continue
        started = {f.name: f.hash for f in found.file.forces}
        for force in found.forces.values():
            now = share.list_hash(force.data)
            if mine in (started.get(force.name), now):
                units = found.rules.units(force.data)
                lines = {
                    n: [line.get("count", 1) for line in e["figures"]]
                    for n, e in units.items()
                    if mine == now and isinstance(e.get("figures"), list)
                }
                return InCampaign(file, found.file.campaign, force.name, list(units), lines)
    return None


def _marks() -> dict:
    try:
        state = json.loads(request.form.get("state", "{}"))
    except ValueError:
        abort(400, "the game's state sent is not JSON")
    return state if isinstance(state, dict) else {}


# Boxes of a figure row that mark it lost to the force: S.M.L.E.'s casualties are "dead or seriously wounded
# figures" (its roster's SW and K boxes), ...In the Noonday Sun's its C box (dead or seriously wounded).
FIGURE_LOST = {"SW", "K", "C"}


def casualties_marked(cards: list, state: dict, per_figure: bool) -> dict[str, int]:
    """Casualties per unit name from the game's state. A campaign that rolls a die per casualty (Bounce into Action:
    "casualties are individual hits", Morale, note 4) takes each hit marked on the unit (a numbered box ticked,
    or a count); one that counts figures (S.M.L.E., Noonday) takes each figure row with a box of FIGURE_LOST."""
    marks, counts = state.get("marks") or {}, state.get("counts") or {}
    out: dict[str, int] = {}
    for _u, unit, lines in cards:
        n = 0
        for line in lines:
            ticked = [b for b in line.boxes if not b.count and marks.get(b.id)]
            if per_figure:
                n += int(line.boxes[0].id.split(".")[1].startswith("r") and any(b.label in FIGURE_LOST for b in ticked))
            else:
                n += sum(1 for b in ticked if b.label.isdigit())
                n += sum(_count(counts.get(b.id)) for b in line.boxes if b.count and b.label != "used")
        if n:
            out[unit_name(unit)] = out.get(unit_name(unit), 0) + n
    return out


def lines_lost(cards: list, state: dict, found: InCampaign) -> dict[str, dict[int, int]]:
    """S.M.L.E. and Noonday: per unit, the figures marked lost (FIGURE_LOST) by the campaign's figures line: the
    roster draws a row per figure, line by line (a line of 3 rifles is three rows), so row r is in the line whose
    figures it falls among. A unit whose rows are not one per figure (a Noonday base), or a list that is not the
    force as it stands now, gives none: its casualties go by count alone, as the command's without --line."""
    marks = state.get("marks") or {}
    out: dict[str, dict[int, int]] = {}
    for _u, unit, lines in cards:
        counts = found.lines.get(unit_name(unit))
        if not counts or len(unit.rows) < sum(counts):
            continue
        starts = [sum(counts[:i]) for i in range(len(counts))]
        for line in lines:
            row = line.boxes[0].id.split(".")[1] if line.boxes else ""
            if not row.startswith("r") or not any(marks.get(b.id) for b in line.boxes if b.label in FIGURE_LOST):
                continue
            r = int(row[1:])
            if r < sum(counts):
                at = max(i for i, start in enumerate(starts) if start <= r)
                out.setdefault(unit_name(unit), {}).setdefault(at, 0)
                out[unit_name(unit)][at] += 1
    return out


def _count(value) -> int:
    return value if isinstance(value, int) and 0 <= value <= 10_000 else 0


def _marked(cards: list, state: dict) -> set[str]:
    """Units with anything marked in the game: each was under fire (offered ticked; the player says)."""
    marks, counts = state.get("marks") or {}, state.get("counts") or {}
    return {
        unit_name(unit)
        for _u, unit, lines in cards
        if any(marks.get(b.id) or _count(counts.get(b.id)) for line in lines for b in line.boxes)
    }


def _game(name: str):
    from listgen.render.printed import printed_roster

    report = _report(name)
    if report.unreadable or report.document is None:
        abort(422, f"'{name}' does not read as a list")
    found = campaign_of(report)
    if found is None:
        abort(404, f"'{name}' is no force of a campaign in this folder")
    roster = printed_roster(report)
    return report, found, [(u, unit, lines_of(u, unit)) for u, unit in enumerate(roster.units)]


@blueprint.post("/play-end/<path:name>")
def end(name: str):
    """What ending the game into its campaign would add, for the player to confirm or change first."""
    from listgen.events.campaign import rules_of

    report, found, cards = _game(name)
    state = _marks()
    per_figure = rules_of(report.ruleset).casualty_die is None
    lost = casualties_marked(cards, state, per_figure)
    under_fire = _marked(cards, state)
    by_line = lines_lost(cards, state, found) if per_figure else {}
    for unit, at in by_line.items():
        lost[unit] = sum(at.values())
    return page(
        "play_end",
        name=name,
        found=found,
        rows=[(u, u in under_fire, lost.get(u, 0), _said(by_line.get(u, {}))) for u in found.units],
        per_figure=per_figure,
        today=datetime.date.today().isoformat(),
        game=str(state.get("game", ""))[:40],
    )


def _said(at: dict[int, int]) -> str:
    """'1:2 0:1': figures lost per line, the last line first (a line emptied shifts those after it)."""
    return " ".join(f"{line}:{n}" for line, n in sorted(at.items(), reverse=True))


def _casualties(force: str, unit: str, many: int, per_figure: bool, lines: str) -> list[dict[str, Any]]:
    """The casualty events of one unit: Bounce, one a casualty (each its own die); S.M.L.E. and Noonday, the figures
    of each line marked, the last line first, when the count is the marks' (else by count, as without --line)."""
    if not per_figure:
        return [{"kind": "casualty", "force": force, "unit": unit}] * many
    parts = [tuple(int(x) for x in part.split(":")) for part in lines.split() if re.fullmatch(r"\d{1,2}:\d{1,3}", part)]
    if parts and sum(n for _line, n in parts) == many:
        return [{"kind": "casualty", "force": force, "unit": unit, "figures": n, "line": line} for line, n in parts]
    return [{"kind": "casualty", "force": force, "unit": unit, "figures": many}]


@blueprint.post("/play-record/<path:name>")
def record(name: str):
    """The battle, then each casualty, added to the campaign by ``events.campaign.add`` (the commands' own: the
    same checks, lock and messages); an event refused stops there, and the page says what was written."""
    from listgen.events import campaign as campaigns

    from .manage import backup_due

    report, found, _cards = _game(name)
    path = site().campaigns()[found.file]
    form = request.form
    force = found.force
    known = set(found.units)
    under_fire = [u for u in form.getlist("under_fire") if u in known]
    wounded = [u for u in form.getlist("wounded") if u in known]
    battle = {
        "kind": "battle",
        "date": form.get("date", "").strip() or None,
        "scenario": form.get("scenario", "").strip() or None,
        "result": form.get("result", "").strip() or None,
        "under_fire": {force: under_fire} if under_fire else None,
        "wounded": {force: wounded} if wounded else None,
    }
    events: list[dict[str, Any]] = [{k: v for k, v in battle.items() if v not in (None, [], {})}]
    per_figure = campaigns.rules_of(report.ruleset).casualty_die is None
    lines = form.getlist("casualty_lines")
    for i, (unit, n) in enumerate(zip(form.getlist("casualty_unit"), form.getlist("casualties"), strict=False)):
        many = min(int(n), 100) if n.isdigit() and unit in known else 0
        if many:
            events += _casualties(force, unit, many, per_figure, lines[i] if i < len(lines) else "")
    said: list[str] = []
    assert report.document is not None
    # the view marks the game recorded in the browser, so that it is not ended into the campaign twice
    shown = {
        "name": name,
        "found": found,
        "list_hash": share.list_hash(report.document.data),
        "game": form.get("game", "")[:40],
    }
    for i, event in enumerate(events):
        try:
            said += campaigns.add(path, event)
        except (ListgenError, OSError) as exc:  # OSError: a file system that cannot lock or write it (said)
            left = len(events) - i
            return page("play_recorded", **shown, said=said, error=str(exc), left=left, backup_due=backup_due(site()))
    # on the site the campaign lives in this browser only: the page says when it wants backing up, as the campaign's
    return page("play_recorded", **shown, said=said, error="", left=0, backup_due=backup_due(site()))
