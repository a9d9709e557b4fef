"""The room's Flask app: its state and its blueprints."""

from __future__ import annotations

from flask import Flask

from listgen.web.workspace import STATIC

from .state import MAX_REQUEST, Room


def create_app(room: Room) -> Flask:
    from . import board, desk, guard, phone

    app = Flask(__name__, static_folder=str(STATIC), static_url_path="/static")
    app.config.update(MAX_CONTENT_LENGTH=MAX_REQUEST, MAX_FORM_MEMORY_SIZE=MAX_REQUEST)
    app.extensions["listgen-room"] = room
    for part in (guard, board, phone, desk):
        app.register_blueprint(part.blueprint)
    return app
