"""Text from a list made harmless for whoever reads it: a terminal, a spreadsheet, a PDF.

A list is text a stranger may have written. Three kinds of character in it can lie to a reader:
terminal controls (ESC starts escape sequences that recolour, clear or link; BEL rings), bidi
overrides that make text display in another order than it reads (U+202E turns 'gpj.exe' round),
and line breaks inside a value quoted by a one-line message, which forge a line of their own
(``ruleset: "x\\nmine.yaml: LEGAL"``). The loader drops the first two from every string it reads
(``strip_unsafe``); a message shows any value it quotes on one line (``one_line``).
"""

from __future__ import annotations

import re

# C0 controls but tab, newline and carriage return; DEL; C1 controls; the bidi embeddings,
# overrides and isolates (U+202A-202E, U+2066-2069), the marks U+200E/200F and U+061C.
_UNSAFE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")
# what a one-line message may not hold: the above and every line break (U+0085, U+2028/2029 too)
_NOT_ONE_LINE = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def strip_unsafe(text: str) -> str:
    """text without terminal controls or bidi overrides (tabs and line breaks are kept)."""
    return _UNSAFE.sub("", text) if _UNSAFE.search(text) else text


def is_unsafe(text: str) -> bool:
    """Whether text holds a terminal control or a bidi override (what strip_unsafe drops)."""
    return _UNSAFE.search(text) is not None


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    return {"\n": "\\n", "\r": "\\r", "\t": "\\t"}.get(char, f"\\u{ord(char):04x}")


def one_line(text: str) -> str:
    """text on one line: line breaks and controls shown as escapes (\\n, \\u202e), never acted on."""
    return _NOT_ONE_LINE.sub(_escape, text) if _NOT_ONE_LINE.search(text) else text
