"""A quick-reference sheet as data: titled blocks of tables and short text, each with its source."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field


@dataclass
class Block:
    title: str
    ref: str
    rows: list[list[str]] = field(default_factory=list)  # table rows of strings; the first is the header
    text: list[str] = field(default_factory=list)  # short paragraphs
    notes: list[str] = field(default_factory=list)  # footnotes: choices made where the text is unclear


@dataclass
class Sheet:
    title: str
    subtitle: str
    pages: int  # the number of sides it is laid out to fit, stated on the sheet
    blocks: list[Block] = field(default_factory=list)
    columns: int = 3
    ref_prefix: str = ""  # what every block's source starts with (the ruleset's name): left off each block


def signed(n: int | str) -> str:
    """A modifier as printed: '+2', '-1', '0'; text (e.g. 'up 1') passes through."""
    if isinstance(n, str):
        return n
    return f"{n:+d}" if n else "0"


def side_by_side(left: Sequence[tuple[str, int | str]], right: Sequence[tuple[str, int | str]]) -> list[list[str]]:
    """Two (label, modifier) lists as the two halves of one table, as the rules print them."""
    rows: list[list[str]] = []
    for i in range(max(len(left), len(right))):
        row: list[str] = []
        for side in (left, right):
            row += [side[i][0], signed(side[i][1])] if i < len(side) else ["", ""]
        rows.append(row)
    return rows
