"""Writing outputs safely: atomically, and never over an input list."""

from __future__ import annotations

import contextlib
import glob
import io
import os
import re
import stat
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
        fd, tmp = tempfile.mkstemp(prefix=_part_prefix(path), suffix=".part", dir=path.parent)
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


def _part_prefix(path: Path) -> str:
    """The start of a temporary file's name beside path: '.NAME.', NAME cut so that with mkstemp's 8 characters
    and '.part' it stays a file name (255 bytes) when NAME is a long one itself."""
    return "." + os.fsdecode(os.fsencode(path.name)[:240]) + "."


def _clean_stale_parts(path: Path, older_than: float = 60.0) -> None:
    """Remove what an earlier run killed mid-write left beside this output (its '.NAME.*.part' files), once
    they are old enough that no run still writing could own them."""
    import time

    now = time.time()
    for part in path.parent.glob(f"{glob.escape(_part_prefix(path))}*.part"):
        try:
            if part.is_file() and not part.is_symlink() and now - part.stat().st_mtime > older_than:
                part.unlink()
        except OSError:
            pass


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
    """Another process holds the lock: its own words for what it is doing (what it wrote into the lock file)."""


@contextlib.contextmanager
def one_writer(path: Path, holder: str, wait: float = 0.0) -> Iterator[None]:
    """Hold an fcntl lock on path (made if need be, never through a link) while the block runs: the system lets
    go of it when its holder exits, however it ends. A second waits up to `wait` seconds, then raises Busy with
    what the first wrote into the file (`holder`); OSError when the lock file cannot be opened. Where there is no
    fcntl (Windows), nothing is held: one run at a time is then the user's to keep."""
    import time

    try:
        import fcntl
    except ImportError:
        yield
        return
    fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)
    try:
        deadline = time.monotonic() + wait
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    raise Busy(os.pread(fd, 200, 0).decode("utf-8", "replace").strip()) from None
                time.sleep(0.05)
        os.ftruncate(fd, 0)
        os.pwrite(fd, holder.encode("utf-8"), 0)
        yield
    finally:
        os.close(fd)  # lets go of the lock; the file stays, so that every run locks the same file
