"""A quick-reference sheet as data: titled blocks of tables and short text, each with its source."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Block:
    title: str
    ref: str
    rows: list = field(default_factory=list)  # table rows of strings; the first is the header
    widths: list = field(default_factory=list)  # relative column widths (optional)
    text: list = field(default_factory=list)  # short paragraphs
    notes: list = field(default_factory=list)  # footnotes: choices made where the text is unclear


@dataclass
class Sheet:
    title: str
    subtitle: str
    pages: int  # the number of sides it is laid out to fit, stated on the sheet
    blocks: list = field(default_factory=list)
    columns: int = 3
