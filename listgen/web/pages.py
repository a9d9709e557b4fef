"""The pages: the folder's lists, a new list from a starter, the editor, the file on disk, and saving."""

from __future__ import annotations

import re
import urllib.parse

from flask import Blueprint, Response, abort, current_app, request

from listgen.core.exceptions import OutputPathError
from listgen.core.loader import MAX_BYTES
from listgen.core.validate import check_text
from listgen.output.files import write_atomic

from .. import rulesets
from ..commands.new import starter_list
from .workspace import (
    disk_bytes,
    download_stem,
    etag,
    message,
    new_file_name,
    opponents,
    page,
    prepare_after,
    root,
    site,
    text_in,
    workspace,
    yaml_field,
)

blueprint = Blueprint("pages", __name__)


@blueprint.get("/")
def index():
    served = site()
    entries = []
    for name, path in served.lists().items():
        entries.append({"name": name, "verdict": served.verdict(path)})
    from .campaigns import campaign_rulesets
    from .campaigns import entries as campaigns
    from .manage import backed_up, backup_due, trash

    return page(
        "index",
        campaigns=campaigns(served),
        campaign_rulesets=campaign_rulesets(),
        folder="in this browser: nothing is sent anywhere" if served.in_browser else str(served.folder),
        entries=entries,
        deleted=trash(served),
        last_backup=backed_up(served),
        backup_due=backup_due(served),
        folder_printouts=served.folder_printouts(),
        rulesets=[rulesets.get(s) for s in rulesets.slugs()],
    )


@blueprint.get("/new/<slug>")
def new(slug: str):
    if slug not in rulesets.slugs():
        abort(404, f"no ruleset '{slug}'")
    return editor(None, starter_list(slug), "none")


@blueprint.get("/edit/<path:name>")
def edit(name: str):
    data = disk_bytes(site().list_path(name))
    if data is None:
        abort(404, f"cannot read '{name}'")
    if len(data) > MAX_BYTES:
        abort(413)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:  # editing it here would save it changed: the user converts it
        return message(f"'{name}' is not UTF-8 text: save it as UTF-8 in your editor, then open it here", 422)
    return editor(name, text, etag(data))


def editor(name: str | None, text: str, opened: str) -> Response:
    response = Response(
        page(
            "editor",
            name=name,
            opened=opened,
            yaml=text,
            **workspace(text),
            rulesets=[rulesets.get(s) for s in rulesets.slugs()],
            opponents=opponents(text, name),
        )
    )
    prepare_after(response, text)
    return response


@blueprint.get("/disk/<path:name>")
def disk(name: str):
    """204 while the file is as opened; else a notice (or a reload when nothing here is unsaved). A list renamed or
    deleted (in another tab) is offered to be saved as a new list, once: while the offer is on the page (its
    'filename' is sent) it is let be, so that what the user types there stays. So is Save's offer to overwrite a
    file changed on disk (its 'offered' is sent): the notice would take its button away under the user's hand."""
    served = site()
    if name not in served.lists():
        return Response(status=204) if "filename" in request.args else gone(name)
    now = etag(disk_bytes(served.list_path(name)))
    if now == request.args.get("opened") or request.args.get("offered") == name:
        return Response(status=204)
    if request.args.get("dirty") != "true":
        return Response(status=204, headers={"HX-Refresh": "true"})
    return page("banner", kind="changed", name=name)


@blueprint.post("/save")
def save():
    text = yaml_field()
    served = site()
    name, new_name = request.form.get("name", ""), request.form.get("filename", "").strip()
    with current_app.extensions["listgen-save"]:
        if name and name not in served.lists():  # renamed or deleted in another tab: the edits go to a new file
            return gone(name)
        if name:
            path = served.list_path(name)
            if etag(disk_bytes(path)) != request.form.get("opened") and request.form.get("force") != "true":
                return page("banner", kind="conflict", name=name)
        else:
            checked = new_file_name(served, new_name)
            if isinstance(checked, str):
                return page("banner", kind="refused", name="", message=checked)
            path, name = checked
        data = text.encode("utf-8")
        if len(data) > MAX_BYTES:
            return page("banner", kind="refused", name=name, message="the list is over the size limit")
        try:
            write_atomic(path, data)
        except OutputPathError as exc:  # a full disk, a folder made read-only: the file is as it was
            return page("banner", kind="refused", name=name, message=f"{exc} (the file on disk is unchanged)")
    if not request.form.get("name"):
        return Response(status=204, headers={"HX-Redirect": f"{root()}/edit/{urllib.parse.quote(name)}"})
    from .manage import backup_due

    return page("saved", name=name, opened=etag(data), backup_due=backup_due(served))


def gone(name: str) -> str:
    """The offer to save the page's list as a new one, its list no longer in the folder."""
    stem = name.rpartition("/")[2].rsplit(".", 1)[0]
    suggested = re.sub(r"[^A-Za-z0-9 _.-]+", "-", stem).strip("-. ")[:60] or "list"
    return page("banner", kind="gone", name=name, suggested=f"{suggested} saved")


@blueprint.post("/yaml")
def download():
    """The list on the page as a YAML file to keep (the site in the browser keeps lists in the browser only)."""
    text = text_in()
    report = check_text(text, "<page>")
    stem = download_stem(report)
    return Response(
        text.encode("utf-8"),
        mimetype="text/yaml",
        headers={"Content-Disposition": f'attachment; filename="{stem}.yaml"'},
    )
