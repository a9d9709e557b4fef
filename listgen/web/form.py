"""The page's form for a list: built from the ruleset's JSON Schema and the list's values, with each finding
and each unit's points beside the part of the list it is about.

The fields come from the schema and the text, not from the force tree: the form must show (and mend) a list
the model refuses, a value of the wrong type or an unknown weapon. What the form says of the force, each part's
price and each group's subtotal, is read off the priced tree (``force.Node.costs``) when the list reads.

Nothing here is written per ruleset: a field's label is its key, its choices the schema's enum (the same
``listgen schema`` gives an editor), its help the schema's description. The templates
(templates/serve/parts.html.j2, for the editor and each change) only draw what this module decides.
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass, field
from typing import Any, ClassVar

from listgen.core.edit import choices, resolve, types_of
from listgen.core.force import Node
from listgen.core.value import subtotals

LONG_TEXT = 200  # a text field that may hold more than this is a text area
MOST_PARTS = 600  # parts (units, leaders, figures lines) the form draws; the largest example has about 90


def path_json(path: tuple) -> str:
    """A place in the list as the page names it: compact JSON, ["platoons",0,"leader"]."""
    return json.dumps(list(path), ensure_ascii=False, separators=(",", ":"))


def anchor(path: tuple) -> str:
    """An id for the page: letters, digits, '-' and '_' only."""
    return "n" + "".join(f"-{p}" if isinstance(p, int) else "_" + re.sub(r"[^A-Za-z0-9]", "", str(p)) for p in path)


# Initials the rules print in capitals, and a key whose label says more than the key
_WORDS = {"afo": "AFO", "rpg": "RPG/LAW", "apw": "APW", "law": "LAW", "amds": "AMDS", "mrl": "MRL", "hq": "HQ"}


@functools.lru_cache(maxsize=1024)  # a form of 500 units asks 50,000 times, of a few dozen keys and type names
def words(name) -> str:
    """A key or a schema's type name in words: 'support_weapons' and 'SupportWeapon' -> 'support weapons' and
    'support weapon'; the rules' initials kept in capitals ('afo' -> 'AFO')."""
    spaced = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", str(name)).replace("_", " ").replace("-", " ")
    return " ".join(_WORDS.get(w.lower(), w.lower()) for w in spaced.split())


def label(key) -> str:
    text = words(key)
    return text[:1].upper() + text[1:]


class Part:
    """A part of the form at a place in the list: its id on the page and its path as the page posts it."""

    path: tuple

    @property
    def id(self) -> str:
        return anchor(self.path)

    @property
    def path_json(self) -> str:
        return path_json(self.path)


@dataclass
class Scalar(Part):
    """One value: a choice, a number, a tick or text."""

    tag: ClassVar[str] = "scalar"

    path: tuple
    label: str
    help: str
    widget: str  # select, combo (text with suggestions), number, checkbox, text, textarea
    value: str = ""
    checked: bool = False
    options: list = field(default_factory=list)
    required: bool = False
    foreign: bool = False  # the value is not one of the choices (shown, and validation says so)
    minimum: Any = None
    maximum: Any = None
    unset: str = "(not given)"  # how a choice left out reads: with what leaving it out means where it has a default

    @property
    def id(self) -> str:
        return "f" + anchor(self.path)  # a control; the part of the form holding it is anchor(path)


@dataclass
class Group(Part):
    """A mapping in the list: the force, a platoon, a team, a leader..."""

    tag: ClassVar[str] = "group"

    path: tuple
    title: str  # its name, or its kind and number
    kind: str  # the schema's name for it: Team, Section...
    help: str
    fields: list = field(default_factory=list)
    findings: list = field(default_factory=list)
    cost: str = ""  # e.g. '18 points'
    working: str = ""
    in_list: tuple | None = None  # (index, length) when it is an entry of a list
    optional: bool = False  # an optional mapping (a section's leader): it may be removed
    compact: bool = False  # a unit drawn as one row, its options opened in place when chosen
    line: bool = False  # a line of a unit (figures, men, a support weapon): drawn on one line
    gist: str = ""  # what the row says of it: 'trained · 1 x lmg, 2 x rifle'


@dataclass
class Many(Part):
    """A list of mappings: platoons, sections, teams, figures..."""

    tag: ClassVar[str] = "many"

    path: tuple
    label: str
    help: str
    items: list
    noun: str  # what one entry is called, for 'Add team'
    more: int = 0  # entries past MOST_PARTS, not drawn
    item: str = ""  # the schema's title of an entry (Team, Stand...): the catalogue's kind for it
    catalogue: bool = False  # the ruleset's catalogue has entries of that kind


@dataclass
class Words(Part):
    """A list of words: weapons, morale factors, what a vehicle carries."""

    tag: ClassVar[str] = "words"

    path: tuple
    label: str
    help: str
    items: list  # Scalar
    adder: Scalar  # the control that adds one


@dataclass
class Table(Part):
    """A mapping of names the user chooses to values: a points table's costs."""

    tag: ClassVar[str] = "table"

    path: tuple
    label: str
    help: str
    rows: list  # (name, Scalar)
    options: list = field(default_factory=list)  # names to choose from for a new entry (items the list holds)


@dataclass
class Absent(Part):
    """An optional mapping the list leaves out (a section leader, a vehicle): a button adds it."""

    tag: ClassVar[str] = "absent"

    path: tuple
    label: str
    help: str


@dataclass
class Raw(Part):
    """A value the form cannot show (the list has text where a mapping belongs): edit it in the YAML."""

    tag: ClassVar[str] = "raw"

    path: tuple
    label: str
    text: str


def _noun(key: str, typed: str) -> str:
    """What one entry of a list is called: its type's name ('team'), or the list's own word in the singular where
    the type is more general than the list ('heroes' of individuals: 'hero')."""
    kind = words(typed)
    if kind.split()[-1] in words(key):
        return kind
    said = words(key)
    for plural, one in (("ies", "y"), ("oes", "o"), ("s", "")):
        if said.endswith(plural):
            return said[: -len(plural)] + one
    return said


LINES = ("figures", "men", "support_weapons")  # a unit's lines, drawn inside its row when opened
GIST_KEYS = ("quality", "grade", "training", "experience", "equipment", "type", "motivation", "weapon", "armour")


def _gist(value: dict) -> str:
    """A unit's row in words: its quality (or grade, training...), type and weapon, and its lines as 'n x weapon'."""
    said = [str(value[k]) for k in GIST_KEYS if isinstance(value.get(k), (str, int)) and str(value[k])]
    for key in LINES:
        lines = value.get(key)
        if isinstance(lines, list):
            said += [_line(v) for v in lines if isinstance(v, dict)]
    weapons = value.get("weapons")
    if isinstance(weapons, list) and weapons:
        said.append(", ".join(str(w) for w in weapons))
    return " \u00b7 ".join(x for x in said if x)


def _line(value: dict) -> str:
    count, weapon = value.get("count", 1), value.get("weapon", "")
    return f"{count} x {weapon}" if weapon else ""


def compact(part, inside: bool = False) -> None:
    """Mark the units drawn as rows: a mapping of the list whose only lists are its own lines (a team and its
    figures, a stand, a leader); none inside another."""
    if isinstance(part, Group):
        lists = [f for f in part.fields if isinstance(f, Many)]
        part.compact = bool(part.path) and not inside and not part.line and all(m.path[-1] in LINES for m in lists)
        for sub in part.fields:
            compact(sub, inside or part.compact)
    elif isinstance(part, Many):
        for item in part.items:
            if isinstance(item, Group) and part.path[-1] in LINES:
                item.line = True
            compact(item, inside)


def _untitled(value: dict, in_list) -> str:
    """A nameless entry's title: what it holds where that says it ('2 x rifle'), else its number."""
    count, weapon = value.get("count"), value.get("weapon")
    if isinstance(count, int) and isinstance(weapon, str):
        return f"{count} x {weapon}"
    return f"No. {in_list[0] + 1}" if in_list else ""


class FormBuilder:
    """Builds the form of one list. ``force`` is the list's priced tree (None when the list does not read): it
    says what each part costs (``Node.cost``) and each group comes to; ``findings`` are the report's."""

    def __init__(
        self,
        schema: dict,
        findings=(),
        force: Node | None = None,
        unit: str = "points",
        names=(),
        items=(),
        fields: bool = True,
    ):
        self.schema, self.unit = schema, unit
        self.fields = fields  # False: only the parts (Group, Many) and their heads, no field of a value
        self.parts = {node.path: node for node in force.walk()} if force is not None else {}
        self.subtotals = {path: words for path, _name, words in subtotals(force, unit)}
        self.findings = list(findings)
        self.names = list(names)  # what a reference to another part of the list may name
        self.items = list(items)  # items the list holds that its points table does not price yet
        self.groups: list[Group] = []
        self.placed: list = []  # (finding, the id of the part of the form it is shown at)

    def build(self, data) -> Group:
        root = self.group((), resolve(self.schema, self.schema), data if isinstance(data, dict) else {}, None)
        self._place_findings()
        compact(root)
        return root

    def _place_findings(self) -> None:
        """Each finding goes to the innermost mapping it is about (a list-wide one to the force)."""
        by_path = {g.path: g for g in self.groups}
        for finding in self.findings:
            path = tuple(finding.path or ())
            while path and path not in by_path:
                path = path[:-1]
            by_path[path].findings.append(finding)
            self.placed.append((finding, by_path[path].id))

    def group(self, path: tuple, node: dict, value: dict, in_list, optional: bool = False, kind: str = "") -> Group:
        name = value.get("name")
        typed = node.get("title", "")  # the schema's name for it: 'SupportWeapon' in words, a sentence as it is
        kind = kind or (label(typed) if re.fullmatch(r"[A-Z][A-Za-z]*", typed) else typed) or "List"
        title = str(name) if isinstance(name, (str, int)) and str(name) else _untitled(value, in_list)
        group = Group(path, title.strip(), kind, node.get("description", ""), in_list=in_list, optional=optional)
        group.gist = _gist(value)
        part = self.parts.get(path)
        cost = part.cost if part is not None else None
        if cost is not None:
            group.cost, group.working = cost.figure(self.unit), cost.line().split(" = ", 1)[-1]
        elif path in self.subtotals:
            group.cost = f"{self.subtotals[path]} in all"
        self.groups.append(group)
        required = node.get("required", [])
        for key, sub in node.get("properties", {}).items():
            if not path and key == "ruleset":
                continue  # fixed by the list's kind
            sub = resolve(self.schema, sub)
            if self.fields or _holds_parts(self.schema, sub, value.get(key)):
                group.fields.append(self.field(path + (key,), sub, value.get(key), key in required))
        return group

    def field(self, path: tuple, node: dict, value, required: bool):
        key = path[-1]
        kinds = types_of(node)
        help_text = node.get("description", "")
        if "properties" in node:
            if value is None:
                return Absent(path, label(key), help_text)
            if not isinstance(value, dict):
                return Raw(path, label(key), str(value))
            return self.group(path, node, value, None, optional=not required, kind=label(key))
        if "array" in kinds:
            items = resolve(self.schema, node.get("items", {}))
            if value is not None and not isinstance(value, list):
                return Raw(path, label(key), str(value))
            value = value or []
            if "properties" in items:
                groups: list = []
                for i, v in enumerate(value):
                    if len(self.groups) >= MOST_PARTS:  # a page a browser can still draw at once
                        break
                    groups.append(
                        self.group(path + (i,), items, v, (i, len(value)))
                        if isinstance(v, dict)
                        else Raw(path + (i,), f"{label(key)} {i + 1}", str(v))
                    )
                noun = _noun(key, items.get("title", "entry"))
                more = len(value) - len(groups)
                return Many(path, label(key), help_text, groups, noun, more, str(items.get("title", "")))
            each = [self.scalar(path + (i,), items, v, True, f"{label(key)} {i + 1}") for i, v in enumerate(value)]
            adder = self.scalar(path + (len(value),), items, None, False, f"Add to {label(key).lower()}")
            return Words(path, label(key), help_text, each, adder)
        if isinstance(node.get("additionalProperties"), dict) or "object" in kinds:
            entry = resolve(self.schema, node.get("additionalProperties") or {})
            if value is not None and not isinstance(value, dict):
                return Raw(path, label(key), str(value))
            rows = [(str(k), self.scalar(path + (k,), entry, v, False, str(k))) for k, v in (value or {}).items()]
            offered = [i for i in self.items if i not in (value or {})] if key == "items" else []
            return Table(path, label(key), help_text, rows, offered)
        return self.scalar(path, node, value, required, label(key))

    def scalar(self, path: tuple, node: dict, value, required: bool, text: str) -> Scalar:
        kinds = types_of(node)
        options = choices(node)
        shown = "" if value is None else ("true" if value is True else "false" if value is False else str(value))
        if isinstance(value, (dict, list)):
            shown = json.dumps(value, ensure_ascii=False)
        out = Scalar(path, text, node.get("description", ""), "text", shown, required=required)
        if "boolean" in kinds:
            out.widget = "checkbox"
            out.checked = value is True or (value is None and node.get("default") is True)
        elif "enum" in node:
            out.widget, out.options = "select", list(options)
            if node.get("default") is not None:  # "not given" and an explicit value never look alike
                out.unset = f"(not given: {node['default']})"
            out.foreign = bool(shown) and shown not in options
        elif options:
            out.widget, out.options = "combo", list(options)
        elif _refers(path) and self.names:  # a spotter, 'with stand', 'attached to', what a carrier carries
            out.widget, out.options = "combo", [n for n in self.names if n != shown] + ([shown] if shown else [])
        elif ("integer" in kinds or "number" in kinds) and "string" not in kinds:
            out.widget, out.minimum, out.maximum = "number", node.get("minimum"), node.get("maximum")
            if value is None and "default" in node:
                out.value = str(node["default"])
        elif node.get("maxLength", 0) > LONG_TEXT:
            out.widget = "textarea"
        return out


def _holds_parts(schema: dict, node: dict, value) -> bool:
    """Whether the form draws a part (a Group, or a Many of them) for this value: a mapping of the schema's that
    the list gives as one, or a list of mappings the list gives as a list (else the form shows a field)."""
    if "properties" in node:
        return isinstance(value, dict)
    if "array" in types_of(node):
        return "properties" in resolve(schema, node.get("items", {})) and isinstance(value, (list, type(None)))
    return False


def parts_of(schema: dict, report) -> tuple[list, list]:
    """What ``build_form`` gives of the list's parts without drawing a field: each finding with the id of the part
    it is shown at, and every part (Group), each with its title, cost and findings as the whole form has them."""
    _form, placed, groups = build_form(schema, report, fields=False)
    return placed, groups


def build_form(schema: dict, report, fields: bool = True) -> tuple[Group, list, list]:
    """The form for a checked list (a ListReport whose document was read), each finding with the id of the
    part of the form it is shown at, and every part (Group) of the form."""
    valuation = report.valuation
    data = report.document.data if report.document is not None else {}
    unit = valuation.unit if valuation is not None else "points"
    unpriced = valuation.unpriced if valuation is not None else []
    items = list(dict.fromkeys(m for _p, what in unpriced for m in re.findall(r"item '([^']+)'", what)))
    priced = report.force if valuation is not None else None
    builder = FormBuilder(schema, report.findings, priced, unit, list_names(data) if fields else (), items, fields)
    return builder.build(data), builder.placed, builder.groups


REFERENCES = ("spotter", "with_stand", "attached_to", "carries")  # keys that name another part of the list


def _refers(path: tuple) -> bool:
    return any(key in REFERENCES for key in path[-2:] if isinstance(key, str))


def list_names(data) -> list[str]:
    """Every name in a list (units, leaders, vehicles) and the roles of men listed alone (a spotter's), in order."""
    found: dict = {}

    def walk(value) -> None:
        if isinstance(value, dict):
            name = value.get("name")
            if isinstance(name, str) and name.strip():
                found.setdefault(name, None)
            role = value.get("role")
            if isinstance(role, str) and role.strip() and value.get("count") == 1:
                found.setdefault(role, None)
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    if isinstance(data, dict):  # the list's own name and its points table's are no part of it
        for key, item in data.items():
            if key != "points_table":
                walk(item)
    return list(found)


def find(part, path: tuple):
    """The part of a form drawn for a place in the list, or None."""
    if getattr(part, "path", None) == path:
        return part
    for child in getattr(part, "fields", None) or getattr(part, "items", None) or []:
        if isinstance(child, Part) and child.path == path[: len(child.path)]:
            found = find(child, path)
            if found is not None:
                return found
    return None
