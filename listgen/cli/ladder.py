"""`listgen ladder`: a club's ladder from a season of exported events (events/ladder.py)."""

from __future__ import annotations

from enum import Enum
from pathlib import Path

import typer

from listgen.output.console import echo_lines

from .common import (
    OUTPUT,
    Paper,
    _emit,
    _fail,
    _friendly,
    _output_file,
    _wrote,
    app,
)


class LadderFormat(str, Enum):
    text = "text"
    json = "json"
    csv = "csv"
    pdf = "pdf"


@app.command()
@_friendly
def ladder(
    exports: list[Path] | None = typer.Argument(
        None,
        metavar="[EXPORTS]...",
        help="Events' results (listgen tournament export --format json), or folders of them; none: the ladder "
        "file's exports.",
    ),
    config: Path | None = typer.Option(
        None, "--ladder", "-l", metavar="LADDER.yaml", help="The ladder file: its name, events, aliases, league table."
    ),
    previous: Path | None = typer.Option(
        None,
        "--previous",
        metavar="LADDER.json",
        help="The last ladder (--format json): say what an older event re-rates.",
    ),
    format: LadderFormat = typer.Option(LadderFormat.text, "--format", "-f", help="text, json, csv or pdf."),
    output: str | None = typer.Option(
        None, "--output", "-o", help="Write here (default: standard output; the PDF: output/ladder.pdf)."
    ),
    paper: Paper = typer.Option(Paper.a4, "--paper", help="a4 or letter (the PDF)."),
):
    """A club's ladder from a season of events: each player's rating and its uncertainty, games, wins, draws and
    losses, events, last played and the change at the last event; a league-points table when the ladder file asks.

    Ratings are openskill's Plackett-Luce (mu, sigma), ranked by mu - 3 sigma. Events are rated in date order
    whatever order they are named in, so the same files always give the same ladder. Byes, forfeits and games not
    played move no rating; draws do. Players fewer games than the ladder's minimum are shown apart, provisional.

    Example: listgen ladder events/ --ladder ladder.yaml --format pdf

    A folder's ladder.yaml (its exports: where the exports are, inside its folder) is also what the page offers as
    the club's ladder, and what the club's site carries when it says publish: true.
    """
    import datetime
    import json

    from listgen.events import ladder as season
    from listgen.output.files import print_date

    today = datetime.date.fromisoformat(print_date())
    try:
        made = season.read_ladder_file(str(config)) if config is not None else None
        if exports:
            named = [str(p) for p in exports]
        elif config is not None and made is not None:
            named = season.exports_of(str(config), made)
        else:
            _fail("name the events' exports, or a ladder file (--ladder) that says where they are")
        events = season.read_season(named, today, made.events if made is not None else None)
    except season.LadderError as exc:  # every problem located, as validate prints a list's: file:line:column: error
        echo_lines(exc.problems, err=True)
        raise typer.Exit(2) from None
    before = _previous_ladder(previous) if previous is not None else None
    data = season.ladder_data(season.make_ladder(events, made, before))
    data["provisional_below"] = made.provisional_below if made is not None else 5
    if format is LadderFormat.pdf:
        from listgen.output.files import check_output
        from listgen.render import rounds_pdf

        out = _output_file(output) if output is not None else OUTPUT / "ladder.pdf"
        check_output(out, exports or [])
        pages = rounds_pdf.ladder(data, out, paper.value, f"listgen · {data['ladder']} · printed {print_date()}")
        _wrote(out, f"{pages} page{'s' if pages != 1 else ''}")
        return
    shown = {"json": lambda d: json.dumps(d, indent=2, ensure_ascii=False) + "\n", "csv": season.ladder_csv}
    _emit(shown.get(format.value, season.ladder_text)(data), _output_file(output) if output else None, exports or [])


def _previous_ladder(path: Path) -> dict:
    import json

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        _fail(f"{path}: not a ladder written with --format json ({exc})")
    if not isinstance(data, dict) or not isinstance(data.get("events"), list):
        _fail(f"{path}: not a ladder written with --format json (it has no 'events')")
    return data
