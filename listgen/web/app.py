"""The page's Flask app factory: one ``Site`` per folder served, its printer, and the blueprints."""

from __future__ import annotations

import threading
from pathlib import Path

from flask import Flask

from listgen.web.worker import Printer, RenderWorker

from .workspace import MAX_REQUEST, STATIC, Site


def create_app(folder: Path, token: str, hosts=(), *, in_browser: bool = False) -> Flask:
    """The application for a folder. hosts: the Host header values it answers to (with the port); in_browser:
    the page runs inside the browser (``listgen site``, under Pyodide), where there are no threads or processes."""
    from . import api, builder, campaigns, changes, manage, pages, play, security, sharing

    app = Flask(__name__, static_folder=str(STATIC), static_url_path="/static")
    app.config.update(MAX_CONTENT_LENGTH=MAX_REQUEST, MAX_FORM_MEMORY_SIZE=MAX_REQUEST)
    parts = (security, pages, manage, changes, builder, sharing, api, play, campaigns)
    for blueprint in (part.blueprint for part in parts):
        app.register_blueprint(blueprint)
    return serving(app, folder, token, hosts, in_browser=in_browser)


def serving(app: Flask, folder: Path, token: str, hosts=(), *, in_browser: bool = False) -> Flask:
    """app given what serving folder takes: its Site (the folder, the key, the hosts), its printer and the lock
    of its saves, each new. The routes are the app's own: an app made before its folder was known (the one the
    site's memory snapshot holds, made by web.browser.prepare) is given these once the folder is known."""
    app.extensions["listgen"] = Site(folder=folder.resolve(), token=token, hosts=set(hosts), in_browser=in_browser)
    # printouts in a process of their own, bounded in time; in the browser, in the page's own Python
    app.extensions["listgen-printer"] = Printer() if in_browser else RenderWorker()
    app.extensions["listgen-save"] = threading.Lock()  # one save at a time: the check on disk and the write
    return app
