"""Writing to the terminal: one place for standard output and error.

Text from a list (names, notes) reaches the terminal only through here, with control
characters removed, so a name cannot move the cursor or recolour the screen. A reader that
leaves early (``listgen points LIST | head -2``) ends the command quietly with exit code 141,
the shell's own code for a closed pipe, never 1, which means "illegal list".
"""

from __future__ import annotations

import os
import re
import sys
from typing import NoReturn

# C0 controls but tab and newline, DEL, and C1 controls (ESC starts the terminal's escape sequences)
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")
READER_LEFT = 141


def clean(text: str) -> str:
    return _CONTROL.sub("", text)


def echo(text: str = "", err: bool = False, nl: bool = True) -> None:
    """Print text (cleaned) to standard output, or to standard error with err=True."""
    stream = sys.stderr if err else sys.stdout
    try:
        stream.write(clean(text) + ("\n" if nl else ""))
        stream.flush()
    except BrokenPipeError:
        reader_left()
    except OSError as exc:
        cannot_write(exc, err)


def echo_lines(lines, err: bool = False) -> None:
    for line in lines:
        echo(line, err=err)


def cannot_write(exc: OSError, err: bool = False):
    """Standard output (or error) cannot be written, e.g. a full disk: say so on the other stream, exit 2."""
    name = "standard error" if err else "standard output"
    _to_nowhere()
    try:
        sys.stderr.write(f"listgen: error: cannot write to {name}: {(exc.strerror or str(exc)).lower()}\n")
        sys.stderr.flush()
    except OSError:
        pass
    raise SystemExit(2)


def _to_nowhere():
    """Send what is still buffered for standard output to /dev/null, so that leaving does not fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):  # no real file descriptor (e.g. under a test runner)
        pass


def reader_left() -> NoReturn:
    """The reader closed the pipe: send the rest nowhere and stop with the shell's code for it."""
    _to_nowhere()
    raise SystemExit(READER_LEFT)
