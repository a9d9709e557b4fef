"""A late or re-submitted list's verdict (issue 52): lateness and a change since the lock are the organiser's to
decide, not part of what the list is; `admit` and `add` say, and the lock keeps, the verdict the standings and the
export then give the same list."""

from __future__ import annotations

import json

from test_event_day import event8  # noqa: F401 - the fixture
from test_rounds import cli

from listgen.events.tournament import lock_path


def _lock(event) -> dict:
    return json.loads(lock_path(str(event / "pack.yaml")).read_text(encoding="utf-8"))


def _export(event, capsys) -> dict:
    capsys.readouterr()
    assert cli("tournament", "export", event / "pack.yaml") == 0
    return json.loads(capsys.readouterr().out)


def test_a_legal_list_resubmitted_after_the_lock_is_admitted_as_legal(event8, capsys):  # noqa: F811
    pack = event8 / "pack.yaml"
    assert cli("tournament", pack, "-o", event8 / "checked", "--lock") == 0
    alice = event8 / "entries" / "alice.yaml"
    alice.write_text(alice.read_text().replace("name: Grenadier", "name: Panzergrenadier"), encoding="utf-8")
    capsys.readouterr()
    assert cli("tournament", pack, "-o", event8 / "checked") == 1  # the change is still an error of the check
    said = capsys.readouterr().out
    assert "LEGAL      Alice Archer" in said and "changed since the lock" in said  # legal, and said changed
    assert cli("tournament", "admit", pack, "Alice Archer") == 0
    said = capsys.readouterr().out
    assert "(LEGAL)" in said and "NOT LEGAL" not in said
    entry = _lock(event8)["entries"]["entries/alice.yaml"]
    assert entry["legal"] is True and entry["admitted"]
    player = next(p for p in _export(event8, capsys)["players"] if p["name"] == "Alice Archer")
    assert player["legal"] is True


def test_a_legal_late_list_added_by_command_is_legal_in_the_lock_and_the_export(event8, tmp_path, capsys):  # noqa: F811
    pack = event8 / "pack.yaml"
    assert cli("tournament", pack, "-o", event8 / "checked", "--lock") == 0
    late = tmp_path / "quinn.yaml"
    late.write_text((event8 / "entries" / "alice.yaml").read_text().replace("Alice Archer", "Quinn Quill"))
    capsys.readouterr()
    assert cli("tournament", "add", pack, "Quinn Quill", late) == 0
    said = capsys.readouterr().out
    assert "(LEGAL)" in said and "NOT LEGAL" not in said
    assert _lock(event8)["entries"]["entries/quinn-quill.yaml"]["legal"] is True
    assert next(p for p in _export(event8, capsys)["players"] if p["name"] == "Quinn Quill")["legal"] is True


def test_a_late_list_that_breaks_a_rule_is_still_not_legal(event8, tmp_path, capsys):  # noqa: F811
    pack = event8 / "pack.yaml"
    assert cli("tournament", pack, "-o", event8 / "checked", "--lock") == 0
    late = tmp_path / "quinn.yaml"
    text = (event8 / "entries" / "alice.yaml").read_text().replace("Alice Archer", "Quinn Quill")
    late.write_text(text.replace("points_limit: 100", "points_limit: 10"), encoding="utf-8")
    capsys.readouterr()
    assert cli("tournament", "add", pack, "Quinn Quill", late) == 0
    assert "(NOT LEGAL)" in capsys.readouterr().out
    assert _lock(event8)["entries"]["entries/quinn-quill.yaml"]["legal"] is False
