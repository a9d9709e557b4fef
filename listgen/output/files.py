"""Writing outputs safely: atomically, and never over an input list."""

from __future__ import annotations

import contextlib
import io
import os
import re
import stat
import sys
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path

from listgen.core.exceptions import OutputPathError
from listgen.output.dates import MAX_EPOCH, source_date_epoch  # noqa: F401 - where the commands find them

LIST_SUFFIXES = {".yaml", ".yml"}
STDOUT = "-"  # as an output path: standard output


def is_stdout(path: object) -> bool:
    return path is not None and str(path) == STDOUT


Target = Path | io.BytesIO  # where a printout goes: a file ('-': standard output), or memory (the page's)


def check_output(path: Target, inputs: Iterable = ()) -> Target:
    """Refuse an output path that is a list file or any of the inputs ('-', standard output, and an output kept in
    memory are always fine)."""
    if is_stdout(path) or isinstance(path, io.BytesIO):
        return path
    path = Path(path)
    refuse_event_file(path)
    if path.name.lower().endswith(tuple(LIST_SUFFIXES)):  # '.yaml' alone too: its suffix reads as empty
        raise OutputPathError(f"{path}: refusing to write output over a YAML file (is it your list?)")
    if path.is_dir():
        raise OutputPathError(f"{path}: is a folder; give a file name")
    for item in inputs:
        try:
            if path.exists() and os.path.samefile(path, item):
                raise OutputPathError(f"{path}: refusing to overwrite an input file")
        except OSError:
            pass
    return path


# --- an event's own files: no command's -o writes over one --------------------------------------------------------

STATE_SUFFIX = ".event.json"  # PACK.event.json: the event's secret (the key of its slips' codes), drops, admissions
LOCK_SUFFIX = ".lock.json"  # PACK.lock.json: every entry's list at the deadline
ROOM_SUFFIX = ".room.json"  # PACK.room.json: the room's reports from phones, disputes, wrong codes, the clock
RECEIPTS = "receipts"  # the entry check's folder of receipts, beside its results.json
_ROUND_FILE = re.compile(r"round-\d+\.ya?ml")
_HELD = (".writing", ".lock")  # '.PACK.writing' (the event's one writer), '.FOLDER.lock' (the results'), each '.who'


def event_file(path: Path | str) -> str | None:
    """What of an event's the path is, if it is one of an event's own files (None when it is none): its state, its
    lock, a round file, a lock listgen holds while it writes, a player's receipt. Known by its name, through a link
    too, whether it is there yet or not: an -o that names one is refused before anything is written, and none is
    ever made of another command's output."""
    path = Path(path)
    seen = [path]
    with contextlib.suppress(OSError, ValueError):
        seen.append(Path(os.path.realpath(path)))
    for each in seen:
        what = _event_file_by_name(each)
        if what:
            return what
    return None


def _event_file_by_name(path: Path) -> str | None:
    name = path.name.casefold()  # as Windows and macOS match names
    if name.endswith(STATE_SUFFIX):
        return "an event's state (the secret of its slips' codes, its drops and admissions)"
    if name.endswith(LOCK_SUFFIX):
        return "an event's lock (every entry's list at the deadline)"
    if name.endswith(ROOM_SUFFIX):
        return "an event's room (the results reported from phones, disputes, the round clock)"
    if _ROUND_FILE.fullmatch(name):
        return "a round file (an event's pairings, results and slips' codes)"
    if name.startswith(".") and name.removesuffix(HOLDER_SUFFIX).endswith(_HELD):
        return "a lock listgen holds while it writes"
    if path.parent.name.casefold() == RECEIPTS and (path.parent.parent / "results.json").is_file():
        return "a player's receipt of an event's entry check"
    return None


def refuse_event_file(path: Path | str) -> None:
    what = event_file(path)
    if what is not None:
        raise OutputPathError(f"{path}: is {what}; refusing to write over it (nothing was written): give another name")


def write_atomic(path: Path | str, data: bytes | str) -> Path:
    """Write to a temporary file beside the target, flush it to disk, then rename it into place.

    A failure part-way leaves the old file (if any) untouched and no partial file behind. A target that
    exists and is no regular file is never replaced: a device or a pipe (``/dev/null``, ``/dev/stdout``, a
    FIFO) is written in place, as the shell would; a folder, a socket or a disk is refused.
    """
    if str(path).endswith(("/", os.sep)):
        raise OutputPathError(f"{path}: ends with '/', so names a folder; give a file name")
    path = Path(path)
    if isinstance(data, str):
        data = data.encode("utf-8")
    try:
        info = os.stat(path)
    except OSError:
        info = None  # absent: a new file
    if info is None and os.path.islink(path):
        raise OutputPathError(f"{path}: is a link to nothing ({os.readlink(path)}); refusing to write through it")
    if info is not None and not stat.S_ISREG(info.st_mode):
        return _write_in_place(path, data, info)
    if info is not None and os.path.islink(path):  # never renamed over: the file it names is written
        return _write_through_link(path, data, info)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        _clean_stale_parts(path)
        fd, tmp = tempfile.mkstemp(prefix=f"{_part_prefix(path)}{_writer()}-", suffix=".part", dir=path.parent)
    except OSError as exc:  # name the file the user asked for, not the temporary one
        raise _cannot(path, exc) from exc
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())  # on disk before it takes the name: a crash leaves old or new, whole
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
        fsync_folder(path.parent)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(exc, OSError):
            raise _cannot(path, exc) from exc
        raise
    return path


def _write_through_link(path: Path, data: bytes, info: os.stat_result) -> Path:
    """A link to a regular file: the file it leads to is replaced atomically, the link stays as it is. Where
    it leads through a process's own streams (/dev/stdout to /proc/self/fd/1 to a file the shell opened) the
    stream is written, as the shell would: replacing the file would leave the shell's stream behind."""
    system = _system_hop(path)
    stream = re.fullmatch(r"/(?:proc/self|dev)/fd/(\d+)", system or "")
    if stream:
        return _write_stream(path, int(stream.group(1)), data)
    target = Path(os.path.realpath(path))
    if system or not target.is_file():
        return _write_in_place(path, data, info, regular=True)
    write_atomic(target, data)
    return path


def _system_hop(path: Path) -> str | None:
    """Where a chain of links first passes into /proc or /dev (a process's own streams), if it does."""
    hop = str(path)
    for _ in range(40):  # the system's own limit on links followed
        if hop.startswith(("/proc/", "/dev/")) and not os.path.islink(hop) or re.match(r"/(proc/self|dev)/fd/", hop):
            return hop
        if not os.path.islink(hop):
            return None
        hop = os.path.normpath(os.path.join(os.path.dirname(hop), os.readlink(hop)))
    return None


def _write_stream(path: Path, fd: int, data: bytes) -> Path:
    """Write to one of this process's open files, where its stream stands (after what it already holds)."""
    import sys

    for stream in (sys.stdout, sys.stderr):  # what this process printed before goes first
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
    except OSError as exc:
        raise _cannot(path, exc) from exc
    return path


def _writer() -> str:
    """Who writes a '.part' file, in its name: this computer (a short hash of its name) and this process."""
    import hashlib
    import socket

    host = hashlib.sha256(socket.gethostname().encode("utf-8", "replace")).hexdigest()[:6]
    return f"{host}-{os.getpid()}"


# '.NAME.HOST-PID-RANDOM.part', as write_atomic names its temporary files (mkstemp's 8 random characters); before
# the writer was named, '.NAME.RANDOM.part', told apart from another program's only beside its own output
_PART = re.compile(r"\..+\.(?P<host>[0-9a-f]{6})-(?P<pid>\d{1,10})-[a-z0-9_]{8}\.part")


def _part_prefix(path: Path) -> str:
    """The start of a temporary file's name beside path: '.NAME.', NAME cut so that with the writer (up to 18
    bytes: HOST-PID-), mkstemp's 8 characters and '.part' it stays a file name (255 bytes) when NAME is a long one
    itself."""
    return "." + os.fsdecode(os.fsencode(path.name)[:220]) + "."


def _clean_stale_parts(path: Path, older_than: float = 60.0) -> None:
    """Remove what earlier runs killed mid-write left in this output's folder: listgen's own '.part' files (named
    as write_atomic names them: a regular file, no link), each once no run can still be writing it: its process, on
    this computer, has ended; or it is older than `older_than` seconds (a file of another computer's, sharing the
    folder, or one named before the writer was, which is taken only beside its own output). A run killed and run
    again at once so leaves nothing behind."""
    import time

    now = time.time()
    host = _writer().split("-")[0]
    try:
        parts = list(path.parent.glob(".*.part"))
    except OSError:
        return
    for part in parts:
        found = _PART.fullmatch(part.name)
        if not found and not part.name.startswith(_part_prefix(path)):
            continue  # not listgen's, or an unnamed writer's beside another output
        try:
            if not part.is_file() or part.is_symlink():
                continue
            ended = found is not None and found["host"] == host and _ended(int(found["pid"]))
            if ended or now - part.stat().st_mtime > older_than:
                part.unlink()
        except OSError:
            pass


def _ended(pid: int) -> bool:
    """Whether process pid of this computer has ended (never said on Windows, where os.kill would end it)."""
    if os.name == "nt" or pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)  # signal 0: only asks whether it is there
    except ProcessLookupError:
        return True
    except (OSError, OverflowError):
        return False  # there, and another user's; or no such number
    return False


def _cannot(path: Path, exc: OSError) -> OutputPathError:
    return OutputPathError(f"{path}: cannot write it: {(exc.strerror or str(exc)).lower()}")


def _write_in_place(path: Path, data: bytes, info: os.stat_result, regular: bool = False) -> Path:
    if stat.S_ISDIR(info.st_mode):
        raise OutputPathError(f"{path}: is a folder; give a file name")
    if not (regular or stat.S_ISCHR(info.st_mode) or stat.S_ISFIFO(info.st_mode)):
        raise OutputPathError(f"{path}: is not a regular file (a socket or a disk); refusing to write to it")
    try:
        with open(path, "wb") as handle:
            handle.write(data)
    except OSError as exc:
        raise _cannot(path, exc) from exc
    return path


def fsync_folder(folder: Path) -> None:
    """Make a rename in folder durable (where the system allows opening a folder)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_output(path: Path | str | io.BytesIO, data: bytes | str) -> Path | str | io.BytesIO:
    """Write to standard output ('-'), atomically to a file, or into memory (an io.BytesIO: the page's printouts,
    which never touch the disk)."""
    if isinstance(path, io.BytesIO):
        path.write(data.encode("utf-8") if isinstance(data, str) else data)
        return path
    if not is_stdout(path):
        return write_atomic(path, data)  # as given: a trailing '/' is refused there
    import sys

    if isinstance(data, str):
        data = data.encode("utf-8")
    try:
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
    except BrokenPipeError:
        from listgen.output.console import reader_left

        reader_left()
    except OSError as exc:
        from listgen.output.console import cannot_write

        cannot_write(exc)
    return path


def print_date() -> str:
    """Today's date, or SOURCE_DATE_EPOCH's (for reproducible output)."""
    import datetime

    epoch = source_date_epoch()
    if epoch is not None:
        return datetime.datetime.fromtimestamp(epoch, datetime.timezone.utc).date().isoformat()
    return datetime.date.today().isoformat()


class Busy(Exception):
    """Another process holds the lock: its own words for what it is doing (what it wrote beside the lock)."""


_NOT_THROUGH = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)  # no link followed, no pipe waited on
HOLDER_SUFFIX = ".who"  # beside a lock file: what its holder is doing (the lock file itself is filelock's)


@contextlib.contextmanager
def one_writer(path: Path, holder: str, wait: float = 0.0) -> Iterator[None]:
    """Hold the lock on path (made if need be, never through a link) while the block runs, with the `filelock`
    library: an flock on Linux and macOS, a lock Windows holds on the open file there; either way the system lets
    go of it when its holder exits, however it ends. A second waits up to `wait` seconds, then raises Busy with what
    the first wrote beside the lock (`holder`, in PATH.who: filelock may empty the lock file itself as it opens
    it); OSError when the lock file cannot be opened or the file system cannot lock."""
    import errno

    if sys.platform == "emscripten":  # the site: one Python, in the service worker, answers one request at a time,
        yield  # so no second writer can come (and the browser's file system has no locks: filelock is not packed)
        return
    import filelock

    path = Path(path)
    if os.path.islink(path):  # filelock opens without following links too; said plainly here
        raise OSError(errno.ELOOP, "is a link; a lock file never is", str(path))
    lock = filelock.FileLock(str(path), timeout=wait, mode=0o644)
    try:
        lock.acquire(poll_interval=0.05)
    except filelock.Timeout:
        raise Busy(_read_holder(path)) from None
    except NotImplementedError as exc:  # filelock 3's word for a file system with no flock (some network shares)
        raise OSError(errno.ENOLCK, "the file system cannot lock files", str(path)) from exc
    try:
        _write_holder(path, holder)
        yield
    finally:
        with contextlib.suppress(OSError):  # while still held: the next holder writes its own
            os.unlink(f"{path}{HOLDER_SUFFIX}")
        lock.release()  # the lock file stays (on POSIX), so that every run locks the same file


def _write_holder(path: Path, holder: str) -> None:
    with contextlib.suppress(OSError):  # the holder's words are a courtesy: a lock held without them still holds
        fd = os.open(f"{path}{HOLDER_SUFFIX}", os.O_WRONLY | os.O_CREAT | os.O_TRUNC | _NOT_THROUGH, 0o644)
        try:
            os.write(fd, holder.encode("utf-8"))
        finally:
            os.close(fd)


def _read_holder(path: Path) -> str:
    try:
        fd = os.open(f"{path}{HOLDER_SUFFIX}", os.O_RDONLY | _NOT_THROUGH)
    except OSError:
        return ""
    try:
        return os.read(fd, 200).decode("utf-8", "replace").strip()
    except OSError:
        return ""
    finally:
        os.close(fd)


def find_lists(folder: Path, recursive: bool = True) -> list[Path]:
    """Every entry named *.yaml or *.yml in a folder, whatever it is: a folder, a broken link or a pipe so
    named is returned too, so that it is reported as unreadable rather than silently dropped. Linked folders
    are not followed (a link loop cannot trap the search)."""
    found = []
    for here, dirs, files in os.walk(folder, followlinks=False):
        found += [Path(here) / name for name in dirs + files if name.lower().endswith(tuple(LIST_SUFFIXES))]
        if not recursive:
            break
    return sorted(found)
