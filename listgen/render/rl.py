"""The two pieces of ReportLab that are not public API which listgen uses, in one place.

'Page n of m' needs the page count while drawing each page's footer. ReportLab's own recipe for that (the
"NumberedCanvas" of its mailing list and user guide) saves each page's state and starts the next page with
``Canvas._startPage``, drawing the footers once the count is known at ``save``. And a paragraph (``Para``) keeps
what it worked out: its markup's parse per text and style, and its lines per width, restoring the attributes
``Paragraph.wrap`` sets (``width``, ``_wrapWidths``, ``blPara``, ``height``) when wrapped at a width again. Nothing
else reaches inside ReportLab: ``tests/render/test_reportlab_seams.py`` pins this, so a ReportLab release that
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
    """A paragraph that breaks its lines once per width. A table wraps its cells each time it is itself
    wrapped (measured, laid out, split), and a frame wraps a paragraph again to place it: over half of a
    booklet's line breaking was the same paragraph at the same width again. Line breaking depends on the
    width alone, so the lines found the first time are the lines (the output is byte for byte the same)."""

    def __init__(self, text, style=None, bulletText=None, frags=None, *args, **kwargs):
        if frags is None and bulletText is None and style is not None and not args and not kwargs:
            text, style, bulletText, frags = _parsed(text, style)
        super().__init__(text, style, bulletText, frags, *args, **kwargs)

    def wrap(self, availWidth, availHeight):
        known = self.__dict__.setdefault("_listgen_lines", {})
        if availWidth in known:  # the lines and height found at this width before
            self.width = availWidth
            self._wrapWidths, self.blPara, self.height = known[availWidth]
            return self.width, self.height
        width, height = super().wrap(availWidth, availHeight)
        if availWidth >= _FUZZ:  # below it nothing was broken: "cannot fit here"
            known[availWidth] = (self._wrapWidths, self.blPara, self.height)
        return width, height


@functools.lru_cache(maxsize=4096)
def _parsed(text: str, style) -> tuple:
    """A paragraph's markup as ReportLab parses it (its text cleaned, its style, bullet and fragments), parsed
    once per text and style: a roster repeats its labels and weapons on every team, and parsing was a fifth of
    drawing one. The fragments are shared, as ReportLab's own split shares them: line breaking copies them."""
    parsed = Paragraph(text, style)
    return parsed.text, parsed.style, parsed.bulletText, parsed.frags
