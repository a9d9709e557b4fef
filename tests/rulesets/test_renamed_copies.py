"""A ruleset is its package (issue 40): a renamed copy of Close Action and of S.M.L.E., dropped into a copy of the
project with nothing outside the two packages added or edited, are rulesets of their own (close-action-two,
smle-two) that keep the contract and pass the fast suite and the page's browser flow beside the originals. A test
keyed by a ruleset's name, or a file outside a package that lists the rulesets, fails here."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest
from conftest import ROOT
from test_new_ruleset import digests

COPIES = {"close_action": "close_action_two", "smle": "smle_two"}


@pytest.fixture(scope="module")
def tree(tmp_path_factory):
    root = tmp_path_factory.mktemp("renamed")
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".hypothesis", ".pytest_cache", "node_modules")
    for name in ("listgen", "templates", "tests", "armies", "benchmarks", ".ci", "docs"):
        shutil.copytree(ROOT / name, root / name, ignore=ignore)
    for name in ("pyproject.toml", "README.md", "mkdocs.yml"):
        shutil.copy(ROOT / name, root / name)
    before = digests(root)
    for package, copy in COPIES.items():
        shutil.copytree(root / "listgen" / "rulesets" / package, root / "listgen" / "rulesets" / copy, ignore=ignore)
    return root, before


def pytest_in(root, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(root), "SOURCE_DATE_EPOCH": "1780000000"}
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args]
    return subprocess.run(command, cwd=root, env=env, capture_output=True, text=True)


def test_the_copies_are_rulesets_of_their_own_and_nothing_else_changed(tree):
    root, before = tree
    env = {**os.environ, "PYTHONPATH": str(root)}
    listed = subprocess.run(
        [sys.executable, "-c", "from listgen.rulesets import slugs; print(' '.join(slugs()))"],
        cwd=root, env=env, capture_output=True, text=True, check=True,
    ).stdout.split()  # fmt: skip
    assert {"close-action", "close-action-two", "smle", "smle-two"} <= set(listed)
    after = digests(root)
    assert {name: after.get(name) for name in before} == before
    added = sorted({name.split("/")[2] for name in set(after) - set(before)})
    assert added == sorted(COPIES.values())


@pytest.mark.slow
def test_the_copies_keep_the_contract_and_pass_the_fast_suite(tree):
    root, _ = tree
    contract = pytest_in(root, "tests/rulesets/test_ruleset_contract.py", "-k", "two")
    assert contract.returncode == 0 and " passed" in contract.stdout, contract.stdout[-3000:]
    suite = pytest_in(
        root, "-x", "-m", "not slow", "--ignore=tests/rulesets/test_new_ruleset.py",
        "--ignore=tests/rulesets/test_renamed_copies.py",  # each, run inside its copy, would copy the copy
    )  # fmt: skip
    assert suite.returncode == 0, suite.stdout[-3000:]


@pytest.mark.slow
def test_the_copies_pages_build_check_print_and_save_a_list(tree):
    root, _ = tree
    flows = pytest_in(root, "tests/web/test_serve_browser.py", "-k", "build_check_print_save and two")
    assert flows.returncode == 0 and "2 passed" in flows.stdout, flows.stdout[-3000:]
