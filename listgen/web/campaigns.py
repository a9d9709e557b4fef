"""A campaign file of the folder opened as the campaign (docs/campaigns.md): each force's roster as it stands, what
changed since the start and battle by battle, the battle log with its notes; a battle, a casualty, a replacement
or a promotion recorded from the page, and the last event undone. The page adds events as the command line does
(``events.campaign.add``): the same checks and messages, under the campaign's one-writer lock, so the page and
``listgen campaign`` writing the same file at once lose neither's event.

A campaign is no list: the folder's page lists it apart, under Campaigns, and only a file the folder holds that is
a campaign (``events.event_files``' shape), itself, not kept off as an event's for another reason, is opened.
"""

from __future__ import annotations

import re
import secrets
import urllib.parse
from pathlib import Path
from typing import Any

from flask import Blueprint, Response, abort, request

from listgen.core.exceptions import EditError
from listgen.events.campaign import MAX_FORCES, NOTE_MOST, CampaignFileError

from .workspace import Site, disk_bytes, message, new_file_name, page, root, site

blueprint = Blueprint("campaigns", __name__, url_prefix="/campaign")
MOST_ACTIONS = 30  # a unit's actions in one battle, as `campaign battle`'s FORCE/UNIT*N takes them


def campaign_path(served: Site, name: str) -> Path:
    path = served.campaigns().get(name)
    if path is None or not path.resolve().is_relative_to(served.folder.resolve()):
        abort(404, f"no campaign '{name}' in this folder")
    return path


def entries(served: Site) -> list[dict[str, Any]]:
    """The folder's campaigns for its page: name, and the campaign's own name, ruleset and events (or why it
    does not read)."""
    from listgen.events.campaign import read

    out = []
    for name, path in sorted(served.campaigns().items()):
        try:
            campaign = read(path)
            out.append(
                {
                    "name": name,
                    "title": campaign.file.campaign,
                    "ruleset": campaign.file.ruleset,
                    "events": len(campaign.events),
                    "forces": list(campaign.forces),
                    "problem": "",
                }
            )
        except CampaignFileError as exc:
            out.append({"name": name, "title": "", "ruleset": "", "events": 0, "forces": [], "problem": _said(exc)})
    return out


def campaign_rulesets() -> list[str]:
    """The rulesets whose texts give campaign rules (a campaign of another is refused, saying so)."""
    from listgen import rulesets

    return [slug for slug in rulesets.slugs() if rulesets.get(slug).campaign() is not None]


def _said(exc: Exception) -> str:
    """A campaign's message with the folder served cut from its paths (the page names files as its folder does)."""
    return str(exc).replace(str(site().folder) + "/", "")


def _campaign_page(name: str, status: int = 200, problem: str = "", form: dict | None = None) -> Response:
    from listgen.commands.campaign_report import PARTS
    from listgen.commands.printouts import of_scope
    from listgen.events.campaign import sealed
    from listgen.events.campaign_story import story

    from .manage import backup_due

    path = campaign_path(site(), name)
    try:
        told = story(path)
    except CampaignFileError as exc:
        return Response(page("campaign", name=name, told=None, problem=_said(exc)), status=422)
    campaign = told.campaign
    last = campaign.events[-1] if campaign.events else None
    done = request.args.get("done", "")
    recorded = next(((e, said) for e, said in campaign.history if str(e.id) == done), None)
    html = page(
        "campaign",
        name=name,
        told=told,
        problem=problem,
        recorded=recorded,
        last=last,
        rules=campaign.rules,
        units={f: list(campaign.rules.units(force.data)) for f, force in campaign.forces.items()},
        records={f: force.units for f, force in campaign.forces.items()},
        form=form or {},
        note_most=NOTE_MOST,
        most_regrouped=MOST_REGROUPED,
        most_actions=MOST_ACTIONS,
        printouts=of_scope("campaign"),
        seals=sealed(campaign),
        backup_due=backup_due(site()),
        parts=PARTS,
    )
    return Response(html, status=status)


@blueprint.get("/<path:name>")
def show(name: str):
    return _campaign_page(name)


def _add(name: str, event: dict[str, Any]) -> Response:
    """Add an event as the command line does; back to the campaign's page, saying what it recorded or why not."""
    from listgen.events.campaign import add

    path = campaign_path(site(), name)
    try:
        said = add(path, {k: v for k, v in event.items() if v not in (None, "", [], {})})
    except CampaignFileError as exc:
        return _campaign_page(name, 422, _said(exc), dict(request.form))
    number = re.match(r"event (\d+):", said[0])
    where = f"{root()}/campaign/{urllib.parse.quote(name)}?done={number.group(1) if number else ''}#recorded"
    return Response(status=303, headers={"Location": where})


def _number(key: str, low: int, high: int) -> int | None:
    """A number field of the form: empty is None; anything else outside low..high is refused as the CLI would."""
    raw = request.form.get(key, "").strip()
    if not raw:
        return None
    if not re.fullmatch(r"\d{1,4}", raw) or not low <= int(raw) <= high:
        raise ValueError(f"{key.replace('_', ' ')}: a whole number from {low} to {high}, not '{raw[:20]}'")
    return int(raw)


def _text(key: str, most: int = 120) -> str | None:
    value = request.form.get(key, "").replace("\r\n", "\n").strip()
    if len(value) > most:
        raise ValueError(f"{key}: {most:,} characters at most ({len(value):,} given)")
    return value or None


def _battle_units() -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """The form's units under fire and wounded, force -> unit names (a unit N times for N actions)."""
    under_fire: dict[str, list[str]] = {}
    wounded: dict[str, list[str]] = {}
    forces, units = request.form.getlist("force"), request.form.getlist("unit")
    fired, hurt = request.form.getlist("fire"), request.form.getlist("wounded")
    if not len(forces) == len(units) == len(fired) == len(hurt) or len(forces) > 10_000:
        raise ValueError("the form's units do not match: reload the page and try again")
    for force, unit, times, wounds in zip(forces, units, fired, hurt):
        for count, into in ((times.strip(), under_fire), (wounds.strip(), wounded)):
            if count in ("", "0"):
                continue
            if not re.fullmatch(r"\d{1,2}", count) or int(count) > MOST_ACTIONS:
                raise ValueError(f"{force}/{unit}: from 0 to {MOST_ACTIONS} actions in one battle, not '{count[:20]}'")
            into.setdefault(force, []).extend([unit] * int(count))
    return under_fire, wounded


@blueprint.post("/battle")
def battle():
    name = request.form.get("name", "")
    try:
        under_fire, wounded = _battle_units()
        event = {
            "kind": "battle",
            "date": _text("date", 40),
            "scenario": _text("scenario"),
            "result": _text("result"),
            "note": _text("note", NOTE_MOST),
            "under_fire": under_fire,
            "wounded": wounded,
        }
    except ValueError as exc:
        campaign_path(site(), name)
        return _campaign_page(name, 422, f"the battle was not recorded: {exc}", dict(request.form))
    return _add(name, event)


@blueprint.post("/event")
def event():
    """A casualty, a replacement or a promotion of one unit, as `listgen campaign casualty|replace|promote`."""
    name, kind = request.form.get("name", ""), request.form.get("kind", "")
    if kind not in ("casualty", "replace", "promote"):
        abort(400, "a unit's event is a casualty, a replacement or a promotion")
    try:
        event = {
            "kind": kind,
            "force": _text("force"),
            "unit": _text("unit"),
            "die": _number("die", 0, 9) if kind == "casualty" else None,
            "figures": _number("figures", 1, 100),
            "quality": _text("quality"),
            "line": _number("line", 0, 99),
            "to": _text("to") if kind == "promote" else None,
            "why": _text("why", 2000) if kind == "promote" else None,
        }
    except ValueError as exc:
        campaign_path(site(), name)
        return _campaign_page(name, 422, f"nothing was recorded: {exc}", dict(request.form))
    return _add(name, event)


MOST_REGROUPED = 6  # stands the page's regroup form names (the command line takes any number)


@blueprint.post("/regroup")
def regroup():
    """Bounce into Action: ineffective stands grouped into one effective stand, as `listgen campaign regroup`."""
    name = request.form.get("name", "")
    stands, hits = request.form.getlist("stand"), request.form.getlist("hits_left")
    try:
        if len(stands) != len(hits) or len(stands) > MOST_REGROUPED:
            raise ValueError("the form's stands do not match: reload the page and try again")
        named = [(stand.strip(), left.strip()) for stand, left in zip(stands, hits) if stand.strip()]
        for stand, left in named:
            if not re.fullmatch(r"\d{1,3}", left) or int(left) > 200:
                raise ValueError(f"'{stand}': its hits remaining, a whole number from 0 to 200, not '{left[:20]}'")
    except ValueError as exc:
        campaign_path(site(), name)
        return _campaign_page(name, 422, f"nothing was regrouped: {exc}", dict(request.form))
    event = {"kind": "regroup", "force": request.form.get("force", "")}
    return _add(name, {**event, "stands": [s for s, _ in named], "hits_left": [int(n) for _, n in named]})


@blueprint.post("/undo")
def undo():
    """Cancel the campaign's last event, as `listgen campaign undo`: only the one the page showed as last (an
    event the command line added meanwhile is not undone unseen)."""
    from listgen.events.campaign import read

    name = request.form.get("name", "")
    path = campaign_path(site(), name)
    try:
        events = read(path).events
    except CampaignFileError as exc:
        return _campaign_page(name, 422, _said(exc))
    shown = request.form.get("last", "")
    if not events or str(events[-1].id) != shown:
        now = f"event {events[-1].id} ({events[-1].kind})" if events else "no event"
        return _campaign_page(
            name, 409, f"nothing was undone: the last event is now {now}, not the one this page showed; look again"
        )
    return _add(name, {"kind": "undo", "cancels": events[-1].id})


@blueprint.get("/force/<int:number>/<path:name>")
def force_list(number: int, name: str):
    """A force as it stands, opened in the editor as a new list (what `listgen campaign apply` writes): its roster,
    cards and every printout from the editor's buttons; saved, it is a list of the folder, not the campaign."""
    from listgen import rulesets
    from listgen.events.campaign import force_text, read

    from .workspace import opponents, prepare_after, workspace

    path = campaign_path(site(), name)
    try:
        campaign = read(path)
    except CampaignFileError as exc:
        return message(_said(exc), 422)
    forces = list(campaign.forces)
    if not 1 <= number <= len(forces):
        abort(404, f"no force {number} in '{name}'")
    text = force_text(campaign, forces[number - 1])
    shown = {"name": None, "opened": "none", "yaml": text, **workspace(text), "opponents": opponents(text, None)}
    response = Response(page("editor", **shown, rulesets=[rulesets.get(s) for s in rulesets.slugs()]))
    prepare_after(response, text)  # as the editor's own page (pages.editor): a new list, not saved yet
    return response


@blueprint.get("/print/<kind>/<path:name>")
def printed(kind: str, name: str):
    """A campaign's printout (the campaign report), from the one registry, in the page's printer."""
    from flask import current_app

    from listgen.commands.printouts import PRINTOUTS
    from listgen.core.exceptions import RenderError, RenderTimeout

    if kind not in PRINTOUTS or PRINTOUTS[kind].scope != "campaign":
        abort(404, f"no campaign printout '{kind}'")
    path = campaign_path(site(), name)
    data = disk_bytes(path)
    if data is None:
        return message(f"cannot read '{name}'", 422)
    try:
        pdf = current_app.extensions["listgen-printer"].render(
            kind, data.decode("utf-8", "replace"), request.args.get("paper", "a4"), path.name
        )
    except RenderTimeout as exc:
        return message(str(exc), 503)
    except (RenderError, CampaignFileError) as exc:
        return message(f"cannot print this campaign: {_said(exc)}", 422)
    stem = re.sub(r"[^A-Za-z0-9._-]+", "-", path.stem).strip("-.")[:60] or "campaign"
    return Response(
        pdf, mimetype="application/pdf", headers={"Content-Disposition": f'inline; filename="{stem}-{kind}.pdf"'}
    )


@blueprint.post("/new")
def new():
    """Start a campaign from lists of the folder, as `listgen campaign new`: each a force, named."""
    from listgen.events.campaign import new as start
    from listgen.web.workspace import ruleset_of

    served = site()
    lists = served.lists()
    chosen = request.form.getlist("list")
    if not chosen:
        return message("choose the lists the campaign's forces start from", 422)
    if len(chosen) > MAX_FORCES:
        return message(f"a campaign holds at most {MAX_FORCES} forces", 422)
    forces: dict[str, Path] = {}
    for list_name in chosen:
        if list_name not in lists:
            abort(404, f"no list '{list_name}'")
        force = request.form.get(f"force:{list_name}", "").strip() or Path(list_name).stem
        if force in forces or len(force) > 120 or "/" in force:
            return message(f"'{force[:120]}': each force has a name of its own (120 characters, no '/')", 422)
        forces[force] = lists[list_name]
    checked = new_file_name(served, request.form.get("file", "").strip() or "campaign")
    if isinstance(checked, str):
        return message(f"the campaign was not started: {checked}", 422)
    path, file_name = checked
    try:
        slug = ruleset_of((disk_bytes(forces[next(iter(forces))]) or b"").decode("utf-8", "replace"))
        title = (request.form.get("title", "").strip() or "Campaign")[:120]
        start(slug, title, forces, secrets.randbelow(2**31), path)
    except (CampaignFileError, EditError) as exc:  # the campaign's own refusal, or a list without its ruleset
        return message(f"the campaign was not started: {_said(exc)}", 422)
    return Response(status=303, headers={"Location": f"{root()}/campaign/{urllib.parse.quote(file_name)}"})
