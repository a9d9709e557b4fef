"""listgen site without a browser: what the build writes, and the bridge the service worker calls, run here in
CPython (the browser test runs the same bridge under Pyodide: tests/web/test_site_browser.py)."""

from __future__ import annotations

import base64
import hashlib
import io
import json
import re
import shutil
import tarfile
import urllib.parse
import zipfile
from pathlib import Path

import pytest
import yaml
from conftest import ARMIES, BASE, listgen_run

from listgen.commands.site import RUNTIME_FILES, Runtime, build_site, runtime_tarball
from listgen.core.exceptions import SiteError
from listgen.web import browser

PACK = """\
event: Test Open
rulesets: [smle]
points_limit: 40
lists: entries
restrictions:
  - id: one-section
    count: sections
    max: 1
    message: One section per player.
"""


def fake_runtime(tmp_path: Path) -> tuple[Path, Runtime]:
    """A tarball shaped as the npm package (package/<file>), and a Runtime pinned to its sha512."""
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w:gz") as archive:
        for name in RUNTIME_FILES:
            data = f"// {name}\n".encode()
            info = tarfile.TarInfo(f"package/{name}")
            info.size = len(data)
            archive.addfile(info, io.BytesIO(data))
    path = tmp_path / "pyodide.tgz"
    path.write_bytes(out.getvalue())
    digest = base64.b64encode(hashlib.sha512(out.getvalue()).digest()).decode()
    return path, Runtime("0.0.0-test", f"sha512-{digest}")


@pytest.fixture
def lists(tmp_path):
    folder = tmp_path / "club"
    (folder / "entries").mkdir(parents=True)
    (folder / "section.yaml").write_text(BASE, encoding="utf-8")
    (folder / "entries" / "alice.yaml").write_text(BASE.replace("Test section", "Alice's"), encoding="utf-8")
    return folder


def test_the_site_holds_the_runtime_listgen_pure_python_and_the_examples(tmp_path, lists):
    tarball, runtime = fake_runtime(tmp_path)
    built = build_site(lists, tmp_path / "public", tarball, runtime)
    site = tmp_path / "public"
    for name in ["index.html", "sw.js", "boot.js", "python.zip", "listgen-site.json"]:
        assert (site / name).is_file(), name
    assert all((site / "pyodide" / name).is_file() for name in RUNTIME_FILES)
    manifest = json.loads((site / "listgen-site.json").read_text())
    assert manifest["pyodide"]["integrity"] == runtime.integrity and manifest["event"] is None
    for name, entry in manifest["files"].items():  # every file as the manifest says
        assert hashlib.sha256((site / name).read_bytes()).hexdigest() == entry["sha256"], name
    archive = zipfile.ZipFile(site / "python.zip")
    names = set(archive.namelist())
    assert {"listgen/web/browser.py", "flask/app.py", "yaml/__init__.py", "markupsafe/_native.py"} <= names
    assert {"reportlab/pdfgen/canvas.py", "ruamel/yaml/main.py", "PIL/Image.py"} <= names
    assert "listgen/templates/serve/editor.html.j2" in names and "listgen/fonts/DejaVuSansCondensed.ttf" in names
    compiled = [n for n in names if n.endswith((".so", ".pyc", ".pyd")) or "__pycache__" in n]
    assert compiled == []  # WebAssembly runs no x86 code: the pure-Python fallbacks only
    assert "typer/main.py" not in names  # the page imports no CLI
    # the fallback fonts are files of the site, fetched at the first printout, not in every first visit
    assert "listgen/fonts/WenQuanYiMicroHei.ttc" not in names and (site / "fonts" / "WenQuanYiMicroHei.ttc").is_file()
    # the folder's lists are the examples, the event's entries among them too when there is no pack
    assert archive.read("examples/section.yaml").decode() == BASE
    assert built.examples == ["entries/alice.yaml", "section.yaml"]
    sw = (site / "sw.js").read_text()
    settings = json.loads(re.search(r"const SETTINGS = (\{.*\});", sw).group(1))
    assert settings["version"] == manifest["site"] and "python.zip" in settings["files"]
    assert "fonts/WenQuanYiMicroHei.ttc" in settings["later"]


def test_the_root_names_only_files_the_service_worker_keeps_and_its_icon_inline(tmp_path, lists):
    # the root opens offline from the cache: everything it names must be cached at install; its icon is a data:
    # address, as no icon fetch may be left in flight when the root moves on to app/ (Firefox reports the cut-off
    # interception as an error)
    tarball, runtime = fake_runtime(tmp_path)
    build_site(lists, tmp_path / "public", tarball, runtime)
    index = (tmp_path / "public" / "index.html").read_text()
    sw = (tmp_path / "public" / "sw.js").read_text()
    kept = set(json.loads(re.search(r"const SETTINGS = (\{.*\});", sw).group(1))["files"])
    named = re.findall(r'(?:href|src)="([^"]*)"', index)
    assert named and {name for name in named if not name.startswith("data:")} <= kept
    icon = re.search(r'<link rel="icon" href="([^"]*)"', index).group(1)
    assert icon.startswith("data:image/svg+xml,") and "<svg" in urllib.parse.unquote(icon)
    # the Home Screen icon too (stress run 8 of 10: Firefox fetched it as the root moved on, and reported the cut)
    touch = re.search(r'<link rel="apple-touch-icon" href="([^"]*)"', index).group(1)
    assert touch.startswith("data:image/png;base64,")
    assert base64.b64decode(touch.split(",", 1)[1]) == (tmp_path / "public" / "apple-touch-icon.png").read_bytes()


def test_the_apps_pages_name_the_home_screen_icon_inline_and_the_static_files_the_site_keeps(
    tmp_path, lists, monkeypatch
):
    # every page of the app, as the root: a navigation cuts off no icon fetch (full suite, Firefox: "A ServiceWorker
    # intercepted the request and encountered an unexpected error" for apple-touch-icon.png); and every script and
    # stylesheet a page names is a file of the site under app/static/, which the service worker answers from its cache
    tarball, runtime = fake_runtime(tmp_path)
    build_site(lists, tmp_path / "public", tarball, runtime)
    sw = (tmp_path / "public" / "sw.js").read_text()
    settings = json.loads(re.search(r"const SETTINGS = (\{.*\});", sw).group(1))
    index = (tmp_path / "public" / "index.html").read_text()
    monkeypatch.setattr(browser, "_unserved", None)
    browser.start(str(tmp_path / "folder"), "", settings["environ"])
    status, _headers, body = browser.handle("GET", "http://site/app/", "/app", [("Host", "site")], b"")
    page = body.decode()
    touch = re.search(r'<link rel="apple-touch-icon" href="([^"]*)"', page).group(1)
    assert status == 200 and touch.startswith("data:image/png;base64,")
    assert touch == re.search(r'<link rel="apple-touch-icon" href="([^"]*)"', index).group(1)
    named = re.findall(r'(?:href|src)="/app/(static/[^"]*)"', page)
    assert len(named) >= 5 and {f"app/{name}" for name in named} <= set(settings["files"])


def test_an_event_site_carries_the_pack_and_never_the_entries(tmp_path, lists):
    (lists / "pack.yaml").write_text(PACK, encoding="utf-8")
    tarball, runtime = fake_runtime(tmp_path)
    built = build_site(lists, tmp_path / "public", tarball, runtime)
    assert built.event == "Test Open" and built.examples == ["section.yaml"]
    names = zipfile.ZipFile(tmp_path / "public" / "python.zip").namelist()
    assert "event/pack.yaml" in names and not any("alice" in n for n in names)
    assert "Test Open" in (tmp_path / "public" / "index.html").read_text()


def test_a_build_replaces_a_site_and_never_a_folder_that_is_not_one(tmp_path, lists):
    tarball, runtime = fake_runtime(tmp_path)
    out = tmp_path / "public"
    build_site(lists, out, tarball, runtime)
    (lists / "second.yaml").write_text(BASE, encoding="utf-8")
    assert "second.yaml" in build_site(lists, out, tarball, runtime).examples  # the earlier site is replaced
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".listgen-site")]  # nothing left beside it
    mine = tmp_path / "mine"
    mine.mkdir()
    (mine / "thesis.tex").write_text("keep me")
    with pytest.raises(SiteError, match="not a listgen site"):
        build_site(lists, mine, tarball, runtime)
    assert (mine / "thesis.tex").read_text() == "keep me" and len(list(mine.iterdir())) == 1


def test_a_runtime_that_is_not_the_one_pinned_is_refused(tmp_path):
    tarball, runtime = fake_runtime(tmp_path)
    other = Runtime(runtime.version, "sha512-" + base64.b64encode(b"\0" * 64).decode())
    with pytest.raises(SiteError, match="sha512 differs"):
        runtime_tarball(tarball, other)
    assert runtime_tarball(tarball, runtime) == tarball.read_bytes()


def test_the_command_says_what_is_wrong_with_exit_2(tmp_path):
    missing = listgen_run("site", tmp_path / "nowhere", "-o", tmp_path / "out", text=True)
    assert missing.returncode == 2 and "no such folder" in missing.stderr and "Traceback" not in missing.stderr
    wrong = tmp_path / "wrong.tgz"
    wrong.write_bytes(b"not pyodide")
    answer = listgen_run("site", ARMIES, "-o", tmp_path / "out", "--pyodide", wrong, text=True)
    assert answer.returncode == 2 and "sha512 differs" in answer.stderr and not (tmp_path / "out").exists()


# --- the bridge: the page's requests answered as the service worker hands them over ------------------------------

ROOT = "/club/app"
ORIGIN = "https://club.example"


def ask(method: str, path: str, body: bytes = b"", headers=()):
    status, answered, content = browser.handle(method, f"{ORIGIN}{ROOT}{path}", ROOT, list(headers), body)
    return status, dict(answered), content


def form(**fields) -> tuple[bytes, list]:
    from urllib.parse import urlencode

    return urlencode(fields).encode(), [("Content-Type", "application/x-www-form-urlencoded"), ("Origin", ORIGIN)]


@pytest.fixture(autouse=True)
def no_threads(monkeypatch):
    """As in Pyodide: no thread can be started (a route that starts one fails here as it would there)."""
    import threading

    def refused(self):
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(threading.Thread, "start", refused)


@pytest.fixture
def started(tmp_path):
    examples = tmp_path / "examples"
    examples.mkdir()
    (examples / "section.yaml").write_text(BASE, encoding="utf-8")
    folder = tmp_path / "lists"
    folder.mkdir()
    browser.start(str(folder), str(examples), {"SOURCE_DATE_EPOCH": "1780000000"})
    return folder, examples


def test_the_page_answers_under_the_sites_address_with_the_examples_copied_once(started, tmp_path):
    folder, examples = started
    status, headers, content = ask("GET", "/")
    page = content.decode()
    assert status == 200 and "Lists kept in this browser" in page and "section.yaml" in page
    assert f'href="{ROOT}/edit/section.yaml"' in page and f'src="{ROOT}/static/listgen.js"' in page
    assert f'src="{ROOT}/static/site.js"' in page  # the keep-alive, in the browser only
    assert not re.search(r'(href|src|action|hx-post)="/(?!club/app)', page)  # no link leaves the site's address
    assert "script-src 'self'" in headers["Content-Security-Policy"]
    (folder / "section.yaml").unlink()  # a list the player deleted stays deleted when the site starts again
    browser.start(str(folder), str(examples), {})
    assert not (folder / "section.yaml").exists()


def test_a_change_needs_the_sites_own_origin(started):
    body, headers = form(yaml=BASE, filename="mine.yaml")
    refused = ask("POST", "/save", body, [h for h in headers if h[0] != "Origin"])
    assert refused[0] == 403 and not (started[0] / "mine.yaml").exists()
    status, answered, _ = ask("POST", "/save", body, headers)
    assert status == 204 and answered["HX-Redirect"] == f"{ROOT}/edit/mine.yaml"
    assert (started[0] / "mine.yaml").read_text() == BASE


def test_a_file_opened_and_a_list_downloaded(started):
    boundary = "xyz"
    body = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="my.yaml"\r\n'
        f"Content-Type: text/yaml\r\n\r\n{BASE}\r\n--{boundary}--\r\n"
    ).encode()
    headers = [("Content-Type", f"multipart/form-data; boundary={boundary}"), ("Origin", ORIGIN)]
    status, _, content = ask("POST", "/open", body, headers)
    assert status == 200 and "Cpl A" in content.decode() and "LEGAL" in content.decode()
    body, headers = form(yaml=BASE)
    status, answered, content = ask("POST", "/yaml", body, headers)
    assert status == 200 and content.decode() == BASE
    assert answered["Content-Disposition"] == 'attachment; filename="Test-section.yaml"'


def test_a_printout_in_the_browser_is_the_command_lines(started, tmp_path):
    body, headers = form(yaml=BASE)
    status, answered, pdf = ask("POST", "/api/render/roster", body, headers)
    assert status == 200 and answered["Content-Type"] == "application/pdf"
    (tmp_path / "l.yaml").write_text(BASE, encoding="utf-8")
    listgen_run("roster", tmp_path / "l.yaml", "-o", tmp_path / "cli.pdf", check=True)
    assert pdf == (tmp_path / "cli.pdf").read_bytes()


def test_an_event_page_checks_the_pack_and_gives_a_receipt_the_organiser_imports(tmp_path):
    examples = tmp_path / "examples"
    examples.mkdir()
    (tmp_path / "pack.yaml").write_text(PACK, encoding="utf-8")
    (tmp_path / "lists").mkdir()
    browser.start(str(tmp_path / "lists"), str(examples), {}, str(tmp_path / "pack.yaml"))
    assert "Entries for Test Open" in ask("GET", "/")[2].decode()
    # BASE is 30 points: within the event's 40. A second section takes it past the limit and the restriction
    data = yaml.safe_load(BASE)
    data["sections"].append({**data["sections"][0], "name": "B Section"})
    over = yaml.safe_dump(data, sort_keys=False)
    body, headers = form(yaml=over)
    refused = ask("POST", "/share", body, headers)[2].decode()
    assert "Test Open does not take this list yet" in refused and "LG1:" not in refused
    assert "One section per player" in refused
    body, headers = form(yaml=BASE)
    receipt = ask("POST", "/share", body, headers)[2].decode()
    assert "Entry receipt: Test Open" in receipt and "30 points" in receipt
    code = re.search(r'id="share-code"[^>]*>(LG1:[^<]+)<', receipt).group(1)
    imported = listgen_run("import", code, text=True)
    assert imported.returncode == 0 and yaml.safe_load(imported.stdout) == yaml.safe_load(BASE)


def test_the_bridge_without_a_start_says_so(monkeypatch):
    monkeypatch.setattr(browser, "_app", None)
    with pytest.raises(RuntimeError, match="start"):
        browser.handle("GET", f"{ORIGIN}{ROOT}/", ROOT, [], b"")


def test_the_site_of_the_example_armies_has_them_all(tmp_path):
    tarball, runtime = fake_runtime(tmp_path)
    built = build_site(ARMIES, tmp_path / "public", tarball, runtime)
    tops = sorted(p.name for p in ARMIES.glob("*.yaml"))
    assert [e for e in built.examples if "/" not in e] == tops
    shutil.rmtree(tmp_path / "public")


def test_every_kind_of_edit_answers_without_a_thread(started):
    for fields in (
        {"op": "text"},
        {"op": "add", "path": '["sections"]'},
        {"op": "set", "path": '["name"]', "value": "X"},
    ):
        body, headers = form(yaml=BASE, **fields)
        status, _, content = ask("POST", "/change", body, headers)
        assert status == 200 and "Not changed" not in content.decode(), fields
    assert ask("GET", "/edit/section.yaml")[0] == 200


def test_the_readmes_own_folder_builds_a_site_with_no_entry_of_its_event(tmp_path):
    """armies/ holds tournament/pack.yaml in a subfolder, its entries in tournament/entries: `listgen site armies`
    (the README's command) publishes neither, and says what it left out."""
    tarball, runtime = fake_runtime(tmp_path)
    built = build_site(ARMIES, tmp_path / "public", tarball, runtime)
    names = zipfile.ZipFile(tmp_path / "public" / "python.zip").namelist()
    entries = sorted(p.name for p in (ARMIES / "tournament" / "entries").iterdir())
    assert len(entries) >= 6 and not [
        n for n in names if n.rsplit("/", 1)[-1] in entries or n.startswith(("examples/tournament", "event/"))
    ]
    assert built.examples == sorted(p.name for p in ARMIES.glob("*.yaml"))  # the examples, every one
    # said as it was left out: the event's whole folder (its pack and six entries)
    assert built.left_out == ["tournament/ (the folder of the event of tournament/pack.yaml: 7 YAML files)"]
    assert built.event is None  # the pack is not the folder's own: the site is not the event's entry page


@pytest.mark.parametrize("where", ["deep/er/event", "."])
def test_an_event_anywhere_under_the_folder_keeps_its_entries_and_pack_off_the_site(tmp_path, lists, where):
    """Wherever the pack stands and whatever it is called, its entries' folder and the pack are left out."""
    home = lists / where
    (home / "players").mkdir(parents=True)
    (home / "players" / "zed.yaml").write_text(BASE.replace("Test section", "Zed's"), encoding="utf-8")
    (home / "club-open.yaml").write_text(PACK.replace("lists: entries", "lists: players"), encoding="utf-8")
    (lists / "entries" / "alice.yaml").unlink()
    tarball, runtime = fake_runtime(tmp_path)
    built = build_site(lists, tmp_path / "public", tarball, runtime)
    assert built.examples == ["section.yaml"]
    names = zipfile.ZipFile(tmp_path / "public" / "python.zip").namelist()
    assert not [n for n in names if "zed" in n or "club-open" in n]
