"""What the page's routes share: the folder served, the templates, the list's text from a request, and
everything the page shows of a list's text (verdict, points, findings, the form)."""

from __future__ import annotations

import functools
import hashlib
import json
import os
import re
import stat
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path

from flask import Response, abort, current_app, has_request_context, request
from markupsafe import escape

from listgen.core.edit import Editor, starter_examples
from listgen.core.exceptions import EditError
from listgen.core.loader import MAX_BYTES, Document
from listgen.core.validate import ListReport, check_file_isolated, check_text
from listgen.events.event_files import CAMPAIGN, event_part, events_among, of_an_event
from listgen.events.pack import Pack, overrides, with_pack
from listgen.output.templating import environment

from .. import rulesets
from ..commands.new import starter_list
from ..commands.printouts import Printout, of_scope
from ..commands.schema import schema
from ..output.files import find_lists

MAX_REQUEST = 2 * MAX_BYTES + 64 * 1024  # a list at the loader's limit, twice over (form-encoded), and the rest
STATIC = Path(__file__).resolve().parent.parent / "static"


@dataclass(frozen=True)
class Verdict:
    """What the folder's page shows of a list: its name, ruleset, points and verdict (ListReport's, kept)."""

    name: str | None
    ruleset: str | None
    unreadable: bool
    legal: bool
    priced: bool  # it has a valuation (its points are shown, or 'unknown')
    points: int | float | None
    partial: bool
    points_limit: int | float | None
    words: str  # the points as a sentence (the valuation's total_words), '' where not priced

    @classmethod
    def of(cls, report: ListReport) -> Verdict:
        valuation = report.valuation
        return cls(
            report.name,
            report.ruleset,
            report.unreadable,
            report.legal(),
            valuation is not None,
            report.points,
            bool(valuation is not None and valuation.partial),
            report.points_limit,
            valuation.total_words(report.points_limit) if valuation is not None else "",
        )


# verdicts by (the file's sha256, the pack it was checked with), oldest first, each with that pack held (so that
# its id is never another pack's meanwhile); a list is at most MAX_BYTES, a verdict a few hundred bytes
MAX_VERDICTS = 2048
_VERDICTS: OrderedDict[tuple[bytes, int], tuple[Pack | None, Verdict]] = OrderedDict()
_VERDICTS_LOCK = threading.Lock()


def _bounded_bytes(path: Path) -> bytes | None:
    """A regular file's bytes, or None where it is not one or is past the loader's limit."""
    try:
        with open(path, "rb") as handle:
            if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
                return None
            raw = handle.read(MAX_BYTES + 1)
    except (OSError, ValueError):
        return None
    return raw if len(raw) <= MAX_BYTES else None


@dataclass
class Site:
    """What one server serves: a folder of lists, under a key."""

    folder: Path
    token: str
    hosts: set  # the Host header values it answers to
    in_browser: bool = False  # the page answering inside the browser (listgen site): no threads, no processes
    # in the browser: what a request leaves for once its answer is sent (web.browser.after_answer runs it)
    after: list = field(default_factory=list)
    pack: Pack | None = None  # an event's pack (listgen site of its folder): every list is checked as its entry
    published: tuple[str, ...] = ()  # the site's folder printouts its build made (listgen site: 'ladder.pdf')
    touch_icon: str = ""  # the site's Home Screen icon as a data: address (listgen site), named by every page
    # the last texts' workspaces (see ``workspace``), newest last, and the lock that keeps them
    shown: OrderedDict = field(default_factory=OrderedDict)
    shown_lock: threading.Lock = field(default_factory=threading.Lock)

    def check_text(self, text: str, file: str = "<page>") -> ListReport:
        """A list's text checked as the page shows it: by its ruleset, and by the event's pack when there is one."""
        if self.pack is None:
            return check_text(text, file)
        return with_pack(self.pack, check_text(text, file, self._imposed))

    def check_file(self, path: Path) -> ListReport:
        """A file of the folder checked as validate reads one (encoding, size, isolation), and as check_text."""
        if self.pack is None:
            return check_file_isolated(str(path))
        return with_pack(self.pack, check_file_isolated(str(path), self._imposed))

    def verdict(self, path: Path) -> Verdict:
        """What the folder's page says of a list file: check_file's verdict, kept by the file's content (a list
        checked once is not checked again while its bytes are the same: the site's examples are checked before
        its memory snapshot, so a return visit finds theirs in memory). An event's lists are checked with its
        pack: their verdicts are kept apart, by the pack."""
        raw = _bounded_bytes(path)
        if raw is None:  # missing, not a regular file or past the limit: check_file says what it is, every time
            return Verdict.of(self.check_file(path))
        key = (hashlib.sha256(raw).digest(), id(self.pack))
        with _VERDICTS_LOCK:
            kept = _VERDICTS.get(key)
        if kept is not None and kept[0] is self.pack:
            return kept[1]
        verdict = Verdict.of(self.check_file(path))
        with _VERDICTS_LOCK:
            _VERDICTS[key] = (self.pack, verdict)
            if len(_VERDICTS) > MAX_VERDICTS:
                _VERDICTS.popitem(last=False)
        return verdict

    def _imposed(self, slug: str) -> dict:
        assert self.pack is not None
        return overrides(self.pack, slug)

    def folder_printouts(self) -> list[tuple[Printout, str]]:
        """The folder's printouts the page offers, each with where it is: on ``serve``, drawn from the folder when
        it holds the file the printout needs (the club's ladder: its ladder.yaml); on the site, the PDFs its build
        published (the exports a ladder is made from are an event's files, never on the site)."""
        if self.in_browser:
            return [(p, f"../{p.name}.pdf") for p in of_scope("folder") if f"{p.name}.pdf" in self.published]
        return [(p, f"api/folder/{p.name}") for p in of_scope("folder") if (self.folder / p.holds).is_file()]

    def lists(self) -> dict:
        """name -> path for every list file in the folder (names relative to it, '/'-separated): no file of an event
        (events.event_files: its pack, its entries, the organiser's, its round files with their slip codes)."""
        found = find_lists(self.folder, recursive=True)
        events = events_among(found, self.folder)  # a pack that is a link names its event's folders, too
        return {
            p.relative_to(self.folder).as_posix(): p
            for p in found
            if p.is_file() and not p.is_symlink() and not of_an_event(p, events)
        }

    def campaigns(self) -> dict:
        """name -> path of every campaign file of the folder (web/campaigns.py opens them): kept off the lists as
        a campaign, and for nothing else (a campaign inside an event's folder stays the event's)."""
        found = find_lists(self.folder, recursive=True)
        events = events_among(found, self.folder)
        out = {}
        for path in found:
            part = event_part(path, events)
            if part is not None and part[1] == CAMPAIGN and not part[2] and path.is_file() and not path.is_symlink():
                out[path.relative_to(self.folder).as_posix()] = path
        return out

    def list_path(self, name: str) -> Path:
        """The file a list name stands for: only a name the folder's own listing gives, inside the folder."""
        path = self.lists().get(name)
        if path is None or not path.resolve().is_relative_to(self.folder.resolve()):
            abort(404, f"no list '{name}' in {self.folder}")
        return path


_RULESET = re.compile(rb"^ruleset:\s*['\"]?([a-z-]+)", re.MULTILINE)


def opponents(text: str, name: str | None) -> list[str]:
    """The folder's other lists of the same ruleset, as the matchup's choice of opponent (read by their
    'ruleset:' line only: the server checks the chosen list whole when the sheet is asked for)."""
    mine = _RULESET.search(text.encode("utf-8", "replace"))
    if mine is None:
        return []
    out = []
    for other, path in sorted(site().lists().items()):
        data = disk_bytes(path) if other != name else None
        theirs = _RULESET.search(data[:MAX_BYTES]) if data is not None else None
        if theirs is not None and theirs.group(1) == mine.group(1):
            out.append(other)
    return out


def etag(data: bytes | None) -> str:
    return "none" if data is None else hashlib.sha256(data).hexdigest()[:16]


def disk_bytes(path: Path) -> bytes | None:
    try:
        return path.read_bytes()
    except OSError:
        return None


class ScriptRoot:
    """The page's ``{{ root }}``: the address its links start with, the request's script root ('' under listgen
    serve; the site's own path when the page runs in the browser under ``listgen site``)."""

    def __html__(self) -> str:
        return str(escape(request.script_root)) if has_request_context() else ""

    __str__ = __html__


@functools.cache
def web_environment():
    """The one environment of the page's templates (autoescaped, StrictUndefined), with ``root`` in it."""
    env = environment()
    from listgen.commands.printouts import of_scope

    # printouts: the print buttons, from the one registry the API and the worker read
    env.globals.update(
        root=ScriptRoot(),
        in_browser=lambda: site().in_browser,
        touch_icon=lambda: site().touch_icon,
        event=_event,
        printouts=of_scope,
        finding_keys=finding_keys,
    )
    return env


@functools.cache
def loaded(name: str):
    """A template of templates/serve/, loaded once."""
    return web_environment().get_template(f"serve/{name}.html.j2")


def _event() -> str | None:
    """The event whose entry page this is (a site built with its pack), or None."""
    pack = site().pack
    return pack.event if pack is not None else None


def root() -> str:
    """The address the page's own links start with (see ScriptRoot)."""
    return request.script_root


def page(which: str, /, **values) -> str:
    """A page or fragment from templates/serve/ (a name it does not get is an error)."""
    return loaded(which).render(**values)


def site() -> Site:
    """The folder this app serves."""
    return current_app.extensions["listgen"]


def prepare_after(response: Response, text: str) -> None:
    """Read the text for editing once the answer is sent, while the user looks at the page: in a thread, or in
    the browser (no threads there) by the service worker, after the answer, a half at a time (``Site.after``,
    web.browser): a change that comes at once waits for ruamel's reading, not for its writing too. A text the
    page has just checked has been read by listgen's own loader: not read by it again."""
    checked = kept_reading(text) is not None
    if site().in_browser:  # the latest text is the one edited next
        site().after[:] = [
            functools.partial(Editor.read_kept, text, checked),
            functools.partial(Editor.write_kept, text),
        ]
    else:
        response.call_on_close(
            lambda: threading.Thread(target=Editor.prepare, args=(text, checked), daemon=True).start()
        )


@functools.cache
def schema_of(slug: str) -> dict:
    return schema(slug)


@functools.cache
def starter_of(slug: str) -> dict:
    return starter_examples(schema_of(slug), starter_list(slug))


def message(text: str, status: int) -> Response:
    return Response(page("message", text=text, status=status), status=status, mimetype="text/html")


def same_origin() -> bool:
    """A change is made only by the page: its Origin is this server's (or, where a browser sends none, the
    fetch metadata says so)."""
    origin = request.headers.get("Origin")
    if origin is not None:
        return origin == f"{request.scheme}://{request.host}"
    return request.headers.get("Sec-Fetch-Site") == "same-origin"


def yaml_field() -> str:
    """The list's text from the page: a browser sends a text area's lines with CRLF; the list is kept with LF.
    A text over the loader's limit is refused as a file would be."""
    text = request.form.get("yaml", "").replace("\r\n", "\n")
    if len(text.encode("utf-8")) > MAX_BYTES:
        abort(413)
    return text


MAX_PATH = 16 * 1024  # characters of a place's JSON: the deepest place the loader reads, with long keys


def json_in(text: str, most: int):
    """JSON the page sent, bounded: too long, too deeply nested or not JSON is an EditError, not a crash."""
    if len(text) > most:
        raise EditError("the place sent is too long")
    try:
        value = json.loads(text)
        json.dumps(value, ensure_ascii=False).encode("utf-8")  # no half characters ("\ud800") in what it holds
    except (ValueError, RecursionError):  # UnicodeEncodeError is a ValueError
        raise EditError("the place sent is not a list of keys and indexes") from None
    return value


def text_in() -> str:
    """The list's text from a JSON body {"yaml": ...} or a form field 'yaml'."""
    if request.is_json:
        try:
            body = json.loads(request.get_data(cache=False))
        except (ValueError, RecursionError):  # not JSON, or nested past what Python's reader can follow
            body = None
        if not isinstance(body, dict) or not isinstance(body.get("yaml"), str):
            abort(400, 'send {"yaml": "<the list>"}')
        try:
            size = len(body["yaml"].encode("utf-8"))
        except UnicodeEncodeError:  # JSON may escape half a character ("\ud800"): no text holds one
            abort(400, "the list's text holds half of a character (a lone surrogate escape such as \\ud800)")
        if size > MAX_BYTES:
            abort(413)
        return body["yaml"]
    return yaml_field()


_RULESET_LINE = re.compile(r"^ruleset:[ \t]*['\"]?([\w-]+)", re.M)


def ruleset_of(text: str) -> str:
    """The ruleset a list's text names on its 'ruleset:' line (what is wrong with the rest, validation says)."""
    found = _RULESET_LINE.search(text)
    if not found or found.group(1) not in rulesets.slugs():
        raise EditError("the list does not say its ruleset on a 'ruleset:' line")
    return found.group(1)


# texts whose workspace is kept: a change reads the text after it, then the one before it (the last change's
# after), so the last change's before is the newest kept when the next change comes: three keep the one it needs
SHOWN = 3


def workspace(text: str, form: bool = True) -> dict:
    """Everything the page shows of a list's text: verdict, points, findings and the form. The last SHOWN texts'
    are kept: a change compares the text before it (the one the change before answered with) with the text after
    it, and reading and drawing a large list again was half of a change's time. What is kept is only read.

    form=False: a change of a value, which redraws only parts' titles, costs and findings, needs no form's
    fields: each part (``groups``) and where each finding is placed are given, the form (``form``) is drawn when
    a page or a list of entries is (``drawn`` says whether it is)."""
    here = site()
    with here.shown_lock:
        values = here.shown.get(text)
        if values is not None:
            here.shown.move_to_end(text)
    if values is None:
        values = _workspace(text)
    if form and not values["drawn"]:
        values = _drawn(values)
    with here.shown_lock:
        here.shown[text] = values  # a new dict when drawn: what another request holds is never changed
        while len(here.shown) > SHOWN:
            here.shown.popitem(last=False)
    return values


def kept_reading(text: str) -> Document | None:
    """The reading of a text the page shows now (one of the last SHOWN texts'), or None: the catalogue opened on
    the list a change has just answered does not read it again (in the site, PyYAML reads in pure Python)."""
    here = site()
    with here.shown_lock:
        values = here.shown.get(text)
    report = values["report"] if values is not None else None
    return report.document if report is not None else None


def _workspace(text: str) -> dict:
    from listgen.output import text as texts
    from listgen.web.form import parts_of

    report = site().check_text(text)
    values: dict = {
        "report": report,
        "form": None,
        "drawn": True,
        "placed": [],
        "groups": [],
        "points_lines": [],
        "known_points": "",
        "verdict": texts.verdict(report),
    }
    if report.ruleset is not None and report.document is not None:
        values["placed"], values["groups"] = parts_of(schema_of(report.ruleset), report)
        values["drawn"] = False
        values["paths"] = paths_of(report)
    if report.valuation is not None:
        values["points_lines"] = texts.points(report)[1:]
        values["known_points"] = report.valuation.total_words(report.points_limit)
    return values


def _drawn(values: dict) -> dict:
    """The workspace with its form drawn (every field), the parts and placed findings the form's own."""
    from listgen.web.form import build_form

    report = values["report"]
    form, placed, groups = build_form(schema_of(report.ruleset), report)
    _offer_catalogue(form, {e.kind for e in rulesets.get(report.ruleset).catalogue()})
    return {**values, "form": form, "placed": placed, "groups": groups, "drawn": True}


def _offer_catalogue(part, kinds: set) -> None:
    """Mark each list of entries the ruleset's catalogue has entries for (its 'Catalogue...' button)."""
    from listgen.web.form import Many

    if isinstance(part, Many):
        part.catalogue = part.item in kinds
        for item in part.items:
            _offer_catalogue(item, kinds)
    for sub in getattr(part, "fields", None) or []:
        _offer_catalogue(sub, kinds)


def head(group) -> tuple:
    """All that the page draws of a part's title, cost and notes (``parts.legend``, ``parts.notes``; its id is
    its path's): a part whose head is the same as before a change is not drawn again."""
    return (group.kind, group.title, group.cost, group.working, group.compact, group.gist, group.findings)


def changed_heads(before: list, after: list) -> list:
    """The HTML of each part's title, cost and notes whose head changed (for a swap out of band), in order."""
    old = {g.path: head(g) for g in before}
    parts = page_module("parts")
    return [str(parts.legend(g, True)) + str(parts.notes(g, True)) for g in after if old.get(g.path) != head(g)]


def finding_keys(placed: list) -> list:
    """(id, finding, the id of the part it is shown at) for each placed finding: its id on the page is of all it
    says (and the how-many-th such it is), so that a change keeps the id of a finding it kept."""
    seen: dict = {}
    out = []
    for finding, at in placed:
        digest = hashlib.blake2b(repr((tuple(finding), at)).encode("utf-8"), digest_size=6).hexdigest()
        seen[digest] = seen.get(digest, 0) + 1
        out.append((f"fd-{digest}-{seen[digest]}", finding, at))
    return out


def findings_changes(before: list, after: list):
    """What a change did to the placed findings, for the page: None when nothing; "whole" when the list is drawn
    again (it was or is empty, or most of it changed); else the edits (op, id, finding, at, the id of the finding
    kept that a new one goes before, '' at the end), which leave the page's list as a fresh page draws it."""
    old, new = finding_keys(before), finding_keys(after)
    if [k for k, _f, _a in old] == [k for k, _f, _a in new]:
        return None
    if not old or not new:
        return "whole"
    kept = {k for k, _f, _a in old} & {k for k, _f, _a in new}
    if [k for k, _f, _a in old if k in kept] != [k for k, _f, _a in new if k in kept]:
        return "whole"  # the findings kept are in another order
    edits = [("delete", k, f, a, "") for k, f, a in old if k not in kept]
    following = ""  # the next kept finding after each new one, read from the end
    added = []
    for k, f, a in reversed(new):
        if k in kept:
            following = k
        else:
            added.append(("insert", k, f, a, following))
    edits += reversed(added)
    if len(edits) > len(new) // 2:
        return "whole"
    return edits


def page_module(name: str):
    """A template's macros, to call from Python."""
    return loaded(name).module


def within(path: tuple, where: tuple) -> bool:
    return bool(where) and path[: len(where)] == where


def paths_of(report: ListReport) -> frozenset:
    """Every place in a list's text (its keys and entries), for ``same_shape``."""
    from listgen.core.edit import walk_paths

    return frozenset(walk_paths(report.document.data)) if report.document is not None else frozenset()


def same_shape(before: ListReport, after: ListReport, where: tuple = (), paths: tuple | None = None) -> bool:
    """Whether a list holds the same keys and entries as before a change (only values differ), outside the list
    at where (whose entries may have come, gone or moved; it must be there before and after). Both reports are
    the kept workspaces' (``workspace``): nothing is read again to compare them, and paths (each one's places,
    ``paths_of``) are the kept ones' too where given."""
    if before.document is None or after.document is None or before.ruleset is None or after.ruleset is None:
        return False
    old_paths, new_paths = paths or (paths_of(before), paths_of(after))
    if not where:
        return old_paths == new_paths
    if where not in old_paths or where not in new_paths:
        return False
    return {p for p in old_paths if not within(p, where)} == {p for p in new_paths if not within(p, where)}


def download_stem(report) -> str:
    """A printout's or YAML download's file name stem: the list's own file's, as the command line names its
    printouts ('clicked-smle-1' for clicked-smle-1.yaml), else the list's name for a list not saved yet."""
    file = request.values.get("file", "").rpartition("/")[2]
    file = re.sub(r"\.(ya?ml)$", "", file, flags=re.IGNORECASE)
    given = file or str(report.name or "list")
    return re.sub(r"[^A-Za-z0-9._-]+", "-", given).strip("-.")[:60] or "list"


def new_file_name(served: Site, name: str):
    """(path, name) for a new list's file name, or why it cannot be: a plain name (".yaml" added when typed
    without), in the folder served, not there already."""
    if not re.search(r"\.ya?ml$", name, re.IGNORECASE):
        name += ".yaml"
    if not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9 _.-]{0,80}\.ya?ml", name) or ".." in name:
        return "a file name is letters, digits, spaces, '-', '_' and '.' (no folders)"
    path = served.folder / name
    if path.exists() or path.is_symlink():
        return f"'{name}' is there already: choose another name"
    return path, name
