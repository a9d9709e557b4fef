"""The page `listgen serve` draws: a Flask app factory and its blueprints, each route importable and testable.

- ``security``: every request's guards (its own Host, the key's cookie, same-origin changes) and headers
- ``pages``: the folder's page, a new list, the editor, the file on disk and saving
- ``manage``: the folder's lists renamed, copied, deleted (asked first, kept to restore) and restored
- ``builder``: the catalogue of the text's own units for a place of the list, each priced for this list
- ``changes``: the form's edits (one request a change, redrawn as little as it needs)
- ``sharing``: a list's share code and QR code, and a code opened as a new list
- ``api``: the JSON contract any other page may use (validate, price, schema, render)
- ``workspace``: what the routes share: the folder served, the templates, the list's text from a request, and
  everything the page shows of a list

The routes read only the request they are given and the files of the folder they serve (a later static site
runs the same page in the browser). Flask is imported by ``listgen serve`` only: ``validate`` stays fast.
"""

from __future__ import annotations

import threading
from pathlib import Path

from flask import Flask

from ..worker import Printer, RenderWorker
from .workspace import MAX_REQUEST, STATIC, Site


def create_app(folder: Path, token: str, hosts=(), *, in_browser: bool = False) -> Flask:
    """The application for a folder. hosts: the Host header values it answers to (with the port); in_browser:
    the page runs inside the browser (``listgen site``, under Pyodide), where there are no threads or processes."""
    from . import api, builder, changes, manage, pages, security, sharing

    app = Flask(__name__, static_folder=str(STATIC), static_url_path="/static")
    app.config.update(MAX_CONTENT_LENGTH=MAX_REQUEST, MAX_FORM_MEMORY_SIZE=MAX_REQUEST)
    app.extensions["listgen"] = Site(folder=folder.resolve(), token=token, hosts=set(hosts), in_browser=in_browser)
    # printouts in a process of their own, bounded in time; in the browser, in the page's own Python
    app.extensions["listgen-printer"] = Printer() if in_browser else RenderWorker()
    app.extensions["listgen-save"] = threading.Lock()  # one save at a time: the check on disk and the write
    parts = (security, pages, manage, changes, builder, sharing, api)
    for blueprint in (part.blueprint for part in parts):
        app.register_blueprint(blueprint)
    return app
