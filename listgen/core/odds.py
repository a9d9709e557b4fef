"""Hit tables as data: exact cells, labels, the rule they come from and what they assume.

A ruleset builds ``Table`` objects from the dice engine; the PDF renderer, the JSON
and the CSV all read the same objects, so the three formats cannot disagree.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

PROBABILITY = "probability"  # cells are Fractions in [0, 1]
EXPECTED = "expected"  # cells are Fractions, an expected count
OUTCOMES = "outcomes"  # cells are {outcome: Fraction}, summing to 1
COUNTS = "counts"  # cells are {count: Fraction}, how many (hits, casualties), summing to 1
AT_LEAST = (1, 2, 3)  # what players ask of a count: at least one, two, three
GOOD, NEUTRAL = "good", "neutral"  # Table.palette

Counts = dict[int, Fraction]  # a COUNTS cell: how many -> its chance
# a cell: a Fraction, or a distribution keyed by count (COUNTS) or by outcome name (OUTCOMES), as the table's kind
# says; None where nothing applies
Cell = Fraction | dict[Any, Fraction] | None


@dataclass
class Table:
    id: str
    title: str
    ref: str
    row_header: str
    col_header: str
    rows: Sequence[str]  # row labels
    cols: Sequence[str]  # column labels
    cells: Sequence[Sequence[Cell]]  # rows x cols
    kind: str = PROBABILITY
    outcomes: list[str] = field(default_factory=list)  # for OUTCOMES, in display order
    shown: list[str] = field(default_factory=list)  # outcomes printed in each cell (OUTCOMES)
    combine_shown: bool = False  # print the shown outcomes' sum, not each of them
    colour_by: list[str] = field(default_factory=list)  # outcomes whose sum sets the colour (default: shown)
    assumptions: list[str] = field(default_factory=list)
    chart: bool = False  # draw each row as a curve over the columns
    group: str = ""  # heading the PDF groups tables under
    counting: str = "hits"  # for COUNTS: what is counted, e.g. 'casualties'
    compact: bool = False  # for COUNTS, a matchup's: the PDF prints the mean without the median and leaves out
    #                        rows where nothing can be counted, naming them (the JSON and CSV give every number)
    palette: str = GOOD  # GOOD: a high chance is good for whoever reads it (green); NEUTRAL: a spread of
    #                        outcomes (how many hits, where a blast lands), shaded by size in one hue

    def cell_json(self, cell: Cell) -> str | dict[str, Any] | None:
        if cell is None:
            return None
        if self.kind == COUNTS and isinstance(cell, dict):
            return count_summary(cell)
        if isinstance(cell, dict):
            return {k: _frac(cell[k]) for k in self.outcomes if k in cell}
        return _frac(cell)

    def as_dict(self) -> dict[str, Any]:
        counting = {"counting": self.counting} if self.kind == COUNTS else {}
        return {
            "id": self.id,
            "title": self.title,
            "ref": self.ref,
            "kind": self.kind,
            "row_header": self.row_header,
            "col_header": self.col_header,
            "rows": [str(r) for r in self.rows],
            "columns": [str(c) for c in self.cols],
            "outcomes": list(self.outcomes),
            "cells": [[self.cell_json(c) for c in row] for row in self.cells],
            "assumptions": list(self.assumptions),
            **counting,
        }


def at_least(counts: Counts, n: int) -> Fraction:
    """The chance of n or more, from {count: probability}."""
    return sum((p for k, p in counts.items() if k >= n), Fraction(0))


def mean(counts: Counts) -> Fraction:
    return sum((k * p for k, p in counts.items()), Fraction(0))


def median(counts: Counts) -> int:
    """The smallest count with at least an even chance of that many or fewer."""
    below = Fraction(0)
    for k in sorted(counts):
        below += counts[k]
        if below >= Fraction(1, 2):
            return k
    raise ValueError("not a distribution")  # pragma: no cover - the counts sum to 1


def shown_at_least(counts: Counts) -> tuple[int, ...]:
    """The 'at least' thresholds worth printing: those a roll can reach (1 always, 2 and 3 when possible)."""
    top = max((k for k, p in counts.items() if p), default=0)
    return tuple(n for n in AT_LEAST if n == 1 or n <= top)


def count_summary(counts: Counts) -> dict[str, Any]:
    """A count's distribution for JSON: every count, the chances of at least 1, 2 and 3, mean and median."""
    return {
        "distribution": {str(k): _frac(counts[k]) for k in sorted(counts)},
        **{f"at_least_{n}": _frac(at_least(counts, n)) for n in AT_LEAST},
        "mean": _frac(mean(counts)),
        "median": median(counts),
    }


def _frac(value: Fraction) -> str:
    value = Fraction(value)
    return f"{value.numerator}/{value.denominator}"


def percent(value: Fraction, places: int = 0) -> str:
    """A probability for the eye: '42%'; '0%' and '100%' only when impossible and certain. A chance that would
    round to either prints as '<1%' or '>99%' (at one place, '<0.1%' and '>99.9%'): 99.5% is not certain."""
    value = Fraction(value)
    if value == 0:
        return "0%"
    if value == 1:
        return "100%"
    step = Fraction(1, 10**places)  # the smallest percentage printed at these places
    shown = f"{float(value) * 100:.{places}f}"
    if Fraction(shown) <= 0:
        return f"<{step}%" if places == 0 else f"<{float(step):.{places}f}%"
    if Fraction(shown) >= 100:
        return f">{100 - step}%" if places == 0 else f">{float(100 - step):.{places}f}%"
    return f"{shown}%"


def to_json(tables: Sequence[Table], ruleset: str) -> str:
    return (
        json.dumps({"ruleset": ruleset, "tables": [t.as_dict() for t in tables]}, indent=2, ensure_ascii=False) + "\n"
    )


def to_csv(tables: Sequence[Table]) -> str:
    """Long form: one line per cell (and per outcome), exact and as a decimal."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["table", "title", "row", "column", "outcome", "exact", "value"])
    for t in tables:
        for r, row in enumerate(t.cells):
            for c, cell in enumerate(row):
                if cell is None:
                    continue
                for outcome, value in _csv_items(t, cell):
                    exact = _frac(value) if isinstance(value, Fraction) else str(value)
                    writer.writerow([t.id, t.title, t.rows[r], t.cols[c], outcome, exact, f"{float(value):.6f}"])
    return out.getvalue()


def _csv_items(t: Table, cell: Fraction | dict[Any, Fraction]) -> list[tuple[str, Fraction | int]]:
    if t.kind == COUNTS:
        assert isinstance(cell, dict)
        return [(f"at least {n}", at_least(cell, n)) for n in AT_LEAST] + [
            ("mean", mean(cell)),
            ("median", median(cell)),
        ]
    if isinstance(cell, dict):
        return [(k, cell[k]) for k in t.outcomes if k in cell]
    return [("", cell)]
