"""Bad input gets a located, plain answer and exit code 2; nothing hangs, nothing leaks the interpreter's words."""

import os
import shutil
import stat
import tempfile
from pathlib import Path

import pytest
from conftest import ARMIES, BASE, only, report

from listgen.core.exceptions import OutputPathError
from listgen.core.validate import check_file
from listgen.output.files import write_atomic


def test_a_pipe_named_as_a_list_is_refused_not_waited_on(tmp_path):
    fifo = tmp_path / "f.yaml"
    os.mkfifo(fifo)
    f = only(check_file(str(fifo)), "INPUT-UNREADABLE")
    assert "not a regular file" in f.message


def test_a_link_loop_is_unreadable(tmp_path):
    os.symlink(tmp_path / "b.yaml", tmp_path / "a.yaml")
    os.symlink(tmp_path / "a.yaml", tmp_path / "b.yaml")
    assert "symbolic links" in only(check_file(str(tmp_path / "a.yaml")), "INPUT-UNREADABLE").message


@pytest.mark.parametrize("char", ["\x00", "\x07", "\x1b", "\x7f"])
def test_control_characters_are_located_and_named(char):
    rep = report(BASE.replace("name: Test section", f"name: Test{char}section"))
    f = only(rep, "INPUT-YAML")
    assert (f.line, f.column) == (2, 11) and f"U+{ord(char):04X}" in f.message
    assert "\n" not in f.message and "<unicode string>" not in f.message


def test_a_huge_number_is_refused_in_plain_words():
    f = only(report(BASE.replace("points_limit: 100", "points_limit: " + "9" * 5000)), "INPUT-YAML")
    assert "5,000 digits long" in f.message and "set_int_max_str_digits" not in f.message


def test_plain_words_for_yes_no_and_long_names():
    no = only(report(BASE.replace("quality: veteran", "quality: veteran, motivation: no")), "INPUT-BAD-VALUE")
    assert "cannot be false" in no.message and "False" not in no.message
    long = only(report(BASE.replace("name: Test section", "name: " + "x" * 150)), "INPUT-BAD-VALUE")
    assert "150 characters long; at most 120" in long.message and "items" not in long.message


def test_a_pack_given_to_validate_points_to_tournament():
    f = only(check_file(str(ARMIES / "tournament" / "pack.yaml")), "INPUT-NOT-A-LIST")
    assert "listgen tournament" in f.message


def test_unknown_weapons_are_suggested_by_meaning_and_listed():
    f = only(report(BASE.replace("{count: 1, weapon: lmg}", "{count: 1, weapon: bren}")), "INPUT-UNKNOWN-WEAPON")
    assert "did you mean 'lmg'?" in f.message and "Bren" in f.message and "rifle, semi-auto-rifle" in f.message


def test_another_rulesets_keys_are_named():
    text = "ruleset: close-action\nname: x\nplatoons: []\n"
    f = only(report(text), "INPUT-UNKNOWN-KEY")
    assert "the keys a Close Action list takes: " in f.message and "squads" in f.message


def test_a_write_error_names_the_file_asked_for():
    """A folder the user may not write to. Root may write anywhere, so as root (as CI runs) the write is made by a
    forked child that has become an unprivileged user (nobody, 65534) first: the test runs either way."""
    top = Path(tempfile.mkdtemp(prefix="listgen-locked-"))
    try:
        top.chmod(0o755)  # nobody can reach the folder inside it
        locked = top / "locked"
        locked.mkdir()
        locked.chmod(stat.S_IRUSR | stat.S_IXUSR | stat.S_IRGRP | stat.S_IXGRP | stat.S_IROTH | stat.S_IXOTH)
        if os.geteuid() != 0:
            with pytest.raises(OutputPathError, match=str(locked / "out.pdf")):
                write_atomic(locked / "out.pdf", b"x")
            return
        pid = os.fork()
        if pid == 0:  # the child: exit 0 only if the write was refused with the file named
            code = 5
            try:
                os.setgid(65534)
                os.setuid(65534)
                write_atomic(locked / "out.pdf", b"x")
                code = 3
            except OutputPathError as exc:
                code = 0 if str(locked / "out.pdf") in str(exc) else 4
            finally:
                os._exit(code)
        _, status = os.waitpid(pid, 0)
        assert os.waitstatus_to_exitcode(status) == 0, "3: written anyway; 4: the file not named; 5: another error"
        assert not (locked / "out.pdf").exists()
    finally:
        shutil.rmtree(top)


def test_a_write_error_names_the_file_even_as_root(tmp_path):
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    with pytest.raises(OutputPathError) as caught:
        write_atomic(blocked / "out.pdf", b"x")
    assert str(blocked / "out.pdf") in str(caught.value) and ".part" not in str(caught.value)
