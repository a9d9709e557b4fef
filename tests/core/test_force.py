"""The force tree (listgen/core/force.py): every part of each example list once, at its path, immutable, built once;
the roster the core stamps is a frozen copy, the ruleset's own left as it gave it; subtotals found on the tree."""

from __future__ import annotations

import dataclasses

import pytest
import yaml
from conftest import ARMIES

from listgen.commands.roster import make_roster
from listgen.core.validate import check_file

EXAMPLES = sorted(ARMIES.glob("*.yaml"))


def _at(data, path):
    for step in path:
        data = data[step]
    return data


def _mappings(data, path=()):
    """Every mapping in the YAML under the list's top, with its path: what a tree of the list must hold. A
    mapping of prices (a points table's {item: points}) is a value, not a part."""
    if isinstance(data, dict):
        if path and not all(isinstance(v, (int, float)) for v in data.values()):
            yield path
        for key, value in data.items():
            yield from _mappings(value, path + (key,))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _mappings(value, path + (i,))


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
def test_every_part_of_the_list_is_one_node_at_its_path_with_its_name(example):
    data = yaml.safe_load(example.read_text(encoding="utf-8"))
    report = check_file(str(example))
    tree = report.force
    assert tree is not None and tree is report.force  # built once
    nodes = list(tree.walk())
    assert len({n.path for n in nodes}) == len(nodes)  # each part once
    # every mapping of the YAML is a part of the force
    assert sorted(n.path for n in nodes[1:]) == sorted(_mappings(data))
    for node in nodes:
        assert tree.at(node.path) is node
        held = _at(data, node.path)
        assert node.name == (held.get("name") if isinstance(held.get("name"), str) else "")
        assert node.role == next((s for s in reversed(node.path) if isinstance(s, str)), "")
        assert all(c.path[: len(node.path)] == node.path and len(c.path) > len(node.path) for c in node.children)


def test_a_path_no_part_stands_at_finds_nothing():
    tree = check_file(str(ARMIES / "smle-british-rifle-platoon.yaml")).force
    assert tree is not None
    assert tree.at(("platoons", 0, "sections", 1)).kind == "Section"
    assert tree.at(("platoons", 0, "sections", 99)) is None
    assert tree.at(("platoons", 0, "sections")) is None  # a field, not a part
    assert tree.at(("nope",)) is None
    assert tree.at(()) is tree


def test_the_tree_is_immutable():
    tree = check_file(str(ARMIES / "close-action-us-rifle-squads.yaml")).force
    assert tree is not None and isinstance(tree.children, tuple)
    with pytest.raises(AttributeError, match="immutable"):
        tree.children[0].name = "renamed"


def test_the_stamped_roster_is_a_frozen_copy_and_the_rulesets_is_left_as_given():
    report = check_file(str(ARMIES / "noonday-british-company.yaml"))  # platoons priced in parts: subtotals
    own = report.rules.roster(report.army, report)
    before = [u.points for u in own.units]
    stamped = make_roster(report)
    assert any("(subtotal)" in u.points for u in stamped.units)
    assert [u.points for u in own.units] == before and not any("(subtotal)" in p for p in before)
    with pytest.raises(dataclasses.FrozenInstanceError):
        stamped.units[0].points = ""  # type: ignore[misc]  # refused on purpose: a Unit is frozen
    with pytest.raises(dataclasses.FrozenInstanceError):
        stamped.player = "someone"  # type: ignore[misc]


def test_each_cost_hangs_on_the_part_it_prices_in_a_new_tree():
    from listgen.core.value import PRINTED, UnitCost, Valuation

    tree = check_file(str(ARMIES / "bounce-gf-hma-company.yaml")).force
    assert tree is not None
    tree = tree.priced(Valuation("nothing", "points", PRINTED))  # the example's own costs taken off
    stands = [n for n in tree.children if n.role == "stands"]
    valuation = Valuation("test points", "points", PRINTED)
    first, second = UnitCost(stands[0].path, "A", "stand", 10), UnitCost(stands[0].path, "A again", "stand", 12)
    armour = UnitCost(stands[0].path + ("assault_armour",), "its armour", "assault armour", 2)  # no part of its own
    third = UnitCost(stands[1].path, "B", "stand", 3)
    stray = UnitCost(("prepared_positions",), "2 prepared positions", "prepared positions", 8)
    valuation.units += [first, armour, third, second, stray]
    priced = tree.priced(valuation)
    one, two = priced.at(stands[0].path), priced.at(stands[1].path)
    assert one is not None and two is not None
    assert one.costs == (first, armour, second)  # in pricing order
    assert one.cost is second  # its own price: the last, where it is priced twice
    assert one.costs_at(stands[0].path + ("assault_armour",)) == [armour]
    assert two.cost is third and two.costs == (third,)
    assert priced.costs == (stray,) and priced.cost is None  # a place no part stands at hangs on what holds it
    assert list(priced.all_costs()) == [stray, first, armour, second, third]  # the list's order
    assert all(not n.costs for n in tree.walk())  # the tree it was made from is left as it was
    assert [n.path for n in priced.walk()] == [n.path for n in tree.walk()]


def test_each_roster_prints_each_units_price_from_its_node():
    """Every priced unit of every example prints its own price: the rosters read it off the part's node."""
    from listgen.core.value import show

    checked = 0
    for example in EXAMPLES:
        report = check_file(str(example))
        assert report.valuation is not None and report.force is not None
        assert sorted(map(id, report.force.all_costs())) == sorted(map(id, report.valuation.units))  # each once
        for unit in make_roster(report).units:
            node = report.force.at(unit.path) if unit.path is not None else None
            cost = node.cost if node is not None else None
            if cost is not None:
                assert show(cost.total) in unit.points, (example.name, unit.title, unit.points)
                checked += 1
    assert checked > 50


RICH_SMLE = """\
ruleset: smle
name: Every place a team or leader stands
company_leader: {name: Capt A, quality: veteran, weapon: handgun}
platoons:
  - name: P1
    leader: {name: Lt B, quality: trained, weapon: smg}
    command_team: {name: HQ1, quality: trained, figures: [{count: 2, weapon: rifle}]}
    sections:
      - name: S1
        leader: {name: Sgt C, quality: trained, weapon: smg}
        teams:
          - {name: T1, quality: trained, figures: [{count: 4, weapon: rifle}]}
    support_teams:
      - {name: M1, quality: trained, figures: [{count: 2, weapon: rifle}]}
  - name: P2
    leader: {name: Lt D, quality: trained, weapon: smg}
    command_team: {name: HQ2, quality: trained, figures: [{count: 2, weapon: rifle}]}
    sections:
      - {name: S2, teams: [{name: T3, quality: trained, figures: [{count: 4, weapon: rifle}]}]}
sections:
  - name: S3
    leader: {name: Cpl E, quality: green, weapon: rifle}
    teams:
      - {name: T4, quality: trained, figures: [{count: 4, weapon: rifle}]}
teams:
  - {name: Sniper, quality: veteran, leader: {name: Sgt F, quality: veteran, weapon: rifle}, figures: [{count: 1, weapon: rifle}]}
heroes:
  - {name: Hero G, quality: veteran, weapon: smg}
"""


def test_smle_walks_its_teams_sections_and_leaders_on_the_tree():
    """Each place the text gives a team or a leader, as S.M.L.E.'s checks, points and roster name it."""
    from listgen.core.validate import check_text
    from listgen.rulesets.smle.army import all_individuals, all_sections, all_teams

    army = check_text(RICH_SMLE).army
    assert [(p, t.name, place) for p, t, place in all_teams(army)] == [
        (("platoons", 0, "command_team"), "HQ1", "command team"),
        (("platoons", 0, "sections", 0, "teams", 0), "T1", "team"),
        (("platoons", 0, "support_teams", 0), "M1", "support team"),
        (("platoons", 1, "command_team"), "HQ2", "command team"),
        (("platoons", 1, "sections", 0, "teams", 0), "T3", "team"),
        (("sections", 0, "teams", 0), "T4", "team"),
        (("teams", 0), "Sniper", "independent team"),
    ]
    assert [(p, s.name) for p, s in all_sections(army)] == [
        (("platoons", 0, "sections", 0), "S1"),
        (("platoons", 1, "sections", 0), "S2"),
        (("sections", 0), "S3"),
    ]
    assert [(p, i.name, role) for p, i, role in all_individuals(army)] == [  # role by role, each in the list's order
        (("company_leader",), "Capt A", "company leader"),
        (("platoons", 0, "leader"), "Lt B", "platoon leader"),
        (("platoons", 1, "leader"), "Lt D", "platoon leader"),
        (("platoons", 0, "sections", 0, "leader"), "Sgt C", "section leader"),
        (("sections", 0, "leader"), "Cpl E", "section leader"),
        (("teams", 0, "leader"), "Sgt F", "team leader"),
        (("heroes", 0), "Hero G", "hero"),
    ]


def test_a_list_is_one_tree_for_every_part_that_walks_it():
    from listgen.core import force

    report = check_file(str(ARMIES / "smle-british-rifle-platoon.yaml"))
    assert force.of(report.army) is report.force  # the ruleset's walks and the core's share it
    other = check_file(str(ARMIES / "smle-british-rifle-platoon.yaml"))
    assert other.force is not report.force and other.force.values is other.army


RICH_NOONDAY = """\
ruleset: noonday-sun
name: Every place a Noonday leader stands
company_leader: {name: Capt A, quality: veteran, motivation: steady, weapon: revolver}
platoons:
  - name: P1
    leader: {name: Lt B, quality: trained, motivation: steady, weapon: revolver}
    groups:
      - name: G1
        kind: squad
        leader: {name: Sgt C, quality: trained, motivation: steady, weapon: rifle}
        units:
          - name: U1
            quality: trained
            motivation: steady
            leader: {name: Cpl D, quality: trained, motivation: steady, weapon: rifle}
            figures: [{count: 5, weapon: rifle}]
  - name: P2
    leader: {name: Lt E, quality: trained, motivation: steady, weapon: revolver}
    groups:
      - name: G2
        units:
          - {name: U2, quality: trained, motivation: steady, figures: [{count: 5, weapon: rifle}]}
groups:
  - name: G3
    kind: warband
    leader: {name: Induna F, quality: trained, motivation: warriors, weapon: spear}
    units:
      - {name: U3, quality: trained, motivation: warriors, figures: [{count: 8, weapon: spear}]}
units:
  - name: U4
    quality: veteran
    motivation: steady
    leader: {name: Sgt G, quality: veteran, motivation: steady, weapon: rifle}
    figures: [{count: 4, weapon: rifle}]
"""


def test_noonday_walks_its_groups_units_and_leaders_on_the_tree():
    from listgen.core.validate import check_text
    from listgen.rulesets.noonday_sun.army import all_groups, all_leaders, all_units

    army = check_text(RICH_NOONDAY).army
    assert [(p, g.name) for p, g in all_groups(army)] == [
        (("platoons", 0, "groups", 0), "G1"),
        (("platoons", 1, "groups", 0), "G2"),
        (("groups", 0), "G3"),
    ]
    assert [(p, u.name) for p, u in all_units(army)] == [
        (("platoons", 0, "groups", 0, "units", 0), "U1"),
        (("platoons", 1, "groups", 0, "units", 0), "U2"),
        (("groups", 0, "units", 0), "U3"),
        (("units", 0), "U4"),
    ]
    assert [(p, leader.name, role) for p, leader, role in all_leaders(army)] == [  # role by role
        (("company_leader",), "Capt A", "company leader"),
        (("platoons", 0, "leader"), "Lt B", "platoon leader"),
        (("platoons", 1, "leader"), "Lt E", "platoon leader"),
        (("platoons", 0, "groups", 0, "leader"), "Sgt C", "squad leader"),  # a group's leader by its kind
        (("groups", 0, "leader"), "Induna F", "warband leader"),
        (("platoons", 0, "groups", 0, "units", 0, "leader"), "Cpl D", "unit leader"),
        (("units", 0, "leader"), "Sgt G", "unit leader"),
    ]


# --- subtotals --------------------------------------------------------------------------------------------------


def test_a_group_priced_in_two_parts_has_a_subtotal_and_one_in_one_part_has_none():
    from listgen.core.force import Node
    from listgen.core.value import UnitCost, subtotals

    def cost(path, points):
        return UnitCost(path, "x", "team", points)

    team = Node(("platoons", 0, "teams", 0), "Team", "teams", "T", None, (), (cost(("platoons", 0, "teams", 0), 7),))
    two = Node(("platoons", 0), "Platoon", "platoons", "1 Platoon", None, (team,), (cost(("platoons", 0), 5),))
    one = Node(("platoons", 1), "Platoon", "platoons", "2 Platoon", None, (), (cost(("platoons", 1), 9),))
    force = Node((), "List", "", "", None, (two, one))
    assert subtotals(force, "points") == [(("platoons", 0), "1 Platoon", "12 points")]
