"""Text exports of a list for forums and club sites, from jinja2 templates in templates/.

HTML is autoescaped; every template runs with StrictUndefined, so a typo in a template
fails loudly instead of printing blank.
"""

from __future__ import annotations

FORMATS = {"md": "export.md.j2", "html": "export.html.j2", "bbcode": "export.bbcode.j2", "txt": "export.txt.j2"}


def context(report) -> dict:
    """What every export shows: the roster's tree, flattened to plain strings."""
    from listgen.commands.roster import make_roster

    roster = make_roster(report)
    units = []
    for unit in roster.units:
        figures: list = []  # identical figures side by side become one line with a count
        for row in unit.rows:
            cells = [str(c) for c in row]
            if figures and figures[-1]["cells"][1:] == cells:
                figures[-1]["cells"][0] = str(int(figures[-1]["cells"][0]) + 1)
            else:
                figures.append({"cells": ["1"] + cells})
        alike = [f"{len(unit.tracks)} alike"] if len(unit.tracks) > 1 else []
        facts = alike + [f"{k} {v}".strip() for k, v in unit.facts]
        units.append(
            {
                "title": unit.title,
                "depth": unit.depth,
                "points": unit.points,
                "facts": facts,
                "columns": ["#"] + list(unit.columns),
                "figures": figures,
                "counters": [
                    f"{label} x{n}" if n is not None else f"{label} (count off)" for label, n in unit.counters
                ],
            }
        )
    return {
        "title": roster.title,
        "player": roster.player or "",
        "ruleset": roster.ruleset,
        "points": roster.points,
        "verdict": roster.verdict,
        "legal": roster.legal,
        "units": units,
        "findings": list(roster.findings),
        "notes": list(roster.notes),
    }


def render(report, fmt: str) -> str:
    from listgen.output.templating import render as render_template

    return render_template(FORMATS[fmt], **context(report))
