"""What a matchup sheet says reads as English (issue 51): a count with its noun in the right number, a name's
possessive as written ("Sharpshooters'", not "Sharpshooters's")."""

from conftest import report

from listgen.core.findings import counted, possessive
from listgen.rulesets.noonday_sun import odds as noonday


def test_a_count_and_its_noun():
    assert [counted(n, "figure") for n in (0, 1, 2)] == ["0 figures", "1 figure", "2 figures"]
    assert counted(1, "die", "dice") == "1 die" and counted(3, "die", "dice") == "3 dice"


def test_a_possessive():
    assert possessive("Sharpshooters") == "Sharpshooters'" and possessive("Lt. Example") == "Lt. Example's"


ONE_FIGURE = """\
ruleset: noonday-sun
name: One figure
groups:
  - name: A group
    leader: {name: Lt. A, quality: veteran, weapon: revolver}
    units:
      - name: Sharpshooters
        quality: veteran
        figures:
          - {count: 1, weapon: Martini-Henry rifle}
"""


def test_a_noonday_unit_of_one_figure_is_said_in_the_singular():
    rep = report(ONE_FIGURE)
    assert rep.army is not None, [f.message for f in rep.findings]
    targets = noonday._targets(rep.army)
    words = " ".join(str(t) for t in targets)
    assert "1 figure" in words and "1 figures" not in words
