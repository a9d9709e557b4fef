"""The command line through the runner: help, exit codes, the JSON contract, bad input."""

import contextlib
import json
import subprocess
import sys

import pytest
from conftest import ARMIES, BASE, listgen_run

from listgen.cli import app
from listgen.rulesets import get, slugs

COMMANDS = [c.name or c.callback.__name__ for c in app.registered_commands]


@pytest.mark.slow
@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_has_help_with_an_example(invoke, command):
    result = invoke(command, "--help")
    assert result.exit_code == 0
    assert "Example" in result.output


def test_contract_commands_exist():
    assert {"rulesets", "new", "validate", "points", "roster", "reference", "hit-tables", "build", "schema"} <= set(
        COMMANDS
    )


def test_rulesets_names_source(invoke):
    result = invoke("rulesets")
    assert result.exit_code == 0
    for slug in slugs():
        assert slug in result.output and get(slug).source in result.output


def test_help_names_every_ruleset(invoke):
    result = invoke("--help")
    assert all(slug in result.output for slug in slugs())


def test_validate_legal_exit_0(invoke):
    result = invoke("validate", ARMIES / "smle-german-section.yaml")
    assert result.exit_code == 0 and "LEGAL" in result.output


def test_validate_illegal_exit_1_and_located(invoke, write):
    path = write(BASE.replace("points_limit: 100", "points_limit: 10"))
    result = invoke("validate", path)
    assert result.exit_code == 1
    assert f"{path}:3:1: error:" in result.output and "[SMLE-POINTS-LIMIT]" in result.output


def test_validate_strict_turns_warnings_into_failure(invoke, write):
    path = write(BASE.replace("{count: 4, weapon: rifle}", "{count: 6, weapon: rifle}"))
    assert invoke("validate", path).exit_code == 0
    assert invoke("validate", path, "--strict").exit_code == 1


def test_validate_json_contract(invoke, write):
    bad = write(BASE.replace("points_limit: 100", "points_limit: 10"), "bad.yaml")
    result = invoke("validate", ARMIES / "smle-german-section.yaml", bad, "--format", "json")
    data = json.loads(result.stdout)
    assert isinstance(data, list) and len(data) == 2
    for item in data:
        # the contract's keys (design.md), extended by points_partial: the total leaves out what is not priced
        assert set(item) == {"file", "ruleset", "name", "legal", "points", "points_partial", "points_limit", "findings"}
    assert data[0]["legal"] is True and data[1]["legal"] is False
    finding = data[1]["findings"][0]
    assert set(finding) == {"severity", "code", "message", "path", "line", "column", "ref"}
    assert finding["code"] == "SMLE-POINTS-LIMIT" and finding["line"] == 3 and finding["path"] == "points_limit"
    single = json.loads(invoke("validate", bad, "--format", "json").stdout)
    assert isinstance(single, dict) and single["points"] == 30


@pytest.mark.parametrize(
    "text,code",
    [
        ("a: [1,\n", "INPUT-YAML"),
        ("- just\n- a list\n", "INPUT-NOT-A-LIST"),
        ("ruleset: smle\nname: a\nname: b\n", "INPUT-DUPLICATE-KEY"),
        ("ruleset: smle\nname: x\npoints_limit: lots\nsections: []\n", "INPUT-TYPE"),
        ("ruleset: smle\nname: x\nsectoins: []\n", "INPUT-UNKNOWN-KEY"),
        ("ruleset: warhammer\nname: x\n", "INPUT-UNKNOWN-RULESET"),
    ],
)
def test_bad_input_exit_2_located_on_stderr(invoke, write, text, code):
    path = write(text)
    result = invoke("validate", path)
    assert result.exit_code == 2
    assert f"[{code}]" in result.stderr and f"{path}:" in result.stderr
    assert "Traceback" not in result.output


def test_missing_file_exit_2(invoke, tmp_path):
    result = invoke("validate", tmp_path / "nope.yaml")
    assert result.exit_code == 2 and "no such file" in result.stderr


def test_all_lists_reported_even_after_a_broken_one(invoke, write):
    broken = write("a: [1,\n", "broken.yaml")
    bad = write(BASE.replace("points_limit: 100", "points_limit: 10"), "bad.yaml")
    result = invoke("validate", broken, ARMIES / "smle-german-section.yaml", bad)
    assert result.exit_code == 2
    assert "smle-german-section.yaml: LEGAL" in result.output and "bad.yaml: NOT LEGAL" in result.output


def test_points_text_and_json(invoke):
    path = ARMIES / "smle-british-rifle-platoon.yaml"
    text = invoke("points", path)
    assert text.exit_code == 0 and "12 x2 (Heavy weapons (1D+2): Light mortar 2D)" in text.output
    assert "151 of 200 points" in text.output
    data = json.loads(invoke("points", path, "--format", "json").stdout)
    assert data["total"] == 151 and data["scheme"].startswith("S.M.L.E. Unit Points Costs")


@pytest.mark.parametrize("ruleset", slugs())
def test_new_writes_a_legal_starter(invoke, tmp_path, ruleset):
    out = tmp_path / "mine.yaml"
    assert invoke("new", ruleset, "-o", out).exit_code == 0
    result = invoke("validate", out)
    assert result.exit_code == 0 and ": warning:" not in result.output
    again = invoke("new", "smle", "-o", out)
    assert again.exit_code == 2 and "already exists" in again.stderr


def test_unknown_ruleset_argument(invoke):
    result = invoke("reference", "smel")
    assert result.exit_code == 2 and "did you mean 'smle'" in result.output


def test_schema_is_json_schema(invoke):
    data = json.loads(invoke("schema", "smle").stdout)
    assert data["$schema"].startswith("https://json-schema.org/")
    assert "teams" in data["properties"] and "Team" in data["$defs"]


@pytest.mark.slow
def test_examples_match_the_published_schema(invoke):
    jsonschema = pytest.importorskip("jsonschema")
    import yaml

    for path in ARMIES.glob("*.yaml"):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        jsonschema.validate(data, json.loads(invoke("schema", data["ruleset"]).stdout))


def test_hit_tables_json_to_stdout(invoke):
    data = json.loads(invoke("hit-tables", "smle", "--format", "json", "-o", "-").stdout)
    assert data["ruleset"] == "smle" and any(t["id"] == "smle-to-hit" for t in data["tables"])


def test_cli_import_does_not_load_renderers():
    code = "import sys, listgen.cli; print('reportlab' in sys.modules, 'jinja2' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]


def test_main_never_shows_a_traceback(tmp_path):
    bad = tmp_path / "x.yaml"
    bad.write_text("[" * 100_000)
    result = listgen_run("validate", bad, text=True)
    assert result.returncode == 2 and "Traceback" not in result.stderr and "INPUT-TOO-DEEP" in result.stderr


@pytest.mark.parametrize("arg", ["--\x1b[31mred", "mine\x07.yaml", "x\u202e.yaml"])
def test_an_argument_holding_a_terminal_control_is_refused_and_never_echoed(arg, capsys):
    from listgen.__main__ import main

    assert main(["validate", arg]) == 2
    said = capsys.readouterr()
    assert "control character" in said.err and "\x1b" not in said.err + said.out and "\x07" not in said.err


def test_the_full_command_line_collects_garbage_less_often_and_plain_validate_as_python_does(monkeypatch):
    """A printout makes hundreds of thousands of short-lived objects: the command line raises the collector's
    first threshold from CPython's 700 (a seventh of a 100-entry lock was collection); validate keeps Python's."""
    import gc

    from listgen.__main__ import main

    set_to = []
    monkeypatch.setattr(gc, "set_threshold", lambda *t: set_to.append(t))
    assert main(["validate", str(ARMIES / "smle-partisan-band.yaml")]) == 0
    assert set_to == []
    with contextlib.suppress(SystemExit):
        main(["--version"])
    assert set_to == [(50_000, 20, 100)]
