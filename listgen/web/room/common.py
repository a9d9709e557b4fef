"""What the room's blueprints share: the room served, its pages, the client a request is from."""

from __future__ import annotations

import functools

from flask import Response, current_app, request

from .state import Room


def room() -> Room:
    return current_app.extensions["listgen-room"]


@functools.cache
def _environment():
    from listgen.output.templating import environment

    return environment()


def page(name: str, status: int = 200, **values) -> Response:
    """A page of templates/room/ (escaped: names are the players' own text)."""
    html = _environment().get_template(f"room/{name}.html.j2").render(root=request.script_root, status=status, **values)
    return Response(html, status=status, mimetype="text/html")


def message(text: str, status: int, back: str = "") -> Response:
    return page("message", status, text=text, back=back)


def client() -> str:
    """Who a request is from, for the bound on wrong codes: the phone's address on the club's network."""
    return str(request.remote_addr or "unknown")
