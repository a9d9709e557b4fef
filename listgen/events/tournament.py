"""A club tournament: check every entry against its ruleset and the event's pack, then report.

Writes, into one folder: results.csv and results.json for the spreadsheet, report.pdf for the
notice board (one line per player), and booklet.pdf with every legal-or-not roster in player order.
A broken or hostile entry is reported as such and never stops the others.
"""

from __future__ import annotations

import contextlib
import csv
import functools
import io
import json
import os
import re
import shutil
import tempfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, TypeVar

from listgen.core.exceptions import ListgenError, OutputPathError
from listgen.core.findings import Finding, Findings
from listgen.core.sanitize import strip_unsafe
from listgen.core.validate import ListReport, check_file_isolated, internal_finding
from listgen.events.pack import Pack, entry_folder, load_pack, overrides, with_pack
from listgen.output.files import LOCK_SUFFIX, RECEIPTS, find_lists, fsync_folder, print_date, write_atomic
from listgen.render.printed import printed_roster, unprintable


class PackError(ListgenError):
    """Raised when the tournament pack itself cannot be read or used."""

    def __init__(self, findings: list[Finding], file: str) -> None:
        self.findings, self.file = findings, file
        super().__init__("; ".join(f.format(file) for f in findings))


@dataclass
class Entry:
    report: ListReport  # with the pack's findings added
    strict: bool

    @property
    def player(self) -> str:
        army = self.report.army
        if army is not None:
            return army.player or Path(self.report.file).stem
        return _player_line(self.report.file) or Path(self.report.file).stem

    @property
    def legal(self) -> bool:
        """The list's verdict: its own errors (and, strict, warnings), never when it was handed in. Lateness and a
        change since the lock (LOCK_FINDINGS) are the organiser's to decide (admit), so that the lock, the admit
        message, the standings and the export say one verdict for one list."""
        report = self.report
        if report.unreadable or report.army is None:
            return False
        own = [f for f in report.errors if f.code not in LOCK_FINDINGS]
        return not own and not (self.strict and report.warnings)

    @property
    def lock_findings(self) -> list[Finding]:
        """The errors that say when the list was handed in (entered after the lock, changed since), not what it is."""
        return [f for f in self.report.errors if f.code in LOCK_FINDINGS]

    @property
    def data(self) -> Any:
        """The list's values, when it could be read (what its hash and share code are made of)."""
        doc = self.report.document
        return doc.data if doc is not None and not self.report.unreadable else None

    @functools.cached_property
    def share(self) -> tuple[str, str] | None:
        """The list's share code and short hash (share.code_and_hash), worked out once: an entry's list does not
        change during a run, and the report, the lock and the booklet's roster each ask."""
        from listgen.core.share import code_and_hash

        if self.data is None or self.report.ruleset is None:
            return None
        return code_and_hash(self.data, self.report.rules.code)

    @property
    def hash(self) -> str | None:
        """The list's short hash (share.list_hash): what a player signs off and a lock records. A list read has a
        ruleset (one without is unreadable), so every list read has its share."""
        return None if self.share is None else self.share[1]

    def as_dict(self) -> dict[str, Any]:
        return {"player": self.player, "hash": self.hash, **self.report.as_dict(self.strict), "legal": self.legal}


# the findings that say when a list came, not what it is: they do not count in its verdict (Entry.legal)
LOCK_FINDINGS = frozenset({"TOURNAMENT-AFTER-LOCK", "TOURNAMENT-CHANGED-SINCE-LOCK"})

_PLAYER = re.compile(r"^player:[ \t]*(['\"]?)([^\n#'\"]{1,120})\1[ \t]*(#.*)?$", re.MULTILINE)


def _player_line(file: str) -> str:
    """An unreadable entry's player, when its 'player:' line can still be read: the organiser then knows whom
    to ask for a fixed list. Only a plain one-line value at the top level is taken; never more than the
    loader would read."""
    from listgen.core.loader import MAX_BYTES

    try:
        if not os.path.isfile(file) or os.path.getsize(file) > MAX_BYTES:
            return ""
        with open(file, "rb") as handle:
            text = handle.read(MAX_BYTES).decode("utf-8", "replace")
    except OSError:
        return ""
    found = _PLAYER.search(text)
    return strip_unsafe(found.group(2).strip()) if found else ""


@dataclass
class Result:
    pack: Pack
    pack_file: str
    entries: list[Entry] = field(default_factory=list)
    written: list[Path] = field(default_factory=list)
    unprintable: list[str] = field(default_factory=list)  # names the booklet cannot print (render.printed.unprintable)
    missing: list[str] = field(default_factory=list)  # entries the lock holds that are no longer there
    receipts: bool = False  # write a one-page receipt per entry (receipts/)
    kept_receipts: bool = False  # an earlier run's receipts/ kept as they were (a run without --receipts)
    personal: dict[str, str] = field(
        default_factory=dict
    )  # each player's personal code for the room (room.py), on his receipt

    @property
    def all_legal(self) -> bool:
        return all(e.legal for e in self.entries)


def open_pack(pack_path: str) -> Pack:
    pack, findings = load_pack(pack_path)
    if not isinstance(pack, Pack):  # None: the pack cannot be read, its findings say why
        raise PackError(findings, pack_path)
    return pack


def entry_paths(pack: Pack, pack_path: str, inputs: Iterable[str | os.PathLike[str]]) -> list[Path]:
    """The entry files: those named (folders searched), or the pack's own 'lists:' folder."""
    paths: list[Path] = []
    folder = entry_folder(pack, pack_path)
    sources = list(inputs) or ([folder] if pack.lists and folder is not None else [])
    if not sources:
        raise ListgenError("no entries: name lists or folders after the pack, or give the pack a 'lists:' folder")
    for named in sources:
        source = Path(named)
        paths += find_lists(source) if os.path.isdir(source) else [source]
    return [p for p in paths if not _same_file(p, pack_path)]


def _same_file(a: str | os.PathLike[str], b: str | os.PathLike[str]) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:  # missing, a broken link, a link loop: not the pack, and reported when read
        return False


def check_entries(
    pack: Pack,
    pack_path: str,
    paths: Iterable[str | os.PathLike[str]],
    progress: Callable[[Any], object] | None = None,
    lock: dict[str, Any] | None = None,
) -> Result:
    """Check every entry against its ruleset and the pack; a player entered twice, and (given the event's lock)
    every entry changed, added or missing since the lock, are errors."""
    result = Result(pack, pack_path)
    for path in paths:
        report = check_file_isolated(str(path), overrides=lambda slug: overrides(pack, slug))
        try:
            with_pack(pack, report)
        except Exception as exc:  # noqa: BLE001 - one entry never sinks the event
            report.findings.append(internal_finding(exc, "check this entry against the pack"))
        result.entries.append(Entry(report, pack.strict))
        if progress:
            progress(path)
    result.entries.sort(key=lambda e: (e.player.casefold(), e.report.file))
    _same_player(result)
    if lock is not None:
        _against_lock(result, lock, pack_path)
    return result


def _add(entry: Entry, code: str, message: str, path: tuple[str | int, ...] = (), ref: str = "tournament") -> None:
    doc = entry.report.document
    out = Findings(locate=doc.locate if doc is not None else None)
    out.error(code, message, path, ref)
    entry.report.findings += out.items


def _same_player(result: Result) -> None:
    """A player entered twice (one name, two files) is an error on each of the entries."""
    by_player: dict[str, list[Entry]] = {}
    for entry in result.entries:
        by_player.setdefault(entry.player.casefold(), []).append(entry)
    for entries in by_player.values():
        for entry in entries if len(entries) > 1 else ():
            others = ", ".join(e.report.file for e in entries if e is not entry)
            _add(entry, "TOURNAMENT-SAME-PLAYER", f"{entry.player} is entered twice: also in {others}", ("player",))


def lock_path(pack_path: str) -> Path:
    """The lock beside its pack: pack.yaml -> pack.lock.json (no list is read from a .json file)."""
    pack = Path(pack_path)
    return pack.with_name(pack.stem + LOCK_SUFFIX)


def _key(pack_path: str, file: str) -> str:
    """An entry's name in the lock: its path from the pack's folder, so the lock holds wherever it is run from."""
    return os.path.relpath(os.path.abspath(file), os.path.dirname(os.path.abspath(pack_path)))


def lock(result: Result, key: str | None = None) -> Path:
    """Write the lock: each entry's hash, verdict and values at the deadline, and the check of the event's secret
    (`key`: event_state.key_check), by which a state file is known to be the event's own. Never over a lock."""
    path = lock_path(result.pack_file)
    if path.exists():
        raise OutputPathError(f"{path}: the event is locked already; delete the lock file to lock it again")
    entries = {_key(result.pack_file, e.report.file): _locked(e) for e in result.entries}
    body = {"event": result.pack.event, "locked": print_date(), "entries": entries}
    if key:
        body["key"] = key
    write_atomic(path, json.dumps(body, indent=2, ensure_ascii=False, default=str) + "\n")
    return path


def _locked(entry: Entry) -> dict[str, Any]:
    """What the lock keeps of an entry: its player, hash, verdict, points and values."""
    return {
        "player": entry.player,
        "hash": entry.hash,
        "legal": entry.legal,
        "points": entry.report.points,
        "list": entry.data,
    }


def admit_to_lock(pack_path: str, entry: Entry) -> Path:
    """A re-submitted or late entry's list joins the lock as it is now, marked admitted with the date (the lock
    is written anew, atomically)."""
    path = lock_path(pack_path)
    locked = read_lock(pack_path)
    if locked is None:
        raise OutputPathError(f"{path}: the event is not locked: every entry is taken as it is, nothing to admit")
    locked["entries"][_key(pack_path, entry.report.file)] = {**_locked(entry), "admitted": print_date()}
    write_atomic(path, json.dumps(locked, indent=2, ensure_ascii=False, default=str) + "\n")
    return path


def set_lock_key(pack_path: str, key: str) -> Path | None:
    """The lock's check of the event's secret set anew (a secret renewed: event_state.keyed); None where the event
    is not locked."""
    locked = read_lock(pack_path)
    if locked is None:
        return None
    path = lock_path(pack_path)
    write_atomic(path, json.dumps({**locked, "key": key}, indent=2, ensure_ascii=False, default=str) + "\n")
    return path


MAX_LOCK_BYTES = 64 * 1024 * 1024  # a lock holds each entry's list (1 MiB at most): sixty-four at the limit


def read_lock(pack_path: str) -> dict[str, Any] | None:
    """The event's lock, if it has one; a lock that cannot be read is refused plainly, never ignored. It is read
    as a list is: a regular file, bounded in size, of the shape listgen writes (a device, a pipe, a huge or
    deeply nested file is refused, not read)."""
    import stat

    path = lock_path(pack_path)
    if not os.path.lexists(path):
        return None
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            raise ValueError("it is not a regular file")
        if info.st_size > MAX_LOCK_BYTES:
            raise ValueError(f"it is over {MAX_LOCK_BYTES // (1024 * 1024)} MiB")
        with open(path, "rb") as handle:
            body: dict[str, Any] = json.loads(handle.read(MAX_LOCK_BYTES + 1).decode("utf-8"))
        _check_lock(body)
    except RecursionError:
        raise ListgenError(
            f"{path}: the event's lock cannot be read (nested too deeply); restore it or delete it"
        ) from None
    except (OSError, ValueError) as exc:
        raise ListgenError(f"{path}: the event's lock cannot be read ({exc}); restore it or delete it") from None
    return body


def _check_lock(body: object) -> None:
    """The lock's shape, as lock() writes it: entries by file, each with its player, hash and list."""
    if not isinstance(body, dict) or not isinstance(body.get("entries"), dict):
        raise ValueError("no entries")
    for key, entry in body["entries"].items():
        if not isinstance(entry, dict):
            raise ValueError(f"entry {key[:80]!r} is not what listgen writes")
        if not isinstance(entry.get("player", ""), str) or not isinstance(entry.get("hash"), (str, type(None))):
            raise ValueError(f"entry {key[:80]!r} has no player and hash as listgen writes them")


def _changes(was: Any, now: Any) -> list[str]:
    from listgen.core.diff import changes

    if now is None:
        return ["it can no longer be read"]
    try:
        return changes(was, now)
    except RecursionError:  # a lock nested past what can be compared (made by hand: listgen writes lists)
        return ["the list the lock holds cannot be compared with it"]


def _against_lock(result: Result, locked: dict[str, Any], pack_path: str) -> None:
    """Every entry changed since the lock (and what changed), added after it, or missing since."""
    entries = locked["entries"]
    seen = set()
    for entry in result.entries:
        key = _key(pack_path, entry.report.file)
        seen.add(key)
        was = entries.get(key)
        if was is not None and was.get("admitted") and was.get("hash") == entry.hash:
            doc = entry.report.document
            note = Findings(locate=doc.locate if doc is not None else None)
            note.info("TOURNAMENT-ADMITTED", f"admitted by the organiser on {was['admitted']}", (), "tournament")
            entry.report.findings += note.items
        if was is None:
            _add(entry, "TOURNAMENT-AFTER-LOCK", f"entered after the event was locked ({locked.get('locked')})")
        elif was.get("hash") != entry.hash:
            what = _changes(was.get("list"), entry.data)
            shown = "; ".join(what[:12])  # as `listgen diff` says them: '- ' removed, '+ ' added, '~ ' changed
            more = f"; and {len(what) - 12} more" if len(what) > 12 else ""
            then, now = was.get("points"), entry.report.points
            points = f"; points {then} -> {now}" if then != now else ""
            _add(
                entry,
                "TOURNAMENT-CHANGED-SINCE-LOCK",
                f"changed since the lock (list {was.get('hash')} then, {entry.hash} now): {shown}{more}{points}. The "
                "player re-submits it to the organiser, or reverts it (`listgen import` of the receipt's code gives "
                "the locked list back)",
            )
    result.missing = [f"{key} ({value.get('player')})" for key, value in entries.items() if key not in seen]


_Cell = TypeVar("_Cell")  # a cell's value: a string comes back a string
OUTPUTS = ("results.csv", "results.json", "report.pdf", "booklet.pdf")
_FORMULA = ("=", "+", "-", "@", "\t", "\r")
_NEGATIVE = re.compile(r"-[0-9]+(\.[0-9]+)?")  # a plain negative number, digits only (not -inf, -nan, -1_0)


def csv_cell(value: _Cell) -> _Cell | str:
    """A cell a spreadsheet shows as text: one that starts like a formula (=, +, -, @) gets a leading quote,
    unless it is a plain negative number; terminal and bidi controls are dropped."""
    if isinstance(value, str):
        text = strip_unsafe(value)
        return "'" + text if text.startswith(_FORMULA) and not _NEGATIVE.fullmatch(text) else text
    return value


def _finding_lines(entry: Entry) -> list[str]:
    return [
        f"{f.severity}: {f.message}" + (f" (line {f.line})" if f.line else "")
        for f in entry.report.findings
        if f.severity != "info"
    ]


def to_csv(result: Result) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(
        [
            "player",
            "file",
            "list",
            "ruleset",
            "points",
            "points_limit",
            "legal",
            "errors",
            "warnings",
            "findings",
            "hash",
        ]
    )
    for missing in result.missing:  # locked, and no longer among the entries: the report says so too
        writer.writerow(
            [csv_cell(c) for c in (missing, "", "", "", "", "", "no", 1, 0, "MISSING: locked, no longer entered", "")]
        )
    for e in result.entries:
        r = e.report
        writer.writerow(
            [
                csv_cell(c)
                for c in (
                    e.player,
                    r.file,
                    r.name or "",
                    r.ruleset or "",
                    "" if r.points is None else r.points,
                    result.pack.points_limit if result.pack.points_limit is not None else (r.points_limit or ""),
                    "yes" if e.legal else "no",
                    len(r.errors),
                    len(r.warnings),
                    " | ".join(_finding_lines(e)),
                    e.hash or "",
                )
            ]
        )
    return out.getvalue()


def to_json(result: Result) -> str:
    pack = result.pack
    data = {
        "event": pack.event,
        "date": str(pack.date) if pack.date else None,
        "rulesets": pack.rulesets,
        "points_limit": pack.points_limit,
        "strict": pack.strict,
        "pack": result.pack_file,
        "all_legal": result.all_legal,
        "missing_since_lock": result.missing,
        "entries": [e.as_dict() for e in result.entries],
    }
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def write(
    result: Result, out_dir: Path, paper: str = "a4", progress: Callable[[Any], object] | None = None
) -> list[Path]:
    """All four outputs, swapped in as one folder: a reader sees the old results or the new, never a mix.

    The folder must be the tournament's own (new, or holding only these outputs), since the old one is
    replaced whole. The PDFs import reportlab here, not before.
    """
    out_dir = Path(out_dir)
    _own_folder(out_dir)
    try:
        out_dir.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputPathError(f"{out_dir}: cannot write here: {(exc.strerror or str(exc)).lower()}") from exc
    with writing_lock(out_dir):  # one run at a time: what is left beside the folder now is provably abandoned
        _own_folder(out_dir)  # again, now that no other run can be changing it
        _clean_stale(out_dir)
        try:
            staging = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}.", suffix=".new", dir=out_dir.parent))
        except OSError as exc:
            raise OutputPathError(f"{out_dir}: cannot write here: {(exc.strerror or str(exc)).lower()}") from exc
        try:
            os.chmod(staging, 0o777 & ~_umask())  # mkdtemp makes it private; results are to be shared
            _write_into(result, staging, paper, progress)
            _keep_receipts(result, out_dir, staging)
            _swap_in(staging, out_dir)
        except BaseException:
            shutil.rmtree(staging, ignore_errors=True)
            raise
    return [out_dir / name for name in OUTPUTS] + ([out_dir / RECEIPTS] if result.receipts else [])


def _keep_receipts(result: Result, out_dir: Path, staging: Path) -> None:
    """A run without --receipts keeps the receipts an earlier run wrote (players signed them): the new folder
    replaces the old whole, so they are copied into it, never lost with the old one."""
    old = out_dir / RECEIPTS
    if result.receipts or not old.is_dir() or old.is_symlink():
        return
    shutil.copytree(old, staging / RECEIPTS, symlinks=True)
    result.kept_receipts = True


@contextlib.contextmanager
def writing_lock(out_dir: Path) -> Iterator[None]:
    """Hold '.NAME.lock' beside the results folder (files.one_writer) for the whole run. A second run on the same
    folder is told plainly which process is writing, and writes nothing: it never cleans or swaps under a live
    run."""
    from listgen.output.files import Busy, one_writer

    path = out_dir.parent / f".{out_dir.name}.lock"
    held = contextlib.ExitStack()  # taking the lock may fail; what the run then raises is the run's own
    try:
        held.enter_context(one_writer(path, f"{os.getpid()}\n"))
    except Busy as busy:
        who = f" (process {busy})" if str(busy).isdigit() else ""
        raise OutputPathError(
            f"{out_dir}: another listgen tournament{who} is writing these results; "
            "run again when it has finished (nothing was written)"
        ) from None
    except OSError as exc:
        raise OutputPathError(f"{path}: cannot take the results' lock: {(exc.strerror or str(exc)).lower()}") from exc
    with held:
        yield


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _only_results(folder: Path, staging: bool = False) -> bool:
    """The folder holds nothing but files a tournament writes: regular files by those names, no folder or link
    (and, in a staging folder a killed run left, the temporary files it was writing them through)."""

    def ours(p: Path) -> bool:
        name = p.name
        if staging and name.endswith(".part"):
            name = next((o for o in OUTPUTS if p.name.startswith(f".{o}.")), "")
        if name == RECEIPTS and p.is_dir() and not p.is_symlink():
            return all(q.suffix == ".pdf" and q.is_file() and not q.is_symlink() for q in p.iterdir())
        return name in OUTPUTS and p.is_file() and not p.is_symlink()

    return all(ours(p) for p in folder.iterdir())


def _own_folder(out_dir: Path) -> None:
    if out_dir.is_symlink() or (out_dir.exists() and not out_dir.is_dir()):
        raise OutputPathError(f"{out_dir}: not a folder; give the tournament results a folder of their own")
    if out_dir.is_dir() and not _only_results(out_dir):
        others = sorted(
            p.name + ("/" if p.is_dir() else "")
            for p in out_dir.iterdir()
            if not (p.name in OUTPUTS and p.is_file() and not p.is_symlink())
        )
        rounds = any(re.fullmatch(r"round-\d+\.yaml", name) for name in others)
        why = (
            ": it is the event's rounds folder (listgen tournament pair keeps the round files there, and they are "
            "never replaced): check the entries into another, e.g. -o checked"
            if rounds
            else "; the results replace the whole folder, so give them a folder of their own"
        )
        raise OutputPathError(
            f"{out_dir}: holds other files, which the tournament did not write ({', '.join(others[:3])}"
            f"{', ...' if len(others) > 3 else ''}){why}"
        )


def _clean_stale(out_dir: Path) -> None:
    """Remove what a run killed part-way left beside the folder: its hidden staging folders, if they hold
    nothing but results (anything else there is the user's and stays)."""
    for stale in out_dir.parent.glob(f".{out_dir.name}.*"):
        if (
            stale.name.endswith((".new", ".old"))
            and stale.is_dir()
            and not stale.is_symlink()
            and _only_results(stale, staging=True)
        ):
            shutil.rmtree(stale, ignore_errors=True)


def _swap_in(staging: Path, out_dir: Path) -> None:
    """Put the finished folder in place with no moment when there is none: the two folders exchange names
    in one step (Linux renameat2), and the old results, now under the staging name, are removed. Where the
    system cannot exchange, the old folder is renamed aside first (a moment without results)."""
    if not out_dir.exists():
        os.rename(staging, out_dir)
    elif not _exchange(staging, out_dir):
        old = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}.", suffix=".old", dir=out_dir.parent))
        os.rmdir(old)
        os.rename(out_dir, old)
        os.rename(staging, out_dir)
        staging = old
    fsync_folder(out_dir.parent)
    if staging.exists():
        shutil.rmtree(staging, ignore_errors=True)


def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths' names atomically (renameat2 with RENAME_EXCHANGE); False where unsupported."""
    import ctypes
    import errno

    try:
        renameat2 = ctypes.CDLL(None, use_errno=True).renameat2
    except (AttributeError, OSError):
        return False
    at_fdcwd, rename_exchange = -100, 2
    if renameat2(at_fdcwd, os.fsencode(a), at_fdcwd, os.fsencode(b), rename_exchange) == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):
        return False
    raise OSError(code, os.strerror(code), str(b))


def _write_into(result: Result, folder: Path, paper: str, progress: Callable[[Any], object] | None) -> None:
    from listgen import rulesets
    from listgen.core import share
    from listgen.render import report_pdf, roster_pdf

    for name, text in (("results.csv", to_csv(result)), ("results.json", to_json(result))):
        write_atomic(folder / name, text)
    footer = f"listgen · {result.pack.event} · printed {print_date()}"
    report_pdf.render(result, folder / "report.pdf", paper, footer)
    rosters = []
    for entry in result.entries:
        if entry.report.army is not None and not entry.report.unreadable:
            try:
                roster = printed_roster(entry.report, entry.strict, entry.share)
                result.unprintable += unprintable(entry.report)
            except Exception as exc:  # noqa: BLE001 - one entry never sinks the event: its roster is left out
                entry.report.findings.append(internal_finding(exc, "print this entry's roster"))
                continue
            rosters.append(replace(roster, player=entry.player))
        if progress:
            progress(entry.report.file)
    if result.receipts:
        receipts = folder / RECEIPTS
        receipts.mkdir()
        names: set[str] = set()
        for entry in result.entries:
            stem = Path(entry.report.file).stem or "entry"  # named from the file, never from what a list says
            name, n = stem, 1
            while name in names:
                n += 1
                name = f"{stem}-{n}"
            names.add(name)
            ruleset = entry.report.ruleset  # a list read has one: one without is unreadable
            code = (
                None if entry.data is None or ruleset is None else share.encode(entry.data, rulesets.get(ruleset).code)
            )
            mine = result.personal.get(entry.player)
            report_pdf.receipt(entry, result.pack.event, receipts / f"{name}.pdf", paper, footer, code, mine)
    roster_pdf.render_booklet(
        rosters,
        folder / "booklet.pdf",
        f"{result.pack.event}: rosters",
        report_pdf.cover(result, rosters),
        paper,
        footer,
    )
