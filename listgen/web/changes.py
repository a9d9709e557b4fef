"""The form's edits: one request a change (set, add, remove, duplicate, move, or the YAML typed), answered with
as little of the page as the change needs redrawn."""

from __future__ import annotations

import json

from flask import Blueprint, Response, request

from listgen.core.edit import Editor, place
from listgen.core.exceptions import EditError, InputError
from listgen.core.findings import Path
from listgen.web.form import Many, find

from .workspace import (
    MAX_PATH,
    changed_heads,
    findings_changes,
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
    light = not message and op in EDITS
    shown = workspace(text, form=not light or op != "set")
    if light:
        answer = _light(op, path, was, text, shown)
        if answer is not None:
            return answer
    shown = workspace(text)  # the whole form drawn
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
    was_shown = workspace(was, form=False)  # kept: the text the last change answered with
    kept = (was_shown.get("paths", frozenset()), shown.get("paths", frozenset()))
    if not same_shape(was_shown["report"], shown["report"], where, kept) or (where and not isinstance(many, Many)):
        return None
    before = [g for g in was_shown["groups"] if not within(g.path, where)]
    heads = changed_heads(before, [g for g in shown["groups"] if not within(g.path, where)])
    headers = {"HX-Reswap": "none"}
    if many is not None:
        headers = {"HX-Retarget": f"#{many.id}", "HX-Reswap": "morph:outerHTML"}
    # the findings and the points' working are sent again only when they changed (a large list's are long)
    findings = findings_changes(was_shown["placed"], shown["placed"])
    points = was_shown["points_lines"] != shown["points_lines"]
    splice = yaml_splice(was, text)
    if splice is not None:  # the YAML pane is edited where the text changed (listgen.js), not written anew
        headers["HX-Trigger"] = json.dumps({"yamlSplice": splice}, ensure_ascii=True, separators=(",", ":"))
    answer = page(
        "light",
        yaml=text,
        spliced=splice is not None,
        heads=heads,
        many=many,
        findings=findings,
        points=points,
        **shown,
    )
    return Response(answer, headers=headers)


MOST_SPLICED = 4096  # characters of a change sent as an edit of the YAML pane (a header); more: the pane anew


def utf16(text: str) -> int:
    """A text's length as a browser counts it (UTF-16 code units), for places in a text area's value."""
    return len(text.encode("utf-16-le")) // 2


def yaml_splice(was: str, text: str) -> dict | None:
    """The change from was to text as one edit of the YAML pane: the places (in UTF-16 code units) of the part of
    was replaced, was's length, and what replaces it; None when the changed part is long. A text area's value
    set anew is rebuilt whole (a line's nodes each): a 2,000-line list's cost more than the rest of a change."""
    same = min(len(was), len(text))
    start = _common(lambda n: was[:n] == text[:n], same)
    end = _common(lambda n: was[len(was) - n :] == text[len(text) - n :], same - start)
    middle = text[start : len(text) - end]
    if len(middle) > MOST_SPLICED:
        return None
    head = utf16(was[:start])
    return {"start": head, "end": head + utf16(was[start : len(was) - end]), "length": utf16(was), "text": middle}


def spliced(was: str, splice: dict) -> str:
    """The text the YAML pane holds after a change's edit (``yaml_splice``) of was, as listgen.js makes it."""
    units = was.encode("utf-16-le")
    cut = units[: 2 * splice["start"]] + splice["text"].encode("utf-16-le") + units[2 * splice["end"] :]
    return cut.decode("utf-16-le")


def text_after(was: str, answer: str, headers) -> str | None:
    """The list's text the page holds after a change's answer: the YAML pane it sends, or was edited as its
    HX-Trigger says (yamlSplice); None when the answer gives neither."""
    import html
    import re

    trigger = json.loads(headers.get("HX-Trigger") or "{}")
    if "yamlSplice" in trigger:
        return spliced(was, trigger["yamlSplice"])
    pane = re.search(r'<textarea id="yaml"[^>]*>(.*?)</textarea>', answer, re.S)
    return html.unescape(pane[1]) if pane else None


def _common(same, most: int) -> int:
    """The largest n <= most for which same(n) (same(n) holds for every n up to it): compared in C, by halves."""
    low, high = 0, most
    while low < high:
        mid = (low + high + 1) // 2
        if same(mid):
            low = mid
        else:
            high = mid - 1
    return low
