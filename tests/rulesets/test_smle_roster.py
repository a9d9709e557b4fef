"""What the S.M.L.E. roster says of a team: activation as the text computes it."""

import textwrap

from conftest import BASE

from listgen.core.validate import check_text
from listgen.rulesets import get

SMLE = get("smle")


def facts(text: str, title: str) -> dict:
    report = check_text(text, "t.yaml")
    assert report.legal(), [f.message for f in report.findings]
    unit = next(u for u in SMLE.roster(report.army, report).units if u.title.endswith(title))
    return dict((label, value) for label, value in unit.facts if label)


MOUNTED = BASE + textwrap.dedent("""\
    teams:
      - name: Jeep crew
        quality: trained
        figures: [{count: 2, weapon: smg}]
        vehicle: {name: Jeep 1, type: jeep}
      - name: Carrier crew
        quality: trained
        figures: [{count: 2, weapon: smg}]
        vehicle: {name: Carrier 1, type: tracked-apc, carries: [Rifles]}
    """)


def test_vehicle_crew_are_armoured_troops_even_in_a_soft_skin():
    # "Armoured Troops are vehicle crew or in armoured vehicles": +1, on Trained's +4
    assert facts(MOUNTED, "Jeep crew")["Activation"] == "1D6+5"
    assert facts(MOUNTED, "Carrier crew")["Activation"] == "1D6+5"


def test_teams_carried_in_an_armoured_vehicle_are_armoured_troops_aboard():
    assert facts(MOUNTED, "Rifles")["Activation"] == "1D6+4 (+1 aboard Carrier 1)"
    assert facts(MOUNTED, "Bren")["Activation"] == "1D6+4"


def leader_rules(hero: str) -> list:
    text = BASE.replace(
        "leader: {name: Cpl A, quality: veteran, weapon: smg}",
        f"leader: {{name: Cpl A, quality: veteran, weapon: gpmg{hero}}}",
    )
    report = check_text(text, "t.yaml")
    unit = next(u for u in SMLE.roster(report.army, report).units if "Cpl A" in u.title)
    return unit.rules


def test_heavy_weapons_must_be_braced_except_by_a_hero():
    """Weapons table: '*These weapons must be braced in order to fire'; Hollywood Extras: heavy weapons do not
    slow down a hero, 'or require bracing'."""
    assert any("braced" in rule for rule in leader_rules(""))
    assert not any("braced" in rule for rule in leader_rules(", hero: minor"))
