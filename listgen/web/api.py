"""The JSON contract any other page may use:

- ``POST /api/validate`` {"yaml": text} -> what ``validate --format json`` gives for one list
- ``POST /api/price`` {"yaml": text} -> what ``points --format json`` gives
- ``POST /api/render/<roster|cards|reference|hit-tables>`` {"yaml": text} -> the PDF the command prints
- ``POST /api/render/matchup`` {"yaml": text, "against": a list of the folder, or "against_code": a share code}
  -> the matchup sheet ``hit-tables --army --against`` prints
- ``GET /api/schema/<ruleset>`` -> what ``listgen schema`` gives
- ``GET /api/folder/ladder`` -> the club's ladder PDF ``listgen ladder --ladder ladder.yaml --format pdf`` prints,
  when the folder holds a ladder.yaml
"""

from __future__ import annotations

from flask import Blueprint, Response, abort, current_app, request

from listgen import rulesets
from listgen.core import share
from listgen.core.exceptions import RenderError, RenderTimeout
from listgen.core.loader import MAX_BYTES
from listgen.core.validate import check_text

from ..commands.printouts import PRINTOUTS
from ..commands.schema import schema
from .workspace import disk_bytes, download_stem, message, site, text_in

blueprint = Blueprint("api", __name__, url_prefix="/api")


@blueprint.post("/validate")
def validate():
    report = site().check_text(text_in(), request.args.get("file", "<page>"))
    return current_app.json.response(report.as_dict(strict=request.args.get("strict") == "true"))


@blueprint.post("/price")
def price():
    report = site().check_text(text_in(), request.args.get("file", "<page>"))
    if report.valuation is None:
        return current_app.json.response({"error": "the list cannot be priced", **report.as_dict()}), 422
    from listgen.output.text import points_json

    return Response(points_json(report), mimetype="application/json")


@blueprint.get("/schema/<slug>")
def schema_of(slug: str):
    if slug not in rulesets.slugs() and slug != "pack":
        abort(404, f"no ruleset '{slug}'")
    return current_app.json.response(schema(slug))


def _opponent() -> str | Response:
    """The opponent's list's text for a matchup: a list of the folder (by the folder's own listing), or a share
    code (within the CLI's bounds); or the page's message saying why not."""
    code = request.values.get("against_code", "").strip()
    if code:
        if len(code) > share.MAX_INPUT:
            return message(f"that is more than {share.MAX_INPUT:,} characters: no share code is so long", 413)
        try:
            return share.list_text(code)
        except share.ShareCodeError as exc:
            return message(f"that share code cannot be opened: {exc}", 422)
    name = request.values.get("against", "")
    if not name:
        return message("choose the opponent's list, or paste its share code", 422)
    data = disk_bytes(site().list_path(name))
    if data is None or len(data) > MAX_BYTES:
        return message(f"cannot read '{name}'", 422)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return message(f"'{name}' is not UTF-8 text", 422)


@blueprint.get("/folder/<kind>")
def folder_printout(kind: str):
    """A folder's printout (the club's ladder), drawn from the folder's files when it holds what it needs."""
    offered = {p.name: p for p, _ in site().folder_printouts()}
    if kind not in offered or site().in_browser:  # the site carries the PDFs its build made, not this
        abort(404, f"this folder has no printout '{kind}'")
    try:
        pdf = current_app.extensions["listgen-printer"].render(
            kind, str(site().folder), request.values.get("paper", "a4")
        )
    except RenderTimeout as exc:
        return message(str(exc), 503)
    except RenderError as exc:
        return message(f"cannot print the {offered[kind].title.lower()}: {exc}", 422)
    return Response(pdf, mimetype="application/pdf", headers={"Content-Disposition": f'inline; filename="{kind}.pdf"'})


@blueprint.post("/render/<kind>")
def render(kind: str):
    if kind not in PRINTOUTS or PRINTOUTS[kind].scope == "folder":  # a folder's: GET /api/folder/<kind>
        abort(
            404, f"no printout '{kind}' of a list: {', '.join(p for p in PRINTOUTS if PRINTOUTS[p].scope != 'folder')}"
        )
    text = text_in()
    report = check_text(text, "<page>")
    if report.unreadable or report.ruleset is None:
        return message("the list does not read: " + "; ".join(f.message for f in report.findings[:3]), 422)
    against = _opponent() if PRINTOUTS[kind].scope == "pair" else None
    if isinstance(against, Response):
        return against
    try:
        options = [name for name in PRINTOUTS[kind].options if request.values.get(name)]  # the page's checkboxes
        pdf = current_app.extensions["listgen-printer"].render(
            kind, text, request.values.get("paper", "a4"), against, options
        )
    except RenderTimeout as exc:
        return message(str(exc), 503)
    except RenderError as exc:
        return message(f"cannot print this list: {exc}", 422)
    stem = download_stem(report)
    disposition = "attachment" if request.values.get("download") else "inline"
    return Response(
        pdf, mimetype="application/pdf", headers={"Content-Disposition": f'{disposition}; filename="{stem}-{kind}.pdf"'}
    )
