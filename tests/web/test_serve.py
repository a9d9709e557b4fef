"""listgen serve through Flask's test client: the security measures, the JSON contract, saving and the form.

The page itself, in a browser, is tests/web/test_serve_browser.py."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from conftest import recording

from listgen.core.validate import check_text
from listgen.web.app import create_app
from listgen.web.changes import text_after
from listgen.web.security import cookie_name
from listgen.web.workspace import MAX_REQUEST, etag

ROOT = Path(__file__).resolve().parents[2]
HOST = "127.0.0.1:8123"
ORIGIN = f"http://{HOST}"
KEY = "the-key"
SECTION = (
    "# my own comment, kept\nruleset: smle\nname: Test section   # trailing comment\npoints_limit: 100\n"
    "sections:\n  - name: A Section\n    leader: {name: Cpl A, quality: veteran, weapon: smg}\n    teams:\n"
    "      - name: Bren\n        quality: trained\n        figures:\n          - {count: 1, weapon: lmg}\n"
    "          - {count: 2, weapon: rifle}\n      - name: Rifles\n        quality: trained\n        figures:\n"
    "          - {count: 4, weapon: rifle}\n"
)


@pytest.fixture
def folder(tmp_path):
    (tmp_path / "section.yaml").write_text(SECTION, encoding="utf-8")
    return tmp_path


@pytest.fixture
def client(folder):
    app = create_app(folder, KEY, hosts={HOST, f"localhost:{HOST.split(':')[1]}"})
    c = app.test_client()
    c.get(f"/?key={KEY}", headers={"Host": HOST})
    return c


def get(c, url, **kw):
    return c.get(url, headers={"Host": HOST, **kw.pop("headers", {})}, **kw)


def post(c, url, origin=ORIGIN, **kw):
    headers = {"Host": HOST, **({"Origin": origin} if origin else {}), **kw.pop("headers", {})}
    return c.post(url, headers=headers, **kw)


# --- security -------------------------------------------------------------------------------------------


def test_the_key_is_swapped_for_a_strict_cookie(folder):
    c = create_app(folder, KEY, hosts={HOST}).test_client()
    assert get(c, "/").status_code == 403  # no key, no cookie
    r = get(c, f"/?key={KEY}")
    assert r.status_code == 302 and r.headers["Location"] == "/"  # the key leaves the address bar
    cookie = r.headers["Set-Cookie"]
    assert "SameSite=Strict" in cookie and "HttpOnly" in cookie
    assert get(c, "/").status_code == 200


def test_a_wrong_key_or_cookie_is_refused(folder):
    c = create_app(folder, KEY, hosts={HOST}).test_client()
    assert get(c, "/?key=guess").status_code == 403
    c.set_cookie(cookie_name(KEY), "guess", domain="127.0.0.1")
    assert get(c, "/").status_code == 403
    assert get(c, "/static/listgen.css").status_code == 403


def test_another_host_name_is_refused_dns_rebinding(client):
    r = client.get("/", headers={"Host": "evil.example:8123"})
    assert r.status_code == 421 and b"answers to" in r.data
    assert get(client, "/").status_code == 200
    # localhost is this computer too: answered (with the key asked for: the cookie was set for 127.0.0.1)
    assert client.get("/", headers={"Host": "localhost:8123"}).status_code == 403


def test_changes_only_from_the_page_itself(client):
    data = {"yaml": SECTION, "name": "section.yaml", "opened": etag(SECTION.encode())}
    for origin in ("http://evil.example", "null", "http://127.0.0.1:9999"):
        assert post(client, "/save", origin=origin, data=data).status_code == 403
    # no Origin: only when the browser's fetch metadata says the page itself sent it
    assert post(client, "/save", origin=None, data=data).status_code == 403
    r = post(client, "/save", origin=None, data=data, headers={"Sec-Fetch-Site": "cross-site"})
    assert r.status_code == 403
    assert post(client, "/save", data=data).status_code == 200


def test_a_list_is_named_never_a_path(client, folder, tmp_path_factory):
    outside = tmp_path_factory.mktemp("outside") / "secret.yaml"
    outside.write_text("ruleset: smle\nname: Secret\n", encoding="utf-8")
    (folder / "link.yaml").symlink_to(outside)
    for name in ("../outside/secret.yaml", "..%2Fsecret.yaml", str(outside), "link.yaml", "nothing.yaml"):
        assert get(client, f"/edit/{name}", follow_redirects=True).status_code == 404, name
    assert get(client, "/edit/section.yaml").status_code == 200


@pytest.mark.parametrize(
    "name", ["../x.yaml", "a/b.yaml", "/tmp/x.yaml", "x?.yaml", ".yaml", "section.yaml", "section", "../x"]
)
def test_a_new_file_name_stays_in_the_folder_and_never_overwrites(client, folder, name):
    r = post(client, "/save", data={"yaml": SECTION, "filename": name})
    assert r.status_code == 200 and b"Not saved" in r.data
    assert sorted(p.name for p in folder.iterdir()) == ["section.yaml"]
    assert (folder / "section.yaml").read_text(encoding="utf-8") == SECTION


def test_requests_are_bounded(client, folder):
    from listgen.core.loader import MAX_BYTES

    r = post(client, "/api/validate", json={"yaml": "x" * (MAX_REQUEST + 1)})
    assert r.status_code == 413
    # a list over the loader's limit, by one byte, wherever it comes from; at the limit it is read
    over = "ruleset: smle\nname: Big\n#" + "x" * (MAX_BYTES - 25) + "\n"
    assert len(over.encode()) == MAX_BYTES + 1
    assert post(client, "/api/validate", json={"yaml": over}).status_code == 413
    assert post(client, "/change", data={"yaml": over, "op": "text"}).status_code == 413
    assert post(client, "/api/validate", json={"yaml": over.replace("#x", "#", 1)}).status_code == 200
    (folder / "big.yaml").write_text(over, encoding="utf-8")
    assert get(client, "/edit/big.yaml").status_code == 413


def test_a_file_that_is_not_utf8_is_not_opened_for_editing(client, folder):
    (folder / "latin.yaml").write_bytes("ruleset: smle\nname: Kr\xfcger\n".encode("latin-1"))
    r = get(client, "/edit/latin.yaml")
    assert r.status_code == 422 and b"not UTF-8" in r.data
    row = re.search(r"<tr>\s*<td><a href=\"/edit/latin.yaml\">.*?</tr>", get(client, "/").data.decode(), re.S).group()
    assert "UNREADABLE" in row  # the folder's page reads it as validate does


def test_what_a_list_says_is_escaped_on_the_page(client, folder):
    (folder / "evil.yaml").write_text(
        'ruleset: smle\nname: "<script>alert(1)</script>"\nplayer: "\\" onmouseover=\\"x"\n', encoding="utf-8"
    )
    page = get(client, "/edit/evil.yaml").data.decode()
    assert "<script>alert(1)" not in page and "&lt;script&gt;alert(1)" in page
    assert '" onmouseover="x' not in page
    index = get(client, "/").data.decode()
    assert "<script>alert(1)" not in index


def test_headers_forbid_framing_inline_script_and_caching(client):
    r = get(client, "/")
    csp = r.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "unsafe" not in csp and "frame-ancestors 'self'" in csp
    assert r.headers["Cache-Control"] == "no-store"
    assert "<script>" not in r.data.decode().replace('<script src="', "")  # no inline script


def test_the_server_listens_on_loopback_by_default(tmp_path):
    from listgen.web.serve import start

    server, url = start(tmp_path, port=0)
    try:
        assert server.server_address[0] == "127.0.0.1"
        assert re.fullmatch(r"http://127\.0\.0\.1:\d+/\?key=[\w-]{20,}", url)
    finally:
        server.server_close()


# --- the JSON contract ----------------------------------------------------------------------------------


def test_validate_gives_what_the_command_gives(client):
    broken = SECTION.replace("{count: 4, weapon: rifle}", "{count: 9, weapon: rifle}")
    r = post(client, "/api/validate", json={"yaml": broken})
    assert r.status_code == 200
    body = r.get_json()
    assert body == json.loads(json.dumps(check_text(broken, "<page>").as_dict()))
    assert body["legal"] is False and [f["code"] for f in body["findings"]] == ["SMLE-TEAM-SIZE"]
    assert body["findings"][0]["path"] == "sections[0].teams[1]"


def test_price_gives_the_working(client):
    body = post(client, "/api/price", json={"yaml": SECTION}).get_json()
    assert body["unit"] == "points" and body["total"] == 30  # 6 (leader) + 12 + 12, the text's costs
    assert [u["working"] for u in body["units"]][:2] == ["12", "12"]


def test_schema_is_the_commands(client):
    from listgen.commands.schema import schema

    assert get(client, "/api/schema/smle").get_json() == json.loads(json.dumps(schema("smle")))
    assert get(client, "/api/schema/nope").status_code == 404


@pytest.mark.parametrize("kind", ["roster", "cards", "reference", "hit-tables"])
def test_render_gives_the_pdf(client, kind):
    r = post(client, f"/api/render/{kind}?download=1", json={"yaml": SECTION})
    assert r.status_code == 200 and r.data.startswith(b"%PDF") and r.mimetype == "application/pdf"
    assert r.headers["Content-Disposition"] == f'attachment; filename="Test-section-{kind}.pdf"'


def test_the_matchup_sheet_against_a_list_of_the_folder_or_a_share_code(client, folder):
    """Issue 29 on the page: the editor offers the folder's other lists of its ruleset; the sheet is the CLI's."""
    from listgen.core import share

    shutil.copy(ROOT / "armies" / "smle-german-section.yaml", folder / "german.yaml")
    shutil.copy(ROOT / "armies" / "bounce-militia-defence.yaml", folder / "militia.yaml")
    page = get(client, "/edit/section.yaml").data.decode()
    assert '<option value="german.yaml">' in page and "militia.yaml" not in page  # same ruleset only
    r = post(client, "/api/render/matchup", data={"yaml": SECTION, "against": "german.yaml"})
    assert r.status_code == 200 and r.data.startswith(b"%PDF")
    assert r.headers["Content-Disposition"] == 'inline; filename="Test-section-matchup.pdf"'
    code = share.encode(
        check_text((folder / "german.yaml").read_text(encoding="utf-8"), "g.yaml").document.data, "SMLE"
    )
    assert post(client, "/api/render/matchup", data={"yaml": SECTION, "against_code": code}).status_code == 200
    mixed = post(client, "/api/render/matchup", data={"yaml": SECTION, "against": "militia.yaml"})
    assert mixed.status_code == 422 and b"bounce-into-action" in mixed.data
    assert post(client, "/api/render/matchup", data={"yaml": SECTION}).status_code == 422  # no opponent chosen
    assert post(client, "/api/render/matchup", data={"yaml": SECTION, "against": "../x.yaml"}).status_code == 404
    assert post(client, "/api/render/matchup", data={"yaml": SECTION, "against_code": "LG1:SMLE:$$"}).status_code == 422


def test_lists_are_renamed_copied_deleted_and_restored_from_the_folder_page(client, folder):
    """Issue 27: the folder's page manages its lists; a delete is asked first and can be undone; nothing is ever
    written over a file that is there."""
    original = (folder / "section.yaml").read_bytes()
    index = get(client, "/").data.decode()
    assert 'action="/lists/rename"' in index and "/lists/delete?name=section.yaml" in index

    r = post(client, "/lists/copy", data={"name": "section.yaml"})
    assert r.status_code == 303 and (folder / "section copy.yaml").read_bytes() == original
    post(client, "/lists/copy", data={"name": "section.yaml"})
    assert (folder / "section copy 2.yaml").read_bytes() == original

    taken = post(client, "/lists/rename", data={"name": "section copy.yaml", "to": "section"})
    assert taken.status_code == 422 and b"there already" in taken.data
    assert post(client, "/lists/rename", data={"name": "section copy.yaml", "to": "mine"}).status_code == 303
    assert (folder / "mine.yaml").read_bytes() == original and not (folder / "section copy.yaml").exists()
    bad = post(client, "/lists/rename", data={"name": "mine.yaml", "to": "../out"})
    assert bad.status_code == 422 and (folder / "mine.yaml").exists()
    assert post(client, "/lists/rename", data={"name": "../x.yaml", "to": "y"}).status_code == 404

    asked = get(client, "/lists/delete?name=mine.yaml").data.decode()
    assert "Delete mine.yaml?" in asked and "restore" in asked  # asked first, with the way back said
    assert (folder / "mine.yaml").exists()  # asking deletes nothing
    assert post(client, "/lists/delete", data={"name": "mine.yaml"}).status_code == 303
    assert not (folder / "mine.yaml").exists()
    index = get(client, "/").data.decode()
    assert "Deleted lists" in index and "mine.yaml" in index
    (kept,) = (folder / ".listgen-trash").iterdir()
    assert kept.name.endswith(".deleted")  # never read as a list by build or the page
    assert "mine.yaml" not in [p.name for p in folder.rglob("*.yaml")]

    (folder / "mine.yaml").write_text("ruleset: smle\nname: A new one\n", encoding="utf-8")  # the name is taken
    assert post(client, "/lists/restore", data={"file": kept.name}).status_code == 303
    assert (folder / "mine restored.yaml").read_bytes() == original
    assert (folder / "mine.yaml").read_text(encoding="utf-8").endswith("A new one\n")  # not written over
    assert post(client, "/lists/restore", data={"file": kept.name}).status_code == 404  # restored once
    assert post(client, "/lists/delete", data={"name": "section.yaml"}, origin="http://evil.example").status_code == 403


def test_the_catalogue_prices_the_texts_units_for_this_list_and_adds_one(client):
    """Issue 27: a place's catalogue lists the text's own units with what each costs here (S.M.L.E. Unit Points
    Costs: 12 a team; x1.5 for a sniper rifle, 'better weapons'); one click adds it, named afresh."""
    page = get(client, "/edit/section.yaml").data.decode()
    assert 'hx-post="/catalogue"' in page
    panel = post(client, "/catalogue", data={"yaml": SECTION, "path": '["sections",0,"teams"]'}).data.decode()
    rows = dict(re.findall(r'class="entry-name">([^<]+)</span> <strong class="entry-cost">([^<]+)<', panel))
    assert rows["Rifle group: 4 riflemen"] == "12 points"
    assert rows["Sniper team: a sniper and his spotter"] == "18 points"  # 12 x1.5
    assert rows["Light mortar team: a 2-inch mortar and a rifleman"] == "24 points"  # heavy weapon x2
    assert "British infantry section" not in panel  # a section is no team
    value = re.search(r'data-value="([^"]+)"[^>]*title="Add Bren team', panel).group(1)
    import html

    r = post(
        client,
        "/change",
        data={"yaml": SECTION, "op": "insert", "path": '["sections",0,"teams"]', "value": html.unescape(value)},
    )
    text = re.search(r'<textarea id="yaml"[^>]*>(.*?)</textarea>', r.data.decode(), re.S).group(1)
    assert "- name: Bren team" in html.unescape(text) and "# my own comment, kept" in html.unescape(text)
    bad = post(client, "/catalogue", data={"yaml": SECTION, "path": '["nowhere"]'}).data.decode()
    assert "the catalogue has none of these" in bad


def test_the_catalogue_of_the_list_a_change_just_answered_is_priced_from_its_kept_reading(client, monkeypatch):
    """The page keeps the readings of the texts it shows: the catalogue opened on the text a change has just
    answered with reads no YAML (in the site, PyYAML reads in pure Python), and offers what the same list read
    afresh offers."""
    from listgen.core import loader

    shown = post(client, "/change", data={"yaml": SECTION, "op": "set", "path": '["points_limit"]', "value": "60"})
    text = text_after(SECTION, shown.get_data(as_text=True), shown.headers)
    assert text is not None and "points_limit: 60" in text
    reads: list = []
    monkeypatch.setattr(loader, "parse", recording(reads, loader.parse, lambda _text, file="<string>": file))

    def offered(yaml_text: str) -> list:
        panel = post(client, "/catalogue", data={"yaml": yaml_text, "path": '["sections",0,"teams"]'})
        return re.findall(r'class="entry-name">([^<]+)</span> <strong class="entry-cost">([^<]+)<(.*?)</li>',
                          panel.get_data(as_text=True), re.S)  # fmt: skip

    kept = offered(text)
    assert reads == []  # priced from the reading the change's answer kept
    fresh = offered(text + "# a text the page has not shown\n")
    assert reads == ["<catalogue>"]
    assert kept == fresh and len(kept) > 5
    assert {name: cost for name, cost, _rest in kept}["Rifle group: 4 riflemen"] == "12 points"


def test_a_list_that_does_not_read_is_located_on_the_page(client, folder):
    (folder / "broken.yaml").write_text("ruleset: smle\nname: Broken\nteams:\n  - name: [unclosed\n", encoding="utf-8")
    page = get(client, "/edit/broken.yaml").data.decode()
    assert "The form cannot show this list" in page and "INPUT-YAML" in page
    assert re.search(r"line 4, column \d+", page)  # where the broken construct starts


def test_bad_input_gets_a_plain_answer(client):
    assert post(client, "/api/validate", json={"list": 1}).status_code == 400
    r = post(client, "/api/validate", json={"yaml": "ruleset: smle\nname: [unclosed\n"})
    assert r.get_json()["findings"][0]["code"] == "INPUT-YAML"
    assert post(client, "/api/render/roster", json={"yaml": "{{{"}).status_code == 422
    assert post(client, "/api/render/poster", json={"yaml": SECTION}).status_code == 404


# --- the form and saving --------------------------------------------------------------------------------


def change(client, text, op, path, value=None):
    data = {"yaml": text, "op": op, "path": json.dumps(path)}
    if value is not None:
        data["value"] = value
    r = post(client, "/change", data=data)
    assert r.status_code == 200
    page = r.data.decode()
    return page, text_after(text, page, r.headers)


def test_a_change_keeps_comments_and_shows_the_finding_at_its_unit(client):
    page, text = change(client, SECTION, "set", ["sections", 0, "teams", 1, "figures", 0, "count"], "9")
    assert text == SECTION.replace("{count: 4, weapon: rifle}", "{count: 9, weapon: rifle}")
    # one value changed, the shape kept: the form stays, each part's notes and the verdict are redrawn
    unit = re.search(r'<div id="n_sections-0_teams-1-notes".*?</div>', page, re.S).group()
    assert "SMLE-TEAM-SIZE" in unit
    assert "NOT LEGAL" in page and "<fieldset" not in page
    assert 'id="n_sections-0_teams-0-notes"' not in page  # a part the change left as it was is not sent


def test_a_change_of_shape_redraws_the_form(client):
    page, text = change(client, SECTION, "set", ["sections", 0, "teams", 0, "grenades"], "2")  # a key added
    assert "grenades: 2" in text and '<fieldset class="group unit" id="n_sections-0_teams-0">' in page
    page, _text = change(client, SECTION, "remove", ["sections", 0, "teams", 1])
    assert 'id="n_sections-0_teams-1"' not in page and 'id="n_sections-0_teams-0"' in page


def test_choices_come_from_the_schema(client):
    from listgen.commands.schema import schema

    page = get(client, "/edit/section.yaml").data.decode()
    quality = re.search(r'<select id="fn_sections-0_teams-0_quality".*?</select>', page, re.S).group()
    options = re.findall(r"<option[^>]*>([^<]*)</option>", quality)
    assert options == schema("smle")["$defs"]["Team"]["properties"]["quality"]["enum"]


def test_an_edit_that_cannot_be_made_says_so_and_changes_nothing(client):
    page, text = change(client, SECTION, "remove", ["sections", 5])
    assert "Not changed" in page and text == SECTION
    page, text = change(client, "ruleset: smle\nname: [broken\n", "set", ["name"], "x")
    assert "Not changed" in page


def test_save_refuses_a_file_changed_on_disk_unless_told(client, folder):
    opened = etag(SECTION.encode())
    (folder / "section.yaml").write_text(SECTION + "# changed elsewhere\n", encoding="utf-8")
    r = post(client, "/save", data={"yaml": SECTION.replace("Test", "Mine"), "name": "section.yaml", "opened": opened})
    assert b"changed on disk" in r.data
    assert (folder / "section.yaml").read_text(encoding="utf-8").endswith("# changed elsewhere\n")
    data = {"yaml": SECTION.replace("Test", "Mine"), "name": "section.yaml", "opened": opened, "force": "true"}
    r = post(client, "/save", data=data)
    assert b"Saved" in r.data
    assert (folder / "section.yaml").read_text(encoding="utf-8") == SECTION.replace("Test", "Mine")
    assert not [p for p in folder.iterdir() if p.name not in ("section.yaml",)]  # no temporary file left


def test_the_page_notices_a_change_on_disk(client, folder):
    opened = etag(SECTION.encode())
    assert get(client, f"/disk/section.yaml?opened={opened}&dirty=false").status_code == 204
    (folder / "section.yaml").write_text(SECTION + "# changed\n", encoding="utf-8")
    r = get(client, f"/disk/section.yaml?opened={opened}&dirty=false")
    assert r.headers.get("HX-Refresh") == "true"  # nothing unsaved here: reload
    r = get(client, f"/disk/section.yaml?opened={opened}&dirty=true")
    assert b"changed on disk" in r.data  # unsaved changes here: ask
    # Save's offer to overwrite it is on the page (its 'offered' sent): let be, its button stays under the hand
    conflict = post(client, "/save", data={"yaml": SECTION, "name": "section.yaml", "opened": opened})
    assert b'id="overwrite-offered" name="offered" value="section.yaml"' in conflict.data
    r = get(client, f"/disk/section.yaml?opened={opened}&dirty=true&offered=section.yaml")
    assert r.status_code == 204 and not r.data
    r = get(client, f"/disk/section.yaml?opened={opened}&dirty=true&offered=another.yaml")
    assert b"changed on disk" in r.data  # another list's offer is not this one's


def test_a_list_renamed_elsewhere_is_offered_to_be_saved_anew_and_the_offer_let_be(client, folder):
    """Issue 50: the page's check of the file on disk gave a 404 (shown raw, over the offer to save as a new list)
    once another tab had renamed the list: it offers that itself, and lets the offer be while it is on the page."""
    opened = etag(SECTION.encode())
    (folder / "section.yaml").rename(folder / "renamed.yaml")
    r = get(client, f"/disk/section.yaml?opened={opened}&dirty=true")
    assert r.status_code == 200 and b'id="save-as"' in r.data and b'value="section saved"' in r.data
    r = get(client, f"/disk/section.yaml?opened={opened}&dirty=true&filename=what+the+user+typed")
    assert r.status_code == 204 and not r.data  # the offer on the page, with what was typed, stays
    (folder / "renamed.yaml").rename(folder / "section.yaml")  # back: checked as before
    assert get(client, f"/disk/section.yaml?opened={opened}&dirty=true&filename=x").status_code == 204


def test_a_new_list_is_saved_under_its_new_name(client, folder):
    r = post(client, "/save", data={"yaml": SECTION, "filename": "new one.yaml"})
    assert r.status_code == 204 and r.headers["HX-Redirect"] == "/edit/new%20one.yaml"
    assert (folder / "new one.yaml").read_text(encoding="utf-8") == SECTION


def test_every_ruleset_has_a_new_list_page(client):
    from listgen import rulesets

    index = get(client, "/").data.decode()
    for slug in rulesets.slugs():
        assert f'href="/new/{slug}"' in index
        page = get(client, f"/new/{slug}").data.decode()
        assert "LEGAL" in page and 'id="form-pane"' in page


def test_a_browser_s_crlf_lines_are_saved_as_lf(client, folder):
    crlf = SECTION.replace("Test", "Mine").replace("\n", "\r\n")
    r = post(client, "/save", data={"yaml": crlf, "name": "section.yaml", "opened": etag(SECTION.encode())})
    assert b"Saved" in r.data
    assert (folder / "section.yaml").read_bytes() == SECTION.replace("Test", "Mine").encode()


@pytest.mark.slow
def test_the_command_prints_its_address_and_stops_cleanly_on_ctrl_c(tmp_path):
    import signal
    import subprocess
    import sys
    import urllib.request

    listgen = Path(sys.executable).parent / "listgen"
    server = subprocess.Popen(
        [str(listgen), "serve", str(tmp_path), "--port", "0", "--no-browser"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        # Ctrl+C in a terminal: SIGINT as a foreground program has it. A suite started in the background (`cmd &`
        # in a script) hands its children SIGINT ignored, and Python then never raises KeyboardInterrupt
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        url = re.search(r"http://127\.0\.0\.1:\d+/\?key=\S+", line).group()
        import http.cookiejar

        opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        assert opener.open(url).status == 200
        server.send_signal(signal.SIGINT)
        out, err = server.communicate(timeout=10)
    finally:
        server.kill()
    assert server.returncode == 0, err
    assert "stopped" in out and "Traceback" not in err


def test_a_missing_folder_is_a_plain_error(tmp_path):
    from typer.testing import CliRunner

    from listgen.cli import app

    result = CliRunner().invoke(app, ["serve", str(tmp_path / "missing")])
    assert result.exit_code == 2 and "no such file or folder" in result.output


def test_any_address_but_loopback_is_warned_of(tmp_path, monkeypatch):
    from listgen.web.serve import Server, run

    def interrupted(self, *args):
        raise KeyboardInterrupt

    monkeypatch.setattr(Server, "serve_forever", interrupted)
    said: list = []
    run(tmp_path, port=0, host="0.0.0.0", open_browser=False, echo=lambda text, err=False: said.append((err, text)))
    assert any(err and "WARNING" in text and "0.0.0.0" in text for err, text in said)
    assert any(re.search(r"at http://127\.0\.0\.1:\d+/\?key=", text) for _err, text in said)
    said.clear()
    run(tmp_path, port=0, open_browser=False, echo=lambda text, err=False: said.append((err, text)))
    assert not any("WARNING" in text for _err, text in said)
    assert said[-1] == (False, "listgen serve: stopped")


def test_a_port_in_use_is_a_plain_error(tmp_path):
    import socket

    from typer.testing import CliRunner

    from listgen.cli import app

    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        result = CliRunner().invoke(app, ["serve", str(tmp_path), "--port", str(port), "--no-browser"])
    assert result.exit_code == 2
    assert f"port {port} on 127.0.0.1 is in use: choose another with --port" in result.output


def test_every_address_answers_to_this_computer_s_names_only():
    import socket

    from listgen.web.serve import _host_names

    assert _host_names("127.0.0.1") == {"127.0.0.1", "localhost", "::1"}
    assert _host_names("192.0.2.7") == {"192.0.2.7"}
    every = _host_names("0.0.0.0")
    assert {"127.0.0.1", "localhost", socket.gethostname()} <= every and "evil.example" not in every


def test_a_huge_list_draws_a_bounded_form(client, folder):
    from listgen.web.form import MOST_PARTS

    teams = "".join(
        f"  - {{name: T{i}, quality: trained, figures: [{{count: 2, weapon: rifle}}]}}\n" for i in range(2000)
    )
    (folder / "huge.yaml").write_text(f"ruleset: smle\nname: Huge\nteams:\n{teams}", encoding="utf-8")
    page = get(client, "/edit/huge.yaml").data.decode()
    assert page.count('<fieldset class="group') <= MOST_PARTS
    assert "more, not drawn here" in page


def test_an_entry_added_redraws_its_list_only(client):
    data = {"yaml": SECTION, "op": "add", "path": json.dumps(["sections", 0, "teams"])}
    r = post(client, "/change", data=data)
    page = r.data.decode()
    assert r.headers["HX-Retarget"] == "#n_sections-0_teams" and r.headers["HX-Reswap"] == "morph:outerHTML"
    assert 'id="n_sections-0_teams-2"' in page and 'id="n_sections-0"' not in page  # the list, not the section
    # the section's total changed: its title and cost are redrawn out of band
    assert 'id="n_sections-0-legend" hx-swap-oob="true"' in page
    # the list itself gone (an emptied optional list leaves the file): the whole form
    r = post(client, "/change", data={"yaml": SECTION, "op": "remove", "path": json.dumps(["sections", 0])})
    assert "HX-Retarget" not in r.headers and "HX-Reswap" not in r.headers
    assert 'id="n_sections-0"' not in r.data.decode() and "+ Add section" in r.data.decode()


def test_a_change_after_a_change_reads_the_text_it_starts_from_no_more(client, monkeypatch):
    """A value changed redraws only what it changed when the list keeps its keys and entries (same_shape); the
    text it starts from is the last change's answer, whose workspace is kept (a 500-unit list's reading again was a
    tenth of a change): only the first text is read again, and an entry added is still a new shape."""

    from listgen.web import changes, workspace

    read: list = []  # the texts read and drawn
    deciding: list = []  # per change, the texts read while deciding what to redraw

    def light(*args):
        read.clear()
        answer = real_light(*args)
        deciding.append(list(read))
        return answer

    real_light = changes._light
    monkeypatch.setattr(workspace, "_workspace", recording(read, workspace._workspace, lambda text: text))
    monkeypatch.setattr(changes, "_light", light)
    text = SECTION
    for count in ("3", "4", "2"):
        path = json.dumps(["sections", 0, "teams", 1, "figures", 0, "count"])
        r = post(client, "/change", data={"yaml": text, "op": "set", "path": path, "value": count})
        assert r.headers["HX-Reswap"] == "none"  # a value only: the titles and costs it changed, out of band
        shown = text_after(text, r.data.decode(), r.headers)
        assert shown is not None
        text = shown
        assert f"count: {count}, weapon: rifle" in text
    assert deciding == [[SECTION], [], []]  # the first text read; each later one kept from the change before
    grown = text.replace("    teams:\n", "    teams:\n      - name: New\n        quality: green\n        figures:\n"
                         "          - {count: 1, weapon: rifle}\n", 1)  # fmt: skip
    assert workspace.same_shape(check_text(text, "x.yaml"), check_text(text, "x.yaml"))
    assert not workspace.same_shape(check_text(text, "x.yaml"), check_text(grown, "x.yaml"))


def test_every_page_part_is_given_for_a_text_that_does_not_read(client):
    from listgen.web.workspace import workspace as _workspace

    for text in ("ruleset: smle\nname: [unclosed\n", "ruleset: nope\nname: X\n", "- a list\n"):
        with client.application.app_context():
            shown = _workspace(text)
        assert shown["form"] is None and shown["groups"] == [] and shown["placed"] == []


# --- issue 25: no 500 for what a request can hold; the key never on a command line; bounded threads -------------


HOSTILE_CHANGES = {
    "a place that is a number": {"op": "set", "path": "5", "value": "x"},
    "a place that is null": {"op": "set", "path": "null", "value": "x"},
    "a place 5,000 deep": {"op": "set", "path": json.dumps(["sections"] * 5000), "value": "x"},
    "a place 65 deep": {"op": "set", "path": json.dumps(["sections"] * 65), "value": "x"},
    "a place nested 100,000 deep": {"op": "set", "path": "[" * 100_000 + "]" * 100_000, "value": "x"},
    "an index past the end (set)": {"op": "set", "path": json.dumps(["sections", 0, "teams", 9]), "value": "x"},
    "an index past the end (duplicate)": {"op": "duplicate", "path": json.dumps(["sections", 7])},
    "an index past the end (move)": {"op": "move", "path": json.dumps(["sections", 7]), "value": "up"},
    "add on a value that is text": {"op": "add", "path": json.dumps(["sections", 0, "name", 0])},
    "add under a value that is text": {"op": "add", "path": json.dumps(["name", "teams"])},
    "remove from a value that is text": {"op": "remove", "path": json.dumps(["name", 0])},
    "a negative index (set)": {"op": "set", "path": json.dumps(["sections", -1, "name"]), "value": "x"},
    "a negative index (remove)": {"op": "remove", "path": json.dumps(["sections", -1])},
    "a negative index (add)": {"op": "add", "path": json.dumps(["sections", 0, "teams", -1, "figures"])},
    "a negative index (duplicate)": {"op": "duplicate", "path": json.dumps(["sections", -1])},
    "a true as an index": {"op": "remove", "path": json.dumps(["sections", True])},
}


@pytest.mark.parametrize("name", sorted(HOSTILE_CHANGES))
def test_a_change_the_list_cannot_take_is_refused_not_a_500(client, name):
    r = post(client, "/change", data={"yaml": SECTION, **HOSTILE_CHANGES[name]})
    assert r.status_code == 200, name
    page = r.data.decode()
    assert "Not changed:" in page and "internal error" not in page
    text = re.search(r'<textarea id="yaml"[^>]*>(.*?)</textarea>', page, re.S)
    import html

    assert html.unescape(text.group(1)) == SECTION  # the list as it was


def test_a_json_body_nested_past_python_s_reader_is_a_400(client):
    body = "[" * 100_000 + "]" * 100_000
    r = post(client, "/api/validate", data=body, headers={"Content-Type": "application/json"})
    assert r.status_code == 400


@pytest.mark.parametrize("given", ["é", "\u202e", "\x00"])
def test_a_key_or_cookie_of_any_text_is_refused_not_a_500(folder, given):
    c = create_app(folder, KEY, hosts={HOST}).test_client()
    assert get(c, f"/?key={given}").status_code == 403
    c.set_cookie(cookie_name(KEY), given, domain="127.0.0.1")
    assert get(c, "/").status_code == 403


def test_each_server_has_a_cookie_of_its_own(folder):
    one, two = "first-key", "second-key"
    assert cookie_name(one) != cookie_name(two) and cookie_name(one).startswith("listgen-key-")
    apps = [create_app(folder, key, hosts={HOST}) for key in (one, two)]
    c = apps[0].test_client()  # one browser: both servers' cookies reach both (a cookie knows no port)
    get(c, f"/?key={one}")
    c.set_cookie(cookie_name(two), two, domain="127.0.0.1")
    c2 = apps[1].test_client()
    c2.set_cookie(cookie_name(one), one, domain="127.0.0.1")
    c2.set_cookie(cookie_name(two), two, domain="127.0.0.1")
    assert get(c, "/").status_code == 200 and get(c2, "/").status_code == 200  # neither logs the other out


def test_a_full_disk_on_save_says_so_and_keeps_the_file(client, folder, monkeypatch):
    import errno

    from listgen.output import files

    def full(*_args, **_kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(files.os, "fsync", full)
    r = post(
        client,
        "/save",
        data={"yaml": SECTION.replace("Test", "Mine"), "name": "section.yaml", "opened": etag(SECTION.encode())},
    )
    page = r.data.decode()
    assert r.status_code == 200 and "no space left on device" in page and "unchanged" in page
    assert "internal error" not in page and (folder / "section.yaml").read_text(encoding="utf-8") == SECTION
    assert [p.name for p in folder.iterdir()] == ["section.yaml"]


def test_the_browser_is_opened_on_a_private_file_not_the_key(tmp_path):
    import stat

    from listgen.web.serve import opening_file

    url = "http://127.0.0.1:8123/?key=secret-key"
    with opening_file(url) as path:
        assert stat.S_IMODE(path.stat().st_mode) == 0o600 and stat.S_IMODE(path.parent.stat().st_mode) == 0o700
        assert "secret-key" not in path.as_uri() and "key=secret-key" in path.read_text(encoding="utf-8")
    assert not path.exists() and not path.parent.exists()


@pytest.mark.slow
def test_serve_opens_the_browser_without_the_key_on_its_command_line(tmp_path, monkeypatch):
    import threading
    import webbrowser

    from listgen.web import serve

    opened = []
    seen = threading.Event()

    def record(target):
        opened.append((target, Path(target.removeprefix("file://")).read_text(encoding="utf-8")))
        seen.set()

    def interrupted(self, *_args, **_kwargs):
        seen.wait(10)
        raise KeyboardInterrupt

    monkeypatch.setattr(webbrowser, "open", record)
    monkeypatch.setattr(serve.Server, "serve_forever", interrupted)
    serve.run(tmp_path, port=0, echo=lambda *a, **k: None)
    ((target, page),) = opened
    assert target.startswith("file://") and "key=" not in target and "?key=" in page


@pytest.mark.slow
def test_a_thousand_stalled_connections_neither_take_a_thread_each_nor_stall_the_page(tmp_path):
    import socket
    import threading
    import time
    import urllib.error
    import urllib.request

    from listgen.web.serve import THREADS, start

    server, url = start(tmp_path, 0)
    serving = threading.Thread(target=server.serve_forever, daemon=True)
    serving.start()
    stalled = []
    try:
        for _ in range(1000):
            try:
                s = socket.create_connection(("127.0.0.1", server.server_port), timeout=0.2)
                s.send(b"GET / HTTP/1.1\r\n")  # and never the rest
                stalled.append(s)
            except OSError:
                break  # the queue is full: the rest wait in the system's
        time.sleep(0.5)
        assert threading.active_count() <= THREADS + 10  # a stalled connection takes no thread
        for s in stalled:
            s.close()
        started = time.perf_counter()
        try:
            urllib.request.urlopen(url, timeout=30)
        except urllib.error.HTTPError as exc:
            assert exc.code == 403  # answered (the key's cookie is not kept by urllib)
        assert time.perf_counter() - started < 5
    finally:
        server.shutdown()
        server.server_close()


def test_a_printout_that_takes_too_long_is_stopped_and_the_next_one_prints(client):
    printer = client.application.extensions["listgen-printer"]
    printer.seconds = 0.05
    r = post(client, "/api/render/roster", json={"yaml": SECTION})
    assert r.status_code == 503 and b"print it with the command line" in r.data
    printer.seconds = 60
    r = post(client, "/api/render/roster", json={"yaml": SECTION})
    assert r.status_code == 200 and r.data.startswith(b"%PDF")
    printer.stop()


def test_a_new_list_named_without_yaml_gets_it(client, folder):
    # issue 27: "Save refuses a name without '.yaml'"
    r = post(client, "/save", data={"yaml": SECTION, "filename": "my platoon"})
    assert r.status_code == 204 and r.headers["HX-Redirect"] == "/edit/my%20platoon.yaml"
    assert (folder / "my platoon.yaml").read_text(encoding="utf-8") == SECTION
    again = post(client, "/save", data={"yaml": SECTION, "filename": "my platoon"})
    assert b"is there already" in again.data  # never over the file it made


def test_rulesets_prints_even_columns(invoke):
    # issue 27: "listgen rulesets prints ragged columns": every line's text starts in one column
    import re

    lines = invoke("rulesets").stdout.splitlines()
    assert len(lines) >= 10 and len({re.match(r"\S+ +|\s+", line).end() for line in lines}) == 1


def test_labels_are_words_and_not_given_never_looks_like_a_value(client):
    # issue 27: "+ Add supportweapon", "Afo", "Figures Figures 2", and "(none)" beside "none" (unarmoured, x0.5)
    from listgen.web.form import Group, Many, Scalar, words
    from listgen.web.workspace import workspace

    assert (
        words("SupportWeapon") == "support weapon" and words("afo") == "AFO" and words("points_table") == "points table"
    )
    with client.application.app_context():
        form = workspace(SECTION)["form"]
    parts: list = []

    def walk(part):
        parts.append(part)
        for child in getattr(part, "fields", None) or getattr(part, "items", None) or []:
            walk(child)

    walk(form)
    armour = next(p for p in parts if isinstance(p, Scalar) and p.path[-1] == "armour")
    assert armour.unset == "(not given: light)" and "none" in armour.options
    lines = [p for p in parts if isinstance(p, Group) and p.path[-2:-1] == ("figures",)]
    assert [g.title for g in lines][:2] == ["1 x lmg", "2 x rifle"]
    assert {p.noun for p in parts if isinstance(p, Many)} >= {"section", "team", "figures"}
    page = get(client, "/edit/section.yaml").data.decode()
    assert "(not given: light)" in page and "(none)" not in page and "+ Add team" in page


# --- issue 27: share on the page -----------------------------------------------------------------------------------


def test_the_share_panel_gives_the_code_listgen_import_reads_and_a_qr_code(client):
    import html

    import yaml

    from listgen.core import share

    page = post(client, "/share", data={"yaml": SECTION}).data.decode()
    code = html.unescape(re.search(r'<textarea id="share-code"[^>]*>(.*?)</textarea>', page, re.S).group(1))
    assert code.startswith("LG1:SMLE:")
    assert yaml.safe_load(share.list_text(code)) == yaml.safe_load(SECTION)  # the list's every value
    assert '<svg class="qr"' in page and 'data-copy="share-code"' in page
    broken = post(client, "/share", data={"yaml": "ruleset: smle\nname: [x\n"}).data.decode()
    assert "No share code" in broken and "<svg" not in broken


def test_a_share_code_opens_as_a_new_list_and_a_bad_one_says_why(client):
    from listgen.core import share
    from listgen.core.validate import check_text

    code = share.encode(check_text(SECTION, "t.yaml").document.data, "SMLE")
    opened = post(client, "/import", data={"code": code + "  \n"})
    assert opened.status_code == 200 and b'id="filename"' in opened.data and b"Test section" in opened.data
    for bad in (code[:-5], "hello"):
        r = post(client, "/import", data={"code": bad})
        assert r.status_code == 422 and b"cannot be opened" in r.data, bad
    huge = post(client, "/import", data={"code": "LG1:SMLE:" + "A" * share.MAX_INPUT})
    assert huge.status_code == 413 and b"no share code is so long" in huge.data
    assert post(client, "/import", data={"code": code}, origin="http://evil.example").status_code == 403
    index = get(client, "/").data.decode()
    assert 'action="/import"' in index and "Open a share code" in index


def test_the_folder_page_says_an_unknown_or_partial_total_as_it_is(client, folder):
    # issue 24/27: one meaning everywhere: unknown is unknown, a partial sum says it is partial
    (folder / "sp.yaml").write_text((ROOT / "armies" / "sol-prime-basic-infantry-defence.yaml").read_text())
    (folder / "zulu.yaml").write_text((ROOT / "armies" / "noonday-zulu-impi.yaml").read_text())
    index = get(client, "/").data.decode()
    assert re.search(r'title="points unknown \(12 not priced\)">unknown<', index)
    assert re.search(r'title="at least 82.5 points \(1 not priced\)">≥ 82.5<', index)


def test_a_reference_is_chosen_from_what_the_list_holds(client, folder):
    """Issue 27: a mortar's spotter, an officer's stand, a leader's stand, what a carrier carries are offered from
    the list's own names (and the roles of men listed alone), not typed blind."""
    shutil.copy(ROOT / "armies" / "close-action-german-grenadier-platoon.yaml", folder / "zug.yaml")
    page = get(client, "/edit/zug.yaml").data.decode()
    choices = re.search(r'<datalist id="fn_squads-0_supportweapons-0_spotter-choices">(.*?)</datalist>', page, re.S)
    offered = re.findall(r'<option value="([^"]*)">', choices.group(1))
    assert "Lt. Wendt" in offered and "1. Gruppe" in offered  # an officer, a squad
    assert "2. Zug, Grenadier-Regiment 1058" not in offered and "Club house costs 2026" not in offered


def test_a_printout_for_the_page_is_made_in_memory(tmp_path, monkeypatch):
    """Issue 26: the page's printouts are the commands' own bytes, never written to a temporary file to read back."""
    import tempfile

    from listgen.core.validate import check_text
    from listgen.web.worker import render_pdf

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    monkeypatch.chdir(tmp_path)
    data = render_pdf("roster", check_text(SECTION, "t.yaml"))
    assert data.startswith(b"%PDF") and list(tmp_path.iterdir()) == []


def test_a_points_tables_new_item_is_chosen_from_what_the_list_holds(client, folder):
    """Issue 27: the items a list carries that its points table does not price yet are offered by name."""
    (folder / "ca.yaml").write_text(
        "ruleset: close-action\nname: Priced\npoints_table: {name: Club, unit: 5, items: {}}\nofficers:\n"
        "  - {name: Lt A}\nsquads:\n  - name: S\n    grade: steady\n    leader: {name: Sgt B}\n    men:\n"
        "      - {count: 6, weapon: rifle}\n    support_weapons:\n      - {weapon: lmg}\n",
        encoding="utf-8",
    )
    page = get(client, "/edit/ca.yaml").data.decode()
    choices = re.search(r'<datalist id="n_pointstable_items-choices">(.*?)</datalist>', page, re.S)
    assert choices is not None and re.findall(r'<option value="([^"]*)">', choices.group(1)) == ["lmg"]


def test_the_folder_page_shows_no_pack_as_a_list_and_no_event_entry(tmp_path):
    """`listgen serve armies/`: tournament/pack.yaml is a pack, not an unreadable list; its entries are the
    organiser's, neither listed nor offered as a matchup opponent."""
    shutil.copytree(ROOT / "armies", tmp_path / "armies")
    app = create_app(tmp_path / "armies", KEY, hosts={HOST})
    c = app.test_client()
    c.get(f"/?key={KEY}", headers={"Host": HOST})
    page = get(c, "/").get_data(as_text=True)
    assert "smle-british-rifle-platoon.yaml" in page
    assert "pack.yaml" not in page and "alice-british" not in page and "entries/" not in page
    mine = get(c, "/edit/smle-british-rifle-platoon.yaml").get_data(as_text=True)
    assert "smle-german-section.yaml" in mine and "alice-british" not in mine and "dave-unfinished" not in mine


@pytest.mark.parametrize("route", ["/api/validate", "/api/price", "/api/render/roster", "/api/render/cards"])
@pytest.mark.parametrize("body", ['{"yaml": "\\ud800"}', '{"yaml": "ruleset: smle\\nname: \\udfff\\n"}'])
def test_a_json_body_holding_half_a_character_is_a_400_never_a_500(client, route, body):
    """JSON may escape a lone surrogate, which no text holds: the answer is a 4xx saying so, not a 500."""
    r = post(client, route, data=body, headers={"Content-Type": "application/json"})
    assert r.status_code == 400 and b"half of a character" in r.data


def test_a_place_holding_half_a_character_is_refused(client):
    r = post(client, "/change", data={"yaml": SECTION, "op": "set", "path": '["name\\ud800"]', "value": "x"})
    assert r.status_code == 200 and "Not changed:" in r.data.decode()


@pytest.mark.parametrize("code", ["LG" + "1" * 4400 + ":SMLE:AB", "LG" + "9" * 7 + ":SMLE:AB"])
def test_import_of_any_text_is_a_result_or_a_plain_error(client, code):
    from conftest import listgen_run

    answer = listgen_run("import", code, text=True)
    assert answer.returncode == 2 and "not a listgen share code" in answer.stderr and "internal" not in answer.stderr
    r = post(client, "/import", data={"code": code})
    assert r.status_code < 500


@pytest.mark.parametrize("kind", ["roster", "matchup"])
def test_downloads_are_named_after_the_lists_file(client, folder, kind):
    """clicked-smle-1.yaml prints as clicked-smle-1-roster.pdf, as the command line names it, not after the list's
    name; a list not saved yet is named after its name. The editor's forms send the file."""
    shutil.copy(ROOT / "armies" / "smle-german-section.yaml", folder / "german.yaml")
    page = get(client, "/edit/section.yaml").data.decode()
    assert page.count('<input type="hidden" name="file" value="section.yaml">') == 2  # print and matchup forms
    data = {"yaml": SECTION, "file": "sub/clicked-smle-1.yaml", "against": "german.yaml"}
    r = post(client, f"/api/render/{kind}?download=1", data=data)
    assert r.headers["Content-Disposition"] == f'attachment; filename="clicked-smle-1-{kind}.pdf"'
    r = post(client, "/yaml", data={"yaml": SECTION, "file": "clicked-smle-1.yaml"})
    assert r.headers["Content-Disposition"] == 'attachment; filename="clicked-smle-1.yaml"'
    r = post(client, "/yaml", data={"yaml": SECTION, "file": ""})
    assert r.headers["Content-Disposition"] == 'attachment; filename="Test-section.yaml"'


def test_new_list_comes_before_the_lists(client, folder):
    for i in range(19):
        shutil.copy(folder / "section.yaml", folder / f"list-{i:02d}.yaml")
    page = get(client, "/").data.decode()
    assert page.index("New S.M.L.E.") < page.index("list-00.yaml")


# --- back up every list, restore them (issue 38) ------------------------------------------------------------------


def test_a_backup_holds_every_list_and_restores_each_byte_for_byte(client, folder):
    """Back up all lists, lose them all (a browser clearing the site's storage), restore: every list back, byte
    for byte; the folder's page says when they were last backed up."""
    (folder / "sub").mkdir()
    (folder / "sub" / "second.yaml").write_text(SECTION.replace("Test section", "Second"), encoding="utf-8")
    before = {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*.yaml")}
    assert "Not backed up from this page yet" in get(client, "/").get_data(as_text=True)
    r = post(client, "/lists/backup")
    assert r.status_code == 200 and r.mimetype == "application/zip"
    archive = r.data
    assert "Last backed up" in get(client, "/").get_data(as_text=True)
    for path in folder.rglob("*.yaml"):
        path.unlink()  # the storage cleared
    import io

    r = post(client, "/lists/restore-backup", data={"backup": (io.BytesIO(archive), "backup.zip")})
    assert r.status_code == 200 and "section.yaml: restored" in r.get_data(as_text=True)
    assert {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*.yaml")} == before


def test_a_restore_overwrites_nothing_and_a_damaged_backup_restores_nothing(client, folder):
    import io
    import zipfile

    archive = post(client, "/lists/backup").data
    (folder / "section.yaml").write_text(SECTION.replace("Test section", "Changed since"), encoding="utf-8")
    r = post(client, "/lists/restore-backup", data={"backup": (io.BytesIO(archive), "b.zip")})
    assert "section-restored.yaml" in r.get_data(as_text=True)
    assert "Changed since" in (folder / "section.yaml").read_text() and (folder / "section-restored.yaml").exists()
    # a file changed inside the backup, a stranger's zip, a name leading out of the folder
    damaged = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(archive)) as src, zipfile.ZipFile(damaged, "w") as dst:
        for info in src.infolist():
            data = src.read(info)
            dst.writestr(
                info, data.replace(b"Test section", b"Tampered") if info.filename.startswith("lists/") else data
            )
    for bad, words in ((damaged.getvalue(), "does not match"), (b"PK not a zip", "not a listgen backup")):
        listing = sorted(p.name for p in folder.rglob("*"))
        r = post(client, "/lists/restore-backup", data={"backup": (io.BytesIO(bad), "b.zip")})
        assert r.status_code == 422 and words in r.get_data(as_text=True)
        assert sorted(p.name for p in folder.rglob("*")) == listing  # nothing restored
    import hashlib
    import json

    evil = io.BytesIO()
    with zipfile.ZipFile(evil, "w") as dst:
        dst.writestr("listgen-backup.json", json.dumps({"files": {"../out.yaml": hashlib.sha256(b"x").hexdigest()}}))
        dst.writestr("lists/../out.yaml", b"x")
    r = post(client, "/lists/restore-backup", data={"backup": (io.BytesIO(evil.getvalue()), "b.zip")})
    assert r.status_code == 422 and "nothing was restored" in r.get_data(as_text=True)
    assert not (folder.parent / "out.yaml").exists()


@pytest.mark.slow
def test_a_request_that_trickles_in_is_closed_when_its_whole_time_is_up(tmp_path, monkeypatch):
    """Issue 42: a header line every 0.5 s never let the idle limit (from the last byte) fire, so such connections
    held the page as long as they trickled. A request must arrive whole within REQUEST_SECONDS (2 s here)."""
    import socket
    import threading
    import time

    from listgen.web import serve

    monkeypatch.setattr(serve, "REQUEST_SECONDS", 2)
    server, _url = serve.start(tmp_path, 0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        s = socket.create_connection(("127.0.0.1", server.server_port), timeout=10)
        s.send(b"GET / HTTP/1.1\r\n")
        started, closed = time.monotonic(), None
        for i in range(20):  # up to 10 s of trickling
            time.sleep(0.5)
            try:
                s.send(f"X-Slow-{i}: 1\r\n".encode())
                if s.recv(1, socket.MSG_DONTWAIT) == b"":
                    closed = time.monotonic() - started
                    break
            except BlockingIOError:
                continue
            except OSError:
                closed = time.monotonic() - started
                break
        assert closed is not None and closed < 4, closed  # cut near 2 s, not after 10 of trickle
        s.close()
    finally:
        server.shutdown()
        server.server_close()


def test_a_list_with_a_long_name_in_another_script_is_deleted_and_restored(client, folder):
    """Issue 42: 80 Chinese characters are 240 bytes of file name, three times that quoted: the delete failed
    ('File name too long'). It is kept by its name's hash, the name beside it, and restored under that name."""
    import urllib.parse

    name = "第一小队" * 20 + ".yaml"
    (folder / name).write_text(SECTION, encoding="utf-8")
    assert post(client, "/lists/delete", data={"name": name}).status_code == 303
    assert not (folder / name).exists()
    index = get(client, "/").data.decode()
    assert name in index  # among the deleted lists, by its own name
    kept = next(p for p in (folder / ".listgen-trash").iterdir() if p.name.endswith(".deleted"))
    assert len(kept.name.encode()) < 255 and urllib.parse.unquote(kept.name).count("第") == 0
    assert post(client, "/lists/restore", data={"file": kept.name}).status_code == 303
    assert (folder / name).read_text(encoding="utf-8") == SECTION and not list((folder / ".listgen-trash").iterdir())


def test_saving_a_list_another_tab_deleted_offers_save_as_with_the_text_kept(client, folder):
    """Issue 42: Save answered 404 and the edits had nowhere to go. Now the page says the file is gone and offers a
    new name; saving there writes the page's text, nothing else touched."""
    page = get(client, "/edit/section.yaml").data.decode()
    opened = re.search(r'id="opened" name="opened" value="([^"]*)"', page).group(1)
    (folder / "section.yaml").rename(folder / "elsewhere.yaml")  # another tab renamed it
    edited = SECTION.replace("Test section", "Edited here")
    r = post(client, "/save", data={"yaml": edited, "name": "section.yaml", "opened": opened})
    answer = r.data.decode()
    assert r.status_code == 200 and "no longer in the folder" in answer and 'value="section saved"' in answer
    r = post(client, "/save", data={"yaml": edited, "filename": "section saved"})
    assert r.status_code == 204 and (folder / "section saved.yaml").read_text(encoding="utf-8") == edited
    assert "Test section" in (folder / "elsewhere.yaml").read_text(encoding="utf-8")  # the other tab's file untouched


def test_a_change_reads_its_text_once_and_answers_as_a_fresh_page_would(folder, monkeypatch):
    """Issue 39: a change compared the text after it with the text before it, reading and drawing both; the last
    texts' workspaces are kept, so each change reads one text, and the answers are those of a page that kept none."""

    from listgen.web import workspace as ws

    read: list = []
    real = ws._workspace

    def counted(text: str) -> dict:
        read.append(text)
        return real(text)

    monkeypatch.setattr(ws, "_workspace", counted)
    path = json.dumps(["sections", 0, "teams", 1, "figures", 0, "count"])

    def changes(client) -> list:
        text, answers = SECTION, []
        get(client, "/edit/section.yaml")
        for value in ("5", "6", "3", "2", "1"):
            answer = post(client, "/change", data={"yaml": text, "op": "set", "path": path, "value": value})
            assert answer.status_code == 200
            answers.append(answer.get_data(as_text=True))
            shown = text_after(text, answers[-1], answer.headers)
            assert shown is not None
            text = shown
        return answers

    kept = create_app(folder, KEY, hosts={HOST}).test_client()
    get(kept, f"/?key={KEY}")
    answers = changes(kept)
    assert len(read) == 1 + 5  # the page's text, then one text a change: the one after it
    monkeypatch.setattr(ws, "SHOWN", 0)  # a page that keeps nothing: every text read when asked for
    fresh = create_app(folder, KEY, hosts={HOST}).test_client()
    get(fresh, f"/?key={KEY}")
    assert changes(fresh) == answers
