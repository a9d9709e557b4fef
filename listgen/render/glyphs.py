"""Which embedded font prints a character, so that any name prints right or its owner hears why.

DejaVu Sans Condensed prints Latin, Greek and Cyrillic names ("Żołnierze", "Königstiger"); WenQuanYi
Micro Hei prints Chinese, Japanese and Korean; a Symbola subset prints emoji and symbols. reportlab
does not fall back from one font to another by itself, so text is marked up here: each run of
characters the main font lacks is wrapped in the font that has them. The fallback fonts are loaded
only when such a character appears. A character none of them has is reported (``unprintable``)
rather than printed as a silent box.
"""

from __future__ import annotations

import unicodedata
from importlib import resources

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from listgen.core.exceptions import RenderError

# (font name, file, subfont index of a collection)
FALLBACKS = (("LG-CJK", "WenQuanYiMicroHei.ttc", 0), ("LG-Emoji", "SymbolaEmoji.ttf", None))
_cmaps: dict = {}  # font name -> the characters it has


def _cmap(name: str, file: str | None = None, index=None) -> dict:
    if name not in _cmaps:
        if file is not None and name not in pdfmetrics.getRegisteredFontNames():
            with resources.as_file(resources.files("listgen") / "fonts" / file) as path:
                if not path.is_file():  # the site in a browser fetches it at the first printout: offline, not yet
                    raise RenderError(
                        f"a name in this list needs the font {file}, which this browser has not "
                        "downloaded yet: print it once with the network on"
                    )
                kwargs = {} if index is None else {"subfontIndex": index}
                pdfmetrics.registerFont(TTFont(name, str(path), **kwargs))
        _cmaps[name] = pdfmetrics.getFont(name).face.charToGlyph
    return _cmaps[name]


def _silent(ch: str) -> bool:
    """Spaces, joiners and variation selectors: nothing to draw, nothing to miss."""
    return ch.isspace() or unicodedata.category(ch) in ("Cf", "Mn", "Cc")


def font_for(ch: str, main: str) -> str | None:
    """The font to print ch in: main when it has it, else the first fallback that does, else None."""
    if ord(ch) in _cmap(main) or _silent(ch):
        return main
    for name, file, index in FALLBACKS:
        if ord(ch) in _cmap(name, file, index):
            return name
    return None


def mark_up(text: str, main: str) -> str:
    """Paragraph markup (already escaped) with each run the main font lacks wrapped in a fallback font."""
    if text.isascii() or _all_in(text, main):
        return text
    out: list[str] = []
    run: list[str] = []
    run_font = main
    for ch in text:
        font = font_for(ch, main) or main
        if font != run_font and run:
            out.append(_wrap("".join(run), run_font, main))
            run = []
        run_font = font
        run.append(ch)
    if run:
        out.append(_wrap("".join(run), run_font, main))
    return "".join(out)


def _wrap(text: str, font: str, main: str) -> str:
    return text if font == main else f'<font name="{font}">{text}</font>'


def _all_in(text: str, main: str) -> bool:
    """Every character in the main font (the usual case: a '·' or an accented name), checked once each."""
    cmap = _cmap(main)
    return all(ord(ch) in cmap or _silent(ch) for ch in set(text))


def runs(text: str, main: str) -> list:
    """(font, text) runs for drawing straight on a canvas (page headers and footers)."""
    out: list = []
    for ch in text:
        font = font_for(ch, main) or main
        if out and out[-1][0] == font:
            out[-1][1] += ch
        else:
            out.append([font, ch])
    return [(f, t) for f, t in out]


def unprintable(text: str, main: str) -> list:
    """The characters of text that no embedded font can print, each once."""
    if text.isascii():
        return []
    return list(dict.fromkeys(ch for ch in text if font_for(ch, main) is None))
