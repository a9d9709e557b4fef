"""Check army lists: load, read against the ruleset's model, run its checks, price it."""

from __future__ import annotations

from . import rulesets
from .exceptions import InputError, UnknownRulesetError
from .findings import ERROR, WARNING, Findings
from .loader import Document, load, parse
from .model import parse_army
from .value import Valuation, check_against_limit, number


class ListReport:
    """The verdict on one list file."""

    def __init__(self, file: str, findings=()):
        self.file = file
        self.findings = list(findings)
        self.ruleset: str | None = None  # its slug
        self.name: str | None = None
        self.army = None  # the checked model, when the file could be read as a list
        self.valuation: Valuation | None = None
        self.document: Document | None = None

    @property
    def errors(self) -> list:
        return [f for f in self.findings if f.severity == ERROR]

    @property
    def warnings(self) -> list:
        return [f for f in self.findings if f.severity == WARNING]

    @property
    def unreadable(self) -> bool:
        """The file could not be read as a list at all (exit code 2)."""
        return any(f.is_input_error for f in self.findings)

    def legal(self, strict: bool = False) -> bool:
        return not self.errors and not (strict and self.warnings)

    @property
    def points(self):
        return number(self.valuation.total) if self.valuation else None

    @property
    def points_limit(self):
        return getattr(self.army, "points_limit", None)

    def as_dict(self, strict: bool = False) -> dict:
        return {
            "file": self.file,
            "ruleset": self.ruleset,
            "name": self.name,
            "legal": self.legal(strict),
            "points": self.points,
            "points_limit": self.points_limit,
            "findings": [f.as_dict() for f in self.findings],
        }


def check_document(doc: Document, overrides=None) -> ListReport:
    """Check a loaded list. overrides(ruleset_slug) may return keys imposed on it (a pack's house costs)."""
    report = ListReport(doc.file)
    report.document = doc
    out = Findings(locate=doc.locate)
    data = doc.data
    if not isinstance(data, dict):
        out.error("INPUT-NOT-A-LIST", "an army list is a mapping of keys starting with 'ruleset:', "
                  f"not a {type(data).__name__}", ())
        report.findings = out.items
        return report
    if "ruleset" not in data:
        if "event" in data:
            out.error("INPUT-NOT-A-LIST", "this is a tournament pack, not an army list: check an event's lists with "
                      f"`listgen tournament {doc.file}`", ())
        else:
            out.error("INPUT-NO-RULESET", "the list does not say its ruleset: start it with 'ruleset: ' and one of "
                      f"{', '.join(rulesets.slugs())}", ())
        report.findings = out.items
        return report
    try:
        ruleset = rulesets.get(data["ruleset"])
    except UnknownRulesetError as exc:
        out.error("INPUT-UNKNOWN-RULESET", str(exc), ("ruleset",))
        report.findings = out.items
        return report
    report.ruleset = ruleset.slug
    if isinstance(data.get("name"), (str, int)):
        report.name = str(data["name"])
    if overrides is not None:
        data = {**data, **overrides(ruleset.slug)}
    army = parse_army(ruleset.army_model, data, out)
    if army is not None:
        report.army = army
        report.name = army.name
        report.valuation = ruleset.value(army)
        ruleset.check(army, out, report.valuation)
        _shared_checks(ruleset, army, report.valuation, out)
        if army.data_version and army.data_version != ruleset.data_version:
            out.warning("DATA-VERSION", f"the list was built for {ruleset.title} data "
                        f"'{army.data_version}'; listgen has '{ruleset.data_version}'", ("data_version",))
    report.findings = sorted(out.items, key=lambda f: (f.line or 0, f.column or 0))
    return report


def _shared_checks(ruleset, army, valuation, out: Findings) -> None:
    """The rules every ruleset has: a list fields some units, each named once, within its points limit."""
    seen = set()
    for path, name in ruleset.units(army):
        if name in seen:
            out.error(f"{ruleset.code}-DUPLICATE-NAME", f"two of the list's {ruleset.units_noun} are called '{name}'; "
                      "give each its own name (the list, its roster and reports tell them apart by name)",
                      path + ("name",), ruleset.units_ref)
        seen.add(name)
    if not seen:
        out.error(f"{ruleset.code}-EMPTY", f"the list has no {ruleset.units_noun}", (), ruleset.units_ref)
    check_against_limit(out, valuation, army.points_limit, ruleset.code, ruleset.title)


def check_file(path: str, overrides=None) -> ListReport:
    """Check one list file; never raises for bad input (it becomes INPUT-* findings)."""
    try:
        doc = load(path)
    except InputError as exc:
        return ListReport(file=str(path), findings=[exc.finding])
    return check_document(doc, overrides)


def check_text(text: str, file: str = "<string>") -> ListReport:
    try:
        doc = parse(text, file)
    except InputError as exc:
        return ListReport(file=file, findings=[exc.finding])
    return check_document(doc)
