"""The cheapest assignment of rows to distinct columns (games to tables), exact, from a few candidates a row.

A national event sets 512 games on 512 tables: networkx's general matching over every game and table took
seconds. The assignment is bipartite, so it carries its own proof of optimality: the shortest-augmenting-path
(Hungarian) method keeps a potential on every row and column such that no candidate's reduced cost (its cost less
its row's and column's potentials) is negative, every assigned pair's is zero and every column left free has
potential zero. Those potentials are a feasible solution of the linear programme's dual; where no pair at all, not
only the candidates, has a negative reduced cost, the assignment is optimal over every pair (weak duality). Each
pair that has one is added to the candidates and the assignment solved again, so the answer is the exact optimum
over every pair, whatever the first candidates were.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Hashable, Iterable, Sequence
from typing import TypeVar

Col = TypeVar("Col", bound=Hashable)


def assign(
    rows: int, cols: Sequence[Col], cost: Callable[[int, Col], int], near: Callable[[int], Iterable[Col]]
) -> list[Col]:
    """The column of each row 0..rows-1 (distinct, len(cols) >= rows) minimising the sum of cost(row, col), costs
    whole numbers >= 0. `near(row)` gives the row's first candidates; any set of them that lets every row have a
    column is enough for speed, none is needed for the answer."""
    if len(cols) < rows:
        raise ValueError(f"{rows} rows cannot have distinct columns among {len(cols)}")
    candidates: list[dict[Col, int]] = [{c: cost(r, c) for c in near(r)} for r in range(rows)]
    while True:
        solved = _solve(rows, candidates)
        if solved is None:  # the candidates leave some row without a column: every pair is a candidate
            candidates = [{c: cost(r, c) for c in cols} for r in range(rows)]
            continue
        assigned, u, v = solved
        added = 0
        for r in range(rows):
            for c in cols:
                if c not in candidates[r] and cost(r, c) - u[r] - v.get(c, 0) < 0:
                    candidates[r][c] = cost(r, c)
                    added += 1
        if not added:
            return assigned


def _solve(rows: int, candidates: list[dict[Col, int]]) -> tuple[list[Col], list[int], dict[Col, int]] | None:
    """The cheapest assignment over the candidates, by shortest augmenting paths (Dijkstra on reduced costs), with
    its row and column potentials; None where the candidates admit no assignment of every row."""
    u = [0] * rows
    v: dict[Col, int] = {}
    row_of: dict[Col, int] = {}
    col_of: list[Col | None] = [None] * rows
    for start in range(rows):
        found = _augmenting_path(start, candidates, u, v, row_of)
        if found is None:
            return None
        free, reached, rows_at, came_from = found
        far = reached[free]
        for r, d in rows_at.items():  # potentials moved so that every reduced cost stays >= 0
            u[r] += far - d
        for c, d in reached.items():
            v[c] = v.get(c, 0) - (far - d)
        col = free
        while True:  # the path flipped: each row on it takes the column it was reached by
            r = came_from[col]
            before = col_of[r]
            row_of[col], col_of[r] = r, col
            if r == start or before is None:
                break
            col = before
    return [c for c in col_of if c is not None], u, v


def _augmenting_path(
    start: int, candidates: list[dict[Col, int]], u: list[int], v: dict[Col, int], row_of: dict[Col, int]
) -> tuple[Col, dict[Col, int], dict[int, int], dict[Col, int]] | None:
    """Dijkstra from a row without a column to the nearest free column over reduced costs: (that column, each column
    settled and its distance, each row reached and its distance, the row each column was reached from)."""
    best: dict[Col, int] = {}
    came_from: dict[Col, int] = {}
    settled: dict[Col, int] = {}
    rows_at = {start: 0}
    heap: list[tuple[int, int, Col]] = []
    order = 0  # breaks ties between equal distances without comparing columns

    def relax(r: int, d: int) -> None:
        nonlocal order
        for c, w in candidates[r].items():
            if c in settled:
                continue
            nd = d + w - u[r] - v.get(c, 0)
            if c not in best or nd < best[c]:
                best[c], came_from[c] = nd, r
                order += 1
                heapq.heappush(heap, (nd, order, c))

    relax(start, 0)
    while heap:
        d, _order, c = heapq.heappop(heap)
        if c in settled or d > best[c]:
            continue
        settled[c] = d
        if c not in row_of:
            return c, settled, rows_at, came_from
        r = row_of[c]
        rows_at[r] = d
        relax(r, d)
    return None
