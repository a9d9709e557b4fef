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
    except (OSError, ValueError) as exc:  # waitress: ValueError for an address it cannot read
        raise ServeError(f"cannot listen on {host}:{port} ({exc})") from None
    port = server.server_port
    names = _host_names(host)
    server.app.extensions["listgen"].hosts = {f"[{n}]:{port}" if ":" in n else f"{n}:{port}" for n in names}
    local = host in LOOPBACK or host in WILDCARDS  # this computer's browser opens it on 127.0.0.1
    shown = "127.0.0.1" if local and host != "::1" else (f"[{host}]" if ":" in host else host)
    return server, f"http://{shown}:{port}/{opening}?key={token}"


REQUEST_SECONDS = 30  # the most a request may take to arrive, line, headers and body (a list is 1 MiB at most)
IDLE_SECONDS = 10  # a connection that sends nothing for this long, between requests or in one, is closed
THREADS = 8  # requests answered at once: each is read whole first, so only answering takes a thread
# connections held at once, however slow (more wait in the system's queue); under the 512 sockets Windows' select
# takes, with room for the server's own
MAX_CONNECTIONS = 500
# connections one other computer may hold at once (a browser opens 6 a host), so that one computer on the network
# cannot take them all (--host); this computer's own are not bounded so: the page's own browser is one of them
PER_CLIENT = 32


def this_computer(address: str) -> bool:
    """Whether a client's address is this computer's loopback (127.0.0.0/8, ::1, or either mapped into IPv6)."""
    import ipaddress

    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return False
    mapped = getattr(ip, "ipv4_mapped", None)
    return bool(ip.is_loopback or (mapped is not None and mapped.is_loopback))


class Server:
    """listgen serve's HTTP server: waitress, which reads every request whole (line, headers, body) in one loop
    before a thread answers it, so that slow or stalled clients cost a socket each and never a thread (Werkzeug's
    server gave each connection a thread: 200 clients trickling their headers held the page for 30 s at a time).
    A request must arrive within REQUEST_SECONDS of its first byte, however it trickles; a connection that sends
    nothing for IDLE_SECONDS is closed; another computer holds PER_CLIENT connections at most. Stopped as
    socketserver's are: serve_forever, shutdown, server_close."""

    def __init__(self, host: str, port: int, app) -> None:
        from waitress.adjustments import Adjustments
        from waitress.channel import HTTPChannel
        from waitress.server import TcpWSGIServer
        from waitress.task import ThreadedTaskDispatcher

        from listgen.web.workspace import MAX_REQUEST

        class Channel(HTTPChannel):
            started = 0.0  # when the request being read began to arrive

            def __init__(self, server, sock, addr, adj, map=None):
                super().__init__(server, sock, addr, adj, map)
                client = addr[0] if isinstance(addr, tuple) else ""
                if not this_computer(client) and _count(server.active_channels, client) > PER_CLIENT:
                    self.will_close = True  # closed at once, unanswered

            def received(self, data):
                if self.request is None:  # these bytes begin a request
                    self.started = time.monotonic()
                return super().received(data)

        class Listener(TcpWSGIServer):
            channel_class = Channel

            def maintenance(self, now):
                super().maintenance(now)  # idle connections (channel_timeout)
                late = time.monotonic() - REQUEST_SECONDS
                for channel in list(self.active_channels.values()):
                    if channel.request is not None and channel.started < late:  # trickled past its whole time
                        channel.will_close = True

        adj = Adjustments(
            host=host,
            port=port,
            threads=THREADS,
            connection_limit=MAX_CONNECTIONS,
            channel_timeout=IDLE_SECONDS,
            cleanup_interval=1,
            max_request_body_size=2 * MAX_REQUEST,  # past the app's own limit: the app says it, in its words
            asyncore_use_poll=True,  # select() takes no socket past 1024 on Linux
            ident="listgen",
        )
        dispatcher = ThreadedTaskDispatcher()
        self.app, self._stop, self._running = app, threading.Event(), threading.Lock()
        self.map: dict = {}  # the loop's sockets: the listener's, its connections'
        try:
            self.listener = Listener(app, self.map, dispatcher=dispatcher, adj=adj, sockinfo=adj.listen[0])
        except BaseException:
            from waitress import wasyncore

            wasyncore.close_all(self.map)  # its socket and its loop's trigger, made before the port was refused
            raise
        dispatcher.set_thread_count(adj.threads)  # once it listens: a port it cannot have leaves no thread behind
        self.server_port = int(self.listener.effective_port)
        self.server_address = (str(self.listener.effective_host), self.server_port)

    def serve_forever(self) -> None:
        from waitress import wasyncore

        with self._running:
            while not self._stop.is_set():
                wasyncore.loop(timeout=1, map=self.map, use_poll=True, count=1)

    def shutdown(self) -> None:
        """Stop serve_forever (from another thread) and wait until it has."""
        self._stop.set()
        self.listener.pull_trigger()  # its loop wakes now rather than after its timeout
        with self._running:
            pass

    def server_close(self) -> None:
        from waitress import wasyncore

        self._stop.set()
        self.listener.task_dispatcher.shutdown()
        wasyncore.close_all(self.map)


def _count(channels: dict, client: str) -> int:
    return sum(1 for channel in list(channels.values()) if channel.addr and channel.addr[0] == client)


def bounded_server(host: str, port: int, app) -> Server:
    """The server for an app: see Server."""
    return Server(host, port, app)


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
    """Refuse plainly a port another program holds, in words of our own."""
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
    logging.getLogger("waitress").setLevel(logging.ERROR)  # not its queue's depth nor its connections' count
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
