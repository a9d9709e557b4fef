"""Check army lists: load, read against the ruleset's model, run its checks, price it."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from listgen.core import force, rulesets
from listgen.core.exceptions import InputError, ListgenError, UnknownRulesetError
from listgen.core.findings import ERROR, INTERNAL, WARNING, Finding, Findings, Locate, Path
from listgen.core.force import Node
from listgen.core.loader import STDIN, Document, load, parse_edited
from listgen.core.model import ListHeader, parse_army, recover_army_where
from listgen.core.rulesets import Ruleset
from listgen.core.sanitize import one_line
from listgen.core.value import Valuation, check_against_limit, number

# ruleset slug -> the keys a pack imposes on a list of that ruleset (its points_limit, its house costs)
Overrides = Callable[[str], dict[str, Any]]


class ListReport:
    """The verdict on one list file."""

    def __init__(self, file: str, findings: Iterable[Finding] = ()):
        self.file = file
        self.findings = list(findings)
        self.ruleset: str | None = None  # its slug
        self.name: str | None = None
        # the checked model (a ListHeader of its ruleset's own kind), None when the file could not be read as a list.
        # Any: each ruleset's own code reads its own model's fields off it (an SmleList's sections, a NoondayList's
        # groups); the core's own calls take the model parse_army gives, typed, before it is kept here
        self.army: Any = None
        self.valuation: Valuation | None = None
        self.document: Document | None = None
        self._force: Node | None = None

    @property
    def force(self) -> Node | None:
        """The checked list as a tree (``force.Node``), built once, each part with its costs once priced; None
        when it was not read as a list."""
        return self.hold_force()

    def hold_force(self) -> Node | None:
        """Build the list's tree if it is not yet built, and hold it: while the report lives, every part that
        walks the list (``force.of``) walks this one."""
        if self._force is None and self.army is not None:
            self._force = force.of(self.army)
        return self._force

    def price(self, valuation: Valuation) -> None:
        """Keep the list's value, and hang each cost on the part of the tree it prices (``Node.costs``)."""
        self.valuation = valuation
        self._force = force.priced(self.army, valuation)

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == ERROR]

    @property
    def warnings(self) -> list[Finding]:
        return [f for f in self.findings if f.severity == WARNING]

    @property
    def unreadable(self) -> bool:
        """The file could not be read as a list at all (exit code 2)."""
        return any(f.is_input_error for f in self.findings)

    @property
    def rules(self) -> Ruleset[ListHeader]:
        """The ruleset of a list that was read (what every command that prints or prices one has)."""
        if self.ruleset is None:
            raise ListgenError(f"{self.file}: not read as a list, so it has no ruleset")
        return rulesets.get(self.ruleset)

    def legal(self, strict: bool = False) -> bool:
        return not self.errors and not (strict and self.warnings)

    @property
    def points(self) -> float | int | None:
        """The force's value; None when it cannot be known (the text's own prices are missing for part of it)."""
        if self.valuation is None or self.valuation.unknown:
            return None
        return number(self.valuation.total)

    @property
    def points_limit(self) -> int | float | None:
        limit: int | float | None = getattr(self.army, "points_limit", None)
        return limit

    def as_dict(self, strict: bool = False) -> dict[str, Any]:
        return {
            "file": self.file,
            "ruleset": self.ruleset,
            "name": self.name,
            "legal": self.legal(strict),
            "points": self.points,
            "points_partial": bool(self.valuation is not None and self.valuation.partial),
            "points_limit": self.points_limit,
            "findings": [f.as_dict() for f in self.findings],
        }


def check_document(doc: Document, overrides: Overrides | None = None) -> ListReport:
    """Check a loaded list. overrides(ruleset_slug) may return keys imposed on it (a pack's house costs)."""
    report = ListReport(doc.file)
    report.document = doc
    out = Findings(locate=doc.locate)
    data = doc.data
    if not isinstance(data, dict):
        out.error(
            "INPUT-NOT-A-LIST",
            f"an army list is a mapping of keys starting with 'ruleset:', not a {type(data).__name__}",
            (),
        )
        report.findings = out.items
        return report
    if "ruleset" not in data:
        if "event" in data:
            out.error(
                "INPUT-NOT-A-LIST",
                "this is a tournament pack, not an army list: check an event's lists with "
                f"`listgen tournament {doc.file}`",
                (),
            )
        else:
            out.error(
                "INPUT-NO-RULESET",
                "the list does not say its ruleset: start it with 'ruleset: ' and one of "
                f"{', '.join(rulesets.slugs())}",
                (),
            )
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
    imposed = overrides(ruleset.slug) if overrides is not None else {}
    if "points_limit" in imposed:
        own = data.get("points_limit")
        if own is not None and own != imposed["points_limit"]:
            out.info(
                "PACK-LIMIT-APPLIED",
                f"the list says points_limit {one_line(str(own))}; the event's limit of "
                f"{imposed['points_limit']} is the one that applies",
                ("points_limit",),
            )
    data = {**data, **imposed}
    army = parse_army(ruleset.army_model, data, out)
    if army is None:
        out.extend(_checks_despite(ruleset, data, out.items, doc.locate))
    else:
        report.army = army
        report.name = army.name
        report.hold_force()  # before the parts walk it: they share the one tree the report holds
        valuation = ruleset.value(army)
        report.price(valuation)
        ruleset.check(army, out, valuation)
        _shared_checks(ruleset, report, out, event_limit="points_limit" in imposed)
        if army.data_version and army.data_version != ruleset.data_version:
            out.warning(
                "DATA-VERSION",
                f"the list was built for {ruleset.title} data "
                f"'{army.data_version}'; listgen has '{ruleset.data_version}'",
                ("data_version",),
            )
    report.findings = sorted(out.items, key=lambda f: (f.line or 0, f.column or 0))
    return report


def _checks_despite(
    ruleset: Ruleset[ListHeader], data: dict[str, Any], broken: list[Finding], locate: Locate | None
) -> list[Finding]:
    """The rule findings a list that does not read cleanly still gets: its checks run on what does read
    (``recover_army``), keeping only findings about units untouched by the broken keys. A finding about a
    broken unit, anything holding it, or the whole force (its points) could be wrong, so it waits for the fix."""
    army, as_written, stood_in = recover_army_where(ruleset.army_model, data)
    if army is None:
        return []
    # An unknown key is left out (a misspelt one read as meant: 'grenads' as 'grenades', so that no warning of
    # no grenades is invented) and the rest of its unit reads: only what holds that unit may be miscounted.
    # A broken value makes its unit unknown: a required one is stood in (or read from its misspelt key) so that
    # the rest of the list reads, every unreadable value of it reported in one run, and that unit, what holds it
    # and what it holds wait; nothing is said at a place a value stands in.
    holders = [f.path[:-1] for f in broken if f.code == "INPUT-UNKNOWN-KEY"]
    units = [f.path[:-1] for f in broken if f.code != "INPUT-UNKNOWN-KEY"]
    units += [place[:-1] for place in stood_in]

    def invented(path: Path) -> bool:
        return any(tuple(path[: len(place)]) == tuple(place) for place in stood_in)

    def untouched(path: Path) -> bool:
        if not path or path[0] == "points_limit":
            return False
        if any(len(path) < len(h) and h[: len(path)] == path for h in holders):
            return False
        return not any(path[: len(u)] == u or u[: len(path)] == path for u in units)

    found = Findings(locate=None)
    try:
        ruleset.check(army, found, ruleset.value(army))
    except Exception:  # noqa: BLE001 - a check surprised by a half-read list says nothing; the input errors stand
        return []
    out = Findings(locate=locate)
    out.extend(found.relocated(as_written, locate))  # the entries left out shift no finding onto another line
    # A value that does not read (an unknown weapon) does not read whatever else is broken: every one is
    # reported in this run, so that a list is mended in one round, not one typo at a time.
    said = {(f.code, f.path) for f in broken}
    return [
        f
        for f in out.items
        if not invented(f.path)
        and ((f.is_input_error and (f.code, f.path) not in said) or (not f.is_input_error and untouched(f.path)))
    ]


def _shared_checks(ruleset: Ruleset[ListHeader], report: ListReport, out: Findings, event_limit: bool = False) -> None:
    """The rules every ruleset has: a list fields some units, each named once, within its points limit."""
    assert report.army is not None and report.force is not None and report.valuation is not None  # read and priced
    seen: set[str] = set()
    for path, name in ruleset.units(report.force):
        if name in seen:
            out.error(
                f"{ruleset.code}-DUPLICATE-NAME",
                f"two of the list's {ruleset.units_noun} are called '{name}'; "
                "give each its own name (the list, its roster and reports tell them apart by name)",
                path + ("name",),
                ruleset.units_ref,
            )
        seen.add(name)
    if not seen:
        out.error(f"{ruleset.code}-EMPTY", f"the list has no {ruleset.units_noun}", (), ruleset.units_ref)
    check_against_limit(out, report.valuation, report.army.points_limit, ruleset.code, ruleset.title, event_limit)


def check_file(path: str, overrides: Overrides | None = None) -> ListReport:
    """Check one list file; never raises for bad input (it becomes INPUT-* findings)."""
    try:
        doc = load(path)
    except InputError as exc:
        return ListReport(file="<stdin>" if str(path) == STDIN else str(path), findings=[exc.finding])
    return check_document(doc, overrides)


def internal_finding(exc: BaseException, doing: str = "check this list") -> Finding:
    """The finding that stands for a failure of listgen's own on one list, so that the others still go on."""
    return Finding(
        ERROR,
        INTERNAL,
        one_line(
            f"listgen failed to {doing} ({type(exc).__name__}: {exc}); please "
            "report this. Until it can, the list is not passed as legal"
        ),
    )


def check_file_isolated(path: str, overrides: Overrides | None = None) -> ListReport:
    """check_file for one of many lists: a failure of listgen's own becomes that list's finding, not the end of
    the run (a tournament or a build goes on with the other lists)."""
    try:
        return check_file(path, overrides)
    except Exception as exc:  # noqa: BLE001 - isolated on purpose; reported as LISTGEN-INTERNAL
        return ListReport(file=str(path), findings=[internal_finding(exc)])


def check_text(text: str, file: str = "<string>", overrides: Overrides | None = None) -> ListReport:
    """Check a list's text (as check_file, from a string); a text an edit has just read back is not read again."""
    try:
        doc = parse_edited(text, file)
    except InputError as exc:
        return ListReport(file=file, findings=[exc.finding])
    return check_document(doc, overrides)
