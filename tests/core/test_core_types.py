"""The core's types hold its calls to a ruleset (issue 49): ``rulesets.get()`` gives a ``Ruleset[ListHeader]``, so a
part handed the whole report, or the list's raw data, where the list belongs is an error mypy reports; and the core
stays clean under ``mypy --strict`` (pyproject.toml's override, which the CI's ``mypy`` reads)."""

import subprocess
import sys
import textwrap

import pytest
from conftest import ROOT

CALLS = textwrap.dedent("""\
    from listgen.core import rulesets
    from listgen.core.validate import check_text

    report = check_text("ruleset: smle")
    ruleset = rulesets.get("smle")
    assert report.army is not None
    ruleset.value(report.army)
    ruleset.matchup_tables(report.army, report.army)
    ruleset.reference(None)
    ruleset.value(report)  # wrong: the report where the list belongs
    ruleset.matchup_tables(report.army, report)  # wrong: the other list's report, not the list
    report.rules.inventory(report)  # wrong: the report's own ruleset, handed the report
    """)
WRONG = [n for n, line in enumerate(CALLS.splitlines(), start=1) if "# wrong" in line]
# every module of events is kept mypy --strict clean (issue 49), as the core is: a module added is held to it too
STRICT_EVENTS = sorted(p.stem for p in (ROOT / "listgen" / "events").glob("*.py") if p.stem != "__init__")


def _mypy(tmp_path, *args: str) -> subprocess.CompletedProcess:
    mypy = [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml")]
    mypy += ["--cache-dir", str(tmp_path / "cache"), *args]
    return subprocess.run(mypy, cwd=ROOT, capture_output=True, text=True)


@pytest.mark.slow
def test_a_part_handed_the_report_for_the_list_is_a_type_error(tmp_path):
    calls = tmp_path / "calls.py"
    calls.write_text(CALLS, encoding="utf-8")
    found = _mypy(tmp_path, str(calls))
    errors = [line for line in found.stdout.splitlines() if ": error:" in line]
    assert found.returncode == 1 and sorted({int(line.split(":")[1]) for line in errors}) == WRONG, found.stdout
    assert all("[arg-type]" in line and '"ListReport"; expected "ListHeader"' in line for line in errors), found.stdout
    # the right calls alone pass: the errors above are the wrong things handed over, nothing else
    calls.write_text("\n".join(CALLS.splitlines()[: WRONG[0] - 1]) + "\n", encoding="utf-8")
    right = _mypy(tmp_path, str(calls))
    assert right.returncode == 0, right.stdout


@pytest.mark.slow
def test_the_core_is_strict_and_the_gate_says_so(tmp_path):
    """The override in pyproject.toml makes the project's own ``mypy`` strict for listgen.core and the modules of
    events (STRICT_EVENTS): a bare ``list`` planted in a copy of each fails it, where it passes the rest."""
    import shutil

    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    assert '"listgen.core.*"' in text and "disallow_any_generics = true" in text
    copy = tmp_path / "listgen"
    shutil.copytree(ROOT / "listgen", copy, ignore=shutil.ignore_patterns("__pycache__", "fonts", "static"))
    mypy = [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml")]
    mypy += ["--cache-dir", str(tmp_path / "cache"), str(copy / "core")]
    whole = subprocess.run(mypy, cwd=tmp_path, capture_output=True, text=True)
    assert whole.returncode == 0, whole.stdout
    events = [copy / "events" / f"{name}.py" for name in STRICT_EVENTS]
    control = copy / "render" / "qr.py"  # not strict: its planted bare list passes, so the gate tells them apart
    for module in [copy / "core" / "sheet.py", *events, control]:
        module.write_text(
            module.read_text(encoding="utf-8") + "\n\ndef planted(rows: list) -> list:\n    return rows\n"
        )
    planted = subprocess.run(mypy + [str(copy / "events"), str(control)], cwd=tmp_path, capture_output=True, text=True)
    assert planted.returncode == 1 and "[type-arg]" in planted.stdout, planted.stdout
    # the core and every module of events are strict; the control is not
    said = {line.split(":")[0].rsplit("/", 1)[-1] for line in planted.stdout.splitlines() if "[type-arg]" in line}
    assert said == {"sheet.py"} | {f"{name}.py" for name in STRICT_EVENTS}, planted.stdout
