"""Issue 50: an event's files (its pack, entries, round files and their slip codes, state, lock, receipts, exports)
never reach the club's site (`listgen site`: the built folder, python.zip, its manifest) nor the folder page of
`listgen serve`, in twelve folder layouts that hold an event; and what the build says it left out is what it left
out.

Each layout is a club folder (two lists of the club's own, which stay published) into which an event is put and
played as an organiser plays it (checked, locked, paired, a result recorded, exported) where listgen lets it be:
every file the event added is the event's. Seven are the layouts of the earlier tests (the pack at the root as the
entry page, the README's tournament/ subfolder, deep under the folder, named otherwise, its own results folder, two
events, outputs written beside it); five are those that published the entries (a pack that is a link, a nested pack
whose YAML is broken, a pack that names no `lists:`, `lists: ../entries`, a pack over 1 MiB). Five more stand at
the folder's root, where no event's folder holds them, so that each file is found by what it is: a pack broken, one
over 1 MiB, one naming no `lists:` (its lock names the entries), one that is a link, the round file, pairings,
standings, export, results, lock and state copied in by hand; and an entry of a locked event copied among the
club's lists, written otherwise."""

from __future__ import annotations

import json
import os
import re
import zipfile
from pathlib import Path

import pytest
import yaml
from conftest import ARMIES, BASE
from test_site import fake_runtime

from listgen.commands import site as site_module
from listgen.commands.site import MANIFEST, build_site
from listgen.core.loader import MAX_BYTES
from listgen.web.app import create_app

HOST = "127.0.0.1:8123"
KEY = "the-key"
ENTRY = (ARMIES / "smle-german-section.yaml").read_text(encoding="utf-8")
CLUB = ["more/other.yaml", "section.yaml"]  # the club's own lists: the examples, every time


def cli(*args) -> int:
    from listgen.__main__ import main

    try:
        return main([str(a) for a in args])
    except SystemExit as exc:
        return int(exc.code or 0)


def entrants(folder: Path, tag: str, n: int = 4) -> list:
    """n entries, each naming its player and list by a word found nowhere else (what a leak would show)."""
    folder.mkdir(parents=True, exist_ok=True)
    names = [f"Entrant{tag}x{i}" for i in range(n)]
    for name in names:
        text = ENTRY.replace("player: Club example", f"player: {name}")
        text = text.replace("name: Grenadier-Gruppe", f"name: {name} Gruppe")
        (folder / f"{name.lower()}.yaml").write_text(text, encoding="utf-8")
    return names


def pack_text(event: str, lists: str | None = "entries", extra: str = "") -> str:
    return f"event: {event}\nrulesets: [smle]\n" + (f"lists: {lists}\n" if lists else "") + extra


def play(pack: Path, out: Path, *entries) -> None:
    """What an organiser does: check and lock the entries (receipts too), pair round 1, record its results,
    export the event as JSON and CSV (and a copy of the JSON named .yml, as a shell's `>` would write it: it reads as
    YAML)."""
    assert cli("tournament", pack, *entries, "-o", out / "checked", "--lock", "--receipts") in (0, 1)
    assert cli("tournament", "pair", pack, "-o", out / "printouts") == 0
    results = yaml.safe_load(pack.read_text(encoding="utf-8")).get("rounds", {}).get("results", "results")
    first = yaml.safe_load((pack.parent / results / "round-1.yaml").read_text(encoding="utf-8"))
    for game in first["games"]:  # four players: two tables, no bye
        assert cli("tournament", "result", pack, game["code"], 3, 1) == 0
    assert cli("tournament", "export", pack, "--format", "json", "-o", out / "exported.json") == 0
    (out / "exported.yml").write_bytes((out / "exported.json").read_bytes())
    assert cli("tournament", "export", pack, "--format", "csv", "-o", out / "exported.csv") == 0


# --- the layouts: each puts an event into the club's folder and returns its entrants' names ---------------------


def root_entry_page(club: Path, outside: Path) -> list:
    (club / "pack.yaml").write_text(pack_text("Root Open"), encoding="utf-8")
    names = entrants(club / "entries", "Root")
    play(club / "pack.yaml", club / "out")
    return names


def readme_subfolder(club: Path, outside: Path) -> list:
    (club / "tournament").mkdir()
    (club / "tournament" / "pack.yaml").write_text(pack_text("Sub Open"), encoding="utf-8")
    names = entrants(club / "tournament" / "entries", "Sub")
    play(club / "tournament" / "pack.yaml", club / "tournament" / "out")
    return names


def deep_and_named_otherwise(club: Path, outside: Path) -> list:
    home = club / "deep" / "er" / "event"
    home.mkdir(parents=True)
    (home / "club-open.yaml").write_text(pack_text("Deep Open", "players"), encoding="utf-8")
    names = entrants(home / "players", "Deep")
    play(home / "club-open.yaml", home / "out")
    return names


def root_named_otherwise(club: Path, outside: Path) -> list:
    (club / "club-open.yaml").write_text(pack_text("Named Open", "players"), encoding="utf-8")
    names = entrants(club / "players", "Named")
    play(club / "club-open.yaml", club / "out")
    return names


def own_results_folder(club: Path, outside: Path) -> list:
    (club / "open").mkdir()
    (club / "open" / "pack.yaml").write_text(
        pack_text("Own Open", extra="rounds:\n  results: played\n"), encoding="utf-8"
    )
    names = entrants(club / "open" / "entries", "Own")
    play(club / "open" / "pack.yaml", club / "open" / "out")
    return names


def two_events(club: Path, outside: Path) -> list:
    names = []
    for season in ("spring", "autumn"):
        (club / season).mkdir()
        (club / season / "pack.yaml").write_text(pack_text(f"{season} cup"), encoding="utf-8")
        names += entrants(club / season / "entries", season.title())
        play(club / season / "pack.yaml", club / season / "out")
    return names


def outputs_beside_the_event(club: Path, outside: Path) -> list:
    """The results, printouts and exports written into the club's folder, outside the event's."""
    (club / "event").mkdir()
    (club / "event" / "pack.yaml").write_text(pack_text("Beside Open"), encoding="utf-8")
    names = entrants(club / "event" / "entries", "Beside")
    play(club / "event" / "pack.yaml", club)
    return names


def pack_is_a_link(club: Path, outside: Path) -> list:
    (outside / "packs").mkdir(parents=True)
    (outside / "packs" / "open.yaml").write_text(pack_text("Linked Open"), encoding="utf-8")
    (club / "event").mkdir()
    (club / "event" / "pack.yaml").symlink_to(outside / "packs" / "open.yaml")
    names = entrants(club / "event" / "entries", "Linked")
    play(club / "event" / "pack.yaml", club / "event" / "out")
    return names


def nested_pack_broken(club: Path, outside: Path) -> list:
    """Played, then broken in the middle of an edit."""
    (club / "event").mkdir()
    pack = club / "event" / "pack.yaml"
    pack.write_text(pack_text("Broken Open"), encoding="utf-8")
    names = entrants(club / "event" / "entries", "Broken")
    play(pack, club / "event" / "out")
    pack.write_text(pack.read_text(encoding="utf-8") + "restrictions: [{id: half\n", encoding="utf-8")
    return names


def pack_names_no_lists(club: Path, outside: Path) -> list:
    """The entries given on the command line, checked (not locked: no file names them; listgen pairs only a pack's
    own `lists:`). They are the event's as they stand in its folder."""
    (club / "event").mkdir()
    home = club / "event"
    (home / "pack.yaml").write_text(pack_text("Given Open", None), encoding="utf-8")
    names = entrants(home / "players", "Given")
    assert cli("tournament", home / "pack.yaml", home / "players", "-o", home / "out") in (0, 1)
    return names


def lists_up_a_folder(club: Path, outside: Path) -> list:
    """`lists: ../entries` (which listgen tournament refuses: the pack is never played)."""
    (club / "event").mkdir()
    (club / "event" / "pack.yaml").write_text(pack_text("Up Open", "../entries"), encoding="utf-8")
    return entrants(club / "entries", "Up")


def pack_over_a_mebibyte(club: Path, outside: Path) -> list:
    """Played, then grown past the loader's limit (a long note pasted at its end)."""
    (club / "event").mkdir()
    pack = club / "event" / "pack.yaml"
    pack.write_text(pack_text("Big Open"), encoding="utf-8")
    names = entrants(club / "event" / "entries", "Big")
    play(pack, club / "event" / "out")
    pack.write_text(pack.read_text(encoding="utf-8") + "# " + "note " * (MAX_BYTES // 5 + 10) + "\n", "utf-8")
    assert pack.stat().st_size > MAX_BYTES
    return names


# --- at the folder's root, where no event's folder holds them: each found by what it is -----------------------


def root_pack_broken(club: Path, outside: Path) -> list:
    """Played, then broken: its `lists:` is read from its text, its round file is one by its keys."""
    (club / "club-open.yaml").write_text(pack_text("Root Broken", "players"), encoding="utf-8")
    names = entrants(club / "players", "RootBroken")
    play(club / "club-open.yaml", club / "out")
    with (club / "club-open.yaml").open("a", encoding="utf-8") as pack:
        pack.write("restrictions: [{id: half\n")
    return names


def root_pack_over_a_mebibyte(club: Path, outside: Path) -> list:
    (club / "club-open.yaml").write_text(pack_text("Root Big", "players"), encoding="utf-8")
    names = entrants(club / "players", "RootBig")
    play(club / "club-open.yaml", club / "out")
    with (club / "club-open.yaml").open("a", encoding="utf-8") as pack:
        pack.write("# " + "note " * (MAX_BYTES // 5 + 10) + "\n")
    return names


def root_pack_names_no_lists(club: Path, outside: Path) -> list:
    """The entry page's own pack, its entries given on the command line and locked: the lock names them."""
    (club / "pack.yaml").write_text(pack_text("Root Given", None), encoding="utf-8")
    names = entrants(club / "players", "RootGiven")
    assert cli("tournament", club / "pack.yaml", club / "players", "-o", club / "out", "--lock") in (0, 1)
    return names


def root_pack_is_a_link(club: Path, outside: Path) -> list:
    (outside / "packs").mkdir(parents=True)
    (outside / "packs" / "open.yaml").write_text(pack_text("Root Linked"), encoding="utf-8")
    (club / "open.yaml").symlink_to(outside / "packs" / "open.yaml")
    names = entrants(club / "entries", "RootLinked")
    play(club / "open.yaml", club / "out")
    return names


def files_copied_in(club: Path, outside: Path) -> list:
    """The event played outside the folder; its files copied into it by hand and renamed .yaml: the round file,
    the pairings (JSON and CSV: each table's slip code), the standings, the export (JSON and CSV), the check's
    results, the lock and the state."""
    (outside / "entries").mkdir(parents=True)
    (outside / "pack.yaml").write_text(pack_text("Copied Open"), encoding="utf-8")
    names = entrants(outside / "entries", "Copied")
    play(outside / "pack.yaml", outside / "out")
    assert cli("tournament", "standings", outside / "pack.yaml", "-o", outside / "out" / "printouts") == 0
    copies = {
        "last-round.yaml": "results/round-1.yaml",
        "pairings.yaml": "out/printouts/round-1-pairings.json",
        "pairings.yml": "out/printouts/round-1-pairings.csv",
        "more/standings.yaml": "out/printouts/standings-round-1.json",
        "more/standings.yml": "out/printouts/standings-round-1.csv",
        "more/export.yaml": "out/exported.json",
        "more/export.yml": "out/exported.csv",
        "checked/results.yaml": "out/checked/results.json",
        "checked/results.yml": "out/checked/results.csv",
        "lock.yaml": "pack.lock.json",
        "state.yaml": "pack.event.json",
    }
    (club / "checked").mkdir()
    for name, source in copies.items():
        (club / name).write_bytes((outside / source).read_bytes())
    return names  # they are in each copy


def entry_copied_out(club: Path, outside: Path) -> list:
    """An entry of a locked event copied into the club's lists, its comments dropped and written in block style:
    its values are the list the lock holds."""
    (club / "event").mkdir()
    (club / "event" / "pack.yaml").write_text(pack_text("Copy Open"), encoding="utf-8")
    names = entrants(club / "event" / "entries", "Copy")
    play(club / "event" / "pack.yaml", club / "event" / "out")
    entry = yaml.safe_load((club / "event" / "entries" / f"{names[0].lower()}.yaml").read_text(encoding="utf-8"))
    (club / "more" / "favourite.yaml").write_text(
        yaml.safe_dump(entry, sort_keys=False, allow_unicode=True), encoding="utf-8"
    )
    return names


LAYOUTS = [
    root_entry_page,
    readme_subfolder,
    deep_and_named_otherwise,
    root_named_otherwise,
    own_results_folder,
    two_events,
    outputs_beside_the_event,
    pack_is_a_link,
    nested_pack_broken,
    pack_names_no_lists,
    lists_up_a_folder,
    pack_over_a_mebibyte,
    root_pack_broken,
    root_pack_over_a_mebibyte,
    root_pack_names_no_lists,
    root_pack_is_a_link,
    files_copied_in,
    entry_copied_out,
]


NOT_PLAYED = (pack_names_no_lists, lists_up_a_folder, root_pack_names_no_lists)


def files_under(folder: Path) -> dict:
    """relative name -> bytes of every file under folder (links read through, as a copy of the folder would)."""
    out = {}
    for here, _dirs, files in os.walk(folder):
        for name in files:
            path = Path(here) / name
            out[path.relative_to(folder).as_posix()] = path.read_bytes()
    return out


@pytest.fixture(scope="module", params=LAYOUTS, ids=lambda layout: layout.__name__)
def event(request, tmp_path_factory):
    """(club folder, the event's files: relative name -> bytes, what no page may show: entrants' names, slip
    codes, the event's secret). Played once for both tests."""
    home = tmp_path_factory.mktemp(request.param.__name__)
    club, outside = home / "club", home / "outside"
    (club / "more").mkdir(parents=True)
    (club / "section.yaml").write_text(BASE, encoding="utf-8")
    (club / "more" / "other.yaml").write_text(BASE.replace("Test section", "Other section"), encoding="utf-8")
    before = files_under(club)
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(home)
        patch.setenv("SOURCE_DATE_EPOCH", "1780000000")
        names = request.param(club, outside)
    files = {name: data for name, data in files_under(club).items() if name not in before}
    secrets = list(names)
    for data in files.values():
        text = data.decode("utf-8", "replace")
        secrets += re.findall(r"\bR\d+-T\d+-[0-9A-Z]{4,}\b", text)  # slip codes
        secrets += re.findall(r'"secret": "([0-9a-f]{16,})"', text)
    assert files and len(secrets) > len(names) or request.param in NOT_PLAYED
    return club, files, secrets


def is_the_entry_pages_pack(club: Path, name: str, data: bytes) -> bool:
    """The one file of an event a site publishes: the pack at the folder's root, as its entry page's rules."""
    return name == "event/pack.yaml" and data == (club / "pack.yaml").read_bytes()


def test_the_site_holds_no_file_of_the_event_and_says_truly_what_it_left_out(event, tmp_path, monkeypatch):
    club, files, secrets = event
    # the site's Python packages are what is installed here, whatever the folder holds: one (PyYAML) is packed, not
    # ten, so that the seventeen builds take a second each (test_site.py builds the whole site)
    monkeypatch.setattr(site_module, "PACKAGES", ("pyyaml",))
    monkeypatch.setattr(site_module, "SOME_VERSIONS", ())
    tarball, runtime = fake_runtime(tmp_path)
    built = build_site(club, tmp_path / "public", tarball, runtime)
    site = files_under(tmp_path / "public")
    with zipfile.ZipFile(tmp_path / "public" / "python.zip") as archive:
        members = {f"python.zip:{name}": archive.read(name) for name in archive.namelist()}
    assert len(members) > 100 and any(name.startswith("python.zip:examples/") for name in members)
    theirs = set(files.values())
    leaked = [  # every file of the site and every member of its zip: one of the event's, or showing its secrets
        name
        for name, data in {**site, **members}.items()
        if not is_the_entry_pages_pack(club, name.removeprefix("python.zip:"), data)
        and (data in theirs or any(s.encode() in data for s in secrets))
    ]
    assert leaked == []
    assert built.notes == []  # every event's entries known: by its folder, its `lists:` or its lock
    manifest = json.loads(site[MANIFEST])
    assert manifest["examples"] == built.examples == CLUB  # the club's own lists, published; nothing else
    # the words: each thing said left out is of the event and is not on the site; every file of the event is said
    said = [re.match(r"(\S+?)/? \(", line).group(1) for line in built.left_out]
    assert said and all(s in files or any(f.startswith(f"{s}/") for f in files) for s in said), built.left_out
    for name in files:
        if name.endswith((".yaml", ".yml")) and not (club / name).is_symlink() and name != "pack.yaml":
            assert any(name == s or name.startswith(f"{s}/") for s in said), (name, built.left_out)


def test_the_folder_page_lists_no_file_of_the_event(event):
    club, files, secrets = event
    app = create_app(club, KEY, hosts={HOST})
    client = app.test_client()
    client.get(f"/?key={KEY}", headers={"Host": HOST})
    page = client.get("/", headers={"Host": HOST}).get_data(as_text=True)
    assert all(name in page for name in CLUB)
    shown = [name for name in files if name.endswith((".yaml", ".yml")) and name in page]
    assert shown == [] and not [s for s in secrets if s in page]
    for name in files:
        if name.endswith((".yaml", ".yml")):
            assert client.get(f"/edit/{name}", headers={"Host": HOST}).status_code == 404, name
    with app.app_context():
        assert sorted(app.extensions["listgen"].lists()) == CLUB


def test_what_the_site_cannot_know_of_an_event_it_says(tmp_path, monkeypatch):
    """A pack in the folder itself that names no folder of entries and is not locked takes its entries on the
    command line from anywhere: the build cannot tell them from the folder's lists, and says so (not for a nested
    pack, whose folder holds them, nor once `lists:` names them)."""
    monkeypatch.setattr(site_module, "PACKAGES", ("pyyaml",))
    monkeypatch.setattr(site_module, "SOME_VERSIONS", ())
    tarball, runtime = fake_runtime(tmp_path)
    club = tmp_path / "club"
    club.mkdir()
    (club / "section.yaml").write_text(BASE, encoding="utf-8")
    for where, lists, said in (
        (club, None, ["pack.yaml names no folder of entries (lists:) and is not locked"]),
        (club / "event", None, []),
        (club, "entries", []),
    ):
        where.mkdir(exist_ok=True)
        (where / "pack.yaml").write_text(pack_text("Open", lists), encoding="utf-8")
        built = build_site(club, tmp_path / "public", tarball, runtime)
        assert [note.split(": ")[0] for note in built.notes] == said, (where, lists)
        (where / "pack.yaml").unlink()
