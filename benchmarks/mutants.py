"""A mutation sample: does the fast suite notice when the code is wrong? (issue 26; a benchmark, not CI)

Copies the project, then for a deterministic sample of mutants (a comparison flipped, an integer constant moved by
one, a finding deleted) runs the tests of the mutated module's area against the copy. A mutant the tests pass is a
survivor: either a gap in the tests or a mutation that changes nothing a player sees (equivalent), listed for a
human to judge. Prints the kill rate for the core and for the rulesets.

    python benchmarks/mutants.py            # 60 core + 60 ruleset mutants (about 10-15 minutes on 2 cores)
    python benchmarks/mutants.py --sample 20 --seed 3
"""

from __future__ import annotations

import argparse
import ast
import os
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CORE = ["loader", "share", "edit", "dice", "odds", "matchup", "catalogue", "value", "house", "findings", "rounds"]
RULESET_PARTS = ["checks", "points", "odds", "stats", "tables"]
FLIP = {ast.Lt: ast.LtE, ast.LtE: ast.Lt, ast.Gt: ast.GtE, ast.GtE: ast.Gt, ast.Eq: ast.NotEq, ast.NotEq: ast.Eq}


def tests_for(module: Path) -> list[str]:
    """The tests of a module's area: a ruleset's own, or the core's (with the odds for dice, odds and matchup)."""
    parts = module.relative_to(ROOT / "listgen").parts
    if parts[0] == "rulesets":  # the rulesets' tests (each ruleset's own, the contract, the restated tables)
        return ["tests/rulesets", "tests/odds", "tests/core/test_mutations_round2.py"]
    return ["tests/core", "tests/odds", "tests/events"]


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
    rules = [
        p
        for package in sorted((ROOT / "listgen" / "rulesets").iterdir())
        if package.is_dir() and (package / "__init__.py").exists()
        for p in (package / f"{part}.py" for part in RULESET_PARTS)
        if p.exists()
    ]
    return core, rules


def sample(files: list[Path], n: int, rng: random.Random) -> list[tuple]:
    every = []
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        every += [(path, site) for site in sites(tree)]
    rng.shuffle(every)
    return every[:n]


def run(copy: Path, path: Path, site: tuple) -> bool:
    """True when the tests notice the mutant (it is killed)."""
    target = copy / path.relative_to(ROOT)
    original = target.read_text(encoding="utf-8")
    tree = Mutate(site).visit(ast.parse(original))
    try:
        target.write_text(ast.unparse(ast.fix_missing_locations(tree)) + "\n", encoding="utf-8")
        env = {**os.environ, "PYTHONPATH": str(copy), "SOURCE_DATE_EPOCH": "1780000000"}
        cmd = [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", "-m", "not slow", *tests_for(path)]
        try:
            done = subprocess.run(cmd, cwd=copy, env=env, capture_output=True, text=True, timeout=300)
        except subprocess.TimeoutExpired:
            return True  # a mutant that hangs the tests is noticed
        return done.returncode != 0
    finally:
        target.write_text(original, encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sample", type=int, default=60, help="mutants for the core, and as many for the rulesets")
    parser.add_argument("--seed", type=int, default=26)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    core, rules = modules()
    copy = Path(tempfile.mkdtemp(prefix="listgen-mutants-"))
    try:
        for name in ("listgen", "templates", "tests", "armies"):
            shutil.copytree(ROOT / name, copy / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        for name in ("pyproject.toml", "README.md"):
            shutil.copy(ROOT / name, copy / name)
        for label, files in (("core", core), ("rulesets", rules)):
            killed, survivors = 0, []
            chosen = sample(files, args.sample, rng)
            for path, site in chosen:
                if run(copy, path, site):
                    killed += 1
                else:
                    survivors.append(f"{path.relative_to(ROOT)}:{site[1]}:{site[2]} {site[0]}")
            print(f"{label}: {killed}/{len(chosen)} killed ({100 * killed / max(1, len(chosen)):.0f}%)")
            for s in survivors:
                print(f"  survived: {s}")
            sys.stdout.flush()
    finally:
        shutil.rmtree(copy, ignore_errors=True)


if __name__ == "__main__":
    main()
