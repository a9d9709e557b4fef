"""The folder's page keeps each list's verdict by the list's content: a list is checked again when its bytes
change and only then, a copy of a list checked anywhere (the site's examples, before its memory snapshot) is
found checked, and what the page says is what a fresh check says."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from listgen.core.validate import check_file_isolated
from listgen.events import event_files
from listgen.web import browser, workspace
from listgen.web.app import create_app
from listgen.web.workspace import Site, Verdict

ROOT = Path(__file__).resolve().parents[2]
HOST = "127.0.0.1:8123"
KEY = "the-key"
LIST = "ruleset: smle\nname: {name}\npoints_limit: {limit}\nteams:\n  - name: Rifles\n    quality: trained\n    figures:\n      - {{count: 4, weapon: rifle}}\n"


@pytest.fixture
def checks(monkeypatch):
    """The files Site.check_file checked, in order."""
    seen: list[str] = []
    real = Site.check_file

    def counted(self, path):
        seen.append(Path(path).name)
        return real(self, path)

    monkeypatch.setattr(Site, "check_file", counted)
    monkeypatch.setattr(workspace, "_VERDICTS", type(workspace._VERDICTS)())
    return seen


def _page(folder: Path) -> str:
    app = create_app(folder, KEY, hosts={HOST})
    client = app.test_client()
    client.get(f"/?key={KEY}", headers={"Host": HOST})
    answer = client.get("/", headers={"Host": HOST})
    assert answer.status_code == 200
    return answer.get_data(as_text=True)


def test_a_list_is_checked_again_when_its_bytes_change_and_only_then(tmp_path, checks):
    target = tmp_path / "force.yaml"
    target.write_text(LIST.format(name="Force", limit=100), encoding="utf-8")
    assert "LEGAL" in _page(tmp_path) and "NOT LEGAL" not in _page(tmp_path)
    assert checks == ["force.yaml"]  # two looks, one check
    target.write_text(LIST.format(name="Force", limit=1), encoding="utf-8")  # over its limit now
    assert "NOT LEGAL" in _page(tmp_path)
    assert checks == ["force.yaml", "force.yaml"]
    target.write_text(LIST.format(name="Force", limit=100), encoding="utf-8")  # its first bytes again
    assert "NOT LEGAL" not in _page(tmp_path)
    assert checks == ["force.yaml", "force.yaml"]


def test_the_verdicts_kept_are_bounded(tmp_path, checks, monkeypatch):
    # at the bound every verdict is kept; one past it, the oldest is checked again when next asked for
    monkeypatch.setattr(workspace, "MAX_VERDICTS", 2)
    site = Site(tmp_path, token="", hosts=set())
    for n in range(3):
        (tmp_path / f"{n}.yaml").write_text(LIST.format(name=f"F{n}", limit=100), encoding="utf-8")
    site.verdict(tmp_path / "0.yaml")
    site.verdict(tmp_path / "1.yaml")
    site.verdict(tmp_path / "0.yaml")
    assert checks == ["0.yaml", "1.yaml"]
    site.verdict(tmp_path / "2.yaml")  # past the bound: 0.yaml's, the oldest, goes
    site.verdict(tmp_path / "1.yaml")
    site.verdict(tmp_path / "0.yaml")
    assert checks == ["0.yaml", "1.yaml", "2.yaml", "0.yaml"]


def test_a_verdict_is_kept_for_the_very_pack_it_was_checked_with(tmp_path, checks):
    # an event's lists are checked with its pack; a verdict kept under another pack whose id this one now has
    # (a pack freed, its id given again) is not this pack's: checked again (red when only the id is compared)
    from listgen.events.pack import load_pack

    (tmp_path / "force.yaml").write_text(LIST.format(name="Force", limit=100), encoding="utf-8")
    packs = tmp_path / "packs"
    packs.mkdir()
    for name in ("one", "two"):
        (packs / f"{name}.yaml").write_text(f"event: {name}\nrulesets: [smle]\n", encoding="utf-8")
    first, second = (load_pack(str(packs / f"{name}.yaml"))[0] for name in ("one", "two"))
    assert first is not None and second is not None
    Site(tmp_path, token="", hosts=set(), pack=first).verdict(tmp_path / "force.yaml")
    (((digest, _), (_, verdict)),) = workspace._VERDICTS.items()
    workspace._VERDICTS.clear()
    workspace._VERDICTS[(digest, id(second))] = (first, verdict)  # as if second had been given first's id
    Site(tmp_path, token="", hosts=set(), pack=second).verdict(tmp_path / "force.yaml")
    Site(tmp_path, token="", hosts=set(), pack=second).verdict(tmp_path / "force.yaml")
    assert checks == ["force.yaml", "force.yaml"]  # checked for second once, then kept


def test_a_file_that_is_no_list_is_said_so_every_time(tmp_path, checks):
    (tmp_path / "big.yaml").write_bytes(b"ruleset: smle\n" + b"#" * (2 << 20))  # past the loader's limit
    (tmp_path / "broken.yaml").write_bytes(b"ruleset: smle\nname: [\n")
    assert _page(tmp_path).count("UNREADABLE") == 2
    assert _page(tmp_path).count("UNREADABLE") == 2
    assert checks.count("big.yaml") == 2 and checks.count("broken.yaml") == 1  # kept by content only within the limit


def test_after_prepare_the_sites_examples_are_found_checked_and_say_what_a_fresh_check_says(tmp_path, checks):
    examples = tmp_path / "examples"
    shutil.copytree(ROOT / "armies", examples)
    browser.prepare(str(examples))
    prepared = len(checks)
    listed = Site(examples, token="", hosts=set()).lists()
    assert prepared == len(listed) >= 12
    members = tmp_path / "members"
    members.mkdir()
    browser.start(str(members), str(examples), {})
    status, _headers, body = browser.handle("GET", "http://site/app/", "/app", [("Host", "site")], b"")
    assert status == 200
    assert len(checks) == prepared  # the member's copies of the examples: none checked again
    page = body.decode()
    for name, path in listed.items():
        fresh = Verdict.of(check_file_isolated(str(path)))
        assert fresh == Site(examples, token="", hosts=set()).verdict(path)
        assert f">{name}</a>" in page
    assert page.count(">LEGAL<") == sum(Verdict.of(check_file_isolated(str(p))).legal for p in listed.values())


def test_what_a_file_is_of_an_event_is_read_once_by_its_content(tmp_path, monkeypatch):
    read: list[str] = []
    real = event_files._shape_of

    def reading(head, path):
        read.append(path)
        return real(head, path)

    monkeypatch.setattr(event_files, "_shape_of", reading)
    monkeypatch.setattr(event_files, "_SHAPES", {})
    pack = "event: Club night\nrulesets: [smle]\n"
    for name in ("a.yaml", "b.yaml"):
        (tmp_path / name).write_text(pack, encoding="utf-8")
    (tmp_path / "c.yaml").write_text(pack + "# another\n", encoding="utf-8")
    shapes = [event_files.shape_of(tmp_path / n) for n in ("a.yaml", "b.yaml", "c.yaml")]
    assert [s.kind if s else None for s in shapes] == [event_files.PACK] * 3
    assert [Path(p).name for p in read] == ["a.yaml", "c.yaml"]
    (tmp_path / "b.yaml").write_text(LIST.format(name="Now a list", limit=100), encoding="utf-8")
    assert event_files.shape_of(tmp_path / "b.yaml") is None  # changed: read again, a list now
