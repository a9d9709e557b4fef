"""The folder's lists managed from its page: rename, copy and delete (asked first, and kept in the folder's
``.listgen-trash`` so that the page can restore it). Every name comes from the folder's own listing; a new name
is a plain file name in the same folder, never over a file that is there."""

from __future__ import annotations

import contextlib
import os
import re
import time
import urllib.parse
from dataclasses import dataclass
from pathlib import Path

from flask import Blueprint, Response, abort, current_app, request

from listgen.core.exceptions import OutputPathError
from listgen.output.files import write_atomic

from .pages import new_file_name
from .workspace import Site, disk_bytes, message, page, root, site

blueprint = Blueprint("manage", __name__, url_prefix="/lists")
TRASH = ".listgen-trash"  # in the folder served; its files end '.deleted', so no command reads them as lists
MAX_QUOTED = 200  # bytes of a deleted list's quoted name in its trash file's name (a file name is 255 at most)
LONG = "%00"  # a trash file named by its name's hash, the name beside it in '.name' (quote() never writes %00)
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
            if rest.startswith(LONG):
                kept_name = disk_bytes(path.with_suffix(".name"))
                if kept_name is None:
                    continue
                name = kept_name.decode("utf-8", "replace")
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
            stamp, quoted = time.time_ns() // 1_000_000, urllib.parse.quote(name, safe="")
            if len(quoted) > MAX_QUOTED:  # a long name in another script: quoted, past what a file name may be
                import hashlib

                quoted = LONG + hashlib.sha256(name.encode("utf-8")).hexdigest()[:16]
                write_atomic(folder / f"{stamp}-{quoted}.name", name)
            kept = folder / f"{stamp}-{quoted}.deleted"
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
        back = home.folder / plain  # the name it had, in any script, where that is free again
        checked = (
            (back, plain) if plain.endswith((".yaml", ".yml")) and not (back.exists() or back.is_symlink()) else ""
        )
        if isinstance(checked, str):
            checked = new_file_name(home, plain.rsplit(".", 1)[0] + " restored")
        if isinstance(checked, str):
            return message(f"'{entry.name}' is not restored: {checked}", 422)
        try:
            _move(kept, checked[0])
        except OSError as exc:
            return message(f"'{entry.name}' is not restored: {exc.strerror or exc}", 422)
        with contextlib.suppress(OSError):
            kept.with_suffix(".name").unlink(missing_ok=True)  # a long name's record, if it had one
    return _done()


# --- back up every list, and restore them ---------------------------------------------------------------------

BACKUP_MANIFEST = "listgen-backup.json"
BACKED_UP = ".listgen-backed-up"  # in the folder: when its lists were last backed up (the folder's page says)
MAX_BACKUP_FILES = 1000


def backed_up(served: Site) -> str | None:
    """When the folder's lists were last backed up from the page, or None."""
    data = disk_bytes(served.folder / BACKED_UP)
    return data.decode("utf-8", "replace").strip()[:40] if data else None


@blueprint.post("/backup")
def backup() -> Response:
    """Every list of the folder in one zip (a manifest with each file's sha256 beside them): what "Restore"
    reads back. In the site, where lists live in the browser's storage only, this is the copy that survives it."""
    import hashlib
    import io
    import json
    import zipfile

    from .. import __version__

    served = site()
    files = {name: data for name, path in served.lists().items() if (data := disk_bytes(path)) is not None}
    made = time.strftime("%Y-%m-%d %H:%M")
    manifest = {
        "listgen_backup": 1,
        "listgen": __version__,
        "made": made,
        "files": {name: hashlib.sha256(data).hexdigest() for name, data in sorted(files.items())},
    }
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr(BACKUP_MANIFEST, json.dumps(manifest, indent=1, ensure_ascii=False) + "\n")
        for name, data in sorted(files.items()):
            archive.writestr(f"lists/{name}", data)
    with contextlib.suppress(OutputPathError):  # the backup is the user's either way; only "last backed up" misses it
        write_atomic(served.folder / BACKED_UP, made + "\n")
    stamp = made.replace(" ", "-").replace(":", "")
    return Response(
        out.getvalue(),
        mimetype="application/zip",
        headers={"Content-Disposition": f'attachment; filename="listgen-lists-{stamp}.zip"'},
    )


@blueprint.post("/restore-backup")
def restore_backup() -> Response:
    """Every list of a backup put back: a list not in the folder is written; one there with the same text is let
    be; one there with other text is never overwritten: the backup's is saved beside it ('NAME-restored') and
    the page says so. A backup that does not read, or whose files do not match its manifest, restores nothing."""
    served = site()
    upload = request.files.get("backup")
    if upload is None:
        return message("choose a backup file (listgen-lists-....zip) to restore", 400)
    try:
        files = read_backup(upload.read())
    except ValueError as exc:
        return message(f"nothing was restored: {exc}", 422)
    said = []
    for name, data in files.items():
        said.append(_restore_one(served, name, data))
    return Response(
        page("message", text="Restored from the backup: " + "; ".join(said), status=200),
        mimetype="text/html",
    )


def read_backup(raw: bytes) -> dict:
    """name -> bytes of a backup's lists, each checked against its manifest; ValueError, saying why, when the
    file is no listgen backup, is damaged, or holds more than a folder of lists would."""
    import hashlib
    import io
    import json
    import zipfile

    from listgen.core.loader import MAX_BYTES

    try:
        archive = zipfile.ZipFile(io.BytesIO(raw))
        manifest = json.loads(archive.read(BACKUP_MANIFEST).decode("utf-8"))
        listed = manifest["files"]
        if not isinstance(listed, dict) or len(listed) > MAX_BACKUP_FILES:
            raise ValueError("its manifest lists no files, or more than a backup holds")
        out = {}
        for name, digest in listed.items():
            info = archive.getinfo(f"lists/{name}")
            if info.file_size > MAX_BYTES:
                raise ValueError(f"'{name[:60]}' is larger than a list may be")
            data = archive.read(info)
            if hashlib.sha256(data).hexdigest() != digest:
                raise ValueError(f"'{name[:60]}' does not match the backup's manifest (the file is damaged)")
            out[name] = data
    except (zipfile.BadZipFile, KeyError, UnicodeDecodeError, json.JSONDecodeError, TypeError, AttributeError):
        raise ValueError("the file is not a listgen backup (a zip with listgen-backup.json)") from None
    return out


FOLDER_PART = re.compile(r"[A-Za-z0-9][A-Za-z0-9 _.-]{0,80}")


def _restore_one(served: Site, name: str, data: bytes) -> str:
    """Put one list back: its own name where that is free, beside it where another text holds it. A name that
    leads out of the folder (a backup made by hand) restores nothing."""
    where, _sep, plain = name.rpartition("/")
    parts = where.split("/") if where else []
    if any(not FOLDER_PART.fullmatch(part) or part.startswith(".") for part in parts):
        return f"{name[:80]}: not restored (a folder name listgen does not write)"
    folder = served.folder.joinpath(*parts)
    if not folder.resolve().is_relative_to(served.folder.resolve()):
        return f"{name[:80]}: not restored (a folder outside this one)"
    folder.mkdir(parents=True, exist_ok=True)
    base = Site(folder, served.token, served.hosts)
    shown = f"{where}/" if where else ""
    target = folder / plain
    if target.exists() or target.is_symlink():
        if disk_bytes(target) == data:
            return f"{name}: there already, the same"
        stem = plain.rsplit(".", 1)[0]
        for n in range(1, 100):
            checked = new_file_name(base, f"{stem}-restored{'' if n == 1 else f'-{n}'}.yaml")
            if not isinstance(checked, str):
                write_atomic(checked[0], data)
                return f"{name}: another list has this name, so the backup's is {shown}{checked[1]}"
        return f"{name}: not restored (no free name beside it)"
    checked = new_file_name(base, plain)
    if isinstance(checked, str):
        return f"{name[:80]}: not restored ({checked})"
    write_atomic(checked[0], data)
    return f"{name}: restored"
