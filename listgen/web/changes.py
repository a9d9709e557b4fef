"""The form's edits: one request a change (set, add, remove, duplicate, move, or the YAML typed), answered with
as little of the page as the change needs redrawn."""

from __future__ import annotations

from flask import Blueprint, Response, request

from listgen.core.edit import Editor, place
from listgen.core.exceptions import EditError, InputError
from listgen.core.findings import Path
from listgen.web.form import Many, find

from .workspace import (
    MAX_PATH,
    changed_heads,
    json_in,
    page,
    prepare_after,
    ruleset_of,
    same_shape,
    schema_of,
    starter_of,
    within,
    workspace,
    yaml_field,
)

blueprint = Blueprint("changes", __name__)
EDITS = ("set", "add", "remove", "duplicate", "move")


@blueprint.post("/change")
def change():
    text = yaml_field()
    op = request.form.get("op", "text")
    message, was = "", text
    path: Path = ()
    if op != "text":
        try:
            path = place(json_in(request.form.get("path", "[]"), MAX_PATH))
            ruleset = ruleset_of(text)
            text = Editor(text, schema_of(ruleset), starter_of(ruleset)).apply(op, path, request.form.get("value"))
        except (EditError, InputError, ValueError) as exc:
            message = f"Not changed: {exc}. Fix the YAML first if it does not read."
    shown = workspace(text)
    if not message and op in EDITS:
        light = _light(op, path, was, text, shown)
        if light is not None:
            return light
    response = Response(page("change", yaml=text, op=op, message=message, dirty=True, **shown))
    if not message:  # typed, or entries moved: read anew once the answer is sent, for quick value changes
        prepare_after(response, text)
    return response


def _light(op: str, path: tuple, was: str, text: str, shown: dict) -> Response | None:
    """Redraw as little as the change needs (each part the browser redraws costs it time): after a value, the
    parts whose title, cost or findings changed; after an entry added, removed or moved, that list too. None when
    the shape changed elsewhere (the whole form is redrawn)."""
    where = () if op == "set" else tuple(path) if op == "add" else tuple(path)[:-1]
    many = find(shown["form"], where) if where else None
    was_shown = workspace(was)  # kept: the text the last change answered with
    if not same_shape(was_shown["report"], shown["report"], where) or (where and not isinstance(many, Many)):
        return None
    before = [g for g in was_shown["groups"] if not within(g.path, where)]
    heads = changed_heads(before, [g for g in shown["groups"] if not within(g.path, where)])
    headers = {"HX-Reswap": "none"}
    if many is not None:
        headers = {"HX-Retarget": f"#{many.id}", "HX-Reswap": "morph:outerHTML"}
    return Response(page("light", yaml=text, heads=heads, many=many, **shown), headers=headers)
