"""Lists the loader accepts but no player would write render in bounded time, and say what they leave out.

The sizes are benchmarks/hostile.py's, timed properly by benchmarks/bench.py (bound: 10 s, 500 MB). Here the
limits are generous: a hang is the failure.
"""

import sys
import time

import pytest
from conftest import ROOT, listgen_run

sys.path.insert(0, str(ROOT / "benchmarks"))
import hostile  # type: ignore[import-not-found]  # noqa: E402 - benchmarks/ is no package

from listgen.core.roster import MAX_ROWS, MAX_TICKS, MAX_TRACKS, MAX_UNITS  # noqa: E402


def listgen(*args, timeout=60):
    return listgen_run(*args, timeout=timeout)


@pytest.mark.slow
@pytest.mark.parametrize("case", sorted(hostile.CASES))
def test_a_hostile_size_validates_and_renders_without_hanging(case, tmp_path):
    path = tmp_path / "hostile.yaml"
    path.write_text(hostile.CASES[case](), encoding="utf-8")
    start = time.perf_counter()
    checked = listgen("validate", path, timeout=20)
    assert checked.returncode in (0, 1), checked.stderr
    assert time.perf_counter() - start < 20
    for command in ("roster", "cards"):
        out = tmp_path / f"{command}.pdf"
        done = listgen(command, path, "-o", out)
        assert done.returncode in (0, 1), done.stderr
        assert out.read_bytes().startswith(b"%PDF")


def test_the_printout_bounds_are_stated_where_they_cut():
    from listgen.commands.roster import make_roster, printed_roster
    from listgen.core.validate import check_text

    report = check_text(hostile.teams(MAX_UNITS + 5, extra=", grenades: 200"), "t.yaml")
    full, printed = make_roster(report), printed_roster(report)
    assert len(full.units) > MAX_UNITS
    assert len(printed.units) == MAX_UNITS + 1
    assert (
        printed.units[-1].title.startswith("… and ")
        and f"{len(full.units) - MAX_UNITS:,} more units" in printed.units[-1].title
    )
    assert any("not printed" in n for n in printed.notes)
    assert len(printed.findings) <= 61


def test_exactly_at_each_bound_nothing_is_cut():
    from listgen.commands.roster import make_roster, printed_roster
    from listgen.core.validate import check_text

    at = check_text(hostile.figure_rows(MAX_ROWS), "t.yaml")
    team = max(printed_roster(at).units, key=lambda u: len(u.rows))
    assert len(team.rows) == MAX_ROWS and not any("not printed" in r for r in team.rules)
    past = check_text(hostile.figure_rows(MAX_ROWS + 1), "t.yaml")
    team = max(printed_roster(past).units, key=lambda u: len(u.rows))
    assert len(team.rows) == MAX_ROWS and any("1 more rows are not printed" in r for r in team.rules)
    tracked = check_text(hostile.bounce_counted_stands(1, MAX_TRACKS), "b.yaml")
    assert len(next(u for u in printed_roster(tracked).units if u.tracks).tracks) == MAX_TRACKS
    shared = check_text(hostile.bounce_counted_stands(1, MAX_TRACKS + 1), "b.yaml")
    (line,) = next(u for u in printed_roster(shared).units if u.tracks).tracks
    assert line.name == f"{MAX_TRACKS + 1} copies" and f"of {MAX_TRACKS + 1}" in line.write_in
    assert make_roster(shared).units  # the unbounded roster (exports) keeps every copy
    assert len(next(u for u in make_roster(shared).units if u.tracks).tracks) == MAX_TRACKS + 1


def test_a_counter_past_what_a_player_ticks_is_a_count_to_write_in():
    from listgen.core.roster import Unit
    from listgen.render.roster_pdf import BOX, _counters

    at, past = (
        _counters(Unit("T", 2, counters=[("Grenades", MAX_TICKS)]), 7.5, 0),
        _counters(Unit("T", 2, counters=[("Grenades", MAX_TICKS + 1)]), 7.5, 0),
    )
    assert at[0].text.count(BOX) == MAX_TICKS
    assert BOX not in past[0].text and "used:" in past[0].text
