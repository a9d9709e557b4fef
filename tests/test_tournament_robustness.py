"""Tournaments survive their entries and never leave a reader half-old, half-new results."""

import csv
import io
import os

import pytest
from conftest import ARMIES, BASE

from listgen.exceptions import OutputPathError
from listgen.tournament import check_entries, csv_cell, entry_paths, open_pack, to_csv, write

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
    assert [p.name for p in root.iterdir() if p.name.startswith(".out.")] == []  # nothing half-written left


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
    from listgen.tournament import PackError

    with pytest.raises(PackError, match="leads out of the pack's folder"):
        open_pack(str(pack))


def test_a_packs_lists_folder_beside_it_is_read(tmp_path):
    (tmp_path / "entries").mkdir()
    pack = tmp_path / "pack.yaml"
    pack.write_text("event: Open\nrulesets: [smle]\nlists: entries\n")
    assert open_pack(str(pack)).lists == "entries"
