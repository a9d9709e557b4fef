"""A bounded, safe YAML loader that remembers where every value came from.

YAML is composed (never constructed into arbitrary objects) with PyYAML's safe
loader, then turned into plain dicts, lists and scalars by hand so that:

- every value's line and column is kept (``Document.locate``);
- duplicate keys are refused instead of silently overwritten;
- alias bombs and deep nesting stop at a budget instead of eating the machine;
- oversized files are refused before they are read.

Every problem becomes an ``InputError`` holding a located ``Finding``.
"""

from __future__ import annotations

import os
import re
import stat
import sys
from typing import Any, NoReturn, Protocol

import yaml

from listgen.core.exceptions import InputError
from listgen.core.findings import ERROR, Finding, Path
from listgen.core.sanitize import one_line, strip_unsafe

MAX_BYTES = 1024 * 1024  # an army list is a few KB; a tournament pack is no bigger
MAX_NODES = 50_000  # values after alias expansion: a real list has a few hundred
MAX_DEPTH = 64

_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_scalars = yaml.constructor.SafeConstructor()
STDIN = "-"  # the file name that means standard input
_MERGE_TAG = "tag:yaml.org,2002:merge"
# What YAML does not allow in a document: C0 controls but tab, newline and carriage return; DEL; C1 but NEL.
_FORBIDDEN = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ufffe\uffff]")
_KIND = {
    "tag:yaml.org,2002:int": "a whole number",
    "tag:yaml.org,2002:float": "a number",
    "tag:yaml.org,2002:timestamp": "a date",
    "tag:yaml.org,2002:bool": "true or false",
}
_STR = "tag:yaml.org,2002:str"
_NUMBER_TAGS = {"tag:yaml.org,2002:int", "tag:yaml.org,2002:float"}
MAX_NUMBER_CHARS = 100
_COLLECTION_TAGS = {None, "!", "tag:yaml.org,2002:map", "tag:yaml.org,2002:seq"}


def _shown(value: str) -> str:
    """A value quoted in a message: one line, control characters escaped, at most 40 characters."""
    value = value if len(value) <= 40 else value[:37] + "..."
    return "'" + value.encode("unicode_escape").decode("ascii") + "'" if value else "''"


Position = tuple[int, int]  # (line, column), 1-based


class Document:
    """A loaded YAML file: its plain data and the position of every value in it."""

    def __init__(self, file: str, data: Any = None):
        # plain values (dict, list, str, int, float, bool, date, None), Any as json.loads' are: a reader checks what
        # it reads (the list model does, every value at its line)
        self.file, self.data = file, data
        self.positions: dict[Path, Position] = {}  # path -> (line, column), 1-based
        self.key_positions: dict[Path, Position] = {}  # path -> position of the key naming it

    def locate(self, path: Path) -> Position | None:
        """Line and column for a path; the nearest enclosing value when the path is absent."""
        path = tuple(path)
        while True:
            if path in self.key_positions:
                return self.key_positions[path]
            if path in self.positions:
                return self.positions[path]
            if not path:
                return None
            path = path[:-1]


def _fail(code: str, message: str, line: int | None = None, column: int | None = None) -> NoReturn:
    raise InputError(Finding(ERROR, code, one_line(message), (), line, column, None))


def _mark(event: yaml.Event) -> Position:
    mark = event.start_mark
    assert mark is not None  # the parser marks every event it gives
    return mark.line + 1, mark.column + 1


class _Frame:
    """A mapping or sequence being filled while events stream in."""

    __slots__ = ("value", "path", "anchor", "size", "key", "key_event", "merging", "merged")

    def __init__(self, value: dict[str | int, Any] | list[Any], path: Path, anchor: str | None):
        self.value, self.path, self.anchor, self.size = value, path, anchor, 1
        self.key: str | int | None = None
        self.key_event: yaml.Event | None = None
        self.merging = False
        self.merged: dict[str | int, Any] = {}


class _Parser(Protocol):
    """What the builder asks of PyYAML's loader (libyaml's, or the Python one): its events, and the tag a plain
    scalar resolves to."""

    def check_event(self) -> bool: ...

    def get_event(self) -> yaml.Event | None: ...

    def resolve(self, kind: type[yaml.Node], value: str, implicit: tuple[bool, bool]) -> str: ...

    def dispose(self) -> None: ...


_FRAMING = (yaml.StreamStartEvent, yaml.DocumentStartEvent, yaml.DocumentEndEvent, yaml.StreamEndEvent)
_ENDS = (yaml.MappingEndEvent, yaml.SequenceEndEvent)
_STARTS = (yaml.MappingStartEvent, yaml.SequenceStartEvent)


class _Builder:
    """Builds plain values from the parser's events, without recursion.

    Composing a node tree first (PyYAML's way) recurses once per nesting level, which
    crashes the interpreter on a file of a hundred thousand '['. Here the nesting is an
    explicit stack with a depth limit, and each alias counts the full size of what it
    repeats against MAX_NODES, so an alias bomb stops after a few events.
    """

    def __init__(self, loader: _Parser, doc: Document):
        self.loader, self.doc = loader, doc
        self.anchors: dict[str, tuple[Any, int]] = {}  # name -> (value, size)
        self.total = 0

    def _count(self, size: int, event: yaml.Event) -> None:
        self.total += size
        if self.total > MAX_NODES:
            _fail(
                "INPUT-TOO-LARGE",
                f"the document expands to more than {MAX_NODES:,} values (an alias bomb?); refusing to read it",
                *_mark(event),
            )

    def _scalar(self, event: yaml.ScalarEvent) -> tuple[str, Any]:
        tag = event.tag
        if tag is None or tag == "!":
            # a quoted scalar is text; a plain one is resolved (number, true/false, date...)
            tag = self.loader.resolve(yaml.ScalarNode, event.value, event.implicit) if event.implicit[0] else _STR
        if tag == _STR:
            return tag, strip_unsafe(event.value)  # most values: no need to build a node
        if tag == _MERGE_TAG:
            return tag, event.value
        if tag not in _scalars.yaml_constructors:
            _fail("INPUT-YAML", f"unsupported tag '{tag}': only plain YAML values are read", *_mark(event))
        value = event.value
        if tag in _NUMBER_TAGS and len(value) > MAX_NUMBER_CHARS:
            # hex, binary and sexagesimal (1:2:3) grow past what int() may print; no count needs this many
            _fail("INPUT-YAML", f"a number {len(value):,} digits long is too long to read", *_mark(event))
        # libyaml's events carry its own Mark, which PyYAML's nodes take alike; the stubs name only the Python one
        node = yaml.ScalarNode(tag, value, event.start_mark, event.end_mark, event.style)  # type: ignore[arg-type]
        try:
            value = _scalars.construct_object(node)
        except Exception:  # noqa: BLE001 - PyYAML's constructors raise KeyError, IndexError... on bad tagged values
            shown = _shown(value)
            _fail(
                "INPUT-YAML",
                f"cannot read {shown} as {_KIND.get(tag, 'a value')}: quote it if it is text",
                *_mark(event),
            )
        return tag, strip_unsafe(value) if isinstance(value, str) else value

    def build(self) -> tuple[Any, bool]:
        """(the document's value, whether it has one): the events read one by one onto an explicit stack."""
        loader = self.loader
        stack: list[_Frame] = []
        root = None
        have_root = False
        while loader.check_event():
            event = loader.get_event()
            assert event is not None  # check_event said there is one
            if isinstance(event, _FRAMING):
                self._framing(event, have_root)
                continue
            if isinstance(event, _ENDS):
                value = self._end(stack)
            else:
                parent = stack[-1] if stack else None
                # A mapping alternates key, value: a scalar in key position is the key.
                if parent is not None and isinstance(parent.value, dict) and parent.key_event is None:
                    self._key(parent, event)
                    continue
                path = self._child_path(parent)
                if isinstance(event, _STARTS):
                    self._start(stack, path, event)
                    continue
                value, size = self._leaf(event)
                self.doc.positions.setdefault(path, _mark(event))
                if parent is not None:
                    parent.size += size
            if not stack:
                root, have_root = value, True
            else:
                self._place(stack[-1], value)
        return root, have_root

    @staticmethod
    def _framing(event: yaml.Event, have_root: bool) -> None:
        """Stream and document starts and ends: one document a file."""
        if isinstance(event, yaml.DocumentStartEvent) and have_root:
            _fail("INPUT-YAML", "more than one YAML document ('---'); put one army list in each file", *_mark(event))

    def _end(self, stack: list[_Frame]) -> Any:
        """A mapping or list ends: its merged keys added, its anchor kept, its size counted into its parent."""
        frame = stack.pop()
        if isinstance(frame.value, dict):
            for k, v in frame.merged.items():
                frame.value.setdefault(k, v)
        if frame.anchor:
            self.anchors[frame.anchor] = (frame.value, frame.size)
        if stack:
            stack[-1].size += frame.size
        return frame.value

    def _key(self, parent: _Frame, event: yaml.Event) -> None:
        """A key of a mapping: a plain word or number, given once (a second is a located error), or '<<'."""
        if not isinstance(event, yaml.ScalarEvent):
            _fail("INPUT-YAML", "a key must be a plain word, not a list or mapping", *_mark(event))
        tag, key = self._scalar(event)
        parent.key_event = event
        if tag == _MERGE_TAG:
            parent.merging = True
            return
        if not isinstance(key, (str, int)) or isinstance(key, bool):
            key = event.value
        if key in parent.value:
            first = self.doc.key_positions.get(parent.path + (key,))
            where = f" (first given at line {first[0]})" if first else ""
            _fail("INPUT-DUPLICATE-KEY", f"duplicate key '{key}'{where}", *_mark(event))
        parent.key = key
        self.doc.key_positions[parent.path + (key,)] = _mark(event)

    def _start(self, stack: list[_Frame], path: Path, event: yaml.MappingStartEvent | yaml.SequenceStartEvent) -> None:
        """A mapping or list begins: a plain one, within the depth bound, counted."""
        if event.tag not in _COLLECTION_TAGS:
            _fail("INPUT-YAML", f"unsupported tag '{event.tag}': only plain YAML values are read", *_mark(event))
        if len(stack) >= MAX_DEPTH:
            _fail("INPUT-TOO-DEEP", f"values nested more than {MAX_DEPTH} deep", *_mark(event))
        self._count(1, event)
        self.doc.positions.setdefault(path, _mark(event))
        container: dict[str | int, Any] | list[Any] = {} if isinstance(event, yaml.MappingStartEvent) else []
        stack.append(_Frame(container, path, event.anchor))

    def _leaf(self, event: yaml.Event) -> tuple[Any, int]:
        """(value, size) of an alias (the full size of what it repeats) or a scalar."""
        if isinstance(event, yaml.AliasEvent):
            if event.anchor not in self.anchors:
                _fail("INPUT-YAML", f"unknown alias '*{event.anchor}'", *_mark(event))
            value, size = self.anchors[event.anchor]
            self._count(size, event)
            return value, size
        if isinstance(event, yaml.ScalarEvent):
            self._count(1, event)
            _tag, value = self._scalar(event)
            if event.anchor:
                self.anchors[event.anchor] = (value, 1)
            return value, 1
        _fail("INPUT-YAML", "unsupported YAML construct", *_mark(event))  # pragma: no cover - PyYAML emits no other

    @staticmethod
    def _place(parent: _Frame, value: Any) -> None:
        """A finished value into its parent: appended to a list, merged by '<<', or under its key."""
        if isinstance(parent.value, list):
            parent.value.append(value)
        elif parent.merging:
            sources = value if isinstance(value, list) else [value]
            assert parent.key_event is not None  # the '<<' key's, held while its value is read
            for source in sources:
                if not isinstance(source, dict):
                    _fail("INPUT-YAML", "'<<' must merge a mapping", *_mark(parent.key_event))
                for k, v in source.items():
                    parent.merged.setdefault(k, v)
            parent.merging, parent.key_event = False, None
        else:
            assert parent.key is not None  # a mapping's value comes after its key
            parent.value[parent.key] = value
            parent.key = parent.key_event = None

    @staticmethod
    def _child_path(parent: _Frame | None) -> Path:
        if parent is None:
            return ()
        if isinstance(parent.value, list):
            return parent.path + (len(parent.value),)
        if parent.merging:
            return parent.path + ("<<",)
        assert parent.key is not None  # a mapping's value comes after its key
        return parent.path + (parent.key,)


def read_text(path: str) -> str:
    """Read a file (or standard input, '-') as UTF-8, refusing what is missing, not a regular file, or too
    big, before reading it: a pipe or a device named as a list would otherwise be waited on for ever."""
    if path == STDIN:
        raw = sys.stdin.buffer.read(MAX_BYTES + 1)  # equivalent mutant (constant): + 2 refuses the same texts
    else:
        try:
            info = os.stat(path)
        except FileNotFoundError:
            _fail("INPUT-NOT-FOUND", "no such file (or a link to nothing)")
        except OSError as exc:
            _fail("INPUT-UNREADABLE", f"cannot read: {(exc.strerror or str(exc)).lower()}")
        if stat.S_ISDIR(info.st_mode):
            _fail("INPUT-UNREADABLE", "is a folder, not a list file")
        if not stat.S_ISREG(info.st_mode):
            _fail(
                "INPUT-UNREADABLE",
                "is not a regular file (a pipe, socket or device): name the list's own "
                "file, or use '-' to read standard input",
            )
        try:
            with open(path, "rb") as handle:
                # bounded even if the file grows meanwhile
                # equivalent mutant (constant): + 2 refuses the same files
                raw = handle.read(MAX_BYTES + 1)
        except OSError as exc:
            _fail("INPUT-UNREADABLE", f"cannot read: {(exc.strerror or str(exc)).lower()}")
    if len(raw) > MAX_BYTES:  # located where it passes the limit, as an editor would show it
        line = raw.count(b"\n", 0, MAX_BYTES) + 1
        column = MAX_BYTES - (raw.rfind(b"\n", 0, MAX_BYTES) + 1) + 1
        size = f"{info.st_size:,} bytes" if path != STDIN else f"more than {MAX_BYTES:,} bytes"
        _fail(
            "INPUT-TOO-LARGE",
            f"the list is {size}; an army list may be at most {MAX_BYTES:,} bytes (1 MiB), "
            "and this is where it passes that",
            line,
            column,
        )
    return read_bytes_text(raw)


def read_bytes_text(raw: bytes) -> str:
    """A file's bytes (within the limit) as its text, UTF-8 with or without a byte-order mark; InputError at the
    first byte that is not UTF-8."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        column = exc.start - (raw.rfind(b"\n", 0, exc.start) + 1) + 1
        _fail("INPUT-ENCODING", "not UTF-8 text (save the file as UTF-8)", line, column)


def _pure_python_error(text: str, file: str) -> yaml.MarkedYAMLError | InputError | None:
    """What PyYAML's own Python parser says of a text libyaml refused. The two word their errors differently
    (and place some a column apart); listgen says the Python parser's, which is the one there is where libyaml
    is not (listgen site, in the browser), so a broken list gets the same finding everywhere. Where listgen's
    own bounds stop the Python parser first (libyaml reads ahead: PyYAML 6.0.4's stops 1,000 '[' deep before
    listgen's 64-deep check has seen one), listgen's finding is the one said."""
    if _Loader is yaml.SafeLoader:
        return None
    loader = yaml.SafeLoader(text)
    try:
        _Builder(loader, Document(file=file, data=None)).build()
    except (yaml.MarkedYAMLError, InputError) as exc:
        return exc
    except Exception:  # noqa: BLE001 - anything else it says is libyaml's error to report
        return None
    finally:
        loader.dispose()
    return None


# The last text an edit read back (read_back), kept for the one check that follows it (parse_edited): a change
# on the page is read once, not twice (in the site, by PyYAML's pure-Python reader: most of a change's time there).
# A list of at most one: the page's server answers in threads, and list.pop gives a kept reading to one of them.
_EDITED: list[tuple[str, Document]] = []


def read_back(text: str) -> Any:
    """The plain values of a text an edit has just written, read as every list is read (``parse``), and kept for
    the check of that very text that follows (``parse_edited``). InputError where it does not read."""
    doc = parse(text, "<edit>")
    _EDITED[:] = [(text, doc)]
    return doc.data


def parse_edited(text: str, file: str = "<string>") -> Document:
    """``parse``, taking the reading an edit kept of this very text (once: a reading is never shared twice, so
    nothing a check does to its document can reach another)."""
    try:
        kept = _EDITED.pop()
    except IndexError:
        return parse(text, file)
    if kept[0] != text:
        return parse(text, file)
    doc = Document(file, kept[1].data)
    doc.positions, doc.key_positions = kept[1].positions, kept[1].key_positions
    return doc


def parse(text: str, file: str = "<string>") -> Document:
    """Parse YAML text into a Document; raises InputError (located) on any problem."""
    doc = Document(file=file, data=None)
    bad = _FORBIDDEN.search(text)
    if bad:
        line = text.count("\n", 0, bad.start()) + 1
        column = bad.start() - (text.rfind("\n", 0, bad.start()) + 1) + 1
        _fail(
            "INPUT-YAML",
            f"a control character (U+{ord(bad.group()):04X}) that YAML does not allow: delete it",
            line,
            column,
        )
    loader = _Loader(text)
    try:
        root, have_root = _Builder(loader, doc).build()
    except yaml.MarkedYAMLError as fast:
        exc = _pure_python_error(text, file) or fast
        if isinstance(exc, InputError):
            raise exc from None
        # located where the broken construct starts (an unclosed '[' or '{'), as editors do: the parser
        # often notices only at the end of the file; where it noticed is said too
        mark = exc.context_mark or exc.problem_mark
        problem = " ".join(filter(None, [exc.context, exc.problem])) or "invalid YAML"
        if exc.context_mark and exc.problem_mark and exc.problem_mark.line != exc.context_mark.line:
            problem += f" (noticed at line {exc.problem_mark.line + 1})"
        _fail(
            "INPUT-YAML", f"invalid YAML: {problem}", mark.line + 1 if mark else None, mark.column + 1 if mark else None
        )
    except yaml.YAMLError as exc:  # pragma: no cover - the reader's errors are caught before parsing
        _fail("INPUT-YAML", f"invalid YAML: {' '.join(str(exc).split())}")
    finally:
        loader.dispose()
    if not have_root or root is None:
        _fail("INPUT-EMPTY", "the file is empty; an army list starts with 'ruleset:'", 1, 1)
    doc.data = root
    return doc


def load(path: str) -> Document:
    """Read and parse one YAML file ('-': standard input); raises InputError with the file's own location."""
    return parse(read_text(path), file="<stdin>" if path == STDIN else str(path))
