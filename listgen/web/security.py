"""Every request's guards and headers: a page on this computer can be reached by any web page its user visits.

It answers only to its own host name (DNS rebinding); a random key in the address `listgen serve` printed is
swapped for a SameSite=Strict cookie named for this server, and every request needs it; every request that changes
something must come from the page itself (Origin, or the fetch metadata where a browser sends none); errors are
plain pages, never a traceback.
"""

from __future__ import annotations

import hashlib
import hmac
import time

from flask import Blueprint, Response, current_app, g, redirect, request
from werkzeug.exceptions import HTTPException

from listgen.core.loader import MAX_BYTES

from .workspace import MAX_REQUEST, message, same_origin, site

SAFE_METHODS = ("GET", "HEAD", "OPTIONS")
blueprint = Blueprint("security", __name__)


def cookie_name(token: str) -> str:
    """The key's cookie, named for this server: a browser sends every cookie of 127.0.0.1 to each of its ports,
    so two servers at once each keep their own (one no longer logs the other out)."""
    return "listgen-key-" + hashlib.sha256(token.encode("ascii")).hexdigest()[:12]


def same_key(given: str, token: str) -> bool:
    """Whether a key (from the address or a cookie, so any text at all) is this server's, in constant time."""
    return hmac.compare_digest(given.encode("utf-8", "surrogateescape"), token.encode("ascii"))


@blueprint.before_app_request
def started():
    g.started = time.perf_counter()


@blueprint.before_app_request
def guard():
    served = site()
    if served.hosts and request.host not in served.hosts:
        return message(f"listgen serve answers to {', '.join(sorted(served.hosts))} only, not '{request.host}'", 421)
    cookie = cookie_name(served.token)
    given = request.args.get("key")
    if given is not None:
        if not same_key(given, served.token):
            return message("this key is not the one listgen serve printed: open the address it printed", 403)
        response = redirect(request.script_root + request.path)
        response.set_cookie(cookie, served.token, httponly=True, samesite="Strict", path="/")
        return response
    if not same_key(request.cookies.get(cookie, ""), served.token):
        return message("open the address `listgen serve` printed: it carries the key to this page", 403)
    if request.method not in SAFE_METHODS and not same_origin():
        return message("refused: a change must come from the listgen page itself", 403)
    return None


@blueprint.after_app_request
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


@blueprint.app_errorhandler(404)
@blueprint.app_errorhandler(413)
@blueprint.app_errorhandler(400)
def plain_error(error):
    text = {413: f"too large: a list may be {MAX_BYTES // 1024} KiB at most"}.get(error.code, error.description)
    if error.code == 413 and request.path.endswith("/lists/restore-backup"):
        text = f"too large: a backup to restore may be {MAX_REQUEST // 1024} KiB at most (nothing was restored)"
    return message(text, error.code)


@blueprint.app_errorhandler(Exception)
def internal(error):
    if isinstance(error, HTTPException):
        return plain_error(error)
    current_app.logger.exception("listgen serve: internal error")
    return message(f"listgen internal error: {type(error).__name__}: {error} (please report this)", 500)
