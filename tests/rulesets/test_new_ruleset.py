"""A sixth ruleset is one package: dropped into a copy of the whole project, it is listed, validated, priced,
rendered and packed into the wheel, it keeps the ruleset contract, the project's fast suite still passes,
and no file the project already had is touched.

The package is tests/toy_ruleset (a throwaway ruleset with one rule and one table, its starter list, catalogue,
matchup and browser flows in the package): nothing outside it is added or edited. Tests that cover each ruleset
take its starter where armies/ holds no example of it, and its schema is generated (`listgen schema toy`).
"""

import hashlib
import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from conftest import ROOT, listgen_run

TOY = Path(__file__).resolve().parents[1] / "toy_ruleset"
LEGAL = "ruleset: toy\nname: Toy force\npoints_limit: 20\nbands:\n  - {name: Reds, figures: 6}\n  - {name: Blues, figures: 4}\n"


def digests(tree: Path) -> dict:
    return {
        str(p.relative_to(tree)): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(tree.rglob("*"))
        if p.is_file()
    }


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    """A copy of the project with the toy package added under listgen/rulesets/toy."""
    root = tmp_path_factory.mktemp("project")
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis", ".pytest_cache")
    for name in ("listgen", "templates", "tests", "armies", "benchmarks", ".ci", "docs"):
        shutil.copytree(ROOT / name, root / name, ignore=ignore)
    for name in ("pyproject.toml", "README.md", "mkdocs.yml"):
        shutil.copy(ROOT / name, root / name)
    before = digests(root)
    shutil.copytree(TOY, root / "listgen" / "rulesets" / "toy", ignore=ignore)
    (root / "toy.yaml").write_text(LEGAL, encoding="utf-8")
    (root / "big.yaml").write_text(LEGAL.replace("figures: 6", "figures: 17"), encoding="utf-8")
    return root, before


def run(tree, *args):
    root, _before = tree
    env = {**os.environ, "PYTHONPATH": str(root), "SOURCE_DATE_EPOCH": "1780000000"}
    return listgen_run(*args, cwd=root, env=env, text=True)


def test_the_copy_is_the_one_imported(tree):
    root, _ = tree
    env = {**os.environ, "PYTHONPATH": str(root)}
    out = subprocess.run(
        [sys.executable, "-c", "import listgen; print(listgen.__file__)"],
        env=env,
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert out.strip().startswith(str(root))


@pytest.mark.slow
def test_listed(tree):
    result = run(tree, "rulesets")
    assert result.returncode == 0 and "toy" in result.stdout and "Toy Skirmish" in result.stdout
    assert "toy" in run(tree, "--help").stdout


@pytest.mark.slow
def test_validated_and_priced(tree):
    legal = run(tree, "validate", "toy.yaml")
    assert legal.returncode == 0 and "LEGAL" in legal.stdout and "10 of 20 points" in legal.stdout
    illegal = run(tree, "validate", "big.yaml", "--format", "json")
    codes = [f["code"] for f in json.loads(illegal.stdout)["findings"]]
    assert illegal.returncode == 1 and sorted(codes) == [
        "TOY-BAND-SIZE",
        "TOY-POINTS-LIMIT",
    ]  # its rule, the shared one
    assert "Toy points" in run(tree, "points", "toy.yaml").stdout


@pytest.mark.slow
def test_rendered(tree):
    root, _ = tree
    for args, out in (
        (("roster", "toy.yaml", "-o", "r.pdf"), "r.pdf"),
        (("reference", "toy", "-o", "s.pdf"), "s.pdf"),
        (("hit-tables", "toy", "-o", "h.pdf"), "h.pdf"),
    ):
        result = run(tree, *args)
        assert result.returncode == 0, result.stderr
        assert (root / out).read_bytes().startswith(b"%PDF")
    assert (
        json.loads(run(tree, "hit-tables", "toy", "--format", "json", "-o", "-").stdout)["tables"][0]["id"] == "toy-hit"
    )
    assert json.loads(run(tree, "schema", "toy").stdout)["title"].startswith("Toy Skirmish")


@pytest.mark.slow
def test_packed_into_the_wheel(tree, tmp_path):
    pytest.importorskip("hatchling")
    root, _ = tree
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(tmp_path),
            str(root),
        ],
        check=True,
        capture_output=True,
    )
    names = zipfile.ZipFile(next(tmp_path.glob("*.whl"))).namelist()
    assert "listgen/rulesets/toy/army.py" in names and "listgen/templates/export.md.j2" in names
    assert "listgen/rulesets/toy/starter.yaml.j2" in names  # its starter travels with the package


def test_no_shared_file_was_edited(tree):
    root, before = tree
    after = digests(root)
    assert {name: after.get(name) for name in before} == before


@pytest.mark.slow
def test_the_copy_keeps_the_contract_and_passes_the_fast_suite(tree):
    root, _ = tree
    env = {**os.environ, "PYTHONPATH": str(root)}
    contract = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/rulesets/test_ruleset_contract.py", "-k", "toy"],
        cwd=root, env=env, capture_output=True, text=True,
    )  # fmt: skip
    assert contract.returncode == 0 and " passed" in contract.stdout, contract.stdout[-3000:]
    suite = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", "-m", "not slow",
         "--ignore=tests/rulesets/test_new_ruleset.py"],  # this test, run inside its own copy, would copy the copy
        cwd=root, env=env, capture_output=True, text=True,
    )  # fmt: skip
    assert suite.returncode == 0, suite.stdout[-3000:]


@pytest.mark.slow
def test_the_copy_s_page_builds_checks_prints_and_saves_a_list_of_the_sixth_ruleset(tree):
    """The browser flow runs over every ruleset found: the toy brings its own (its testing.PAGE_FLOW)."""
    root, _ = tree
    env = {**os.environ, "PYTHONPATH": str(root)}
    flows = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/web/test_serve_browser.py",
         "-k", "build_check_print_save and toy"],
        cwd=root, env=env, capture_output=True, text=True,
    )  # fmt: skip
    assert flows.returncode == 0 and "1 passed" in flows.stdout, flows.stdout[-3000:]
