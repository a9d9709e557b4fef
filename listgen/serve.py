"""``listgen serve``: a page on this computer to build, check, print and save lists, a form over the YAML.

Flask (Werkzeug's threaded server) answers; the page is drawn here from templates/serve/ and kept live with
htmx and its morph extension, both vendored in listgen/static/ (no CDN: it works offline). The page talks
to the server in two ways: HTML fragments for the form, and a small JSON contract any other page could use:

- ``POST /api/validate`` {"yaml": text} -> what ``validate --format json`` gives for one list
- ``POST /api/price`` {"yaml": text} -> what ``points --format json`` gives
- ``POST /api/render/<roster|cards|reference|hit-tables>`` {"yaml": text} -> the PDF the command prints
- ``GET /api/schema/<ruleset>`` -> what ``listgen schema`` gives

A local server can be reached by every web page its user visits, so: it listens on 127.0.0.1 unless told
otherwise (and then says loudly what that means); it answers only to its own host name (DNS rebinding); a
random key in the address it prints is swapped for a SameSite=Strict cookie, and every request needs it;
every request that changes something must come from the page itself (Origin); lists are named by their file
name within the served folder, never by a path the request makes up; requests are bounded in size.

Flask is imported here only: ``listgen validate`` stays as fast as before.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import hashlib
import hmac
import json
import logging
import os
import re
import secrets
import tempfile
import threading
import time
import urllib.parse
from dataclasses import dataclass
from pathlib import Path

from flask import Flask, Response, abort, g, redirect, request
from werkzeug.exceptions import HTTPException

from . import rulesets
from .edit import Editor, place, starter_examples
from .exceptions import EditError, InputError, OutputPathError, RenderError, RenderTimeout, ServeError
from .files import write_atomic
from .form import Many, find
from .generate import find_lists, schema, starter_list
from .loader import MAX_BYTES
from .templating import environment
from .validate import ListReport, check_file_isolated, check_text
from .worker import RENDERS, RenderWorker

LOOPBACK = ("127.0.0.1", "localhost", "::1")
WILDCARDS = ("0.0.0.0", "::", "")  # every address of this computer
MAX_REQUEST = 2 * MAX_BYTES + 64 * 1024  # a list at the loader's limit, twice over (form-encoded), and the rest
_SAFE_METHODS = ("GET", "HEAD", "OPTIONS")
_STATIC = Path(__file__).parent / "static"


@dataclass
class Site:
    """What one server serves: a folder of lists, under a key."""

    folder: Path
    token: str
    hosts: set  # the Host header values it answers to

    def lists(self) -> dict:
        """name -> path for every list file in the folder (names relative to it, '/'-separated)."""
        out = {}
        for path in find_lists(self.folder, recursive=True):
            if path.is_file() and not path.is_symlink():
                out[path.relative_to(self.folder).as_posix()] = path
        return out

    def list_path(self, name: str) -> Path:
        """The file a list name stands for: only a name the folder's own listing gives, inside the folder."""
        path = self.lists().get(name)
        if path is None or not path.resolve().is_relative_to(self.folder.resolve()):
            abort(404, f"no list '{name}' in {self.folder}")
        return path


def etag(data: bytes | None) -> str:
    return "none" if data is None else hashlib.sha256(data).hexdigest()[:16]


def _disk(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except OSError:
        return None


@functools.cache
def _template(name: str):
    """A template of templates/serve/, from the one environment (autoescaped, StrictUndefined), loaded once."""
    return environment().get_template(f"serve/{name}.html.j2")


def page(template: str, **values) -> str:
    """A page or fragment from templates/serve/ (a name it does not get is an error)."""
    return _template(template).render(**values)


def create_app(folder: Path, token: str, hosts=()) -> Flask:
    """The application for a folder. hosts: the Host header values it answers to (with the port)."""
    app = Flask(__name__, static_folder=str(_STATIC), static_url_path="/static")
    app.config.update(MAX_CONTENT_LENGTH=MAX_REQUEST, MAX_FORM_MEMORY_SIZE=MAX_REQUEST)
    site = Site(folder=folder.resolve(), token=token, hosts=set(hosts))
    app.extensions["listgen"] = site
    printer = RenderWorker()  # printouts in a process of their own, bounded in time
    app.extensions["listgen-printer"] = printer
    cookie = cookie_name(token)
    lock = threading.Lock()  # one save at a time: the check for a change on disk and the write go together

    @app.before_request
    def started():
        g.started = time.perf_counter()

    @app.before_request
    def guard():
        if site.hosts and request.host not in site.hosts:
            return _message(f"listgen serve answers to {', '.join(sorted(site.hosts))} only, not '{request.host}'", 421)
        given = request.args.get("key")
        if given is not None:
            if not _same_key(given, site.token):
                return _message("this key is not the one listgen serve printed: open the address it printed", 403)
            response = redirect(request.path)
            response.set_cookie(cookie, site.token, httponly=True, samesite="Strict", path="/")
            return response
        if not _same_key(request.cookies.get(cookie, ""), site.token):
            return _message("open the address `listgen serve` printed: it carries the key to this page", 403)
        if request.method not in _SAFE_METHODS and not _same_origin():
            return _message("refused: a change must come from the listgen page itself", 403)
        return None

    @app.after_request
    def headers(response: Response) -> Response:
        response.headers["Content-Security-Policy"] = (
            "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
            "object-src 'none'; frame-ancestors 'self'; base-uri 'none'; form-action 'self'"
        )
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers["Referrer-Policy"] = "same-origin"  # no-referrer would make a form post's Origin "null"
        response.headers["Cache-Control"] = "no-store"
        response.headers["Cross-Origin-Resource-Policy"] = "same-origin"
        if "started" in g:  # the browser's developer tools show how long the server took
            response.headers["Server-Timing"] = f"listgen;dur={(time.perf_counter() - g.started) * 1000:.1f}"
        return response

    @app.errorhandler(Exception)
    def internal(error):
        if isinstance(error, HTTPException):
            return plain_error(error)
        app.logger.exception("listgen serve: internal error")
        return _message(f"listgen internal error: {type(error).__name__}: {error} (please report this)", 500)

    @app.errorhandler(404)
    @app.errorhandler(413)
    @app.errorhandler(400)
    def plain_error(error):
        text = {413: f"too large: a list may be {MAX_BYTES // 1024} KiB at most"}.get(error.code, error.description)
        return _message(text, error.code)

    # --- pages ---

    @app.get("/")
    def index():
        names = site.lists()
        entries = []
        for name, path in names.items():
            report = check_file_isolated(str(path))  # as validate reads a file: encoding, size, isolation
            entries.append({"name": name, "report": report})
        return page(
            "index", folder=str(site.folder), entries=entries, rulesets=[rulesets.get(s) for s in rulesets.slugs()]
        )

    @app.get("/new/<slug>")
    def new(slug: str):
        if slug not in rulesets.slugs():
            abort(404, f"no ruleset '{slug}'")
        return _editor(None, starter_list(slug), "none")

    @app.get("/edit/<path:name>")
    def edit(name: str):
        data = _disk(site.list_path(name))
        if data is None:
            abort(404, f"cannot read '{name}'")
        if len(data) > MAX_BYTES:
            abort(413)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:  # editing it here would save it changed: the user converts it
            return _message(f"'{name}' is not UTF-8 text: save it as UTF-8 in your editor, then open it here", 422)
        return _editor(name, text, etag(data))

    def _editor(name: str | None, text: str, opened: str) -> Response:
        response = Response(
            page(
                "editor",
                name=name,
                opened=opened,
                yaml=text,
                **_workspace(text),
                rulesets=[rulesets.get(s) for s in rulesets.slugs()],
            )
        )
        response.call_on_close(lambda: _prepare(text))  # read for editing once the page is sent
        return response

    # --- the form ---

    @app.post("/change")
    def change():
        text = _yaml_field()
        op = request.form.get("op", "text")
        message, was = "", text
        if op != "text":
            try:
                path = place(_json(request.form.get("path", "[]"), MAX_PATH))
                ruleset = _ruleset_of(text)
                editor = Editor(text, _schema(ruleset), _starter(ruleset))
                text = editor.apply(op, path, request.form.get("value"))
            except (EditError, InputError, ValueError) as exc:
                message = f"Not changed: {exc}. Fix the YAML first if it does not read."
        shown = _workspace(text)
        # Redraw as little as the change needs (each part the browser redraws costs it time): after a value, the
        # parts whose title, cost or findings changed; after an entry added, removed or moved, that list too.
        if not message and op in ("set", "add", "remove", "duplicate", "move"):
            where = () if op == "set" else tuple(path) if op == "add" else tuple(path)[:-1]
            many = find(shown["form"], where) if where else None
            if _same_shape(was, shown["report"], where) and (not where or isinstance(many, Many)):
                before = [g for g in _workspace(was)["groups"] if not _within(g.path, where)]
                heads = _changed_heads(before, [g for g in shown["groups"] if not _within(g.path, where)])
                headers = {"HX-Reswap": "none"}
                if many is not None:
                    headers = {"HX-Retarget": f"#{many.id}", "HX-Reswap": "morph:outerHTML"}
                body = page("light", yaml=text, heads=heads, many=many, **shown)
                return Response(body, headers=headers)
        response = Response(page("change", yaml=text, op=op, message=message, dirty=True, **shown))
        if not message:  # typed, or entries moved: read anew once the answer is sent, for quick value changes
            response.call_on_close(lambda: _prepare(text))
        return response

    @app.get("/disk/<path:name>")
    def disk(name: str):
        """204 while the file is as opened; else a notice (or a reload when nothing here is unsaved)."""
        now = etag(_disk(site.list_path(name)))
        if now == request.args.get("opened"):
            return Response(status=204)
        if request.args.get("dirty") != "true":
            return Response(status=204, headers={"HX-Refresh": "true"})
        return page("banner", kind="changed", name=name)

    @app.post("/save")
    def save():
        text = _yaml_field()
        name, new_name = request.form.get("name", ""), request.form.get("filename", "").strip()
        with lock:
            if name:
                path = site.list_path(name)
                if etag(_disk(path)) != request.form.get("opened") and request.form.get("force") != "true":
                    return page("banner", kind="conflict", name=name)
            else:
                checked = _new_file_name(site, new_name)
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
            return Response(status=204, headers={"HX-Redirect": f"/edit/{urllib.parse.quote(name)}"})
        return page("saved", name=name, opened=etag(data))

    # --- the JSON contract ---

    @app.post("/api/validate")
    def api_validate():
        report = check_text(_text_in(), request.args.get("file", "<page>"))
        return app.json.response(report.as_dict(strict=request.args.get("strict") == "true"))

    @app.post("/api/price")
    def api_price():
        report = check_text(_text_in(), request.args.get("file", "<page>"))
        if report.valuation is None:
            return app.json.response({"error": "the list cannot be priced", **report.as_dict()}), 422
        from .text import points_json

        return Response(points_json(report), mimetype="application/json")

    @app.get("/api/schema/<slug>")
    def api_schema(slug: str):
        if slug not in rulesets.slugs() and slug != "pack":
            abort(404, f"no ruleset '{slug}'")
        return app.json.response(schema(slug))

    @app.post("/api/render/<kind>")
    def api_render(kind: str):
        if kind not in RENDERS:
            abort(404, f"no printout '{kind}': {', '.join(RENDERS)}")
        text = _text_in()
        report = check_text(text, "<page>")
        if report.unreadable or report.ruleset is None:
            return _message("the list does not read: " + "; ".join(f.message for f in report.findings[:3]), 422)
        try:
            pdf = printer.render(kind, text, request.values.get("paper", "a4"))
        except RenderTimeout as exc:
            return _message(str(exc), 503)
        except RenderError as exc:
            return _message(f"cannot print this list: {exc}", 422)
        stem = _slug(str(report.name or "list"))
        disposition = "attachment" if request.values.get("download") else "inline"
        return Response(
            pdf,
            mimetype="application/pdf",
            headers={"Content-Disposition": f'{disposition}; filename="{stem}-{kind}.pdf"'},
        )

    return app


def cookie_name(token: str) -> str:
    """The key's cookie, named for this server: a browser sends every cookie of 127.0.0.1 to each of its ports,
    so two servers at once each keep their own (one no longer logs the other out)."""
    return "listgen-key-" + hashlib.sha256(token.encode("ascii")).hexdigest()[:12]


def _same_key(given: str, token: str) -> bool:
    """Whether a key (from the address or a cookie, so any text at all) is this server's, in constant time."""
    return hmac.compare_digest(given.encode("utf-8", "surrogateescape"), token.encode("ascii"))


def _prepare(text: str) -> None:
    """Read the text for editing in the background while the user looks at the page."""
    threading.Thread(target=Editor.prepare, args=(text,), daemon=True).start()


@functools.cache
def _schema(slug: str) -> dict:
    return schema(slug)


@functools.cache
def _starter(slug: str) -> dict:
    return starter_examples(_schema(slug), starter_list(slug))


def _message(text: str, status: int) -> Response:
    return Response(page("message", text=text, status=status), status=status, mimetype="text/html")


def _same_origin() -> bool:
    """A change is made only by the page: its Origin is this server's (or, where a browser sends none, the
    fetch metadata says so)."""
    origin = request.headers.get("Origin")
    if origin is not None:
        return origin == f"{request.scheme}://{request.host}"
    return request.headers.get("Sec-Fetch-Site") == "same-origin"


def _yaml_field() -> str:
    """The list's text from the page: a browser sends a text area's lines with CRLF; the list is kept with LF.
    A text over the loader's limit is refused as a file would be."""
    text = request.form.get("yaml", "").replace("\r\n", "\n")
    if len(text.encode("utf-8")) > MAX_BYTES:
        abort(413)
    return text


MAX_PATH = 16 * 1024  # characters of a place's JSON: the deepest place the loader reads, with long keys


def _json(text: str, most: int):
    """JSON the page sent, bounded: too long, too deeply nested or not JSON is an EditError, not a crash."""
    if len(text) > most:
        raise EditError("the place sent is too long")
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        raise EditError("the place sent is not a list of keys and indexes") from None


def _text_in() -> str:
    """The list's text from a JSON body {"yaml": ...} or a form field 'yaml'."""
    if request.is_json:
        try:
            body = json.loads(request.get_data(cache=False))
        except (ValueError, RecursionError):  # not JSON, or nested past what Python's reader can follow
            body = None
        if not isinstance(body, dict) or not isinstance(body.get("yaml"), str):
            abort(400, 'send {"yaml": "<the list>"}')
        if len(body["yaml"].encode("utf-8")) > MAX_BYTES:
            abort(413)
        return body["yaml"]
    return _yaml_field()


_RULESET_LINE = re.compile(r"^ruleset:[ \t]*['\"]?([\w-]+)", re.M)


def _ruleset_of(text: str) -> str:
    """The ruleset a list's text names on its 'ruleset:' line (what is wrong with the rest, validation says)."""
    found = _RULESET_LINE.search(text)
    if not found or found.group(1) not in rulesets.slugs():
        raise EditError("the list does not say its ruleset on a 'ruleset:' line")
    return found.group(1)


def _workspace(text: str) -> dict:
    """Everything the page shows of a list's text: verdict, points, findings and the form."""
    from . import text as texts
    from .form import build_form

    report = check_text(text, "<page>")
    values: dict = {
        "report": report,
        "form": None,
        "placed": [],
        "groups": [],
        "points_lines": [],
        "known_points": "",
        "verdict": texts.verdict(report),
    }
    if report.ruleset is not None and report.document is not None:
        values["form"], values["placed"], values["groups"] = build_form(_schema(report.ruleset), report)
    if report.valuation is not None:
        values["points_lines"] = texts.points(report)[1:]
        values["known_points"] = report.valuation.total_words(report.points_limit)
    return values


def _heads(groups: list) -> dict:
    """id -> the HTML of each part's title, cost and notes, as the page draws them (for a swap out of band)."""
    parts = page_module("parts")
    return {g.id: str(parts.legend(g, True)) + str(parts.notes(g, True)) for g in groups}


def _changed_heads(before: list, after: list) -> list:
    old = _heads(before)
    return [html for key, html in _heads(after).items() if old.get(key) != html]


def page_module(template: str):
    """A template's macros, to call from Python."""
    return _template(template).module


def _within(path: tuple, where: tuple) -> bool:
    return bool(where) and path[: len(where)] == where


def _same_shape(before: str, report: ListReport, where: tuple = ()) -> bool:
    """Whether a list holds the same keys and entries as before a change (only values differ), outside the list
    at where (whose entries may have come, gone or moved; it must be there before and after)."""
    from .edit import walk_paths, yaml_plain

    if report.document is None or report.ruleset is None:
        return False
    try:
        old = yaml_plain(before)
    except Exception:  # noqa: BLE001 - a text that does not read has no shape to keep
        return False
    old_paths, new_paths = set(walk_paths(old)), set(walk_paths(report.document.data))
    if where and (where not in old_paths or where not in new_paths):
        return False
    return {p for p in old_paths if not _within(p, where)} == {p for p in new_paths if not _within(p, where)}


def _slug(text: str) -> str:
    import re

    return re.sub(r"[^A-Za-z0-9]+", "-", text).strip("-")[:60] or "list"


def _new_file_name(site: Site, name: str):
    """(path, name) for a new list's file name, or why it cannot be: a plain name ending .yaml, in the folder
    served, not there already."""
    import re

    if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9 _.-]{0,80}\.ya?ml", name) or ".." in name:
        return "a file name is letters, digits, spaces, '-', '_' and '.', ending .yaml (no folders)"
    path = site.folder / name
    if path.exists() or path.is_symlink():
        return f"'{name}' is there already: choose another name"
    return path, name


def start(target: Path, port: int = 8000, host: str = "127.0.0.1"):
    """A server bound to host:port for a folder (or a list's folder), not yet serving; and the address to
    open, with the key. Port 0 takes any free port."""
    target = Path(target)
    if not target.exists():
        raise ServeError(f"{target}: no such file or folder")
    folder = target if target.is_dir() else target.parent
    opening = "" if target.is_dir() else f"edit/{target.name}"
    token = secrets.token_urlsafe(24)
    _can_listen(host, port)
    try:
        server = bounded_server(host, port, create_app(folder, token))
    except (OSError, SystemExit) as exc:  # Werkzeug exits when it cannot bind
        raise ServeError(f"cannot listen on {host}:{port} ({exc})") from None
    port = server.server_port
    names = _host_names(host)
    server.app.extensions["listgen"].hosts = {f"[{n}]:{port}" if ":" in n else f"{n}:{port}" for n in names}
    local = host in LOOPBACK or host in WILDCARDS  # this computer's browser opens it on 127.0.0.1
    shown = "127.0.0.1" if local and host != "::1" else (f"[{host}]" if ":" in host else host)
    return server, f"http://{shown}:{port}/{opening}?key={token}"


MAX_CONNECTIONS = 128  # connections answered at once, each on a thread of its own (a browser holds 6 a host); more wait
IDLE_SECONDS = 10  # a connection that sends nothing for this long is closed (a slow or stalled client)
WAIT_SECONDS = 10  # how long a connection waits for a turn before it is closed unanswered


def bounded_server(host: str, port: int, app):
    """Werkzeug's threaded server with its threads bounded: at most MAX_CONNECTIONS are answered at once and the
    rest wait in the queue, so a thousand stalled connections (each closed after IDLE_SECONDS idle) cost the
    page a short wait, never two thousand threads."""
    from werkzeug.serving import ThreadedWSGIServer, WSGIRequestHandler

    class Handler(WSGIRequestHandler):
        timeout = IDLE_SECONDS

    class Server(ThreadedWSGIServer):
        slots = threading.BoundedSemaphore(MAX_CONNECTIONS)  # a class made per server: its own turns

        def process_request(self, request, client_address):
            if not self.slots.acquire(timeout=WAIT_SECONDS):
                self.shutdown_request(request)  # every turn taken this long: closed, and the next one tried
                return
            try:
                super().process_request(request, client_address)
            except BaseException:
                self.slots.release()
                raise

        def process_request_thread(self, request, client_address):
            try:
                super().process_request_thread(request, client_address)
            finally:
                self.slots.release()

    return Server(host, port, app, Handler)


def _host_names(host: str) -> set:
    """The names a browser may give as Host for an address listened on: loopback's own names for loopback;
    for every address (0.0.0.0, ::) this computer's names and addresses too; else the address given."""
    if host in LOOPBACK:
        return {host, *LOOPBACK}
    if host not in WILDCARDS:
        return {host}
    import socket

    names = {host, *LOOPBACK, socket.gethostname(), socket.getfqdn()}
    with contextlib.suppress(OSError):  # a computer whose own name does not resolve: its names will do
        names.update(str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None))
    return names


def _can_listen(host: str, port: int) -> None:
    """Refuse plainly a port another program holds (Werkzeug would print its own lines and exit)."""
    import socket

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except OSError as exc:
        raise ServeError(f"cannot listen on {host}: {exc.strerror or exc}") from None
    family, kind, _proto, _name, address = infos[0]
    with socket.socket(family, kind) as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as exc:
            why = "is in use" if exc.errno == errno.EADDRINUSE else f"cannot be used ({exc.strerror})"
            raise ServeError(
                f"port {port} on {host} {why}: choose another with --port, or --port 0 for any free one"
            ) from None


def run(target: Path, port: int = 8000, host: str = "127.0.0.1", open_browser: bool = True, echo=None) -> None:
    """Serve a folder (or a list's folder, opening that list) until Ctrl+C."""
    if echo is None:
        from .console import echo
    server, url = start(target, port, host)
    folder = server.app.extensions["listgen"].folder
    if host not in LOOPBACK:
        echo(
            f"listgen: WARNING: serving on {host}, not 127.0.0.1: anyone who can reach this computer on port "
            f"{server.server_port} and learns the key can read and change the lists in {folder}",
            err=True,
        )
    logging.getLogger("werkzeug").setLevel(logging.WARNING)  # not a line per request (the page polls)
    echo(f"listgen serve: {folder} at {url}")
    echo("Press Ctrl+C to stop.")
    with contextlib.ExitStack() as stack:
        if open_browser:
            import webbrowser

            opener = stack.enter_context(opening_file(url))
            threading.Thread(target=webbrowser.open, args=(opener.as_uri(),), daemon=True).start()
        printer = server.app.extensions["listgen-printer"]
        printer.warm()  # the first printout does not wait for the worker to start
        stack.callback(printer.stop)
        try:
            server.serve_forever()
        except KeyboardInterrupt:
            pass
        finally:
            server.server_close()
    echo("listgen serve: stopped")


@contextlib.contextmanager
def opening_file(url: str):
    """A page only this user can read that sends the browser on to the address with its key (as Jupyter does):
    the browser is started with this file's name, so the key is never on a command line, where every user of
    the computer can read it (ps). Removed when the server stops."""
    import html

    folder = Path(tempfile.mkdtemp(prefix="listgen-serve-"))  # private: 0700
    path = folder / "open.html"
    target = html.escape(url, quote=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(
            f'<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="0;url={target}">'
            f'<title>listgen</title><p>Opening <a href="{target}">listgen serve</a>...</p>\n'
        )
    try:
        yield path
    finally:
        with contextlib.suppress(OSError):
            path.unlink()
            folder.rmdir()
