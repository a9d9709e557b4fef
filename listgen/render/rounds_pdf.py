"""The rounds' printouts: a round's pairings (by table and by name), its result slips, and the standings."""

from __future__ import annotations

from xml.sax.saxutils import escape

from reportlab.lib.enums import TA_CENTER
from reportlab.lib.units import mm
from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate, Spacer, Table, TableStyle

from . import pdf


def _doc(title: str, paper: str, landscape: bool = False):
    size = pdf.page_size(paper, "landscape" if landscape else "portrait")
    margin = 14 * mm

    def make(buffer):
        doc = BaseDocTemplate(buffer, pagesize=size, invariant=1, title=title, author="listgen", creator="listgen")
        frame = Frame(margin, 14 * mm, size[0] - 2 * margin, size[1] - margin - 14 * mm, leftPadding=0, rightPadding=0)
        doc.addPageTemplates([PageTemplate(id="page", frames=[frame])])
        return doc

    return make, size[0] - 2 * margin


def _table(rows: list, widths: list, size: float = 10) -> Table:
    body = pdf.style(size, leading=size * 1.25)
    data = [[pdf.para(c, pdf.style(size, bold=True, leading=size * 1.25)) for c in rows[0]]]
    data += [[pdf.para("" if c is None else str(c), body) for c in row] for row in rows[1:]]
    table = Table(data, colWidths=widths, repeatRows=1)
    table.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("LINEBELOW", (0, 0), (-1, 0), 0.8, pdf.HEAD),
                ("LINEBELOW", (0, 1), (-1, -1), 0.25, pdf.RULE),
                ("ROWBACKGROUNDS", (0, 1), (-1, -1), [None, pdf.SHADE]),
            ]
        )
    )
    return table


def pairings(
    event: str,
    pairing,
    recs: dict,
    path,
    paper: str = "a4",
    footer: str = "",
    scenario: str | None = None,
    link: str | None = None,
) -> int:
    """Round n's pairings: by table (to set out the tables) and by name (for players to find their table), under
    the round's scenario when the pack names one; link: the room's address (listgen tournament serve), printed with
    its QR code for the players' phones."""
    make, width = _doc(f"{event}: round {pairing.round} pairings", paper)
    by_table = [["Table", "Player", "Pts", "Opponent", "Pts"]]
    by_name = [["Player", "Table", "Opponent"]]
    for table, players in pairing.games:
        a = players[0]
        if len(players) == 1:
            by_table.append(["bye", a, recs[a].points, "", ""])
            by_name.append([a, "bye", ""])
            continue
        b = players[1]
        by_table.append([table, a, recs[a].points, b, recs[b].points])
        by_name += [[a, table, b], [b, table, a]]
    by_name = by_name[:1] + sorted(by_name[1:], key=lambda r: str(r[0]).casefold())
    head = pdf.style(16, bold=True, color=pdf.HEAD, leading=19)
    sub = pdf.style(12, bold=True, color=pdf.HEAD, leading=15, space_after=4, role="heading")
    story = [
        pdf.para(f"{event}: round {pairing.round}", head),
        *([pdf.para(f"Scenario: {scenario}", pdf.style(12, bold=True))] if scenario else []),
        *_room_link(link, width),
        Spacer(1, 3 * mm),
        pdf.para("By table", sub),
        _table(by_table, [width * 0.1, width * 0.35, width * 0.08, width * 0.39, width * 0.08]),
        Spacer(1, 6 * mm),
        pdf.para("By name", sub),
        _table(by_name, [width * 0.45, width * 0.1, width * 0.45]),
    ]
    return pdf.build(path, make, story, footer)


def _room_link(link: str | None, width: float) -> list:
    """The room's address and its QR code: players open it to see the board and report their results."""
    if not link:
        return []
    qr = pdf.ShareQr(link, "", label="", module=0.6 * mm)
    said = pdf.para(f"Results from your phone: scan the code, or open {link}", pdf.style(11, leading=14))
    box = Table([[said, qr]], colWidths=[width - qr.width - 4 * mm, qr.width + 4 * mm])
    box.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "MIDDLE")]))
    return [Spacer(1, 2 * mm), box]


CODE_SIZE = 16  # pt: a slip's code, typed in by the organiser from the slip


def slips(
    event: str,
    pairing,
    rules,
    path,
    paper: str,
    footer: str,
    codes: dict,
    scenario: str | None,
    personal: dict | None = None,
    link: str | None = None,
) -> int:
    """A result slip per table, as many to a page as fit: both names, a box for each player's score, the code and
    its QR (listgen tournament result PACK CODE SCORE SCORE records it). codes: table -> the result code the event
    made for it; scenario: the round's, if the pack names one; personal: each player's personal code, printed on his
    own half to tear off (he confirms his table's result from his phone with it); link: the room's address (listgen
    tournament serve), where the QR then leads: the table's result form with its code filled in."""
    make, width = _doc(f"{event}: round {pairing.round} result slips", paper)
    story: list = []
    games = [(t, p) for t, p in pairing.games if t is not None]
    scenario_line = [pdf.para(f"Scenario: {scenario}", pdf.style(11, bold=True))] if scenario else []
    for table, players in games:
        code = codes[table]
        names = [
            [pdf.para(p, pdf.style(12, bold=True, leading=15)), pdf.para(f"{rules.score}: ______", pdf.style(11))]
            for p in players
        ]
        inner = Table(names, colWidths=[width * 0.42, width * 0.28])
        inner.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "MIDDLE"), ("BOTTOMPADDING", (0, 0), (-1, -1), 8)]))
        if link:  # the code after '#' is never sent to the server nor kept in its log: the page fills it in
            qr = pdf.ShareQr(f"{link.rstrip('/')}/report#{code}", "", label="scan to report", module=0.75 * mm)
        else:
            qr = pdf.ShareQr(code, "", label=code, module=0.9 * mm)
        slip = Table(
            [
                [
                    [
                        pdf.para(f"{event}", pdf.style(9, color=pdf.MUTED)),
                        pdf.para(f"Round {pairing.round} · Table {table}", pdf.style(14, bold=True, color=pdf.HEAD)),
                        *scenario_line,
                        Spacer(1, 3 * mm),
                        inner,
                        pdf.para("Both players sign: ____________  ____________", pdf.style(9, color=pdf.MUTED)),
                    ],
                    # the code the organiser types in, under its QR, readable at arm's length (the QR's own
                    # label is 6.5 pt)
                    [qr, pdf.para(code, pdf.style(CODE_SIZE, bold=True, leading=CODE_SIZE + 2, align=TA_CENTER))],
                ]
            ],
            colWidths=[width * 0.72, width * 0.28],
        )
        slip.setStyle(
            TableStyle(
                [
                    ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                    ("BOX", (0, 0), (-1, -1), 0.5, pdf.RULE),
                    ("TOPPADDING", (0, 0), (-1, -1), 8),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 8),
                ]
            )
        )
        stubs = _stubs(players, personal or {}, width)
        story += [pdf.Keep([slip, *stubs]), Spacer(1, 8 * mm)]  # as many a page as fit
    if not story:
        story = [pdf.para("No tables this round.", pdf.style(11))]
    return pdf.build(path, make, story, footer)


def _stubs(players: list, personal: dict, width: float) -> list:
    """Each player's half of the slip, torn off at the table: his personal code, which only he should see."""
    if not all(p in personal for p in players):
        return []
    cells = [
        pdf.markup(
            f"<b>{escape(p)}</b>: your personal code <b>{personal[p]}</b><br/>"
            "tear off your half and keep it to yourself: you confirm results with it",
            pdf.style(8.5, leading=11),
        )
        for p in players
    ]
    stub = Table([cells], colWidths=[width / 2, width / 2])
    stub.setStyle(
        TableStyle(
            [
                ("LINEABOVE", (0, 0), (-1, 0), 0.6, pdf.RULE, 0, (3, 2)),
                ("LINEAFTER", (0, 0), (0, 0), 0.6, pdf.RULE, 0, (3, 2)),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
                ("TOPPADDING", (0, 0), (-1, -1), 6),
            ]
        )
    )
    return [stub]


LABELS = {
    "points": "Pts",
    "wins": "Wins",
    "points_difference": "Diff",
    "sos": "SoS",
    "extended_sos": "Ext SoS",
    "head_to_head": "H2H",
}


def standings(event: str, n: int, rules, rows: list, path, paper: str = "a4", footer: str = "") -> int:
    """The standings after round n: rank, name, each tie-breaker in the pack's order, the list's verdict and hash."""
    make, width = _doc(f"{event}: standings after round {n}", paper, landscape=True)
    breakers = list(rules.tie_breakers)
    head = ["#", "Player"] + [LABELS[b] for b in breakers] + ["Played", "Byes", "List", "Hash"]
    body = [
        [
            r["rank"],
            r["player"]
            + (f" (dropped after round {r['dropped_after']})" if r.get("dropped_after") is not None else ""),
        ]
        + ["" if r[b] is None else r[b] for b in breakers]
        + [r["games"], r["byes"], r["list"], r["hash"] or "-"]
        for r in rows
    ]
    fixed = 36
    widths = [fixed * 0.8, width * 0.26] + [fixed * 1.3] * len(breakers) + [fixed * 1.5, fixed * 1.2, fixed * 2.2, None]
    order = " > ".join(LABELS[b] for b in breakers)
    story = [
        pdf.para(f"{event}: standings after round {n}", pdf.style(16, bold=True, color=pdf.HEAD, leading=19)),
        pdf.para(
            f"Ranked by {order}. Byes score {rules.bye} and count no opponent (not in SoS) and no score (not in Diff).",
            pdf.style(9, color=pdf.MUTED, space_after=6),
        ),
        _table([head] + body, widths, 9),
    ]
    return pdf.build(path, make, story, footer)


def ladder(data: dict, path, paper: str = "a4", footer: str = "") -> int:
    """A club's ladder (events/ladder.ladder_data): the rated players, the provisional ones apart, the league table
    when the ladder has one, the events it rests on and its notes."""
    title = data["ladder"]
    make, width = _doc(title, paper, landscape=True)
    fixed = 36
    head = ["#", "Player", "Rating", "mu", "sigma", "Games", "W-D-L", "Events", "Last played", "Change"]
    widths = [fixed * 0.8, width * 0.3] + [fixed * 1.4] * 3 + [fixed * 1.3, fixed * 1.8, fixed * 1.3, fixed * 2.4, None]

    def rows(players: list) -> list:
        return [
            [
                p["rank"] if p["rank"] is not None else "-",
                p["name"],
                f"{p['rating']:.2f}",
                f"{p['mu']:.2f}",
                f"{p['sigma']:.2f}",
                p["games"],
                f"{p['wins']}-{p['draws']}-{p['losses']}",
                p["events"],
                p["last_played"],
                "" if p["change"] is None else f"{p['change']:+.2f}",
            ]
            for p in players
        ]

    rated = [p for p in data["players"] if not p["provisional"]]
    provisional = [p for p in data["players"] if p["provisional"]]
    small = pdf.style(9, color=pdf.MUTED, space_after=6)
    events = "; ".join(f"{e['name']} ({e['date']})" for e in data["events"])
    story = [
        pdf.para(title, pdf.style(16, bold=True, color=pdf.HEAD, leading=19)),
        pdf.para(
            f"Ranked by rating = mu - 3 sigma ({data['model']}): a skill (mu) less three times its uncertainty "
            f"(sigma). Byes, forfeits and games not played move no rating; draws do. Events, in date order: {events}.",
            small,
        ),
        _table([head, *rows(rated)], widths, 9) if rated else pdf.para("No player has enough games yet.", small),
    ]
    if provisional:
        story += [
            Spacer(1, 4 * mm),
            pdf.para(f"Provisional: fewer than {data['provisional_below']} rated games", pdf.style(12, bold=True)),
            _table([head, *rows(provisional)], widths, 9),
        ]
    if data.get("league") is not None:
        story += [
            Spacer(1, 4 * mm),
            pdf.para("League table", pdf.style(12, bold=True)),
            _table(
                [["#", "Player", "Points", "Events counted"]]
                + [[r["rank"], r["name"], r["points"], r["events_counted"]] for r in data["league"]],
                [fixed * 0.8, width * 0.3, fixed * 1.6, None],
                9,
            ),
        ]
    story += [pdf.para(note, small) for note in data["notes"]]
    return pdf.build(path, make, story, footer)
