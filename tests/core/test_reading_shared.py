"""model.reading_shared and force.building_shared: lists made in code that share most of their values (the
catalogue's copies) read and build what they share once, and every list's report is a fresh check's."""

from __future__ import annotations

import copy

import yaml

from listgen.core import force, model
from listgen.core.loader import Document
from listgen.core.validate import check_document

LIST = """
ruleset: smle
name: Shared
points_limit: 100
platoons:
  - name: 1 Platoon
    leader: {name: Lt. A, quality: veteran, weapon: smg}
    command_team: {name: HQ, quality: trained, figures: [{count: 2, weapon: rifle}]}
    sections:
      - name: 1 Section
        leader: {name: Cpl. B, quality: trained, weapon: smg}
        teams:
          - {name: Bren, quality: trained, figures: [{count: 1, weapon: lmg}, {count: 2, weapon: rifle}]}
          - {name: Broken, quality: trained, figures: [{count: "two", weapon: rifle}], colour: red}
      - name: 2 Section
        leader: {name: Cpl. C, quality: green, weapon: rifle}
        teams:
          - {name: Rifles, quality: green, figures: [{count: 9, weapon: rifle}]}
"""


def _seen(report) -> tuple:
    """What a check says of a list: its findings, its total, and its tree's parts with their costs."""
    valuation = report.valuation
    parts = (
        [(n.path, n.kind, n.role, n.name, [_cost(c) for c in n.costs]) for n in report.force.walk()]
        if report.force
        else None
    )
    return (report.findings, valuation.total if valuation else None, parts)


def _cost(c) -> tuple:
    return (tuple(c.path), c.name, c.kind, c.base, c.multipliers, c.extras, c.ref, c.missing)


def _copies(base: dict) -> list[dict]:
    """Three copies of base, each new along one path (the first section's teams, a team added), the rest shared."""
    copies = []
    for n in range(3):
        data = dict(base)
        data["platoons"] = [dict(base["platoons"][0])]
        sections = base["platoons"][0]["sections"]
        data["platoons"][0]["sections"] = [dict(sections[0]), sections[1]]
        new = {"name": f"New {n}", "quality": "trained", "figures": [{"count": n + 1, "weapon": "rifle"}]}
        data["platoons"][0]["sections"][0]["teams"] = [*sections[0]["teams"], new]
        copies.append(data)
    return copies


def _checked(copies: list[dict]) -> list[tuple]:
    return [_seen(check_document(Document("<copy>", data))) for data in copies]


def test_copies_sharing_values_give_a_fresh_checks_reports():
    copies = _copies(yaml.safe_load(LIST))
    fresh = _checked([copy.deepcopy(data) for data in copies])
    assert any(f.code.startswith("INPUT-") for f in fresh[0][0])  # a shared part that does not read, said each time
    with model.reading_shared(), force.building_shared():
        assert _checked(copies) == fresh


def test_what_copies_share_is_read_and_built_once(monkeypatch):
    base = yaml.safe_load(LIST)
    del base["platoons"][0]["sections"][0]["teams"][1]  # a list that reads (one that does not is read again, leniently)
    copies = _copies(base)
    fresh = _checked([copy.deepcopy(data) for data in copies])
    read: list = []
    real = model.Model.__dict__["_build"].__func__

    def reading(cls, data, path, findings):
        read.append(path)
        return real(cls, data, path, findings)

    monkeypatch.setattr(model.Model, "_build", classmethod(reading))
    built: list = []
    real_node = force._new_node

    def building(values, path, role):
        built.append(path)
        return real_node(values, path, role)

    monkeypatch.setattr(force, "_new_node", building)
    with model.reading_shared(), force.building_shared():
        assert _checked(copies) == fresh
    second = ("platoons", 0, "sections", 1)
    assert read.count(second) == 1 and built.count(second) == 1  # shared by the three copies: once
    assert read.count(("platoons", 0, "sections", 0)) == 3  # new in each copy: read in each
    read.clear()
    built.clear()
    _checked(copies)
    assert read.count(second) == 3 and built.count(second) == 3  # outside them, every time
