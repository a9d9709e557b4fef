"""Printing for the page, in a process of its own that is bounded in time and memory.

A list the loader accepts can still take long to lay out (hundreds of units with long unbreakable names). The
page must not give a request thread to it for a minute: ``listgen serve`` hands each printout to one worker
process, waits ``RENDER_SECONDS`` at most, and past that stops the worker (a new one is started for the next
printout) and tells the user to print that list from the command line. One printout is made at a time; a
second waits its turn for as long as one may take, then is told the page is busy.
"""

from __future__ import annotations

import multiprocessing
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from listgen.commands.printouts import PRINTOUTS
from listgen.core.exceptions import ListgenError, RenderError, RenderTimeout

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

    from listgen.core.validate import ListReport

Options = tuple[str, ...] | list[str]  # a printout's options asked for by name: ("large", "combine")
RENDER_SECONDS = 30.0  # the longest a printout may take on the page (the README's bound is about 10 s)
MEMORY_BYTES = 2 << 30  # what the worker may hold (the largest list the loader reads prints in under 400 MB)


def render_pdf(
    kind: str, report: ListReport, paper: str = "a4", against: ListReport | None = None, options: Options = ()
) -> bytes:
    """The PDF a command prints for a list that reads (a ListReport), as bytes; a matchup is against another.
    options: the printout's options asked for ("large", "combine"), those it takes (``Printout.printed``)."""
    import io

    paper = paper if paper in ("a4", "letter") else "a4"
    out = io.BytesIO()  # kept in memory: no file is written for the page
    PRINTOUTS[kind].printed(report.rules.slug, out, paper, report, against, **dict.fromkeys(options, True))
    return out.getvalue()


def _readable(text: str, name: str) -> ListReport:
    from listgen.core.validate import check_text

    report = check_text(text, name)
    if report.unreadable or report.ruleset is None:
        raise RenderError(f"{name} does not read: " + "; ".join(f.message for f in report.findings[:3]))
    return report


def _render_text(kind: str, text: str, paper: str, against: str | None = None, options: Options = ()) -> bytes:
    if PRINTOUTS[kind].scope == "campaign":  # text: the campaign file's; against: its name
        return _render_campaign(kind, text, against or "campaign.yaml", paper)
    if PRINTOUTS[kind].scope == "folder":  # text: the folder served, whose files it is drawn from
        import io

        out = io.BytesIO()
        PRINTOUTS[kind].printed_for_folder(Path(text), out, "letter" if paper == "letter" else "a4")
        return out.getvalue()
    report = _readable(text, "the list")
    theirs = None
    if PRINTOUTS[kind].scope == "pair":
        theirs = _readable(against or "", "the opponent's list")
        if theirs.ruleset != report.ruleset:
            raise RenderError(f"the opponent's list is a {theirs.ruleset} list, this one {report.ruleset}")
    return render_pdf(kind, report, paper, theirs, options)


def _render_campaign(kind: str, text: str, name: str, paper: str) -> bytes:
    """A campaign's printout (the campaign report) of a campaign file's text, as bytes."""
    import io
    from pathlib import Path

    from listgen.commands.printouts import print_campaign

    out = io.BytesIO()
    print_campaign(kind, Path(name), text, out, paper if paper in ("a4", "letter") else "a4")
    return out.getvalue()


def _serve(conn: Connection) -> None:
    """The worker's loop: a job (kind, text, paper, against, options) in, (True, PDF bytes) or (False, message)
    out."""
    try:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))
    except (ImportError, ValueError, OSError):  # a system without the limit: bounded in time all the same
        pass
    while True:
        try:
            kind, text, paper, against, options = conn.recv()
        except (EOFError, OSError):
            return  # the server has gone
        answer: tuple[bool, bytes | str]
        try:
            answer = (True, _render_text(kind, text, paper, against, options))
        except ListgenError as exc:
            answer = (False, str(exc))
        except MemoryError:
            answer = (False, "the list needs more memory to print than the page gives it")
        except Exception as exc:  # noqa: BLE001 - a bug: said, and the worker goes on
            answer = (False, f"listgen internal error: {type(exc).__name__}: {exc} (please report this)")
        conn.send(answer)


class Printer:
    """Printing in the caller's own Python, for the page running in the browser (``listgen site``): Pyodide has no
    second process, so a printout is not bounded in time there; it runs in the service worker, so the page
    stays responsive while it prints, and a list the loader accepts prints in seconds."""

    def warm(self) -> None:
        """Nothing to start."""

    def stop(self) -> None:
        """Nothing to stop."""

    def render(
        self, kind: str, text: str, paper: str = "a4", against: str | None = None, options: Options = ()
    ) -> bytes:
        """The PDF of a list's text, as RenderWorker.render; RenderError when it cannot be printed."""
        if kind not in PRINTOUTS:
            raise RenderError(f"no printout '{kind}': {', '.join(PRINTOUTS)}")
        try:
            return _render_text(kind, text, paper, against, options)
        except MemoryError:
            raise RenderError("the list needs more memory to print than the browser gives it") from None


class RenderWorker:
    """One worker process for a server's printouts, started when first needed (or by ``warm``)."""

    def __init__(self, seconds: float = RENDER_SECONDS):
        self.seconds = seconds
        self._turn = threading.Lock()
        self._process: Any = None  # a multiprocessing Process of the spawn context
        self._conn: Any = None  # our end of its Pipe

    def warm(self) -> None:
        """Start the worker now, in the background, so that the first printout does not wait for it."""
        threading.Thread(target=self._with_turn, args=(self._start,), daemon=True).start()

    def _with_turn(self, action: Callable[[], None]) -> None:
        with self._turn:
            action()

    def _start(self) -> None:
        if self._process is not None and self._process.is_alive():
            return
        context = multiprocessing.get_context("spawn")  # never fork a threaded server
        ours, theirs = context.Pipe()
        self._process = context.Process(target=_serve, args=(theirs,), daemon=True, name="listgen-render")
        self._process.start()
        theirs.close()
        self._conn = ours

    def stop(self) -> None:
        """Stop the worker (the server is stopping); a printout under way is waited for."""
        with self._turn:
            self._stop()

    def _stop(self) -> None:
        if self._process is not None and self._process.pid is not None:
            self._process.kill()
            self._process.join(5)
        if self._conn is not None:
            self._conn.close()
        self._process = self._conn = None

    def render(
        self, kind: str, text: str, paper: str = "a4", against: str | None = None, options: Options = ()
    ) -> bytes:
        """The PDF of a list's text (a matchup: against the opponent's list's text; options: the printout's options
        asked for, by name); RenderTimeout past the time
        bound (or when another printout holds the worker that long), RenderError when it cannot be printed."""
        if kind not in PRINTOUTS:
            raise RenderError(f"no printout '{kind}': {', '.join(PRINTOUTS)}")
        if not self._turn.acquire(timeout=self.seconds):
            raise RenderTimeout("the page is busy printing another list; try again in a moment")
        try:
            self._start()
            assert self._conn is not None
            try:
                self._conn.send((kind, text, paper, against, tuple(options)))
                if not self._conn.poll(self.seconds):
                    self._stop()
                    raise RenderTimeout(
                        f"this list takes longer than {self.seconds:.0f} s to print, so the page stopped: "
                        "print it with the command line (listgen roster, cards, reference or hit-tables)"
                    )
                ok, payload = self._conn.recv()
            except (EOFError, OSError):  # the worker died (killed, or out of memory past the limit)
                self._stop()
                raise RenderError("the list could not be printed here (the printing process stopped)") from None
        finally:
            self._turn.release()
        if not ok:
            raise RenderError(payload)
        return bytes(payload)
