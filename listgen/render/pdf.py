"""Shared reportlab building blocks: the embedded font, styles, colours, page furniture.

Every PDF listgen makes goes through ``build``: rendered in memory, deterministic
(reportlab's invariant mode, no timestamps or random ids), then written atomically.
"""

from __future__ import annotations

import functools
import io
import itertools
import zlib
from importlib import resources
from xml.sax.saxutils import escape

from reportlab import rl_config
from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT
from reportlab.lib.pagesizes import A4, LETTER, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas as rl_canvas
from reportlab.platypus import Flowable, KeepTogether, Paragraph

from listgen.core.exceptions import RenderError
from listgen.core.odds import GOOD, NEUTRAL
from listgen.output.files import write_output

from .. import __version__
from . import glyphs, rl

FONT = "LG"
BOLD = "LG-Bold"
ITALIC = "LG-Italic"
PAPERS = {"a4": A4, "letter": LETTER}

INK = colors.HexColor("#1d1d1b")
MUTED = colors.HexColor("#5b5b57")
RULE = colors.HexColor("#b9b4a8")
HEAD = colors.HexColor("#3b4a3f")  # olive-drab headings
SHADE = colors.HexColor("#eeebe3")
LEGAL = colors.HexColor("#2f7d32")
ILLEGAL = colors.HexColor("#b3261e")

PAD = 4  # a table cell's left and right padding together

_registered = False


def register_fonts():
    """Embed DejaVu Sans Condensed (shipped as package data) so any name prints right."""
    global _registered
    if _registered:
        return
    fonts = resources.files("listgen") / "fonts"
    for name, file in (
        (FONT, "DejaVuSansCondensed.ttf"),
        (BOLD, "DejaVuSansCondensed-Bold.ttf"),
        (ITALIC, "DejaVuSansCondensed-Oblique.ttf"),
    ):
        with resources.as_file(fonts / file) as path:
            pdfmetrics.registerFont(TTFont(name, str(path)))
    # no bold oblique is shipped: bold italic text prints bold
    pdfmetrics.registerFontFamily(FONT, normal=FONT, bold=BOLD, italic=ITALIC, boldItalic=BOLD)
    _registered = True


class Keep(KeepTogether):
    """KeepTogether that says what it keeps together (``parts``), so nothing reads ReportLab's private list."""

    def __init__(self, parts: list, max_height: float | None = None):
        self.parts = list(parts)
        super().__init__(self.parts, max_height)


@functools.lru_cache(maxsize=256)
def style(
    size: float = 8,
    bold: bool = False,
    color=INK,
    leading: float | None = None,
    italic=False,
    indent: float = 0,
    space_after: float = 0,
    align=TA_LEFT,
    role: str = "",
) -> ParagraphStyle:
    """A paragraph style; its name is its role where the text has one ("heading", "continued"), which is how a
    reader of the story (a layout test) tells a heading from the text under it. One object per set of values
    (never changed once made), so that a paragraph's parse is kept per text and style (``rl.Para``)."""
    return ParagraphStyle(
        name=role or f"s{size}{bold}{italic}{indent}",
        fontName=BOLD if bold else (ITALIC if italic else FONT),
        fontSize=size,
        leading=leading or size * 1.22,
        textColor=color,
        leftIndent=indent,
        spaceAfter=space_after,
        alignment=align,
    )


def para(text: str, st: ParagraphStyle) -> Paragraph:
    """A paragraph of user or rules text: always escaped, so '<' or '&' in a name prints as itself, and
    set in a fallback font wherever the main font has no glyph (Chinese, Japanese, Korean, emoji)."""
    return rl.Para(glyphs.mark_up(escape(str(text)), st.fontName), st)


def markup(text: str, st: ParagraphStyle) -> Paragraph:
    """A paragraph of listgen's own markup (bold labels); callers escape any user text in it."""
    return rl.Para(glyphs.mark_up(text, st.fontName), st)


def draw_text(canvas, x: float, y: float, text: str, font: str, size: float, align: str = "left") -> None:
    """Text straight on the page (headers, footers), each run in a font that has its glyphs."""
    parts = glyphs.runs(text, font)
    width = sum(pdfmetrics.stringWidth(t, f, size) for f, t in parts)
    x = x - width if align == "right" else x - width / 2 if align == "center" else x
    for f, t in parts:
        canvas.setFont(f, size)
        canvas.drawString(x, y, t)
        x += pdfmetrics.stringWidth(t, f, size)


class Section(Flowable):
    """Marks where a titled part of a document starts (a roster in a booklet): the pages after its first
    carry its title and 'page n of m' at the top, so a loose page is never without its list's name."""

    def __init__(self, title: str):
        super().__init__()
        self.title = title
        self.width = self.height = 0

    def wrap(self, *_args):
        return 0, 0

    def draw(self):
        self.canv._listgen_section = (self.title, self.canv.getPageNumber())


def text_width(text: str, font: str, size: float, pad: float = PAD) -> float:
    """What a cell needs to print text on one line: the text, its padding, a hair to spare."""
    return string_width(text, font, size) + pad + 1.5


@functools.lru_cache(maxsize=1 << 16)
def string_width(text: str, font: str, size: float) -> float:
    """ReportLab's width of a text, remembered: a table is measured again at each size tried, and a unit card
    at each way of splitting it, so the same words are measured many times over."""
    return pdfmetrics.stringWidth(text, font, size)


def _needs(columns: list, rows: list, size: float, head_size: float, pad: float) -> tuple:
    """Per column: the width to print every cell on one line, and the width of its longest word."""
    natural, least = [], []
    for c, head in enumerate(columns):
        texts = [str(r[c]) for r in rows if c < len(r)]
        natural.append(
            max([text_width(t, FONT, size, pad) for t in texts] + [text_width(str(head), BOLD, head_size, pad)])
        )
        words = [text_width(w, FONT, size, pad) for t in texts for w in t.split()]
        least.append(max(words + [text_width(w, BOLD, head_size, pad) for w in str(head).split()] + [pad]))
    return natural, least


def words_fit(
    columns: list, rows: list, available: float, size: float, fixed=(), head_size: float | None = None, pad: float = PAD
) -> bool:
    """Whether every column can be as wide as its longest word, so that text wraps only at spaces."""
    fixed = dict(fixed)
    least = _needs(columns, rows, size, head_size or size, pad)[1]
    return sum(fixed.values()) + sum(w for c, w in enumerate(least) if c not in fixed) <= available


def fit_columns(
    columns: list, rows: list, available: float, size: float, fixed=(), head_size: float | None = None, pad: float = PAD
) -> list:
    """Column widths from what the columns hold: each at least its longest word (headers in bold), the rest
    of the width shared out by how much more each would need to print on one line. fixed: {index: width}."""
    fixed = dict(fixed)
    head_size = head_size or size
    natural, least = _needs(columns, rows, size, head_size, pad)
    flexible = [c for c in range(len(columns)) if c not in fixed]
    room = available - sum(fixed.values())
    widths = {c: least[c] for c in flexible}
    spare = room - sum(widths.values())
    wants = {c: natural[c] - least[c] for c in flexible}
    if spare > 0 and sum(wants.values()) > 0:
        share = min(1.0, spare / sum(wants.values()))
        for c in flexible:
            widths[c] += wants[c] * share
        spare = room - sum(widths.values())
    if spare > 0 and flexible:  # everything fits on one line: the widest text column takes the rest
        widest = max(flexible, key=lambda c: natural[c])
        widths[widest] += spare
    elif spare < 0:  # even the longest words do not fit: long words in cells break first, then headers
        floor = {
            c: max([text_width(w, BOLD, head_size, pad) for w in str(columns[c]).split()] + [pad]) for c in flexible
        }
        excess = {c: max(0.0, widths[c] - floor[c]) for c in flexible}
        if sum(excess.values()) >= -spare:
            widths = {c: widths[c] - excess[c] * (-spare / sum(excess.values())) for c in flexible}
        else:
            scale = room / sum(floor.values())
            widths = {c: floor[c] * scale for c in flexible}
    return [fixed.get(c, widths.get(c)) for c in range(len(columns))]


def heat(p: float, palette: str = GOOD) -> colors.Color:
    """A probability as a colour a player reads at a glance: red (unlikely) to green (likely); for a neutral
    table (a spread of outcomes, none good or bad in itself) white to blue-grey by size."""
    p = max(0.0, min(1.0, p))
    if palette == NEUTRAL:
        return colors.Color(1 - 0.42 * p, 1 - 0.30 * p, 1 - 0.16 * p)
    stops = [(0.0, (0.93, 0.45, 0.40)), (0.5, (0.98, 0.86, 0.45)), (1.0, (0.45, 0.78, 0.47))]
    for (p0, c0), (p1, c1) in zip(stops, stops[1:]):
        if p <= p1:
            t = (p - p0) / (p1 - p0)
            r, g, b = (c0[i] + (c1[i] - c0[i]) * t for i in range(3))
            # lighten so black text stays readable
            return colors.Color(0.35 + 0.65 * r, 0.35 + 0.65 * g, 0.35 + 0.65 * b)
    return colors.white  # pragma: no cover


def page_size(paper: str, orientation: str = "portrait"):
    size = PAPERS[paper]
    return landscape(size) if orientation == "landscape" else size


# Large print (``--large``): a page laid out as it always is on a sheet this much smaller, then drawn this much larger
# onto the paper, so that every size on it (type, boxes, the QR code's modules, margins) grows alike and the layout's
# own rules (no unit split, type never under 7 pt before scaling) hold as they are: body text 7.5 pt prints at 11.25.
LARGE = 1.5


def laid_out_size(paper: str, scale: float = 1.0) -> tuple[float, float]:
    """The sheet a printout is laid out on: the paper, or for large print the paper made ``scale`` times smaller."""
    width, height = page_size(paper)
    return width / scale, height / scale


def scaled_pages(scale: float, on_page=None) -> dict:
    """A PageTemplate's onPage and onPageEnd drawing its page ``scale`` times larger (nothing for 1); ``on_page``
    (cut lines) drawn at the laid-out size too. The page's footer is drawn after, at its own size."""

    def begin(canvas, doc):
        if scale != 1:
            canvas.saveState()
            canvas.scale(scale, scale)
        if on_page is not None:
            on_page(canvas, doc)

    def end(canvas, _doc):
        if scale != 1:
            canvas.restoreState()

    return {"onPage": begin, "onPageEnd": end}


class _Furniture:
    """Draws the footer on every page (what made it, from which data, 'page n of m') and, on a titled
    part's later pages, a header with its title and its own 'page n of m'."""

    def __init__(self, left: str, right: str):
        self.left, self.right = left, right

    def canvasmaker(self):
        furniture = self

        class NumberedCanvas(rl_canvas.Canvas):
            def __init__(self, filename, *args, pagesize=None, **kwargs):
                super().__init__(filename, *args, pagesize=pagesize, **kwargs)
                self._pages = []
                self.page_size = pagesize or rl_config.defaultPageSize  # as Canvas takes it

            def setPageSize(self, size):
                super().setPageSize(size)
                self.page_size = size

            def showPage(self):
                # a page waits for the count of all (its 'page n of m') as its drawing operators, joined and
                # compressed: kept as reportlab's list of short strings, a 500-entry booklet's pages held 100 MB
                state = dict(self.__dict__)
                state["_code"] = zlib.compress("\n".join(self._code).encode("utf-8"), 1)
                self._pages.append(state)
                rl.start_page(self)

            def save(self):
                total = len(self._pages)
                sections = [state.get("_listgen_section") for state in self._pages]
                for state in self._pages:
                    self.__dict__.update(state)
                    self._code = [zlib.decompress(state["_code"]).decode("utf-8")]  # as it was drawn, in one
                    furniture.draw(self, total, sections)
                    super().showPage()
                super().save()

        return NumberedCanvas

    def draw(self, canvas, total: int, sections: list):
        width, height = canvas.page_size
        page = canvas.getPageNumber()
        canvas.saveState()
        canvas.setFillColor(MUTED)
        draw_text(canvas, 10 * mm, 6 * mm, self.left, FONT, 7)
        draw_text(canvas, width - 10 * mm, 6 * mm, f"{self.right}page {page} of {total}", FONT, 7, "right")
        section = sections[page - 1]
        if section is not None and section[1] != page:  # a later page of a titled part
            title, first = section
            own = sum(1 for s in sections if s == section)
            draw_text(canvas, 10 * mm, height - 7 * mm, f"{title} (continued)", BOLD, 8)
            # one numbering: the footer counts the document's pages; a part of a booklet counts its own as such
            own_text = (
                f"page {page - first + 1} of {own}" if own == total else f"this list: page {page - first + 1} of {own}"
            )
            draw_text(canvas, width - 10 * mm, height - 7 * mm, own_text, FONT, 8, "right")
        canvas.restoreState()


def build(path, make_doc, story_or_fn, footer_left: str, footer_right: str = "") -> int:
    """Render a document in memory, write it atomically, return its page count.

    make_doc(buffer) returns a DocTemplate; story_or_fn is the flowables list.
    """
    data, pages = render_bytes(make_doc, story_or_fn, footer_left, footer_right)
    if path is not None:
        write_output(path, data)
    return pages


def render_bytes(make_doc, story, footer_left: str, footer_right: str = "") -> tuple:
    """Like build, but return (pdf bytes, pages) without writing."""
    buffer = io.BytesIO()
    try:
        doc = _laid_out(make_doc, buffer, story, _Furniture(footer_left, footer_right).canvasmaker())
    finally:
        rl.forget_lines()  # kept for one document (its trial layouts and itself), not for a server's lifetime
    return buffer.getvalue(), doc.page


class _Unwritten(rl_canvas.Canvas):
    """A trial layout's canvas: its pages are laid out and counted, never written (no font subset, no stream
    compressed)."""

    def save(self) -> None:
        pass


def lay_out(make_doc, story) -> int:
    """Lay a story out as ``render_bytes`` does, for where its flowables land (a trial layout): its page count."""
    return _laid_out(make_doc, io.BytesIO(), story, _Unwritten).page


def _laid_out(make_doc, buffer, story, canvasmaker):
    register_fonts()
    doc = make_doc(buffer)
    try:
        doc.build(story, canvasmaker=canvasmaker)
    except RenderError:
        raise
    except Exception as exc:  # reportlab raises plain exceptions for layout failures
        raise RenderError(f"could not lay out the PDF: {exc}") from exc
    return doc


def footer_text(ruleset_title: str, data_version: str, date: str) -> str:
    return f"listgen {__version__} · {ruleset_title} data {data_version} · printed {date}"


register_fonts()  # paragraphs resolve their fonts when built, so the fonts must exist first


QR_MODULE = 0.25 * mm  # the smallest module phone cameras read from print (3 dots at 300 dpi); version 20 is 25 mm
QR_LARGEST = (
    30 * mm
)  # past this (about version 25) a code is too dense for the page it is on: the hash alone is printed
QR_MOST_CHARACTERS = 1_400  # a longer share code needs a QR code larger than QR_LARGEST (version 24 at level M
# holds about 1,320 alphanumeric characters): its size is not even worked out


@functools.lru_cache(maxsize=64)
def qr_modules(code: str) -> tuple:
    """The QR code of a share code at error level M, as rows of dark (True) and light modules: ReportLab's own
    encoder, its mask chosen in one pass (``render/qr.py``), run once per code: a roster is laid out more than
    once."""
    from .qr import modules

    return modules(code)


def qr_version(code: str) -> int:
    """The QR version (size) of a share code at error level M, as ReportLab's encoder chooses it."""
    return (len(qr_modules(code)) - 17) // 4


QR_QUIET = 2  # modules of light border round the code (the page around it is light too)


class ShareQr(Flowable):
    """The list's share code as a QR code with the list's short hash under it; a code too dense to scan from
    paper prints the hash alone and says how to get the code."""

    def __init__(self, code: str, list_hash: str, label: str | None = None, module: float = QR_MODULE):
        super().__init__()
        self.code, self.hash = code, list_hash
        self.label = label  # what is printed under the code (default: the list's hash)
        self.module = module  # a short code (a result slip's) is printed larger, for any phone to read
        self.side, self.scannable = 0.0, False
        self.rows: tuple[tuple[bool, ...], ...] = ()
        if len(code) <= QR_MOST_CHARACTERS:  # longer never fits QR_LARGEST: not even tried
            # kept with the flowable: a booklet of many rosters draws it after the cache has moved on
            self.rows = qr_modules(code)
            self.side = (len(self.rows) + 2 * QR_QUIET) * module
            self.scannable = self.side <= QR_LARGEST
        self.width = self.side if self.scannable else 36 * mm
        self.height = (self.side if self.scannable else 0) + 9

    def wrap(self, *_args):
        return self.width, self.height

    def draw(self):
        canvas = self.canv
        if self.scannable:
            canvas.setFillColor(colors.black)
            m = self.module
            top = 9 + self.side - QR_QUIET * m
            for r, row in enumerate(self.rows):
                c = 0
                for dark, run in itertools.groupby(row):
                    count = len(list(run))
                    if dark:  # a run of dark modules is one rectangle, a hair taller so rows join
                        x = (c + QR_QUIET) * m
                        canvas.rect(x, top - (r + 1) * m, count * m, m * 1.05, stroke=0, fill=1)
                    c += count
            label = self.label or f"list {self.hash}"
        else:
            label = f"list {self.hash} (QR too dense: listgen share)"
        canvas.setFillColor(MUTED)
        draw_text(canvas, self.width / 2, 2, label, FONT, 6.5, "center")
