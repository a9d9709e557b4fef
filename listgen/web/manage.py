"""The folder's lists managed from its page: rename, copy and delete (asked first, and kept in the folder's
``.listgen-trash`` so that the page can restore it). Every name comes from the folder's own listing; a new name
is a plain file name in the same folder, never over a file that is there."""

from __future__ import annotations

import os
import time
import urllib.parse
from dataclasses import dataclass
from pathlib import Path

from flask import Blueprint, Response, abort, current_app, request

from ..exceptions import OutputPathError
from ..files import write_atomic
from .pages import new_file_name
from .workspace import Site, disk_bytes, message, page, root, site

blueprint = Blueprint("manage", __name__, url_prefix="/lists")
TRASH = ".listgen-trash"  # in the folder served; its files end '.deleted', so no command reads them as lists
KEPT = 20  # deleted lists the page offers to restore (older ones stay in the folder's trash, by hand)


@dataclass(frozen=True)
class Deleted:
    """A list in the trash: the file there, the name it had, and when it was deleted."""

    file: str
    name: str
    when: str


def trash(served: Site) -> list[Deleted]:
    """The deleted lists, newest first."""
    folder = served.folder / TRASH
    if not folder.is_dir() or folder.is_symlink():
        return []
    out = []
    for path in folder.iterdir():
        stamp, _, rest = path.name.partition("-")
        if path.is_file() and not path.is_symlink() and rest.endswith(".deleted") and stamp.isdigit():
            name = urllib.parse.unquote(rest.removesuffix(".deleted"))
            out.append(Deleted(path.name, name, time.strftime("%Y-%m-%d %H:%M", time.localtime(int(stamp) / 1000))))
    return sorted(out, key=lambda d: d.file, reverse=True)[:KEPT]


def _beside(served: Site, name: str, new_name: str):
    """(path, name) for new_name in the folder of the list called name; or why it cannot be."""
    where = name.rpartition("/")[0]
    checked = new_file_name(Site(served.folder / where, served.token, served.hosts) if where else served, new_name)
    if isinstance(checked, str):
        return checked
    path, plain = checked
    return path, f"{where}/{plain}" if where else plain


def _move(source: Path, target: Path) -> None:
    """Give a file a new name, never over a file that is there (a hard link refuses one that appeared meanwhile)."""
    os.link(source, target)
    source.unlink()


def _done() -> Response:
    """Back to the folder's page, which shows what was done."""
    return Response(status=303, headers={"Location": f"{root()}/"})


@blueprint.post("/rename")
def rename():
    served = site()
    name = request.form.get("name", "")
    with current_app.extensions["listgen-save"]:
        source = served.list_path(name)
        checked = _beside(served, name, request.form.get("to", "").strip())
        if isinstance(checked, str):
            return message(f"'{name}' is not renamed: {checked}", 422)
        try:
            _move(source, checked[0])
        except OSError as exc:
            return message(f"'{name}' is not renamed: {exc.strerror or exc}", 422)
    return _done()


@blueprint.post("/copy")
def copy():
    served = site()
    name = request.form.get("name", "")
    with current_app.extensions["listgen-save"]:
        data = disk_bytes(served.list_path(name))
        if data is None:
            return message(f"cannot read '{name}'", 422)
        stem = Path(name).name.rsplit(".", 1)[0]
        for n in range(1, 100):
            checked = _beside(served, name, f"{stem} copy{'' if n == 1 else f' {n}'}.yaml")
            if not isinstance(checked, str):
                break
        else:
            return message(f"'{name}' is not copied: too many copies of it already", 422)
        try:
            write_atomic(checked[0], data)
        except OutputPathError as exc:
            return message(f"'{name}' is not copied: {exc}", 422)
    return _done()


@blueprint.get("/delete")
def confirm_delete():
    name = request.args.get("name", "")
    site().list_path(name)  # 404 for a name the folder does not list
    return page("delete", name=name)


@blueprint.post("/delete")
def delete():
    served = site()
    name = request.form.get("name", "")
    with current_app.extensions["listgen-save"]:
        source = served.list_path(name)
        folder = served.folder / TRASH
        try:
            if folder.is_symlink():
                raise OSError(f"{TRASH} is a link: not used")
            folder.mkdir(exist_ok=True)
            kept = folder / f"{time.time_ns() // 1_000_000}-{urllib.parse.quote(name, safe='')}.deleted"
            _move(source, kept)
        except OSError as exc:
            return message(f"'{name}' is not deleted: {getattr(exc, 'strerror', None) or exc}", 422)
    return _done()


@blueprint.post("/restore")
def restore():
    """A deleted list back under its name (or, when that is taken, 'NAME restored.yaml' beside it)."""
    served = site()
    wanted = request.form.get("file", "")
    entry = next((d for d in trash(served) if d.file == wanted), None)
    if entry is None:
        abort(404, "no such deleted list")
    with current_app.extensions["listgen-save"]:
        kept = served.folder / TRASH / entry.file
        where, _, plain = entry.name.rpartition("/")
        if where and not (served.folder / where).resolve().is_relative_to(served.folder.resolve()):
            abort(404)
        home = Site(served.folder / where, served.token, served.hosts) if where else served
        checked = new_file_name(home, plain)
        if isinstance(checked, str):
            checked = new_file_name(home, plain.rsplit(".", 1)[0] + " restored")
        if isinstance(checked, str):
            return message(f"'{entry.name}' is not restored: {checked}", 422)
        try:
            _move(kept, checked[0])
        except OSError as exc:
            return message(f"'{entry.name}' is not restored: {exc.strerror or exc}", 422)
    return _done()
