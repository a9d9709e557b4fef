"""`listgen validate` without the command-line framework: the same answers, faster, nothing heavy loaded."""

import json
import subprocess
import sys

import pytest
from conftest import ARMIES, BASE, listgen_run

from listgen.__main__ import main, plain_validate
from listgen.cli import app

GOOD = str(ARMIES / "smle-german-section.yaml")


@pytest.fixture
def lists(write):
    return {
        "good": GOOD,
        "bad": str(write(BASE.replace("points_limit: 100", "points_limit: 10"), "bad.yaml")),
        "warn": str(write(BASE.replace("{count: 4, weapon: rifle}", "{count: 6, weapon: rifle}"), "warn.yaml")),
        "broken": str(write("ruleset: smle\nname: [\n", "broken.yaml")),
    }


CASES = [
    ["validate", "good"],
    ["validate", "bad"],
    ["validate", "warn", "--strict"],
    ["validate", "--strict", "warn", "good"],
    ["validate", "-f", "json", "good", "bad"],
    ["validate", "--format=json", "good"],
    ["validate", "-fjson", "--strict", "warn"],
    ["validate", "--format", "text", "broken", "good"],
    ["validate", "--", "good"],
]


@pytest.mark.parametrize("case", CASES, ids=[" ".join(c) for c in CASES])
def test_plain_validate_answers_as_the_full_command_line(case, lists, runner, capsys):
    args = [lists.get(a, a) for a in case]
    assert plain_validate(args) is not None
    code = main(args)
    fast = capsys.readouterr()
    full = runner.invoke(app, args)
    assert (code, fast.out, fast.err) == (full.exit_code, full.stdout, full.stderr)


@pytest.mark.parametrize(
    "args",
    [
        ["validate"],
        ["validate", "--help"],
        ["validate", "-h", GOOD],
        ["validate", "-f", "xml", GOOD],
        ["validate", "--format"],
        ["validate", "--stric", GOOD],
        ["points", GOOD],
        ["--version"],
    ],
)
def test_anything_else_goes_to_the_full_command_line(args):
    assert plain_validate(args) is None


def _loaded_by_validate(names: set) -> list:
    """Which of these modules a plain `listgen validate` of a good list has loaded, in a Python of its own."""
    code = (
        "import json, sys\nfrom listgen.__main__ import main\n"
        f"main(['validate', {GOOD!r}])\n"
        f"print(json.dumps(sorted({{m.split('.')[0] for m in sys.modules}} & set({sorted(names)!r}))))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    return json.loads(out.splitlines()[-1])


def test_validate_loads_no_framework_no_renderer_and_no_web_server():
    assert _loaded_by_validate({"typer", "reportlab", "jinja2", "pydantic", "flask", "werkzeug", "ruamel"}) == []


def test_python_dash_m_runs_it():
    result = listgen_run("validate", GOOD, text=True)
    assert result.returncode == 0 and "LEGAL" in result.stdout


def test_the_fast_reader_knows_every_option_validate_declares():
    """One meaning for validate: the options and formats __main__ reads are those cli.validate declares."""
    import typer

    from listgen.__main__ import FORMATS, VALIDATE_OPTIONS
    from listgen.cli import app

    group = typer.main.get_command(app)
    assert isinstance(group, typer.core.TyperGroup)
    command = group.commands["validate"]
    declared = {o for p in command.params for o in (*p.opts, *p.secondary_opts) if o.startswith("-")}
    assert set(VALIDATE_OPTIONS) == declared - {"--help", "-h"}
    fmt = next(p for p in command.params if p.name == "format")
    assert set(FORMATS) == set(getattr(fmt.type, "choices", ()))


def test_validate_loads_nothing_it_does_not_use():
    """Issue 39: validate writes nothing and builds no dataclass: tempfile and pathlib (writing), dataclasses and the
    inspect it pulls in (17 ms) stay unloaded, so its start-up stays near Python's own import of yaml."""
    assert _loaded_by_validate({"tempfile", "pathlib", "dataclasses", "inspect"}) == []
