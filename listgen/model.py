"""The shared base of every ruleset's army model, and turning model errors into findings.

Each ruleset defines its list as pydantic models (typed, and the source of the JSON
Schema that ``listgen schema`` publishes). Here: the common configuration, a name
type, and ``parse_army`` which validates a loaded Document against a model and
reports every problem at its YAML line with the rules' vocabulary.
"""

from __future__ import annotations

import typing
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError

from .findings import Findings, did_you_mean


def _name(value: Any) -> Any:
    # YAML reads `name: 1944` as a number; a name is text whatever it looks like.
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return str(value)
    return value


Name = Annotated[str, BeforeValidator(_name), Field(min_length=1, max_length=120)]
Text = Annotated[str, BeforeValidator(_name), Field(max_length=2000)]
Count = Annotated[int, Field(ge=0, le=10_000)]


class Model(BaseModel):
    """Strict: no unknown keys, no silent type coercion ("3" is not 3)."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class ListHeader(Model):
    """What every army list has, whatever its ruleset."""

    ruleset: str = Field(description="The ruleset this list is for; always the first key.")
    name: Name = Field(description="The force's name, as printed on the roster.")
    player: Name | None = Field(None, description="Who brings the list (tournaments).")
    data_version: Name | None = Field(
        None, description="Ruleset data version the list was built for (see `listgen rulesets`).")
    points_limit: Count | None = Field(None, description="Points the force must not exceed.")
    notes: Text | None = Field(None, description="Free text, printed on the roster.")


def _fields_at(model: type, loc: tuple):
    """The model class reached by following loc from model (for 'did you mean')."""
    current: Any = model
    for part in loc:
        current = _unwrap(current, part)
        if current is None:
            return None
    return current if isinstance(current, type) and issubclass(current, BaseModel) else None


def _unwrap(annotation: Any, part):
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        field = annotation.model_fields.get(part)
        return field.annotation if field else None
    args = typing.get_args(annotation)
    origin = typing.get_origin(annotation)
    if origin is Annotated:
        return _unwrap(args[0], part)
    if origin in (list, tuple) and isinstance(part, int):
        return args[0] if args else None
    for arg in args:  # Optional / Union: the first branch that knows the part
        found = _unwrap(arg, part)
        if found is not None:
            return found
    return None


_TYPE_WORDS = {
    "string_type": "text", "int_type": "a whole number", "bool_type": "true or false",
    "list_type": "a list", "model_type": "a mapping of keys", "dict_type": "a mapping of keys",
    "int_from_float": "a whole number",
}


def parse_army(model: type, data: Any, findings: Findings, root: tuple = ()):
    """Validate data against model; every error becomes an INPUT-* finding. None on failure."""
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        for error in exc.errors(include_url=False):
            loc = root + tuple(error["loc"])
            kind = error["type"]
            key = loc[-1] if loc else None
            if kind == "extra_forbidden":
                owner = _fields_at(model, tuple(error["loc"])[:-1])
                hint = did_you_mean(key, owner.model_fields) if owner else ""
                findings.error("INPUT-UNKNOWN-KEY", f"unknown key '{key}'{hint}", loc)
            elif kind == "missing":
                findings.error("INPUT-MISSING-KEY", f"'{key}' is required here", loc)
            elif kind in ("literal_error", "enum"):
                expected = error.get("ctx", {}).get("expected", "")
                given = error.get("input")
                hint = did_you_mean(given, [e.strip(" '") for e in expected.replace(" or ", ",").split(",")])
                findings.error("INPUT-BAD-VALUE", f"'{key}' cannot be {given!r}: expected {expected}{hint}", loc)
            elif kind in _TYPE_WORDS:
                findings.error("INPUT-TYPE", f"'{key}' must be {_TYPE_WORDS[kind]}, "
                               f"not {type(error.get('input')).__name__} {error.get('input')!r}"[:300], loc)
            else:
                findings.error("INPUT-BAD-VALUE", f"'{key}': {error['msg']}", loc)
        return None
