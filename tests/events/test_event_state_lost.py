"""The event's state file (PACK.event.json: the secret every slip's code is made with, drops, admissions) lost, not
copied to the other laptop, of another event, or unreadable (issue 50: without it the printed slips were refused
while a code anyone can work out from the printed pairings was accepted). Result recording stops and says what was
lost and how to restore it; never a fall-back to codes made without the secret."""

from __future__ import annotations

import json

import pytest
import yaml
from conftest import ARMIES, PLAYERS, cli

from listgen.events.rounds import result_code

LOST = "the event's state file is missing"
HOLDS = "holds the secret every slip's code is made with, and its drops and admissions"
RESTORE = "Copy the event's own pack.event.json back beside the pack"


def make_event(folder, players: int = 4, name: str = "Four"):
    """An event of `players` entries (the example list, each with its player) in folder, its pack named `name`."""
    base = (ARMIES / "smle-german-section.yaml").read_text(encoding="utf-8")
    (folder / "entries").mkdir()
    for player in PLAYERS[:players]:
        (folder / "entries" / f"{player.split()[0].lower()}.yaml").write_text(
            base.replace("player: Club example", f"player: {player}"), encoding="utf-8"
        )
    (folder / "pack.yaml").write_text(f"event: {name}\nrulesets: [smle]\nlists: entries\n", encoding="utf-8")
    return folder


@pytest.fixture
def event4(tmp_path):
    return make_event(tmp_path)


def _round(event, n=1) -> dict:
    return yaml.safe_load((event / "results" / f"round-{n}.yaml").read_text(encoding="utf-8"))


def _tables(event, n=1) -> list:
    return [g for g in _round(event, n)["games"] if "table" in g]


def _unkeyed(game, n=1, name="Four") -> str:
    """The code anyone can work out from the printed pairings: the event, round, table and players, no secret."""
    return result_code(name, n, game["table"], game["players"])


@pytest.mark.parametrize("locked", [False, True], ids=["not locked", "locked"])
def test_without_its_state_file_no_slip_records_and_the_message_says_how_to_restore_it(event4, capsys, locked):
    pack = event4 / "pack.yaml"
    if locked:
        assert cli("tournament", pack, "-o", event4 / "checked", "--lock") == 0
    assert cli("tournament", "pair", pack, "-o", event4 / "out") == 0
    state = event4 / "pack.event.json"
    saved = state.read_bytes()
    state.unlink()  # lost, or not copied to the other laptop
    before = (event4 / "results" / "round-1.yaml").read_bytes()
    first, second = _tables(event4)
    sheet = event4 / "sheet.csv"
    sheet.write_text(f"{_unkeyed(first)},3,1\n")
    capsys.readouterr()
    for args in (
        (first["code"], "3", "1"),  # the printed slip
        (_unkeyed(first), "3", "1"),  # a code made without the secret: never accepted
        (_unkeyed(second), "--forfeit", second["players"][0]),
        ("--sheet", sheet),
    ):
        assert cli("tournament", "result", pack, *args) == 2
        err = capsys.readouterr().err
        assert LOST in err and HOLDS in err and RESTORE in err and "results/round-N.yaml" in err, err
    assert (event4 / "results" / "round-1.yaml").read_bytes() == before
    assert cli("tournament", "drop", pack, PLAYERS[0]) == 2  # nor a new state written without the secret
    assert not state.exists()
    assert cli("tournament", "standings", pack, "-o", event4 / "out") == 0  # codes are not used: said in a note
    out = capsys.readouterr().out
    assert f"note: {event4 / 'pack.event.json'}: {LOST}" in out or f"note: pack.event.json: {LOST}" in out
    assert "since its slip was printed" not in out  # not a note per table of codes that no longer match
    state.write_bytes(saved)  # restored: the printed slips record again
    assert cli("tournament", "result", pack, first["code"], "3", "1") == 0
    assert cli("tournament", "result", pack, _unkeyed(second), "3", "1") == 2


def test_a_lost_state_file_stops_the_next_pairing_too(event4, capsys):
    """Pairing round 2 without the secret would print slips whose codes anyone can work out."""
    pack = event4 / "pack.yaml"
    assert cli("tournament", "pair", pack, "-o", event4 / "out") == 0
    for game in _tables(event4):
        assert cli("tournament", "result", pack, game["code"], "2", "1") == 0
    (event4 / "pack.event.json").unlink()
    capsys.readouterr()
    assert cli("tournament", "pair", pack, "-o", event4 / "out") == 2
    assert LOST in capsys.readouterr().err
    assert not (event4 / "results" / "round-2.yaml").exists()


def test_a_locked_events_state_lost_before_round_one_is_said(event4, capsys):
    """The lock keeps a check of the secret: a state lost before any slip is printed is still missed (its drops)."""
    pack = event4 / "pack.yaml"
    assert cli("tournament", pack, "-o", event4 / "checked", "--lock") == 0
    secret = json.loads((event4 / "pack.event.json").read_text())["secret"]
    lock = (event4 / "pack.lock.json").read_text()
    assert secret not in lock  # the lock keeps a hash of it: the lock's reader can make no code
    from listgen.events.event_state import key_check

    assert json.loads(lock)["key"] == key_check(secret) != key_check(secret + "0")
    (event4 / "pack.event.json").unlink()
    capsys.readouterr()
    assert cli("tournament", "pair", pack, "-o", event4 / "out") == 2
    assert LOST in capsys.readouterr().err
    assert not (event4 / "pack.event.json").exists() and not (event4 / "results").exists()


@pytest.mark.parametrize("locked", [False, True], ids=["not locked", "locked"])
def test_a_state_file_of_another_event_is_refused(event4, capsys, locked):
    pack = event4 / "pack.yaml"
    if locked:
        assert cli("tournament", pack, "-o", event4 / "checked", "--lock") == 0
    assert cli("tournament", "pair", pack, "-o", event4 / "out") == 0
    (event4 / "pack.event.json").write_text(json.dumps({"secret": "0" * 32}))  # another event's, copied over it
    first = _tables(event4)[0]
    capsys.readouterr()
    assert cli("tournament", "result", pack, first["code"], "3", "1") == 2
    err = capsys.readouterr().err
    assert "this is not the event's own state file" in err and RESTORE in err
    assert ("lock keeps a check" in err) == locked


def test_an_unreadable_state_file_says_what_it_held(event4, capsys):
    pack = event4 / "pack.yaml"
    assert cli("tournament", "pair", pack, "-o", event4 / "out") == 0
    (event4 / "pack.event.json").write_text('{"secret": ')
    capsys.readouterr()
    assert cli("tournament", "result", pack, _tables(event4)[0]["code"], "3", "1") == 2
    err = capsys.readouterr().err
    assert "the event's state cannot be read" in err and HOLDS in err and RESTORE in err and "Traceback" not in err


def test_an_event_paired_before_codes_were_keyed_goes_on_with_its_printed_codes(event4, capsys):
    """The choice for old events: one whose round files hold codes made without a secret (paired by a listgen that
    made none) has no secret to lose; its printed slips go on recording, and its later rounds stay unkeyed to its
    end (a new secret would refuse every slip already printed)."""
    pack = event4 / "pack.yaml"
    assert cli("tournament", "pair", pack, "-o", event4 / "out") == 0
    (event4 / "pack.event.json").unlink()
    path = event4 / "results" / "round-1.yaml"
    text = path.read_text()
    for game in _tables(event4):
        text = text.replace(game["code"], _unkeyed(game))
    path.write_text(text)  # as an older listgen wrote it
    for game in _tables(event4):
        assert cli("tournament", "result", pack, _unkeyed(game), "2", "1") == 0
    assert cli("tournament", "pair", pack, "-o", event4 / "out") == 0
    assert all(g["code"] == _unkeyed(g, 2) for g in _tables(event4, 2))


def _type_scores_by_hand(event, n=1) -> None:
    path = event / "results" / f"round-{n}.yaml"
    path.write_text(path.read_text().replace("score: [null, null]", "score: [2, 1]"))


@pytest.mark.parametrize("locked", [False, True], ids=["not locked", "locked"])
def test_a_state_lost_for_good_is_renewed_by_the_organiser_and_the_old_slips_no_longer_record(event4, capsys, locked):
    pack = event4 / "pack.yaml"
    if locked:
        assert cli("tournament", pack, "-o", event4 / "checked", "--lock") == 0
    assert cli("tournament", "pair", pack, "-o", event4 / "out") == 0
    printed = _tables(event4)
    (event4 / "pack.event.json").unlink()
    _type_scores_by_hand(event4)  # as the message says: the round's results from the slips, by hand
    capsys.readouterr()
    assert cli("tournament", "pair", pack, "-o", event4 / "out") == 2
    assert "pair PACK --new-secret" in capsys.readouterr().err
    assert cli("tournament", "pair", pack, "-o", event4 / "out", "--new-secret") == 0
    assert "the slips printed before no longer record" in capsys.readouterr().out
    secret = json.loads((event4 / "pack.event.json").read_text())["secret"]
    again = _tables(event4)
    assert [g["score"] for g in again] == [[2, 1], [2, 1]]  # the scores typed in are kept
    assert all(g["code"] == result_code("Four", 1, g["table"], g["players"], secret) for g in again)
    assert all(old["code"] != new["code"] for old, new in zip(printed, again))
    for game in _tables(event4, 2):  # the new round's slips record; no code made without the secret does
        assert cli("tournament", "result", pack, _unkeyed(game, 2), "1", "0") == 2
        assert cli("tournament", "result", pack, game["code"], "1", "0") == 0
    if locked:
        from listgen.events.event_state import key_check

        assert json.loads((event4 / "pack.lock.json").read_text())["key"] == key_check(secret)
    capsys.readouterr()
    assert cli("tournament", "pair", pack, "-o", event4 / "out", "--new-secret") == 2  # nothing lost: refused
    assert "nothing to renew" in capsys.readouterr().err


def test_round_files_whose_codes_were_cut_by_hand_get_no_codes_made_without_a_secret(event4):
    """An event not locked whose state file is gone and whose round files hold no code any more: its next round is
    keyed by a new secret, never paired with codes anyone can work out."""
    pack = event4 / "pack.yaml"
    assert cli("tournament", "pair", pack, "-o", event4 / "out") == 0
    (event4 / "pack.event.json").unlink()
    path = event4 / "results" / "round-1.yaml"
    lines = path.read_text().splitlines()
    path.write_text("\n".join(line.split(", code:")[0] + "}" if "code:" in line else line for line in lines) + "\n")
    _type_scores_by_hand(event4)
    assert cli("tournament", "pair", pack, "-o", event4 / "out") == 0
    assert all(g["code"] != _unkeyed(g, 2) for g in _tables(event4, 2))
    assert json.loads((event4 / "pack.event.json").read_text())["secret"]


def test_a_player_added_to_a_locked_event_without_its_state_file_is_not_copied_in(event4, capsys):
    """His admission would be refused: nothing is written, not even his list into the entries."""
    pack = event4 / "pack.yaml"
    assert cli("tournament", pack, "-o", event4 / "checked", "--lock") == 0
    (event4 / "pack.event.json").unlink()
    late = event4 / "late.yaml"
    late.write_text((event4 / "entries" / "alice.yaml").read_text().replace(PLAYERS[0], "Quinn Quill"))
    before = sorted(p.name for p in (event4 / "entries").iterdir())
    capsys.readouterr()
    assert cli("tournament", "add", pack, "Quinn Quill", late) == 2
    assert LOST in capsys.readouterr().err
    assert (
        sorted(p.name for p in (event4 / "entries").iterdir()) == before and not (event4 / "pack.event.json").exists()
    )
