"""CI proves every dependency at both ends of its range: .ci/floors.txt pins each to the floor pyproject.toml says."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _floors_in_pyproject() -> dict:
    text = (ROOT / "pyproject.toml").read_text()
    deps = re.findall(r'"([A-Za-z0-9_.\-]+)(?:\[[a-z]+\])?>=([0-9.]+),<[0-9.]+"', text)
    return {name.lower(): _release(floor) for name, floor in deps}


def _pins_in_floors() -> dict:
    lines = (ROOT / ".ci" / "floors.txt").read_text().splitlines()
    pins = [line.split("==") for line in lines if line and not line.startswith("#")]
    return {name.lower(): _release(version) for name, version in pins}


def _release(version: str) -> tuple:
    """1.18 and 1.18.0 are one release."""
    parts = [int(p) for p in version.split(".")]
    while parts[-1] == 0 and len(parts) > 1:
        parts.pop()
    return tuple(parts)


def test_every_floor_is_pinned_in_the_constraints_ci_installs():
    floors = _floors_in_pyproject()
    assert len(floors) == 23  # eleven to run, eleven to test, one for the manual (each with a floor and a ceiling)
    assert _pins_in_floors() == floors
