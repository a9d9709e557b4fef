"""The folder page's backup and restore (issue 50): what backup writes, restore reads, byte for byte, whatever the
lists are called; a backup that would write more than a folder of lists holds (a zip bomb), or names a file no
folder can hold, restores nothing and says why, never a 500."""

from __future__ import annotations

import hashlib
import io
import json
import zipfile
from pathlib import Path

import pytest

from listgen.core.loader import MAX_BYTES
from listgen.web.app import create_app
from listgen.web.manage import MAX_BACKUP_BYTES, MAX_NAME_BYTES

HOST = "127.0.0.1:8123"
KEY = "the-key"
SECTION = "ruleset: smle\nname: Test section\npoints_limit: 100\n"

# Names a folder of lists can hold and so a backup can carry: every one must come back as it was.
HOSTILE = [
    "Zoë's army.yaml",
    "my list (v2).yaml",
    'quote "double".yaml',
    "back`tick` and $HOME.yaml",
    " leading space.yaml",
    "trailing space .yaml",
    ".hidden.yaml",
    "..two dots first.yaml",
    "with..dots...yaml",
    "Case.yaml",
    "case.yaml",  # differs from the one above by case only
    "CASE.YML",
    "x" * 250 + ".yaml",  # 255 bytes: the longest file name
    "é" * 125 + ".yaml",  # 255 bytes in UTF-8, 130 characters
    "日本語のリスト.yaml",
    "emoji 🪖🎖️.yaml",
    "עברית RTL‮.yaml",
    "e\u0301 decomposed.yaml",
    "\u00e9 composed.yaml",  # the same on the screen as the one above, another name on disk
    "zero\u200bwidth　ideographic space.yaml",
    "percent %41 %00 + plus.yaml",
    "hash #1 ?query&amp;.yaml",
    "<angle> & 'tags'.yaml",
    "tab\there.yaml",
    "back\\slash.yaml",
    "-dash-first.yaml",
    "CON.yaml",
    "sub folder/nested (1).yaml",
    ".dot folder/inside.yaml",
    "deep/er/and/deeper/Zoë's.yml",
    "a" * 200 + "/" + "b" * 200 + ".yaml",  # a path of 406 characters, each part a name a folder holds
]


@pytest.fixture
def folder(tmp_path):
    return tmp_path


@pytest.fixture
def client(folder):
    app = create_app(folder, KEY, hosts={HOST})
    c = app.test_client()
    c.get(f"/?key={KEY}", headers={"Host": HOST})
    return c


def post(c, url, **kw):
    return c.post(url, headers={"Host": HOST, "Origin": f"http://{HOST}"}, **kw)


def restore(c, archive: bytes):
    return post(c, "/lists/restore-backup", data={"backup": (io.BytesIO(archive), "backup.zip")})


def tree(folder: Path) -> dict:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def made_backup(files: dict, declared: dict | None = None) -> bytes:
    """A backup made by hand as backup makes one: a manifest of sha256s and each file under lists/."""
    manifest = {"listgen_backup": 1, "files": {n: hashlib.sha256(d).hexdigest() for n, d in files.items()}}
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("listgen-backup.json", json.dumps({**manifest, **(declared or {})}))
        for name, data in files.items():
            archive.writestr(f"lists/{name}", data)
    return out.getvalue()


def test_backup_then_restore_of_hostile_names_round_trips_byte_for_byte(client, folder):
    assert len(HOSTILE) >= 30 and len(set(HOSTILE)) == len(HOSTILE)
    for i, name in enumerate(HOSTILE):
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        # each its own bytes: a BOM, CRLF, a byte that is no UTF-8, the name itself
        path.write_bytes(
            b"\xef\xbb\xbf" * (i % 2) + SECTION.encode() + f"# {i}: {name}\r\n".encode() + b"\xff" * (i % 3)
        )
    before = tree(folder)
    assert set(before) == set(HOSTILE)  # the folder holds them all: a backup carries what it finds
    archive = post(client, "/lists/backup").data
    for path in folder.rglob("*"):
        if path.is_file():
            path.unlink()
    r = restore(client, archive)
    said = r.get_data(as_text=True)
    assert r.status_code == 200, said
    assert "not restored" not in said
    after = {k: v for k, v in tree(folder).items() if k != ".listgen-backed-up"}
    assert after == before


def test_a_restore_over_lists_that_are_there_keeps_them_and_saves_the_backup_s_beside(client, folder):
    names = ["Zoë's army.yaml", "my list (v2).yaml", "x" * 250 + ".yaml"]
    for name in names:
        (folder / name).write_text(SECTION, encoding="utf-8")
    archive = post(client, "/lists/backup").data
    for name in names:
        (folder / name).write_text(SECTION + "# changed since\n", encoding="utf-8")
    r = restore(client, archive)
    assert r.status_code == 200
    for name in names:
        assert (folder / name).read_text(encoding="utf-8").endswith("# changed since\n")  # never overwritten
    beside = {p.name for p in folder.iterdir()} - set(names) - {".listgen-backed-up"}
    assert "Zoë's army-restored.yaml" in beside and "my list (v2)-restored.yaml" in beside
    (long,) = [n for n in beside if n.startswith("x")]  # the longest name, cut to leave room for '-restored'
    assert long.endswith("-restored.yaml") and len(long.encode()) <= MAX_NAME_BYTES
    assert all((folder / n).read_text(encoding="utf-8") == SECTION for n in beside)


def bombed(count: int, size: int) -> bytes:
    """count lists of size bytes each, of one repeated byte: a few KB of zip that unpacks to count * size."""
    data = SECTION.encode() + b"#" * (size - len(SECTION))
    return made_backup({f"list-{i:04}.yaml": data for i in range(count)})


def test_a_zip_bomb_is_refused_before_anything_is_written(client, folder):
    count = MAX_BACKUP_BYTES // MAX_BYTES + 1  # each list at the size limit, together one list past the whole
    bomb = bombed(count, MAX_BYTES)
    assert len(bomb) < MAX_BACKUP_BYTES // 500  # a small upload that would write a great deal
    before = tree(folder)
    r = restore(client, bomb)
    assert r.status_code == 413, r.get_data(as_text=True)
    assert "nothing was restored" in r.get_data(as_text=True) and "MiB" in r.get_data(as_text=True)
    assert tree(folder) == before and not any(folder.iterdir())
    # at the limit: restored
    r = restore(client, bombed(MAX_BACKUP_BYTES // MAX_BYTES, MAX_BYTES))
    assert r.status_code == 200 and len(list(folder.glob("list-*.yaml"))) == MAX_BACKUP_BYTES // MAX_BYTES


def test_one_list_past_the_size_limit_is_refused(client, folder):
    r = restore(client, made_backup({"big.yaml": b"#" * (MAX_BYTES + 1)}))
    assert r.status_code == 413 and "big.yaml" in r.get_data(as_text=True)
    assert not any(folder.iterdir())
    r = restore(client, made_backup({"big.yaml": b"#" * MAX_BYTES}))
    assert r.status_code == 200 and (folder / "big.yaml").stat().st_size == MAX_BYTES


def _lie_about_size(archive: bytes, name: str, size: int) -> bytes:
    """The zip with the uncompressed size of one member given as size, in its local and central headers."""
    raw = bytearray(archive)
    encoded = name.encode()
    for signature, at, name_at in ((b"PK\x03\x04", 22, 30), (b"PK\x01\x02", 24, 46)):
        start = raw.find(signature)
        while start >= 0:
            if raw[start + name_at : start + name_at + len(encoded)] == encoded:
                raw[start + at : start + at + 4] = size.to_bytes(4, "little")
            start = raw.find(signature, start + 1)
    return bytes(raw)


def test_a_member_larger_than_it_says_is_refused_while_it_is_read(client, folder, monkeypatch):
    """A zip whose headers say 100 bytes for a member that unpacks to 8 MiB: what is read is counted as it is
    read, and past what was declared the backup is refused (never unpacked whole first)."""
    archive = _lie_about_size(made_backup({"liar.yaml": b"#" * (8 * MAX_BYTES)}), "lists/liar.yaml", 100)
    read: list = []
    real_open = zipfile.ZipFile.open

    def counting_open(self, *args, **kwargs):
        handle = real_open(self, *args, **kwargs)
        real_read = handle.read

        def counted(n=-1):
            read.append(n)
            return real_read(n)

        handle.read = counted  # type: ignore[method-assign]
        return handle

    monkeypatch.setattr(zipfile.ZipFile, "open", counting_open)
    r = restore(client, archive)
    assert 400 <= r.status_code < 500 and "nothing was restored" in r.get_data(as_text=True)
    assert read and all(0 < n <= MAX_BYTES + 1 for n in read)  # read in bounded pieces, never whole
    assert not any(folder.iterdir())


@pytest.mark.parametrize(
    "name, why",
    [
        ("n" * 296 + ".yaml", "longer than a file name may be"),  # 300 characters
        ("é" * 126 + ".yaml", "longer than a file name may be"),  # 131 characters, 257 bytes
        ("../out.yaml", "leads out of the folder"),
        ("/etc/out.yaml", "leads out of the folder"),
        ("a//b.yaml", "empty"),
        ("sub/./b.yaml", "leads out of the folder"),
        ("nul\x00.yaml", "NUL"),
        ("not-a-list.txt", ".yaml"),
        ("d" * 300 + "/x.yaml", "longer than a file name may be"),
    ],
)
def test_a_name_no_folder_holds_is_a_clear_4xx_and_restores_nothing(client, folder, name, why):
    archive = made_backup({"fine.yaml": SECTION.encode(), name: SECTION.encode()})
    r = restore(client, archive)
    said = r.get_data(as_text=True)
    assert r.status_code == 422, said
    assert "nothing was restored" in said and why in said, said
    assert not any(folder.iterdir()) and not (folder.parent / "out.yaml").exists()


def test_a_name_leading_out_through_a_link_restores_nothing(client, folder, tmp_path_factory):
    outside = tmp_path_factory.mktemp("outside")
    (folder / "link").symlink_to(outside, target_is_directory=True)
    r = restore(client, made_backup({"fine.yaml": SECTION.encode(), "link/out.yaml": SECTION.encode()}))
    assert r.status_code == 422 and "leads out of the folder" in r.get_data(as_text=True)
    assert not any(outside.iterdir()) and not (folder / "fine.yaml").exists()


@pytest.mark.parametrize(
    "archive",
    [
        b"",
        b"PK\x05\x06" + b"\x00" * 18,  # an empty zip
        made_backup({}, {"files": []}),
        made_backup({}, {"files": {"a.yaml": 3}}),
        made_backup({}, {"files": {f"{i}.yaml": "0" * 64 for i in range(1001)}}),
    ],
)
def test_what_is_no_backup_is_a_plain_4xx(client, folder, archive):
    r = restore(client, archive)
    assert 400 <= r.status_code < 500 and "nothing was restored" in r.get_data(as_text=True)
    assert not any(folder.iterdir())


def test_an_upload_past_the_request_limit_says_it_is_a_backup_too_large(client, folder):
    from listgen.web.workspace import MAX_REQUEST

    r = restore(client, b"PK" + b"\x00" * MAX_REQUEST)
    assert r.status_code == 413 and "a backup to restore may be" in r.get_data(as_text=True)
    assert not any(folder.iterdir())


def test_a_list_whose_name_is_not_utf8_is_named_and_nothing_is_backed_up(client, folder):
    """A zip names its files in UTF-8: a list named in other bytes (a Latin-1 'é' from an old system) could not be
    restored under its name, so the backup says which and gives no zip that leaves it out (it was a 500)."""
    import os

    (folder / "fine.yaml").write_text(SECTION, encoding="utf-8")
    try:
        (folder / os.fsdecode(b"caf\xe9.yaml")).write_text(SECTION, encoding="utf-8")
    except (OSError, UnicodeEncodeError):
        pytest.skip("this file system takes only UTF-8 names")
    r = post(client, "/lists/backup")
    said = r.get_data(as_text=True)
    assert r.status_code == 422 and "nothing was backed up" in said and "caf\\xe9.yaml" in said, said
