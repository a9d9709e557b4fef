"""Every number a ruleset transcribes is read where it is used (issue 15): a constant in a ruleset's tables.py that
nothing reads is a rule the program only pretends to know, and a mutation of it would pass unnoticed."""

import ast
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "listgen"
TABLES = sorted(PACKAGE.glob("rulesets/*/tables.py"))


def _constants(path: Path) -> list:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = []
    for node in tree.body:
        targets = (
            node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
        )
        names += [t.id for t in targets if isinstance(t, ast.Name) and re.fullmatch(r"[A-Z][A-Z0-9_]*", t.id)]
    return names


@pytest.fixture(scope="module")
def source():
    return "\n".join(p.read_text(encoding="utf-8") for p in PACKAGE.rglob("*.py"))


@pytest.mark.parametrize("tables", TABLES, ids=lambda p: p.parent.name)
def test_every_table_constant_is_read(tables, source):
    words = {}
    for word in re.findall(r"\b[A-Z][A-Z0-9_]+\b", source):
        words[word] = words.get(word, 0) + 1
    unread = []
    for name in _constants(tables):
        uses = words.get(name, 0)
        if uses < 2:  # its own definition only
            unread.append(name)
    assert not unread, f"{tables.parent.name}: read by nothing: {unread}"
