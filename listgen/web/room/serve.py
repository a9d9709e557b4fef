"""`listgen tournament serve PACK`: the room's server on the organiser's laptop. It answers on loopback unless told
an address of the club's network (--lan ADDR); it prints the players' address, its QR code, and the desk's address
with the event's token. The server is listgen serve's (waitress: each request read whole before a thread answers
it, connections bounded per client)."""

from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
from pathlib import Path

from listgen.core.exceptions import ServeError
from listgen.web.serve import LOOPBACK, _can_listen, bounded_server

from .app import create_app
from .state import Room


def desk_token(secret: str) -> str:
    """The desk's token: the same for the event all day (a desk's tab reopened after a restart still works), made
    from the event's secret and telling nothing of it; a random one for an event with no secret."""
    if not secret:
        return secrets.token_urlsafe(24)
    return hmac.new(secret.encode(), b"listgen room desk", hashlib.sha256).hexdigest()[:32]


def prepared(pack_file: str) -> str:
    """The event opened as `pair` opens it, its secret made where it has none (the personal codes need it): the
    secret. A pack that cannot be run is refused here, before anything listens."""
    from listgen.events.event import open_event
    from listgen.events.event_lock import event_lock
    from listgen.events.event_state import keyed

    with event_lock(pack_file, "serve"):
        event = open_event(pack_file)
        event, _said = keyed(event, event.rounds()[0])
    return event.secret


def start(pack_file: str, port: int = 8000, lan: str | None = None, out_dir: Path = Path("output/rounds"),
          paper: str = "a4"):  # fmt: skip
    """The server, not yet serving, and (the players' address, the desk's address with its key)."""
    host = lan or "127.0.0.1"
    if lan is not None and lan in ("0.0.0.0", "::", ""):
        raise ServeError("--lan names this computer's address on the club's network (e.g. 192.168.1.20), not all")
    secret = prepared(pack_file)
    _can_listen(host, port)
    room = Room(pack_file=pack_file, token=desk_token(secret), out_dir=out_dir, paper=paper)
    try:
        server = bounded_server(host, port, create_app(room))
    except (OSError, ValueError) as exc:
        raise ServeError(f"cannot listen on {host}:{port} ({exc})") from None
    port = server.server_port
    names = {host, *LOOPBACK} if host in LOOPBACK else {host}
    room.hosts = {f"[{n}]:{port}" if ":" in n else f"{n}:{port}" for n in names}
    shown = f"[{host}]" if ":" in host else host
    room.address = f"http://{shown}:{port}"
    if lan is not None:  # the slips and pairings printed from now on lead the phones here
        from listgen.events.room import set_address

        set_address(pack_file, room.address)
    return server, room.address, f"{room.address}/desk?key={room.token}"


def console_qr(text: str, dark_ink: bool = False) -> list:
    """A QR code as lines of text, two rows of modules a line in half blocks. A block is ink: the light modules are
    drawn where the ink is light (a dark terminal's), the dark ones where it is dark (`dark_ink`: the lines are then
    printed black on white, whatever the terminal's colours). A quiet border of two modules all round."""
    from listgen.render.qr import modules

    rows = [tuple(False for _ in range(len(modules(text)) + 4))]
    rows = rows * 2 + [(False, False, *r, False, False) for r in modules(text)] + rows * 2
    if len(rows) % 2:
        rows.append(rows[0])
    out = []
    for top, bottom in zip(rows[::2], rows[1::2], strict=True):
        inked = [(t, b) if dark_ink else (not t, not b) for t, b in zip(top, bottom, strict=True)]
        out.append("".join(" ▄▀█"[t * 2 + b] for t, b in inked))
    return out


def _shown_qr(text: str, terminal: bool) -> list:
    """On a terminal, black on white (a phone reads it whatever the terminal's colours); elsewhere (a log file)
    plain text, light on a dark terminal."""
    if not terminal:
        return console_qr(text)
    return [f"\x1b[30;107m{line}\x1b[0m" for line in console_qr(text, dark_ink=True)]


def run(pack_file: str, port: int, lan: str | None, out_dir: Path, paper: str, echo) -> None:
    """Serve the room until Ctrl+C."""
    server, players, desk = start(pack_file, port, lan, out_dir, paper)
    logging.getLogger("waitress").setLevel(logging.ERROR)
    if lan is None:
        echo("listgen: the room answers on this computer only (127.0.0.1); --lan ADDR lets the club's network in")
    else:
        echo(f"listgen: the room answers on the club's network at {lan}: phones there can report results")
    echo(f"players (board, results): {players}")
    import sys

    for line in _shown_qr(players, sys.stdout.isatty()):
        echo(line)
    echo(f"the desk (keep this address to yourself): {desk}")
    echo("the command line works beside it (every move takes the event's lock). Press Ctrl+C to stop.")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    echo("listgen tournament serve: stopped")
