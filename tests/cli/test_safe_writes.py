"""Nothing listgen writes destroys what it should not (issue 19): devices, folders, lists, a gap in results."""

import errno
import os
import pathlib
import shutil
import socket
import stat
import subprocess
import threading

import pytest
from conftest import ARMIES, LISTGEN, listgen_run

from listgen.core.exceptions import OutputPathError
from listgen.output.files import check_output, write_atomic

GERMAN = ARMIES / "smle-german-section.yaml"
PACK = ARMIES / "tournament" / "pack.yaml"


listgen = listgen_run


def test_a_fifo_is_written_in_place_never_replaced(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(pathlib.Path(fifo).read_bytes()))
    reader.start()
    write_atomic(fifo, b"%PDF-data")
    reader.join(10)
    assert got == [b"%PDF-data"]
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)


@pytest.mark.slow
def test_a_character_device_is_written_in_place(tmp_path):
    if os.geteuid() != 0:
        pytest.skip("making a device node needs root (CI runs as root)")
    null = tmp_path / "null"
    os.mknod(null, 0o666 | stat.S_IFCHR, os.makedev(1, 3))  # a second /dev/null, so the real one is never risked
    done = listgen("roster", GERMAN, "-o", null)
    assert done.returncode == 0, done.stderr
    assert stat.S_ISCHR(os.stat(null).st_mode)


def test_a_socket_is_refused(tmp_path):
    path = tmp_path / "sock"
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(path))
    try:
        with pytest.raises(OutputPathError, match="not a regular file"):
            write_atomic(path, b"x")
        assert stat.S_ISSOCK(os.stat(path).st_mode)
    finally:
        server.close()


@pytest.mark.slow
def test_a_file_named_yaml_alone_and_a_folder_name_are_refused(tmp_path):
    (tmp_path / ".yaml").write_text("mine")
    with pytest.raises(OutputPathError, match="YAML"):
        check_output(tmp_path / ".yaml")
    assert (tmp_path / ".yaml").read_text() == "mine"
    for command in ("roster", "cards"):
        done = listgen(command, GERMAN, "-o", f"{tmp_path}/newdir/")
        assert done.returncode == 2 and b"names a folder" in done.stderr
        assert not (tmp_path / "newdir").exists()


def test_a_full_disk_names_the_file(tmp_path, monkeypatch):
    def full(*_args):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OutputPathError, match=r"roster\.pdf: cannot write it: no space left on device"):
        write_atomic(tmp_path / "roster.pdf", b"x")
    assert not list(tmp_path.iterdir())  # no partial file left


@pytest.mark.slow
@pytest.mark.parametrize("fmt", ["text", "json"])
def test_standard_output_on_a_full_disk_is_a_plain_error(fmt):
    with open("/dev/full", "w") as full:
        done = subprocess.run([*LISTGEN, "validate", "-f", fmt, str(GERMAN)], stdout=full, stderr=subprocess.PIPE)
    assert done.returncode == 2
    assert b"cannot write to standard output: no space left on device" in done.stderr
    assert b"internal error" not in done.stderr and b"Traceback" not in done.stderr


@pytest.mark.slow
@pytest.mark.parametrize("epoch", ["1.5", "99999999999999999999", "-1", "soon", "253402300800"])
def test_a_bad_source_date_epoch_is_refused_plainly(epoch, tmp_path):
    done = listgen("roster", GERMAN, "-o", tmp_path / "r.pdf", env={"SOURCE_DATE_EPOCH": epoch})
    assert done.returncode == 2 and b"SOURCE_DATE_EPOCH" in done.stderr and b"internal" not in done.stderr
    at_limit = listgen("validate", GERMAN, env={"SOURCE_DATE_EPOCH": "253402300799"})
    assert at_limit.returncode == 0


def _event(tmp_path):
    event = tmp_path / "event"
    shutil.copytree(PACK.parent, event)
    return event / "pack.yaml"


@pytest.mark.slow
def test_tournament_refuses_a_folder_holding_a_folder_named_like_an_output(tmp_path):
    out = tmp_path / "results"
    (out / "booklet.pdf").mkdir(parents=True)
    (out / "booklet.pdf" / "mine.txt").write_text("keep me")
    done = listgen("tournament", _event(tmp_path), "-o", out)
    assert done.returncode == 2 and b"did not write" in done.stderr and b"booklet.pdf/" in done.stderr
    assert (out / "booklet.pdf" / "mine.txt").read_text() == "keep me"


@pytest.mark.slow
def test_tournament_cleans_stale_staging_but_never_the_users_files(tmp_path):
    from listgen.events.tournament import OUTPUTS

    out = tmp_path / "results"
    stale = tmp_path / ".results.abc123.new"
    stale.mkdir()
    for name in OUTPUTS:
        (stale / name).write_text("old")
    kept = tmp_path / ".results.xyz.old"
    kept.mkdir()
    (kept / "notes.txt").write_text("mine")
    done = listgen("tournament", _event(tmp_path), "-o", out)
    assert done.returncode in (1, 2), done.stderr
    assert not stale.exists() and (kept / "notes.txt").read_text() == "mine"
    assert sorted(p.name for p in out.iterdir()) == sorted(OUTPUTS)


@pytest.mark.slow
def test_results_are_swapped_in_with_no_moment_without_them(tmp_path):
    from listgen.events.tournament import check_entries, entry_paths, open_pack, write

    pack_path = _event(tmp_path)
    pack = open_pack(str(pack_path))
    result = check_entries(pack, str(pack_path), entry_paths(pack, str(pack_path), ()))
    out = tmp_path / "results"
    write(result, out)
    missing, stop = [], threading.Event()

    def poll():
        while not stop.is_set():
            if not (out / "results.csv").exists():
                missing.append(1)

    reader = threading.Thread(target=poll)
    reader.start()
    try:
        for _ in range(5):
            write(result, out)
    finally:
        stop.set()
        reader.join()
    assert not missing
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".results.") and p.name != ".results.lock"]


def test_a_stale_part_file_from_a_killed_run_is_cleaned_by_the_next(tmp_path):
    import time

    stale = tmp_path / ".roster.pdf.abc123.part"
    stale.write_bytes(b"%PDF-half")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    fresh = tmp_path / ".roster.pdf.def456.part"  # another run may be writing it now
    fresh.write_bytes(b"%PDF-half")
    other = tmp_path / ".cards.pdf.abc123.part"
    other.write_bytes(b"x")
    os.utime(other, (old, old))
    write_atomic(tmp_path / "roster.pdf", b"%PDF-whole")
    assert not stale.exists() and fresh.exists() and other.exists()


@pytest.mark.parametrize("name", ["x" * 250 + ".yaml", "é" * 125 + ".yaml", "x" * 240 + ".yaml"])
def test_a_file_name_of_the_longest_length_is_written_and_its_stale_parts_cleaned(tmp_path, name):
    """A temporary file is named '.NAME.HOST-PID-XXXXXXXX.part': for a name near 255 bytes (a list restored from a
    backup, issue 50) that is past what a file name may be, so NAME is cut to 220 bytes, and the same cut finds
    stale ones (an unnamed writer's, from before the writer was named, as old)."""
    import time

    assert len(name.encode()) <= 255
    cut = os.fsdecode(os.fsencode(name)[:220])
    stale = tmp_path / f".{cut}.abc12345.part"
    stale.write_bytes(b"half")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    write_atomic(tmp_path / name, b"whole")
    assert (tmp_path / name).read_bytes() == b"whole"
    assert sorted(p.name for p in tmp_path.iterdir()) == [name]


def test_standard_input_over_the_limit_is_named_stdin():
    from listgen.core.loader import MAX_BYTES

    done = listgen_run("validate", "-", input=b"#" * (MAX_BYTES + 10))
    assert done.returncode == 2 and done.stderr.startswith(b"<stdin>:1:")


@pytest.mark.slow
def test_a_tournament_killed_at_any_moment_leaves_the_old_results_whole(tmp_path):
    import random
    import signal
    import time

    from listgen.events.tournament import OUTPUTS

    pack = _event(tmp_path)
    out = tmp_path / "results"
    assert listgen("tournament", pack, "-o", out).returncode in (1, 2)
    before = {name: (out / name).read_bytes() for name in OUTPUTS}
    rng = random.Random(19)
    for _ in range(8):
        proc = subprocess.Popen(
            [*LISTGEN, "tournament", str(pack), "-o", str(out)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env={**os.environ, "SOURCE_DATE_EPOCH": "1780000000"},
        )
        time.sleep(rng.uniform(0.2, 1.5))
        proc.send_signal(rng.choice([signal.SIGKILL, signal.SIGTERM, signal.SIGINT]))
        proc.wait(30)
        assert sorted(p.name for p in out.iterdir()) == sorted(OUTPUTS)
        assert {name: (out / name).read_bytes() for name in OUTPUTS} == before  # same input, same bytes
    assert listgen("tournament", pack, "-o", out).returncode in (1, 2)
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".results.") and p.name != ".results.lock"]


def test_a_link_to_a_file_is_written_through_never_replaced(tmp_path):
    target = tmp_path / "real.txt"
    target.write_text("old")
    link = tmp_path / "link.txt"
    link.symlink_to(target)
    write_atomic(link, "new")
    assert link.is_symlink() and os.readlink(link) == str(target) and target.read_text() == "new"


def test_a_link_to_nothing_is_refused(tmp_path):
    link = tmp_path / "out.pdf"
    link.symlink_to(tmp_path / "elsewhere" / "x.pdf")
    with pytest.raises(OutputPathError, match="is a link to nothing"):
        write_atomic(link, "data")
    assert link.is_symlink() and not (tmp_path / "elsewhere").exists()


def test_dev_stdout_on_a_regular_file_is_written_in_place(tmp_path):
    """/dev/stdout -> /proc/self/fd/1 -> a file the shell opened: written through, the system's links kept."""
    out = tmp_path / "captured.txt"
    fd = os.open(out, os.O_WRONLY | os.O_CREAT, 0o644)
    try:
        link = tmp_path / "stdout"
        link.symlink_to(f"/proc/self/fd/{fd}")
        write_atomic(link, "the export")
        assert link.is_symlink() and out.read_text() == "the export"
        assert os.fstat(fd).st_ino == out.stat().st_ino  # the same file the stream holds, not a new one
    finally:
        os.close(fd)
