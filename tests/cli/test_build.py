"""build: every list in a folder, no two rosters under one name, odd entries reported."""

import os
import shutil

import pytest
from conftest import ARMIES

GERMAN = ARMIES / "smle-german-section.yaml"


@pytest.mark.slow
def test_lists_that_would_share_a_roster_name_do_not(tmp_path, invoke):
    lists = tmp_path / "lists"
    (lists / "x").mkdir(parents=True)
    for name in ("a.yaml", "a.yml", "x/y.yaml", "x__y.yaml"):
        shutil.copy(GERMAN, lists / name)
    result = invoke("build", lists, "-r", "-o", tmp_path / "out")
    rosters = sorted(p.name for p in (tmp_path / "out").glob("*-roster.pdf"))
    assert rosters == ["a-2-roster.pdf", "a-roster.pdf", "x__y-2-roster.pdf", "x__y-roster.pdf"]
    assert result.exit_code == 0 and result.stdout.count("would print to the same roster name") == 2


@pytest.mark.slow
def test_odd_entries_in_the_folder_are_reported(tmp_path, invoke):
    lists = tmp_path / "lists"
    lists.mkdir()
    shutil.copy(GERMAN, lists / "good.yaml")
    (lists / "folder.yaml").mkdir()
    os.symlink("nowhere.yaml", lists / "broken.yaml")
    result = invoke("build", lists, "-o", tmp_path / "out")
    assert result.exit_code == 2
    assert "folder.yaml: error: is a folder" in result.stderr and "broken.yaml: error: no such file" in result.stderr
    assert (tmp_path / "out" / "good-roster.pdf").exists()
