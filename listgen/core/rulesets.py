"""The rulesets, and the contract each one keeps with the core: the ``Ruleset`` base a ruleset's package subclasses
and the registry that finds them. The core knows a ruleset only through this module (as mkdocs' core knows its
plugins through ``BasePlugin`` and entry points): no module of the core imports a ruleset's package, and the
rulesets' packages import the core. ``listgen.rulesets`` re-exports it for a ruleset's package to import.

A ruleset is a package (the package's name gives the slug: ``bounce_into_action`` is ``bounce-into-action``).
Its ``__init__`` subclasses ``Ruleset`` below, stating its facts as class attributes, and ends with
``RULESET = TheSubclass(__name__)``. Rulesets are found as mkdocs finds its plugins, through the entry points of
the group ``listgen.rulesets`` (``slug = "package"``): the five built in are registered so in pyproject.toml, and
a club's own ruleset is a distribution of its own that registers itself the same way (docs/developers.md), with
nothing in listgen changed. A package in this folder is also found by looking, so that a source tree run without
installing it (``PYTHONPATH``), or a ruleset dropped into a copy of it, is complete; a built-in slug is never
taken over by an outside package.

Each part is a function of the package's module named beside it below (``value`` is ``points.value``), imported
the first time the part is called, so validating a list never loads the roster, the sheet or the hit tables
(``listgen validate`` stays as fast as importing yaml). ``tables`` holds the rules' numbers, each with its
section. A ruleset whose part works differently overrides the method.

``tests/rulesets/test_ruleset_contract.py`` runs over every ruleset found and checks each part keeps this contract.
"""

from __future__ import annotations

import importlib
import os
from abc import ABCMeta, abstractmethod
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from listgen.core.exceptions import UnknownRulesetError
from listgen.core.findings import Path, did_you_mean

if TYPE_CHECKING:  # the parts' types, named for the type checker only: importing them here would slow validate
    from listgen.core.balance import Balance
    from listgen.core.campaign import CampaignRules
    from listgen.core.catalogue import Entry
    from listgen.core.findings import Findings
    from listgen.core.force import Node
    from listgen.core.inventory import Item
    from listgen.core.matchup import Facing, Spec, Target
    from listgen.core.model import ListHeader
    from listgen.core.odds import Table
    from listgen.core.roster import Roster
    from listgen.core.sheet import Sheet
    from listgen.core.validate import ListReport
    from listgen.core.value import Valuation

_HERE = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "rulesets")  # listgen/rulesets
_BUILT_IN = "listgen.rulesets"
_found: dict[str, str] | None = None

A = TypeVar("A", bound="ListHeader")  # a ruleset's own list model; each ruleset reads its own fields


class Ruleset(Generic[A], metaclass=ABCMeta):
    """What listgen knows of one ruleset: its facts, and the parts that work on its lists. Generic in the ruleset's
    own list model: a package declares ``class SMLE(Ruleset["army.SmleList"])`` and binds its part modules to the
    same model (``contract.bind``), so mypy holds each part to the model the ruleset says it reads."""

    # --- facts, each a class attribute of the subclass: one left out is an abstract attribute, so mypy refuses the
    # package's ``RULESET = TheSubclass(__name__)`` (and Python refuses it at import)
    @property
    @abstractmethod
    def code(self) -> str:
        """Finding codes start with it, e.g. SMLE-TEAM-SIZE."""

    @property
    @abstractmethod
    def title(self) -> str:
        """As printed, e.g. "S.M.L.E."."""

    @property
    @abstractmethod
    def authors(self) -> str: ...

    @property
    @abstractmethod
    def period(self) -> str: ...

    @property
    @abstractmethod
    def dice(self) -> str:
        """The dice it rolls, in a phrase."""

    @property
    @abstractmethod
    def source(self) -> str:
        """The rules text it was transcribed from (in shared/rules/)."""

    @property
    @abstractmethod
    def data_version(self) -> str:
        """The text's edition or date; a list may name the one it was built for."""

    @property
    @abstractmethod
    def points(self) -> str:
        """How a force is valued, in a sentence."""

    borrows: ClassVar[tuple[str, ...]] = ()  # slugs of rulesets whose tables it reads (Noonday Sun's prices)

    def __init__(self, package: str):
        self.package = package
        self.slug = slug_of(package)

    def __repr__(self) -> str:
        return f"Ruleset({self.slug!r})"

    def _module(self, name: str) -> Any:
        """One of the package's modules (army, points, checks, roster, sheet, odds, balance, catalogue), imported
        once. Any: what each holds is checked where the package binds it to ``contract.Parts`` (mypy sees the
        module's own types there); each method below says the type it hands on."""
        return importlib.import_module(f"{self.package}.{name}")

    # --- the list -------------------------------------------------------------------------------------
    @property
    def army_model(self) -> type[A]:
        """The list's model: a ``model.ListHeader`` subclass whose fields are the list's keys. (``army.MODEL``)"""
        model: type[A] = self._module("army").MODEL
        return model

    @property
    def units_noun(self) -> str:
        """What the rules call the units a force fields, plural ("teams", "squads"), for the shared checks.
        (``army.UNITS``)"""
        return str(self._module("army").UNITS)

    @property
    def units_ref(self) -> str:
        """The section that defines those units. (``army.UNITS_REF``)"""
        return str(self._module("army").UNITS_REF)

    def units(self, force: Node) -> Iterable[tuple[Path, str]]:
        """(path, name) of every unit the list fields, in the list's order (the shared checks count them): the
        parts of the force tree that are the ruleset's unit models. (``army.UNIT_MODELS``)"""
        models = self._module("army").UNIT_MODELS
        return [(node.path, node.name) for node in force.walk() if isinstance(node.values, models)]

    def inventory(self, army: A) -> Iterable[Item]:
        """Everything the list holds as ``inventory.Item``s: what a tournament pack's restrictions count.
        (``army.inventory``)"""
        items: Iterable[Item] = self._module("army").inventory(army)
        return items

    def weapons(self) -> list[str]:
        """The weapon names a list may use (for the starter list and the JSON Schema). (``army.weapon_names``)"""
        names: list[str] = self._module("army").weapon_names()
        return names

    # --- verdict and value ----------------------------------------------------------------------------
    def value(self, army: A) -> Valuation:
        """What the force is worth: a cost per unit at the unit's path, with its working, or what is unpriced.
        (``points.value``)"""
        valuation: Valuation = self._module("points").value(army)
        return valuation

    def check(self, army: A, out: Findings, valuation: Valuation) -> None:
        """Report to ``out`` every rule the list breaks that its model cannot say alone, at the key's path.
        (``checks.check``)"""
        self._module("checks").check(army, out, valuation)

    # --- printouts ------------------------------------------------------------------------------------
    def roster(self, army: A, report: ListReport) -> Roster:
        """The force as printed: a ``roster.Unit`` per unit, each with its path, every cost of ``report.valuation``
        shown on the unit at its path (or one holding it). The core stamps it with the verdict; a price left off
        is a ``ContractError``. (``roster.roster``)"""
        roster: Roster = self._module("roster").roster(army, report)
        return roster

    def reference(self, army: A | None) -> Sheet:
        """The quick-reference sheet; tailored to the list's weapons and troops when given one.
        (``sheet.reference``)"""
        sheet: Sheet = self._module("sheet").reference(army)
        return sheet

    def hit_tables(self, army: A | None) -> list[Table]:
        """The hit tables, each computed from the dice (``dice.Dist``); only the list's weapons when given one.
        (``odds.hit_tables``)"""
        tables: list[Table] = self._module("odds").hit_tables(army)
        return tables

    def matchup_tables(self, mine: A, theirs: A) -> list[Table]:
        """What each list's units do to the other's, by range band and cover (``odds.MATCHUP``)."""
        from listgen.core import matchup

        return matchup.both_ways(self._module("odds").MATCHUP, mine, theirs)

    def target_tables(self, mine: A, names: list[str]) -> list[Table]:
        """What the list's units do to the ruleset's named target profiles (``odds.MATCHUP.targets``)."""
        from listgen.core import matchup

        return matchup.at_targets(self._module("odds").MATCHUP, mine, names)

    def catalogue(self, kind: str | None = None) -> list[Entry]:
        """The text's own units a player may add (``catalogue.ENTRIES``); of one kind (a schema title) when given."""
        entries: Iterable[Entry] = self._module("catalogue").ENTRIES
        return [e for e in entries if kind is None or e.kind == kind]

    def facing(self, mine: A, theirs: A, copies: dict[str, int] | None = None) -> Facing:
        """The opponent's summary: what each of their units does to my most common one (``matchup.facing``)."""
        from listgen.core import matchup

        return matchup.facing(self._module("odds").MATCHUP, mine, theirs, copies)

    def matchup_refusal(self) -> str:
        """Why the ruleset gives no matchup ('' when it does)."""
        return str(self._module("odds").MATCHUP.refusal)

    def target_profiles(self) -> dict[str, Target]:
        """name -> the named target profile (``matchup.Target``) a player may fire at without a list."""
        spec: Spec = self._module("odds").MATCHUP
        return {} if spec.refusal else dict(spec.targets)

    def balance_advice(
        self, army_a: A, value_a: Valuation, army_b: A, value_b: Valuation, balance: Balance
    ) -> list[str]:
        """Lines of advice, in the rules' own terms, on evening the two forces of ``listgen balance``.
        (``balance.advice``)"""
        advice: list[str] = self._module("balance").advice(army_a, value_a, army_b, value_b, balance)
        return advice

    def campaign(self) -> CampaignRules | None:
        """What a campaign's events change in a force (``campaign.RULES``), or None where the text gives no
        campaign rules (the package has no ``campaign`` module)."""
        try:
            module = self._module("campaign")
        except ModuleNotFoundError as exc:
            if exc.name != f"{self.package}.campaign":
                raise
            return None
        rules: CampaignRules = module.RULES
        return rules


def slug_of(package: str) -> str:
    """A ruleset's slug: its package's folder name, '_' written '-' (a renamed copy is a ruleset of its own)."""
    return package.rsplit(".", 1)[-1].replace("_", "-")


def _built_in() -> dict[str, str]:
    """slug -> package name, for every package in this folder (found by looking: cheap, so that validating a list
    of a built-in ruleset reads no installed distribution's metadata)."""
    return {
        entry.replace("_", "-"): f"{_BUILT_IN}.{entry}"
        for entry in sorted(os.listdir(_HERE))
        if not entry.startswith(("_", ".")) and os.path.isfile(os.path.join(_HERE, entry, "__init__.py"))
    }


def registered() -> dict[str, str]:
    """slug -> package name, for every entry point of the group ``listgen.rulesets`` whose name is its package's
    slug (a name that is not is left out: the slug a list names must be the package's own, as a list's
    ``ruleset:`` is checked against it)."""
    from importlib.metadata import entry_points

    found: dict[str, str] = {}
    for point in entry_points(group=ENTRY_POINTS):
        package = point.value.split(":")[0].strip()
        if point.name == slug_of(package):
            found.setdefault(point.name, package)
    return found


ENTRY_POINTS = "listgen.rulesets"


def _packages() -> dict[str, str]:
    """slug -> package name: the built-in packages, then every other registered one, by slug."""
    global _found
    if _found is None:
        built_in = _built_in()
        outside = {slug: package for slug, package in registered().items() if slug not in built_in}
        _found = {**built_in, **dict(sorted(outside.items()))}
    return _found


def slugs() -> list[str]:
    return list(_packages())


def get(slug: str) -> Ruleset[ListHeader]:
    """The ruleset for a slug; UnknownRulesetError (with 'did you mean') otherwise. A built-in slug is found
    without reading the installed distributions' entry points.

    Typed ``Ruleset[ListHeader]``: which model a slug's ruleset reads is known only when the slug is (a list names
    it), so the core holds each part to the one thing every model is, a ``ListHeader`` (handing a ruleset the whole
    report, or a list's raw data, where the list belongs is a type error). The list a part is handed is the one
    ``validate`` read with that ruleset's own ``army_model``, so the model is the part's own at run time."""
    found = _found if _found is not None else _built_in()
    if not isinstance(slug, str) or slug not in found:
        found = _packages()
    if not isinstance(slug, str) or slug not in found:
        raise UnknownRulesetError(
            f"unknown ruleset '{slug}'{did_you_mean(str(slug), found)}; supported: {', '.join(found)}"
        )
    try:
        module = importlib.import_module(found[slug])
    except ImportError as exc:  # an outside package registered but broken or half-installed
        raise UnknownRulesetError(
            f"the ruleset '{slug}' is registered (package {found[slug]}) but cannot be imported: {exc}"
        ) from exc
    ruleset = getattr(module, "RULESET", None)
    if not isinstance(ruleset, Ruleset):
        raise UnknownRulesetError(f"the ruleset '{slug}' (package {found[slug]}) has no RULESET = a Ruleset subclass")
    return ruleset
