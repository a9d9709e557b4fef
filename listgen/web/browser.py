"""The page of ``listgen serve`` answering inside the browser, for ``listgen site``.

The site's service worker runs Pyodide: each request the page makes under ``app/`` (a link, a form, htmx) is
handed here as method, address, headers and body, answered by the same Flask app ``listgen serve`` runs, and
handed back; nothing leaves the browser. The lists live in a folder the service worker keeps in the browser's
IndexedDB. The request is a WSGI call (Werkzeug's own environ builder), so every route, guard and header is the
server's: the key's cookie is the bridge's to add (only the site's own service worker calls here) and a change
carries an Origin only when the service worker saw it come from the site's own pages.
"""

from __future__ import annotations

import os
import secrets
import shutil
from pathlib import Path

from flask import Flask

from .app import create_app, serving
from .security import cookie_name

SEEDED = ".listgen-site"  # in the browser's folder: the examples were put there once (a list deleted stays gone)

_app: Flask | None = None
_cookie = ""
# the app prepare() made, with no folder or key yet (its routes compiled: a tenth of a second under Pyodide), for
# start() to take once; held in the memory snapshot
_unserved: Flask | None = None

# What the folder's page needs at its first request besides the app: a ruleset's parts that check a list, the
# codecs its YAML and addresses need, and the page's templates (all of them, compiled). prepare() makes them ready
# before the service worker takes its memory snapshot, so that a return visit finds them in memory.
FIRST_PAGE = ("army", "checks", "points", "tables", "stats")
CODECS = ("encodings.idna", "encodings.utf_8_sig", "encodings.unicode_escape")


def prepare(examples: str = "") -> None:
    """Make ready what the first page needs, before any folder, key or state of this visit exists: the service
    worker snapshots Python's memory right after this (listgen site, sw.js), so nothing here may be a visit's own.
    examples: the site's own examples (not the member's lists), checked once as the folder's page checks lists,
    which imports and compiles what that check needs; their verdicts are kept by content (``Site.verdict``), so
    that the folder's page finds the member's unchanged copies of them checked."""
    import importlib
    import importlib.util

    from listgen import rulesets

    from . import api, builder, changes, manage, pages, security, sharing  # noqa: F401 - create_app's parts
    from .campaigns import campaign_rulesets
    from .workspace import Site, loaded, web_environment

    global _unserved
    _unserved = create_app(Path("/"), token="", in_browser=True)
    for name in CODECS:
        importlib.import_module(name)
    for slug in rulesets.slugs():
        package = importlib.import_module(rulesets.get(slug).package)
        for part in FIRST_PAGE if hasattr(package, "__path__") else ():
            if importlib.util.find_spec(f"{package.__name__}.{part}") is not None:
                importlib.import_module(f"{package.__name__}.{part}")
    for name in web_environment().list_templates(filter_func=lambda name: name.startswith("serve/")):
        loaded(name.removeprefix("serve/").removesuffix(".html.j2"))  # compiled, with those they extend
    campaign_rulesets()  # each ruleset's campaign module: the folder's page offers a campaign of each
    if examples and Path(examples).is_dir():
        # as the folder's page reads them: what each file is of an event's, then each list's verdict, both kept
        # by content (event_files.shape_of, Site.verdict): the member's copies of the examples are found read
        examples_site = Site(Path(examples), token="", hosts=set(), in_browser=True)
        for path in examples_site.lists().values():
            examples_site.verdict(path)


def restored() -> None:
    """After the service worker restored Python's memory from its snapshot: the random state is renewed (from the
    browser's random source, os.urandom), not the one the snapshot was taken with. (The hash seed cannot be: it is
    fixed once Python starts; it is this browser's own, drawn at the start that made the snapshot.)"""
    import random
    import tempfile

    random.seed()
    tempfile._name_sequence = None  # type: ignore[attr-defined] # its own Random, made again when next needed


def start(folder: str, examples: str, environ: dict, pack: str = "") -> bool:
    """The app for the browser's folder of lists; on the first visit, the site's examples are copied into it.
    environ: what the site was built with (SOURCE_DATE_EPOCH: the date its printouts carry); pack: the event's
    pack file, for an event's entry page. Whether the folder was written (the examples copied: the service worker
    then keeps it in IndexedDB)."""
    global _app, _cookie, _unserved
    os.environ.update({k: str(v) for k, v in environ.items()})
    where = Path(folder)
    seeded = not (where / SEEDED).exists()
    if seeded:
        source = Path(examples)
        for path in sorted(source.rglob("*")) if source.is_dir() else []:
            target = where / path.relative_to(source)
            if path.is_dir():
                target.mkdir(parents=True, exist_ok=True)
            elif not target.exists():
                shutil.copyfile(path, target)
        (where / SEEDED).write_text("the site's examples were copied here\n", encoding="utf-8")
    token = secrets.token_urlsafe(24)
    if _unserved is not None:  # the app prepare() made, its routes compiled before the memory snapshot
        _app, _unserved = serving(_unserved, where, token, in_browser=True), None
    else:
        _app = create_app(where, token, in_browser=True)
    # the folder's printouts the site's build published beside the page (commands.site.published_printouts)
    _app.extensions["listgen"].published = tuple(filter(None, environ.get("LISTGEN_PUBLISHED", "").split(",")))
    _app.extensions["listgen"].touch_icon = environ.get("LISTGEN_TOUCH_ICON", "")
    if pack:
        from listgen.events.pack import load_pack

        loaded, findings = load_pack(pack)
        if loaded is None:  # the build read it: a pack that does not read here is a bug, said on every page
            raise RuntimeError(f"the event's pack does not read: {findings[0].message if findings else '?'}")
        _app.extensions["listgen"].pack = loaded
    _cookie = f"{cookie_name(token)}={token}"
    return seeded


def handle(method: str, url: str, script_root: str, headers: list, body: bytes) -> tuple[int, list, bytes]:
    """One request (url: the whole address; script_root: the path the page is served under, as '/club/app')
    answered by the app: (status, [(header, value)], body)."""
    from urllib.parse import urlsplit

    from werkzeug.test import EnvironBuilder, run_wsgi_app

    if _app is None:
        raise RuntimeError("listgen.web.browser.start was not called")
    parts = urlsplit(url)
    path = parts.path[len(script_root) :] if parts.path.startswith(script_root) else parts.path
    sent = [(k, v) for k, v in headers if k.lower() not in ("cookie", "host")] + [("Cookie", _cookie)]
    builder = EnvironBuilder(
        path=path or "/",
        base_url=f"{parts.scheme}://{parts.netloc}{script_root}",
        query_string=parts.query,
        method=method,
        headers=sent,
        data=bytes(body),
    )
    try:
        environ = builder.get_environ()
    finally:
        builder.close()
    app_iter, status, answer = run_wsgi_app(_app, environ, buffered=True)
    return int(status.split(" ", 1)[0]), list(answer.to_wsgi_list()), b"".join(app_iter)


def after_answer() -> bool:
    """The next piece of what the last request left for once its answer was sent (Site.after: the text just typed
    read for its first edit, then written), run by the service worker after the answer; True while more is left,
    which it runs after any request that came meanwhile."""
    waiting = _app.extensions["listgen"].after if _app is not None else []
    if waiting:
        waiting.pop(0)()
    return bool(waiting)
