"""The two pieces of ReportLab that are not public API which listgen uses, in one place.

'Page n of m' needs the page count while drawing each page's footer. ReportLab's own recipe for that (the
"NumberedCanvas" of its mailing list and user guide) saves each page's state and starts the next page with
``Canvas._startPage``, drawing the footers once the count is known at ``save``. And a paragraph (``Para``) keeps
what it worked out: its markup's parse per text and style, and its lines per text, style and width (for one
document), restoring the attributes ``Paragraph.wrap`` sets (``width``, ``_wrapWidths``, ``blPara``, ``height``)
when wrapped at a width again, and breaking lines of its own before it is split. Nothing else reaches inside
ReportLab: ``tests/render/test_reportlab_seams.py`` pins this, so a ReportLab release that
changes it fails there, by name, before any PDF goes wrong.
"""

from __future__ import annotations

import functools

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph
from reportlab.rl_config import _FUZZ


def start_page(canvas: Canvas) -> None:
    """Begin a fresh page on the canvas without emitting the current one (it was saved to emit later)."""
    canvas._startPage()


class Para(Paragraph):
    """A paragraph that breaks its lines once per text, style and width. A table wraps its cells each time it is
    itself wrapped (measured, laid out, split), a frame wraps a paragraph again to place it, and a roster laid out
    on trial is laid out again for real: most of a booklet's line breaking was the same text at the same width
    again. Line breaking depends on the text, its style and the width alone, so the lines found the first time
    are the lines (the output is byte for byte the same). They are shared until a paragraph is split across a
    column, which writes into its lines: it then breaks its own."""

    def __init__(self, text, style=None, bulletText=None, frags=None, *args, **kwargs):
        said = None
        if frags is None and bulletText is None and style is not None and not args and not kwargs:
            said = (text, style)
            text, style, bulletText, frags = _parsed(text, style)
        super().__init__(text, style, bulletText, frags, *args, **kwargs)
        self._listgen_said = said  # what it was made of, where that alone says its lines at a width

    def wrap(self, availWidth, availHeight):
        said = self.__dict__.get("_listgen_said")
        known = _LINES if said is not None else self.__dict__.setdefault("_listgen_lines", {})
        key = (said, availWidth)
        found = known.get(key)  # one look: another thread's document may let the kept lines go meanwhile
        if found is not None:  # the lines and height found at this width before
            self.width = availWidth
            self._wrapWidths, self.blPara, self.height = found
            return self.width, self.height
        width, height = super().wrap(availWidth, availHeight)
        if availWidth >= _FUZZ:  # below it nothing was broken: "cannot fit here"
            if len(known) >= MOST_LINES:
                known.clear()
            known[key] = (self._wrapWidths, self.blPara, self.height)
        return width, height

    def split(self, availWidth, availHeight):
        if hasattr(self, "blPara"):  # splitting writes into the lines (a space after each line's last word)
            self.blPara = self.breakLines(self._wrapWidths)
            self._listgen_said = None
        return super().split(availWidth, availHeight)


MOST_LINES = 50_000  # paragraphs' lines kept at once (a 100-entry booklet breaks about 15,000)
_LINES: dict = {}  # (text and style, width) -> (the widths, ReportLab's lines, the height)


def forget_lines() -> None:
    """Let go of the lines kept: a document written (``pdf.render_bytes``) needs them no more."""
    _LINES.clear()


@functools.lru_cache(maxsize=4096)
def _parsed(text: str, style) -> tuple:
    """A paragraph's markup as ReportLab parses it (its text cleaned, its style, bullet and fragments), parsed
    once per text and style: a roster repeats its labels and weapons on every team, and parsing was a fifth of
    drawing one. The fragments are shared, as ReportLab's own split shares them: line breaking copies them."""
    parsed = Paragraph(text, style)
    return parsed.text, parsed.style, parsed.bulletText, parsed.frags
