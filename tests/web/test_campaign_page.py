"""Issue 53: a campaign file of the folder opened as the campaign on `listgen serve` (web/campaigns.py): its forces
as they stand, what changed battle by battle, the notes (escaped), events recorded from the page as the command
line records them (the same checks, the same lock: a battle from the page and one from the command line at once
keep both), the last event undone only when it is the one the page showed, the report PDF, and campaigns kept in
the folder's backup."""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import time
import zipfile
from pathlib import Path

import pytest
import yaml
from campaigns import ARMIES, GF, MILITIA, three_battles
from conftest import listgen_invoke as run
from conftest import listgen_run

from listgen.events import campaign as C
from listgen.web.app import create_app

PLATOON = ARMIES / "smle-british-rifle-platoon.yaml"
HOST = "127.0.0.1:8123"
KEY = "the-key"
NOTE = "Sam (Militia) and Jo (GF) at the club.\n<b>Rain</b> & mud <script>alert(1)</script>"


@pytest.fixture
def client(tmp_path):
    app = create_app(tmp_path, KEY, hosts={HOST}, in_browser=True)  # printing in this process
    c = app.test_client()
    c.get(f"/?key={KEY}", headers={"Host": HOST})
    return c


def get(c, url):
    return c.get(url, headers={"Host": HOST})


def post(c, url, **kw):
    return c.post(url, headers={"Host": HOST, "Origin": f"http://{HOST}"}, **kw)


def log_of(path: Path) -> list[dict]:
    return yaml.safe_load(path.read_text(encoding="utf-8"))["log"]


def battle_form(name: str, **fields) -> dict:
    """The page's battle form: Settlers under fire twice, the Pathfinders wounded once."""
    return {
        "name": name,
        "force": ["Militia", "GF"],
        "unit": ["Settlers", "Pathfinders"],
        "fire": ["2", ""],
        "wounded": ["", "1"],
        **fields,
    }


def test_the_folders_page_lists_the_campaign_apart_from_the_lists(client, tmp_path):
    three_battles(tmp_path, NOTE)
    (tmp_path / "militia.yaml").write_bytes(MILITIA.read_bytes())
    page = get(client, "/").get_data(as_text=True)
    campaigns = page.split('id="campaigns"', 1)[1].split("</section>", 1)[0]
    assert 'href="/campaign/hollins.yaml"' in campaigns and "Hollins Ford" in campaigns
    assert "/edit/hollins.yaml" not in page  # no list
    assert 'href="/edit/militia.yaml"' in page


def test_the_campaign_page_shows_the_forces_battle_by_battle_and_the_notes_escaped(client, tmp_path):
    three_battles(tmp_path, NOTE)
    answer = get(client, "/campaign/hollins.yaml")
    assert answer.status_code == 200
    page = answer.get_data(as_text=True)
    assert "<h1>Hollins Ford</h1>" in page
    forces = page.split('id="forces"', 1)[1].split('id="battles"', 1)[0]
    assert '<section class="force" aria-label="Militia">' in forces and 'aria-label="GF"' in forces
    assert "Settlers: trained, experienced, 4 actions" in forces  # as it stands: 1 + 3 actions, promoted
    battles = page.split('id="battles"', 1)[1].split('id="record"', 1)[0]
    titles = [part.split("</h3>", 1)[0] for part in battles.split("<h3>")[1:]]
    assert titles == [
        "Battle 1 · 2026-12-01 · The ford · GF win",
        "Battle 2 · 2026-12-08 · The mill",
        "Battle 3 · 2026-12-15 · Night raid",
    ]
    assert "&lt;b&gt;Rain&lt;/b&gt; &amp; mud &lt;script&gt;alert(1)&lt;/script&gt;" in battles
    assert "<script>alert" not in page and "<b>Rain" not in page
    assert "Jo&#39;s kitchen table" in battles
    assert "~ stand &#39;Settlers&#39; &gt; experience: &#39;raw&#39; -&gt; &#39;experienced&#39;" in battles
    assert "+ stand &#39;1 Platoon fire teams (1)&#39;: added" in battles  # the casualty after battle 1
    assert 'href="/campaign/print/campaign-report/hollins.yaml"' in page


def test_a_battle_recorded_on_the_page_is_the_command_lines_battle(client, tmp_path):
    c = three_battles(tmp_path, NOTE)
    form = battle_form("hollins.yaml", date="2026-12-22", scenario="The bridge", result="GF win", note="At Kim's")
    answer = post(client, "/campaign/battle", data=form)
    assert answer.status_code == 303 and answer.headers["Location"] == "/campaign/hollins.yaml?done=6#recorded"
    event = log_of(c)[-1]
    assert {k: event[k] for k in ("id", "kind", "scenario", "result", "note")} == {
        "id": 6,
        "kind": "battle",
        "scenario": "The bridge",
        "result": "GF win",
        "note": "At Kim's",
    }
    assert event["under_fire"] == {"Militia": ["Settlers", "Settlers"]} and event["wounded"] == {"GF": ["Pathfinders"]}
    status = run("campaign", "status", c)
    assert status.exit_code == 0 and "Settlers: trained, experienced, 6 actions" in status.output
    shown = get(client, answer.headers["Location"]).get_data(as_text=True)
    assert 'id="recorded"' in shown and "Recorded: event 6, battle." in shown
    assert "Militia / Settlers: 2 actions (2 under fire; 6 actions in all)" in shown


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ({"note": "x" * 2001}, "note: 2,000 characters at most"),
        ({"fire": ["31", ""]}, "from 0 to 30 actions in one battle"),
        ({"unit": ["Settlers", "Nobody"]}, "no unit &#39;Nobody&#39; in &#39;GF&#39; now"),
        ({"scenario": "s" * 121}, "scenario: 120 characters at most"),
    ],
)
def test_a_battle_the_page_or_the_rules_refuse_writes_nothing(client, tmp_path, fields, said):
    c = three_battles(tmp_path, NOTE)
    before = c.read_bytes()
    answer = post(client, "/campaign/battle", data=battle_form("hollins.yaml", **fields))
    assert answer.status_code == 422 and said in answer.get_data(as_text=True)
    assert c.read_bytes() == before


def test_a_note_of_2000_characters_is_kept(client, tmp_path):
    c = three_battles(tmp_path, NOTE)
    answer = post(client, "/campaign/battle", data=battle_form("hollins.yaml", note="y" * 2000))
    assert answer.status_code == 303 and log_of(c)[-1]["note"] == "y" * 2000


def test_undo_cancels_the_last_event_only_if_it_is_the_one_the_page_showed(client, tmp_path):
    c = three_battles(tmp_path, NOTE)
    page = get(client, "/campaign/hollins.yaml").get_data(as_text=True)
    assert 'name="last" value="5"' in page and "Undo the last event (event 5, battle)" in page
    assert run("campaign", "casualty", c, "GF", "Pathfinders", "--die", "0").exit_code == 0  # meanwhile, event 6
    before = c.read_bytes()
    stale = post(client, "/campaign/undo", data={"name": "hollins.yaml", "last": "5"})
    assert stale.status_code == 409 and "the last event is now event 6 (casualty)" in stale.get_data(as_text=True)
    assert c.read_bytes() == before
    fresh = post(client, "/campaign/undo", data={"name": "hollins.yaml", "last": "6"})
    assert fresh.status_code == 303
    assert {k: log_of(c)[-1][k] for k in ("id", "kind", "cancels")} == {"id": 7, "kind": "undo", "cancels": 6}


def test_a_casualty_and_a_promotion_from_the_page(client, tmp_path):
    c = three_battles(tmp_path, NOTE)
    form = {"name": "hollins.yaml", "kind": "casualty", "force": "GF", "unit": "Pathfinders", "die": "9"}
    assert post(client, "/campaign/event", data=form).status_code == 303
    assert {k: log_of(c)[-1].get(k) for k in ("kind", "die", "rolled")} == {
        "kind": "casualty",
        "die": 9,
        "rolled": None,
    }
    rolled = {"name": "hollins.yaml", "kind": "casualty", "force": "GF", "unit": "Pathfinders", "die": ""}
    assert post(client, "/campaign/event", data=rolled).status_code == 303
    assert log_of(c)[-1]["rolled"] is True  # no die typed: listgen rolls it from the seed, as the command does
    promote = {"name": "hollins.yaml", "kind": "promote", "force": "Militia", "unit": "Settlers", "to": "veteran"}
    refused = post(client, "/campaign/event", data=promote)  # no reason given
    assert refused.status_code == 422 and "give what to (to:) and why (why:)" in refused.get_data(as_text=True)
    assert post(client, "/campaign/event", data={**promote, "why": "stood"}).status_code == 303
    assert log_of(c)[-1]["why"] == "stood"


def test_replacements_are_offered_where_the_text_has_them_for_the_teams_that_lost_figures(client, tmp_path):
    c = tmp_path / "platoon.yaml"
    assert run("campaign", "new", "smle", "--force", f"Platoon={PLATOON}", "--seed", "1", "-o", c).exit_code == 0
    page = get(client, "/campaign/platoon.yaml").get_data(as_text=True)
    assert "No casualty of Platoon waits to be replaced." in page
    assert run("campaign", "casualty", c, "Platoon", "1 Section rifle group", "--figures", "2").exit_code == 0
    page = get(client, "/campaign/platoon.yaml").get_data(as_text=True)
    offered = page.split('value="replace">', 1)[1].split("</form>", 1)[0]
    assert '<select name="unit"><option>1 Section rifle group</option></select>' in offered
    form = {"name": "platoon.yaml", "kind": "replace", "force": "Platoon", "unit": "1 Section rifle group"}
    assert post(client, "/campaign/event", data={**form, "figures": "2"}).status_code == 303
    assert {k: log_of(c)[-1][k] for k in ("kind", "figures")} == {"kind": "replace", "figures": 2}
    bounce = three_battles(tmp_path, NOTE)
    assert bounce.exists()
    assert 'value="replace"' not in get(client, "/campaign/hollins.yaml").get_data(as_text=True)  # Bounce regroups


def test_a_battle_from_the_page_and_one_from_the_command_line_at_once_keep_both(client, tmp_path, monkeypatch):
    """The page reads the campaign and, before it writes, the command line records a battle in the same file: with
    the one-writer lock the command line waits for the page (5 s here, its bound is 10 s) and then adds its battle
    after the page's; without it, it would write first and the page's write over it would lose its battle."""
    c = three_battles(tmp_path, NOTE)
    cli: dict = {}
    real = C._reread

    def cli_meanwhile(path, text):
        cli["process"] = listgen_run(
            "campaign", "battle", c, "--scenario", "From the command line", "--note", "typed", wait=False
        )
        with contextlib.suppress(subprocess.TimeoutExpired):
            cli["process"].wait(timeout=5)  # the lock held by the page: it cannot finish
        return real(path, text)

    monkeypatch.setattr(C, "_reread", cli_meanwhile)
    answer = post(client, "/campaign/battle", data=battle_form("hollins.yaml", scenario="From the page"))
    assert answer.status_code == 303
    out, err = cli["process"].communicate(timeout=60)
    assert cli["process"].returncode == 0, err
    battles = [e["scenario"] for e in log_of(c) if e["kind"] == "battle"]
    assert battles[-2:] == ["From the page", "From the command line"]
    assert [e["id"] for e in log_of(c)] == [1, 2, 3, 4, 5, 6, 7]
    assert run("campaign", "status", c).exit_code == 0  # the seals hold over both


def test_the_campaign_report_is_printed_from_the_page(client, tmp_path):
    three_battles(tmp_path, NOTE)
    answer = get(client, "/campaign/print/campaign-report/hollins.yaml")
    assert answer.status_code == 200 and answer.data.startswith(b"%PDF")
    assert answer.headers["Content-Disposition"] == 'inline; filename="hollins-campaign-report.pdf"'
    text = subprocess.run(["pdftotext", "-", "-"], input=answer.data, capture_output=True, check=True).stdout
    assert b"Hollins Ford: the campaign report" in text and b"<b>Rain</b>" in text
    assert get(client, "/campaign/print/roster/hollins.yaml").status_code == 404  # a list's printout, not a campaign's


def test_a_campaign_that_does_not_read_is_said_not_shown(client, tmp_path):
    c = three_battles(tmp_path, NOTE)
    c.write_text(c.read_text(encoding="utf-8").replace("die: 7", "die: 2"), encoding="utf-8")
    answer = get(client, "/campaign/hollins.yaml")
    assert answer.status_code == 422 and "does not match its seal" in answer.get_data(as_text=True)
    assert str(tmp_path) not in answer.get_data(as_text=True)  # the folder served is not named
    index = get(client, "/").get_data(as_text=True)
    assert "does not match its seal" in index.split('id="campaigns"', 1)[1]


def test_only_a_campaign_of_the_folder_opens_and_never_one_of_an_event(client, tmp_path):
    event = tmp_path / "open"
    event.mkdir()
    (event / "pack.yaml").write_text("event: Spring Open\nrulesets: [smle]\n", encoding="utf-8")
    c = event / "league.yaml"
    assert run("campaign", "new", "smle", "--force", f"Platoon={PLATOON}", "--seed", "1", "-o", c).exit_code == 0
    assert get(client, "/campaign/open/league.yaml").status_code == 404
    assert "league.yaml" not in get(client, "/").get_data(as_text=True)
    assert get(client, "/campaign/../hollins.yaml").status_code == 404
    (tmp_path / "list.yaml").write_bytes(MILITIA.read_bytes())
    assert get(client, "/campaign/list.yaml").status_code == 404  # a list is no campaign


def test_a_campaign_is_started_from_the_folders_lists(client, tmp_path):
    (tmp_path / "militia.yaml").write_bytes(MILITIA.read_bytes())
    (tmp_path / "gf.yaml").write_bytes(GF.read_bytes())
    form = {
        "title": "Autumn",
        "file": "autumn",
        "list": ["militia.yaml", "gf.yaml"],
        "force:militia.yaml": "Militia",
        "force:gf.yaml": "GF",
    }
    answer = post(client, "/campaign/new", data=form)
    assert answer.status_code == 303 and answer.headers["Location"] == "/campaign/autumn.yaml"
    status = run("campaign", "status", tmp_path / "autumn.yaml")
    assert status.exit_code == 0 and status.output.startswith("Autumn (bounce-into-action): 0 events")
    again = post(client, "/campaign/new", data=form)
    assert again.status_code == 422 and "is there already" in again.get_data(as_text=True)


def test_a_backup_keeps_the_campaigns_and_a_restore_puts_them_back(client, tmp_path):
    c = three_battles(tmp_path, NOTE)
    (tmp_path / "militia.yaml").write_bytes(MILITIA.read_bytes())
    kept = c.read_bytes()
    archive = post(client, "/lists/backup").data
    assert sorted(zipfile.ZipFile(io.BytesIO(archive)).namelist()) == [
        "listgen-backup.json",
        "lists/hollins.yaml",
        "lists/militia.yaml",
    ]
    c.unlink()
    restored = post(client, "/lists/restore-backup", data={"backup": (io.BytesIO(archive), "backup.zip")})
    assert restored.status_code == 200 and "hollins.yaml: restored" in restored.get_data(as_text=True)
    assert c.read_bytes() == kept
    assert get(client, "/campaign/hollins.yaml").status_code == 200


def test_a_force_as_it_stands_opens_in_the_editor_as_a_new_list(client, tmp_path):
    c = three_battles(tmp_path, NOTE)
    before = c.read_bytes()
    page = get(client, "/campaign/hollins.yaml").get_data(as_text=True)
    assert 'href="/campaign/force/2/hollins.yaml"' in page
    opened = get(client, "/campaign/force/2/hollins.yaml")
    assert opened.status_code == 200
    shown = opened.get_data(as_text=True)
    assert "# GF after event 5 of hollins.yaml" in shown and "1 Platoon fire teams (1)" in shown
    assert 'formaction="/api/render/roster"' in shown  # the editor's printouts, for the force as it stands
    assert c.read_bytes() == before  # the campaign is not changed by opening a force
    assert get(client, "/campaign/force/3/hollins.yaml").status_code == 404


def test_the_campaign_report_is_printed_in_the_pages_printing_process(tmp_path):
    three_battles(tmp_path, NOTE)
    app = create_app(tmp_path, KEY, hosts={HOST})  # listgen serve's printer: a process of its own, bounded in time
    try:
        c = app.test_client()
        c.get(f"/?key={KEY}", headers={"Host": HOST})
        answer = get(c, "/campaign/print/campaign-report/hollins.yaml")
        assert answer.status_code == 200 and answer.data.startswith(b"%PDF")
    finally:
        app.extensions["listgen-printer"].stop()


def test_on_the_site_the_campaign_page_asks_for_a_backup_once_it_changed(client, tmp_path):
    three_battles(tmp_path, NOTE)  # the client is the site's app (in the browser): its campaigns live in its storage
    page = get(client, "/campaign/hollins.yaml").get_data(as_text=True)
    assert "has changed since the last backup" in page
    assert post(client, "/lists/backup").status_code == 200
    assert "has changed since the last backup" not in get(client, "/campaign/hollins.yaml").get_data(as_text=True)
    later = time.time() + 5  # an event recorded after the backup
    assert post(client, "/campaign/battle", data=battle_form("hollins.yaml")).status_code == 303
    os.utime(tmp_path / "hollins.yaml", (later, later))
    assert "has changed since the last backup" in get(client, "/campaign/hollins.yaml").get_data(as_text=True)


def test_ineffective_stands_regroup_from_the_page_where_the_text_regroups_them(client, tmp_path):
    """docs/campaigns.md's regrouping: the stand split off with three people (ineffective at 2 hits of 3) and two
    ineffective stands of four, 1 + 2 + 2 hits remaining, at least the 4 to destroy (Hit Effects: Infantry)."""
    c = three_battles(tmp_path, NOTE)
    page = get(client, "/campaign/hollins.yaml").get_data(as_text=True)
    assert 'action="/campaign/regroup"' in page  # Bounce into Action regroups; it has no replacements
    stands = ["1 Platoon fire teams (1)", "1 Platoon fire teams", "1 Platoon fire teams", "", "", ""]
    form = {"name": "hollins.yaml", "force": "GF", "stand": stands}
    before = c.read_bytes()
    too_many = post(client, "/campaign/regroup", data={**form, "hits_left": ["1", "2", "3", "", "", ""]})
    assert too_many.status_code == 422 and "nothing was written" in too_many.get_data(as_text=True)
    assert c.read_bytes() == before
    answer = post(client, "/campaign/regroup", data={**form, "hits_left": ["1", "2", "2", "", "", ""]})
    assert answer.status_code == 303
    event = log_of(c)[-1]
    assert (event["kind"], event["stands"], event["hits_left"]) == ("regroup", stands[:3], [1, 2, 2])
    smle = tmp_path / "platoon.yaml"
    assert run("campaign", "new", "smle", "--force", f"Platoon={PLATOON}", "--seed", "1", "-o", smle).exit_code == 0
    assert 'action="/campaign/regroup"' not in get(client, "/campaign/platoon.yaml").get_data(as_text=True)
