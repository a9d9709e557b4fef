"""Edit a list's YAML text as the page's form asks, keeping the user's comments, key order and layout.

An edit is one operation on one place in the list (``set``, ``add``, ``remove``, ``duplicate``, ``move``),
named by its path of keys and indexes. The text is read with ruamel.yaml's round-trip loader,
changed, and written back; then only the lines the change touched are taken from ruamel's output and the
rest of the user's text is kept byte for byte (ruamel re-flows a flow mapping the user broke over two lines,
and a comment or a line break is the user's, not ours). What a new entry holds comes from the ruleset's
JSON Schema (the same names and enums ``listgen schema`` gives) and from the ruleset's starter list.

The text is first read by listgen's own loader (bounded in size, aliases and depth); ruamel only ever reads
text that loader accepted. ruamel.yaml is imported here only, by ``listgen serve``.
"""

from __future__ import annotations

import copy
import difflib
import io
import json
import re
import threading
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from listgen.core.exceptions import EditError
from listgen.core.findings import Path
from listgen.core.loader import MAX_BYTES, parse, read_back

if TYPE_CHECKING:
    from ruamel.yaml import YAML

# A node of a ruleset's JSON Schema (``listgen schema``); its values are JSON's, read by key
Schema = dict[str, Any]
# A list's values as read: plain (dict, list, str, int...) or ruamel's round-trip kinds of them, Any as YAML's are
Value = Any

OPS = ("set", "add", "remove", "duplicate", "move", "insert")
MAX_DEPTH = 64  # keys and indexes in a place: the loader reads no list nested deeper


def place(path: object) -> Path:
    """A place in a list, checked: keys (text) and indexes (whole numbers from 0; no negative index, which
    would name an entry from the end for some edits and none for others), at most MAX_DEPTH of them."""
    if not isinstance(path, (list, tuple)) or not path:
        raise EditError("an edit needs the place it is made: a list of keys and indexes")
    if len(path) > MAX_DEPTH:
        raise EditError(f"a place in a list is at most {MAX_DEPTH} keys and indexes deep")
    for step in path:
        if isinstance(step, bool) or not isinstance(step, (str, int)) or (isinstance(step, int) and step < 0):
            raise EditError("a place in the list is keys and indexes (whole numbers from 0)")
    return tuple(path)


def dotted(path: Path) -> str:
    return ".".join(map(str, path))[:200]


# --- the schema -------------------------------------------------------------------------------------------


def resolve(schema: Schema, node: Schema) -> Schema:
    """A schema node with its $ref followed (and its own description kept)."""
    ref = node.get("$ref")
    if not ref:
        return node
    target = schema["$defs"][ref.rsplit("/", 1)[1]]
    return {**target, **{k: v for k, v in node.items() if k != "$ref"}, "title": target.get("title", "")}


def schema_at(schema: Schema, path: Path) -> Schema:
    """The schema node describing the value at path ({} when the schema says nothing of it)."""
    node = resolve(schema, schema)
    for key in path:
        if isinstance(key, int):
            node = resolve(schema, node.get("items", {}))
        elif key in node.get("properties", {}):
            node = resolve(schema, node["properties"][key])
        elif isinstance(node.get("additionalProperties"), dict):
            node = resolve(schema, node["additionalProperties"])
        else:
            return {}
    return node


def types_of(node: Schema) -> list[str]:
    kind = node.get("type", [])
    return [kind] if isinstance(kind, str) else list(kind)


def choices(node: Schema) -> list[Any]:
    """The words a value may be: its enum, or the enum of its first anyOf alternative (a weapon by name)."""
    if "enum" in node:
        return list(node["enum"])
    for option in node.get("anyOf", []):
        if "enum" in option:
            return list(option["enum"])
    return []


def coerce(node: Schema, raw: str | None) -> Value:
    """A value typed into the form, as the schema's type: '3' is 3 where a whole number is wanted. A value that
    does not read as its type is kept as typed, so that validation says what is wrong with it."""
    kinds = types_of(node)
    if "boolean" in kinds:
        return raw in ("true", "on", "1", "yes")
    raw = "" if raw is None else raw.strip()
    if ("integer" in kinds or "number" in kinds) and "string" not in kinds and re.fullmatch(r"-?\d{1,9}", raw):
        return int(raw)
    if "number" in kinds and "string" not in kinds and re.fullmatch(r"-?\d{1,9}\.\d{1,9}", raw):
        return float(raw)
    return raw


def starter_examples(schema: Schema, starter_text: str) -> dict[str, Value]:
    """def name -> what a new entry of that kind holds: the starter list's own (read by listgen's loader)."""
    data = parse(starter_text).data
    return examples(schema, data) if isinstance(data, dict) else {}


def examples(schema: Schema, data: Value) -> dict[str, Value]:
    """def name -> the first value of that kind in a list (the starter's own teams, squads and stands)."""
    found: dict[str, Value] = {}

    def walk(node: Schema, value: Value) -> None:
        ref = node.get("$ref")
        if ref and isinstance(value, dict):
            found.setdefault(ref.rsplit("/", 1)[1], value)
        node = resolve(schema, node)
        if isinstance(value, dict):
            for key, item in value.items():
                sub = node.get("properties", {}).get(key)
                if sub is None and isinstance(node.get("additionalProperties"), dict):
                    sub = node["additionalProperties"]
                if sub is not None:
                    walk(sub, item)
        elif isinstance(value, list):
            for item in value:
                walk(node.get("items", {}), item)

    walk(schema, data)
    return found


def blank(schema: Schema, node: Schema, starter: dict[str, Value], label: str = "") -> Value:
    """A new value for a schema node: the starter's own example of its kind, else the least the schema asks."""
    ref = node.get("$ref")
    if ref and ref.rsplit("/", 1)[1] in starter:
        return copy.deepcopy(starter[ref.rsplit("/", 1)[1]])
    node = resolve(schema, node)
    kinds = types_of(node)
    if "object" in kinds or "properties" in node:
        props = node.get("properties", {})
        return {
            key: blank(schema, props[key], starter, node.get("title", "") if key == "name" else key)
            for key in node.get("required", [])
            if key in props
        }
    if "array" in kinds:
        return [blank(schema, node.get("items", {}), starter, label)]
    if choices(node):
        return node.get("default", choices(node)[0])
    if "boolean" in kinds:
        return node.get("default", False)
    if "integer" in kinds or "number" in kinds and "string" not in kinds:
        return node.get("default", max(1, node.get("minimum", 1)))
    return f"New {(node.get('title') or label or 'entry').replace('_', ' ')}"


# --- the text ---------------------------------------------------------------------------------------------


_SEQUENCE_UNDER_KEY = re.compile(r"^( *)[^\s#-][^:#]*:[ \t]*(?:#.*)?\n(?:[ \t]*(?:#.*)?\n)*( *)- ", re.M)


def indentation(text: str) -> tuple[int, int]:
    """How the user indents a list under a key: (where an entry's keys start, where its dash is), both from the
    key's own column; (4, 2) for '  - name: x' under 'teams:', as listgen's starters write it."""
    found = _SEQUENCE_UNDER_KEY.search(text)
    if not found:
        return 4, 2
    offset = max(0, len(found.group(2)) - len(found.group(1)))
    return offset + 2, offset


def _yaml(text: str) -> YAML:
    from ruamel.yaml import YAML

    sequence, offset = indentation(text)
    yaml = YAML()
    yaml.preserve_quotes = True
    # no line ruamel writes is broken (no line is longer than a list may be); the user's own breaks are kept by splice()
    yaml.width = MAX_BYTES
    yaml.indent(mapping=2, sequence=sequence, offset=offset)
    return yaml


def _dump(yaml: YAML, data: Value) -> str:
    out = io.StringIO()
    yaml.dump(data, out)
    return out.getvalue()


def _styled(value: Value) -> Value:
    """A plain value as ruamel's own, written the way the examples are: a mapping of words on one line
    ({count: 4, weapon: rifle}), anything holding a mapping or list of mappings as a block."""
    from ruamel.yaml.comments import CommentedMap, CommentedSeq

    if isinstance(value, dict):
        out = CommentedMap((k, _styled(v)) for k, v in value.items())
        if all(not isinstance(v, (dict, list)) or _flat_list(v) for v in value.values()) and len(value) <= 6:
            out.fa.set_flow_style()
        return out
    if isinstance(value, list):
        seq = CommentedSeq(_styled(v) for v in value)
        if _flat_list(value):
            seq.fa.set_flow_style()
        return seq
    return value


def _flat_list(value: Value) -> bool:
    return isinstance(value, list) and bool(value) and all(not isinstance(v, (dict, list)) for v in value)


Stretch = tuple[int, int, int, int, bool]  # user lines u1:u2, ruamel's lines o1:o2, and whether written alike


def splice(original: str, before: str, after: str) -> str:
    """The user's text with the change between ruamel's two outputs made in it.

    ``before`` is ruamel's writing of the unchanged text and ``after`` of the changed one. Each stretch of the
    user's text is kept as the user wrote it unless the change touches it; a touched stretch that ruamel wrote
    as the user did changes line by line, one ruamel wrote otherwise (a re-flowed mapping) is taken whole from
    ruamel's writing, changed."""
    user, ours, new = original.splitlines(True), before.splitlines(True), after.splitlines(True)
    stretches = _stretches(user, ours)
    stretch_of = {o: k for k, (_u1, _u2, o1, o2, _same) in enumerate(stretches) for o in range(o1, o2)}
    pieces: list[tuple[int | None, int | None]] = []  # (line of ours, line of new) in the new text's order
    touched: set[int] = set()
    for tag, o1, o2, n1, n2 in difflib.SequenceMatcher(None, ours, new, autojunk=False).get_opcodes():
        if tag == "equal":
            pieces += [(o1 + i, n1 + i) for i in range(o2 - o1)]
            continue
        touched.update(stretch_of[o] for o in range(o1, o2))
        if o1 == o2 and 0 < o1 < len(ours) and stretch_of[o1 - 1] == stretch_of[o1]:
            touched.add(stretch_of[o1])  # an insertion inside a stretch
        pieces += [(None, n) for n in range(n1, n2)]
    out: list[str] = []
    emitted: set[int] = set()

    def emit_stretches_up_to(k: int) -> None:
        for j in range(k + 1):
            if j in emitted:
                continue
            u1, u2, o1, o2, same = stretches[j]
            if o1 == o2 or j == k:  # user lines ruamel left out, or the stretch now reached
                emitted.add(j)
                if j not in touched and not same:
                    out.extend(user[u1:u2])

    for o, n in pieces:
        if o is None:
            out.append(new[n])  # type: ignore[index]
            continue
        k = stretch_of[o]
        u1, u2, o1, _o2, same = stretches[k]
        emit_stretches_up_to(k)
        if k in touched:
            out.append(new[n])  # type: ignore[index]
        elif same:
            out.append(user[u1 + o - o1])
    emit_stretches_up_to(len(stretches) - 1)
    text = "".join(out)
    return text if text.endswith("\n") or not text else text + "\n"


def _stretches(user: list[str], ours: list[str]) -> list[Stretch]:
    """Stretches of the user's text and of ruamel's writing of it: (u1, u2, o1, o2, written alike)."""
    stretches: list[Stretch] = []
    for tag, u1, u2, o1, o2 in difflib.SequenceMatcher(None, user, ours, autojunk=False).get_opcodes():
        if tag == "equal":
            stretches.append((u1, u2, o1, o2, True))
        else:  # split where an entry starts on both sides, so that each re-flowed entry is a stretch of its own
            cuts = _entry_starts(user, u1, u2, ours, o1, o2)
            for (a1, b1), (a2, b2) in zip(cuts, cuts[1:]):
                stretches.append((a1, a2, b1, b2, False))
    return stretches


def _entry_starts(user: list[str], u1: int, u2: int, ours: list[str], o1: int, o2: int) -> list[tuple[int, int]]:
    """Matching (user line, our line) pairs within two differing stretches where the same entry begins (the
    same indentation and first words), with both ends: the places a stretch can be cut."""
    cuts = [(u1, o1)]
    u = u1
    for o in range(o1 + 1, o2):
        line = ours[o]
        head = line[: max(line.find(","), 0) or 24][:24]
        if not head.strip():
            continue
        for candidate in range(u + 1, u2):  # past the last cut's user line (u: cuts[-1][0])
            if user[candidate].startswith(head):
                cuts.append((candidate, o))
                u = candidate
                break
    cuts.append((u2, o2))
    return cuts


State = tuple[Value, "str | None", "set[int] | None"]  # an edit's round-trip state, kept for the text it gave


class Editor:
    """A list's text being edited; ``apply`` returns the new text.

    starter: what a new entry of each kind holds (``starter_examples``). The round-trip state an edit leaves is
    kept for the text it returns (a few of them), so the next edit of that text does not read it again: one
    reading per editing session rather than one per change (reading is most of an edit's time). A value set in
    place (the commonest edit: a count, a quality) is written into the text where ruamel read it, without
    writing the whole list out again; every other edit goes through ruamel's writing and ``splice``."""

    _after: dict[str, State] = {}  # text -> (ruamel data, ruamel's writing of it or None, lines whose columns moved)
    _lock = threading.Lock()
    KEEP = 16
    KEEP_TEXT = 256 * 1024  # a state kept is about a hundred times its text: a hostile megabyte is not kept

    def __init__(self, text: str, schema: Schema, starter: dict[str, Value] | None = None):
        self.text, self.schema, self.starter = text, schema, starter or {}
        self.yaml = _yaml(text)
        self.data: Value
        self._before: str | None
        self.moved: set[int] | None  # lines whose values moved since ruamel read them; None: any may have
        with self._lock:
            kept = self._after.pop(text, None)
        if kept is not None:
            self.data, self._before, self.moved = kept
        else:
            parse(text)  # listgen's own bounded loader reads it first (raises InputError when it does not read)
            self.data = self.yaml.load(text)
            self._before, self.moved = None, set()  # where ruamel read each value is where it is in the text

    @property
    def before(self) -> str:
        """ruamel's writing of the list as the text has it (before this edit), made when first needed."""
        if self._before is None:
            self._before = _dump(self.yaml, self.data)
        return self._before

    @classmethod
    def prepare(cls, text: str, checked: bool = False) -> None:
        """Read a text now (a page opened, the YAML pane typed in, an entry added), so that its next edit is
        quick: read anew, every value is where ruamel read it and can be set in place, and ruamel's writing of it
        (which an edit other than a value set in place starts from) is made. checked: the page's check has read
        this text with listgen's own bounded loader already, so that loader does not read it again."""
        data = cls._read(text, checked)
        if data is None:
            return
        try:
            written = _dump(_yaml(text), data)
        except Exception:  # noqa: BLE001 - as a text that does not read
            return
        cls._keep(text, (data, written, set()))

    @classmethod
    def read_kept(cls, text: str, checked: bool = False) -> None:
        """``prepare`` in two halves, for the site, where nothing runs beside a request: ruamel's reading, kept (all
        a value set in place needs); then ``write_kept``, which a request that came meanwhile goes before."""
        data = cls._read(text, checked)
        if data is not None:
            cls._keep(text, (data, None, set()))

    @classmethod
    def write_kept(cls, text: str) -> None:
        """ruamel's writing of a text ``read_kept`` kept, made now rather than by the next edit that needs it.
        Nothing when an edit has taken the reading meanwhile."""
        with cls._lock:
            kept = cls._after.get(text)
        if kept is None or kept[1] is not None:
            return
        try:
            written = _dump(_yaml(text), kept[0])
        except Exception:  # noqa: BLE001 - the edit that takes the reading writes it, and says what went wrong
            return
        with cls._lock:
            if cls._after.get(text) is kept:
                cls._after[text] = (kept[0], written, kept[2])

    @staticmethod
    def _read(text: str, checked: bool) -> Value | None:
        try:
            if not checked:
                parse(text)  # listgen's own bounded loader reads it first (raises InputError when it does not read)
            return _yaml(text).load(text)
        except Exception:  # noqa: BLE001 - a text that does not read is reported when it is edited
            return None

    def apply(self, op: str, path: object, value: str | None = None) -> str:
        """Make one edit and return the list's new text: one that reads back as the edit meant (checked on
        every way an edit is made), or an EditError and nothing changed."""
        if op not in OPS:
            raise EditError(f"unknown edit '{op}'")
        where = place(path)
        text = self._set_in_place(where, value) if op == "set" else None
        state: State
        if text is None:
            before = self.before
            try:
                getattr(self, "_insert_entry" if op == "insert" else "_" + op)(where, value)
            except (KeyError, IndexError, TypeError, AttributeError) as exc:  # a place the list's shape lacks
                raise EditError(f"cannot {op} at '{dotted(where)}': the list has no such place") from exc
            after = _dump(self.yaml, self.data)
            try:
                text = self._read_back(splice(self.text, before, after), after)
            except EditError:
                if op != "set" or not isinstance(value, str):
                    raise
                self._set(where, value, quoted=True)  # ruamel wrote a text YAML reads otherwise: quote it
                after = _dump(self.yaml, self.data)
                text = self._read_back(splice(self.text, before, after), after)
            state = (self.data, after, None)  # lines may have moved: no value is set in place until read again
        else:
            state = (self.data, None, self.moved)
        self._keep(text, state)
        return text

    def _read_back(self, spliced: str, written: str) -> str:
        """The edited text, read again: the user's lines with ruamel's changed ones; else ruamel's whole
        writing; else (neither reads back as the values edited) the edit is refused, never saved unreadable."""
        wanted = _plain(self.data)
        for text in (spliced, written):
            try:
                if yaml_plain(text) == wanted:
                    return text
            except Exception:  # noqa: BLE001 - a text that does not read is not the answer
                continue
        raise EditError("that value cannot be written into this list's YAML so that it reads back the same")

    @classmethod
    def _keep(cls, text: str, state: State) -> None:
        if len(text) > cls.KEEP_TEXT:
            return
        with cls._lock:
            while len(cls._after) >= cls.KEEP:
                cls._after.pop(next(iter(cls._after)))
            cls._after[text] = state

    def _set_in_place(self, path: Path, raw: str | None) -> str | None:
        """The text with one value of a mapping replaced where it stands, or None when that is not simply so
        (the value is absent, goes, is a mapping or list, or its line has moved since it was read)."""
        if self.moved is None:
            return None
        try:
            holder = self._holder(path)
        except EditError:
            return None
        key = path[-1]
        if not isinstance(holder, dict) or key not in holder or not hasattr(holder, "lc"):
            return None
        old = holder[key]
        value = coerce(schema_at(self.schema, path), raw)
        if isinstance(old, (dict, list)) or value == "" or value is False or old is None:
            return None
        try:
            line, column = holder.lc.value(key)
        except (KeyError, TypeError):
            return None
        lines = self.text.splitlines(True)
        if line in self.moved or line >= len(lines):
            return None
        flow = bool(holder.fa.flow_style())  # type: ignore[attr-defined]  # a ruamel CommentedMap
        source = lines[line]
        end = _scalar_end(source, column, flow)
        if end is None or not _reads_as(source[column:end], old, flow):
            return None
        written = _scalar_text(value, source[column], flow)
        if written is None:
            return None
        lines[line] = source[:column] + written + source[end:]
        text = "".join(lines)
        holder[key] = value
        try:  # read as listgen reads every list (and kept for the check that follows)
            same = read_back(text) == _plain(self.data)
        except Exception:  # noqa: BLE001 - any doubt: the whole way
            same = False
        if not same:
            holder[key] = old
            return None
        if len(written) != end - column:
            self.moved.add(line)  # the values after it on the line are no longer where ruamel read them
        return text

    # --- where ---

    def _holder(self, path: Path, create: bool = False) -> Value:
        """The mapping or list holding path[-1]; mappings on the way are made when create (an optional
        leader's weapon is set after the leader is added)."""
        node = self.data
        for depth, key in enumerate(path[:-1]):
            try:
                node = node[key]
            except (KeyError, IndexError, TypeError):
                if not create or not isinstance(node, dict) or isinstance(key, int):
                    raise EditError(f"no '{'.'.join(map(str, path[: depth + 1]))}' in the list") from None
                self._insert(node, path[: depth + 1], _styled([] if isinstance(path[depth + 1], int) else {}))
                node = node[key]
        if isinstance(path[-1], int) and not isinstance(node, list):
            raise EditError(f"'{'.'.join(map(str, path[:-1]))}' is not a list")
        if isinstance(path[-1], str) and not isinstance(node, dict):
            raise EditError(f"'{'.'.join(map(str, path[:-1]))}' is not a mapping")
        return node

    def _insert(self, mapping: Value, path: Path, value: Value) -> None:
        """Add a key where the schema orders it among the keys the mapping has."""
        key = path[-1]
        order = list(schema_at(self.schema, path[:-1]).get("properties", {}))
        if key not in order:
            mapping[key] = value
            return
        rank = order.index(key)
        position = 0
        for i, existing in enumerate(mapping):
            if existing in order and order.index(existing) < rank:
                position = i + 1
        mapping.insert(position, key, value)

    def _required(self, path: Path) -> bool:
        return isinstance(path[-1], int) or path[-1] in schema_at(self.schema, path[:-1]).get("required", [])

    # --- operations ---

    def _set(self, path: Path, raw: str | None, quoted: bool = False) -> None:
        node = schema_at(self.schema, path)
        value = coerce(node, raw)
        if quoted and isinstance(value, str) and value:
            from ruamel.yaml.scalarstring import DoubleQuotedScalarString

            value = DoubleQuotedScalarString(value)
        holder = self._holder(path, create=True)
        if (
            isinstance(holder, dict)
            and path[-1] in holder
            and holder[path[-1]] == value
            and type(value) is type(holder[path[-1]])
        ):
            return  # as it is: the text stays as written
        absent = isinstance(holder, dict) and path[-1] not in holder
        if absent and "default" in node and value == node["default"]:
            return  # the default, which leaving the key out already says
        empty = value == "" or (value is False and node.get("default") is False)
        if isinstance(holder, dict) and empty and not self._required(path):
            holder.pop(path[-1], None)
            return
        if isinstance(holder, list) and path[-1] == len(holder):
            if not holder:
                holder.fa.set_flow_style()  # type: ignore[attr-defined]  # a new list of words: [hmg, lmg]
            holder.append(value)  # a word added to a list of words
        elif isinstance(holder, dict) and path[-1] not in holder:
            self._insert(holder, path, value)
        else:
            holder[path[-1]] = value

    def _add(self, path: Path, key: str | None) -> None:
        """Add an entry to the list at path, a key to the mapping at path (its name in key), or the optional
        mapping at path itself."""
        node = schema_at(self.schema, path)
        holder = self._holder(path, create=True)
        here = holder.get(path[-1]) if isinstance(holder, dict) else holder[path[-1]]
        if "array" in types_of(node):
            item_schema = node.get("items", {})
            item = blank(self.schema, item_schema, self.starter, str(path[-1]))
            if here is None:
                self._insert(holder, path, _styled([]))
                here = holder[path[-1]]
            rename_all(item, self.data)
            here.append(_styled(item))
        elif isinstance(node.get("additionalProperties"), dict):
            name = (key or "").strip()
            if not name:
                raise EditError("a new entry needs a name")
            if here is None:
                self._insert(holder, path, _styled({}))
                here = holder[path[-1]]
            if name not in here:
                here[name] = blank(self.schema, node["additionalProperties"], self.starter, name)
        elif here is None:
            value = blank(self.schema, node, self.starter, str(path[-1]))
            self._insert(holder, path, _styled(value))
        else:
            raise EditError(f"'{'.'.join(map(str, path))}' is there already")

    def _remove(self, path: Path, _value: str | None) -> None:
        holder = self._holder(path)
        try:
            del holder[path[-1]]
        except (KeyError, IndexError):
            raise EditError(f"no '{'.'.join(map(str, path))}' in the list") from None
        if isinstance(holder, list) and not holder and len(path) >= 2 and not self._required(path[:-1]):
            self._holder(path[:-1]).pop(path[-2], None)  # an emptied optional list goes, key and all

    def _insert_entry(self, path: Path, value: str | None) -> None:
        """Add a given entry (a catalogue's unit, as JSON) to the end of the list at path, its names made its own."""
        node = schema_at(self.schema, path)
        if "array" not in types_of(node):
            raise EditError(f"'{dotted(path)}' is not a list of entries")
        try:
            item = json.loads(value or "")
        except ValueError:
            raise EditError("the entry to add is not JSON") from None
        if not isinstance(item, dict):
            raise EditError("the entry to add is not a mapping")
        holder = self._holder(path, create=True)
        here = holder.get(path[-1]) if isinstance(holder, dict) else holder[path[-1]]
        if here is None:
            self._insert(holder, path, _styled([]))
            here = holder[path[-1]]
        name_new(item, self.data, len(here) + 1)
        here.append(_styled(item))

    def _duplicate(self, path: Path, _value: str | None) -> None:
        holder, index = self._holder(path), path[-1]
        if not isinstance(holder, list) or not isinstance(index, int) or not 0 <= index < len(holder):
            raise EditError(f"no entry '{'.'.join(map(str, path))}' to duplicate")
        twin = copy.deepcopy(holder[index])
        rename_all(twin, self.data)
        holder.insert(index + 1, twin)

    def _move(self, path: Path, value: str | None) -> None:
        holder = self._holder(path)
        index, step = path[-1], -1 if value == "up" else 1
        if not isinstance(holder, list) or not isinstance(index, int) or not 0 <= index < len(holder):
            raise EditError(f"no entry '{'.'.join(map(str, path))}' to move")
        other = index + step
        if 0 <= other < len(holder):
            holder[index], holder[other] = holder[other], holder[index]


def yaml_plain(text: str) -> Value:
    """A text's plain values, read by PyYAML's safe C reader where it has one, only to compare two readings of
    a text listgen's bounded loader has already read (or of a one-line change to one)."""
    import yaml

    return yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


def _plain(value: Value) -> Value:
    if isinstance(value, dict):
        return {_plain(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, str):
        return str(value)
    if isinstance(value, bool):
        return bool(value)
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        return float(value)
    return value


def _scalar_end(line: str, column: int, flow: bool) -> int | None:
    """Where the scalar starting at column ends on its line (None: it goes on to the next line)."""
    if column >= len(line):
        return None
    quote = line[column]
    if quote in "'\"":
        i = column + 1
        while i < len(line):
            if quote == "'" and line.startswith("''", i):
                i += 2
                continue
            if quote == '"' and line[i] == "\\":
                i += 2
                continue
            if line[i] == quote:
                return i + 1
            i += 1
        return None
    stops = ",}]" if flow else ""
    i = column
    while i < len(line) and line[i] not in "\r\n" + stops and not line.startswith(" #", i):
        i += 1
    # equivalent mutant (compare): '>=' only steps on from i == column, below it, and both then end in None
    while i > column and line[i - 1] in " \t":
        i -= 1
    return i if i > column else None


def _reads_as(source: str, value: Value, flow: bool) -> bool:
    """Whether a scalar's source text reads as the value ruamel read there (a check before replacing it)."""
    try:
        read = yaml_plain(("{k: " + source + "}") if flow else ("k: " + source))
    except Exception:  # noqa: BLE001
        return False
    return isinstance(read, dict) and read.get("k") == _plain(value) and type(read.get("k")) is type(_plain(value))


def _scalar_text(value: Value, first: str, flow: bool) -> str | None:
    """A value written as YAML reads it back, in the quoting the old value had where it was quoted."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if not isinstance(value, str) or "\n" in value:
        return None
    if first == "'":
        return "'" + value.replace("'", "''") + "'"
    if first != '"' and _reads_as(value, value, flow) and value == value.strip():
        return value
    return json.dumps(value, ensure_ascii=False)


def name_new(item: Value, data: Value, ordinal: int, taken: set[str] | None = None) -> None:
    """Name an entry added from the catalogue the way players name their units, from its place and kind: the n-th
    entry of its list that holds named parts is 'n Section', its parts '2 Section Bren team', its leader 'Cpl. of
    2 Section' (so that the roster and the points' working tell two alike sections apart); then every name made
    unique in the list (rename_all; taken: the list's names, where the caller has them already)."""
    root = item.get("name") if isinstance(item, dict) else None
    parts = [p for p in walk_paths(item) if len(p) > 1 and p[-1] == "name"]
    if isinstance(root, str) and parts:
        own = f"{ordinal} {root}"
        item["name"] = own
        for path in parts:
            holder = _at(item, path[:-1])
            holder["name"] = f"{holder['name']} of {own}" if path[-2] == "leader" else f"{own} {holder['name']}"
    rename_all(item, data, taken)


def names_in(data: Value) -> set[str]:
    """Every name the list gives (what a new entry's names must differ from)."""
    return {str(_at(data, p)) for p in walk_paths(data) if p and p[-1] == "name"}


def rename_all(item: Value, data: Value, taken: set[str] | None = None) -> None:
    """Give every named thing in a new entry (a section and its teams) a name nothing in the list has: rules
    tell units apart by name, and the roster prints them. taken (the list's names) is not changed."""
    taken = names_in(data) if taken is None else set(taken)
    for path in list(walk_paths(item)):
        if path and path[-1] == "name":
            holder = _at(item, path[:-1])
            holder["name"] = _unique(str(holder["name"]), taken)
            taken.add(holder["name"])


def _unique(name: str, taken: set[str]) -> str:
    """name, or 'name 2', 'name 3'... when something is already so called."""
    if name not in taken:
        return name
    stem = re.sub(r" \d+$", "", name)
    n = 2
    while f"{stem} {n}" in taken:
        n += 1
    return f"{stem} {n}"


def walk_paths(value: Value, path: Path = ()) -> Iterator[Path]:
    """Every path in a plain value, parents first."""
    yield path
    if isinstance(value, dict):
        for key, item in value.items():
            yield from walk_paths(item, path + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from walk_paths(item, path + (i,))


def _at(data: Value, path: Path) -> Value:
    for key in path:
        data = data[key]
    return data
