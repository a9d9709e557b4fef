"""Thousands of mutated lists: none raises, every unreadable one says why, every readable one prices and prints.

Mutations start from the example armies: text edits (characters deleted, inserted, duplicated, control
characters and odd Unicode) and value edits (a leaf replaced by another kind of value).
"""

import pytest
import yaml
from conftest import ARMIES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from listgen.core.validate import check_text
from listgen.output import text
from listgen.rulesets import get

EXAMPLES = [p.read_text(encoding="utf-8") for p in sorted(ARMIES.glob("*.yaml"))]
DATA = [yaml.safe_load(t) for t in EXAMPLES]
FUZZ = settings(
    max_examples=600, deadline=None, database=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)


def verdict_holds(source: str) -> None:
    report = check_text(source, "fuzz.yaml")
    for f in report.findings:
        assert f.message and "\n" not in f.message and "Traceback" not in f.message
    if report.unreadable:
        assert any(f.code.startswith("INPUT-") for f in report.findings)
        assert report.army is None or report.unreadable
    elif report.army is not None and report.ruleset is not None:
        ruleset = get(report.ruleset)
        ruleset.roster(report.army, report)  # what the roster would print
        assert report.valuation is not None
    text.validation([report])
    text.validation([report], "json")


@FUZZ
@given(
    st.sampled_from(EXAMPLES),
    st.lists(
        st.tuples(st.floats(0, 1), st.sampled_from(["delete", "insert", "copy"]), st.text(min_size=1, max_size=3)),
        min_size=1,
        max_size=4,
    ),
)
@pytest.mark.slow
def test_text_mutations(source, edits):
    for where, how, chars in edits:
        i = int(where * len(source))
        if how == "delete":
            source = source[:i] + source[i + len(chars) :]
        elif how == "insert":
            source = source[:i] + chars + source[i:]
        else:
            source = source[:i] + source[i : i + 40] + source[i:]
    verdict_holds(source)


def vocabulary():
    """Every word and number the examples use: swapped into the wrong places they reach the rules' checks."""
    words = set()
    for doc in DATA:
        for path in paths(doc):
            leaf = doc
            for key in path:
                leaf = leaf[key]
            if isinstance(leaf, (str, int)) and not isinstance(leaf, bool):
                words.add(leaf)
    return sorted(words, key=str)


LEAVES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 40),
    st.integers(-(10**6), 10**30),
    st.floats(allow_nan=True),
    st.text(max_size=30),
    st.lists(st.integers(0, 9), max_size=3),
    st.dictionaries(st.text(max_size=5), st.integers(), max_size=2),
)


def paths(value, here=()):
    yield here
    if isinstance(value, dict):
        for k, v in value.items():
            yield from paths(v, here + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from paths(v, here + (i,))


WORDS = vocabulary()


@pytest.mark.slow
@FUZZ
@given(st.sampled_from(range(len(DATA))), st.data())
def test_value_mutations(index, data):
    import copy

    doc = copy.deepcopy(DATA[index])
    spots = [p for p in paths(doc) if p]
    for _ in range(data.draw(st.integers(1, 3))):
        spot = data.draw(st.sampled_from(spots))
        parent = doc
        try:
            for key in spot[:-1]:
                parent = parent[key]
            parent[spot[-1]] = data.draw(st.one_of(LEAVES, st.sampled_from(WORDS)))
        except (KeyError, IndexError, TypeError):
            continue  # an earlier mutation replaced this spot's parent
    verdict_holds(yaml.safe_dump(doc, allow_unicode=True, sort_keys=False))
