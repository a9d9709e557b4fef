"""Share on the page: a list's share code and its QR code (asked for, so that a change stays quick), and a code
opened as a new list, from the editor or the folder's page. The same codes `listgen share` prints and
`listgen import` reads, read with the same bounds."""

from __future__ import annotations

import itertools

from flask import Blueprint, request

from listgen.core import share
from listgen.core.loader import MAX_BYTES

from .pages import editor
from .workspace import message, page, site, text_in

blueprint = Blueprint("sharing", __name__)
QR_BOX = 4  # px a module in the page's QR code (drawn as SVG rectangles: no image, no script)


def qr_runs(code: str) -> tuple[int, list]:
    """The QR code of a share code as (modules a side, [(x, y, run length)] of dark runs), for the page's SVG."""
    from ..render.pdf import qr_modules

    rows = qr_modules(code)
    runs, x = [], 0
    for y, row in enumerate(rows):
        x = 0
        for dark, run in itertools.groupby(row):
            n = len(list(run))
            if dark:
                runs.append((x, y, n))
            x += n
    return len(rows), runs


@blueprint.post("/share")
def share_panel():
    """The list's share code, its hash and QR code; or why there is none (the list does not read). On an event's
    entry page (a site built with the event's pack) it is the entry's receipt, given only to a list the event
    takes: one that breaks the pack's limits or restrictions, or its ruleset's rules, is told why not."""
    served = site()
    report = served.check_text(text_in())
    pack = served.pack
    event = pack.event if pack is not None else None
    if report.unreadable or report.document is None or report.ruleset is None:
        return page("share", code=None, event=event, reason="the list does not read: mend it first")
    if pack is not None and not report.legal(pack.strict):
        errors = report.errors + (report.warnings if pack.strict else [])
        reason = f"{event} does not take this list yet: " + "; ".join(f.message for f in errors[:3])
        return page("share", code=None, event=event, reason=reason)
    data = report.document.data
    code = share.encode(data, report.rules.code)
    side, runs = qr_runs(code) if len(code) <= 1_400 else (0, [])  # longer: a phone cannot read it from a screen
    return page(
        "share",
        code=code,
        hash=share.list_hash(data),
        side=side,
        runs=runs,
        box=QR_BOX,
        reason="",
        event=event,
        player=data.get("player") if isinstance(data, dict) else None,
        points=report.points,
    )


@blueprint.post("/import")
def open_code():
    """A share code opened as a new list (saved under a name the user gives, as a new list is)."""
    code = request.form.get("code", "")
    if len(code) > share.MAX_INPUT:
        return message(f"that is more than {share.MAX_INPUT:,} characters: no share code is so long", 413)
    try:
        text = share.list_text(code)
    except share.ShareCodeError as exc:
        return message(f"that share code cannot be opened: {exc}", 422)
    return editor(None, text, "none")


@blueprint.post("/open")
def open_file():
    """A YAML file from the user's computer opened as a new list (saved under a name the user gives)."""
    sent = request.files.get("file")
    data = sent.stream.read(MAX_BYTES + 1) if sent is not None else b""
    if not data:
        return message("choose a list's YAML file to open", 422)
    if len(data) > MAX_BYTES:
        return message(f"that file is over {MAX_BYTES // 1024} KiB: no list is so long", 413)
    try:
        text = data.decode("utf-8").replace("\r\n", "\n")
    except UnicodeDecodeError:
        return message("that file is not UTF-8 text: save it as UTF-8, then open it here", 422)
    return editor(None, text, "none")
