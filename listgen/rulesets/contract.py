"""The contract every ruleset package keeps with the core, in types: one Protocol per part module, generic in the
ruleset's own list model. Each package's ``__init__`` binds its modules to ``Parts[its model]`` in an
``if TYPE_CHECKING:`` block, so mypy checks every part's signature of every ruleset (a roster that wants a third
argument fails the type check) and nothing of this is imported when listgen runs: ``validate`` stays as fast.

``Ruleset`` (``__init__``) calls the parts; this module says what they must be.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from listgen.core.balance import Balance
from listgen.core.catalogue import Entry
from listgen.core.findings import Findings
from listgen.core.inventory import Item
from listgen.core.matchup import Spec
from listgen.core.model import ListHeader, Model
from listgen.core.odds import Table
from listgen.core.roster import Roster
from listgen.core.sheet import Sheet
from listgen.core.validate import ListReport
from listgen.core.value import Valuation

from . import Ruleset

A = TypeVar("A", bound=ListHeader)
A_in = TypeVar("A_in", bound=ListHeader, contravariant=True)  # a part that takes the list, and gives none back


class ArmyPart(Protocol[A]):
    """``army``: the list model and what the core counts of it."""

    @property
    def MODEL(self) -> type[A]: ...  # noqa: N802 - the module's constant

    @property
    def UNITS(self) -> str: ...  # noqa: N802

    @property
    def UNITS_REF(self) -> str: ...  # noqa: N802

    @property
    def UNIT_MODELS(self) -> tuple[type[Model], ...]: ...  # noqa: N802 - which parts of the force are its units

    def inventory(self, army: A, /) -> Iterable[Item]: ...

    def weapon_names(self) -> list: ...


class PointsPart(Protocol[A_in]):
    def value(self, army: A_in, /) -> Valuation: ...


class ChecksPart(Protocol[A_in]):
    def check(self, army: A_in, out: Findings, valuation: Valuation, /) -> None: ...


class RosterPart(Protocol[A_in]):
    def roster(self, army: A_in, report: ListReport, /) -> Roster: ...


class SheetPart(Protocol[A_in]):
    def reference(self, army: A_in | None = None, /) -> Sheet: ...


class OddsPart(Protocol[A_in]):
    def hit_tables(self, army: A_in | None = None, /) -> list[Table]: ...

    @property
    def MATCHUP(self) -> Spec: ...  # noqa: N802 - the module's constant


class BalancePart(Protocol[A_in]):
    def advice(
        self, army_a: A_in, value_a: Valuation, army_b: A_in, value_b: Valuation, balance: Balance, /
    ) -> list: ...


class CataloguePart(Protocol):
    """``catalogue``: the text's own units a player may add, each for the kind of entry it is."""

    @property
    def ENTRIES(self) -> list[Entry]: ...  # noqa: N802 - the module's constant


@dataclass
class Parts(Generic[A]):
    """A ruleset package's modules, each held to its part of the contract for the package's own list model."""

    army: ArmyPart[A]
    points: PointsPart[A]
    checks: ChecksPart[A]
    roster: RosterPart[A]
    sheet: SheetPart[A]
    odds: OddsPart[A]
    balance: BalancePart[A]
    catalogue: CataloguePart


def bind(ruleset: Ruleset[A], parts: Parts[A]) -> None:
    """Holds a package's part modules to the list model its ``Ruleset`` subclass declares (called for mypy only, in
    the package's ``if TYPE_CHECKING:`` block): a part that reads another model, or a ruleset that declares another
    model than its parts read, fails the type check."""
