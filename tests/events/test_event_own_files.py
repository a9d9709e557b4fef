"""An event's own files (its state, its lock, its round files, the lock held while it writes, the players' receipts):
no command's -o writes over one (issue 50: `tournament export -o pack.event.json` wrote over the event's secret,
drops and admissions, and every printed slip was refused afterwards)."""

from __future__ import annotations

import pytest
from conftest import ARMIES, PLAYERS
from test_rounds import cli


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
