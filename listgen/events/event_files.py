"""What in a folder is an event's: kept off the folder's page (`listgen serve`) and the club's site (`listgen site`),
which show a folder's lists and never an event's files (its entries are the organiser's, its round files hold every
table's slip code). A campaign is kept off the lists and off a site's published examples (its seed tells listgen's
coming dice), and the folder's page opens it as a campaign (web/campaigns.py; docs/campaigns.md).

A file is an event's (``event_part``) when

- it is one by its shape, read as YAML or JSON (or, where it does not read: broken, over the loader's limit, by its
  top-level keys): a pack (``event:`` and ``rulesets:``), a campaign (``campaign:`` and ``forces:``), a round file
  (``round:`` and ``games:``), an event's lock, state, export, results or standings, a sheet of its rows (the
  pairings, with each table's slip code, the standings, the results, the export: JSON rows or CSV columns); a
  club's ladder file (``ladder:``) is no list either: the page offers its PDF, and the site carries it if published;
- it stands in an event's folder: the folder of a pack when that is not the folder shown itself (the entries, rounds
  and outputs an organiser keeps beside it), the folder a pack names for its entries (``lists:``, wherever it leads:
  nothing is written there, it is only kept off) and for its round files (``rounds: results:``), beside a pack that
  is a link as beside its target;
- a pack's lock names it (entries given on the command line), or holds its list (an entry copied elsewhere, its
  comments and layout changed or not: the lock keeps each list's hash, which is of its values).
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from listgen.core.exceptions import InputError
from listgen.core.loader import MAX_BYTES, load, parse, read_bytes_text

PACK = "an event's pack"
CAMPAIGN = "a campaign"
ROUND = "a round file"
LOCK = "an event's lock"
STATE = "an event's state"
ROOM = "an event's room"  # PACK.room.json (room.py): reports from phones, disputes, the clock
EXPORT = "an event's export"
RESULTS = "an event's results"
STANDINGS = "an event's standings"
LADDER = "a club's ladder"  # ladder.yaml: its PDF is the page's and the site's (events.ladder), the file no list
SHEET = "an event's sheet"  # rows of a round's pairings (each table's slip code), standings, results or export

# the top-level keys that make a file an event's (listgen writes each so); a list names its one 'ruleset:'
SHAPES = (  # the check's results name the pack's rulesets and event too: told before a pack
    (RESULTS, {"all_legal", "entries"}),
    (EXPORT, {"listgen_results"}),
    (ROOM, {"listgen_room"}),
    (LOCK, {"locked", "entries"}),
    (STANDINGS, {"after_round", "tie_breakers"}),
    (ROUND, {"round", "games"}),
    (PACK, {"event", "rulesets"}),
    (LADDER, {"ladder"}),
)
# a row of a sheet listgen writes (JSON rows or CSV columns) names its player, and a table, rank, code or hash
ROW_PLAYER, ROW_OF = {"player", "first_name"}, {"table", "rank", "placing", "code", "hash"}
# the event's state (event_state.read_state): the secret, drops, admissions, the rounds players entered, the clubs
# `tournament add --club` gave
STATE_KEYS = {"secret", "dropped", "admitted", "entered", "clubs"}
STATE_ALSO = {"event"}  # what a state holds beside them (the name its secret was made under)
WORDS = (
    b"event",
    b"campaign",
    b"ladder",
    b"round",
    b"games",
    b"listgen_results",
    b"listgen_room",
    b"locked",
    b"all_legal",
    b"player",
    b"first_name",
    *map(str.encode, STATE_KEYS),
)
MAX_SCAN = 64 << 20  # what is read of a file that does not load to tell what it is (a lock holds 64 MiB at most)
_KEY = re.compile(rb'^(?:([A-Za-z_]+)|[ \t]{0,2}"([A-Za-z_]+)")[ \t]*:', re.MULTILINE)
_LISTS = re.compile(rb"^lists:[ \t]*([^\r\n]*)", re.MULTILINE)
_RESULTS = re.compile(rb"^[ \t]+results:[ \t]*([^\r\n]*)", re.MULTILINE)


@dataclass(frozen=True)
class Shape:
    """What a file is, by its content: its kind and, for a pack, the folders it names (entries, round files)."""

    kind: str
    lists: str | None = None
    results: str | None = None


def _kind(keys: set[str]) -> str | None:
    if {"campaign", "forces"} <= keys:  # a campaign names its ruleset, too
        return CAMPAIGN
    if "ruleset" in keys:  # a list; nothing of an event names one ruleset at its top
        return None
    for kind, needs in SHAPES:
        if needs <= keys:
            return kind
    return STATE if keys & STATE_KEYS and keys <= STATE_KEYS | STATE_ALSO else None


def _is_row(keys: set[str]) -> bool:
    return bool(keys & ROW_PLAYER and keys & ROW_OF)


def shape_of(path: Path) -> Shape | None:
    """What a regular file (a link read through) is of an event's, by its content, or None. Read again only when
    the file changed (the page asks for every file of its folder on each look)."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    if not stat.S_ISREG(info.st_mode):
        return None
    return _shape_at(str(path), info.st_mtime_ns, info.st_size)


@functools.lru_cache(maxsize=4096)
def _shape_at(path: str, _mtime: int, size: int) -> Shape | None:
    try:
        with open(path, "rb") as handle:
            head = handle.read(MAX_SCAN)
    except OSError:
        return None
    if not any(word in head for word in WORDS):
        return None
    if size > MAX_BYTES or len(head) > MAX_BYTES:
        return _unread(head)
    digest = hashlib.sha256(head).digest()
    if digest not in _SHAPES:  # read by content too: the site's examples, read before its memory snapshot
        if len(_SHAPES) >= 4096:
            _SHAPES.clear()
        _SHAPES[digest] = _shape_of(head, path)
    return _SHAPES[digest]


# the shapes of the files read, by their content's sha256 (what a file is of an event's depends on nothing else)
_SHAPES: dict[bytes, Shape | None] = {}


def _shape_of(head: bytes, path: str) -> Shape | None:
    """What a file's whole content (at most MAX_BYTES) is of an event's."""
    try:
        data = parse(read_bytes_text(head), path).data
    except (InputError, RecursionError):
        data = None
    if isinstance(data, dict):
        return _parsed(data)
    if isinstance(data, list):  # JSON rows: a sheet, if its first row is one listgen writes
        first = data[0] if data else None
        return Shape(SHEET) if isinstance(first, dict) and _is_row({str(k) for k in first}) else None
    return _unread(head)  # not read, or read as text (a CSV file)


def _parsed(data: dict[Any, Any]) -> Shape | None:
    kind = _kind({str(key) for key in data})
    if kind != PACK:
        return Shape(kind) if kind else None
    rounds = data.get("rounds")
    results = rounds.get("results") if isinstance(rounds, dict) else None
    lists = data.get("lists")
    return Shape(PACK, lists if isinstance(lists, str) else None, results if isinstance(results, str) else "results")


def _unread(head: bytes) -> Shape | None:
    """A file that does not load, told by its top-level keys (a pack broken in an edit, or padded past the limit)."""
    keys = {(a or b).decode() for a, b in _KEY.findall(head)}
    kind = _kind(keys)
    if kind is None:  # a CSV sheet: its first line names its columns
        columns = head.split(b"\n", 1)[0].decode("utf-8", "replace").strip().split(",")
        return Shape(SHEET) if _is_row({c.strip() for c in columns}) else None
    if kind != PACK:
        return Shape(kind)
    lists, results = _LISTS.search(head), _RESULTS.search(head)
    return Shape(PACK, _value(lists.group(1)) if lists else None, _value(results.group(1)) if results else "results")


def _value(raw: bytes) -> str | None:
    text = raw.decode("utf-8", "replace").split(" #")[0].strip().strip("'\"").strip()
    return text or None


@dataclass(frozen=True)
class Found:
    """A file that is an event's by its shape, the folders every file of which is the event's (resolved, each with
    why) and the files its lock names (resolved)."""

    file: Path
    kind: str
    folders: tuple[tuple[str, str], ...] = ()
    named: frozenset[str] = frozenset()
    said: str = ""  # the file as the folder names it
    at: tuple[
        str | None, ...
    ] = ()  # the file where it stands (its folder's links resolved) and where it leads (event_part's two)
    told: bool = True  # False: a pack in the folder shown itself that names no entries' folder and no lock names any
    hashes: frozenset[str] = frozenset()  # the hashes of the lists its lock holds: an entry copied anywhere is one


# what a file of an event is left out with (the outermost folder of the event that holds it, or the file), why, and
# whether that is a folder (event_part)
Part = tuple[Path, str, bool]


def events_among(files: list[Path], root: Path) -> list[Found]:
    """Every file of an event among files (found under root) by its shape, with the folders and files it makes the
    event's: what a folder's page and site must never show, wherever they stand."""
    top = os.path.realpath(root)
    out = []
    for path in files:
        shape = shape_of(path)
        if shape is None:
            continue
        said = _relative(Path(path), root)
        if shape.kind != PACK:
            out.append(Found(Path(path), shape.kind, said=said, at=_at(Path(path))))
            continue
        folders: list[tuple[str, str]] = []
        named: set[str] = set()
        hashes: set[str] = set()
        for pack in {Path(path), Path(os.path.realpath(path))}:  # beside a link as beside its target
            home = pack.parent
            if os.path.realpath(home) != top:
                folders.append((os.path.realpath(home), f"the folder of the event of {said}"))
            for name, why in ((shape.lists, "the entries"), (shape.results, "the round files")):
                folder = _real(home / name) if name else None
                if folder is not None:
                    folders.append((folder, f"{why} of {said}"))
            keys, held = _locked(pack)
            named |= keys
            hashes |= held
        told = bool(shape.lists or named) or os.path.realpath(Path(path).parent) != top  # else its folder holds them
        found = Found(
            Path(path), PACK, tuple(folders), frozenset(named), said, _at(Path(path)), told, frozenset(hashes)
        )
        out.append(found)
    return out


def untold(events: list[Found]) -> list[str]:
    """What cannot be known of the events found: a pack in the folder shown itself that names no folder of entries
    (`lists:`) and is not locked takes its entries on the command line, from anywhere, unseen here."""
    return [
        f"{e.said} names no folder of entries (lists:) and is not locked: its entries, given on the command line, "
        "cannot be told from the folder's lists if they are among them; keep them in a folder the pack names"
        for e in events
        if not e.told
    ]


def _locked(pack: Path) -> tuple[set[str], set[str]]:
    """The files (resolved) a pack's lock names, its entries wherever they were given from, and their lists'
    hashes."""
    from listgen.events.tournament import lock_path

    lock = lock_path(str(pack))
    try:
        info = os.stat(lock)
    except (OSError, ValueError):
        return set(), set()
    if not stat.S_ISREG(info.st_mode):
        return set(), set()
    keys, hashes = _lock_keys(str(lock), info.st_mtime_ns, info.st_size)
    return {real for key in keys if (real := _real(pack.parent / key))}, set(hashes)


def _real(path: Path) -> str | None:
    """The path with links resolved; None for what names no path (a NUL in a name a pack or lock gives)."""
    try:
        return os.path.realpath(path)
    except (OSError, ValueError):
        return None


@functools.lru_cache(maxsize=256)
def _lock_keys(path: str, _mtime: int, _size: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    from listgen.events.tournament import MAX_LOCK_BYTES

    try:
        with open(path, "rb") as handle:
            body = json.loads(handle.read(MAX_LOCK_BYTES + 1).decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return (), ()
    entries = body.get("entries") if isinstance(body, dict) else None
    if not isinstance(entries, dict):
        return (), ()
    hashes = (e.get("hash") for e in entries.values() if isinstance(e, dict))
    return tuple(entries), tuple(h for h in hashes if isinstance(h, str))


def event_part(path: Path, events: list[Found]) -> Part | None:
    """Whether a file is an event's: (what it is left out with: the outermost folder of an event that holds it, or
    the file; why; whether that is a folder), or None. A link is taken where it stands first, then where it leads."""
    if not events:
        return None
    named = _named(Path(path))
    real = _real(Path(path)) if os.path.islink(path) else named  # a file's own name leads nowhere else
    return _part(named, path, events, False) or _part(real or named, path, events, True) or _copy(path, events)


def _copy(path: Path, events: list[Found]) -> Part | None:
    """A list a lock holds, wherever it stands, its comments and layout aside (its hash is of its values)."""
    if not any(e.hashes for e in events):
        return None
    mine = list_hash_of(Path(path))
    for e in events:
        if mine is not None and mine in e.hashes:
            return Path(path), f"an entry of {e.said}, its list as the lock holds it", False
    return None


def list_hash_of(path: Path) -> str | None:
    """A list file's hash (share.list_hash of its values), or None when it does not read; worked out again only
    when the file changed."""
    try:
        info = os.stat(path)
    except (OSError, ValueError):
        return None
    if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_BYTES:
        return None
    return _hash_at(str(path), info.st_mtime_ns, info.st_size)


@functools.lru_cache(maxsize=4096)
def _hash_at(path: str, _mtime: int, _size: int) -> str | None:
    from listgen.core.share import list_hash

    try:
        return list_hash(load(path).data)
    except (InputError, RecursionError, ValueError, TypeError):
        return None


def _part(seen: str, path: Path, events: list[Found], through: bool) -> Part | None:
    folders = [(folder, why) for e in events for folder, why in e.folders if _under(seen, folder)]
    if folders:
        folder, why = min(folders, key=lambda f: len(f[0]))
        return Path(folder), why, True
    for e in events:
        if seen == e.at[through]:
            return e.file, e.kind, False
        if seen in e.named:
            return Path(path), f"an entry the lock of {e.said} names", False
    return None


def _at(path: Path) -> tuple[str, str | None]:
    return _named(path), _real(path)


def _named(path: Path) -> str:
    """The path with its folder's links resolved, not its own: a link as it stands in its folder."""
    here = _real(path.parent)
    return os.path.join(here, path.name) if here else os.path.abspath(path)


def of_an_event(path: Path, events: list[Found]) -> bool:
    return event_part(path, events) is not None


def _under(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def _relative(path: Path, root: Path) -> str:
    try:
        return path.relative_to(root).as_posix()
    except ValueError:
        return str(path)
