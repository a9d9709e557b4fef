"""The army list model: fields declared on classes, every problem reported at its line.

A ruleset declares its list as ``Model`` subclasses with annotated fields, in the rules' own
vocabulary::

    class Team(Model):
        name: Name
        quality: Quality                      # OneOf("untrained", "green", "trained", "veteran")
        motivation: Motivation | None = None
        figures: list[Figures] = Field(min_length=1, description="...")

``parse_army`` checks loaded YAML against such a model and reports every problem (not the
first) as an INPUT-* finding; ``json_schema`` publishes the same declarations as JSON Schema
for editors. Types: str, int, bool, ``OneOf``, ``X | None``, unions, ``list[X]``,
``dict[str, X]``, ``datetime.date``, ``object`` (anything) and other Models; ``Text`` and
``Number`` carry bounds.

Why not pydantic (which listgen used first): importing and building it took longer than the
whole of ``listgen validate`` may take, and only this small strict subset is needed.
"""

from __future__ import annotations

import contextlib
import contextvars
import datetime
import re
import sys
import types
import typing
from collections.abc import Callable, Iterable, Iterator
from typing import Annotated, Any, ClassVar, NoReturn, TypeVar

from listgen.core.findings import Finding, Findings, Path, did_you_mean

_REQUIRED = object()
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")
_BAD = object()  # a value that failed its check (its errors are already reported)


class FieldInfo:
    """A field's default and description, and bounds for its value."""

    __slots__ = ("default", "default_factory", "description", "ge", "le", "min_length", "max_length", "schema")

    def __init__(
        self,
        default: object = _REQUIRED,
        *,
        default_factory: Callable[[], object] | None = None,
        description: str = "",
        ge: int | None = None,
        le: int | None = None,
        min_length: int | None = None,
        max_length: int | None = None,
        schema: dict[str, Any] | None = None,
    ):
        self.default, self.default_factory, self.description = default, default_factory, description
        self.ge, self.le, self.min_length, self.max_length = ge, le, min_length, max_length
        self.schema = schema or {}  # extra JSON Schema keywords, e.g. the weapons an editor may complete

    @property
    def required(self) -> bool:
        return self.default is _REQUIRED and self.default_factory is None

    def make_default(self) -> object:
        return self.default_factory() if self.default_factory is not None else self.default


def Field(default: Any = _REQUIRED, **kwargs: Any) -> Any:  # noqa: N802 - reads like the declaration it is
    """A field's default and details: ``name: Name = Field(description="...")``.

    Typed ``Any`` so that a type checker takes ``count: int = Field(1, ge=1)`` as the int it is once read."""
    return FieldInfo(default, **kwargs)


# --- value kinds -------------------------------------------------------------------------------------


class Kind:
    """Checks one kind of value and describes it, for messages and for the JSON Schema."""

    noun = "a value"
    description = ""  # what a field of this kind holds, when the field says nothing itself
    extra: dict[str, Any] = {}  # more JSON Schema keywords, e.g. the weapons an editor may complete

    def check(self, value: object, path: Path, out: Findings, bounds: FieldInfo) -> object:
        raise NotImplementedError

    def stand_in(self, path: Path, out: Findings) -> object:
        """A value of this kind to stand where a required one did not read, while a broken list is recovered
        (recover_army): a placeholder no finding may rest on (``out.stood_in``); _BAD where there is none."""
        return _BAD

    def schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        return {}

    def __or__(self, other: object) -> Kind:
        return _union(self, other)

    def __ror__(self, other: object) -> Kind:
        return _union(other, self)


class Text(Kind):
    """Text within length bounds; numbers are read as text when ``numbers`` (YAML reads `name: 1944` as 1944);
    ``one_line`` text (a name) may hold no line break or control character."""

    noun = "text"

    def __init__(
        self,
        min_length: int | None = None,
        max_length: int | None = None,
        numbers: bool = False,
        one_line: bool = False,
        description: str = "",
        extra: dict[str, Any] | None = None,
    ):
        self.min_length, self.max_length, self.numbers, self.one_line = min_length, max_length, numbers, one_line
        self.description, self.extra = description, extra or {}

    def but(self, description: str = "", **extra: Any) -> Text:
        """The same text with a description and, e.g., the names an editor may complete (JSON Schema keywords)."""
        return Text(
            self.min_length,
            self.max_length,
            self.numbers,
            self.one_line,
            description or self.description,
            {**self.extra, **extra},
        )

    def check(self, value: object, path: Path, out: Findings, bounds: FieldInfo) -> object:
        if self.numbers and isinstance(value, (int, float)) and not isinstance(value, bool):
            value = str(value)
        if not isinstance(value, str):
            return _wrong(out, path, self.noun, value)
        low = bounds.min_length if bounds.min_length is not None else self.min_length
        high = bounds.max_length if bounds.max_length is not None else self.max_length
        if low and len(value) < low:
            out.error("INPUT-BAD-VALUE", f"'{_key(path)}' is empty; give it some text", path)
            return _BAD
        if high is not None and len(value) > high:
            out.error(
                "INPUT-BAD-VALUE", f"'{_key(path)}' is {len(value):,} characters long; at most {high} are allowed", path
            )
            return _BAD
        if self.one_line and _CONTROL.search(value):
            out.error(
                "INPUT-BAD-VALUE",
                f"'{_key(path)}' holds a line break or a control character; a name is one line of plain text",
                path,
            )
            return _BAD
        named = self.extra.get("enum")
        if named and value not in named and (same := folded(value, named)) is not None:
            return same  # a word the rules print in capitals ('SMG', 'LMG' on the Fire Table), read case-folded
        return value

    def schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {"type": ["string", "number"] if self.numbers else "string"}
        if self.min_length:
            out["minLength"] = self.min_length
        if self.max_length is not None:
            out["maxLength"] = self.max_length
        return {**out, **self.extra}


class Number(Kind):
    """A whole number within bounds (never true/false, never 2.5, never the text "3")."""

    noun = "a whole number"

    def __init__(self, ge: int | None = None, le: int | None = None):
        self.ge, self.le = ge, le

    def check(self, value: object, path: Path, out: Findings, bounds: FieldInfo) -> object:
        if not isinstance(value, int) or isinstance(value, bool):
            return _wrong(out, path, self.noun, value)
        low = bounds.ge if bounds.ge is not None else self.ge
        high = bounds.le if bounds.le is not None else self.le
        if low is not None and value < low:
            out.error("INPUT-BAD-VALUE", f"'{_key(path)}' is {value}; it must be at least {low}", path)
            return _BAD
        if high is not None and value > high:
            out.error("INPUT-BAD-VALUE", f"'{_key(path)}' is {value:,}; it may be at most {high:,}", path)
            return _BAD
        return value

    def schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "integer"}
        if self.ge is not None:
            out["minimum"] = self.ge
        if self.le is not None:
            out["maximum"] = self.le
        return out


class _Bool(Kind):
    noun = "true or false"

    def check(self, value: object, path: Path, out: Findings, bounds: FieldInfo) -> object:
        return value if isinstance(value, bool) else _wrong(out, path, self.noun, value)

    def schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        return {"type": "boolean"}


class _Date(Kind):
    noun = "a date (YYYY-MM-DD)"

    def check(self, value: object, path: Path, out: Findings, bounds: FieldInfo) -> object:
        if isinstance(value, datetime.date) and not isinstance(value, datetime.datetime):
            return value
        return _wrong(out, path, self.noun, value)

    def schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        return {"type": "string", "format": "date"}


class _Anything(Kind):
    def check(self, value: object, path: Path, out: Findings, bounds: FieldInfo) -> object:
        return value


def folded(value: str, values: Iterable[object]) -> str | None:
    """The one word of values that value is, case-folded ('SMG' is 'smg'), or None."""
    same = [v for v in values if isinstance(v, str) and v.casefold() == value.casefold()]
    return same[0] if len(same) == 1 else None


class OneOf(Kind):
    """One of the words the rules use, e.g. ``OneOf("veteran", "steady", "green")``."""

    def __init__(self, *values: object, description: str = ""):  # the words, or one tuple or list of them
        if len(values) == 1 and isinstance(values[0], (tuple, list)):
            values = tuple(values[0])
        self.values = tuple(values)
        self.description = description
        self.noun = "one of " + _choices(self.values)

    def check(self, value: object, path: Path, out: Findings, bounds: FieldInfo) -> object:
        if isinstance(value, str) and value in self.values:
            return value
        if isinstance(value, str) and (same := folded(value, self.values)) is not None:
            return same  # the rules' own spelling ('Veteran', 'Heavy', 'Mortar'), read case-folded
        if isinstance(value, (dict, list)):
            return _wrong(out, path, self.noun, value)
        hint = did_you_mean(str(value), self.values) if isinstance(value, str) else ""
        shown = f"'{value}'" if isinstance(value, str) else _yaml_word(value)
        why = (
            (
                " (YAML reads an unquoted yes, no, on, off, true or false as true or false: leave the key out, or "
                "write one of the words)"
            )
            if isinstance(value, bool)
            else ""
        )
        out.error(
            "INPUT-BAD-VALUE", f"'{_key(path)}' cannot be {shown}: expected {_choices(self.values)}{hint}{why}", path
        )
        return _BAD

    def schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        return {"type": "string", "enum": list(self.values)}

    def stand_in(self, path: Path, out: Findings) -> object:
        return self.values[0] if self.values else _BAD


class _Optional(Kind):
    def __init__(self, inner: Kind):
        self.inner = inner
        self.noun, self.description = inner.noun, inner.description

    def check(self, value: object, path: Path, out: Findings, bounds: FieldInfo) -> object:
        return None if value is None else self.inner.check(value, path, out, bounds)

    def stand_in(self, path: Path, out: Findings) -> object:
        return None

    def schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        # No null in the schema: an editor would offer `null` snippets; leaving the key out says the same.
        return self.inner.schema(defs)


class _Union(Kind):
    def __init__(self, options: list[Kind]):
        self.options = options
        self.noun = " or ".join(o.noun for o in options)

    def check(self, value: object, path: Path, out: Findings, bounds: FieldInfo) -> object:
        for option in self.options:
            trial = Findings()
            result = option.check(value, path, trial, bounds)
            if result is not _BAD and not trial.items:
                return result
        return _wrong(out, path, self.noun, value)

    def schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        return {"anyOf": [o.schema(defs) for o in self.options]}

    def stand_in(self, path: Path, out: Findings) -> object:
        return next((v for o in self.options if (v := o.stand_in(path, out)) is not _BAD), _BAD)


class _List(Kind):
    noun = "a list"

    def __init__(self, item: Kind):
        self.item = item
        self.description = item.description

    def check(self, value: object, path: Path, out: Findings, bounds: FieldInfo) -> object:
        if not isinstance(value, list):
            return _wrong(out, path, self.noun, value)
        if bounds.min_length and len(value) < bounds.min_length:
            out.error(
                "INPUT-BAD-VALUE",
                f"'{_key(path)}' is empty; it needs at least {bounds.min_length} "
                f"entr{'y' if bounds.min_length == 1 else 'ies'}",
                path,
            )
            return _BAD
        items = [self.item.check(v, path + (i,), out, _NO_BOUNDS) for i, v in enumerate(value)]
        if out.lenient:  # recovering: keep the entries that read, if enough of them do
            out.kept[path] = [n for n, i in enumerate(items) if i is not _BAD]
            items = [i for i in items if i is not _BAD]
            return _BAD if bounds.min_length and len(items) < bounds.min_length else items
        return _BAD if any(i is _BAD for i in items) else items

    def schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        return {"type": "array", "items": self.item.schema(defs)}

    def stand_in(self, path: Path, out: Findings) -> object:
        return []


class _Mapping(Kind):
    noun = "a mapping of keys"

    def __init__(self, key: Kind, value: Kind):
        self.key, self.value = key, value

    def check(self, value: object, path: Path, out: Findings, bounds: FieldInfo) -> object:
        if not isinstance(value, dict):
            return _wrong(out, path, self.noun, value)
        result, bad = {}, False
        for k, v in value.items():
            key = self.key.check(k, path + (k,), out, _NO_BOUNDS)
            item = self.value.check(v, path + (k,), out, _NO_BOUNDS)
            if key is _BAD or item is _BAD:
                bad = True
                if out.lenient:
                    continue
            result[key] = item
        return _BAD if bad and not out.lenient else result

    def schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        return {"type": "object", "additionalProperties": self.value.schema(defs)}


class _ModelKind(Kind):
    noun = "a mapping of keys"

    def __init__(self, model: type[Model]):
        self.model = model

    def check(self, value: object, path: Path, out: Findings, bounds: FieldInfo) -> object:
        if not isinstance(value, dict):
            return _wrong(out, path, self.noun, value)
        kept = _READ.get()
        if kept is None or out.lenient:
            return self.model._build(value, path, out)
        key = (id(value), path, self.model)
        hit = kept.get(key)
        if hit is not None and hit[0] is value:  # the very mapping read before, here: its model and findings again
            out.extend(hit[2])
            return hit[1]
        first = len(out.items)
        built = self.model._build(value, path, out)
        kept[key] = (value, built, tuple(out.items[first:]))  # the mapping held: its id is not another's meanwhile
        return built

    def stand_in(self, path: Path, out: Findings) -> object:
        return self.model._build({}, path, out)  # every required value of it stood in

    def schema(self, defs: dict[str, Any]) -> dict[str, Any]:
        name = self.model.__name__
        if name not in defs:
            defs[name] = {}  # placeholder first: models may nest themselves
            defs[name] = self.model._object_schema(defs)
        return {"$ref": f"#/$defs/{name}"}


_NO_BOUNDS = FieldInfo()

# While ``reading_shared`` holds: each mapping read, by (its id, its path, its model) -> (the mapping, its model or
# _BAD, the findings reading it gave). Lists that share most of their values (the catalogue adds each entry to a
# copy of a list made only along the entry's path) read what they share once. Models are read-only, so one serves
# every list that holds it. The findings are given again as they were made: only for lists made in code, whose
# values have no line and column in a file (a Document with no positions), never for a file's.
_READ: contextvars.ContextVar[dict[tuple[int, Path, type], tuple[object, object, tuple[Finding, ...]]] | None] = (
    contextvars.ContextVar("listgen_model_read", default=None)
)


@contextlib.contextmanager
def reading_shared() -> Iterator[None]:
    """Within it, a mapping read into a model before (the same object, at the same path) is not read again: for
    lists made in code only (no line and column to place a finding at), such as the catalogue's copies."""
    token = _READ.set({} if _READ.get() is None else _READ.get())
    try:
        yield
    finally:
        _READ.reset(token)


_KINDS = {str: Text(), int: Number(), bool: _Bool(), datetime.date: _Date(), object: _Anything()}


def kind_of(annotation: Any) -> Kind:  # Any: a type as Python keeps it (a class, a union, Annotated[...])
    """The Kind for an annotation: ``Annotated[type, Kind]`` (what a type checker reads as the type and this
    module checks as the Kind), a Kind itself, a builtin type, a Model, list[...], dict[...] or a union."""
    if isinstance(annotation, Kind):
        return annotation
    if typing.get_origin(annotation) is Annotated:
        kinds = [m for m in annotation.__metadata__ if isinstance(m, Kind)]
        return kinds[-1] if kinds else kind_of(annotation.__origin__)
    if annotation is None or annotation is type(None):
        return _NONE
    if isinstance(annotation, type):
        if issubclass(annotation, Model):
            return _ModelKind(annotation)
        if annotation in _KINDS:
            return _KINDS[annotation]
    if isinstance(annotation, types.UnionType) or typing.get_origin(annotation) is typing.Union:
        return _union(*annotation.__args__)
    if isinstance(annotation, types.GenericAlias):
        origin, args = annotation.__origin__, annotation.__args__
        if origin is list:
            return _List(kind_of(args[0]))
        if origin is dict:
            return _Mapping(kind_of(args[0]), kind_of(args[1]))
    raise TypeError(f"listgen.core.model cannot check {annotation!r}")


class _NoneKind(Kind):
    noun = "nothing"

    def check(self, value: object, path: Path, out: Findings, bounds: FieldInfo) -> object:
        return value if value is None else _wrong(out, path, self.noun, value)


_NONE = _NoneKind()


def _union(*annotations: object) -> Kind:
    options: list[Kind] = []
    for a in annotations:
        k = kind_of(a)
        options += k.options if isinstance(k, _Union) else [k]
    optional = any(o is _NONE for o in options)
    options = [o for o in options if o is not _NONE]
    inner = options[0] if len(options) == 1 else _Union(options)
    return _Optional(inner) if optional else inner


# --- models ------------------------------------------------------------------------------------------


class _Spec:
    __slots__ = ("name", "kind", "info")

    def __init__(self, name: str, kind: Kind, info: FieldInfo):
        self.name, self.kind, self.info = name, kind, info


_M = TypeVar("_M", bound="Model")


class Model:
    """A mapping of known keys: no unknown keys, no silent type changes ("3" is not 3), read-only."""

    _spec: ClassVar[dict[str, _Spec]]  # name -> _Spec, set by fields() on first use
    _noun = ""  # how messages name it at the top of a list, e.g. "a Close Action list"
    # keys a player writes here that the rules put elsewhere: key -> (code, message, rule). Such a key is a rule
    # broken where it stands (the list reads, is NOT LEGAL, and the rule is quoted), not an unknown key
    _elsewhere: ClassVar[dict[str, tuple[str, str, str]]] = {}

    @classmethod
    def fields(cls) -> dict[str, _Spec]:
        """name -> _Spec, in declaration order (base classes first); resolved once, on first use."""
        spec = cls.__dict__.get("_spec")
        if spec is None:
            spec = {}
            for klass in reversed(cls.__mro__):
                annotations = klass.__dict__.get("__annotations__", {})
                module = sys.modules[klass.__module__].__dict__
                for name, annotation in annotations.items():
                    if name.startswith("_"):
                        continue
                    if isinstance(annotation, str):
                        annotation = eval(annotation, module)  # noqa: S307 - our own source's annotations
                    default = klass.__dict__.get(name, _REQUIRED)
                    info = default if isinstance(default, FieldInfo) else FieldInfo(default)
                    if name in spec and not info.description:  # a narrowed field keeps its base's description
                        info = FieldInfo(
                            info.default, default_factory=info.default_factory, description=spec[name].info.description
                        )
                    spec[name] = _Spec(name, kind_of(annotation), info)
            cls._spec = spec
        return spec

    @classmethod
    def _build(cls, data: dict[Any, Any], path: Path, out: Findings) -> Any:
        """A model read from a mapping's values (an instance of cls), or _BAD, its errors reported to out. Any: a
        model or the sentinel, as the events' own defaults (``Rounds._build({}, ...)``) take it."""
        fields = cls.fields()
        values: dict[str, object] = {}
        bad, misspelt = False, set[str]()
        lenient = out.lenient
        meant: dict[str, Any] = {}  # recovering: a misspelt key's field -> the key as written ('qualty' -> 'quality')
        for key in data:
            if key in cls._elsewhere and key not in fields:
                code, message, rule = cls._elsewhere[key]
                out.error(code, message, path + (key,), rule)
                continue
            if key not in fields:
                hint = did_you_mean(str(key), fields)
                near = [name for name in fields if hint == f" (did you mean '{name}'?)"]
                misspelt.update(near)
                if near and near[0] not in data:
                    meant.setdefault(near[0], key)
                if not hint:
                    where = f"{cls._noun} takes" if (cls._noun and not path) else "allowed here are"
                    hint = f"; the keys {where}: {', '.join(fields)}"
                out.error("INPUT-UNKNOWN-KEY", f"unknown key '{key}'{hint}", path + (key,))
                bad = bad or not lenient  # recovering, an unknown key is left out
        for name, spec in fields.items():
            given = name in data or (lenient and name in meant)
            if given:
                key = name if name in data else meant[name]  # recovering: a misspelt key read as meant
                value = spec.kind.check(data[key], path + (key,), out, spec.info)
                if value is _BAD and lenient:
                    value = cls._recovered(spec, path + (key,), out)
                elif key != name and spec.info.required:  # a required value read from a guess: its unit waits
                    out.stood_in.append(path + (key,))
                bad = bad or value is _BAD
                values[name] = value
            elif spec.info.required:
                if name not in misspelt:  # a misspelt key is reported once, as unknown, with its right name
                    out.error("INPUT-MISSING-KEY", f"'{name}' is required here", path + (name,))
                value = cls._recovered(spec, path + (name,), out) if lenient else _BAD
                bad = bad or value is _BAD
                values[name] = value
            else:
                values[name] = spec.info.make_default()
        if bad:
            return _BAD
        item = object.__new__(cls)
        item.__dict__.update(values)
        return item

    @staticmethod
    def _recovered(spec: _Spec, path: Path, out: Findings) -> object:
        """Recovering: a broken optional value as if not given; a broken or missing required one stood in, its
        place noted, so that its unit and what holds it read on."""
        if not spec.info.required:
            return spec.info.make_default()
        value = spec.kind.stand_in(path, out)
        if value is not _BAD:
            out.stood_in.append(path)
        return value

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError(f"{type(self).__name__} is read-only; use replace()")

    def replace(self: _M, **changes: object) -> _M:
        """A copy with some fields changed (the changes are not checked)."""
        item = object.__new__(type(self))
        item.__dict__.update(self.__dict__, **changes)
        return item

    def to_dict(self) -> dict[str, Any]:
        """Plain data again (nested models too)."""
        return {name: _plain(getattr(self, name)) for name in self.fields()}

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.__dict__ == self.__dict__

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{k}={v!r}' for k, v in self.__dict__.items())})"

    @classmethod
    def _object_schema(cls, defs: dict[str, Any]) -> dict[str, Any]:
        properties: dict[str, Any] = {}
        for name, spec in cls.fields().items():
            prop = {**spec.kind.schema(defs), **spec.info.schema}
            if spec.info.required and isinstance(spec.kind, _Optional):  # always written, and may be null
                prop = {"anyOf": [prop, {"type": "null"}]}
            description = spec.info.description or spec.kind.description or _model_description(spec.kind)
            if description:
                prop["description"] = description
            default = spec.info.default
            if not spec.info.required and default is not _REQUIRED and default is not None:
                prop["default"] = default
            properties[name] = prop
        out: dict[str, Any] = {
            "type": "object",
            "title": cls.__name__,
            "properties": properties,
            "additionalProperties": False,
        }
        if cls.__doc__:
            out["description"] = " ".join(cls.__doc__.split())
        required = [name for name, spec in cls.fields().items() if spec.info.required]
        if required:
            out["required"] = required
        return out


def _model_description(kind: Kind) -> str:
    """A field holding a model (or a list of them) is described by the model's own first line."""
    inner = getattr(kind, "inner", None) or getattr(kind, "item", None) or kind
    model = getattr(inner, "model", None)
    return " ".join(model.__doc__.split(".")[0].split()) + "." if model is not None and model.__doc__ else ""


def _plain(value: object) -> object:
    if isinstance(value, Model):
        return value.to_dict()
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def json_schema(model: type[Model], title: str, schema_id: str) -> dict[str, Any]:
    """The JSON Schema (2020-12) of a model, for editors' completion and hover help."""
    defs: dict[str, Any] = {}
    body = model._object_schema(defs)
    defs.pop(model.__name__, None)
    body.pop("title", None)
    out = {"$schema": "https://json-schema.org/draft/2020-12/schema", "$id": schema_id, "title": title, **body}
    if defs:
        out["$defs"] = dict(sorted(defs.items()))
    return out


# --- messages ----------------------------------------------------------------------------------------


def _key(path: Path) -> str:
    for part in reversed(path):
        if not isinstance(part, int):
            return str(part)
    return "value"


def _choices(values: Iterable[object]) -> str:
    quoted = [f"'{v}'" for v in values]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]


def _yaml_word(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "empty"
    return repr(value)


def _describe(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "empty (no value)"
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "..."
        return f"the text '{shown}'"
    if isinstance(value, int):
        return f"the number {value}" if abs(value) < 10**15 else "a very long number"
    if isinstance(value, float):
        return f"the number {value:g}"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping of keys"
    if isinstance(value, datetime.date):
        return f"the date {value.isoformat()}"
    return f"a {type(value).__name__}"


def _wrong(out: Findings, path: Path, noun: str, value: object) -> object:
    out.error("INPUT-TYPE", f"'{_key(path)}' must be {noun}, not {_describe(value)}", path)
    return _BAD


# --- the list header every ruleset shares ---------------------------------------------------------------

# Each kind of value twice: the Kind (NAME), which checks it and may be narrowed (``NAME.but(...)``), and the
# type a field is declared with (Name), which a type checker reads as str and this module checks as NAME.
NAME = Text(min_length=1, max_length=120, numbers=True, one_line=True, description="Its name, as printed.")
Name = Annotated[str, NAME]
LongText = Annotated[str, Text(max_length=2000, numbers=True, description="Free text, printed on the roster.")]
Count = Annotated[int, Number(ge=0, le=10_000)]


class ListHeader(Model):
    """What every army list has, whatever its ruleset."""

    ruleset: str = Field(description="The ruleset this list is for; always the first key.")
    name: Name = Field(description="The force's name, as printed on the roster.")
    player: Name | None = Field(None, description="Who brings the list (tournaments).")
    data_version: Name | None = Field(
        None, description="Ruleset data version the list was built for (see `listgen rulesets`)."
    )
    points_limit: Count | None = Field(None, description="Points the force must not exceed.")
    notes: LongText | None = Field(None, description="Free text, printed on the roster.")


def parse_army(model: type[_M], data: object, findings: Findings, root: Path = ()) -> _M | None:
    """Check data against model; every problem becomes an INPUT-* finding. None on failure."""
    result = _ModelKind(model).check(data, root, findings, _NO_BOUNDS)
    return None if result is _BAD else _read(model, result)


def recover_army(model: type[_M], data: object, root: Path = ()) -> _M | None:
    """What of a list that failed ``parse_army`` still reads: unknown keys left out, a broken optional value
    taken as not given, an entry of a list that does not read left out. None when even that fails (a required
    key of the list itself is broken). Its findings are those of ``parse_army`` again, so none are returned:
    the army is only for running the checks that do not depend on what is broken."""
    return recover_army_where(model, data, root)[0]


def recover_army_where(
    model: type[_M], data: object, root: Path = ()
) -> tuple[_M | None, Callable[[Path], Path], list[Path]]:
    """recover_army, a function that turns a path in the recovered army (whose lists lack the entries left out)
    into the path of the same value as the list is written, and the places (as written) where a value stands in
    for a required one that did not read."""
    out = Findings(lenient=True)
    result = _ModelKind(model).check(data, root, out, _NO_BOUNDS)
    kept = out.kept

    def as_written(path: Path) -> Path:
        written: Path = ()
        for part in path:
            indexes = kept.get(written)
            if isinstance(part, int) and indexes is not None and 0 <= part < len(indexes):
                part = indexes[part]
            written += (part,)
        return written

    return (None if result is _BAD else _read(model, result)), as_written, list(out.stood_in)


def _read(model: type[_M], value: object) -> _M:
    """A value the model's kind read: an instance of the model (said so for the type checker)."""
    assert isinstance(value, model)
    return value
