"""What an event prints and writes for the room: a round's pairings and result slips, the standings (PDF, CSV,
JSON), each written atomically."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

from listgen.core.exceptions import OutputPathError
from listgen.events.event import Event
from listgen.events.rounds import (
    Pairing,
    Record,
    RoundFile,
    RoundsError,
    records,
    result_code,
    scenario_of,
    standings,
    unfinished,
)
from listgen.output.files import print_date, write_atomic


def _printouts(
    event: Event,
    pairing: Pairing,
    recs: dict[str, Record],
    out_dir: Path,
    paper: str,
    undone: str,
    cmd: str,
    named: str = "",
) -> list[Path]:
    """A round's pairings (CSV, JSON, PDF) and result slips, each written atomically; written before the round
    file, so a failure here says what was left undone (`undone`) and that `listgen tournament cmd` runs again."""
    if out_dir.exists() and not out_dir.is_dir():
        raise RoundsError(f"{out_dir}: is a file; -o names the folder for the printouts ({undone})")
    try:
        return _write_printouts(event, pairing, recs, out_dir, paper, named or event.pack.event)
    except (OSError, OutputPathError) as exc:
        why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise RoundsError(
            f"the printouts could not be written ({why}): {undone}; run `listgen tournament {cmd}` again once "
            "that is mended"
        ) from None


def _write_printouts(
    event: Event, pairing: Pairing, recs: dict[str, Record], out_dir: Path, paper: str, named: str
) -> list[Path]:
    """The printouts, each slip's code made with the name the round is paired under (`named`)."""
    from listgen.render import rounds_pdf

    n = pairing.round
    written = []
    stem = out_dir / f"round-{n}"
    rows = pairing_rows(event, pairing, recs, named)
    written.append(write_atomic(Path(f"{stem}-pairings.csv"), _csv(rows)))
    written.append(write_atomic(Path(f"{stem}-pairings.json"), json.dumps(rows, indent=2, ensure_ascii=False) + "\n"))
    footer = f"listgen · {event.pack.event} · printed {print_date()}"
    scenario = scenario_of(event.rules, n)
    from listgen.events.room_state import slip_extras  # the players' personal codes, the room's address

    personal, link = slip_extras(event.pack_file, event.secret, event.players)
    pdf = Path(f"{stem}-pairings.pdf")
    rounds_pdf.pairings(event.pack.event, pairing, recs, pdf, paper, footer, scenario, link)
    written.append(pdf)
    codes = {t: result_code(named, n, t, players, event.secret) for t, players in pairing.games if t is not None}
    slips = Path(f"{stem}-slips.pdf")
    rounds_pdf.slips(event.pack.event, pairing, event.rules, slips, paper, footer, codes, scenario, personal, link)
    written.append(Path(f"{stem}-slips.pdf"))
    return written


def pairing_rows(event: Event, pairing: Pairing, recs: dict[str, Record], named: str = "") -> list[dict[str, Any]]:
    rows = []
    for table, players in pairing.games:
        a = players[0]
        b = players[1] if len(players) > 1 else None
        rows.append(
            {
                "round": pairing.round,
                "scenario": scenario_of(event.rules, pairing.round),
                "table": table,
                "player": a,
                "points": recs[a].points,
                "opponent": b,
                "opponent_points": recs[b].points if b else None,
                "code": result_code(named or event.pack.event, pairing.round, table, players, event.secret)
                if b and table
                else None,
            }
        )
    return rows


def _csv(rows: list[dict[str, Any]]) -> str:
    from listgen.events.tournament import csv_cell

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    if rows:
        writer.writerow(list(rows[0]))
        for row in rows:
            writer.writerow([csv_cell("" if v is None else v) for v in row.values()])
    return out.getvalue()


# every value the standings compare: the export gives each, whether the pack's ranking lists it or not
_EVERY_VALUE = ("points", "wins", "points_difference", "sos", "extended_sos", "head_to_head")


def standings_rows(event: Event, every: bool = False) -> tuple[list[RoundFile], list[dict[str, Any]]]:
    """(rounds read, rows): every player ranked, with each tie-breaker's value, the list's verdict and hash."""
    rounds, _notes = event.rounds()
    finished = [r for r in rounds if not unfinished(r)]
    recs = records(event.players, finished, event.rules)
    entries = {e.player: e for e in event.checked.entries}
    rows = []
    for s in standings(recs, event.rules.tie_breakers):
        entry = entries.get(s.name)
        rows.append(
            {
                "rank": s.rank,
                "player": s.name,
                **{k: s.values.get(k) for k in (_EVERY_VALUE if every else event.rules.tie_breakers)},
                "games": len(recs[s.name].results) - recs[s.name].byes,  # played: a bye is no game
                "byes": recs[s.name].byes,
                "list": "LEGAL" if entry and entry.legal else "NOT LEGAL",
                "hash": entry.hash if entry else None,
                "dropped_after": event.dropped.get(s.name),
            }
        )
    return finished, rows


def write_standings(event: Event, out_dir: Path, paper: str = "a4") -> tuple[list[dict[str, Any]], list[Path]]:
    from listgen.render import rounds_pdf

    finished, rows = standings_rows(event)
    n = len(finished)
    stem = out_dir / f"standings-round-{n}"
    written = [write_atomic(Path(f"{stem}.csv"), _csv(rows))]
    data = {"event": event.pack.event, "after_round": n, "tie_breakers": event.rules.tie_breakers, "players": rows}
    written.append(write_atomic(Path(f"{stem}.json"), json.dumps(data, indent=2, ensure_ascii=False) + "\n"))
    footer = f"listgen · {event.pack.event} · printed {print_date()}"
    rounds_pdf.standings(event.pack.event, n, event.rules, rows, Path(f"{stem}.pdf"), paper, footer)
    written.append(Path(f"{stem}.pdf"))
    return rows, written
