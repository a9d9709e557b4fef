"""The players' phones: a table's result reported with the slip's code (the slip's QR code fills it in) and the
player's personal code; the other player confirms it with his own, or disputes it. Each answer is said plainly."""

from __future__ import annotations

from flask import Blueprint, request

from listgen.events.rounds import RoundsError

from .common import client, message, page, room

blueprint = Blueprint("room_phone", __name__)
FIELD = 40  # characters of a code or a score as typed: more is refused before anything reads it


def _field(name: str) -> str:
    value = request.form.get(name, "").strip()
    if len(value) > FIELD:
        raise RoundsError(f"the {name} given is too long")
    return value


@blueprint.get("/report")
def form():
    return page("report")


@blueprint.post("/report/table")
def table():
    """The table a slip's code names, with the form its state asks: report, or confirm the other's report."""
    from listgen.events.room import look

    try:
        code = _field("code")
        seen = look(room().pack_file, code, client())
    except RoundsError as exc:
        return message(str(exc), 400, back="/report")
    return page("table", table=seen, code=code.upper())


@blueprint.post("/report")
def send():
    """A report or a confirmation (the same: the other player's report of the same score records it)."""
    from listgen.events.room import report

    try:
        code = _field("code")
        scores = (_field("first"), _field("second"))
        said = report(room().pack_file, code, scores, _field("personal"), client())
    except RoundsError as exc:
        return message(str(exc), 400, back="/report")
    return page("said", said=said)
