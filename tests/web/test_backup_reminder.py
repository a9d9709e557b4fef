"""The backup reminder (issue 55): in the site, where lists live in the browser's storage only, the page says a
change is in no backup where it matters (after a save, on the folder's page) and says nothing once a backup holds
every change: never a nag on every visit. On `listgen serve`, whose lists are files, it never shows."""

import os

from test_serve import HOST, KEY, SECTION

from listgen.web.app import create_app


def client_for(folder, in_browser: bool):
    c = create_app(folder, KEY, hosts={HOST}, in_browser=in_browser).test_client()
    c.get(f"/?key={KEY}", headers={"Host": HOST})
    return c


def post(c, url, **data):
    return c.post(url, data=data, headers={"Host": HOST, "Origin": f"http://{HOST}"})


def index(c) -> str:
    return c.get("/", headers={"Host": HOST}).get_data(as_text=True)


def age(path, seconds: float) -> None:
    t = path.stat().st_mtime - seconds
    os.utime(path, (t, t))


def test_reminded_after_a_save_and_on_the_folder_page_until_a_backup_holds_every_change(tmp_path):
    (tmp_path / "section.yaml").write_text(SECTION, encoding="utf-8")
    c = client_for(tmp_path, in_browser=True)
    assert "These lists are in no backup yet" in index(c)  # lists, and no backup ever made
    assert post(c, "/lists/backup").status_code == 200
    assert "backup-due" not in index(c) and "every change is in it" in index(c)
    age(tmp_path / ".listgen-backed-up", 60)  # the backup a minute ago; then a save
    opened = c.get("/edit/section.yaml", headers={"Host": HOST}).get_data(as_text=True)
    etag = opened.split('id="opened" name="opened" value="')[1].split('"')[0]
    saved = post(c, "/save", name="section.yaml", opened=etag, yaml=SECTION.replace("Test", "Tested"))
    assert saved.status_code == 200, saved.get_data(as_text=True)
    assert "is in no backup yet" in saved.get_data(as_text=True)
    assert "Lists have changed since the last backup" in index(c)
    post(c, "/lists/backup")
    assert "backup-due" not in index(c)


def test_never_on_the_page_of_a_folder_of_files(tmp_path):
    (tmp_path / "section.yaml").write_text(SECTION, encoding="utf-8")
    c = client_for(tmp_path, in_browser=False)
    assert "backup-due" not in index(c)


def test_no_reminder_with_no_lists(tmp_path):
    assert "backup-due" not in index(client_for(tmp_path, in_browser=True))
