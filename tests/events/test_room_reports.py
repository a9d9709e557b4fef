"""Results reported from the players' phones (listgen.events.room): a report is pending until the other player of
the table confirms it with his own personal code, then recorded by the one function `listgen tournament result`
records with; another score is a dispute for the desk; wrong codes are bounded per table and per client."""

from __future__ import annotations

import json
import shutil

import pytest
import yaml
from conftest import cli
from room_event import room_event

from listgen.events import room
from listgen.events.event_files import ROOM, shape_of
from listgen.events.room_state import PERSONAL_LENGTH, RoomError, personal_code, read_room, room_path
from listgen.output.files import event_file


@pytest.fixture
def event(tmp_path):
    return room_event(tmp_path)


def score_of(event, t: int):
    return event.table(t)["score"]


def test_a_report_counts_when_the_other_player_confirms_it_and_is_recorded_as_the_command_records_it(event, tmp_path):
    """The round file after a phone's report and the opponent's confirmation is the one `tournament result` writes
    for the same score (one function records both)."""
    t1 = event.table(1)
    a, b = t1["players"]
    said = room.report(event.pack, t1["code"], ("12", "4"), event.personal(a), "phone-a")
    assert said.state == "pending" and score_of(event, 1) == [None, None]
    said = room.report(event.pack, t1["code"], ("12", "4"), event.personal(b), "phone-b")
    assert said.state == "recorded" and score_of(event, 1) == [12, 4]
    by_phone = (event.folder / "results" / "round-1.yaml").read_text()
    other = room_event(tmp_path / "cli")
    assert cli("tournament", "result", other.pack, t1["code"], 12, 4) == 0
    assert (other.folder / "results" / "round-1.yaml").read_text() == by_phone
    assert read_room(event.pack)["pending"] == {}


def test_one_player_cannot_confirm_his_own_report(event):
    """A second report by the same player (his own code) replaces his first: it never counts as the opponent's."""
    t1 = event.table(1)
    a, _b = t1["players"]
    room.report(event.pack, t1["code"], ("12", "4"), event.personal(a), "phone-a")
    said = room.report(event.pack, t1["code"], ("12", "4"), event.personal(a), "phone-a")
    assert said.state == "pending" and score_of(event, 1) == [None, None]
    assert read_room(event.pack)["pending"]["R1-T1"]["by"] == a


def test_the_personal_code_of_a_player_of_another_table_is_refused(event):
    t1, t2 = event.table(1), event.table(2)
    with pytest.raises(RoomError, match="not one of this table's players"):
        room.report(event.pack, t1["code"], ("1", "2"), event.personal(t2["players"][0]), "phone")
    assert read_room(event.pack)["pending"] == {} and score_of(event, 1) == [None, None]


def test_another_score_is_a_dispute_shown_to_the_desk_and_never_recorded(event):
    t2 = event.table(2)
    a, b = t2["players"]
    room.report(event.pack, t2["code"], ("5", "5"), event.personal(a), "phone-a")
    said = room.report(event.pack, t2["code"], ("6", "5"), event.personal(b), "phone-b")
    assert said.state == "disputed" and score_of(event, 2) == [None, None]
    desk = room.desk(event.pack)
    assert desk["disputed"] == [{"key": "R1-T2", "reports": {a: [5, 5], b: [6, 5]}, "players": [a, b]}]
    with pytest.raises(RoomError, match="disputed"):
        room.report(event.pack, t2["code"], ("5", "5"), event.personal(b), "phone-b")
    assert score_of(event, 2) == [None, None]
    decided = room.desk_result(event.pack, "R1-T2", ("6", "5"))
    assert decided.startswith("recorded round 1, table 2") and score_of(event, 2) == [6, 5]
    assert read_room(event.pack)["disputed"] == {}


@pytest.mark.parametrize("wrong", [room.TABLE_GUESSES - 1, room.TABLE_GUESSES])
def test_a_table_is_held_for_the_desk_after_its_bound_of_wrong_codes(event, wrong):
    """TABLE_GUESSES wrong personal codes at a table hold it (one fewer does not); a held table takes no report, even
    with the right codes, until the desk releases it."""
    t3 = event.table(3)
    a, b = t3["players"]
    for i in range(wrong):
        with pytest.raises(RoomError):
            room.report(event.pack, t3["code"], ("1", "2"), f"WRONG{i}", f"phone-{i}")
    held = wrong >= room.TABLE_GUESSES
    assert ("R1-T3" in read_room(event.pack)["held"]) is held
    if held:
        with pytest.raises(RoomError, match="held"):
            room.report(event.pack, t3["code"], ("1", "2"), event.personal(a), "phone-a")
        room.desk_release(event.pack, "R1-T3")
    assert room.report(event.pack, t3["code"], ("1", "2"), event.personal(a), "phone-a").state == "pending"
    assert room.report(event.pack, t3["code"], ("1", "2"), event.personal(b), "phone-b").state == "recorded"


@pytest.mark.parametrize("wrong", [room.CLIENT_GUESSES - 1, room.CLIENT_GUESSES])
def test_a_client_is_refused_for_a_while_after_its_bound_of_wrong_codes(event, wrong):
    """CLIENT_GUESSES wrong slip codes from one phone (across tables) refuse it for CLIENT_PAUSE seconds, its right
    codes too; another phone is not refused, and the first is heard again once the pause is over."""
    t4 = event.table(4)
    a, b = t4["players"]
    now = 1_000_000.0
    for i in range(wrong):
        with pytest.raises(RoomError):
            room.report(event.pack, event.wrong_code(1 + i % 8), ("1", "2"), "ABCDEF", "guesser", now)
    refused = wrong >= room.CLIENT_GUESSES
    if refused:
        with pytest.raises(RoomError, match="too many wrong codes"):
            room.report(event.pack, t4["code"], ("1", "2"), event.personal(a), "guesser", now + 1)
        assert room.report(event.pack, t4["code"], ("1", "2"), event.personal(a), "other", now + 1).state == "pending"
        now += room.CLIENT_PAUSE + 1
    said = room.report(event.pack, t4["code"], ("1", "2"), event.personal(b), "guesser", now + 2)
    assert said.state == ("recorded" if refused else "pending")


def test_a_slip_code_of_another_round_or_a_typo_is_refused_and_nothing_is_written_to_the_round(event):
    before = (event.folder / "results" / "round-1.yaml").read_text()
    t1 = event.table(1)
    a = t1["players"][0]
    for code in ("R2-T1-ABCD", "R1-T1-" + ("A" if t1["code"][-4] != "A" else "B") + t1["code"][-3:], "nonsense"):
        with pytest.raises(RoomError):
            room.report(event.pack, code, ("1", "2"), event.personal(a), "phone")
    assert (event.folder / "results" / "round-1.yaml").read_text() == before


def test_a_result_the_command_line_recorded_meanwhile_is_said_and_not_recorded_again(event):
    t5 = event.table(5)
    a, b = t5["players"]
    room.report(event.pack, t5["code"], ("7", "3"), event.personal(a), "phone-a")
    assert cli("tournament", "result", event.pack, t5["code"], 7, 3) == 0
    assert room.report(event.pack, t5["code"], ("7", "3"), event.personal(b), "phone-b").state == "recorded"
    with pytest.raises(RoomError, match="recorded already"):
        room.report(event.pack, t5["code"], ("3", "7"), event.personal(b), "phone-b")
    assert score_of(event, 5) == [7, 3]


def test_the_desk_forfeits_corrects_and_voids_as_the_commands_do(event):
    t6 = event.table(6)
    a, b = t6["players"]
    assert "forfeited" in room.desk_result(event.pack, "R1-T6", None, a)
    assert score_of(event, 6) == [0, 1] and event.table(6)["forfeit"] == a
    assert room.desk_result(event.pack, "R1-T6", ("4", "4")).startswith("corrected round 1, table 6")
    assert score_of(event, 6) == [4, 4] and "forfeit" not in event.table(6)
    assert room.desk_void(event.pack, "R1-T6").startswith("voided")
    assert score_of(event, 6) == [None, None]
    with pytest.raises(RoomError, match="no pending report"):
        room.desk_result(event.pack, "R1-T6")


def left(event, now: float) -> dict:
    view = room.clock_view(read_room(event.pack)["clock"], now)
    assert view is not None
    return view


def test_the_clock_starts_pauses_resumes_and_extends(event):
    room.clock(event.pack, "start", 90, now=0.0)
    assert left(event, 600.0)["remaining"] == 90 * 60 - 600
    room.clock(event.pack, "pause", now=600.0)
    assert left(event, 5000.0)["remaining"] == 90 * 60 - 600
    room.clock(event.pack, "resume", now=5000.0)
    room.clock(event.pack, "extend", 10, now=5000.0)
    view = left(event, 5060.0)
    assert view["remaining"] == 100 * 60 - 660 and not view["paused"]
    with pytest.raises(RoomError):
        room.clock(event.pack, "explode")


def test_a_personal_code_is_keyed_by_the_secret_and_names_one_player():
    codes = {personal_code("s1", f"Player {i}") for i in range(200)}
    assert len(codes) == 200 and all(len(c) == PERSONAL_LENGTH for c in codes)
    assert not set("".join(codes)) & set("01OI")  # nothing to misread
    assert personal_code("s1", "Alice") != personal_code("s2", "Alice")
    assert personal_code("s1", "Alice") == personal_code("s1", "Alice")


def test_the_room_state_is_an_event_s_own_file_kept_off_the_site(event):
    t1 = event.table(1)
    room.report(event.pack, t1["code"], ("1", "2"), event.personal(t1["players"][0]), "phone")
    path = room_path(event.pack)
    assert shape_of(path).kind == ROOM
    assert "room" in str(event_file(path))
    moved = event.folder.parent / "elsewhere.json"  # known by its content too, wherever it is copied
    shutil.copy(path, moved)
    assert shape_of(moved).kind == ROOM


def test_a_room_state_edited_wrong_is_refused_plainly(event):
    room_path(event.pack).write_text(json.dumps({"listgen_room": 1, "pending": []}))
    with pytest.raises(RoomError, match="cannot be read"):
        room.report(event.pack, event.table(1)["code"], ("1", "2"), "ABCDEF", "phone")


def test_the_slips_carry_each_player_s_personal_code_on_his_half(event):
    import subprocess

    text = subprocess.run(
        ["pdftotext", str(event.folder / "out" / "round-1-slips.pdf"), "-"], capture_output=True, check=True
    ).stdout.decode()
    for game in event.games():
        for player in game["players"]:
            assert f"{player}: your personal code {event.personal(player)}" in text


def test_the_receipts_carry_the_personal_code(event):
    import subprocess

    assert cli("tournament", event.pack, "--receipts", "-o", event.folder / "check2") == 0
    receipt = event.folder / "check2" / "receipts" / "alice.pdf"
    text = subprocess.run(["pdftotext", str(receipt), "-"], capture_output=True, check=True).stdout.decode()
    assert f"Your personal code: {event.personal('Alice Archer')}" in text


def test_the_board_shows_no_code(event):
    t1 = event.table(1)
    room.report(event.pack, t1["code"], ("1", "2"), event.personal(t1["players"][0]), "phone")
    seen = json.dumps(room.board(event.pack)) + json.dumps(yaml.safe_load(json.dumps(room.board(event.pack))))
    assert not [c for c in event.codes() if c in seen]


def test_with_the_room_s_address_the_pairings_and_slips_lead_phones_there(event, tmp_path):
    """Once `serve --lan` has kept the room's address, the next round's pairings print it with its QR code, and
    each slip's QR code holds its table's form with the slip's code after '#' (never sent to the server)."""
    import subprocess

    from conftest import scan

    room.set_address(event.pack, "http://192.168.1.20:8000")
    for game in event.games():
        assert cli("tournament", "result", event.pack, game["code"], 5, game["table"]) == 0
    assert cli("tournament", "pair", event.pack, "-o", event.folder / "out") == 0
    pairings = subprocess.run(
        ["pdftotext", str(event.folder / "out" / "round-2-pairings.pdf"), "-"], capture_output=True, check=True
    ).stdout.decode()
    assert "open http://192.168.1.20:8000" in pairings
    found = set(scan(event.folder / "out" / "round-2-slips.pdf", tmp_path).splitlines())
    wanted = {f"http://192.168.1.20:8000/report#{g['code']}" for g in event.games(2)}
    assert len(found) >= 4 and found <= wanted


def test_a_report_made_before_a_swap_is_confirmed_by_nobody_after_it(event):
    """Table 1's report by its first player, then a swap moves him to table 2: the player who now sits at table 1
    reporting the same score does not confirm the old report (its reporter no longer plays there)."""
    t1 = event.table(1)
    a, _b = t1["players"]
    room.report(event.pack, t1["code"], ("12", "4"), event.personal(a), "phone-a")
    assert cli("tournament", "swap", event.pack, 1, 1, 2, "-p", a, "-p", event.table(2)["players"][0],
               "-o", event.folder / "out") == 0  # fmt: skip
    now = event.table(1)
    newcomer = next(p for p in now["players"] if p != t1["players"][1])
    said = room.report(event.pack, now["code"], ("12", "4"), event.personal(newcomer), "phone-c")
    assert said.state == "pending" and event.table(1)["score"] == [None, None]
