"""An event's own files (its state, its lock, its round files, the lock held while it writes, the players' receipts):
no command's -o writes over one (issue 50: `tournament export -o pack.event.json` wrote over the event's secret,
drops and admissions, and every printed slip was refused afterwards)."""

from __future__ import annotations

import os
import time

import pytest
from conftest import ARMIES, PLAYERS, cli


@pytest.fixture(scope="module")
def event(tmp_path_factory):
    """Four entries, checked with receipts and locked, round 1 paired and a player dropped."""
    folder = tmp_path_factory.mktemp("event")
    base = (ARMIES / "smle-german-section.yaml").read_text(encoding="utf-8")
    (folder / "entries").mkdir()
    for name in PLAYERS[:4]:
        (folder / "entries" / f"{name.split()[0].lower()}.yaml").write_text(
            base.replace("player: Club example", f"player: {name}"), encoding="utf-8"
        )
    (folder / "pack.yaml").write_text("event: Owned\nrulesets: [smle]\nlists: entries\n", encoding="utf-8")
    pack = folder / "pack.yaml"
    assert cli("tournament", pack, "-o", folder / "checked", "--lock", "--receipts") == 0
    assert cli("tournament", "pair", pack, "-o", folder / "out") == 0
    assert cli("tournament", "drop", pack, PLAYERS[3], "--after", "1") == 0
    return folder


OWNED = {
    "the state": "pack.event.json",
    "the lock": "pack.lock.json",
    "a round file": "results/round-1.yaml",
    "the lock held while writing": ".pack.yaml.writing",
    "a receipt": "checked/receipts/alice.pdf",
}


def _snapshot(folder) -> dict:
    return {p: p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file() and not p.name.endswith(".who")}


@pytest.mark.slow  # the event's receipts and booklet are printed once for the module
@pytest.mark.parametrize("owned", OWNED)
@pytest.mark.parametrize("linked", [False, True], ids=["named", "through a link"])
def test_export_never_writes_over_a_file_the_event_owns(event, capsys, owned, linked):
    target = event / OWNED[owned]
    assert target.exists()
    if linked:
        link = event / "event-export.json"
        link.unlink(missing_ok=True)
        link.symlink_to(target)
        target = link
    before = _snapshot(event)
    assert cli("tournament", "export", event / "pack.yaml", "-o", target) == 2
    err = capsys.readouterr().err
    assert "refusing to write over it (nothing was written)" in err and "Traceback" not in err
    assert _snapshot(event) == before  # nothing written: the state's secret, the drop, the lock, every slip kept
    capsys.readouterr()
    code = next(
        line.split("code: ")[1].rstrip("}")
        for line in (event / "results/round-1.yaml").read_text().splitlines()
        if "code:" in line
    )
    assert cli("tournament", "result", event / "pack.yaml", code, "0", "0") == 0  # the printed slip still records
    (event / "results/round-1.yaml").write_bytes(before[event / "results/round-1.yaml"])


@pytest.mark.parametrize(
    "args",
    [
        ("schema", "smle", "-o", "{event}/pack.event.json"),
        ("export", str(ARMIES / "smle-german-section.yaml"), "-f", "md", "-o", "{event}/pack.lock.json"),
        ("new", "smle", "-o", "{event}/other.event.json"),  # not there yet: still never made of a list
        ("import", "LG1:nothing", "-o", "{event}/.pack.yaml.writing.who"),
        ("roster", str(ARMIES / "smle-german-section.yaml"), "-o", "{event}/checked/receipts/alice.pdf"),
    ],
    ids=["schema", "export", "new", "import", "roster"],
)
def test_no_commands_output_is_a_file_an_event_owns(tmp_path, capsys, args):
    (tmp_path / "checked" / "receipts").mkdir(parents=True)
    (tmp_path / "checked" / "results.json").write_text("{}")
    (tmp_path / "checked" / "receipts" / "alice.pdf").write_bytes(b"%PDF-signed")
    (tmp_path / "pack.event.json").write_text('{"secret": "s"}')
    (tmp_path / "pack.lock.json").write_text('{"entries": {}}')
    before = _snapshot(tmp_path)
    assert cli(*(a.format(event=tmp_path) for a in args)) == 2
    assert "refusing to write over it" in capsys.readouterr().err
    assert _snapshot(tmp_path) == before


def test_what_is_an_events_file_is_said_by_one_function(tmp_path):
    from listgen.output.files import event_file

    for name in ("pack.event.json", "PACK.EVENT.JSON", "pack.lock.json", "results/round-12.yaml", ".pack.yml.writing",
                 ".checked.lock", ".pack.yaml.writing.who"):  # fmt: skip
        assert event_file(tmp_path / name), name
    for name in ("event.json", "pack.json", "round-1.pdf", "round-1-pairings.json", "pack.writing", "lock",
                 "receipts/alice.pdf"):  # fmt: skip
        assert event_file(tmp_path / name) is None, name  # a receipts folder is a receipt's beside results.json only


KILLED = """
import os, sys
os.replace = lambda *a, **k: os._exit(9)  # killed between writing the round file anew and renaming it into place
from listgen.__main__ import main
main(sys.argv[1:])
"""


def test_a_part_file_a_killed_run_left_is_cleaned_by_the_next_at_once(tmp_path, capsys):
    """Only listgen's own '.part' files, and only those no run can still be writing: its process ended (on this
    computer), or older than a minute; another program's, a live run's and another computer's fresh one stay."""
    import hashlib
    import socket
    import subprocess
    import sys

    from conftest import ROOT
    from test_event_state_lost import _tables, make_event

    event = make_event(tmp_path)
    pack = event / "pack.yaml"
    assert cli("tournament", "pair", pack, "-o", event / "out") == 0
    first, second = _tables(event)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    args = ["tournament", "result", str(pack), first["code"], "3", "1"]
    killed = subprocess.run([sys.executable, "-c", KILLED, *args], env=env, capture_output=True)
    assert killed.returncode == 9
    results = event / "results"
    (left,) = results.glob(".round-1.yaml.*.part")  # the run's half-made round file
    # as write_atomic names a '.part' file: '.NAME.HOST-PID-RANDOM.part', HOST a short hash of the computer's name
    host, pid = hashlib.sha256(socket.gethostname().encode()).hexdigest()[:6], os.getpid()
    other = "0" * 6 if host != "0" * 6 else "1" * 6
    dead = left.name.split("-")[-2] if left.name.count("-") >= 3 else "999999"  # the killed run's number
    kept = [
        results / ".notes.part",  # not named as listgen names its own
        results / f".round-1.yaml.{host}-{pid}-abcdefgh.part",  # this process's: still writing
        results / f".round-1.yaml.{other}-{dead}-abcdefgh.part",  # another computer's, its process's number ours ended
        results / ".round-2.yaml.abcdefgh.part",  # named before the writer was, beside another output
    ]
    stale = results / f".round-1.yaml.{other}-1-stalepar.part"
    for path in [*kept, stale]:
        path.write_bytes(b"half")
    old = time.time() - 3600
    for path in (stale, kept[0], kept[3]):  # an hour old: only its name keeps another program's file
        os.utime(path, (old, old))
    assert cli("tournament", "result", pack, second["code"], "3", "1") == 0  # at once: seconds after the kill
    assert not left.exists() and not stale.exists()
    assert all(path.exists() for path in kept)
