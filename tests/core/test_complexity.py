"""The complexity gate (issue 26, finished in issue 40): no function of listgen's over McCabe complexity 15, with no
list of exceptions (each ruleset's checks are a table of rules, one function a rule). ruff measures; `ruff check
--select C901` shows the same."""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BOUND = 15


def measured(folder: Path) -> dict:
    ruff = Path(sys.executable).parent / "ruff"
    found = subprocess.run(
        [str(ruff), "check", "--select", "C901", "--config", f"lint.mccabe.max-complexity={BOUND}",
         "--output-format", "json", "--exit-zero", "--no-cache", str(folder)],
        cwd=ROOT, capture_output=True, text=True, check=True,
    )  # fmt: skip
    out = {}
    for item in json.loads(found.stdout):
        name = item["message"].split("`")[1]
        complexity = int(item["message"].split("(")[1].split(" ")[0])
        out[f"{Path(item['filename']).resolve().relative_to(folder.resolve().parent).as_posix()}:{name}"] = complexity
    return out


def test_no_function_is_over_the_complexity_bound():
    over = measured(ROOT / "listgen")
    assert not over, f"over complexity {BOUND}: {over} (split them up: one function a rule)"


def test_the_gate_sees_a_function_over_the_bound(tmp_path):
    """The control: a function of sixteen branches, written here, is found with its complexity."""
    folder = tmp_path / "pkg"
    folder.mkdir()
    branches = "".join(f"    if x == {i}:\n        return {i}\n" for i in range(15))
    (folder / "big.py").write_text(f"def big(x):\n{branches}    return -1\n")
    assert measured(folder) == {"pkg/big.py:big": 16}
