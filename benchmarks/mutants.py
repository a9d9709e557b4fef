"""A mutation sample: does the fast suite notice when the code is wrong? (issues 26, 40; a benchmark, not CI)

Copies the project (with benchmarks/, which two fast tests use), runs each area's unmutated tests there first as a
control and stops if they do not pass (then nothing a mutant does could be told apart from a broken copy), then for
a deterministic sample of mutants (a comparison flipped, an integer constant moved by one, a finding deleted) runs
the tests of the mutated module's area against the copy. Each mutant ends one of three ways: killed (a test failed,
pytest's exit 1), survived (every test passed: a gap in the tests or a mutation that changes nothing a player sees,
shown with its diff for a human to judge) or an error (pytest could not run the tests: exit 2 or more, a timeout;
counted apart, never as a kill). The kill rate is killed / (killed + survived).

A mutant a human has judged equivalent (it changes nothing any input could show) is marked where it would be made,
on the line, with its kind and why: ``# equivalent mutant (constant): reading MAX_BYTES + 2 refuses the same
files``. The sample leaves such sites out and says how many it left out, so the rate counts only mutants a test
could catch; the reason stays beside the code for review, and a change to that line should be judged again.

    python benchmarks/mutants.py --sample 25 --seed 51      # 25 core + 25 ruleset mutants (about 15 minutes)
"""

from __future__ import annotations

import argparse
import ast
import difflib
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# the core's modules sampled, by their place in the package (issue 40 put them in core/ and events/)
CORE = [
    *(f"core/{name}" for name in ("loader", "share", "edit", "dice", "odds", "matchup", "catalogue", "value", "house")),
    "core/findings",
    "events/rounds",
]
RULESET_PARTS = ["checks", "points", "odds", "stats", "tables"]
EQUIVALENT = re.compile(r"# equivalent mutant \(([a-z, ]+)\): \S")  # the kinds judged equivalent on a line, and why
FLIP = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.Eq: ast.NotEq, ast.NotEq: ast.Eq}


PAGE = {"edit", "catalogue"}  # the page's edits and catalogue: the page's own tests read them too


def tests_for(module: Path) -> list[str]:
    """The tests of a module's area: a ruleset's own, or the core's (with the odds for dice, odds and matchup, and
    the page's fast tests for what the page runs)."""
    parts = module.relative_to(ROOT / "listgen").parts
    if parts[0] == "rulesets":  # the rulesets' tests (each ruleset's own, the contract, the restated tables)
        return ["tests/rulesets", "tests/odds"]
    page = ["tests/web", "tests/rulesets/test_catalogue.py"] if module.stem in PAGE else []
    return ["tests/core", "tests/odds", "tests/events", *page]


def sites(tree: ast.AST) -> list[tuple]:
    """(kind, line, col) of each place a mutant can be made."""
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare) and len(node.ops) == 1 and type(node.ops[0]) in FLIP:
            out.append(("compare", node.lineno, node.col_offset))
        elif isinstance(node, ast.Constant) and type(node.value) is int:  # bool is no int here: type() is exact
            out.append(("constant", node.lineno, node.col_offset))
        elif (
            isinstance(node, ast.Expr)
            and isinstance(node.value, ast.Call)
            and isinstance(node.value.func, ast.Attribute)
            and node.value.func.attr in ("error", "warning")
        ):
            out.append(("finding", node.lineno, node.col_offset))
    return out


class Mutate(ast.NodeTransformer):
    def __init__(self, site: tuple):
        self.kind, self.line, self.col = site

    def _here(self, node) -> bool:
        return getattr(node, "lineno", None) == self.line and getattr(node, "col_offset", None) == self.col

    def visit_Compare(self, node):  # noqa: N802 - ast's name
        self.generic_visit(node)
        if self.kind == "compare" and self._here(node):
            node.ops = [FLIP[type(node.ops[0])]()]
        return node

    def visit_Constant(self, node):  # noqa: N802
        if self.kind == "constant" and self._here(node):
            return ast.copy_location(ast.Constant(node.value + 1), node)
        return node

    def visit_Expr(self, node):  # noqa: N802
        self.generic_visit(node)
        if self.kind == "finding" and self._here(node):
            return ast.copy_location(ast.Pass(), node)
        return node


def modules() -> tuple[list[Path], list[Path]]:
    core = [ROOT / "listgen" / f"{name}.py" for name in CORE]
    missing = [str(p) for p in core if not p.exists()]
    if missing:  # a module moved: say so, rather than sample nothing from it
        raise SystemExit(f"mutants.py: no such module {missing}: update CORE")
    rules = [
        p
        for package in sorted((ROOT / "listgen" / "rulesets").iterdir())
        if package.is_dir() and (package / "__init__.py").exists()
        for p in (package / f"{part}.py" for part in RULESET_PARTS)
        if p.exists()
    ]
    return core, rules


def judged_equivalent(source: str) -> set[tuple[str, int]]:
    """(kind, line) of every site a '# equivalent mutant (kind, ...): why' sets aside: on its own line, or on the
    next where the comment stands alone (a line too long to hold it)."""
    out = set()
    for number, line in enumerate(source.splitlines(), start=1):
        found = EQUIVALENT.search(line)
        if found:
            at = number + 1 if line.lstrip().startswith("#") else number
            out |= {(kind.strip(), at) for kind in found.group(1).split(",")}
    return out


def sample(files: list[Path], n: int, rng: random.Random) -> tuple[list[tuple], int]:
    """n sites drawn from the files (the same draw for the same seed and code), and how many sites were set aside
    as judged equivalent."""
    every, set_aside = [], 0
    for path in files:
        source = path.read_text(encoding="utf-8")
        equivalent = judged_equivalent(source)
        for site in sites(ast.parse(source)):
            if (site[0], site[1]) in equivalent:
                set_aside += 1
            else:
                every.append((path, site))
    rng.shuffle(every)
    return every[:n], set_aside


def pytest_in(copy: Path, tests: list[str]) -> tuple[int, str]:
    """pytest's exit code and last lines on the copy, for the fast tests given; -1 when it timed out."""
    env = {**os.environ, "PYTHONPATH": str(copy), "SOURCE_DATE_EPOCH": "1780000000"}
    cmd = [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", "-m", "not slow", *tests]
    try:
        done = subprocess.run(cmd, cwd=copy, env=env, capture_output=True, text=True, timeout=300)
    except subprocess.TimeoutExpired:
        return -1, "timed out after 300 s"
    return done.returncode, "\n".join(done.stdout.strip().splitlines()[-3:])


def mutant(path: Path, site: tuple) -> tuple[str, str]:
    """(the mutated source, its diff against the original)."""
    original = path.read_text(encoding="utf-8")
    tree = Mutate(site).visit(ast.parse(original))
    mutated = ast.unparse(ast.fix_missing_locations(tree)) + "\n"
    before = ast.unparse(ast.parse(original)) + "\n"  # both unparsed, so that the diff shows the mutation only
    diff = difflib.unified_diff(before.splitlines(), mutated.splitlines(), lineterm="", n=0)
    return mutated, "\n".join(line for line in diff if not line.startswith(("---", "+++")))


def run(copy: Path, path: Path, site: tuple) -> tuple[str, str]:
    """('killed' | 'survived' | 'error', the diff and what pytest said)."""
    target = copy / path.relative_to(ROOT)
    original = target.read_text(encoding="utf-8")
    mutated, diff = mutant(path, site)
    try:
        target.write_text(mutated, encoding="utf-8")
        code, said = pytest_in(copy, tests_for(path))
    finally:
        target.write_text(original, encoding="utf-8")
    outcome = {0: "survived", 1: "killed"}.get(code, "error")
    return outcome, f"{diff}\n    pytest: {said}" if outcome == "error" else diff


def copy_project() -> Path:
    copy = Path(tempfile.mkdtemp(prefix="listgen-mutants-"))
    for name in ("listgen", "templates", "tests", "armies", "benchmarks", ".ci", "docs"):
        shutil.copytree(ROOT / name, copy / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    for name in ("pyproject.toml", "README.md", "mkdocs.yml"):
        shutil.copy(ROOT / name, copy / name)
    return copy


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sample", type=int, default=25, help="mutants for the core, and as many for the rulesets")
    parser.add_argument("--seed", type=int, default=51)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    core, rules = modules()
    copy = copy_project()
    try:
        for label, files in (("core", core), ("rulesets", rules)):
            code, said = pytest_in(copy, tests_for(files[0]))
            print(f"{label}: control (the unmutated tests on the copy): exit {code}; {said.splitlines()[-1]}")
            if code != 0:
                sys.exit(f"{label}: the control run does not pass, so no mutant can be judged: mend that first")
            counts = {"killed": 0, "survived": 0, "error": 0}
            shown = []
            chosen, set_aside = sample(files, args.sample, rng)
            for path, site in chosen:
                outcome, detail = run(copy, path, site)
                counts[outcome] += 1
                if outcome != "killed":
                    shown.append(f"  {outcome}: {path.relative_to(ROOT)}:{site[1]}:{site[2]} {site[0]}\n{detail}")
            judged = counts["killed"] + counts["survived"]
            rate = f"{100 * counts['killed'] / judged:.0f}%" if judged else "none judged"
            print(
                f"{label} (seed {args.seed}): {counts['killed']} killed, {counts['survived']} survived, "
                f"{counts['error']} errors (not counted) of {len(chosen)}: {rate} killed; {set_aside} sites judged "
                "equivalent left out of the draw (each says why on its line)"
            )
            for line in shown:
                print(line)
            sys.stdout.flush()
    finally:
        shutil.rmtree(copy, ignore_errors=True)


if __name__ == "__main__":
    main()
