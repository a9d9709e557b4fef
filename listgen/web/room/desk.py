"""The organiser's desk (`/desk`, behind the event's token): pending, disputed and recorded results; accept, decide,
correct, void, forfeit, release a held table; drop, admit, pair the next round and fetch its printouts; the clock.
Each move is `listgen.events.room`'s: the same code as its command, under the event's one-writer lock."""

from __future__ import annotations

import re
import time

from flask import Blueprint, jsonify, redirect, request, send_file

from listgen.core.exceptions import ListgenError

from .common import message, page, room

blueprint = Blueprint("room_desk", __name__)
_PRINTOUT = re.compile(r"round-\d{1,3}-(pairings|slips)\.pdf")


@blueprint.get("/desk")
def desk():
    from listgen.events.room import desk as desk_data

    served = room()
    try:
        data = desk_data(served.pack_file)
    except ListgenError as exc:
        return message(str(exc), 500)
    printouts = sorted(p.name for p in served.out_dir.glob("round-*.pdf") if _PRINTOUT.fullmatch(p.name))
    return page("desk", data=data, said=served.said[:8], printouts=printouts, address=served.address)


@blueprint.get("/desk.json")
def desk_json():
    """What the desk's page polls: it reloads when this changes (and nothing is being typed)."""
    from listgen.events.room import stamp

    return jsonify({"stamp": str(hash(stamp(room().pack_file)))})


def _scores() -> tuple | None:
    first, second = request.form.get("first", "").strip(), request.form.get("second", "").strip()
    return (first[:20], second[:20]) if first or second else None


def _move(action: str) -> str:
    from listgen.events import room as moves

    served, form = room(), request.form
    key, player = form.get("table", "")[:20], form.get("player", "")[:200]
    if action == "result":
        return moves.desk_result(served.pack_file, key, _scores())
    if action == "forfeit":
        return moves.desk_result(served.pack_file, key, None, player)
    if action == "void":
        return moves.desk_void(served.pack_file, key)
    if action == "release":
        return moves.desk_release(served.pack_file, key)
    if action == "drop":
        return moves.desk_drop(served.pack_file, player)
    if action == "admit":
        return moves.desk_admit(served.pack_file, player)
    if action == "pair":
        said, written = moves.desk_pair(served.pack_file, served.out_dir, served.paper)
        return "; ".join(said[:1] + [f"wrote {p.name}" for p in written if p.suffix == ".pdf"])
    if action == "clock":
        minutes = form.get("minutes", "").strip()
        return moves.clock(served.pack_file, form.get("move", "")[:10], int(minutes) if minutes.isdigit() else None)
    return f"'{action[:20]}' is not a move of the desk"


@blueprint.post("/desk/<action>")
def act(action: str):
    served = room()
    try:
        said = _move(action)
    except ListgenError as exc:
        said = f"refused: {exc}"
    served.said.insert(0, f"{time.strftime('%H:%M:%S')} {said}")
    del served.said[20:]
    return redirect(request.script_root + "/desk", code=303)


@blueprint.get("/desk/printout/<name>")
def printout(name: str):
    served = room()
    if not _PRINTOUT.fullmatch(name) or not (served.out_dir / name).is_file():
        return message(f"no printout named {name[:60]}", 404)
    return send_file((served.out_dir / name).resolve(), mimetype="application/pdf", as_attachment=False)
