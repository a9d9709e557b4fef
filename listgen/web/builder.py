"""The builder's catalogue on the page: the text's own units for a place of the list, each priced for this list
as the commands price it (``listgen.core.catalogue``), added with one click."""

from __future__ import annotations

import json

from flask import Blueprint, request

from listgen.core.catalogue import offers
from listgen.core.edit import place, resolve, schema_at
from listgen.core.exceptions import EditError, InputError

from .. import rulesets
from .workspace import MAX_PATH, json_in, kept_reading, page, ruleset_of, schema_of, starter_of, yaml_field

blueprint = Blueprint("builder", __name__)


@blueprint.post("/catalogue")
def catalogue():
    """The catalogue for the list of entries at path: each entry, what it costs here, what it would break."""
    text = yaml_field()
    try:
        path = place(json_in(request.form.get("path", "[]"), MAX_PATH))
        slug = ruleset_of(text)
        schema = schema_of(slug)
        items = resolve(schema, schema_at(schema, path).get("items", {}))
    except (EditError, InputError, ValueError, KeyError, IndexError, TypeError) as exc:
        return page("catalogue", offers=[], kind="", path_json="[]", reason=f"no catalogue here: {exc}")
    kind = str(items.get("title", ""))
    entries = rulesets.get(slug).catalogue(kind)
    priced = offers(entries, text, path, schema, starter_of(slug), kept_reading(text))
    path_json = json.dumps(list(path), separators=(",", ":"))
    none = "the catalogue has none of these: add one with '+ Add' and fill it in"
    return page("catalogue", offers=priced, kind=kind, path_json=path_json, reason="" if entries else none)
