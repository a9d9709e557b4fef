"""The mutation sampler's judged-equivalent marks (benchmarks/mutants.py, issue 40): a mark sets aside only the
kind of mutant it names, at the line it stands on (or the next, standing alone), and only with a reason; a mark
left behind where no such mutant can be made any more fails here, so that it is judged again."""

from __future__ import annotations

import ast
import sys

from conftest import ROOT

sys.path.insert(0, str(ROOT / "benchmarks"))
import mutants  # type: ignore[import-not-found]  # noqa: E402 - benchmarks/ is no package

SOURCE = """\
a = 1  # equivalent mutant (constant): why
# equivalent mutant (compare, constant): why, for the next line
b = a > 2
c = a < 3  # equivalent mutant (compare):
d = 4
"""


def test_a_mark_sets_aside_its_kinds_at_its_line_and_needs_a_reason():
    assert mutants.judged_equivalent(SOURCE) == {("constant", 1), ("compare", 3), ("constant", 3)}


def test_the_draw_leaves_the_marked_sites_out_and_counts_them(tmp_path):
    module = tmp_path / "m.py"
    module.write_text(SOURCE, encoding="utf-8")
    drawn, set_aside = mutants.sample([module], 100, mutants.random.Random(1))
    assert set_aside == 3
    assert sorted(site for _p, site in drawn) == [("compare", 4, 4), ("constant", 4, 8), ("constant", 5, 4)]


def test_every_mark_in_the_code_stands_at_a_mutant_of_its_kind():
    core, rules = mutants.modules()
    marks = 0
    for path in core + rules:
        source = path.read_text(encoding="utf-8")
        at = {(kind, line) for kind, line, _col in mutants.sites(ast.parse(source))}
        for mark in mutants.judged_equivalent(source):
            assert mark in at, (str(path.relative_to(ROOT)), mark)
            marks += 1
    assert marks >= 9  # the nine judged so far, each proved by test_equivalent_mutants.py (developers.md names them)
