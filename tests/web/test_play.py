"""The play view through Flask's test client (listgen/web/play.py): its boxes are the roster's, box for box, for
every example of every ruleset; the opponent's numbers are the matchup's; a game ended into its campaign writes the
very events the commands write (the same file, byte for byte); nothing of it changes the list. The page in a
browser (taps, reload, the camera) is tests/web/test_play_browser.py."""

from __future__ import annotations

import json
import re
import shutil
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import ARMIES, listgen_run

from listgen.core import matchup, share
from listgen.core.roster import MAX_TICKS, Roster
from listgen.core.validate import check_file_isolated
from listgen.render.printed import printed_roster
from listgen.web.app import create_app

HOST = "127.0.0.1:8123"
ORIGIN = f"http://{HOST}"
KEY = "the-key"
MILITIA, GF = "bounce-militia-defence.yaml", "bounce-gf-hma-company.yaml"


@pytest.fixture
def folder(tmp_path):
    for path in ARMIES.glob("*.yaml"):
        shutil.copyfile(path, tmp_path / path.name)
    return tmp_path


@pytest.fixture
def client(folder):
    c = create_app(folder, KEY, hosts={HOST}).test_client()
    c.get(f"/?key={KEY}", headers={"Host": HOST})
    return c


def get(c, url):
    return c.get(url, headers={"Host": HOST})


def post(c, url, **kw):
    return c.post(url, headers={"Host": HOST, "Origin": ORIGIN}, **kw)


def code_of(name: str) -> str:
    report = check_file_isolated(str(ARMIES / name))
    assert report.document is not None
    return share.encode(report.document.data, report.rules.code)


def roster_boxes(roster: Roster) -> int:
    """Every box the roster PDF prints to tick (roster_pdf: a figure row's boxes, one per alike figure; a copy's
    boxes; a counter's n boxes, or one count where it is written in), and each written-in count ('__ / 30')."""
    n = 0
    for unit in roster.units:
        for r in range(len(unit.rows)):
            if r not in unit.unboxed:
                each = unit.counts[r] if unit.counts else 1
                n += each * sum(1 for b in range(len(unit.boxes)) if (r, b) not in unit.unboxed)
        n += sum(len(t.boxes) + t.write_in.count("__") for t in unit.tracks)
        n += sum(1 if c is None or c > MAX_TICKS else c for _label, c in unit.counters)
    return n


@pytest.mark.parametrize("name", sorted(p.name for p in ARMIES.glob("*.yaml")))
def test_every_box_of_the_roster_is_a_box_of_the_play_view(client, folder, name):
    before = (folder / name).read_bytes()
    answer = get(client, f"/play/{name}")
    assert answer.status_code == 200
    html = answer.get_data(as_text=True)
    roster = printed_roster(check_file_isolated(str(folder / name)))
    shown = len(re.findall(r'data-box="', html)) + len(re.findall(r'data-count="', html))
    assert shown == roster_boxes(roster) > 0
    assert len(set(re.findall(r'data-(?:box|count)="([^"]+)"', html))) == shown  # each its own place in the state
    for unit in roster.units:  # each unit's card, and its rules in full
        assert f">{unit.title}" in html.replace("&#39;", "'").replace("&amp;", "&")
    assert (folder / name).read_bytes() == before


def test_a_count_written_in_keeps_its_most_and_single_boxes_share_a_line(client):
    html = get(client, f"/play/{MILITIA}").get_data(as_text=True)
    levy = html[html.index("Stand: Recruit levy") :]
    assert re.search(r'data-count="u\d+\.t0\.w0" data-most="30"', levy)  # '__ / 30': the Recruits' 30 hits
    sol = get(client, "/play/sol-prime-laser-armoured-company.yaml").get_data(as_text=True)
    troop = sol[sol.index("Platoon: 1 Troop") : sol.index("Tank: Lancer 1 HQ")]
    line = re.search(r'<div class="line">(.*?)</div>', troop, re.S)
    assert line and "Shaken" in line.group(1) and "Routed" in line.group(1)


def test_the_opponents_numbers_are_the_matchups(client):
    mine, theirs = check_file_isolated(str(ARMIES / MILITIA)), check_file_isolated(str(ARMIES / GF))
    spec = mine.rules._module("odds").MATCHUP
    bands, units = matchup.per_unit(spec, mine.army, theirs.army)
    # the opponent's summary counts what each of theirs does to my most common unit: the play view's the same
    facing = matchup.facing(spec, mine.army, theirs.army)
    target = facing.target.partition(":")[0].split(" and ")[0].split(", ")[0]
    faces = dict(next(u for u in units if u.unit == target).faces)
    assert bands == facing.bands
    for name, _what, weapons in facing.units:
        if weapons:
            assert faces[name] == weapons
    answer = post(client, f"/play-opponent/{MILITIA}", data={"code": code_of(GF)})
    assert answer.status_code == 200
    html = answer.get_data(as_text=True)
    squad = next(u for u in units if u.unit == "Ford squad A")
    label, weapons = squad.fires[0]
    counts = weapons[0][1][0]
    chance = sum((p for k, p in counts.items() if k >= 1), Fraction(0))
    expected = sum((k * p for k, p in counts.items()), Fraction(0))
    assert f"At {label}" in html
    assert f"<b>{round(chance * 100)}%</b> {float(expected):.1f}" in html


def test_the_opponent_as_a_file_and_what_is_refused(client):
    sent = {"file": ((ARMIES / GF).open("rb"), GF)}
    answer = post(client, f"/play-opponent/{MILITIA}", data=sent, content_type="multipart/form-data")
    assert answer.status_code == 200 and "C Company, 3rd GF Infantry" in answer.get_data(as_text=True)
    bad = post(client, f"/play-opponent/{MILITIA}", data={"code": "LG1:BIA:not a code"})
    assert bad.status_code == 422 and "the opponent&#39;s list cannot be read" in bad.get_data(as_text=True)
    other = post(client, f"/play-opponent/{MILITIA}", data={"code": code_of("smle-german-section.yaml")})
    assert other.status_code == 422 and "a smle list; yours is bounce-into-action" in other.get_data(as_text=True)
    empty = post(client, f"/play-opponent/{MILITIA}", data={"code": ""})
    assert empty.status_code == 422 and "give the opponent" in empty.get_data(as_text=True)
    assert get(client, "/play/../pyproject.toml").status_code == 404  # only a list of the folder


def campaign(folder: Path) -> Path:
    listgen_run(
        "campaign", "new", "bounce-into-action", "--name", "Hollins Ford", "--seed", "7",
        "--force", f"Militia={MILITIA}", "--force", f"GF={GF}", "-o", "campaign.yaml", cwd=folder,
    )  # fmt: skip
    return folder / "campaign.yaml"


def test_a_list_of_no_campaign_offers_no_ending_into_one(client):
    assert "End the game into the campaign" not in get(client, f"/play/{MILITIA}").get_data(as_text=True)
    assert post(client, f"/play-end/{MILITIA}", data={"state": "{}"}).status_code == 404


def test_a_campaign_of_an_events_folder_is_the_events_and_not_offered_at_the_table(client, folder):
    # the campaign pages keep a campaign inside an event's folder the event's (Site.campaigns): the play view
    # finds campaigns the same way, so it never offers an ending into one whose page would not open
    path = campaign(folder)
    assert "End the game into the campaign" in get(client, f"/play/{MILITIA}").get_data(as_text=True)
    event = folder / "club-night"
    event.mkdir()
    (event / "pack.yaml").write_text("event: Club night\nrulesets: [bounce-into-action]\n", encoding="utf-8")
    path.rename(event / "campaign.yaml")
    assert "End the game into the campaign" not in get(client, f"/play/{MILITIA}").get_data(as_text=True)
    assert post(client, f"/play-end/{MILITIA}", data={"state": "{}"}).status_code == 404


def test_a_game_ended_into_the_campaign_writes_what_the_commands_write(client, folder, tmp_path_factory):
    path = campaign(folder)
    twin = tmp_path_factory.mktemp("cli") / "campaign.yaml"
    shutil.copyfile(path, twin)
    html = get(client, f"/play/{MILITIA}").get_data(as_text=True)
    assert "End the game into the campaign" in html and "<b>Militia</b>" in html
    ids = re.findall(r'data-box="(u\d+\.t0\.\d)"', html[html.index("Stand: Ford squad A") :])
    levy = re.search(r'data-count="(u\d+\.t0\.w0)"', html[html.index("Stand: Recruit levy") :])
    assert levy
    state = {"marks": {ids[0]: True, ids[1]: True}, "counts": {levy.group(1): 1}}
    shown = post(client, f"/play-end/{MILITIA}", data={"state": json.dumps(state)}).get_data(as_text=True)
    assert re.search(r'value="Ford squad A" aria-label="Ford squad A under fire" checked', shown)
    assert re.search(r'aria-label="Recruit levy casualties"', shown)
    assert re.search(r'value="2" aria-label="Ford squad A casualties"', shown)
    assert re.search(r'value="1" aria-label="Recruit levy casualties"', shown)
    assert path.read_bytes() == twin.read_bytes()  # shown, nothing written
    form = {
        "date": "2026-12-01",
        "scenario": "The ford",
        "result": "GF win",
        "under_fire": ["Ford squad A", "No such stand"],  # a name the campaign does not know is never sent on
        "casualty_unit": ["Ford squad A", "Recruit levy", "Settlers"],
        "casualties": ["2", "1", "0"],
    }
    done = post(client, f"/play-record/{MILITIA}", data=form).get_data(as_text=True)
    assert "Recorded in Hollins Ford" in done and "event 4: casualty" in done
    assert re.search(r'href="[^"]*/campaign/campaign\.yaml">Open Hollins Ford</a>', done)  # its page, a tap away
    assert "backup-due" not in done  # the page's campaign is a file on disk: no backup asked for (the site's is)
    cli = [
        ("battle", "--date", "2026-12-01", "--scenario", "The ford", "--result", "GF win"),
        ("--under-fire", "Militia/Ford squad A"),
        ("casualty", "Militia", "Ford squad A"),
        ("casualty", "Militia", "Ford squad A"),
        ("casualty", "Militia", "Recruit levy"),
    ]
    listgen_run("campaign", cli[0][0], str(twin), *cli[0][1:], *cli[1])
    for command in cli[2:]:
        listgen_run("campaign", command[0], str(twin), *command[1:])
    assert path.read_bytes() == twin.read_bytes()  # the same events, seals and rolled dice as the commands'
    assert (folder / MILITIA).read_bytes() == (ARMIES / MILITIA).read_bytes()


def test_a_game_ended_while_a_command_writes_the_campaign_waits_for_its_lock_and_writes_nothing(client, folder):
    """The page writes under the campaign's own lock: while `listgen campaign` holds it, nothing is written, and the
    page says who is writing (after the commands' 10 s wait)."""
    from listgen.output.files import one_writer

    path = campaign(folder)
    before = path.read_bytes()
    form = {"under_fire": ["Ford squad A"], "casualty_unit": ["Ford squad A"], "casualties": ["2"]}
    with one_writer(folder / ".campaign.yaml.writing", "listgen campaign casualty\n"):
        said = post(client, f"/play-record/{MILITIA}", data=form).get_data(as_text=True)
    assert "Not all of it was recorded" in said and "3 events were not written" in said
    assert "listgen campaign casualty is writing this campaign" in said
    assert path.read_bytes() == before


def test_a_figure_marked_lost_is_taken_from_its_own_figures_line(client, folder, tmp_path_factory):
    """S.M.L.E.: casualties are "dead or seriously wounded figures" (the roster's SW and K). A rifleman of the Bren
    group marked K is a casualty of its rifle line (line 1), not of the Bren gunner's (line 0): the page writes what
    `listgen campaign casualty --figures 1 --line 1` writes, and the force keeps its Bren gunner."""
    platoon = "smle-british-rifle-platoon.yaml"
    listgen_run("campaign", "new", "smle", "--seed", "3", "--force", f"Platoon={platoon}", "-o", "p.yaml", cwd=folder)
    twin = tmp_path_factory.mktemp("cli") / "p.yaml"
    shutil.copyfile(folder / "p.yaml", twin)
    html = get(client, f"/play/{platoon}").get_data(as_text=True)
    bren = html[html.index("Team: 1 Section Bren group") :]
    killed = re.search(r'data-box="(u\d+\.r1\.\d\.0)" aria-pressed="false" aria-label="Rifle: K"', bren)
    assert killed, "the Bren group's second figure (a rifleman) has a K box"
    state = {"marks": {killed.group(1): True}}
    shown = post(client, f"/play-end/{platoon}", data={"state": json.dumps(state)}).get_data(as_text=True)
    found = re.search(
        r'value="1 Section Bren group"><input type="hidden" name="casualty_lines" value="([^"]*)">', shown
    )
    assert found and found.group(1) == "1:1"
    form = {"casualty_unit": ["1 Section Bren group"], "casualties": ["1"], "casualty_lines": [found.group(1)]}
    assert "Recorded in" in post(client, f"/play-record/{platoon}", data=form).get_data(as_text=True)
    listgen_run("campaign", "battle", str(twin))
    listgen_run("campaign", "casualty", str(twin), "Platoon", "1 Section Bren group", "--figures", "1", "--line", "1")
    assert (folder / "p.yaml").read_bytes() == twin.read_bytes()


def test_a_campaign_on_a_file_system_that_cannot_lock_is_said_and_left_as_it_was(client, folder, monkeypatch):
    """Where the campaign's lock cannot be taken (a file system without flock, as some network shares), the page says
    so and writes nothing, as the command would; never a traceback."""
    import filelock

    path = campaign(folder)
    before = path.read_bytes()

    def cannot(*args, **kwargs):
        raise NotImplementedError("no flock here")

    monkeypatch.setattr(filelock.FileLock, "acquire", cannot)
    form = {"under_fire": ["Ford squad A"], "casualty_unit": ["Ford squad A"], "casualties": ["1"]}
    answer = post(client, f"/play-record/{MILITIA}", data=form)
    said = answer.get_data(as_text=True)
    assert answer.status_code == 200 and "the file system cannot lock files" in said
    assert "2 events were not written" in said
    assert path.read_bytes() == before


def test_copies_past_the_rosters_bound_share_a_counted_line_with_its_most():
    """Past MAX_TRACKS copies the roster prints one written-in line ('Supp __  Lost __ of 40', roster.bounded): the
    card has a count for each, each stopping at the 40 copies, as many as the line has blanks."""
    from listgen.core.roster import MAX_TRACKS, Track, Unit, bounded
    from listgen.web.play import lines_of

    n = MAX_TRACKS + 10
    unit = Unit("Infantry: rifles", 1, tracks=[Track(f"rifles {i}", ("Supp", "Lost")) for i in range(n)])
    cut = bounded(Roster("", [unit])).units[0]
    assert cut.tracks[0].write_in == f"Supp __  Lost __ of {n}"
    (line,) = lines_of(0, cut)
    assert [(b.label, b.count, b.most) for b in line.boxes] == [("Supp", True, n), ("Lost", True, n)]
    recruits = Unit("Stand: levy", 0, tracks=[Track("levy", (), "__ / 30")])
    assert [(b.label, b.most) for b in lines_of(0, recruits)[0].boxes] == [("Hits", 30)]
