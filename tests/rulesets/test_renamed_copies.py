"""A ruleset is its package (issues 40, 49): each of the five, copied and renamed (the package's folder, the module
paths inside it and its slug: ``smle`` is ``smle_two``, listed as ``smle-two``), into one copy of the project with
nothing outside the packages added or edited, is a ruleset of its own that keeps the contract and passes the fast
suite and the page's browser flow beside the originals. A test keyed by a ruleset's name, a file outside a package
that lists the rulesets, or a package that needs something from outside itself (an example in armies/), fails here.

The five copies share one tree and each inner pytest runs once over all of them (two workers), to keep CI's cost
bounded: one more run of the fast suite and five browser flows (on two cores: 83 s and 19 s when idle, 8 min and
32 s with the cores shared by three other suites). The copies are renamed as a set: Noonday Sun's copy borrows
S.M.L.E.'s copy (``..smle_two``, ``borrows = ("smle-two",)``), so no copy reads an original."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest
from conftest import ROOT
from test_new_ruleset import digests

PACKAGES = ("smle", "noonday_sun", "close_action", "bounce_into_action", "sol_prime")
COPIES = {package: f"{package}_two" for package in PACKAGES}
SLUGS = {package.replace("_", "-"): copy.replace("_", "-") for package, copy in COPIES.items()}
IGNORE = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis", ".pytest_cache", "node_modules")


def renamed(text: str) -> str:
    """A package's text with every name of a copied package renamed: module paths (``listgen.rulesets.smle``,
    ``from ..smle import``) to the copy's package, and the slug wherever it stands as a word (a table's id
    ``smle-to-hit``, ``listgen new smle``, ``borrows = ("smle",)``) to the copy's slug. The rules text a package
    was transcribed from (``smle.txt``) keeps its name: it is a file in shared/rules, not the package."""
    for package, copy in COPIES.items():
        module = rf"(?<=listgen\.rulesets\.){package}\b|(?<=from \.\.){package}\b"
        text = re.sub(rf"{module}|(?<![\w.-]){package}(?=\.(?!txt\b|schema\b)[a-z_]+\b)", copy, text)  # smle.points
        text = re.sub(rf"(?<![\w.-]){package}(?![\w-])(?!\.txt)", copy, text) if "_" in package else text
    for slug, copy in SLUGS.items():
        text = re.sub(rf"(?<![\w.-]){slug}(?![\w])(?!\.txt)", copy, text)
    return text


def left_over(text: str) -> list[str]:
    """Names of an original package still in a copy's text (a rules text's file name aside)."""
    names = "|".join(sorted({*PACKAGES, *SLUGS}, key=len, reverse=True))
    return re.findall(rf"(?<![\w-])(?:{names})(?![\w]|-two|\.txt)", text)


def copy_renamed(source, target) -> None:
    shutil.copytree(source, target, ignore=IGNORE)
    for path in sorted(target.rglob("*")):
        if path.is_file() and path.suffix in (".py", ".j2", ".yaml", ".md", ".txt"):
            path.write_text(renamed(path.read_text(encoding="utf-8")), encoding="utf-8")


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    root = tmp_path_factory.mktemp("renamed")
    for name in ("listgen", "templates", "tests", "armies", "benchmarks", ".ci", "docs"):
        shutil.copytree(ROOT / name, root / name, ignore=IGNORE)
    for name in ("pyproject.toml", "README.md", "mkdocs.yml"):
        shutil.copy(ROOT / name, root / name)
    before = digests(root)
    for package, copy in COPIES.items():
        copy_renamed(root / "listgen" / "rulesets" / package, root / "listgen" / "rulesets" / copy)
    return root, before


def pytest_in(root, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(root), "SOURCE_DATE_EPOCH": "1780000000"}
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args]
    return subprocess.run(command, cwd=root, env=env, capture_output=True, text=True)


def test_the_renaming_renames_module_paths_and_slugs_and_keeps_the_rules_texts_name():
    text = 'from ..smle import odds\nimport listgen.rulesets.noonday_sun.army\nid="noonday-sun-doors"\nsource = "smle.txt"\n'
    assert renamed(text) == (
        'from ..smle_two import odds\nimport listgen.rulesets.noonday_sun_two.army\nid="noonday-sun-two-doors"\n'
        'source = "smle.txt"\n'
    )
    assert renamed("(smle.points.highest) $schema=smle.schema.json") == (
        "(smle_two.points.highest) $schema=smle-two.schema.json"
    )
    assert renamed('borrows = ("smle",)  # listgen new bounce-into-action') == (
        'borrows = ("smle-two",)  # listgen new bounce-into-action-two'
    )
    assert left_over(renamed(text)) == [] and left_over(text) == ["smle", "noonday_sun", "noonday-sun"]


def test_the_copies_are_rulesets_of_their_own_renamed_inside_and_nothing_else_changed(tree):
    root, before = tree
    for copy in COPIES.values():
        for path in sorted((root / "listgen" / "rulesets" / copy).rglob("*")):
            if path.is_file():
                assert not left_over(path.read_text(encoding="utf-8")), f"{path} still names an original"
    # every part of every copy loads without importing any module of an original package
    probe = (
        "import sys, importlib\nfrom listgen import rulesets\n"
        "print(' '.join(rulesets.slugs()))\n"
        f"for slug in {sorted(SLUGS.values())!r}:\n"
        "    ruleset = rulesets.get(slug)\n"
        "    for part in ('army', 'points', 'checks', 'roster', 'sheet', 'odds', 'balance', 'catalogue', 'testing'):\n"
        "        importlib.import_module(f'{ruleset.package}.{part}')\n"
        f"print(' '.join(m for m in sys.modules if m.split('.')[:3] in {[['listgen', 'rulesets', p] for p in PACKAGES]!r}))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(root)}
    out = subprocess.run(
        [sys.executable, "-c", probe], cwd=root, env=env, capture_output=True, text=True, check=True
    ).stdout.splitlines()
    assert {*SLUGS, *SLUGS.values()} <= set(out[0].split())
    assert out[1:] == [""], f"a copy imports an original: {out[1:]}"
    after = digests(root)
    assert {name: after.get(name) for name in before} == before
    added = sorted({name.split("/")[2] for name in set(after) - set(before)})
    assert added == sorted(COPIES.values())


def passed(junit, word: str) -> set[str]:
    """The names of the tests of a junit report that passed, of those whose name holds word."""
    cases = ET.parse(junit).getroot().iter("testcase")
    return {c.get("name", "") for c in cases if word in c.get("name", "") and not len(c)}


@pytest.mark.slow
def test_the_copies_keep_the_contract_and_pass_the_fast_suite(tree):
    """One run of the fast suite over the tree: the contract's tests run over every ruleset found, the copies too."""
    root, _ = tree
    junit = root / "fast.xml"
    suite = pytest_in(
        root, "-m", "not slow", "-n", "2", f"--junitxml={junit}", "--ignore=tests/rulesets/test_new_ruleset.py",
        "--ignore=tests/rulesets/test_renamed_copies.py",  # each, run inside its copy, would copy the copy
    )  # fmt: skip
    assert suite.returncode == 0, suite.stdout[-5000:]
    contract = passed(junit, "-two]")
    for slug in SLUGS.values():
        assert any(name.startswith("test_it_has_legal_examples") and f"[{slug}]" in name for name in contract), slug
        assert any(name.startswith("test_balance_advice_is_lines") and f"[{slug}]" in name for name in contract), slug


@pytest.mark.slow
def test_the_copies_pages_build_check_print_and_save_a_list(tree):
    root, _ = tree
    flows = pytest_in(root, "tests/web/test_serve_browser.py", "-n", "2", "-k", "build_check_print_save and two")
    assert flows.returncode == 0 and f"{len(COPIES)} passed" in flows.stdout, flows.stdout[-3000:]
