"""The club's ladder on the page and the site (issue 54): a folder holding a ladder.yaml offers the ladder's PDF
(the printouts registry's folder printout), drawn from the exports the ladder file names; the club's site carries
that PDF only when the ladder file says ``publish: true``, and never the exports it is made from."""

from __future__ import annotations

import json
import subprocess
import zipfile

import pytest
from conftest import BASE
from seasons import LADDER_FILE, write_season
from test_serve import HOST, KEY, get, post
from test_site import ROOT, ask, fake_runtime

from listgen.commands.site import MANIFEST, build_site
from listgen.web import browser
from listgen.web.app import create_app


def pdf_text(data: bytes) -> str:
    return subprocess.run(
        ["pdftotext", "-layout", "-", "-"], input=data, capture_output=True, check=True
    ).stdout.decode()


@pytest.fixture
def club(tmp_path):
    folder = tmp_path / "club"
    (folder / "season").mkdir(parents=True)
    write_season(folder / "season", events=3)
    (folder / "season" / "ladder.yaml").unlink()
    (folder / "section.yaml").write_text(BASE, encoding="utf-8")
    return folder


def client(folder):
    c = create_app(folder, KEY, hosts={HOST}).test_client()
    c.get(f"/?key={KEY}", headers={"Host": HOST})
    return c


def test_a_folder_with_a_ladder_file_offers_the_ladders_pdf(club):
    (club / "ladder.yaml").write_text(LADDER_FILE + "exports: [season]\n", encoding="utf-8")
    c = client(club)
    page = get(c, "/").get_data(as_text=True)
    assert 'href="/api/folder/ladder"' in page and "Club ladder (PDF)" in page
    assert ">ladder.yaml<" not in page  # the ladder file is no list: not in the lists' table
    answer = get(c, "/api/folder/ladder")
    assert answer.status_code == 200 and answer.mimetype == "application/pdf"
    text = pdf_text(answer.data)
    assert "Humber season 2026" in text and "Humber Open 3" in text  # the ladder's name and its newest event


def test_a_folder_without_one_offers_none(club):
    c = client(club)
    page = get(c, "/").get_data(as_text=True)
    assert "Club ladder" not in page and 'id="club"' not in page
    assert get(c, "/api/folder/ladder").status_code == 404


def test_a_ladder_that_cannot_be_made_is_said_with_its_place(club):
    (club / "ladder.yaml").write_text("ladder: X\nexports: [../elsewhere]\n", encoding="utf-8")
    answer = get(client(club), "/api/folder/ladder")
    said = answer.get_data(as_text=True)
    assert answer.status_code == 422 and "ladder.yaml:2:" in said and "leads out of the ladder file" in said


def test_the_ladder_is_no_list_printout(club):
    (club / "ladder.yaml").write_text(LADDER_FILE + "exports: [season]\n", encoding="utf-8")
    answer = post(client(club), "/api/render/ladder", data={"yaml": BASE})
    assert answer.status_code == 404  # a list's text never names the folder a folder printout is drawn from


@pytest.mark.parametrize("publish", [True, False])
def test_the_site_carries_the_ladder_only_when_published(club, tmp_path, publish):
    (club / "ladder.yaml").write_text(
        LADDER_FILE + "exports: [season]\n" + ("publish: true\n" if publish else ""), encoding="utf-8"
    )
    tarball, runtime = fake_runtime(tmp_path)
    built = build_site(club, tmp_path / "public", tarball, runtime)
    public = tmp_path / "public"
    manifest = json.loads((public / MANIFEST).read_text())
    assert built.examples == ["section.yaml"]  # neither the ladder file nor an export is published as a list
    with zipfile.ZipFile(public / "python.zip") as bundle:
        assert not [n for n in bundle.namelist() if "event-" in n or n.endswith("ladder.yaml")]
    assert ("ladder.pdf" in manifest["files"]) is publish
    assert ('"LISTGEN_PUBLISHED": "ladder.pdf"' in (public / "sw.js").read_text()) is publish
    if publish:
        assert "Humber season 2026" in pdf_text((public / "ladder.pdf").read_bytes())


def test_the_site_page_links_the_published_pdf(tmp_path):
    examples, folder = tmp_path / "examples", tmp_path / "lists"
    examples.mkdir()
    folder.mkdir()
    browser.start(str(folder), str(examples), {"LISTGEN_PUBLISHED": "ladder.pdf"})
    status, _headers, content = ask("GET", "/")
    assert status == 200 and f'href="{ROOT}/../ladder.pdf"' in content.decode()
    browser.start(str(folder), str(examples), {})
    assert "Club ladder" not in ask("GET", "/")[2].decode()
