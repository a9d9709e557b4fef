"""Every request's guards and headers. A phone on the club's network is a stranger: the app answers only to the
names it was started for (DNS rebinding), takes a change only from its own pages (Origin, or the fetch metadata
where a browser sends none), sets a strict CSP, and keeps the desk behind the event's token (a SameSite=Strict
cookie once the address with the key is opened). Errors are plain pages, never a traceback."""

from __future__ import annotations

from flask import Blueprint, Response, current_app, redirect, request
from werkzeug.exceptions import HTTPException

from listgen.web.security import cookie_name, same_key
from listgen.web.workspace import same_origin

from .common import message, room

SAFE_METHODS = ("GET", "HEAD", "OPTIONS")
blueprint = Blueprint("room_guard", __name__)


def is_desk() -> bool:
    return request.path == "/desk" or request.path.startswith(("/desk/", "/desk."))


@blueprint.before_app_request
def guard():
    served = room()
    if served.hosts and request.host not in served.hosts:
        return message(f"this room answers to {', '.join(sorted(served.hosts))} only, not '{request.host[:80]}'", 421)
    if request.method not in SAFE_METHODS and not same_origin():
        return message("refused: a result is sent from this room's own page only", 403)
    if not is_desk():
        return None
    given = request.args.get("key")
    if given is not None:
        if not same_key(given, served.token):
            return message("this key is not the desk's: open the address `listgen tournament serve` printed", 403)
        response = redirect(request.script_root + request.path)
        response.set_cookie(cookie_name(served.token), served.token, httponly=True, samesite="Strict", path="/")
        return response
    if not same_key(request.cookies.get(cookie_name(served.token), ""), served.token):
        return message("the organiser's desk: open the address with its key that the server printed", 403)
    return None


@blueprint.after_app_request
def headers(response: Response) -> Response:
    response.headers["Content-Security-Policy"] = (
        "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
        "object-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"
    )
    response.headers["X-Content-Type-Options"] = "nosniff"
    response.headers["Referrer-Policy"] = "same-origin"
    response.headers["Cache-Control"] = "no-store"
    response.headers["Cross-Origin-Resource-Policy"] = "same-origin"
    response.headers["X-Frame-Options"] = "DENY"
    return response


@blueprint.app_errorhandler(Exception)
def plain_error(error):
    if isinstance(error, HTTPException):
        text = "too large" if error.code == 413 else (error.description or error.name)
        return message(text, error.code or 500)
    current_app.logger.exception("listgen tournament serve: internal error")
    return message(f"listgen internal error: {type(error).__name__} (please report this)", 500)
