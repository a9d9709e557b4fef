"""The entry check run again without --receipts (issue 52): the receipts an earlier run wrote, which players have
signed, are kept as they were, never deleted with the folder the results replace."""

from __future__ import annotations

from test_event_day import event8  # noqa: F401 - the fixture
from test_rounds import cli


def test_a_check_without_receipts_keeps_the_earlier_runs_receipts(event8, capsys):  # noqa: F811
    pack, out = event8 / "pack.yaml", event8 / "checked"
    assert cli("tournament", pack, "-o", out, "--receipts") == 0
    before = {p.name: p.read_bytes() for p in (out / "receipts").iterdir()}
    assert len(before) == 8
    capsys.readouterr()
    assert cli("tournament", pack, "-o", out) == 0
    assert {p.name: p.read_bytes() for p in (out / "receipts").iterdir()} == before
    assert "kept receipts/" in capsys.readouterr().out
    assert (out / "results.json").exists() and not list(event8.glob(".checked.*.new"))


def test_a_check_with_receipts_writes_them_anew(event8, capsys):  # noqa: F811
    pack, out = event8 / "pack.yaml", event8 / "checked"
    assert cli("tournament", pack, "-o", out, "--receipts") == 0
    (event8 / "entries" / "alice.yaml").unlink()
    capsys.readouterr()
    assert cli("tournament", pack, "-o", out, "--receipts") == 0
    assert len(list((out / "receipts").iterdir())) == 7 and "kept receipts/" not in capsys.readouterr().out
