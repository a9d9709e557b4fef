"""The board (`/board`): the round, its pairings with clubs, the clock, the standings, which tables still play; the
page asks `/board.json` every few seconds. Names, clubs, tables, scores and standings only: never a code."""

from __future__ import annotations

import time

from flask import Blueprint, jsonify

from listgen.core.exceptions import ListgenError

from .common import message, page, room

blueprint = Blueprint("room_board", __name__)


def board_data() -> dict:
    """The board's data, made anew only when a file of the event changed (room.stamp); the clock as of now."""
    from listgen.events.room import board, clock_view, stamp
    from listgen.events.room_state import read_room

    served = room()
    made_of = stamp(served.pack_file)
    with served.lock:
        data = served.cache.get(made_of)
        if data is None:
            data = board(served.pack_file, lists=lists_shown())
            served.cache.clear()
            served.cache[made_of] = data
    now = time.time()
    return {**data, "clock": clock_view(read_room(served.pack_file).get("clock"), now), "address": served.address}


def lists_shown() -> bool:
    """The pack's choice: each player's army on the board once the event is locked (room_lists: after-lock)."""
    from listgen.events.tournament import open_pack, read_lock

    pack_file = room().pack_file
    return open_pack(pack_file).room_lists == "after-lock" and read_lock(pack_file) is not None


@blueprint.get("/")
def home():
    try:
        data = board_data()
    except ListgenError as exc:
        return message(str(exc), 500)
    return page("home", data=data)


@blueprint.get("/board")
def board_page():
    return page("board")


@blueprint.get("/board.json")
def board_json():
    try:
        return jsonify(board_data())
    except ListgenError as exc:
        return jsonify({"error": str(exc)}), 500
