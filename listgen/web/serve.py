"""``listgen serve``: a page on this computer to build, check, print and save lists (the page itself is the
``listgen.web`` package; this module starts and stops its server).

A local server can be reached by every web page its user visits, so: it listens on 127.0.0.1 unless told
otherwise (and then says loudly what that means); the browser is opened on a private file that carries the key
(never on a command line); connections are bounded. Flask is imported here only: ``listgen validate`` stays fast.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import os
import secrets
import tempfile
import threading
import time
from pathlib import Path

from listgen.core.exceptions import ServeError
from listgen.web.app import create_app

LOOPBACK = ("127.0.0.1", "localhost", "::1")
WILDCARDS = ("0.0.0.0", "::", "")  # every address of this computer


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


class _Deadline:
    """A connection's reading, bounded in whole: a request (its line, headers and body) must arrive within
    REQUEST_SECONDS of its start, however it trickles (a header line every few seconds kept the idle limit,
    which counts from the last byte, from ever firing: 200 such connections held the page)."""

    def __init__(self, raw, connection) -> None:
        self.raw, self.connection, self.until = raw, connection, time.monotonic() + REQUEST_SECONDS

    def restart(self) -> None:
        self.until = time.monotonic() + REQUEST_SECONDS

    def _arm(self) -> None:
        left = self.until - time.monotonic()
        if left <= 0:
            raise TimeoutError("the request took too long to arrive")
        self.connection.settimeout(min(left, IDLE_SECONDS))

    def readline(self, *args):
        self._arm()
        return self.raw.readline(*args)

    def read(self, *args):
        self._arm()
        return self.raw.read(*args)

    def __getattr__(self, name: str):
        return getattr(self.raw, name)


REQUEST_SECONDS = 30  # the most a request may take to arrive, line, headers and body (a list is 1 MiB at most)
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

        def setup(self) -> None:
            super().setup()
            self.rfile = _Deadline(self.rfile, self.connection)  # type: ignore[assignment]

        def handle_one_request(self) -> None:
            self.rfile.restart()  # type: ignore[attr-defined]  # each request of a kept-alive connection: its own
            super().handle_one_request()

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
        from listgen.output.console import echo
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
