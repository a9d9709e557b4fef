"""...In the Noonday Sun's matchup sheet (issue 51): a company game fires and falls by base, the sniper's row is said
for what it is, and the notes are Noonday's own; restated from noonday-sun.txt, each cell against icepool."""

from __future__ import annotations

import textwrap

from conftest import ARMIES, report
from test_matchup import SMLE_BAND_ORDER, SMLE_COVERS, smle_expected

from listgen import rulesets
from listgen.core.validate import check_file

NOONDAY = rulesets.get("noonday-sun")
COMPANY = check_file(str(ARMIES / "noonday-british-company.yaml"))  # a company game: a company leader, 2 platoons
IMPI = check_file(str(ARMIES / "noonday-zulu-impi.yaml")).army  # a platoon game: figure by figure


def cells(weapon, count, quality, figures, t_quality, t_motivation, t_armour) -> list:
    return [
        smle_expected(weapon, count, quality, False, figures, t_quality, t_motivation, t_armour, band, cover)
        for band in SMLE_BAND_ORDER
        for cover in SMLE_COVERS
    ]


def test_a_company_game_fires_and_falls_by_base():
    # 5. Groups: "It is possible to use Noonday Sun for company level games ... with the figures mounted together in
    # units on a single base. In this case, treat each unit or base as one figure for combat resolution."
    tables = NOONDAY.matchup_tables(COMPANY.army, IMPI)
    mine = [t for t in tables if t.id.startswith("noonday-sun-matchup-mine-")]
    # a unit of 5 trained Martini-Henrys (S.M.L.E.'s rifle) is one figure: one attack roll, at the impi's first
    # regiment (6 green figures in no armour: the impi is a platoon game, its figures fall one by one)
    (at_regiment,) = [t for t in mine if "iNgobamakhosi, first company" in t.title]
    (row,) = [c for label, c in zip(at_regiment.rows, at_regiment.cells) if label.startswith("1 Section, front rank")]
    assert row == cells("rifle", 1, "trained", 6, "green", None, "none")
    assert all("1 base of" in label for label in at_regiment.rows)
    # and the other way: the British units are one figure each, so at most one base falls to a firing
    theirs = [t for t in tables if t.id.startswith("noonday-sun-matchup-theirs-")]
    (at_base,) = [t for t in theirs if "1 Section, front rank" in t.title]
    (musket,) = [c for label, c in zip(at_base.rows, at_base.cells) if "old musket" in label]
    assert musket == cells("rifle", 6, "green", 1, "trained", "steady", "light")
    assert any("treat each unit or base as one figure" in note for note in at_regiment.assumptions)


def test_a_company_games_roster_boxes_a_base_not_each_figure():
    roster = NOONDAY.roster(COMPANY.army, COMPANY)
    units = [u for u in roster.units if u.title.startswith("Unit: ")]
    assert units and all(len(u.rows) == 1 and u.rows[0][0].startswith("base of ") for u in units)
    assert any("one figure for combat resolution" in note for note in roster.notes)
    rep = report((ARMIES / "noonday-zulu-impi.yaml").read_text(encoding="utf-8"))  # a platoon game: a row a figure
    impi = [u for u in NOONDAY.roster(rep.army, rep).units if u.title.startswith("Unit: ")]
    assert any(len(u.rows) > 1 for u in impi)


SNIPER = textwrap.dedent("""\
    ruleset: noonday-sun
    name: Marksmen
    groups:
      - name: Picket
        kind: section
        leader: {name: Sgt. Eye, quality: veteran}
        units:
          - {name: Riflemen, quality: trained, figures: [{count: 4, weapon: rifle, fires_as: rifle}]}
          - name: Sniper
            quality: veteran
            support_weapon: sniper-rifle
            figures: [{count: 2, weapon: Whitworth rifle, fires_as: sniper-rifle}]
    """)


def test_the_sniper_is_said_to_fire_as_its_own_fires_as_and_the_notes_are_noondays():
    rep = report(SNIPER)
    tables = NOONDAY.matchup_tables(rep.army, rep.army)
    mine = [t for t in tables if t.id.startswith("noonday-sun-matchup-mine-")]
    assert any(label.startswith("Sniper: 2 x Whitworth rifle as S.M.L.E.'s Sniper Rifle") for label in mine[0].rows)
    notes = " ".join(mine[0].assumptions)
    assert "Sniper's Sniper rifle: no row as a support weapon" in notes and "what fires is its figures' own" in notes
    assert "Not computed: Sniper" not in notes
    # S.M.L.E.'s own list of what a S.M.L.E. list holds (power armour, vehicles, its leaders and heroes) is not said
    for smle_only in ("power armour", "vehicle whose size", "Leaders and heroes, as the roster places them"):
        assert smle_only not in notes, smle_only
