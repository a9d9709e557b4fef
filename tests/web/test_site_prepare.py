"""web.browser.prepare: what the site's memory snapshot holds is made before any visit's folder or key, and a
visit's start takes it over whole (the app prepare made is given the visit's folder and key, once)."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlencode

from listgen.web import browser


def test_the_prepared_app_holds_no_folder_or_key_and_a_start_gives_it_the_visits(tmp_path, monkeypatch):
    monkeypatch.setattr(browser, "_unserved", None)
    monkeypatch.setattr(browser, "_app", None)
    browser.prepare()
    prepared = browser._unserved
    assert prepared is not None
    site = prepared.extensions["listgen"]
    assert (site.folder, site.token) == (Path("/"), "")  # nothing of a visit in the snapshot
    first, second = tmp_path / "first", tmp_path / "second"
    first.mkdir(), second.mkdir()
    browser.start(str(first), "", {})
    assert browser._app is prepared and browser._unserved is None  # taken over, once
    site = browser._app.extensions["listgen"]
    assert site.folder == first.resolve() and len(site.token) >= 32 and site.in_browser
    status, _headers, body = browser.handle("GET", "http://site/app/", "/app", [("Host", "site")], b"")
    assert status == 200 and b"in this browser" in body
    browser.start(str(second), "", {})  # a start with no prepared app left makes its own
    assert browser._app is not prepared and browser._app.extensions["listgen"].folder == second.resolve()
    assert browser._app.extensions["listgen"].token != site.token


def test_the_text_just_typed_is_read_for_its_first_edit_once_the_answer_is_sent(tmp_path, monkeypatch):
    # listgen serve reads and writes it in a thread while the member looks; the site has no threads: the request
    # leaves it for after its answer (Site.after), and the service worker runs it then (browser.after_answer), a
    # half at a time, once: True while a half is left, which it runs after any request that came meanwhile
    from listgen.core.edit import Editor

    done: list[tuple] = []
    monkeypatch.setattr(Editor, "read_kept", classmethod(lambda cls, text, checked=False: done.append((text, checked))))
    monkeypatch.setattr(Editor, "write_kept", classmethod(lambda cls, text: done.append((text,))))
    monkeypatch.setattr(browser, "_unserved", None)
    browser.start(str(tmp_path), "", {})
    text = "ruleset: smle\nname: Typed\nteams: []\n"
    headers = [("Host", "site"), ("Origin", "http://site"), ("Content-Type", "application/x-www-form-urlencoded")]
    for typed in (text.replace("Typed", "First"), text):  # typed twice before the worker turned: the last is read
        body = urlencode({"yaml": typed, "op": "text"}).encode()
        status, _headers, _body = browser.handle("POST", "http://site/app/change", "/app", headers, body)
        assert status == 200
    assert done == []  # not while the request is answered
    assert browser.after_answer() is True
    assert done == [(text, True)]  # checked: the page's check of it has read it with listgen's own loader
    assert browser.after_answer() is False
    assert done == [(text, True), (text,)]
    assert browser.after_answer() is False
    assert len(done) == 2  # once
