"""One writer at a time for an event: the lock beside the pack that every organiser's command holds from its
first read to its last write."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from pathlib import Path

from listgen.events.rounds import RoundsError

# seconds a second writer of an event waits for the first before it is told who is writing: long enough for a
# queue of organiser's commands on a busy laptop (ten slips typed at once, each a second or two), short of a hang
WAIT = 60.0


@contextlib.contextmanager
def event_lock(pack_file: str, doing: str, wait: float = WAIT) -> Iterator[None]:
    """One writer at a time for the whole event: `pair`, `result`, `standings`, the organiser's moves and the entry
    check hold '.PACK.writing' beside the pack (files.one_writer) from the first read to the last write, so that
    no result recorded beside another is lost. A second waits up to `wait` seconds, then is told which process is
    writing what, and writes nothing."""
    from listgen.output.files import Busy, one_writer

    pack = Path(pack_file)
    if not pack.is_file():  # nothing to guard: the command says the pack is missing when it reads it
        yield
        return
    path = pack.parent / f".{pack.name}.writing"
    held = contextlib.ExitStack()  # taking the lock may fail; what the block then raises is the block's own
    try:
        held.enter_context(one_writer(path, f"process {os.getpid()} (listgen tournament {doing})\n", wait))
    except Busy as busy:
        raise RoundsError(
            f"{pack}: {busy or 'another listgen'} is writing this event; run again when it has finished (nothing "
            "was written)"
        ) from None
    except OSError as exc:
        raise RoundsError(f"{path}: cannot take the event's lock: {(exc.strerror or str(exc)).lower()}") from None
    with held:
        yield
