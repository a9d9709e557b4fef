"""The room's server (listgen tournament serve) against a stranger on the club's network: every write checks the
slip's code and the player's own code, guesses are bounded, changes come from the room's own pages only, the Host
is the server's, the desk is behind the event's token, the pages set a CSP, and nothing a player can open shows a
slip's code, a personal code, the desk's token or the event's secret."""

from __future__ import annotations

from pathlib import Path

import pytest
from flask.testing import FlaskClient
from room_event import room_event

from listgen.events import room as moves
from listgen.events.room_state import read_room
from listgen.web.room.app import create_app
from listgen.web.room.serve import desk_token
from listgen.web.room.state import Room

HOST = "192.168.1.20:8000"
SAME = {"Origin": f"http://{HOST}"}
PLAYER_PAGES = ("/", "/board", "/board.json", "/report", "/static/room.js")


def client_of(event):
    served = Room(pack_file=event.pack, token=desk_token(event.secret), hosts={HOST}, out_dir=event.folder / "out")
    app = create_app(served)
    app.test_client_class = OnTheLan
    client = app.test_client()
    client.environ_base.update(REMOTE_ADDR="192.168.1.77")
    return client, served


class OnTheLan(FlaskClient):
    """A phone on the club's network: it asks for the server by the address it printed (the Host header)."""

    def open(self, *args, **kwargs):
        kwargs.setdefault("base_url", f"http://{HOST}")
        return super().open(*args, **kwargs)


@pytest.fixture
def event(tmp_path):
    return room_event(tmp_path)


@pytest.fixture
def room(event):
    return client_of(event)


def secrets_in(text: str, event, token: str) -> list:
    return [c for c in [*event.codes(), token] if c in text]


def test_no_page_a_player_can_open_shows_a_code_or_the_secret(event, room):
    """Asked for every page a player can reach, before and after reports, with a dispute and a held table: no slip
    code, personal code, desk token or secret is in any (the real codes, looked for)."""
    client, served = room
    t1, t2 = event.table(1), event.table(2)
    client.post("/report", data={"code": t1["code"], "first": 3, "second": 1,
                                 "personal": event.personal(t1["players"][0])}, headers=SAME)  # fmt: skip
    moves.report(event.pack, t2["code"], ("5", "5"), event.personal(t2["players"][0]), "a")
    moves.report(event.pack, t2["code"], ("6", "5"), event.personal(t2["players"][1]), "b")
    for path in PLAYER_PAGES:
        answer = client.get(path)
        assert answer.status_code == 200, path
        assert secrets_in(answer.get_data(as_text=True), event, served.token) == [], path
    # the table's own page carries back the one slip code its player typed, and nothing else secret
    page = client.post("/report/table", data={"code": t1["code"]}, headers=SAME).get_data(as_text=True)
    assert "reported" in page and secrets_in(page, event, served.token) == [t1["code"]]


def test_every_page_sets_a_content_security_policy(event, room):
    client, served = room
    for path in (*PLAYER_PAGES, "/desk", "/nowhere"):
        policy = client.get(path).headers.get("Content-Security-Policy", "")
        assert "default-src 'self'" in policy and "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
        assert "unsafe-inline" not in policy


def test_a_wrong_host_is_refused(event, room):
    client, _served = room
    assert client.get("/board.json").status_code == 200
    for host in ("evil.example:8000", "192.168.1.20:9999", "localhost:8000"):
        assert client.get("/board.json", headers={"Host": host}).status_code == 421


def test_a_cross_site_post_is_refused_and_changes_nothing(event, room):
    client, _served = room
    t1 = event.table(1)
    form = {"code": t1["code"], "first": 3, "second": 1, "personal": event.personal(t1["players"][0])}
    for headers in ({"Origin": "http://evil.example"}, {"Sec-Fetch-Site": "cross-site"}, {}):
        answer = client.post("/report", data=form, headers=headers)
        assert answer.status_code == 403 and "own page" in answer.get_data(as_text=True)
    assert read_room(event.pack)["pending"] == {}
    assert client.post("/report", data=form, headers={"Sec-Fetch-Site": "same-origin"}).status_code == 200
    assert "R1-T1" in read_room(event.pack)["pending"]


def test_the_desk_is_behind_the_event_s_token(event, room):
    client, served = room
    assert client.get("/desk").status_code == 403
    assert client.get("/desk?key=wrong").status_code == 403
    assert client.post("/desk/pair", headers=SAME).status_code == 403
    assert not (event.folder / "results" / "round-2.yaml").exists()
    moved = client.get(f"/desk?key={served.token}")
    assert moved.status_code == 302 and "SameSite=Strict" in moved.headers["Set-Cookie"]
    assert client.get("/desk").status_code == 200
    assert client.post("/desk/clock", data={"move": "start", "minutes": "90"}, headers=SAME).status_code == 303
    assert read_room(event.pack)["clock"]["length"] == 90 * 60
    # with the key's cookie, a cross-site post is still refused
    assert (
        client.post("/desk/clock", data={"move": "pause"}, headers={"Origin": "http://evil.example"}).status_code == 403
    )
    assert read_room(event.pack)["clock"]["paused"] is None


def test_a_player_confirming_for_his_opponent_is_refused(event, room):
    """A player who reported cannot confirm it again as if he were the other: only the other's own code counts."""
    client, _served = room
    t1 = event.table(1)
    a, _b = t1["players"]
    form = {"code": t1["code"], "first": 3, "second": 1, "personal": event.personal(a)}
    client.post("/report", data=form, headers=SAME)
    client.post("/report", data=form, headers=SAME)  # "confirmed" by himself: still pending
    assert event.table(1)["score"] == [None, None]
    for guess in ("AAAAAA", event.personal(a)[::-1]):
        answer = client.post("/report", data={**form, "personal": guess}, headers=SAME)
        assert answer.status_code == 400
    assert event.table(1)["score"] == [None, None]


def test_guessed_codes_are_bounded_per_client_on_the_web_too(event, room):
    client, _served = room
    t1 = event.table(1)
    for i in range(moves.CLIENT_GUESSES):
        answer = client.post("/report/table", data={"code": event.wrong_code(1 + i % 8)}, headers=SAME)
        assert answer.status_code == 400
    refused = client.post("/report/table", data={"code": t1["code"]}, headers=SAME)
    assert refused.status_code == 400 and "Too many wrong codes" in refused.get_data(as_text=True)
    other = client.post("/report/table", data={"code": t1["code"]}, headers=SAME,
                        environ_base={"REMOTE_ADDR": "192.168.1.78"})  # fmt: skip
    assert other.status_code == 200


def test_a_result_for_another_event_s_table_is_refused(tmp_path):
    """The slip of a table of another event (its own secret) records nothing in this one, nor in its own."""
    ours, theirs = room_event(tmp_path, "Sixteen"), room_event(tmp_path, "Elsewhere")
    client, _served = client_of(ours)
    t1 = theirs.table(1)
    for personal in (theirs.personal(t1["players"][0]), ours.personal(t1["players"][0])):
        answer = client.post("/report", data={"code": t1["code"], "first": 3, "second": 1, "personal": personal},
                             headers=SAME)  # fmt: skip
        assert answer.status_code == 400 and "does not match" in answer.get_data(as_text=True)
    assert ours.table(1)["score"] == [None, None] and theirs.table(1)["score"] == [None, None]
    assert read_room(ours.pack)["pending"] == {}


def test_a_printout_is_only_a_round_s_pairings_or_slips(event, room):
    client, served = room
    client.get(f"/desk?key={served.token}")
    assert client.get("/desk/printout/round-1-slips.pdf").status_code == 200
    for name in ("..%2Fpack.yaml", "pack.event.json", "round-1-pairings.csv", "round-9-slips.pdf"):
        assert client.get(f"/desk/printout/{name}").status_code == 404


def test_a_large_post_is_refused(event, room):
    client, _served = room
    answer = client.post("/report", data={"code": "x" * 40_000}, headers=SAME)
    assert answer.status_code == 413 and Path(event.pack).with_suffix(".room.json").exists() is False


def test_serve_refuses_every_address_at_once_and_a_missing_pack(event, tmp_path):
    """--lan names one address of this computer: 0.0.0.0 (every network at once) is refused before anything
    listens; a pack that is not there is a plain error (exit 2), nothing served."""
    from conftest import listgen_invoke

    from listgen.core.exceptions import ServeError
    from listgen.web.room.serve import start

    for everywhere in ("0.0.0.0", "::"):
        with pytest.raises(ServeError, match="not all"):
            start(event.pack, port=0, lan=everywhere)
    ran = listgen_invoke("tournament", "serve", tmp_path / "nowhere.yaml", "--port", "0")
    assert ran.exit_code == 2 and "Traceback" not in ran.output


@pytest.mark.parametrize("dark_ink", [False, True])
def test_the_console_qr_code_is_the_players_address(tmp_path, dark_ink):
    """The QR code printed on the console, drawn as the terminal shows it (light ink on black; on a terminal, black
    ink on white) and read as a phone reads it (zbar)."""
    import subprocess

    from listgen.web.room.serve import console_qr

    lines = console_qr("http://192.168.1.20:8000", dark_ink)
    pixels = []  # each character is two rows of modules: the upper and the lower half
    for line in lines:
        for half in ("upper", "lower"):
            row = []
            for ch in line:
                on = {"█": (True, True), "▀": (True, False), "▄": (False, True), " ": (False, False)}[ch]
                row.append((0, 255)[on[half == "lower"] != dark_ink])  # a block is the ink: dark or light
            pixels.append(row)
    scale = 8
    height, width = len(pixels) * scale, len(pixels[0]) * scale
    body = "\n".join(" ".join(str(v) for v in row for _ in range(scale)) for row in pixels for _ in range(scale))
    image = tmp_path / "qr.pgm"
    image.write_text(f"P2\n{width} {height}\n255\n{body}\n")
    found = subprocess.run(["zbarimg", "-q", "--raw", str(image)], capture_output=True, text=True)
    assert found.stdout.strip() == "http://192.168.1.20:8000", found.stderr


def test_the_board_shows_the_armies_only_where_the_pack_publishes_them(event, room):
    """The pack's room_lists: none (the default) shows no army on the board; after-lock shows each player's army
    (the pack's export_army) once the event is locked, and still no code."""
    client, served = room
    tables = client.get("/board.json").get_json()["tables"]
    assert all("army" not in p for t in tables for p in t["players"])
    pack = event.folder / "pack.yaml"
    pack.write_text(pack.read_text(encoding="utf-8") + "room_lists: after-lock\n", encoding="utf-8")
    answer = client.get("/board.json")
    armies = {p["army"] for t in answer.get_json()["tables"] for p in t["players"]}
    assert armies == {"Grenadier-Gruppe Königstiger-Ersatz, 1944"}
    assert secrets_in(answer.get_data(as_text=True), event, served.token) == []
