"""Tournaments survive their entries and never leave a reader half-old, half-new results."""

import csv
import io
import os

import pytest
from conftest import ARMIES, BASE, listgen_run

from listgen.core.exceptions import OutputPathError
from listgen.events.tournament import check_entries, csv_cell, entry_paths, open_pack, to_csv, write

GOOD = ARMIES / "smle-german-section.yaml"


@pytest.fixture
def event(tmp_path):
    (tmp_path / "entries").mkdir()
    pack = tmp_path / "pack.yaml"
    pack.write_text("event: Test Open\nrulesets: [smle]\nlists: entries\n", encoding="utf-8")
    (tmp_path / "entries" / "good.yaml").write_text(GOOD.read_text(encoding="utf-8"), encoding="utf-8")
    return tmp_path, pack


def run(pack, entries=()):
    p = open_pack(str(pack))
    return check_entries(p, str(pack), entry_paths(p, str(pack), entries))


def test_odd_entries_are_reported_not_dropped(event, invoke):
    root, pack = event
    entries = root / "entries"
    os.symlink("loop2.yaml", entries / "loop1.yaml")
    os.symlink("loop1.yaml", entries / "loop2.yaml")
    os.symlink("nowhere.yaml", entries / "broken.yaml")
    (entries / "folder.yaml").mkdir()
    os.mkfifo(entries / "pipe.yaml")
    result = invoke("tournament", pack, "-o", root / "out")
    assert result.exit_code == 2  # unreadable entries, each located on stderr
    for name in ("loop1", "loop2", "broken", "folder", "pipe"):
        assert f"UNREADABLE {name}" in result.stdout and f"{name}.yaml: error:" in result.stderr
    assert "LEGAL      Club example: Grenadier-Gruppe" in result.stdout  # the readable entry is still checked
    assert (root / "out" / "booklet.pdf").exists()  # the readable entry still printed


def test_a_link_loop_named_on_the_command_line(event, invoke):
    root, pack = event
    os.symlink("b.yaml", root / "a.yaml")
    os.symlink("a.yaml", root / "b.yaml")
    result = invoke("tournament", pack, root / "a.yaml", root / "entries" / "good.yaml", "-o", root / "out")
    assert result.exit_code == 2 and "internal error" not in result.stderr
    assert "a.yaml: error: cannot read: too many levels of symbolic links" in result.stderr


def test_outputs_are_swapped_in_whole(event, monkeypatch):
    root, pack = event
    out = root / "out"
    write(run(pack), out)
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    from listgen.render import report_pdf

    def die(*_args, **_kwargs):
        raise KeyboardInterrupt  # the run is killed while writing the new results

    monkeypatch.setattr(report_pdf, "render", die)
    with pytest.raises(KeyboardInterrupt):
        write(run(pack), out)
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before  # the old results, whole
    # nothing half-written left (the lock file stays: two runs must always lock the same file)
    assert [p.name for p in root.iterdir() if p.name.startswith(".out.")] == [".out.lock"]


def test_results_folder_must_be_the_tournaments_own(event):
    root, pack = event
    with pytest.raises(OutputPathError, match="holds other files"):
        write(run(pack), root / "entries")  # would replace the players' lists


def test_csv_cells_never_start_a_formula(event, tmp_path):
    root, pack = event
    hostile = BASE.replace("name: Test section", 'name: "=HYPERLINK(\\"http://evil\\",\\"x\\")"').replace(
        "points_limit: 100", 'points_limit: 100\nplayer: "@SUM(A1:A9)"'
    )
    (root / "entries" / "hostile.yaml").write_text(hostile, encoding="utf-8")
    rows = list(csv.DictReader(io.StringIO(to_csv(run(pack)))))
    bad = next(r for r in rows if r["file"].endswith("hostile.yaml"))
    assert bad["list"].startswith("'=HYPERLINK") and bad["player"] == "'@SUM(A1:A9)"
    assert csv_cell("-12") == "-12" and csv_cell("+cmd|' /C calc'!A0").startswith("'")


def test_csv_neutralising_is_not_bypassed_by_what_float_accepts():
    for sneaky in ("-nan", "-inf", "-1_0", "-1e5", "-0x10", "- 1", "-1\u202e2x"):
        assert csv_cell(sneaky).startswith("'"), sneaky
    assert csv_cell("-12") == "-12" and csv_cell("-12.5") == "-12.5"
    assert csv_cell("a\x1b[31mb\u202ec") == "a[31mbc"


@pytest.mark.parametrize("lists", ["/usr", "..", "../..", "entries/../..", "/tmp"])
def test_a_packs_lists_stay_in_its_folder(tmp_path, lists):
    pack = tmp_path / "pack.yaml"
    pack.write_text(f"event: Open\nrulesets: [smle]\nlists: {lists}\n")
    from listgen.events.tournament import PackError

    with pytest.raises(PackError, match="leads out of the pack's folder"):
        open_pack(str(pack))


def test_a_packs_lists_folder_beside_it_is_read(tmp_path):
    (tmp_path / "entries").mkdir()
    pack = tmp_path / "pack.yaml"
    pack.write_text("event: Open\nrulesets: [smle]\nlists: entries\n")
    assert open_pack(str(pack)).lists == "entries"


# --- issue 25: one entry never sinks the event; overlapping runs never lose results; a hostile lock ------------


def _soup(keys: int = 18, length: int = 150) -> str:
    """An entry with many long unknown keys: each a finding, together taller than a page."""
    return BASE + "".join(f"        unknown_{i}_{'x' * length}: 1\n" for i in range(keys))


@pytest.mark.parametrize("keys,length", [(18, 150), (12, 600), (200, 20)])
def test_an_entry_with_a_page_of_findings_still_writes_every_output(event, keys, length):
    root, pack = event
    (root / "entries" / "soup.yaml").write_text(_soup(keys, length), encoding="utf-8")
    result = run(pack)
    soup = next(e for e in result.entries if e.report.file.endswith("soup.yaml"))
    assert len([f for f in soup.report.findings if f.severity != "info"]) >= keys
    written = write(result, root / "out")
    assert all(p.is_file() and p.stat().st_size > 0 for p in written)
    from listgen.render.report_pdf import ROW_FINDINGS, _row_findings

    row = _row_findings(soup, brief=False)
    assert row.count("<b>error</b>") == ROW_FINDINGS and f"{keys - ROW_FINDINGS} more findings" in row
    assert max(len(line) for line in row.split("<br/>")) < 400  # each message cut to the row's bound


def test_a_row_that_still_cannot_fit_falls_back_to_counts(event, monkeypatch):
    from listgen.render import report_pdf

    root, pack = event
    (root / "entries" / "soup.yaml").write_text(_soup(40, 100), encoding="utf-8")
    monkeypatch.setattr(report_pdf, "ROW_FINDINGS", 400)  # the bound broken on purpose: the fallback takes over
    monkeypatch.setattr(report_pdf, "ROW_CHARACTERS", 10_000)
    written = write(run(pack), root / "out")
    assert (root / "out" / "report.pdf").stat().st_size > 0 and len(written) == 4


def test_a_second_run_on_the_same_results_is_told_and_writes_nothing(event):
    from listgen.events.tournament import writing_lock

    root, pack = event
    out = root / "out"
    write(run(pack), out)
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    live = root / ".out.live.new"  # a live run's staging folder, which a second run must not touch
    live.mkdir()
    (live / "results.csv").write_text("half")
    with writing_lock(out), pytest.raises(OutputPathError, match=r"another listgen tournament \(process \d+\)"):
        write(run(pack), out)
    assert live.exists() and (live / "results.csv").read_text() == "half"
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    write(run(pack), out)  # the lock let go: the next run writes (and cleans what is now provably abandoned)
    assert not live.exists()


@pytest.mark.slow
def test_overlapping_runs_never_leave_partial_results(event):

    from listgen.events.tournament import OUTPUTS

    root, pack = event
    for i in range(6):
        (root / "entries" / f"p{i}.yaml").write_text(GOOD.read_text(encoding="utf-8").replace("Club example", f"P{i}"))
    out = root / "out"
    for _trial in range(3):
        runs = [listgen_run("tournament", pack, "-o", out, wait=False, text=True) for _ in range(3)]
        said = [r.communicate(timeout=300) for r in runs]
        wrote = [s for s in said if "wrote" in s[0]]
        refused = [s for s in said if "another listgen tournament" in s[1]]
        assert len(wrote) + len(refused) == 3 and wrote, said
        assert sorted(p.name for p in out.iterdir()) == sorted(OUTPUTS)
        assert all((out / name).stat().st_size > 0 for name in OUTPUTS)
        assert "P5" in (out / "results.csv").read_text()


@pytest.mark.parametrize(
    "make,said",
    [
        (lambda p: os.mkfifo(p), "not a regular file"),
        (lambda p: os.symlink("/dev/zero", p), "not a regular file"),
        (lambda p: p.write_text('{"entries": {"a.yaml": 5}}'), "not what listgen writes"),
        (lambda p: p.write_text('{"entries": {"a.yaml": {"hash": 7}}}'), "no player and hash"),
        (lambda p: p.write_text('{"entries": ' + "[" * 100_000 + "]" * 100_000 + "}"), "nested too deeply"),
        (lambda p: p.write_text("[1, 2]"), "no entries"),
    ],
)
def test_a_hostile_lock_is_refused_plainly(event, make, said):
    from listgen.core.exceptions import ListgenError
    from listgen.events.tournament import read_lock

    root, pack = event
    make(root / "pack.lock.json")
    with pytest.raises(ListgenError, match=said):
        read_lock(str(pack))


def test_a_lock_over_its_size_is_refused_unread(event, monkeypatch):
    from listgen.core.exceptions import ListgenError
    from listgen.events import tournament

    root, pack = event
    (root / "pack.lock.json").write_text('{"entries": {}}' + " " * 100)
    monkeypatch.setattr(tournament, "MAX_LOCK_BYTES", 100)
    with pytest.raises(ListgenError, match="over 0 MiB"):
        tournament.read_lock(str(pack))
    monkeypatch.setattr(tournament, "MAX_LOCK_BYTES", 115)  # exactly at it: read
    assert tournament.read_lock(str(pack)) == {"entries": {}}
