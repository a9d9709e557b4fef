"""Writing outputs safely: atomically, and never over an input list."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from .exceptions import OutputPathError

LIST_SUFFIXES = {".yaml", ".yml"}
STDOUT = "-"  # as an output path: standard output


def is_stdout(path) -> bool:
    return path is not None and str(path) == STDOUT


def check_output(path: Path, inputs=()) -> Path:
    """Refuse an output path that is a list file or any of the inputs ('-', standard output, is always fine)."""
    if is_stdout(path):
        return path
    path = Path(path)
    if path.suffix.lower() in LIST_SUFFIXES:
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


def write_atomic(path: Path, data: bytes | str) -> Path:
    """Write to a temporary file beside the target, then rename it into place.

    A failure part-way leaves the old file (if any) untouched and no partial file behind.
    """
    path = Path(path)
    if isinstance(data, str):
        data = data.encode("utf-8")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
    except OSError as exc:  # name the file the user asked for, not the temporary one
        raise OutputPathError(f"{path}: cannot write it: {(exc.strerror or str(exc)).lower()}") from exc
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return path


def write_output(path, data: bytes | str):
    """Write to standard output ('-') or, atomically, to a file."""
    if not is_stdout(path):
        return write_atomic(path, data)
    import sys

    if isinstance(data, str):
        data = data.encode("utf-8")
    try:
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
    except BrokenPipeError:
        from .console import reader_left

        reader_left()
    return path


def print_date() -> str:
    """Today's date, or SOURCE_DATE_EPOCH's (for reproducible output)."""
    import datetime

    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch and epoch.isdigit():
        return datetime.datetime.fromtimestamp(int(epoch), datetime.timezone.utc).date().isoformat()
    return datetime.date.today().isoformat()
