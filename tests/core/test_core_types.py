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
# the modules of events kept mypy --strict clean (issue 49): the campaign's, the ladder's, the pack's, the export's
# declarations, the event's files and the rounds (the organiser's commands on files); the tournament's is not yet
STRICT_EVENTS = [
    "campaign", "campaign_seal", "ladder", "pack", "results", "event_files", "rounds", "event", "event_lock",
    "event_state", "round_text", "round_pairing", "slips", "event_printouts", "entrants", "event_export", "tournament",
]  # fmt: skip


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
    events STRICT_EVENTS names: a bare ``list`` planted in a copy of each fails it, where it passes the rest."""
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
    for module in [copy / "core" / "sheet.py", *events]:
        module.write_text(
            module.read_text(encoding="utf-8") + "\n\ndef planted(rows: list) -> list:\n    return rows\n"
        )
    planted = subprocess.run(mypy + [str(copy / "events")], cwd=tmp_path, capture_output=True, text=True)
    assert planted.returncode == 1 and "[type-arg]" in planted.stdout, planted.stdout
    # the core and STRICT_EVENTS (the tournament's module among them) are strict
    said = {line.split(":")[0].rsplit("/", 1)[-1] for line in planted.stdout.splitlines() if "[type-arg]" in line}
    assert said == {"sheet.py"} | {f"{name}.py" for name in STRICT_EVENTS}, planted.stdout
