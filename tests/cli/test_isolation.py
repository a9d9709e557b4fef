"""One list listgen fails on never stops the others: validate, build and tournament go on, say so, exit 3."""

import shutil

import pytest
from conftest import ARMIES

import listgen.core.validate as validate_module
from listgen.__main__ import main as listgen_main


def main(args) -> int:
    try:
        return listgen_main(args)
    except SystemExit as exc:  # typer's commands leave by SystemExit
        return int(exc.code or 0)


PACK = ARMIES / "tournament" / "pack.yaml"


def _break_on(monkeypatch, name: str):
    """Make listgen itself fail (a stand-in for a bug) on the one list whose file name is name."""
    real = validate_module.check_document

    def failing(doc, overrides=None):
        if doc.file.endswith(name):
            raise ZeroDivisionError("a stand-in for a bug")
        return real(doc, overrides)

    monkeypatch.setattr(validate_module, "check_document", failing)


def test_validate_goes_on_past_a_list_it_fails_on(monkeypatch, capsys):
    _break_on(monkeypatch, "smle-german-section.yaml")
    code = main(["validate", str(ARMIES / "smle-german-section.yaml"), str(ARMIES / "smle-partisan-band.yaml")])
    out, err = capsys.readouterr()
    assert code == 3
    assert "smle-partisan-band.yaml: LEGAL" in out
    assert "internal error" in err and "ZeroDivisionError" in err and "smle-german-section.yaml" in err


@pytest.mark.slow
def test_a_tournament_writes_every_result_though_one_entry_fails(monkeypatch, tmp_path, capsys):
    event = tmp_path / "event"
    shutil.copytree(PACK.parent, event)
    _break_on(monkeypatch, "bob-german.yaml")
    out_dir = tmp_path / "results"
    code = main(["tournament", str(event / "pack.yaml"), "-o", str(out_dir)])
    out, err = capsys.readouterr()
    assert code == 3, out + err
    for name in ("results.csv", "results.json", "report.pdf", "booklet.pdf"):
        assert (out_dir / name).stat().st_size > 0
    csv_text = (out_dir / "results.csv").read_text()
    assert "bob-german.yaml" in csv_text and "listgen failed" in csv_text
    assert "alice-british.yaml" in csv_text


@pytest.mark.slow
def test_a_build_goes_on_past_a_list_it_fails_on(monkeypatch, tmp_path, capsys):
    _break_on(monkeypatch, "smle-german-section.yaml")
    code = main(["build", str(ARMIES), "-o", str(tmp_path)])
    assert code == 3
    assert (tmp_path / "smle-partisan-band-roster.pdf").exists()
    assert (tmp_path / "validation.json").exists()
    assert not (tmp_path / "smle-german-section-roster.pdf").exists()
