"""The contract every ruleset keeps with the core (listgen/core/rulesets.py), run over each ruleset found.

Nothing here names a ruleset: a sixth one dropped into listgen/rulesets/ is checked by the same tests
(test_new_ruleset.py runs this module on a copy of the project with a toy ruleset added).
"""

import ast
import importlib
import json
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest
from conftest import ROOT, ruleset_testing

from listgen import rulesets
from listgen.commands.new import starter_list
from listgen.commands.roster import make_roster
from listgen.core.exceptions import ContractError
from listgen.core.inventory import Item
from listgen.core.model import ListHeader
from listgen.core.odds import Table
from listgen.core.roster import Roster, Unit
from listgen.core.sheet import Sheet
from listgen.core.validate import check_file, check_text
from listgen.core.value import Valuation

SLUGS = rulesets.slugs()
FACTS = ("code", "title", "authors", "period", "dice", "source", "data_version", "points")


def examples(ruleset) -> list:
    """The example lists a ruleset's package ships (its ``examples/*.yaml``): the contract reads what it needs from
    the package, never from armies/, so that a package copied or installed on its own is checked whole."""
    folder = Path(str(importlib.import_module(ruleset.package).__file__)).parent / "examples"
    return sorted(folder.glob("*.yaml"))


def node(data, path: tuple):
    """What a path names in the list's data; KeyError/IndexError when it names nothing."""
    for part in path:
        data = data[part]
    return data


@pytest.fixture(scope="module", params=SLUGS)
def ruleset(request):
    return rulesets.get(request.param)


@pytest.fixture(scope="module")
def reports(ruleset):
    """The ruleset's own starter and the examples its package ships."""
    starter = check_text(starter_list(ruleset.slug), f"{ruleset.slug}-starter.yaml")
    return [starter] + [check_file(str(path)) for path in examples(ruleset)]


@pytest.fixture(scope="module")
def priced(reports):
    """An example whose force is priced (a ruleset whose text prints no prices prices one by its points_table)."""
    found = [r for r in reports if r.valuation.units and r.valuation.total]
    assert found, "neither the starter nor an example the package ships is priced (add one to its examples/)"
    return found[0]


def test_facts_are_stated(ruleset):
    for fact in FACTS:
        value = getattr(ruleset, fact)
        assert isinstance(value, str) and value.strip(), f"{ruleset.slug}: {fact} is not stated"
    assert ruleset.code.isupper() and ruleset.slug == ruleset.package.rsplit(".", 1)[1].replace("_", "-")
    assert isinstance(ruleset.units_noun, str) and ruleset.units_noun
    assert isinstance(ruleset.units_ref, str) and ruleset.units_ref
    assert all(b in SLUGS and b != ruleset.slug for b in ruleset.borrows)


def test_the_model_is_a_list_naming_its_ruleset(ruleset):
    model = ruleset.army_model
    assert issubclass(model, ListHeader)
    report = check_text(f"ruleset: {ruleset.slug}\nname: x\n", "x.yaml")
    assert report.ruleset == ruleset.slug


def test_it_has_a_starter_that_is_legal(ruleset, tmp_path):
    text = starter_list(ruleset.slug)
    report = check_text(text, "starter.yaml")
    assert report.ruleset == ruleset.slug and report.legal(), [f.message for f in report.findings]


def test_it_has_legal_examples(ruleset, reports):
    assert reports, f"no example of {ruleset.slug}"
    for report in reports:
        assert report.legal(), (report.file, [f.message for f in report.errors])


def test_units_inventory_and_costs_name_places_in_the_list(ruleset, reports):
    for report in reports:
        data = report.document.data
        units = list(ruleset.units(report.force))
        assert units, f"{report.file}: fields no {ruleset.units_noun}"
        for path, name in units:
            node(data, path)
            assert isinstance(name, str) and name
        for item in ruleset.inventory(report.army):
            assert isinstance(item, Item)
            node(data, item.path)
        valuation = ruleset.value(report.army)
        assert isinstance(valuation, Valuation)
        for cost in valuation.units:
            node(data, cost.path)
            assert isinstance(cost.total, Fraction) and cost.total >= 0


def test_checks_report_to_the_findings_they_are_given(ruleset, reports):
    from listgen.core.findings import Findings

    for report in reports:
        out = Findings(locate=report.document.locate)
        assert ruleset.check(report.army, out, ruleset.value(report.army)) is None
        assert not [f for f in out.items if f.severity == "error"]


def test_the_roster_prints_every_unit_and_every_price(ruleset, reports):
    for report in reports:
        roster = ruleset.roster(report.army, report)
        assert isinstance(roster, Roster) and roster.units
        assert all(isinstance(u, Unit) for u in roster.units)
        for unit in roster.units:
            if unit.path is not None:
                node(report.document.data, unit.path)
        stamped = make_roster(report)
        assert stamped.legal is True and stamped.verdict.startswith("LEGAL") and stamped.ruleset


def test_a_price_the_roster_leaves_off_is_a_contract_error(ruleset, priced, monkeypatch):
    report = priced
    real = type(ruleset).roster

    def forgetful(self, army, report):
        roster = real(self, army, report)
        return replace(roster, units=[replace(unit, points="") for unit in roster.units])

    monkeypatch.setattr(type(ruleset), "roster", forgetful)
    with pytest.raises(ContractError, match="prints no price"):
        make_roster(report)


def test_sheet_and_hit_tables_for_the_ruleset_and_for_a_list(ruleset, reports):
    for army in [None] + [r.army for r in reports]:
        sheet = ruleset.reference(army)
        assert isinstance(sheet, Sheet) and sheet.blocks and sheet.pages >= 1
        assert all(block.ref for block in sheet.blocks), "every block names its source"
        tables = ruleset.hit_tables(army)
        assert tables and all(isinstance(t, Table) for t in tables)
        assert len({t.id for t in tables}) == len(tables)
        json.loads(json.dumps([t.id for t in tables]))


def test_hit_tables_hold_chances(ruleset):
    """Each cell is an exact chance (a Fraction in [0, 1]), an expected count, or a distribution summing to 1."""
    for table in ruleset.hit_tables(None):
        for row in table.cells:
            assert len(row) == len(table.cols), table.id
            for cell in row:
                if isinstance(cell, dict):
                    assert sum(cell.values()) == 1, table.id
                elif isinstance(cell, list):
                    assert all(sum(d.values()) == 1 for d in cell if isinstance(d, dict)), table.id
                elif cell is not None and "expected" not in table.title.lower():
                    assert isinstance(cell, Fraction) and 0 <= cell <= 1, (table.id, cell)


def test_balance_advice_is_lines(ruleset, priced):
    from listgen.core.balance import compare

    a = b = priced
    advice = ruleset.balance_advice(a.army, a.valuation, b.army, b.valuation, compare(a, b))
    assert isinstance(advice, list) and all(isinstance(line, str) for line in advice)


def test_a_ruleset_reads_another_only_if_it_says_it_borrows(ruleset):
    package = Path(rulesets.__file__).parent / ruleset.package.rsplit(".", 1)[1]
    others = {slug.replace("-", "_") for slug in SLUGS} - {package.name}
    read = set()
    for source in package.glob("*.py"):
        for statement in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(statement, ast.ImportFrom) and statement.level == 2 and statement.module:
                read.add(statement.module.split(".")[0])
            if isinstance(statement, ast.ImportFrom) and statement.level == 2 and not statement.module:
                read.update(alias.name for alias in statement.names)
    borrowed = {b.replace("-", "_") for b in ruleset.borrows}
    assert read & others == borrowed, f"{ruleset.slug} reads {read & others}, says it borrows {borrowed}"


def test_the_readme_documents_the_contract():
    readme = (ROOT / "docs" / "developers.md").read_text(encoding="utf-8")  # the developer's guide
    for part in ("army_model", "units", "inventory", "weapons", "value", "check", "roster", "reference",
                 "hit_tables", "balance_advice", "borrows"):  # fmt: skip
        assert f"`{part}" in readme, f"README's Layout does not name the ruleset part {part}"


def test_the_readme_names_every_module():
    readme = (ROOT / "docs" / "developers.md").read_text(encoding="utf-8")  # the developer's guide
    modules = sorted((ROOT / "listgen").glob("*.py")) + sorted((ROOT / "listgen" / "render").glob("*.py"))
    missing = [m.name for m in modules if m.name != "__init__.py" and f"{m.name}" not in readme]
    assert not missing, f"README's Layout does not say what these are: {missing}"


def test_a_contract_error_exits_3_and_build_still_writes_every_other_list(monkeypatch, tmp_path, invoke):
    """Issue 26: a ruleset's broken promise is listgen's bug (exit 3, as the README says), and one list's never
    stops `build` printing the others."""
    import shutil

    from listgen import rulesets as registry

    smle = type(registry.get("smle"))
    real = smle.roster

    def forgetful(self, army, report):
        roster = real(self, army, report)
        return replace(roster, units=[replace(unit, points="") for unit in roster.units])

    monkeypatch.setattr(smle, "roster", forgetful)
    folder = tmp_path / "lists"
    folder.mkdir()
    for name in ("smle-german-section.yaml", "close-action-us-rifle-squads.yaml"):
        shutil.copy(ROOT / "armies" / name, folder / name)
    roster = invoke("roster", folder / "smle-german-section.yaml", "-o", tmp_path / "r.pdf")
    assert roster.exit_code == 3 and "internal error" in roster.output and not (tmp_path / "r.pdf").exists()
    built = invoke("build", folder, "-o", tmp_path / "out")
    assert built.exit_code == 3
    assert (tmp_path / "out" / "close-action-us-rifle-squads-roster.pdf").exists()
    assert not (tmp_path / "out" / "smle-german-section-roster.pdf").exists()


@pytest.mark.slow
def test_mypy_holds_every_ruleset_to_the_contract(tmp_path):
    """Issue 26: each ruleset package binds its part modules to rulesets.contract.Parts under TYPE_CHECKING, so
    mypy fails a part with the wrong signature: here Close Action's roster given a third required argument. Issue
    40: the package's Ruleset is generic in the same model (one declared another fails), and its facts are abstract
    attributes (one left out fails)."""
    import shutil
    import subprocess
    import sys

    for name in sorted(p.name for p in (ROOT / "listgen" / "rulesets").iterdir() if (p / "__init__.py").exists()):
        text = (ROOT / "listgen" / "rulesets" / name / "__init__.py").read_text(encoding="utf-8")
        assert '(Ruleset["army.' in text, f"{name} does not say its list model"
        assert "contract.bind(RULESET, contract.Parts(" in text, f"{name} is not bound to the contract"
    copy = tmp_path / "listgen"
    shutil.copytree(ROOT / "listgen", copy, ignore=shutil.ignore_patterns("__pycache__", "fonts", "static"))
    mypy = [sys.executable, "-m", "mypy", "--config-file", str(ROOT / "pyproject.toml")]
    mypy += ["--cache-dir", str(tmp_path / "cache"), str(copy)]
    whole = subprocess.run(mypy, cwd=tmp_path, capture_output=True, text=True)
    assert whole.returncode == 0, whole.stdout  # the copy as it is passes: the break below is what fails
    roster = copy / "rulesets" / "close_action" / "roster.py"
    source = roster.read_text(encoding="utf-8")
    assert "def roster(army, report) -> Roster:" in source
    roster.write_text(source.replace("def roster(army, report) -> Roster:", "def roster(army, report, x) -> Roster:"))
    broken = subprocess.run(mypy, cwd=tmp_path, capture_output=True, text=True)
    assert broken.returncode == 1 and "close_action/__init__.py" in broken.stdout and "roster" in broken.stdout
    roster.write_text(source)
    # the ruleset says it reads another model than its parts do (Ruleset[A] and Parts[A] are one A)
    init = copy / "rulesets" / "close_action" / "__init__.py"
    package = init.read_text(encoding="utf-8")
    init.write_text(package.replace('Ruleset["army.CloseActionList"]', 'Ruleset["army.ListHeader"]'))
    other = subprocess.run(mypy, cwd=tmp_path, capture_output=True, text=True)
    assert other.returncode == 1 and "close_action/__init__.py" in other.stdout and "bind" in other.stdout, other.stdout
    # a fact left out: the subclass is abstract, and mypy refuses to make its RULESET
    init.write_text(package.replace('    title = "Close Action"\n', ""))
    untitled = subprocess.run(mypy, cwd=tmp_path, capture_output=True, text=True)
    assert untitled.returncode == 1 and 'abstract attribute "title"' in untitled.stdout, untitled.stdout


def test_the_package_says_what_its_tests_need(ruleset):
    """Its testing module: the page's flow (a unit added, a value that breaks a rule of its text, the finding's code
    and where it is reported), the builder's flow, and the entries its starter cannot take (with their codes)."""
    what = ruleset_testing(ruleset.slug)
    assert set(what.PAGE_FLOW) >= {"add", "break", "code", "at"} and what.PAGE_FLOW["code"].startswith(ruleset.code)
    assert what.CATALOGUE_FLOW and all(isinstance(place, tuple) and words for place, words in what.CATALOGUE_FLOW)
    names = {entry.name for entry in ruleset.catalogue()}
    assert set(what.CATALOGUE_PROBLEMS) <= names
    assert all(code.startswith(ruleset.code) for code in what.CATALOGUE_PROBLEMS.values())
