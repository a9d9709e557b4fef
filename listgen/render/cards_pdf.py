"""Unit cards: one card per unit of the roster (team, squad, stand, platoon), three across and as many rows as the
tallest card allows (nine to eighteen a page), with cut lines.

A card is the roster's own entry for the unit (stats, weapons with range and effect, special rules a line
each, tick boxes), headed by the list's name and verdict so that a loose card is never anonymous. Identical
rows that take no boxes are printed once with a count. A unit too long for one card runs on to the next,
marked '(1 of 2)', six cards at most (the last says what is left to the roster). Nine to a page by default, or
at a size players sleeve (poker, tarot).
"""

from __future__ import annotations

import math
from dataclasses import replace

from reportlab.lib import colors
from reportlab.lib.enums import TA_RIGHT
from reportlab.lib.units import mm
from reportlab.platypus import BaseDocTemplate, Frame, FrameBreak, KeepInFrame, PageTemplate, Table, TableStyle

from . import pdf, roster_pdf

COLUMNS, ROWS = 3, 3
LARGE_COLUMNS, LARGE_ROWS = 2, 2  # large print: nine-up's cards, laid out two by two, drawn half as large again
MOST_CARDS = 6  # cards one unit takes at most: a unit longer than that (no force the rules allow) is cut, and says so
MOST_ROWS = 6  # short cards: up to six rows, eighteen a page, rather than a page of cards two-thirds empty
MARGIN, TOP, BOTTOM = 6 * mm, 11 * mm, 11 * mm  # page header (on later pages) and footer print clear of the cards
PAD = 1.8 * mm  # inside each card, clear of the cut lines


CARD_RULE = 300  # characters of one rule line or note on a card; the roster prints it whole


def _card_rule(text: str) -> str:
    """A rule line as a card prints it: a long note (a player's essay) is cut where a word ends, and says so."""
    if len(text) <= CARD_RULE:
        return text
    cut = text[:CARD_RULE].rsplit(" ", 1)[0] if " " in text[:CARD_RULE] else text[:CARD_RULE]
    return cut + " ... (continued in the roster)"


def _for_card(unit):
    """A unit as its card prints it: a column empty on every row left out; identical rows that take no tick
    boxes printed once, '2 x APWL'; a long rule line or note cut (the roster has it whole)."""
    if any(len(r) > CARD_RULE for r in unit.rules):
        unit = replace(unit, rules=[_card_rule(r) for r in unit.rules])
    keep = [c for c in range(len(unit.columns)) if any(str(row[c]).strip() for row in unit.rows if c < len(row))]
    if unit.rows and len(keep) < len(unit.columns):
        unit = replace(
            unit, columns=[unit.columns[c] for c in keep], rows=[[row[c] for c in keep] for row in unit.rows]
        )
    if unit.boxes or len(unit.rows) < 2:
        return unit
    rows: list = []
    counts: list = []
    for row in unit.rows:
        if rows and list(row) == list(rows[-1]):
            counts[-1] += 1
        else:
            rows.append(list(row))
            counts.append(1)
    if len(rows) == len(unit.rows):
        return unit
    rows = [[f"{n} x {row[0]}" if n > 1 else row[0]] + row[1:] for row, n in zip(rows, counts)]
    return replace(unit, rows=rows)


def _slice(unit, rows: range, tracks: range, part: int, parts: int):
    """The rows and tracks of one card of a unit that takes several."""
    unboxed = set()
    for u in unit.unboxed:
        i = u if isinstance(u, int) else u[0]
        if i in rows:
            unboxed.add(i - rows.start if isinstance(u, int) else (i - rows.start, u[1]))
    first, last = part == 1, part == parts
    return replace(
        unit,
        title=f"{unit.title} ({part} of {parts})",
        rows=[unit.rows[i] for i in rows],
        counts=[unit.counts[i] for i in rows if i < len(unit.counts)],
        unboxed=unboxed,
        tracks=[unit.tracks[i] for i in tracks],
        counters=unit.counters if last else [],
        rules=unit.rules if last else [],
        points=unit.points if first else "",
    )


def _header(roster, unit, context: str, width: float) -> list:
    """The unit's name on the coloured strip with the list's verdict; under it, whose list and where in it."""
    state = "LEGAL" if roster.legal else "NOT LEGAL"
    state_w = pdf.text_width(state, pdf.BOLD, 7, 5) + 2
    strip = Table(
        [
            [
                pdf.para(unit.title, pdf.style(8.5, bold=True, color=colors.white, leading=10)),
                pdf.para(state, pdf.style(7, bold=True, color=colors.white, leading=8.2, align=TA_RIGHT)),
            ]
        ],
        colWidths=[width - state_w, state_w],
    )
    strip.setStyle(
        TableStyle(
            [
                ("BACKGROUND", (0, 0), (-1, -1), pdf.LEGAL if roster.legal else pdf.ILLEGAL),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("LEFTPADDING", (0, 0), (-1, -1), 2.5),
                ("RIGHTPADDING", (0, 0), (-1, -1), 2.5),
                ("TOPPADDING", (0, 0), (-1, -1), 1.2),
                ("BOTTOMPADDING", (0, 0), (-1, -1), 1.8),
            ]
        )
    )
    out = [strip]
    where = " › ".join(filter(None, [roster.title, context]))
    out.append(pdf.para(where, pdf.style(6.5, color=pdf.MUTED, leading=7.8)))
    if unit.points:
        out.append(pdf.para(unit.points, pdf.style(7, color=pdf.MUTED, leading=8.4)))
    return out


def _card(roster, unit, context: str, width: float) -> list:
    """A card's flowables: its header, then the roster's entry for the unit without the entry's own heading
    (the header carries the name and points)."""
    body = roster_pdf.unit_flowables(unit, width, 0, roster_pdf.CARD)[0].parts[1:]
    return _header(roster, unit, context, width) + body


def _fits(flow: list, width: float, height: float) -> bool:
    return roster_pdf.column_height(flow, width) <= height


def _unit_cards(roster, unit, context: str, width: float, height: float) -> list:
    """One card, or as few as the unit's rows and tracks need, MOST_CARDS at most (the rows past them cut, and the
    last card says so). The count is worked out from the unit's height, then checked: a card built for each part,
    one count more while they do not fit; never every count from two tried, which is quadratic in the rows."""
    whole = _card(roster, unit, context, width)
    need = roster_pdf.column_height(whole, width)
    pieces = len(unit.rows) + len(unit.tracks)
    if need <= height or pieces < 2:
        return [whole]
    bare = roster_pdf.column_height(_card(roster, _slice(unit, range(0), range(0), 1, 1), context, width), width)
    room = max(height - bare, 1.0)  # what one card holds of the rows and tracks, at the least
    parts = min(pieces, max(2, math.ceil((need - bare) / room)))
    if parts <= MOST_CARDS:
        made = _fewest_cards(roster, unit, context, width, height, parts, min(pieces, MOST_CARDS))
        if made:
            return made
    return _cut_cards(roster, unit, context, width, height, min(MOST_CARDS / parts, 0.8))


def _fewest_cards(roster, unit, context: str, width: float, height: float, parts: int, most: int) -> list:
    """The fewest cards (from ``parts``, up to ``most``) that each fit, or [] when ``most`` do not. ``parts`` is
    never more than the fewest: it is worked out with a card's overhead taken as that of a card with no rows (no
    table heading), which is less than a part's."""
    made = _split_cards(roster, unit, context, width, height, parts)
    while not made and parts < most:
        parts += 1
        made = _split_cards(roster, unit, context, width, height, parts)
    return made


def _split_cards(roster, unit, context: str, width: float, height: float, parts: int) -> list:
    """The unit on ``parts`` cards, its rows and tracks shared out evenly, or [] when one of them does not fit."""
    spans = zip(_spans(len(unit.rows), parts), _spans(len(unit.tracks), parts))
    cards = [_card(roster, _slice(unit, r, t, i + 1, parts), context, width) for i, (r, t) in enumerate(spans)]
    return cards if all(_fits(c, width, height) for c in cards) else []


def _cut_cards(roster, unit, context: str, width: float, height: float, share: float) -> list:
    """A unit too long for MOST_CARDS cards: its first rows and tracks on MOST_CARDS cards, the last saying how many
    are left to the roster. ``share``: the part of them the height says fits, made smaller until it does."""
    while True:
        rows, tracks = int(len(unit.rows) * share), int(len(unit.tracks) * share)
        left = len(unit.rows) - rows + len(unit.tracks) - tracks
        cut = replace(
            unit,
            rows=unit.rows[:rows],
            counts=unit.counts[:rows],
            unboxed={u for u in unit.unboxed if (u if isinstance(u, int) else u[0]) < rows},
            tracks=unit.tracks[:tracks],
            rules=[*unit.rules, f"{left:,} more rows are not printed on its cards ({MOST_CARDS} a unit at most): "
                   "the roster prints them"],
        )  # fmt: skip
        most = min(rows + tracks, MOST_CARDS)  # the cards filled: the unit takes all it may
        made = _fewest_cards(roster, cut, context, width, height, most, most) if most >= 2 else []
        if made or rows + tracks <= MOST_CARDS:
            return made or [_card(roster, cut, context, width)]  # past that, shrunk to the card below
        share *= 0.8


def _spans(n: int, parts: int) -> list:
    size = -(-n // parts) if n else 0
    return [range(min(i * size, n), min((i + 1) * size, n)) for i in range(parts)]


def list_card(roster) -> list:
    """The first card: the list itself, its verdict, points and share code (QR) with its hash, so a sheet of cards
    can be checked against the list that was approved."""
    return [
        pdf.para(roster.title, pdf.style(9, bold=True, color=pdf.HEAD, leading=11)),
        pdf.para(roster.verdict, pdf.style(7, color=pdf.LEGAL if roster.legal else pdf.ILLEGAL, leading=8.6)),
        pdf.para(
            " · ".join(filter(None, [roster.ruleset, roster.player, roster.points])),
            pdf.style(6.5, color=pdf.MUTED, leading=7.8, space_after=4),
        ),
        pdf.ShareQr(roster.share_code, roster.list_hash),
    ]


def cards(roster, width: float, height: float) -> list:
    """Every card's flowables, in roster order. A heading of units (a platoon with no stats of its own) gives
    the cards under it their context line rather than a card of its own."""
    out: list = []
    above: dict = {}
    for unit in roster.units:
        above = {d: t for d, t in above.items() if d < unit.depth}
        if not (unit.rows or unit.tracks or unit.counters or unit.facts or unit.rules):
            above[unit.depth] = unit.title
            continue
        context = " › ".join(above[d] for d in sorted(above))
        out += _unit_cards(roster, _for_card(unit), context, width, height)
        above[unit.depth] = unit.title
    return out


# Card sizes players sleeve, as printed (width, height); "nine-up" fills the page three by three.
CARD_SIZES: dict[str, tuple[float, float] | None] = {
    "nine-up": None,
    "poker": (63 * mm, 88 * mm),
    "tarot": (70 * mm, 120 * mm),
}


def grid(paper: str, size: str = "nine-up", rows: int = ROWS, scale: float = 1.0) -> tuple:
    """(columns, rows, card width, card height, left, top) of the cards on a page, the grid centred, as laid out
    (for large print, on the smaller sheet ``scale`` gives); nine-up takes the rows it is given (three, or more for
    short cards), two across in large print; a sleeved size is its size on paper."""
    page_w, page_h = pdf.laid_out_size(paper, scale)
    room_w, room_h = page_w - 2 * MARGIN, page_h - TOP - BOTTOM
    card = CARD_SIZES[size]
    if card is None:
        columns = COLUMNS if scale == 1 else LARGE_COLUMNS
        return columns, rows, room_w / columns, room_h / rows, MARGIN, page_h - TOP
    card_w, card_h = card[0] / scale, card[1] / scale
    columns, rows = int(room_w // card_w), int(room_h // card_h)
    left = (page_w - columns * card_w) / 2
    top = page_h - TOP - (room_h - rows * card_h) / 2
    return columns, rows, card_w, card_h, left, top


def layout(roster, paper: str = "a4", size: str = "nine-up", scale: float = 1.0) -> tuple:
    """(grid, every card's flowables): nine-up cards are cut for three rows (large print: two), then set in as many
    rows (up to MOST_ROWS) as the tallest of them fits, so that short cards fill a page rather than leave it
    two-thirds empty."""
    base = ROWS if scale == 1 else LARGE_ROWS
    columns, rows, card_w, card_h, left, top = grid(paper, size, base, scale)
    inner_w, inner_h = card_w - 2 * PAD, card_h - 2 * PAD
    made = ([list_card(roster)] if roster.share_code else []) + cards(roster, inner_w, inner_h)
    if CARD_SIZES[size] is None and made:
        tallest = max(roster_pdf.column_height(card, inner_w) for card in made)
        for more in range(MOST_ROWS, base, -1):
            if tallest <= grid(paper, size, more, scale)[3] - 2 * PAD:
                return grid(paper, size, more, scale), made
    return (columns, rows, card_w, card_h, left, top), made


def render(roster, path, paper: str = "a4", footer: str = "", size: str = "nine-up", large: bool = False) -> int:
    """Write the cards PDF; returns its page count. size: nine-up (three across, three to six rows), or a card
    size players sleeve (poker 63x88 mm, tarot 70x120 mm) printed at that size with cut lines, as many to a page
    as fit. large: everything drawn pdf.LARGE times larger (nine-up: two across)."""
    scale = pdf.LARGE if large else 1.0
    page_w, page_h = pdf.page_size(paper)
    (columns, rows, card_w, card_h, left, top), made = layout(roster, paper, size, scale)
    inner_w, inner_h = card_w - 2 * PAD, card_h - 2 * PAD

    def cut_lines(canvas, _doc):
        canvas.saveState()
        canvas.setStrokeColor(colors.HexColor("#9a9a94"))
        canvas.setLineWidth(0.4)
        canvas.setDash(3, 2)
        for i in range(columns + 1):
            x = left + i * card_w
            canvas.line(x, top - rows * card_h, x, top)
        for j in range(rows + 1):
            y = top - j * card_h
            canvas.line(left, y, left + columns * card_w, y)
        canvas.restoreState()

    frames = [
        Frame(
            left + c * card_w,
            top - (r + 1) * card_h,
            card_w,
            card_h,
            leftPadding=PAD,
            rightPadding=PAD,
            topPadding=PAD,
            bottomPadding=PAD,
            id=f"card{r}{c}",
        )
        for r in range(rows)
        for c in range(columns)
    ]

    def make_doc(buffer):
        doc = BaseDocTemplate(
            buffer,
            pagesize=(page_w, page_h),
            invariant=1,
            title=f"Unit cards: {roster.title}",
            author="listgen",
            creator="listgen",
            subject=roster.ruleset,
        )
        doc.addPageTemplates([PageTemplate(id="cards", frames=frames, **pdf.scaled_pages(scale, cut_lines))])
        return doc

    story = [pdf.Section(f"{roster.title}: unit cards")]
    for i, card in enumerate(made):
        if i:
            story.append(FrameBreak())
        story.append(KeepInFrame(inner_w, inner_h, card, mode="shrink"))
    return pdf.build(path, make_doc, story, footer)
