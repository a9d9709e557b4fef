"""The one piece of ReportLab that is not public API which listgen uses, in one place.

'Page n of m' needs the page count while drawing each page's footer. ReportLab's own recipe for that (the
"NumberedCanvas" of its mailing list and user guide) saves each page's state and starts the next page with
``Canvas._startPage``, drawing the footers once the count is known at ``save``. Nothing else reaches inside
ReportLab: ``tests/render/test_reportlab_seams.py`` pins this, so a ReportLab release that changes it fails there,
by name, before any PDF goes wrong.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas


def start_page(canvas: Canvas) -> None:
    """Begin a fresh page on the canvas without emitting the current one (it was saved to emit later)."""
    canvas._startPage()
