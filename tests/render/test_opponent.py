"""The opponent's summary page (``listgen opponent``, render/opponent_pdf.py, core/matchup.facing): one page, each of
their units with its size and quality, its weapons, and what each weapon does to the unit of yours there are most
of, the matchup's own numbers."""

from __future__ import annotations

import io
import subprocess
from fractions import Fraction

import pytest
from conftest import ARMIES

from listgen.commands.opponent import copies, opponent_pdf
from listgen.core.odds import at_least, mean
from listgen.core.validate import check_file
from listgen.render import opponent_pdf as renderer

PAIRS = [
    ("smle-british-rifle-platoon.yaml", "smle-german-section.yaml"),
    ("smle-german-section.yaml", "smle-british-rifle-platoon.yaml"),
    ("smle-us-armored-infantry.yaml", "smle-partisan-band.yaml"),
    ("bounce-militia-defence.yaml", "bounce-gf-hma-company.yaml"),
    ("bounce-gf-hma-company.yaml", "bounce-militia-defence.yaml"),
    ("close-action-us-rifle-squads.yaml", "close-action-german-grenadier-platoon.yaml"),
    ("noonday-british-company.yaml", "noonday-zulu-impi.yaml"),
    ("noonday-zulu-impi.yaml", "noonday-british-company.yaml"),
    ("sol-prime-basic-infantry-defence.yaml", "sol-prime-laser-armoured-company.yaml"),
    ("sol-prime-laser-armoured-company.yaml", "sol-prime-basic-infantry-defence.yaml"),
]


def reports(mine: str, theirs: str) -> tuple:
    return check_file(str(ARMIES / mine)), check_file(str(ARMIES / theirs))


def text_of(data: bytes) -> str:
    return " ".join(subprocess.run(["pdftotext", "-", "-"], input=data, capture_output=True).stdout.decode().split())


@pytest.mark.parametrize(("mine", "theirs"), PAIRS)
@pytest.mark.parametrize("large", [False, True])
def test_the_summary_is_one_page_naming_every_unit_of_theirs(mine, theirs, large):
    me, them = reports(mine, theirs)
    out = io.BytesIO()
    assert opponent_pdf(me, them, out, large=large) == 1
    text = text_of(out.getvalue())
    facing = me.rules.facing(me.army, them.army, copies(me))
    spec = them.rules._module("odds").MATCHUP  # what the matchup reads of their list: each unit it shoots at
    named = [name for name, _what, _weapons in facing.units]
    assert [t.unit for t in spec.targets_of(them.army)] == named[: len(spec.targets_of(them.army))]
    for name in named:  # each printed (a long name may wrap: its first word)
        assert name.split()[0] in text, name


def test_each_number_is_the_matchup_sheets_own_in_the_open():
    """The German section's Schützentrupp (4 Bolt Action Rifles) at the British platoon's most common unit: the
    matchup sheet's cell of that row, that target, in each band's first column ('Close, in the open'...)."""
    me, them = reports("smle-british-rifle-platoon.yaml", "smle-german-section.yaml")
    facing = me.rules.facing(me.army, them.army, copies(me))
    assert facing.bands == ["Close, in the open", "Effective, in the open", "Extreme, in the open"]
    # the platoon's most common kind: 3 units of 2 trained figures (HQ, mortar, PIAT) tie with the 3 Bren groups;
    # the first in the list's order is taken
    assert facing.target == "10 Platoon HQ and 2 more: 2 figures, trained, light infantry armour"
    units = {name: weapons for name, _what, weapons in facing.units}
    (weapon, cells), *_ = units["Schützentrupp"]
    assert weapon == "4 x Bolt Action Rifle (trained)"
    tables = me.rules.matchup_tables(me.army, them.army)
    theirs = next(t for t in tables if t.id.startswith("smle-matchup-theirs") and "10 Platoon HQ" in t.title)
    row = theirs.rows.index("Schützentrupp: 4 x Bolt Action Rifle (trained)")
    for band, cell in zip(facing.bands, cells):
        assert cell == theirs.cells[row][theirs.cols.index(band)]
    assert at_least(cells[0], 1) > at_least(cells[2], 1)  # closer is deadlier
    # a leader fires under his own name: 'Uffz. Krüger (section leader)' is the unit 'Uffz. Krüger'
    assert [w for w, _c in units["Uffz. Krüger"]] == ["1 x Sub-machine-gun / machine pistol (veteran)"]


def test_the_most_common_unit_counts_each_copy_a_roster_tracks():
    """Bounce into Action's militia: 'Ford squads' is one entry of three stands (its roster tracks three), so it is
    the unit the opponent will most often shoot at, not Capt. Adair's single stand, first in the list."""
    me, them = reports("bounce-militia-defence.yaml", "bounce-gf-hma-company.yaml")
    assert copies(me)["Ford squads"] == 3
    assert me.rules.facing(me.army, them.army, copies(me)).target.startswith("Ford squads: ")
    assert me.rules.facing(me.army, them.army).target.startswith("Capt. Adair: ")  # each entry once: the first


def test_a_cell_reads_the_chance_of_at_least_one_over_the_number_expected():
    counts = {0: Fraction(1, 4), 1: Fraction(1, 2), 2: Fraction(1, 4)}
    assert renderer._cell(counts) == "75%\n1.0"
    assert (at_least(counts, 1), mean(counts)) == (Fraction(3, 4), 1)
    assert renderer._cell(None) == "-"


def test_past_its_weapon_lines_the_page_names_the_units_it_leaves_out(monkeypatch):
    me, them = reports("smle-german-section.yaml", "smle-british-rifle-platoon.yaml")
    facing = me.rules.facing(me.army, them.army, copies(me))
    lines = sum(max(1, len(weapons)) for _n, _w, weapons in facing.units)
    monkeypatch.setattr(renderer, "MOST_ROWS", lines)  # at the bound: every unit printed
    out = io.BytesIO()
    assert renderer.render(facing, out) == 1 and "Not printed" not in text_of(out.getvalue())
    monkeypatch.setattr(renderer, "MOST_ROWS", lines - 3)  # past it: the last units named, still one page
    out = io.BytesIO()
    assert renderer.render(facing, out) == 1
    text = text_of(out.getvalue())
    assert "Not printed" in text and "L/Cpl. Prior" in text.split("Not printed")[1]
