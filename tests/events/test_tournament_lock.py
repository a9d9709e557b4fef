"""A tournament from submission to lock: receipts, the lock and what changed since, a player entered twice,
and the list's hash in every result."""

import csv
import io
import json
import re
import shutil

import pytest
from conftest import BASE, recording

from listgen.core.share import list_hash
from listgen.core.validate import check_text

SECTION = BASE.replace("name: Test section", "name: Bob's section").replace(
    "ruleset: smle", "ruleset: smle\nplayer: Bob"
)


@pytest.fixture
def event(tmp_path):
    """An event folder: pack.yaml, and entries/ with Alice's and Bob's lists."""
    folder = tmp_path / "event"
    (folder / "entries").mkdir(parents=True)
    (folder / "pack.yaml").write_text("event: Lock Open\nrulesets: [smle]\nlists: entries\n", encoding="utf-8")
    (folder / "entries" / "alice.yaml").write_text(
        BASE.replace("ruleset: smle", "ruleset: smle\nplayer: Alice"), encoding="utf-8"
    )
    (folder / "entries" / "bob.yaml").write_text(SECTION, encoding="utf-8")
    return folder


def run(invoke, event, *args):
    return invoke("tournament", event / "pack.yaml", "-o", event.parent / "results", *args)


def codes(event, name):
    data = json.loads((event.parent / "results" / "results.json").read_text(encoding="utf-8"))
    entry = next(e for e in data["entries"] if e["file"].endswith(name))
    return [f["code"] for f in entry["findings"]], entry


@pytest.mark.slow  # each run prints the booklet
def test_a_locked_event_catches_a_changed_entry_and_says_what_changed(invoke, event):
    locked = run(invoke, event, "--lock")
    assert locked.exit_code == 0, locked.output
    lock = json.loads((event / "pack.lock.json").read_text(encoding="utf-8"))
    assert set(lock["entries"]) == {"entries/alice.yaml", "entries/bob.yaml"}
    unchanged = run(invoke, event)
    assert unchanged.exit_code == 0, unchanged.output
    bob = event / "entries" / "bob.yaml"
    bob.write_text(
        bob.read_text(encoding="utf-8").replace("quality: veteran, weapon: smg", "quality: veteran, weapon: rifle", 1),
        encoding="utf-8",
    )
    after = run(invoke, event)
    assert after.exit_code == 1
    found, entry = codes(event, "bob.yaml")
    assert found == ["TOURNAMENT-CHANGED-SINCE-LOCK"]
    message = next(f["message"] for f in entry["findings"])
    assert "'smg' -> 'rifle'" in message and lock["entries"]["entries/bob.yaml"]["hash"] in message
    assert "~ section '" in message and "sections > 0" not in message  # diff's words, not a raw path
    assert "re-submits it" in message and "reverts it" in message  # what the player can do
    assert codes(event, "alice.yaml")[0] == []  # the entry left alone is not flagged


@pytest.mark.slow  # each run prints the booklet
def test_a_comment_is_no_change(invoke, event):
    assert run(invoke, event, "--lock").exit_code == 0
    bob = event / "entries" / "bob.yaml"
    bob.write_text("# checked at the desk\n" + bob.read_text(encoding="utf-8"), encoding="utf-8")
    assert run(invoke, event).exit_code == 0


@pytest.mark.slow  # each run prints the booklet
def test_entries_added_after_or_missing_since_the_lock_are_reported(invoke, event):
    assert run(invoke, event, "--lock").exit_code == 0
    shutil.move(event / "entries" / "alice.yaml", event / "alice-withdrawn.txt")
    (event / "entries" / "carol.yaml").write_text(SECTION.replace("player: Bob", "player: Carol"), encoding="utf-8")
    result = run(invoke, event)
    assert result.exit_code == 1
    assert codes(event, "carol.yaml")[0] == ["TOURNAMENT-AFTER-LOCK"]
    assert re.search(r"MISSING +entries/alice.yaml \(Alice\)", result.output)
    results = event.parent / "results"
    assert "entries/alice.yaml (Alice)" in (results / "results.csv").read_text(encoding="utf-8")  # printed too
    import subprocess

    for name in ("report.pdf", "booklet.pdf"):
        text = subprocess.run(["pdftotext", str(results / name), "-"], capture_output=True, text=True).stdout
        assert "MISSING since the lock" in text and "alice.yaml" in text, name


@pytest.mark.slow  # each run prints the booklet
def test_an_event_is_locked_once(invoke, event):
    assert run(invoke, event, "--lock").exit_code == 0
    before = (event / "pack.lock.json").read_bytes()
    again = run(invoke, event, "--lock")
    assert again.exit_code == 2 and "locked already" in again.output
    assert (event / "pack.lock.json").read_bytes() == before


def test_a_broken_lock_is_refused_not_ignored(invoke, event):
    (event / "pack.lock.json").write_text("{not json", encoding="utf-8")
    result = run(invoke, event)
    assert result.exit_code == 2 and "lock cannot be read" in result.output


@pytest.mark.slow  # each run prints the booklet
def test_a_player_entered_twice_is_reported_on_both_entries(invoke, event):
    (event / "entries" / "bob-again.yaml").write_text(SECTION.replace("Bob's section", "Bob's other"), encoding="utf-8")
    assert run(invoke, event).exit_code == 1
    for name in ("bob.yaml", "bob-again.yaml"):
        assert codes(event, name)[0] == ["TOURNAMENT-SAME-PLAYER"]
    assert codes(event, "alice.yaml")[0] == []


@pytest.mark.slow  # each run prints the booklet
def test_every_result_carries_the_lists_hash(invoke, event):
    assert run(invoke, event).exit_code == 0
    expected = list_hash(check_text(SECTION, "b.yaml").document.data)
    rows = list(csv.DictReader(io.StringIO((event.parent / "results" / "results.csv").read_text(encoding="utf-8"))))
    assert next(r for r in rows if r["player"] == "Bob")["hash"] == expected
    assert codes(event, "bob.yaml")[1]["hash"] == expected


def test_each_entrys_list_is_written_out_once_for_its_hash_and_code(invoke, event, monkeypatch):
    """The lock, the results and the booklet's roster (its QR code) all carry the list's hash or code; the
    canonical YAML both are made of is written once per entry (PyYAML's writer was a tenth of a 100-entry lock)."""
    from listgen.core import share

    written = []
    real = share.canonical
    monkeypatch.setattr(share, "canonical", recording(written, real, lambda data: data.get("player")))
    assert run(invoke, event, "--lock").exit_code == 0
    assert sorted(written) == ["Alice", "Bob"]
    lock = json.loads((event / "pack.lock.json").read_text(encoding="utf-8"))
    assert lock["entries"]["entries/bob.yaml"]["hash"] == list_hash(check_text(SECTION, "b.yaml").document.data)


@pytest.mark.slow
def test_receipts_are_one_page_each_with_the_lists_code(invoke, event, tmp_path):
    from conftest import scan

    assert run(invoke, event, "--receipts").exit_code == 0
    receipts = sorted((event.parent / "results" / "receipts").iterdir())
    assert [p.name for p in receipts] == ["alice.pdf", "bob.pdf"]
    for path in receipts:
        assert len(re.findall(rb"/Type /Page\b(?!s)", path.read_bytes())) == 1
    code = scan(receipts[1], tmp_path)
    from listgen.core.share import list_text

    assert list_hash(check_text(list_text(code), "x").document.data) == list_hash(
        check_text(SECTION, "b").document.data
    )
    # a later run without --receipts keeps the receipts it did not write, byte for byte (issue 52: a second check
    # deleted the players' receipts); a run with --receipts writes them anew
    before = {p.name: p.read_bytes() for p in receipts}
    assert run(invoke, event).exit_code == 0
    kept = event.parent / "results" / "receipts"
    assert {p.name: p.read_bytes() for p in sorted(kept.iterdir())} == before
