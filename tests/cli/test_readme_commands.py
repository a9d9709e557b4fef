"""The README's two commands are the ones CI runs: the test command first, before anything else is installed, so
that a step a bare machine lacks turns CI red (issue 49), and the install-and-build command last."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def readme_commands() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    return [block.strip() for block in re.findall(r"```sh\n(.*?)```", readme, re.S)][:2]


def ci_commands() -> list[str]:
    lines = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    return [line.split("  #")[0].strip() for line in lines if line.strip() and not line.lstrip().startswith("#")]


def test_ci_runs_the_readme_test_command_before_it_installs_anything():
    build, test = readme_commands()
    commands = ci_commands()
    first = next(i for i, c in enumerate(commands) if not c.startswith(("set ", "cd ", "rm ")))
    assert commands[first] == test
    before = [c for c in commands[:first] if not c.startswith("rm ")]  # clearing old venvs installs nothing
    assert not any(word in c for c in before for word in ("install", "apt-get", "npm", "venv"))
    assert commands[-1] == build.replace("pip install .", "pip install -q .")


def test_the_test_command_installs_what_the_tests_need():
    """tests/run itself: Debian's browsers and tools (as root, or the command to run), the npm packages the
    Firefox tests drive, the editable venv with the test extras, then pytest on every core."""
    script = (ROOT / "tests" / "run").read_text(encoding="utf-8")
    for need in ("chromium", "firefox-esr", "webkit2gtk-driver", "xvfb", "poppler-utils", "zbar-tools", "nodejs"):
        assert need in script
    assert "npm ci --prefix tests/web/engines" in script
    assert 'pip install -q -e ".[test]"' in script
    assert "pytest -n auto" in script
    assert (ROOT / "tests" / "run").stat().st_mode & 0o111  # runs as written, ./tests/run or tests/run
