"""What a Python command-line user expects: -V, completion, python -m, '-' for stdin and stdout, quiet pipes."""

import json
import os
import subprocess

import pytest
from conftest import ARMIES, LISTGEN, listgen_run

from listgen.cli import app

GERMAN = ARMIES / "smle-german-section.yaml"


def run(*args, stdin=None):
    return listgen_run(*args, input=stdin)


def test_version_short_and_long(invoke):
    assert invoke("-V").stdout.startswith("listgen ") and invoke("--version").stdout == invoke("-V").stdout


def test_shell_completion_can_be_installed(invoke):
    help_text = invoke("--help").stdout
    assert "--install-completion" in help_text and "--show-completion" in help_text


@pytest.mark.slow
def test_a_list_from_standard_input():
    result = run("validate", "-", stdin=GERMAN.read_bytes())
    assert result.returncode == 0 and result.stdout.startswith(b"<stdin>: LEGAL")
    points = run("points", "-", "--format", "json", stdin=GERMAN.read_bytes())
    assert json.loads(points.stdout)["total"] == 94


@pytest.mark.slow
def test_a_pdf_to_standard_output():
    result = run("roster", GERMAN, "-o", "-")
    assert result.returncode == 0 and result.stdout.startswith(b"%PDF") and not os.path.exists("-")
    sheet = run("reference", "close-action", "-o", "-")
    assert sheet.stdout.startswith(b"%PDF")


@pytest.mark.slow
def test_hit_tables_numbers_go_to_standard_output_by_default():
    result = run("hit-tables", "smle", "--format", "json")
    assert json.loads(result.stdout)["ruleset"] == "smle"
    csv = run("hit-tables", "smle", "--format", "csv")
    assert csv.stdout.startswith(b"table,title,row,column")


@pytest.mark.slow
def test_a_reader_that_leaves_early_is_not_an_illegal_list():
    # `listgen validate armies/*.yaml | head -1`: the exit code must not say 1 ("some list illegal")
    listing = subprocess.Popen(
        [*LISTGEN, "validate", *[str(p) for p in sorted(ARMIES.glob("*.yaml"))] * 40],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    listing.stdout.readline()
    listing.stdout.close()
    listing.wait(timeout=60)
    assert listing.returncode in (0, 141) and b"Traceback" not in listing.stderr.read()


def test_terminal_output_carries_no_escape_sequences(write, invoke):
    path = write('ruleset: smle\nname: x\n"\\e[31mfake\\e[0m": 1\n')  # an unknown key, quoted in the message
    result = invoke("validate", path)
    assert "\x1b" not in result.stdout + result.stderr and "unknown key '[31mfake[0m'" in result.stderr


def test_every_command_is_in_the_app():
    names = {c.name or c.callback.__name__ for c in app.registered_commands}
    assert {
        "validate",
        "points",
        "roster",
        "reference",
        "hit-tables",
        "build",
        "schema",
        "balance",
        "export",
        "tournament",
        "new",
        "rulesets",
    } <= names


@pytest.mark.slow
def test_help_reads_as_a_user_expects(invoke):
    """No type jargon: flags show no '<bool>', arguments no '<list[Path]>' (a typer release changed that)."""
    import re

    from listgen import rulesets  # noqa: F401 - the commands below are all of them

    names = [c.name or c.callback.__name__ for c in app.registered_commands]
    for name in names:
        result = invoke(name.replace("_", "-"), "--help")
        assert result.exit_code == 0, name
        assert not re.search(r"<(bool|list\[|path>|text>|integer>)", result.output), (name, result.output)
        assert "Show this message and exit." in result.output


def test_help_paragraphs_break_only_where_the_terminal_wraps(runner):
    """A sentence of help is one line for the terminal to wrap, so no line ends a word early: in a 200-column
    terminal, no prose line of any command's help is cut short of the next word."""
    import re

    names = [c.name or c.callback.__name__ for c in app.registered_commands]
    for name in names:
        result = runner.invoke(app, [name.replace("_", "-"), "--help"], env={"COLUMNS": "200"}, terminal_width=200)
        lines = [line.strip() for line in result.output.splitlines()]
        prose = [line for line in lines if line and not re.match(r"^(listgen |[│╭╰─]|Usage:)", line)]
        for line, after in zip(lines, lines[1:]):
            room = len(line) + 1 + len(after.split()[0]) < 190 if after else False  # its next word would fit
            if line in prose and after in prose and room and not line.endswith((".", ":", ")")):
                raise AssertionError(f"{name} --help breaks a sentence: {line!r} / {after!r}")


def test_roster_and_cards_of_an_illegal_list_print_and_exit_1(invoke, write, tmp_path):
    from conftest import BASE

    illegal = write(BASE.replace("{count: 4, weapon: rifle}", "{count: 9, weapon: rifle}"))
    for command in ("roster", "cards"):
        out = tmp_path / f"{command}.pdf"
        result = invoke(command, illegal, "-o", out)
        assert result.exit_code == 1, result.output
        assert out.read_bytes().startswith(b"%PDF") and "NOT LEGAL" in result.output
        legal = invoke(command, write(BASE, "ok.yaml"), "-o", out)
        assert legal.exit_code == 0, legal.output


@pytest.mark.slow
def test_reference_and_hit_tables_take_the_ruleset_from_the_list(invoke, tmp_path):
    for command in ("reference", "hit-tables"):
        out = tmp_path / f"{command}.pdf"
        result = invoke(command, "--army", GERMAN, "-o", out)
        assert result.exit_code == 0, result.output
        assert out.read_bytes().startswith(b"%PDF")
        named = invoke(command, GERMAN, "-o", out)  # the list where the ruleset goes
        assert named.exit_code == 0, named.output
        wrong = invoke(command, "close-action", "--army", GERMAN, "-o", out)
        assert wrong.exit_code == 2 and "is a smle list" in wrong.output
        neither = invoke(command)
        assert neither.exit_code == 2 and "--army" in neither.output


@pytest.mark.slow
def test_build_takes_one_list(invoke, tmp_path):
    result = invoke("build", GERMAN, "-o", tmp_path)
    assert result.exit_code == 0, result.output
    assert (tmp_path / "smle-german-section-roster.pdf").exists()
    assert "1 lists" in result.output or "1 list" in result.output


def test_the_rounds_commands_have_help_with_an_example(runner):
    """`listgen tournament pair|result|standings` (issue 30): each reached from the command line, with help."""
    import re

    from listgen.__main__ import ROUNDS, main
    from listgen.cli import rounds_app

    assert {c.name for c in rounds_app.registered_commands} == set(ROUNDS)
    for name in ROUNDS:
        result = runner.invoke(rounds_app, [name, "--help"], env={"COLUMNS": "200"}, terminal_width=200)
        assert result.exit_code == 0 and "Example: listgen tournament " + name in result.output, name
        assert not re.search(r"<(bool|list\[|path>|text>|integer>)", result.output), result.output
    try:
        main(["tournament", "pair", "--help"])
    except SystemExit as exc:
        assert exc.code == 0
