"""listgen serve under slow clients (issue 50): 200 connections that trickle their headers a line at a time, each
opened again as soon as the server drops it, must not keep the page from answering. Loopback only; the clients
stop by themselves (a bounded count, a bounded time)."""

from __future__ import annotations

import http.client
import select
import socket
import threading
import time
from urllib.parse import urlsplit

import pytest

pytestmark = pytest.mark.slow

CLIENTS = 200
MOST_SECONDS = 20  # the trickling clients stop by then whatever happens


class Tricklers:
    """CLIENTS connections to 127.0.0.1:port, each sending a header line every half second and never the blank
    line that ends them; one the server closes (or answers) is opened again at once. One thread drives them all."""

    def __init__(self, port: int) -> None:
        self.port, self.sockets, self.reopened, self.refused = port, {}, 0, 0
        self.stop = threading.Event()
        self.until = time.monotonic() + MOST_SECONDS
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _open(self, i: int) -> None:
        try:
            s = socket.create_connection(("127.0.0.1", self.port), timeout=1)
            s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            s.setblocking(False)
            self.sockets[i] = s
        except OSError:
            self.refused += 1  # the server's queue full: tried again on the next round

    def _run(self) -> None:
        for i in range(CLIENTS):
            self._open(i)
        line = 0
        while not self.stop.is_set() and time.monotonic() < self.until:
            for i in range(CLIENTS):
                s = self.sockets.get(i)
                if s is None:
                    self._open(i)
                    continue
                try:
                    s.send(f"X-Slow-{line}: 1\r\n".encode())
                    s.recv(1)  # something came back (an error page) or b"" (closed): either way, dropped
                except BlockingIOError:
                    continue  # still being read, slowly
                except OSError:
                    pass
                s.close()
                del self.sockets[i]
                self.reopened += 1
                self._open(i)
            line += 1
            self.stop.wait(0.5)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop.set()
        self.thread.join(MOST_SECONDS)
        for s in self.sockets.values():
            s.close()


def answered_in(url: str) -> float:
    """Seconds until the page's first answer (any status: the key's cookie is not kept here)."""
    parts = urlsplit(url)
    started = time.perf_counter()
    connection = http.client.HTTPConnection(parts.hostname or "127.0.0.1", parts.port, timeout=10)
    try:
        connection.request("GET", f"{parts.path}?{parts.query}")
        connection.getresponse().read()
    finally:
        connection.close()
    return time.perf_counter() - started


def test_the_page_answers_within_a_second_while_200_clients_trickle_and_reopen(tmp_path, monkeypatch):
    """Each trickling client is dropped when its request's whole time is up (REQUEST_SECONDS, 2 s here rather than
    30 so that the test sees three waves of them dropped and opened again) and the page answers all along."""
    from listgen.web import serve

    monkeypatch.setattr(serve, "REQUEST_SECONDS", 2)
    server, url = serve.start(tmp_path, 0)
    serving = threading.Thread(target=server.serve_forever, daemon=True)
    serving.start()
    try:
        answered_in(url)  # the app's first answer loads its templates
        times = []
        with Tricklers(server.server_port) as clients:
            while len(clients.sockets) < CLIENTS and time.monotonic() < clients.until:
                time.sleep(0.05)  # all of them connected first
            started = time.monotonic()
            while time.monotonic() - started < 7:
                times.append(answered_in(url))
                time.sleep(0.25)
            reopened = clients.reopened
        assert reopened >= CLIENTS, reopened  # every client was dropped and came back at least once
        assert max(times) < 1, [round(t, 2) for t in times]
    finally:
        server.shutdown()
        server.server_close()
        serving.join(10)


def test_a_body_past_the_page_s_limit_is_refused_in_the_page_s_words(tmp_path):
    """waitress reads a body whole before the app sees it, up to twice the app's own limit: a backup past the app's
    limit is refused by the app, with its message, not by the server's plain text."""
    from listgen.web import serve
    from listgen.web.workspace import MAX_REQUEST

    server, url = serve.start(tmp_path, 0)
    serving = threading.Thread(target=server.serve_forever, daemon=True)
    serving.start()
    try:
        parts = urlsplit(url)
        connection = http.client.HTTPConnection("127.0.0.1", server.server_port, timeout=30)
        connection.request("GET", f"{parts.path}?{parts.query}")
        answer = connection.getresponse()
        answer.read()
        cookie = answer.getheader("Set-Cookie", "").split(";")[0]
        body = b"x" * (MAX_REQUEST + 1)
        headers = {"Cookie": cookie, "Origin": f"http://127.0.0.1:{server.server_port}"}
        headers["Content-Type"] = "multipart/form-data; boundary=b"
        connection.request("POST", "/lists/restore-backup", body=body, headers=headers)
        answer = connection.getresponse()
        said = answer.read().decode("utf-8", "replace")
        assert answer.status == 413 and "a backup to restore may be" in said, said[:300]
        connection.close()
    finally:
        server.shutdown()
        server.server_close()
        serving.join(10)


def test_another_computer_holds_at_most_per_client_connections_and_this_one_is_not_bounded_so(tmp_path, monkeypatch):
    """Served on the network (--host), one other computer may hold PER_CLIENT connections (3 here), so that it
    cannot take all MAX_CONNECTIONS; this computer's own are not bounded so (the page's browser is one of them).
    The test's clients are on loopback: taken for another computer's by this_computer answering no."""
    from listgen.web import serve

    assert serve.this_computer("127.0.0.1") and serve.this_computer("::1") and serve.this_computer("::ffff:127.0.0.5")
    assert not serve.this_computer("192.0.2.7") and not serve.this_computer("2001:db8::1")
    monkeypatch.setattr(serve, "PER_CLIENT", 3)

    def held(count: int) -> list:
        """Of count connections that each send half a request, which the server has closed."""
        opened = []
        for _ in range(count):
            s = socket.create_connection(("127.0.0.1", server.server_port), timeout=5)
            s.sendall(b"GET / HTTP/1.1\r\n")
            opened.append(s)
        closed: set = set()
        until = time.monotonic() + 2  # a closed one is closed at once; the rest stay open 10 s (IDLE_SECONDS)
        while len(closed) < count and (left := until - time.monotonic()) > 0:
            ready, _, _ = select.select([s for s in opened if s not in closed], [], [], left)
            closed.update(ready)  # readable with nothing sent back: the server closed (or reset) it
        for s in opened:
            s.close()
        until = time.monotonic() + 5
        while server.listener.active_channels and time.monotonic() < until:
            time.sleep(0.01)  # the server has seen every one of them go before the next round counts
        return [s in closed for s in opened]

    server, url = serve.start(tmp_path, 0)
    serving = threading.Thread(target=server.serve_forever, daemon=True)
    serving.start()
    try:
        assert held(3) == [False, False, False]  # at the limit: all held
        assert held(6) == [False] * 6  # this computer: not bounded so
        monkeypatch.setattr(serve, "this_computer", lambda address: False)
        assert held(4) == [False, False, False, True]  # past it: the fourth closed at once, unanswered
        assert answered_in(url) < 5  # and the next comes in once they are gone
    finally:
        server.shutdown()
        server.server_close()
        serving.join(10)
