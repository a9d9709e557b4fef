"""The folder's lists managed from its page: rename, copy and delete (asked first, and kept in the folder's
``.listgen-trash`` so that the page can restore it). Every name comes from the folder's own listing; a new name
is a plain file name in the same folder, never over a file that is there."""

from __future__ import annotations

import contextlib
import os
import time
import urllib.parse
from dataclasses import dataclass
from pathlib import Path

from flask import Blueprint, Response, abort, current_app, request

from listgen.core.exceptions import OutputPathError
from listgen.core.loader import MAX_BYTES
from listgen.output.files import write_atomic

from .workspace import Site, disk_bytes, message, new_file_name, page, root, site

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


def backup_due(served: Site) -> bool:
    """In the site, whose lists live in the browser's storage only (Safari clears it after seven days without a
    visit): whether a list has changed since the last backup made from the page, or there are lists and none was
    ever made. The page says so where it matters (after a save, on the folder's page), and not once it is safe."""
    if not served.in_browser:
        return False
    try:
        changed = max((path.stat().st_mtime for path in kept_files(served).values()), default=None)
        if changed is None:
            return False
        stamp = served.folder / BACKED_UP
        return not stamp.is_file() or stamp.stat().st_mtime < changed
    except OSError:
        return False


def kept_files(served: Site) -> dict:
    """name -> path of what a backup keeps: every list of the folder and every campaign (web/campaigns.py), which
    in the site lives in the browser's storage as the lists do."""
    return {**served.lists(), **served.campaigns()}


@blueprint.post("/backup")
def backup() -> Response:
    """Every list and campaign of the folder in one zip (a manifest with each file's sha256 beside them): what
    "Restore" reads back. In the site, where lists live in the browser's storage only, this is the copy that
    survives it."""
    import hashlib
    import io
    import json
    import zipfile

    from .. import __version__

    served = site()
    files = {name: data for name, path in kept_files(served).items() if (data := disk_bytes(path)) is not None}
    unnamed = [name for name in files if not _utf8(name)]
    if unnamed:  # a zip names its files in UTF-8: such a list could not be restored under its name
        shown = ", ".join(repr(name.encode("utf-8", "surrogateescape"))[2:-1] for name in unnamed[:5])
        return message(f"nothing was backed up: the name of {shown} is not UTF-8 text; rename it and back up", 422)
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


def _utf8(name: str) -> bool:
    """Whether a name read from the folder is UTF-8 text (Python gives a name of other bytes as lone surrogates)."""
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


@blueprint.post("/restore-backup")
def restore_backup() -> Response:
    """Every list of a backup put back: a list not in the folder is written; one there with the same text is let
    be; one there with other text is never overwritten: the backup's is saved beside it ('NAME-restored') and
    the page says so. A backup that does not read, whose files do not match its manifest, that names a file no
    folder holds or that would write more than a folder of lists holds restores nothing, and says why."""
    served = site()
    upload = request.files.get("backup")
    if upload is None:
        return message("choose a backup file (listgen-lists-....zip) to restore", 400)
    try:
        files = read_backup(upload.read())
        with current_app.extensions["listgen-save"]:
            _within(served, files)
            said = [_restore_one(served, name, data) for name, data in files.items()]
    except BackupError as exc:
        return message(f"nothing was restored: {exc}", exc.status)
    return Response(
        page("message", text="Restored from the backup: " + "; ".join(said), status=200),
        mimetype="text/html",
    )


class BackupError(ValueError):
    """Why a backup restores nothing, and the HTTP status that says it."""

    def __init__(self, text: str, status: int = 422) -> None:
        super().__init__(text)
        self.status = status


# What a restore may write, checked before anything is: a list is at most the loader's MAX_BYTES, and all of a
# backup's at most MAX_BACKUP_BYTES, by what its zip declares and by what is read (a zip of a few KB can declare
# and unpack to a GB). 32 MiB is a thousand lists of 32 KB; a list is a few KB.
MAX_BACKUP_BYTES = 32 * 1024 * 1024
MAX_NAME_BYTES = 255  # a file name (each part of a list's name) on every common file system
MAX_PATH_BYTES = 1024  # a list's whole name, folders and all
CHUNK = 64 * 1024


def read_backup(raw: bytes) -> dict:
    """name -> bytes of a backup's lists, each checked against its manifest, its name and its size; BackupError,
    saying why, when the file is no listgen backup, is damaged, names a file no folder holds, or holds more than
    a folder of lists would."""
    import json
    import zipfile
    import zlib
    from io import BytesIO

    try:
        archive = zipfile.ZipFile(BytesIO(raw))
        manifest = json.loads(_read_bounded(archive, archive.getinfo(BACKUP_MANIFEST), MAX_BYTES).decode("utf-8"))
        listed = manifest["files"]
        if not isinstance(listed, dict) or not all(isinstance(d, str) for d in listed.values()):
            raise BackupError("its manifest lists no files")
        if len(listed) > MAX_BACKUP_FILES:
            raise BackupError(f"it holds {len(listed)} lists, more than a backup holds ({MAX_BACKUP_FILES})", 413)
        for name in listed:
            _check_name(name)
        infos = {name: archive.getinfo(f"lists/{name}") for name in listed}
        _check_sizes(infos)
        return {name: _read_checked(archive, name, info, listed[name]) for name, info in infos.items()}
    except BackupError:
        raise
    except (zipfile.BadZipFile, zipfile.LargeZipFile) as exc:
        raise BackupError(
            f"the file is not a listgen backup (a zip with listgen-backup.json), or is damaged: {exc}"
        ) from None
    except (
        KeyError,
        ValueError,
        TypeError,
        AttributeError,
        NotImplementedError,
        RuntimeError,
        EOFError,
        OSError,
        zlib.error,
    ):
        raise BackupError("the file is not a listgen backup (a zip with listgen-backup.json)") from None


def _check_name(name: str) -> None:
    """A list's name as backup writes one: '/'-separated parts, each a file name a folder holds, inside the
    folder, ending .yaml or .yml. Any other character is the user's (the folder held it when backup read it)."""
    shown = repr(name[:60] + ("..." if len(name) > 60 else ""))
    parts = name.split("/")
    if "\x00" in name:
        raise BackupError(f"{shown} holds a NUL character, which no file name may")
    if name.startswith("/") or any(part in (".", "..") for part in parts):
        raise BackupError(f"{shown} leads out of the folder ('/' first, or a '.' or '..' part)")
    if any(part == "" for part in parts):
        raise BackupError(f"{shown} has an empty part ('//' or '/' last)")
    if os.sep != "/" and any(c in name for c in "\\:"):  # Windows: a folder or a drive, not part of a name
        raise BackupError(f"{shown} holds '\\' or ':', which this system reads as a folder or a drive")
    if any(len(part.encode("utf-8", "surrogatepass")) > MAX_NAME_BYTES for part in parts):
        raise BackupError(f"{shown} is longer than a file name may be ({MAX_NAME_BYTES} bytes in UTF-8)")
    if len(name.encode("utf-8", "surrogatepass")) > MAX_PATH_BYTES:
        raise BackupError(f"{shown} is longer than a list's name may be ({MAX_PATH_BYTES} bytes in UTF-8)")
    if not parts[-1].lower().endswith((".yaml", ".yml")):
        raise BackupError(f"{shown} is no list's name (a list's ends .yaml or .yml)")


def _check_sizes(infos: dict) -> None:
    """The sizes the zip declares, each and all, bounded before anything is read."""
    for name, info in infos.items():
        if info.file_size > MAX_BYTES:
            raise BackupError(f"'{name[:60]}' is larger than a list may be ({MAX_BYTES // 1024} KiB)", 413)
    if sum(info.file_size for info in infos.values()) > MAX_BACKUP_BYTES:
        raise BackupError(f"its lists together are larger than a backup may be ({MAX_BACKUP_BYTES >> 20} MiB)", 413)


def _read_bounded(archive, info, most: int) -> bytes:
    """A member's bytes, read a piece at a time: more than it declared, or than most, is refused as it arrives."""
    most = min(most, info.file_size)
    pieces, got = [], 0
    with archive.open(info) as handle:
        while piece := handle.read(min(CHUNK, most + 1 - got)):
            got += len(piece)
            if got > most:
                raise BackupError(f"'{info.filename[:60]}' holds more than its zip says (the file is damaged)", 413)
            pieces.append(piece)
    return b"".join(pieces)


def _read_checked(archive, name: str, info, digest: str) -> bytes:
    import hashlib

    data = _read_bounded(archive, info, MAX_BYTES)
    if hashlib.sha256(data).hexdigest() != digest:
        raise BackupError(f"'{name[:60]}' does not match the backup's manifest (the file is damaged)")
    return data


def _within(served: Site, files: dict) -> None:
    """Every list's folder inside the folder served, links followed (a backup made by hand, or a folder that is
    now a link): checked for all before anything is written."""
    home = served.folder.resolve()
    for name in files:
        where = name.rpartition("/")[0]
        if where and not (served.folder / where).resolve().is_relative_to(home):
            raise BackupError(f"'{name[:60]}' leads out of the folder (through a link)")


def _restore_one(served: Site, name: str, data: bytes) -> str:
    """Put one list back: its own name where that is free, beside it where another text holds it."""
    where, _sep, plain = name.rpartition("/")
    folder = served.folder / where if where else served.folder
    target = folder / plain
    try:
        folder.mkdir(parents=True, exist_ok=True)
        if not (target.exists() or target.is_symlink()):
            write_atomic(target, data)
            return f"{name}: restored"
        if disk_bytes(target) == data:
            return f"{name}: there already, the same"
        beside = _free_beside(folder, plain)
        if beside is None:
            return f"{name}: not restored (no free name beside it)"
        write_atomic(folder / beside, data)
    except (OSError, OutputPathError) as exc:  # a full disk, a name this file system refuses
        return f"{name}: not restored ({getattr(exc, 'strerror', None) or exc})"
    return f"{name}: another list has this name, so the backup's is {where + '/' if where else ''}{beside}"


def _free_beside(folder: Path, plain: str) -> str | None:
    """'NAME-restored.yaml' (or -2, -3...) beside a list, its stem cut to keep it a file name."""
    stem, _dot, suffix = plain.rpartition(".")
    for n in range(1, 100):
        tail = f"-restored{'' if n == 1 else f'-{n}'}.{suffix}"
        room = MAX_NAME_BYTES - len(tail.encode("utf-8"))
        cut = stem.encode("utf-8")[:room].decode("utf-8", "ignore")
        candidate = folder / (cut + tail)
        if not (candidate.exists() or candidate.is_symlink()):
            return candidate.name
    return None
